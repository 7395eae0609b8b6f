"""The home screen at work: the saved games listed, opened, deleted one at a time or the finished ones at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app import dom
from app.events import ScreenShown
from app.home_screen import HomeData, home_html
from app.setup_form import catalog
from app.storage import StorageError
from engine.registry import GAMES

if TYPE_CHECKING:
    from app.controller import App


class Home:
    """The home screen's own questions: a game about to be deleted, and "Delete the finished games?"."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.pending_delete: str | None = None
        self.confirm_clear = False
        self.timezone = dom.timezone_offset()

    def show(self, focus: str | None = None, refresh: bool = False) -> None:
        """The home screen with the saved games (`refresh`: redrawn in place, as another tab changed them)."""
        app = self.app
        app.events.announce(ScreenShown("home"))
        app.router.screen = "home"
        app.router.mark_open(None)
        listing = app.stored.store.listing()
        for notice in listing.notices:
            app.notices.add("warn", notice)
        last = next((g for g in listing.games if g.id == listing.last_id), None)
        if last is None and listing.games:
            last = next((g for g in listing.games if not g.finished), None)
        data = HomeData(
            games=listing.games,
            last=last,
            damaged=listing.damaged,
            storage_ok=app.stored.storage_ok,
            pending_delete=self.pending_delete,
            timezone_offset=self.timezone,
            unopenable=app.stored.unopenable,
            confirm_clear=self.confirm_clear,
            catalog=[(g.id, g.title, g.min_players, g.max_players, getattr(g, "line", "")) for g in catalog(GAMES)],
        )
        dom.set_html("topbar-extra", "")
        app.notices.draw()
        dom.set_html("screen", home_html(data))
        if not refresh:
            dom.scroll_top()
            app.router.remember("home")
        if focus:
            dom.focus(focus)

    def ask_delete(self, entry_id: str) -> None:
        """Delete: its row asks to confirm."""
        self.pending_delete = entry_id
        self.show(focus=f"[data-cmd='cancel-delete'][data-id='{entry_id}']")

    def cancel_delete(self) -> None:
        """The row's Cancel: nothing is deleted."""
        self.pending_delete = None
        self.show()

    def delete(self, entry_id: str) -> None:
        """Delete a saved game (after the confirm step)."""
        self.pending_delete = None
        try:
            self.app.stored.store.delete(entry_id)
        except StorageError as error:
            self.app.notices.notify("error", str(error))
        self.forget_if_in_play(entry_id)
        self.show(focus="[data-cmd='new']")

    def ask_clear(self, asking: bool) -> None:
        """ "Delete the finished games?" asked (or its Cancel)."""
        self.confirm_clear = asking
        self.show(focus="[data-cmd='cancel-clear']" if asking else "[data-cmd='new']")

    def clear_finished(self) -> None:
        """Delete every finished saved game (after the confirm step)."""
        self.confirm_clear = False
        store = self.app.stored.store
        try:
            for entry in store.listing().games:
                if entry.finished:
                    store.delete(entry.id)
                    self.forget_if_in_play(entry.id)
        except StorageError as error:
            self.app.notices.notify("error", str(error))
        self.show(focus="[data-cmd='new']")

    def forget_if_in_play(self, entry_id: str) -> None:
        """A deleted game that was the one in play is in play no more."""
        saver = self.app.stored.saver
        if saver.entry_id == entry_id:
            saver.forget()
            self.app.friends.end()  # its friends' pages are told
            self.app.table.state = None
