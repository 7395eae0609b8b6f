"""The saved copy of the game in play: autosave with a revision check, and what another tab did to it.

No DOM here (the controller passes the clock and the id maker), so it is tested under CPython.

Two tabs, one game: each write names the revision it replaces, checked and written as one step
across tabs (`SaveStore.put_across_tabs`). When another tab saved the game in between, nothing is
overwritten: if both tabs reached the same position (a computer move made in both) this tab just
takes the stored revision; otherwise this tab's game is kept as a separate copy, so no move of
either tab is lost. A tab that hears (the `storage` event) that its game moved on elsewhere reloads
it before its player can move on a stale position; one that hears its own revision written with
other content (a tab of an older release, which checks on its lagging copy) keeps its game apart.

The writes are coroutines (the browser's check-then-write is an IndexedDB transaction); `save` and
`upgrade_old_save` run them at once for a store that answers at once (tests, the in-memory store).
"""

from __future__ import annotations

import asyncio
import contextlib
import zlib
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

from app.gameview import players_label, turn_label, variant_label
from app.storage import SAVE_PREFIX, ConflictError, SavedGame, SaveStore, StorageError, parse_revision
from engine.core.errors import InvalidSave
from engine.core.game import Game, GameState
from engine.core.save import dumps, loads, peek_format

# How long a tab waits for its copy of localStorage to show the save that beat its own (it arrives within
# milliseconds; past this the tab's game is kept apart all the same, which loses nothing).
CATCH_UP_SECONDS = 2.0
CATCH_UP_STEP = 0.05

T = TypeVar("T")


@dataclass
class Saved:
    """What a save did: the notice to show, if any (kind, text); `follow`: the game moved on in another tab
    while this tab was saving a position it had already stored (show it as it stands there)."""

    notice: tuple[str, str] | None = None
    follow: bool = False


def finish_now(work: Coroutine[Any, Any, T]) -> T:
    """Run a save on a store that answers at once (never waits on the browser) and return its outcome."""
    try:
        work.send(None)
    except StopIteration as done:
        return done.value
    work.close()
    raise RuntimeError("this store's writes do not finish at once: await them")


def mark_of(entry: SavedGame) -> tuple[int, int]:
    """What tells one write of a game from another at the same revision: its time and its save's checksum."""
    return entry.updated, zlib.crc32(entry.save.encode())


class Saver:
    """Which stored game this tab plays, at which revision, and writing it after each move."""

    def __init__(self, store: SaveStore, now_ms: Callable[[], int], new_id: Callable[[], str]) -> None:
        self.store = store
        self.now_ms = now_ms
        self.new_id = new_id
        self.entry_id: str | None = None
        self.revision: int | None = None  # the stored revision this tab's game was read from or written as
        self.failing = False  # the last write failed (storage full or blocked): say so once
        self.mark: tuple[int, int] | None = None  # `mark_of` the entry this tab last read or wrote
        self.written: GameState | None = None  # the state this tab last wrote (nothing new to write)
        self.writing = 0  # saves waiting or under way: another tab's write waits for their outcome
        self.turn = asyncio.Lock()  # one save of this tab at a time, in the order of the moves
        self.friends: dict[int, str] = {}  # the seats of friends on other devices and their invite tokens (stored
        # with the entry, never in the save string: remote play)

    def track_new(self) -> None:
        """A game not stored yet (new, imported, opened from a link): it gets its own id (and no friends' seats)."""
        self.entry_id, self.revision, self.mark, self.written = self.new_id(), None, None, None
        self.friends = {}

    def track(self, entry: SavedGame) -> None:
        """A game opened from storage (with its friends' seats, if any)."""
        self.entry_id, self.revision, self.mark, self.written = entry.id, entry.revision, mark_of(entry), None
        self.friends = {int(seat): token for seat, token in entry.friends.items()}

    def forget(self) -> None:
        """No game in play is stored any more (it was deleted here)."""
        self.entry_id, self.revision, self.mark, self.written = None, None, None, None
        self.friends = {}

    def entry(self, game: Game, state: GameState, entry_id: str) -> SavedGame:
        """The stored entry of a game."""
        view = game.view(state, None)  # a spectator's: no secret reaches the list
        return SavedGame(
            id=entry_id,
            game_id=state.game_id,
            title=game.title,
            players=players_label(game, state, view),
            updated=self.now_ms(),
            turn=turn_label(game, state, view),
            save=dumps(state),
            finished=state.is_over,
            extra={"variant": variant_label(game, state, view)},
            friends={str(seat): token for seat, token in sorted(self.friends.items()) if seat < state.num_players},
        )

    def open_shared(self, state: GameState) -> bool:
        """A game opened from a save string or a link that is already stored here (the very same save): track
        that entry instead of making a second one. True if it was found."""
        text = dumps(state)
        try:
            games = self.store.listing().games
        except StorageError:
            return False
        found = next((entry for entry in games if entry.save == text), None)
        if found is None:
            return False
        self.track(found)
        return True

    def save(self, game: Game, state: GameState) -> Saved:
        """Write the game in play on a store that answers at once (tests, the in-memory store)."""
        return finish_now(self.write(game, state))

    def write_latest(
        self, current: Callable[[], tuple[Game, GameState] | None], time_only: bool = False
    ) -> Coroutine[Any, Any, Saved]:
        """Write the game in play as it stands when this tab's earlier saves are done (one at a time, in order;
        a position already written is not written again). Counted in `writing` from this call on, before the
        write starts, so that another tab's write heard meanwhile waits for its outcome. `time_only`: see
        `write`."""
        self.writing += 1
        return self._write_latest(current, time_only)

    async def _write_latest(self, current: Callable[[], tuple[Game, GameState] | None], time_only: bool) -> Saved:
        """`write_latest`'s work."""
        try:
            async with self.turn:
                now = current()
                if now is None or now[1] is self.written:
                    return Saved(follow=self._behind())
                return await self.write(*now, time_only=time_only)
        finally:
            self.writing -= 1

    async def write(self, game: Game, state: GameState, time_only: bool = False) -> Saved:
        """Write the game in play; a failure gives one notice and the game goes on. `time_only`: the game's
        clock moved on, no move was made (app/game_clock.py): if another tab saved the game meanwhile, or
        deleted it, this write is dropped (that tab's move stands and this tab follows it), never kept apart."""
        if self.entry_id is None:
            return Saved()
        try:
            try:
                await self._put(game, state, self.entry_id, self.revision)
            except ConflictError as conflict:
                if time_only:
                    return Saved(follow=conflict.stored_revision is not None)
                done = await self._settle(game, state, conflict)
                if self.failing:
                    self.failing = False
                return done
        except (StorageError, InvalidSave) as error:
            if self.failing:
                return Saved()
            self.failing = True
            return Saved(("warn", str(error)))
        if self.failing:
            self.failing = False
            return Saved(("info", "Saving works again: the game is saved."))
        return Saved()

    async def _put(self, game: Game, state: GameState, entry_id: str, expected: int | None) -> None:
        """Write `state` as `entry_id` over revision `expected`, and remember it as this tab's."""
        entry = self.entry(game, state, entry_id)
        self.revision = await self.store.put_across_tabs(entry, expected)
        self.entry_id, self.mark, self.written = entry_id, mark_of(entry), state

    async def _settle(self, game: Game, state: GameState, conflict: ConflictError) -> Saved:
        """Another tab wrote (or deleted) this game since this tab read it: keep both, lose nothing."""
        entry_id = self.entry_id or self.new_id()
        if conflict.stored_revision is None:  # deleted in another tab, played on here: store it again
            await self._put(game, state, entry_id, None)
            return Saved(("info", "This game was deleted in another tab; it is saved again, as you played on here."))
        stored = await self._stored_at(entry_id, conflict.stored_revision)
        if stored is not None and stored[1].snapshot() == state.snapshot():
            self.track(stored[0])  # both tabs reached the same position (a computer move)
            self.written = state
            return Saved()
        return await self.save_apart(game, state)

    async def save_apart(self, game: Game, state: GameState) -> Saved:
        """Keep this tab's game as a separate saved game (another tab's moves are in the one it played)."""
        await self._put(game, state, self.new_id(), None)
        return Saved(
            (
                "warn",
                f"This {game.title} game was also played in another tab. So that no move is lost, the game in this "
                "tab is now saved as a separate game; the other tab's game is in your saved games too.",
            )
        )

    async def _stored_at(self, entry_id: str, revision: int) -> tuple[SavedGame, GameState] | None:
        """The stored game once this tab's copy of the store shows `revision` (the write that beat this tab's may
        reach the copy a moment after the refusal); None if it cannot be read or does not arrive."""
        waited = 0.0
        while True:
            stored = self.stored_state(entry_id)
            if stored is None or stored[0].revision >= revision or waited >= CATCH_UP_SECONDS:
                return stored if stored is not None and stored[0].revision >= revision else None
            await asyncio.sleep(CATCH_UP_STEP)
            waited += CATCH_UP_STEP

    def _behind(self) -> bool:
        """True if the store holds a later revision of the game in play than this tab (its event may have come
        while this tab was saving)."""
        if self.entry_id is None or self.revision is None:
            return False
        with contextlib.suppress(StorageError):
            stored = self.store.stored_revision(self.entry_id)
            return stored is not None and stored > self.revision
        return False

    def stored_state(self, entry_id: str) -> tuple[SavedGame, GameState] | None:
        """A stored game and its state, or None if it cannot be read."""
        try:
            entry = self.store.get(entry_id)
            return entry, loads(entry.save)
        except (KeyError, ValueError, StorageError):
            return None

    def newer_elsewhere(self, key: str, value: str | None) -> bool:
        """For a `storage` event: True if another tab wrote a newer revision of the game in play."""
        if self.entry_id is None or key != SAVE_PREFIX + self.entry_id or value is None:
            return False
        stored = parse_revision(value)
        return stored is not None and (self.revision is None or stored > self.revision)

    def overwritten_elsewhere(self, key: str, value: str | None) -> bool:
        """For a `storage` event: True if another tab wrote the game in play at this tab's own revision with other
        content (this tab's last write was replaced: its game must be kept apart)."""
        if self.entry_id is None or key != SAVE_PREFIX + self.entry_id or value is None or self.mark is None:
            return False
        if parse_revision(value) != self.revision:
            return False
        try:
            return mark_of(SavedGame.from_json(value)) != self.mark
        except ValueError:
            return True  # not even a readable game any more: this tab's is kept apart all the same

    def deleted_elsewhere(self, key: str, value: str | None) -> bool:
        """For a `storage` event: True if another tab deleted the game in play."""
        return self.entry_id is not None and key == SAVE_PREFIX + self.entry_id and value is None


def upgrade_old_save(store: SaveStore, entry: SavedGame) -> str | None:
    """`upgrade_across_tabs` on a store that answers at once (tests, the in-memory store)."""
    return finish_now(upgrade_across_tabs(store, entry))


async def upgrade_across_tabs(store: SaveStore, entry: SavedGame) -> str | None:
    """Rewrite a stored format-1 save in today's format, so a later rules change cannot touch it.

    Returns the reason when today's rules cannot open it: such a game is kept as it is (the home
    screen says why it cannot be opened). The write names the revision read, so a game another tab
    is playing is left for that tab to save.
    """
    if peek_format(entry.save) != 1:
        return None
    try:
        state = loads(entry.save)
    except InvalidSave as error:
        return str(error)
    upgraded = SavedGame(**{**entry.__dict__, "save": dumps(state)})
    with contextlib.suppress(StorageError, InvalidSave):  # left as it is: it still opens by replay
        await store.put_across_tabs(upgraded, entry.revision)
    return None
