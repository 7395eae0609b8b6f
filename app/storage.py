"""Saved games in a key-value store (localStorage in the browser, a dict in tests).

Layout: one key per game, `titan-table:save:<id>`, holding a JSON entry (the
save string and what the home screen lists), plus `titan-table:index`, a JSON
list of ids, newest first, and the id of the last game played.

Robustness rules:
- a new save string is checked (its prefix, format and characters) before it
  is written, so a broken string never replaces a good one;
- every entry carries a revision; a write names the revision it replaces and
  is refused (ConflictError) if another tab wrote the game since, so two tabs
  never overwrite each other's moves silently. In the browser the check and the
  write are one step across tabs (`put_across_tabs`, a backend's `commit`: an
  IndexedDB transaction, assets/tab_store.js), since a tab's copy of
  localStorage can lag behind another tab's write;
- the game's own key is written first and the index after it; the listing
  also scans the store for game keys, so a game whose index update failed
  (storage full) is still found;
- an entry is read as untrusted text, every field checked (sizes, dates, the
  save string's shape); one that cannot be read is skipped with a notice,
  never deleted, and the other games are still listed;
- when the store is full or unavailable, the caller gets a clear message and
  the game in memory goes on.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from engine.core.errors import InvalidSave
from engine.core.save import MAX_TEXT, peek_format
from engine.core.untrusted import UntrustedInputError, parse, short

NAMESPACE = "titan-table"
INDEX_KEY = f"{NAMESPACE}:index"
SAVE_PREFIX = f"{NAMESPACE}:save:"
ENTRY_VERSION = 1
MAX_ENTRY = MAX_TEXT + 8_000  # characters of a stored entry we even read
MAX_DATE_MS = 253_402_300_799_999  # 9999-12-31 23:59:59.999, the last moment a date can show
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,40}")
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")  # a friend's invite token (app/remote/host.py)
MAX_SEATS = 8
_REVISION = re.compile(r'\{"revision":(\d{1,15}),')


class StorageError(Exception):
    """Saving failed; the message is for the player."""


class StorageFullError(StorageError):
    """The store refused the write because it is full (QuotaExceededError)."""


class StorageUnavailableError(StorageError):
    """The store cannot be used at all (disabled, private mode, blocked)."""


class ConflictError(StorageError):
    """Another tab saved this game since this tab last read or wrote it; nothing was written."""

    def __init__(self, stored_revision: int | None) -> None:
        super().__init__("This game was changed in another tab.")
        self.stored_revision = stored_revision  # None: the game is no longer stored


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
    revision: int = 0  # how many times the game was written (0: never); another tab's write moves it on
    # The seats played by friends on other devices, each with its invite token ({"1": token}; remote play,
    # docs/remote-play.md): kept with the entry on this device, never in the save string, which may be shared.
    friends: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> str:
        """The stored JSON text (the revision first, so a check before a write can read it cheaply)."""
        data = asdict(self)
        return json.dumps({"revision": data.pop("revision"), **data}, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> SavedGame:
        """Parse a stored entry, every field checked; raises ValueError with a short, readable reason."""
        if not isinstance(text, str) or len(text) > MAX_ENTRY:
            raise ValueError("it is too large to be a saved game")
        try:
            data = parse(text, max_depth=6, max_containers=100)
        except UntrustedInputError as error:
            raise ValueError(str(error)) from None
        if not isinstance(data, dict):
            raise ValueError("it is not a saved-game record")
        try:
            entry = cls(
                id=_typed(data, "id", str, 40),
                game_id=_typed(data, "game_id", str, 40),
                title=_typed(data, "title", str, 80),
                players=[short(p, 64) for p in _typed(data, "players", list, 8)],
                updated=_typed(data, "updated", int, MAX_DATE_MS),
                turn=_typed(data, "turn", str, 80),
                save=_typed(data, "save", str, MAX_TEXT),
                finished=data.get("finished") is True,
                version=_typed(data, "version", int, 1000),
                extra={k: v for k, v in _typed(data, "extra", dict, 20, {}).items() if _is_scalar(v)},
                revision=_typed(data, "revision", int, 2**53, 0),
                friends=_friends(_typed(data, "friends", dict, MAX_SEATS, {})),
            )
        except KeyError as missing:
            raise ValueError(f"its field {short(missing.args[0], 20)!r} is missing or not valid") from None
        if not ID_PATTERN.fullmatch(entry.id):
            raise ValueError("its id is not valid")
        if not all(isinstance(p, str) for p in data["players"]):
            raise ValueError("its players are not names")
        if peek_format(entry.save) is None:
            raise ValueError("its save string is damaged")
        return entry


_MISSING = object()


def _typed(data: dict[str, Any], key: str, kind: type, limit: int, default: Any = _MISSING) -> Any:
    """data[key] if of the expected type and within its limit (length, or range from 0), else KeyError(key).

    A missing key takes `default` when one is given.
    """
    value = data.get(key, _MISSING)
    if value is _MISSING and default is not _MISSING:
        return default
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise KeyError(key)
    if (kind is int and not 0 <= value <= limit) or (kind is not int and len(value) > limit):
        raise KeyError(key)
    return value


def _friends(data: dict[str, Any]) -> dict[str, str]:
    """The friends' seats of a stored entry: seat numbers to invite tokens, each checked (KeyError otherwise)."""
    friends = {}
    for seat, token in data.items():
        if not (seat.isdigit() and len(seat) == 1 and int(seat) < MAX_SEATS):
            raise KeyError("friends")
        if not isinstance(token, str) or not TOKEN_PATTERN.fullmatch(token):
            raise KeyError("friends")
        friends[seat] = token
    return friends


def _is_scalar(value: Any) -> bool:
    """A short JSON scalar (what `extra` may hold)."""
    return value is None or isinstance(value, bool | int | float) or (isinstance(value, str) and len(value) <= 200)


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
            data = parse(raw[:200_000], max_depth=4, max_containers=10)
            order = [i for i in data["order"] if isinstance(i, str) and ID_PATTERN.fullmatch(i)]
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

    def stored_revision(self, game_id: str) -> int | None:
        """The revision of a stored game (None: not stored; -1: stored but unreadable)."""
        raw = self.backend.get(SAVE_PREFIX + game_id)
        if raw is None:
            return None
        found = parse_revision(raw)
        if found is not None:
            return found
        try:
            return SavedGame.from_json(raw).revision
        except ValueError:
            return -1

    def put(self, entry: SavedGame, expected_revision: int | None = None) -> int:
        """Write a game (its own key first, then the index) over `expected_revision`; the new revision.

        `expected_revision` is the revision this tab last read or wrote (None: a game not stored
        yet). If the stored game has another (another tab saved it since), nothing is written and
        ConflictError says what is stored. The save string is checked before anything is written,
        so a good save is never replaced by a broken one. Raises StorageError subclasses.
        """
        _check_save(entry)
        stored = self.stored_revision(entry.id)
        if stored != expected_revision:
            raise ConflictError(stored)
        entry.revision = (expected_revision or 0) + 1
        self.backend.set(SAVE_PREFIX + entry.id, entry.to_json())
        self._put_first(entry.id)
        return entry.revision

    @property
    def across_tabs(self) -> bool:
        """True if writes are checked across tabs by the backend (and so must be awaited); False: they finish at
        once (tests, the in-memory store)."""
        return getattr(self.backend, "commit", None) is not None

    async def put_across_tabs(self, entry: SavedGame, expected_revision: int | None = None) -> int:
        """`put`, with the revision check and the write one step across tabs where the backend can (`commit`).

        Without that (tests, the in-memory store) it is `put`: one tab alone cannot race itself.
        """
        if not self.across_tabs:
            return self.put(entry, expected_revision)
        _check_save(entry)
        entry.revision = (expected_revision or 0) + 1
        await self.backend.commit(  # type: ignore[attr-defined]
            SAVE_PREFIX + entry.id, entry.to_json(), expected_revision, entry.revision
        )
        self._put_first(entry.id)
        return entry.revision

    def _put_first(self, entry_id: str) -> None:
        """The game just saved heads the index (as the last one played)."""
        order, _last, _notice = self._read_index()
        order = [entry_id] + [i for i in order if i != entry_id]
        # The game is saved now; if the index cannot be updated (full), the listing still finds the game's key.
        with contextlib.suppress(StorageError):
            self._write_index(order, entry_id)

    def delete(self, game_id: str) -> None:
        """Remove a game and its index entry."""
        self.backend.remove(SAVE_PREFIX + game_id)
        order, last, _notice = self._read_index()
        order = [i for i in order if i != game_id]
        self._write_index(order, None if last == game_id else last)


def _check_save(entry: SavedGame) -> None:
    """Refuse a damaged save string before anything is written (the app writes only what `dumps` made: a cheap
    check suffices)."""
    if peek_format(entry.save) is None:
        raise InvalidSave("The game could not be saved: its save string is damaged.")


def parse_revision(raw: str) -> int | None:
    """The revision at the head of a stored entry's text (as `SavedGame.to_json` writes it), or None."""
    found = _REVISION.match(raw)
    return int(found.group(1)) if found else None


def format_date(updated_ms: int, offset_minutes: int = 0) -> str:
    """A short local date and time for the saved-game list (offset as JS getTimezoneOffset gives it)."""
    try:
        moment = datetime.fromtimestamp(updated_ms / 1000, UTC) - timedelta(minutes=offset_minutes)
    except (ValueError, OverflowError, OSError):  # a date no clock shows: never let it stop the list
        return "unknown date"
    return moment.strftime("%Y-%m-%d %H:%M")
