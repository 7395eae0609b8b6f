"""The remote-play protocol's messages (version 1, docs/remote-play.md): strict pydantic models, their limits, and
the reading of a message from the other page as untrusted input.

Every message is one JSON object with `v` (the protocol's version) and `t` (its type). A guest's message is read
by the host in the order of the checks' costs: its length, its nesting and containers (C-speed string operations,
engine/core/untrusted.py), `json.loads`, the items in its lists and objects, its version, then its model.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from app.remote.record import SeatRecord
from engine.core.untrusted import UntrustedInputError, check_sizes, parse, short

PROTOCOL = 1  # the protocol's version; a new version is a new number, never a changed meaning of an old one

# A guest's message (read by the host): an action is under 300 characters.
GUEST_TEXT = 4_096
GUEST_DEPTH = 8
GUEST_CONTAINERS = 64
GUEST_ITEMS = 64
# The host's message (read by a guest): a welcome's record holds a whole log.
HOST_TEXT = 4_000_000
HOST_DEPTH = 32
HOST_CONTAINERS = 400_000
HOST_ITEMS = 100_000
HOST_TOTAL = 1_000_000
MESSAGE = 300  # characters of a refusal's message
# A message longer than this goes in parts ("~i/n:" and a slice; a message is JSON, so never starts with "~"):
# at most 64,000 bytes of UTF-8 a part, within every browser's data-channel message size (Chromium: 262,144).
PART = 16_000
TEXT_FIELD = 64  # characters of a token, a release id, a position id
SPARE_CODE = 1_000  # characters of a standing offer's code (a code is about 100 to 160; sdpcode reads 4,000 at most)

Code = Literal[
    "stale", "duplicate", "not_your_turn", "illegal", "bad_message", "too_fast", "no_seat", "not_joined", "seat_taken"
]


class _Message(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    v: int = PROTOCOL


# -- from a guest to the host -------------------------------------------------------------------------------------
class Hello(_Message):
    t: Literal["hello"] = "hello"
    token: str = Field(max_length=TEXT_FIELD)
    release: str = Field(max_length=TEXT_FIELD)


class Act(_Message):
    t: Literal["act"] = "act"
    pos: str = Field(max_length=TEXT_FIELD)
    action: dict[str, Any]


class Undo(_Message):
    t: Literal["undo"] = "undo"
    pos: str = Field(max_length=TEXT_FIELD)


class Ping(_Message):
    t: Literal["ping"] = "ping"
    n: int = Field(ge=0, le=2**53)


class Pong(_Message):
    t: Literal["pong"] = "pong"
    n: int = Field(ge=0, le=2**53)


class Bye(_Message):
    t: Literal["bye"] = "bye"
    message: str = Field(default="", max_length=MESSAGE)


GuestMessage = Annotated[Hello | Act | Undo | Ping | Pong | Bye, Field(discriminator="t")]


# -- from the host to a guest -------------------------------------------------------------------------------------
class Welcome(_Message):
    t: Literal["welcome"] = "welcome"
    seat: int = Field(ge=0, le=5)
    name: str
    game: str
    release: str


class Record(_Message):
    """The position now: the seat's record with its log left out, and the log's lines from `log_from` on (the
    guest keeps the lines before)."""

    t: Literal["record"] = "record"
    pos: str = Field(max_length=TEXT_FIELD)
    record: SeatRecord
    log_from: int = Field(ge=0)
    log: list[str]


class Refused(_Message):
    t: Literal["refused"] = "refused"
    code: Code
    message: str = Field(max_length=MESSAGE)


class Mismatch(_Message):
    t: Literal["mismatch"] = "mismatch"
    protocol: int
    release: str = Field(max_length=TEXT_FIELD)
    message: str = Field(max_length=MESSAGE)


class Spare(_Message):
    """A standing offer made while the friend is connected: its code (app/remote/sdpcode.py). Kept with the token on
    the friend's device, it answers the next join (a reload, a lost network), so that only a reply code has to go
    back to the host."""

    t: Literal["spare"] = "spare"
    code: str = Field(max_length=SPARE_CODE)


HostMessage = Annotated[Welcome | Record | Refused | Mismatch | Spare | Ping | Pong | Bye, Field(discriminator="t")]

_GUEST = TypeAdapter(GuestMessage)
_HOST = TypeAdapter(HostMessage)


class MessageError(ValueError):
    """A message that cannot be read; `str()` is a short sentence that never quotes the message at length."""


class OtherVersionError(MessageError):
    """A message of another protocol version (`version`), or a hello that names it."""

    def __init__(self, version: object, message: str) -> None:
        super().__init__(message)
        self.version = version


def dumps(message: BaseModel) -> str:
    """A message as the text sent on the channel."""
    return json.dumps(message.model_dump(mode="json"), separators=(",", ":"), ensure_ascii=False)


def frames(text: str) -> list[str]:
    """The data-channel messages that carry `text`: itself, or its parts in order."""
    if len(text) <= PART:
        return [text]
    count = -(-len(text) // PART)
    return [f"~{index}/{count}:{text[index * PART : (index + 1) * PART]}" for index in range(count)]


class Joiner:
    """A long message's parts put back together (the channel is ordered and reliable: they come in order)."""

    def __init__(self, limit: int = HOST_TEXT) -> None:
        self.limit = limit
        self.parts: list[str] = []
        self.count = 0

    def feed(self, frame: str) -> str | None:
        """The whole message once its last part is in (None before); MessageError for a part out of place."""
        head, colon, _rest = frame[1:24].partition(":")
        index, slash, count = head.partition("/")
        if not (colon and slash and index.isdigit() and count.isdigit()) or int(count) * PART > self.limit:
            self.parts, self.count = [], 0
            raise MessageError("a part of a message cannot be read")
        if int(index) != len(self.parts) or (self.parts and int(count) != self.count) or int(count) < 2:
            self.parts, self.count = [], 0
            raise MessageError("a part of a message came out of place")
        self.count = int(count)
        self.parts.append(frame[len(head) + 2 :])
        if len(self.parts) < self.count:
            return None
        text = "".join(self.parts)
        self.parts, self.count = [], 0
        return text


def parse_guest(text: object) -> Hello | Act | Undo | Ping | Pong | Bye:
    """A guest's message, read as untrusted input; raises MessageError (OtherVersionError for another version)."""
    data = _read(text, GUEST_TEXT, GUEST_DEPTH, GUEST_CONTAINERS, GUEST_ITEMS, GUEST_ITEMS * GUEST_CONTAINERS)
    _check_version(data)
    try:
        return _GUEST.validate_python(data)  # type: ignore[no-any-return]
    except ValidationError as error:
        raise MessageError(_first_error(error)) from None


def parse_host(text: object) -> Welcome | Record | Refused | Mismatch | Spare | Ping | Pong | Bye:
    """The host's message, as a guest reads it (within limits too: a guest never trusts a page blindly)."""
    data = _read(text, HOST_TEXT, HOST_DEPTH, HOST_CONTAINERS, HOST_ITEMS, HOST_TOTAL)
    if data.get("t") == "mismatch":  # read whatever its version: it says to reload
        text = json.dumps({**data, "v": PROTOCOL})
    _check_version(data)
    try:  # from the text, once its limits are known: strict JSON reads a list as a tuple (a turn: start, heading)
        return _HOST.validate_json(text)  # type: ignore[no-any-return]
    except ValidationError as error:
        raise MessageError(_first_error(error)) from None


def _read(text: object, length: int, depth: int, containers: int, items: int, total: int) -> dict[str, Any]:
    """The JSON object of a message within the limits."""
    if not isinstance(text, str):
        raise MessageError("the message is not text")
    if len(text) > length:
        raise MessageError(f"the message is longer than {length} characters")
    try:
        data = parse(text, max_depth=depth, max_containers=containers)
        check_sizes(data, max_items=items, max_total=total) if isinstance(data, dict | list) else None
    except UntrustedInputError as error:
        raise MessageError(f"the message cannot be read: {error}") from None
    if not isinstance(data, dict):
        raise MessageError("the message is not a JSON object")
    return data


def _check_version(data: dict[str, Any]) -> None:
    """Raise OtherVersionError unless the message is of this protocol's version."""
    version = data.get("v")
    if type(version) is not int or version != PROTOCOL:
        raise OtherVersionError(version, f"the message is of protocol version {short(version, 12)}, not {PROTOCOL}")


def _first_error(error: ValidationError) -> str:
    """The first problem pydantic found, in a few words (never the input at length)."""
    first = error.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(part) for part in first.get("loc", ()))[:60]
    return short(f"{where}: {first.get('msg', 'invalid')}" if where else first.get("msg", "invalid"), 160)
