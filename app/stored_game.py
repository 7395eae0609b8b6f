"""The game in play as stored in this browser: autosave, following what other tabs store, upgrading old saves."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from app import dom
from app.saving import Saver, upgrade_old_save
from app.storage import INDEX_KEY, SAVE_PREFIX, MemoryBackend, SaveStore, StorageError
from engine.core.save import loads

if TYPE_CHECKING:
    from app.controller import App


class StoredGame:
    """The saved-game store, the stored copy of the game in play (`saver`) and the saves this version cannot open.

    The storage itself (keys, damage, a full store, the checks against other tabs' writes) is `app.storage` and
    `app.saving`; this is when the page saves, opens and follows."""

    def __init__(self, app: App) -> None:
        self.app = app
        try:
            self.store = SaveStore(dom.LocalStorageBackend())
            self.storage_ok = True
        except StorageError as error:
            self.store = SaveStore(MemoryBackend())
            self.storage_ok = False
            app.notices.add("warn", str(error))
        self.saver = Saver(self.store, dom.now_ms, dom.random_id)  # the stored copy of the game in play
        self.unopenable: dict[str, str] = {}  # saved games this version cannot open, and why

    def open(self, entry_id: str, quiet: bool = False) -> bool:
        """Open a saved game; one that cannot be opened gives a notice, stays stored, and nothing changes."""
        notify = self.app.notices.notify
        try:
            entry = self.store.get(entry_id)
            state = loads(entry.save)
        except KeyError:
            if not quiet:
                notify("error", "That saved game is no longer stored (it was deleted in another tab?).")
            return False
        except (ValueError, StorageError) as error:
            if not quiet:
                notify("error", f"That saved game cannot be opened: {error} It is kept in your saved games.")
            return False
        self.saver.track(entry)
        self.app.table.begin(state, new_entry=False)
        return True

    def autosave(self) -> None:
        """Save the game in play (checked against what other tabs saved); a failure gives a notice."""
        table, notices = self.app.table, self.app.notices
        if table.game is None or table.state is None:
            return
        before = self.saver.entry_id
        started = dom.perf_now()
        done = self.saver.save(table.game, table.state)
        dom.publish("titanLastSaveMs", dom.perf_now() - started)
        if self.saver.entry_id != before and self.app.router.screen == "game":
            self.app.router.mark_open(self.saver.entry_id or "")
        if done.notice is not None:
            if not self.saver.failing:  # saving works again
                notices.end_lasting()
            notices.notify(*done.notice, lasting=self.saver.failing)

    def on_storage(self, event: Any) -> None:
        """Another tab changed the saved games: follow the game in play there, and keep the list fresh."""
        key, value = dom.storage_change(event)
        screen = self.app.router.screen
        if screen == "game" and self.saver.newer_elsewhere(key, value):
            self.follow_other_tab()
        elif screen == "game" and self.saver.deleted_elsewhere(key, value):
            self.app.notices.notify(
                "warn", "This game was deleted in another tab. It is saved again here if you play on."
            )
        elif (
            screen == "home"
            and self.app.home.pending_delete is None
            and (key.startswith(SAVE_PREFIX) or key == INDEX_KEY)
        ):
            self.app.home.show(refresh=True)

    def follow_other_tab(self) -> None:
        """The game in play moved on in another tab: show it as it is there (its moves are never overwritten)."""
        table = self.app.table
        if self.saver.entry_id is None or table.state is None:
            return
        stored = self.saver.stored_state(self.saver.entry_id)
        if stored is None:
            return
        entry, state = stored
        self.saver.track(entry)
        if state.snapshot() == table.state.snapshot():
            return  # the same position (a computer move made in both tabs)
        self.app.computer.stop()
        table.state = state
        table.last_view = None
        table.render(rolled=False)
        self.app.notices.notify("info", "This game was played on in another tab: here it is as it stands now.")
        self.app.computer.schedule()

    async def upgrade_saves(self) -> None:
        """In the background after start-up: saves of format 1 rewritten in today's format, one a tick."""
        try:
            games = self.store.listing().games
        except StorageError:
            return
        for listed in games:
            await asyncio.sleep(0)
            if listed.id == self.saver.entry_id:
                continue  # the game in play: its autosave writes it in today's format
            try:
                entry = self.store.get(listed.id)
            except (KeyError, ValueError, StorageError):
                continue
            problem = upgrade_old_save(self.store, entry)
            if problem is not None:
                self.unopenable[entry.id] = problem
        if self.unopenable and self.app.router.screen == "home" and self.app.home.pending_delete is None:
            self.app.home.show(refresh=True)
