"""The saved copy of the game in play: autosave with a revision check, and what another tab did to it.

No DOM here (the controller passes the clock and the id maker), so it is tested under CPython.

Two tabs, one game: each write names the revision it replaces (`SaveStore.put`). When another tab
saved the game in between, nothing is overwritten: if both tabs reached the same position (a
computer move made in both) this tab just takes the stored revision; otherwise this tab's game is
kept as a separate copy, so no move of either tab is lost. A tab that hears (the `storage` event)
that its game moved on elsewhere reloads it before its player can move on a stale position.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

from app.gameview import players_label, turn_label, variant_label
from app.storage import SAVE_PREFIX, ConflictError, SavedGame, SaveStore, StorageError, parse_revision
from engine.core.errors import InvalidSave
from engine.core.game import Game, GameState
from engine.core.save import dumps, loads, peek_format


@dataclass
class Saved:
    """What a save did: the notice to show, if any (kind, text)."""

    notice: tuple[str, str] | None = None


class Saver:
    """Which stored game this tab plays, at which revision, and writing it after each move."""

    def __init__(self, store: SaveStore, now_ms: Callable[[], int], new_id: Callable[[], str]) -> None:
        self.store = store
        self.now_ms = now_ms
        self.new_id = new_id
        self.entry_id: str | None = None
        self.revision: int | None = None  # the stored revision this tab's game was read from or written as
        self.failing = False  # the last write failed (storage full or blocked): say so once

    def track_new(self) -> None:
        """A game not stored yet (new, imported, opened from a link): it gets its own id."""
        self.entry_id, self.revision = self.new_id(), None

    def track(self, entry: SavedGame) -> None:
        """A game opened from storage."""
        self.entry_id, self.revision = entry.id, entry.revision

    def forget(self) -> None:
        """No game in play is stored any more (it was deleted here)."""
        self.entry_id, self.revision = None, None

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
        """Write the game in play; a failure gives one notice and the game goes on."""
        if self.entry_id is None:
            return Saved()
        try:
            try:
                self.revision = self.store.put(self.entry(game, state, self.entry_id), self.revision)
            except ConflictError as conflict:
                done = self._settle(game, state, conflict)
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

    def _settle(self, game: Game, state: GameState, conflict: ConflictError) -> Saved:
        """Another tab wrote (or deleted) this game since this tab read it: keep both, lose nothing."""
        entry_id = self.entry_id or self.new_id()
        if conflict.stored_revision is None:  # deleted in another tab, played on here: store it again
            self.revision = self.store.put(self.entry(game, state, entry_id), None)
            return Saved(("info", "This game was deleted in another tab; it is saved again, as you played on here."))
        stored = self.stored_state(entry_id)
        if stored is not None and stored[1].snapshot() == state.snapshot():
            self.revision = stored[0].revision  # both tabs reached the same position (a computer move)
            return Saved()
        title = game.title
        self.entry_id = self.new_id()
        self.revision = self.store.put(self.entry(game, state, self.entry_id), None)
        return Saved(
            (
                "warn",
                f"This {title} game was also played in another tab. So that no move is lost, the game in this "
                "tab is now saved as a separate game; the other tab's game is in your saved games too.",
            )
        )

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

    def deleted_elsewhere(self, key: str, value: str | None) -> bool:
        """For a `storage` event: True if another tab deleted the game in play."""
        return self.entry_id is not None and key == SAVE_PREFIX + self.entry_id and value is None


def upgrade_old_save(store: SaveStore, entry: SavedGame) -> str | None:
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
        store.put(upgraded, entry.revision)
    return None
