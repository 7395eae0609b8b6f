"""Seeded games of every game at every computer level, each reduced to a fingerprint: the number of actions, a hash
of their sequence and a hash of the final snapshot. A refactor that must leave play unchanged is checked by it:

    .venv/bin/python scripts/play_fingerprint.py --check docs/fingerprints/play.json

prints each game that differs from the stored run and exits 1 if any does. To store a new run (only when play is
meant to change):

    .venv/bin/python scripts/play_fingerprint.py > docs/fingerprints/play.json

The levels of a game are those `engine.core.bots` makes for it: the random level 0, the scripted baseline -1, the
levels the game offers (`bot_levels`), and for Titan the trial levels of engine/titan/ai (the club player, and
Standard by the standard values in Battle Titan). Every seat of a game plays at the same level, each with its own
seed; a game runs to its end or to its cap of actions (`CAPS`, chosen so that the whole run takes about 20 s of
CPython on a quiet core). tests/engine/test_play_fingerprint.py checks the quick games in every run of the tests
and all of them under the `slow` marker:

    .venv/bin/python -m pytest -n 0 -m slow tests/engine/test_play_fingerprint.py
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.bots import BASELINE, bot_levels, make_bot
from engine.registry import get_game

STORED = Path(__file__).resolve().parents[1] / "docs" / "fingerprints" / "play.json"

# Titan's trial levels, not offered in the app (engine/titan/ai: CLUB, STANDARD_VALUES); named here by number so
# that this script's list does not move when the computer players do.
TITAN_CLUB = 12
TITAN_STANDARD_VALUES = 11

# (game id, options, players): one seeded game of each at each of its levels.
SETUPS: list[tuple[str, dict[str, object], int]] = [
    ("titan_dice", {}, 2),
    ("titan_dice", {}, 1),
    ("titan_race", {}, 3),
    ("titan", {"variant": "standard"}, 2),
    ("titan", {"variant": "standard"}, 3),
    ("titan", {"variant": "battle"}, 2),
    ("born_of_titans", {}, 2),
    ("born_of_titans", {}, 3),
]

# Actions a game plays at most, by game id and level (the default by game id, then a cap per slow level).
CAPS: dict[str, int] = {"titan_dice": 400, "titan_race": 600, "titan": 400, "born_of_titans": 400}
LEVEL_CAPS: dict[tuple[str, int], int] = {("titan_race", 2): 60, ("titan_dice", 2): 30, ("titan", 2): 200}


def levels_of(game_id: str, options: dict[str, object]) -> list[int]:
    """Every computer level of a game: random, the baseline, its offered levels and Titan's trial levels."""
    game = get_game(game_id)
    levels = [0, BASELINE, *(level for level, _name in bot_levels(game))]
    if game_id == "titan":
        levels.append(TITAN_CLUB)
        if options.get("variant") == "battle":
            levels.append(TITAN_STANDARD_VALUES)
    return sorted(set(levels))


def fingerprint(game_id: str, options: dict[str, object], players: int, level: int, seed: int) -> dict[str, object]:
    """Play one seeded game and reduce it to (actions, hash of the action sequence, hash of the final snapshot)."""
    game = get_game(game_id)
    cap = LEVEL_CAPS.get((game_id, level), CAPS[game_id])
    state = game.new_game(players, options, seed)
    bots = [make_bot(game, level, seed * 10 + seat) for seat in range(players)]
    actions = []
    while state.current_player is not None and len(actions) < cap:
        seat = state.current_player
        action = bots[seat].choose(state, seat)
        actions.append(f"{seat} {action.model_dump_json()}")
        state = game.step(state, action)
    snapshot = json.dumps(state.snapshot(), sort_keys=True, default=str)
    return {
        "actions": len(actions),
        "over": state.current_player is None,
        "sequence": hashlib.sha256("\n".join(actions).encode()).hexdigest()[:16],
        "snapshot": hashlib.sha256(snapshot.encode()).hexdigest()[:16],
    }


def cases() -> list[tuple[str, str, dict[str, object], int, int, int]]:
    """Every game played: (key, game id, options, players, level, seed), the key naming all but the seed."""
    out = []
    for number, (game_id, options, players) in enumerate(SETUPS):
        variant = f" {options['variant']}" if "variant" in options else ""
        for level in levels_of(game_id, options):
            key = f"{game_id}{variant} {players}p level {level}"
            out.append((key, game_id, options, players, level, 1000 + 10 * number + players))
    return out


def run(only: str = "", timing: bool = False) -> dict[str, dict[str, object]]:
    """Every fingerprint, by key (`only`: the keys containing it)."""
    out: dict[str, dict[str, object]] = {}
    for key, game_id, options, players, level, seed in cases():
        if only and only not in key:
            continue
        start = time.perf_counter()
        out[key] = fingerprint(game_id, options, players, level, seed)
        if timing:
            print(f"{key}: {time.perf_counter() - start:.1f} s, {out[key]['actions']} actions", file=sys.stderr)
    return out


def differences(stored: dict[str, dict[str, object]], now: dict[str, dict[str, object]]) -> list[str]:
    """One line per game whose fingerprint differs from the stored one (or is missing on either side)."""
    lines = []
    for key in sorted(set(stored) | set(now)):
        if stored.get(key) != now.get(key):
            lines.append(f"{key}: stored {stored.get(key)}, now {now.get(key)}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", type=Path, help="compare with a stored run (e.g. docs/fingerprints/play.json)")
    parser.add_argument("--only", default="", help="only the games whose key contains this")
    parser.add_argument("--timing", action="store_true", help="print each game's time to stderr")
    args = parser.parse_args()
    now = run(args.only, args.timing)
    if args.check is None:
        print(json.dumps(now, indent=1))
        return 0
    stored = json.loads(args.check.read_text())
    if args.only:
        stored = {key: value for key, value in stored.items() if args.only in key}
    lines = differences(stored, now)
    for line in lines:
        print(line)
    print(f"{len(now) - len(lines)} of {len(now)} games identical" if lines else f"all {len(now)} games identical")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
