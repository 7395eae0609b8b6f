"""Which screen is shown, and the browser's part in it: Back and Forward, a `#save=` link, a reload."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app import dom
from app.storage import StorageError
from engine.core.errors import InvalidSave
from engine.core.save import loads

if TYPE_CHECKING:
    from app.controller import App

SESSION_KEY = "titan-table:open"  # the game open in this tab, so a reload goes straight back to it


class Router:
    """The screen shown (home, setup, game, replay, rules, settings or reply), where Back leads, and this app's
    place in the browser's history."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._screen = "home"
        self.back_to = "home"  # the screen the rules (or setup) screen's Back returns to
        self.following_history = False  # showing a screen for the browser's Back or Forward: no new entry
        self.history_index = 0  # how many of this app's history entries lie before the one shown

    @property
    def screen(self) -> str:
        """The screen shown: home, setup, game, replay, rules, settings, reply (a scanned reply link,
        app/reply_page.py) or join (a friend's page, app/join.py)."""
        return self._screen

    @screen.setter
    def screen(self, value: str) -> None:
        """Another screen: leaving the game screen saves the time its clock counted (app/game_clock.py)."""
        if self._screen == "game" and value != "game":
            self.app.clock.flush()
        leaving_seat = self._screen == "join" and value not in ("join", "rules")
        self._screen = value
        if leaving_seat:  # the friend's page left for another screen: the host is told, the seat waits
            self.app.join.leave()
        self.app.clock.look()

    def open_first(self) -> None:
        """At start-up: a shared link's game, else the game this tab had open: after a reload whatever it was, when
        the site is opened anew only a game that goes on (a finished one stays in the list, home is shown); else
        home."""
        if self.open_from_hash() or self.app.join.reopen():
            return
        open_id = dom.session_get(SESSION_KEY)
        if not (
            open_id and (dom.is_reload() or self.is_unfinished(open_id)) and self.app.stored.open(open_id, quiet=True)
        ):
            self.app.home.show()

    def is_unfinished(self, entry_id: str) -> bool:
        """True when a saved game is stored, readable and not over."""
        try:
            return not self.app.stored.store.get(entry_id).finished
        except (KeyError, ValueError, StorageError):
            return False

    def mark_open(self, entry_id: str | None) -> None:
        """The game open in this tab ('' or None: none), for a reload."""
        dom.session_set(SESSION_KEY, entry_id)

    def open_from_hash(self) -> bool:
        """Open the game of a `#save=...` link (a bad string leaves everything as it was), join the seat of a
        `#join=...` invite (app/join.py), or hand a `#reply=...` link's code to the game in another tab
        (app/reply_page.py)."""
        fragment = dom.location_hash()
        if fragment.startswith("#join="):
            return self.app.join.open_link(fragment)
        if fragment.startswith("#reply="):
            dom.clear_hash()
            self.app.reply.open(fragment)
            return True
        if not fragment.startswith("#save="):
            return False
        dom.clear_hash()
        app = self.app
        try:
            state = loads(fragment[1:])
        except InvalidSave as error:
            app.notices.notify("error", f"The shared link could not be opened: {error}")
            if self.screen == "home" and app.table.state is None:
                app.home.show()
            return app.table.state is not None
        if app.stored.saver.open_shared(state):
            app.table.begin(state, new_entry=False)
            app.notices.notify("info", "Opened the shared game, which was saved here already.")
        else:
            app.table.begin(state, new_entry=True)
            app.notices.notify("info", "Opened the shared game. It is now saved in this browser too.")
        return True

    def remember(self, screen: str) -> None:
        """A browser history entry for the screen now shown, so Back and Forward (Android's back gesture too)
        move between the app's screens; none while following them."""
        if self.following_history:
            return
        entry = {"app": 1, "screen": screen, "game": self.app.stored.saver.entry_id if screen == "game" else None}
        current = dom.history_state()
        if current is not None and all(current.get(key) == value for key, value in entry.items()):
            return
        first = current is None or current.get("app") != 1
        self.history_index = 0 if first else int(current.get("n", 0)) + 1  # type: ignore[union-attr]
        dom.history_push({**entry, "n": self.history_index}, replace=first)

    def on_popstate(self, event: Any) -> None:
        """Back or Forward: show the screen of that history entry."""
        state = dom.event_state(event)
        if state is None or state.get("app") != 1:
            return
        app = self.app
        self.history_index = int(state.get("n", 0))
        self.following_history = True
        try:
            dom.close_dialog("dialog")
            screen = state.get("screen")
            if screen == "game":
                entry_id = state.get("game")
                if entry_id and entry_id != app.stored.saver.entry_id:
                    if not app.stored.open(str(entry_id)):
                        app.home.show()
                elif app.table.state is not None:
                    app.table.resume()
                else:
                    app.home.show()
            elif screen == "setup":  # the form as it was filled, else a new one for the game last shown
                app.new_game.show(app.table.game.id if app.table.game is not None else None)
            elif screen == "rules":
                app.dialogs.open_rules()
            elif screen == "settings":
                app.settings.show()
            elif screen == "replay" and app.table.state is not None:
                app.replay.show(app.replay.index)
            else:
                app.home.show()
        finally:
            self.following_history = False

    def go_back(self) -> None:
        """Leave the rules (or setup) screen for where the player came from: the browser's Back, if it stays here."""
        app = self.app
        if self.back_to == "join" and self.screen == "rules":
            app.join.resume()  # (the friend's page keeps no history entries of its own)
        elif self.history_index > 0:
            dom.history_back()
        elif self.back_to == "game" and app.table.state is not None:
            app.table.resume()
        elif self.back_to == "setup":
            app.new_game.show()
        else:
            app.home.show()
