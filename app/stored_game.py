"""The game in play as stored in this browser: autosave, following what other tabs store, upgrading old saves."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from app import dom
from app.events import DecisionAsked, PositionChanged, PositionReplaced
from app.saving import Saved, Saver, finish_now, upgrade_across_tabs
from app.storage import INDEX_KEY, SAVE_PREFIX, MemoryBackend, SaveStore, StorageError
from engine.core.game import Game, GameState
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
        app.events.subscribe(PositionChanged, lambda event: self.autosave(time_only=event.time_only))

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

    def autosave(self, time_only: bool = False) -> None:
        """Save the game in play (checked against what other tabs saved, in one step with the write: an IndexedDB
        transaction the page waits on, so the save runs as a task after the move is painted). `time_only`: only
        the game's clock moved on (`Saver.write`)."""
        table = self.app.table
        if table.game is None or table.state is None:
            return
        work = self.saver.write_latest(self.current_game, time_only)  # counted as under way from now on
        if not self.store.across_tabs:  # a store that answers at once (no browser storage): written now
            finish_now(self.write_save(work))
            return
        self.app.spawn(self.write_save(work))
        dom.publish("titanSaving", self.saver.writing)

    def current_game(self) -> tuple[Game, GameState] | None:
        """The game in play, for a save that runs once this tab's earlier saves are done."""
        table = self.app.table
        return None if table.game is None or table.state is None else (table.game, table.state)

    async def write_save(self, work: Coroutine[Any, Any, Saved]) -> None:
        """One autosave (`Saver.write_latest`): a failure or a conflict gives a notice."""
        notices, router = self.app.notices, self.app.router
        before = self.saver.entry_id
        started = dom.perf_now()
        try:
            done = await work
        finally:
            dom.publish("titanSaving", self.saver.writing)
        dom.publish("titanLastSaveMs", dom.perf_now() - started)
        if self.saver.entry_id != before and router.screen == "game":
            router.mark_open(self.saver.entry_id or "")
        if done.notice is not None:
            if not self.saver.failing:  # saving works again
                notices.end_lasting()
            notices.notify(*done.notice, lasting=self.saver.failing)
        if done.follow and router.screen == "game" and not self.saver.writing:
            self.follow_other_tab()

    def on_storage(self, event: Any) -> None:
        """Another tab changed the saved games: follow the game in play there, and keep the list fresh."""
        key, value = dom.storage_change(event)
        screen, table = self.app.router.screen, self.app.table
        if screen == "game" and self.saver.writing and self.saver.newer_elsewhere(key, value):
            return  # this tab's save under way meets that write and keeps both (or follows it when done)
        if screen == "game" and self.saver.newer_elsewhere(key, value):
            self.follow_other_tab()
        elif screen == "game" and self.saver.overwritten_elsewhere(key, value) and table.game and table.state:
            self.app.spawn(self.keep_apart(table.game, table.state))
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

    async def keep_apart(self, game: Game, state: GameState) -> None:
        """This tab's last save was written over at its own revision (by a tab of an older release): keep this
        tab's game as a separate saved game."""
        async with self.saver.turn:
            done = await self.saver.save_apart(game, state)
        if self.app.router.screen == "game":
            self.app.router.mark_open(self.saver.entry_id or "")
        if done.notice is not None:
            self.app.notices.notify(*done.notice)

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
        moved = state.history != table.state.history  # the same moves: only the game's clock went on there
        self.app.events.announce(PositionReplaced())
        table.state = state
        table.last_view = None
        table.render(rolled=False)
        if moved:
            self.app.notices.notify("info", "This game was played on in another tab: here it is as it stands now.")
        self.app.events.announce(DecisionAsked(state))

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
            problem = await upgrade_across_tabs(self.store, entry)
            if problem is not None:
                self.unopenable[entry.id] = problem
        if self.unopenable and self.app.router.screen == "home" and self.app.home.pending_delete is None:
            self.app.home.show(refresh=True)
