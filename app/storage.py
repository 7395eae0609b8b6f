"""Saved games in a key-value store (localStorage in the browser, a dict in tests).

Layout: one key per game, `titan-table:save:<id>`, holding a JSON entry (the
save string and what the home screen lists), plus `titan-table:index`, a JSON
list of ids, newest first, and the id of the last game played.

Robustness rules:
- a new save string is checked (it must decode) before it is written, so a
  broken string never replaces a good one;
- the game's own key is written first and the index after it; the listing
  also scans the store for game keys, so a game whose index update failed
  (storage full) is still found;
- an entry that cannot be read is skipped with a notice, never deleted
  silently, and the other games are still listed;
- when the store is full or unavailable, the caller gets a clear message and
  the game in memory goes on.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from engine.core.errors import InvalidSave
from engine.core.save import decode

NAMESPACE = "titan-table"
INDEX_KEY = f"{NAMESPACE}:index"
SAVE_PREFIX = f"{NAMESPACE}:save:"
ENTRY_VERSION = 1


class StorageError(Exception):
    """Saving failed; the message is for the player."""


class StorageFullError(StorageError):
    """The store refused the write because it is full (QuotaExceededError)."""


class StorageUnavailableError(StorageError):
    """The store cannot be used at all (disabled, private mode, blocked)."""


class Backend(Protocol):
    """The few operations of localStorage the app needs."""

    def get(self, key: str) -> str | None:
        """The value of a key, or None."""
        ...

    def set(self, key: str, value: str) -> None:
        """Write a value; raises StorageFullError or StorageUnavailableError."""
        ...

    def remove(self, key: str) -> None:
        """Delete a key (no error if absent)."""
        ...

    def all_keys(self) -> list[str]:
        """Every key in the store."""
        ...


class MemoryBackend:
    """A dict-backed store: for tests, and the fallback when localStorage is unavailable."""

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.data: dict[str, str] = {} if data is None else data
        self.quota = quota

    def get(self, key: str) -> str | None:
        """The value of a key, or None."""
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        """Write a value; raises StorageFullError past the quota (in characters)."""
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFullError("The browser's storage for this page is full.")
        self.data[key] = value

    def remove(self, key: str) -> None:
        """Delete a key (no error if absent)."""
        self.data.pop(key, None)

    def all_keys(self) -> list[str]:
        """Every key in the store."""
        return list(self.data)


@dataclass
class SavedGame:
    """One saved game: its save string and what the home screen shows about it."""

    id: str
    game_id: str
    title: str
    players: list[str]
    updated: int  # milliseconds since the epoch (browser clock)
    turn: str  # e.g. "Round 3", for the list
    save: str
    finished: bool = False
    version: int = ENTRY_VERSION
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        """The stored JSON text."""
        return json.dumps(asdict(self), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> SavedGame:
        """Parse a stored entry; raises ValueError with a readable reason."""
        try:
            data = json.loads(text)
        except ValueError:
            raise ValueError("it is not valid JSON") from None
        if not isinstance(data, dict):
            raise ValueError("it is not a saved-game record")
        try:
            entry = cls(
                id=_typed(data, "id", str),
                game_id=_typed(data, "game_id", str),
                title=_typed(data, "title", str),
                players=[str(p) for p in _typed(data, "players", list)],
                updated=_typed(data, "updated", int),
                turn=_typed(data, "turn", str),
                save=_typed(data, "save", str),
                finished=bool(data.get("finished", False)),
                version=_typed(data, "version", int),
                extra=data.get("extra") if isinstance(data.get("extra"), dict) else {},
            )
        except KeyError as missing:
            raise ValueError(f"its field {missing} is missing or of the wrong kind") from None
        try:
            decode(entry.save)
        except InvalidSave as error:
            raise ValueError(str(error)) from None
        return entry


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    """data[key] if it has the expected type, else KeyError(key)."""
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise KeyError(key)
    return value


@dataclass
class Listing:
    """What the home screen lists: readable games (newest first), damaged keys, and notices."""

    games: list[SavedGame]
    damaged: list[str]
    notices: list[str]
    last_id: str | None


class SaveStore:
    """Saved games on top of a Backend, following the robustness rules in the module docstring."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    # -- index ----------------------------------------------------------------------
    def _read_index(self) -> tuple[list[str], str | None, str | None]:
        """(ids newest first, last id, a notice if the index was damaged)."""
        try:
            raw = self.backend.get(INDEX_KEY)
        except StorageError:
            return [], None, None
        if raw is None:
            return [], None, None
        try:
            data = json.loads(raw)
            order = [str(i) for i in data["order"] if isinstance(i, str)]
            last = data.get("last") if isinstance(data.get("last"), str) else None
            return order, last, None
        except (ValueError, KeyError, TypeError):
            return [], None, "The list of saved games was damaged; it was rebuilt from the games found."

    def _write_index(self, order: list[str], last: str | None) -> None:
        """Write the list of ids and the last game played."""
        self.backend.set(INDEX_KEY, json.dumps({"version": ENTRY_VERSION, "order": order, "last": last}))

    # -- public ---------------------------------------------------------------------
    def listing(self) -> Listing:
        """Every readable saved game, newest first; damaged entries are skipped with a notice."""
        notices: list[str] = []
        order, last, notice = self._read_index()
        if notice:
            notices.append(notice)
        try:
            found = [k[len(SAVE_PREFIX) :] for k in self.backend.all_keys() if k.startswith(SAVE_PREFIX)]
        except StorageError as error:
            return Listing([], [], [str(error)], None)
        ids = [i for i in order if i in found] + [i for i in found if i not in order]
        games: list[SavedGame] = []
        damaged: list[str] = []
        for game_id in ids:
            raw = self.backend.get(SAVE_PREFIX + game_id)
            if raw is None:
                continue
            try:
                entry = SavedGame.from_json(raw)
                if entry.id != game_id:
                    raise ValueError("its id does not match its key")
            except ValueError as error:
                damaged.append(game_id)
                notices.append(f"A saved game could not be read and is skipped ({error}).")
                continue
            games.append(entry)
        games.sort(key=lambda g: g.updated, reverse=True)
        readable = {g.id for g in games}
        return Listing(games, damaged, notices, last if last in readable else None)

    def get(self, game_id: str) -> SavedGame:
        """One saved game; raises ValueError (damaged) or KeyError (absent)."""
        raw = self.backend.get(SAVE_PREFIX + game_id)
        if raw is None:
            raise KeyError(game_id)
        return SavedGame.from_json(raw)

    def put(self, entry: SavedGame) -> None:
        """Write a game (its own key first, then the index); raises StorageError subclasses.

        The save string is checked before anything is written, so a good save
        is never replaced by a broken one.
        """
        decode(entry.save)  # raises InvalidSave: nothing is written
        self.backend.set(SAVE_PREFIX + entry.id, entry.to_json())
        order, _last, _notice = self._read_index()
        order = [entry.id] + [i for i in order if i != entry.id]
        # The game is saved now; if the index cannot be updated (full), the listing still finds the game's key.
        with contextlib.suppress(StorageError):
            self._write_index(order, entry.id)

    def delete(self, game_id: str) -> None:
        """Remove a game and its index entry."""
        self.backend.remove(SAVE_PREFIX + game_id)
        order, last, _notice = self._read_index()
        order = [i for i in order if i != game_id]
        self._write_index(order, None if last == game_id else last)


def format_date(updated_ms: int, offset_minutes: int = 0) -> str:
    """A short local date and time for the saved-game list (offset as JS getTimezoneOffset gives it)."""
    moment = datetime.fromtimestamp(updated_ms / 1000, UTC) - timedelta(minutes=offset_minutes)
    return moment.strftime("%Y-%m-%d %H:%M")
