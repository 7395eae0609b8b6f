"""Save strings: `TT.1.` + base64url (no padding) of zlib-compressed JSON of a game's start and actions."""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from engine.core.errors import IllegalAction, InvalidSave
from engine.core.game import GameState

_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")

PREFIX = "TT"
VERSION = 1
MAX_TEXT = 200_000  # characters of a save string we even look at
MAX_JSON = 2_000_000  # bytes a save may decompress to (decompression bombs stop here)


def dumps(state: GameState) -> str:
    """The save string of a state: game, rules version, options, seats, seed and actions."""
    from engine.registry import get_game

    game = get_game(state.game_id)
    data = {
        "g": state.game_id,
        "r": game.rules_version,
        "n": state.num_players,
        "o": state.options.model_dump(mode="json"),
        "p": [seat.model_dump(mode="json") for seat in state.seats],
        "s": state.seed,
        "a": [action.model_dump(mode="json") for action in state.history],
    }
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packed = zlib.compress(raw, 9)
    return f"{PREFIX}.{VERSION}." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text: str) -> dict[str, Any]:
    """The JSON inside a save string, checked for shape only; raises InvalidSave."""
    if not isinstance(text, str):
        raise InvalidSave("A save string must be text.")
    text = text.strip()
    if "#" in text:  # a whole share link was pasted: keep the fragment
        text = text.rsplit("#", 1)[1]
    if text.startswith("save="):
        text = text[len("save=") :]
    if not text:
        raise InvalidSave("The save string is empty.")
    if len(text) > MAX_TEXT:
        raise InvalidSave(f"The save string is too long ({len(text)} characters; at most {MAX_TEXT}).")
    parts = text.split(".")
    if len(parts) != 3 or parts[0] != PREFIX:
        raise InvalidSave(f"This is not a Titan Table save string (it should start with “{PREFIX}.{VERSION}.”).")
    if parts[1] != str(VERSION):
        raise InvalidSave(f"This save string has format version {parts[1][:10]!r}; this app reads version {VERSION}.")
    body = parts[2]
    if not _BASE64URL.fullmatch(body):
        raise InvalidSave("The save string is damaged (it has characters a save string never holds).")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise InvalidSave("The save string is damaged (it is not valid base64url).") from None
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON)
        if inflater.unconsumed_tail:
            raise InvalidSave(f"The save string unpacks to more than {MAX_JSON} bytes; it is refused.")
        if not inflater.eof:
            raise InvalidSave("The save string is truncated (its compressed data ends early).")
    except zlib.error:
        raise InvalidSave("The save string is damaged (its compressed data is corrupt).") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise InvalidSave("The save string is damaged (its contents are not valid JSON).") from None
    if not isinstance(data, dict):
        raise InvalidSave("The save string is damaged (unexpected contents).")
    expected = {"g": str, "r": int, "n": int, "o": dict, "p": list, "s": int, "a": list}
    for key, kind in expected.items():
        if not isinstance(data.get(key), kind) or (kind is int and isinstance(data.get(key), bool)):
            raise InvalidSave(f"The save string is damaged (field {key!r} is missing or of the wrong kind).")
    return data


def loads(text: str) -> GameState:
    """Rebuild a game from its save string, replaying and checking every action; raises InvalidSave."""
    from engine.registry import GAMES

    data = decode(text)
    game = GAMES.get(data["g"])
    if game is None:
        raise InvalidSave(f"The save string is for an unknown game {data['g'][:40]!r}.")
    if data["r"] != game.rules_version:
        raise InvalidSave(
            f"The save string was made with rules version {data['r']} of {game.title}; this app has version "
            f"{game.rules_version}."
        )
    try:
        return game.replay(data["n"], data["o"], data["s"], data["p"], data["a"])
    except IllegalAction as error:
        raise InvalidSave(f"The save string holds an illegal action. {error}") from None
    except ValueError as error:
        raise InvalidSave(f"The save string cannot start a game: {error}") from None
    except RecursionError:
        raise InvalidSave("The save string is damaged (nested too deeply).") from None
