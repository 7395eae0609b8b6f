"""Mutating real saves field by field and playing on from every one that opens (for `test_save_fuzz.py`).

A save that opens must be a sound game: its invariants hold, every seat's view is drawn, every legal action
of its position applies, play goes on (a short playout), every state of its undo chain is sound the same
way, and a bot's `determinize` gives each seat a sound copy.
"""

from __future__ import annotations

import base64
import copy
import json
import zlib
from collections.abc import Callable, Iterator
from typing import Any

from engine.core import GameState, InvalidSave, Rng, save
from engine.registry import GAMES


def unpack(text: str) -> dict[str, Any]:
    """The data of a save string of any format (format 3's with its preset dictionary)."""
    _prefix, version, body = text.split(".", 2)
    inflater = zlib.decompressobj(15, *save.preset(int(version)))
    return json.loads(inflater.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))


def pack(data: Any) -> str:
    raw = json.dumps(data, separators=(",", ":")).encode()
    return "TT.2." + base64.urlsafe_b64encode(zlib.compress(raw, 6)).decode().rstrip("=")


def play_until(
    game_id: str,
    players: int,
    seed: int,
    wanted: Callable[[GameState], bool],
    *,
    options: dict | None = None,
    at_least: int = 0,
    limit: int = 3000,
) -> GameState:
    """A random game (seat 0 human, the others computer seats) played until `wanted` holds after `at_least`
    moves; the undo chain it has then is kept."""
    game = GAMES[game_id]
    seats = [{"name": "P0"}] + [{"name": f"P{i}", "kind": "ai", "level": 1} for i in range(1, players)]
    state = game.new_game(players, options, seed, seats)
    chooser = Rng(seed)
    for _ in range(limit):
        if state.moves >= at_least and wanted(state):
            return state
        if state.is_over:
            break
        actions = game.legal_actions(state)
        calm = [a for a in actions if getattr(a, "kind", "") not in ("concede", "flee", "accept")]
        state = game.apply(state, chooser.choice(calm or actions))
    raise AssertionError(f"{game_id} seed {seed}: no such position")


def paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every path into a JSON value (containers too)."""
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, (*path, index))


def get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def replaced(data: Any, path: tuple, new: Any) -> Any:
    result = copy.deepcopy(data)
    target = result
    for key in path[:-1]:
        target = target[key]
    if new is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = new
    return result


# Games whose `determinize` keeps the invariants (all of them).
DETERMINIZE_SOUND = {"titan", "titan_dice", "titan_race"}
DELETE = object()
WRONG = [None, True, "", [], {}]


def variants(value: Any, siblings: list[Any], rng: Rng) -> list[Any]:
    """Values a damaged or hostile save might hold instead of `value`: plausible ones first (near numbers,
    another value of the same record, one item more or less), then a wrong type."""
    out: list[Any] = []
    if isinstance(value, bool):
        out.append(not value)
    elif isinstance(value, int):
        out += [value + 1, value - 1, 0, -1, value + 7]
    elif isinstance(value, str):
        out += [other for other in siblings if isinstance(other, str) and other != value][:3]
        out.append("")
    elif isinstance(value, list):
        if value:
            out += [value[1:], value[:-1], [*value, value[0]], list(reversed(value))]
        out.append([])
    elif isinstance(value, dict):
        if value:
            out.append({})
            key = sorted(value)[rng.randrange(len(value))]
            out.append({k: v for k, v in value.items() if k != key})
        out.append(DELETE)
    out += [other for other in siblings if type(other) is type(value) and other != value][:2]
    out.append(WRONG[rng.randrange(len(WRONG))])
    unique: list[Any] = []
    for item in out:
        if item is DELETE or all(
            (item is not seen and item != seen) or type(item) is not type(seen) for seen in unique
        ):
            unique.append(item)
    return unique


def mutations(text: str, rng: Rng, share: float = 1.0, chain: bool = True) -> Iterator[tuple[tuple, str]]:
    """(path, save string) for variants of every field of a save's position (and of its undo chain's
    positions), a `share` of them drawn at random."""
    data = unpack(text)
    roots = [("x",)]
    if chain:
        roots += [("c", index, "x") for index in range(len(data.get("c", [])))]
    for root in roots:
        position = get(data, root)
        leaves = list(paths(position))
        scalars = [get(position, p) for p in leaves if not isinstance(get(position, p), dict | list)]
        for path in leaves:
            if not path:
                continue
            value = get(position, path)
            parent = get(position, path[:-1])
            siblings = list(parent.values()) if isinstance(parent, dict) else list(parent)
            siblings += scalars[rng.randrange(max(1, len(scalars))) :][:3]
            for new in variants(value, siblings, rng):
                if rng.random() < share:
                    yield (*root, *path), pack(replaced(data, (*root, *path), new))


def open_or_refuse(text: str) -> GameState | None:
    try:
        return save.loads(text)
    except InvalidSave as error:
        assert str(error) and len(str(error)) <= save.MAX_MESSAGE
        return None


def check_state(state: GameState, where: str) -> list:
    """A state the engine can go on with; returns its legal actions."""
    game = GAMES[state.game_id]
    problems = game.invariant_violations(state)
    assert problems == [], f"{where}: {problems}"
    for seat in [*range(state.num_players), None]:
        json.dumps(game.view(state, seat))
    legal = game.legal_actions(state)
    assert bool(legal) != state.is_over, f"{where}: {len(legal)} legal actions, over={state.is_over}"
    for action in legal:
        game.describe_action(state, action)
    return legal


def play_on(state: GameState, seed: int, *, playout: int = 30, every_action: bool = True) -> None:
    """Everything a player or a bot may do from an opened save works, and keeps the game sound."""
    game = GAMES[state.game_id]
    legal = check_state(state, "opened")
    if every_action:
        for action in legal:
            after = game.apply(state, action)
            check_state(after, f"after {action!r}")
    rng = Rng(seed)
    node = state
    for step in range(playout):
        if node.is_over:
            break
        node = game.apply(node, rng.choice(game.legal_actions(node)))
        check_state(node, f"playout step {step}")
    undone = state.previous
    depth = 0
    while undone is not None:
        depth += 1
        legal = check_state(undone, f"undo {depth}")
        game.apply(undone, legal[rng.randrange(len(legal))])
        undone = undone.previous
    if not state.is_over and state.game_id in DETERMINIZE_SOUND:
        for seat in range(state.num_players):
            copy_ = game.determinize(state, seat, Rng(seed + seat))
            legal = check_state(copy_, f"determinized for {seat}")
            game.apply_unchecked(copy_, legal[rng.randrange(len(legal))])
            assert game.invariant_violations(copy_) == [], f"determinized for {seat}, then a move"
