"""The app object: its parts wired together, the page's listeners, and the table from each command to its handler.

Rendering is done by the pure modules (screens, gameview, views); the parts below decide what to show and write it
through `app.dom` in a few calls. One click, one keydown and one change listener on #app serve every screen (event
delegation): elements carry `data-action="<index>"` (a legal choice), `data-select="<key>"` (a pick on the board) or
`data-cmd="<name>"` (everything else, looked up in COMMANDS). docs/app.md follows a click from here to the engine
and back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from app import dom
from app.computer_seats import ComputerSeats
from app.dialogs import Dialogs
from app.events import Events
from app.friends import Friends
from app.game_clock import GameClock
from app.home import Home
from app.join import Join
from app.new_game import NewGame
from app.notices import Notices
from app.paint import SCREEN
from app.remote import ice, relay
from app.replay import STEPS, Replay
from app.reply_page import ReplyPage
from app.router import Router
from app.screens import shell_html
from app.settings import Settings
from app.stored_game import StoredGame
from app.table import Table
from engine.registry import GAMES


class App:
    """The one app object: each part holds its own state; the table and the screens announce what happened
    (`events`, app/events.py), and the parts that follow it subscribe as they are made, in this order."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Future[Any]] = set()  # running tasks, referenced until they finish (then dropped)
        self.events = Events()  # what happened in the page, announced to the parts that follow it
        self.clock = GameClock(self)  # Battle Titan's clock: the time the game is on screen
        self.notices = Notices(self)
        self.stored = StoredGame(self)  # (a storage that cannot be used says so in a notice)
        self.router = Router(self)
        self.home = Home(self)
        self.new_game = NewGame(self)
        self.table = Table(self)
        self.computer = ComputerSeats(self)
        self.friends = Friends(self)  # friends on other devices: the host's session and the Friends panel
        self.replay = Replay(self)
        self.dialogs = Dialogs(self)
        self.settings = Settings(self)  # the STUN and TURN servers remote play may use
        self.reply = ReplyPage(self)  # a scanned reply link handed to the game in another tab
        self.join = Join(self)  # a friend's page: a seat of a game hosted on another device

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run `work` on the page's event loop, keeping it referenced while it runs (the loop holds only a weak
        reference) and no longer: a long game starts thousands (a notice's timer, each computer turn, each save)."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def start(self) -> None:
        """Draw the frame, wire the listeners, open a shared link, the game open before a reload, or home."""
        root = dom.app_root()
        root.innerHTML = shell_html()
        dom.listen(root, "pointerdown", self.table.on_pointerdown)
        dom.listen(root, "click", self.on_click)
        dom.listen(root, "keydown", self.on_keydown)
        dom.listen(root, "change", self.on_change)
        dom.listen(dom.window(), "hashchange", lambda _event: self.router.open_from_hash())
        dom.listen(dom.window(), "storage", self.stored.on_storage)
        dom.listen(dom.window(), "popstate", self.router.on_popstate)
        dom.listen(dom.window().document, "visibilitychange", self.clock.on_visibility)
        dom.listen(dom.window(), "pagehide", self.clock.on_visibility)
        ice.bind(self.stored.store.backend)  # the player's STUN/TURN servers, stored with the saved games
        relay.use(dom.broadcast_channel)  # reply codes handed between this browser's tabs
        dom.listen(dom.window(), "pagehide", lambda _event: self.join.page_hidden())
        if not GAMES:
            raise RuntimeError("No game is installed (the engine registry is empty).")
        self.router.open_first()
        dom.publish("titanApp", True)
        self.publish_loaded_games()
        dom.titan_ready()
        self.spawn(self.stored.upgrade_saves())

    def publish_loaded_games(self) -> None:
        """Tell tests which game packages are imported (each only once a game of it is chosen or opened)."""
        dom.publish("titanGamesLoaded", [game_id for game_id in GAMES if GAMES.is_loaded(game_id)])

    # -- the listeners ---------------------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        """The one click handler: a choice, a pick on the board, or a command."""
        if self.router.screen == "game":
            rolling = dom.query(dom.element("board"), ".rolling")
            if rolling is not None:  # a click anywhere skips the dice animation
                rolling.classList.remove("rolling")
                SCREEN.forget()  # (the board changed in the page: written whole next time)
        found = dom.closest_command(event)
        if found is None:
            return
        kind, value, node = found
        if self.router.screen == "join" and kind in ("action", "select"):
            event.preventDefault()
            if kind == "action":
                self.join.press(value, node, touch=self.table.touch)
            else:
                self.join.select(value)
        elif kind == "action":
            event.preventDefault()
            if self.table.touch and not self.table.confirmed(value, node):
                return
            self.table.play_index(value)
        elif kind == "select":
            event.preventDefault()
            self.table.select(value)
        else:
            self.command(value, node, event)

    def on_keydown(self, event: Any) -> None:
        """Enter or Space on a focusable non-button element (SVG choices) acts like a click; in a replay, the
        arrow keys step back and forward (Home and End jump)."""
        key = str(event.key)
        target = dom.event_target(event)
        tag = str(target.tagName).upper() if target is not None else ""
        if self.router.screen == "replay" and key in STEPS and tag not in ("INPUT", "SELECT", "TEXTAREA"):
            event.preventDefault()
            self.replay.step(STEPS[key])
            return
        if key not in ("Enter", " ") or tag in ("BUTTON", "INPUT", "SELECT", "TEXTAREA", "A"):
            return
        found = dom.closest_command(event)
        if found is None:
            return
        event.preventDefault()
        kind, value, node = found
        if self.router.screen == "join" and kind in ("action", "select"):
            if kind == "action":
                self.join.press(value, node)
            else:
                self.join.select(value)
        elif kind == "action":
            self.table.play_index(value)
        elif kind == "select":
            self.table.select(value)
        else:
            self.command(value, node, event)

    def on_change(self, event: Any) -> None:
        """Setup form: a change of game, player count or seat kind redraws the form; the replay's slider moves."""
        target = dom.event_target(event)
        if self.router.screen == "replay" and target is not None and str(target.id) == "replay-slider":
            self.replay.slide(str(target.value))
        elif self.router.screen == "setup" and target is not None and target.hasAttribute("data-refresh"):
            self.new_game.refresh(str(target.id))

    def command(self, name: str, node: Any, event: Any) -> None:
        """Carry out a data-cmd (an unknown one, or one missing the data-id it needs, does nothing)."""
        handler = COMMANDS.get(name)
        if handler is not None:
            handler(self, Pressed(name, node, event))


@dataclass(frozen=True)
class Pressed:
    """The element a command came from, and the event."""

    name: str
    node: Any
    event: Any

    @property
    def item_id(self) -> str:
        """Its data-id (a saved game's id, a choice's index), '' if none."""
        return dom.attribute(self.node, "data-id") or ""

    @property
    def game_id(self) -> str | None:
        """Its data-game, when it names an installed game (a game's card on the home screen)."""
        chosen = dom.attribute(self.node, "data-game")
        return chosen if chosen in GAMES else None


def _home(app: App, pressed: Pressed) -> None:
    pressed.event.preventDefault()  # the brand is a link to '#'
    app.home.show()


def _with_id(handler: Callable[[App, str], None]) -> Callable[[App, Pressed], None]:
    """A command acting on its data-id, ignored without one."""

    def run(app: App, pressed: Pressed) -> None:
        if pressed.item_id:
            handler(app, pressed.item_id)

    return run


def _with_seat(handler: Callable[[App, int], None]) -> Callable[[App, Pressed], None]:
    """A command acting on the seat its data-id names, ignored without a seat number."""

    def run(app: App, pressed: Pressed) -> None:
        if pressed.item_id.isdigit() and len(pressed.item_id) == 1:
            handler(app, int(pressed.item_id))

    return run


# Every data-cmd the page draws, and what it does.
COMMANDS: dict[str, Callable[[App, Pressed], object]] = {
    # screens
    "home": _home,
    "new": lambda app, p: app.new_game.show(p.game_id),
    "start": lambda app, p: app.new_game.start(),
    "rules": lambda app, p: app.dialogs.open_rules(p.game_id),
    "back": lambda app, p: app.router.go_back(),
    # the saved games on the home screen
    "open": _with_id(lambda app, entry_id: app.stored.open(entry_id)),
    "delete": _with_id(lambda app, entry_id: app.home.ask_delete(entry_id)),
    "cancel-delete": lambda app, p: app.home.cancel_delete(),
    "confirm-delete": _with_id(lambda app, entry_id: app.home.delete(entry_id)),
    "clear-finished": lambda app, p: app.home.ask_clear(True),
    "cancel-clear": lambda app, p: app.home.ask_clear(False),
    "confirm-clear": lambda app, p: app.home.clear_finished(),
    # the game at the table
    "undo": lambda app, p: app.table.undo(),
    "reveal": lambda app, p: app.table.reveal(),
    "confirm-choice": lambda app, p: (app.join.confirm if app.router.screen == "join" else app.table.confirm_choice)(
        p.item_id
    ),
    "toggle-choices": lambda app, p: app.table.toggle_choices(p.node),
    # friends on other devices (the host's Friends panel)
    "friend-invite": _with_seat(lambda app, seat: app.friends.invite(seat)),
    "friend-copy": _with_seat(lambda app, seat: app.friends.copy(seat)),
    "friend-reply": _with_seat(lambda app, seat: app.friends.reply(seat)),
    "friend-to-computer": _with_seat(lambda app, seat: app.friends.to_computer(seat)),
    "friend-back": _with_seat(lambda app, seat: app.friends.back(seat)),
    "friend-seat": _with_seat(lambda app, seat: app.friends.add_seat(seat)),
    # the computer's help
    "hint": lambda app, p: app.computer.ask_hint(),
    "fight-for-me": lambda app, p: app.computer.start_stand_in(),
    "stop-stand-in": lambda app, p: app.computer.stop_pressed(),
    # the replay
    "replay": lambda app, p: app.replay.show(),
    "replay-exit": lambda app, p: app.replay.leave(),
    "replay-start": lambda app, p: app.replay.to(0),
    "replay-back": lambda app, p: app.replay.step(-1),
    "replay-forward": lambda app, p: app.replay.step(1),
    "replay-end": lambda app, p: app.replay.to(len(app.replay.states) - 1),
    # a friend's page (app/join.py)
    "join-copy": lambda app, p: app.spawn(app.join.copy()),
    "join-again": lambda app, p: app.join.again(),
    "join-undo": lambda app, p: app.join.undo(),
    "join-reload": lambda app, p: dom.window().location.reload(),
    # dialogs and notices
    "share": lambda app, p: app.dialogs.show_share(),
    "copy-save": lambda app, p: app.spawn(app.dialogs.copy("save")),
    "copy-link": lambda app, p: app.spawn(app.dialogs.copy("link")),
    "import": lambda app, p: app.dialogs.show_import(),
    "import-submit": lambda app, p: app.dialogs.import_from_dialog(),
    "close-dialog": lambda app, p: app.dialogs.close(),
    "dismiss": lambda app, p: app.notices.clear(),
    # settings: the STUN and TURN servers of remote play; a scanned reply link
    "settings": lambda app, p: app.settings.show(),
    "ice-add": lambda app, p: app.settings.add(),
    "ice-remove": _with_id(lambda app, url: app.settings.remove(url)),
    "ice-public": lambda app, p: app.settings.toggle_public(),
    "show-page-qr": lambda app, p: app.spawn(app.settings.show_page_qr()),
    "copy-reply": lambda app, p: app.spawn(app.reply.copy()),
}
