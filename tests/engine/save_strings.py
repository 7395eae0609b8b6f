"""Save strings in tests, for every game: packed and unpacked by hand, loaded and checked sound, and the JSON of
a save walked and altered value by value."""

from __future__ import annotations

import base64
import copy
import json
import time
import zlib
from collections.abc import Iterator
from typing import Any

from engine.core import GameState, InvalidSave, save
from engine.registry import GAMES

LIMIT_SECONDS = 2.0  # CPU seconds (a hostile save must not hang the page); the CPU time a busy machine does not inflate


def pack(data: Any, version: int = 2, level: int = 6) -> str:
    """A save string of this format holding `data` (JSON, or raw bytes), compressed at `level`."""
    raw = json.dumps(data, separators=(",", ":")).encode() if not isinstance(data, bytes) else data
    game = data.get("g", "") if isinstance(data, dict) else ""  # format 4: the game's own dictionary
    packer = zlib.compressobj(level, zlib.DEFLATED, 15, 8, zlib.Z_DEFAULT_STRATEGY, *save.preset(version, game))
    return f"TT.{version}." + base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")


def unpack(text: str) -> dict[str, Any]:
    """The data of a save string of any format (formats 3 and 4 with their preset dictionaries)."""
    _prefix, version, body = text.split(".", 2)
    packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    inflater = zlib.decompressobj(15, *save.preset_of(int(version), packed))
    return json.loads(inflater.decompress(packed))


def attempt(text: Any) -> GameState | None:
    """Load `text`: a sound state, or None after an InvalidSave; anything else fails the test."""
    started = time.process_time()
    try:
        state = save.loads(text)
    except InvalidSave as error:
        message = str(error)
        assert message and len(message) <= save.MAX_MESSAGE
        state = None
    elapsed = time.process_time() - started
    assert elapsed < LIMIT_SECONDS, f"took {elapsed:.2f} s"
    if state is not None:
        check_sound(state)
    return state


def check_sound(state: GameState) -> None:
    """A loaded game is one the engine can go on with."""
    game = GAMES[state.game_id]
    assert game.invariant_violations(state) == []
    for seat in [*range(state.num_players), None]:
        json.dumps(game.view(state, seat))
    legal = game.legal_actions(state)
    assert bool(legal) != state.is_over
    if legal:
        game.apply(state, legal[0])
    assert save.loads(save.dumps(state)) == state


def leaves(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every path into a JSON value (containers too), the log's lines excepted after the first three."""
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from leaves(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value[:3] if path == ("l",) else value):
            yield from leaves(child, (*path, index))


def replaced(data: Any, path: tuple, new: Any) -> Any:
    """A copy of the JSON value `data` with the value at `path` replaced by `new`."""
    result = copy.deepcopy(data)
    if not path:
        return new
    target = result
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return result


WRONG = [None, True, -1, 2**70, 0.5, "", "x" * 3000, [], {}, [0] * 3, {"kind": "x"}]
