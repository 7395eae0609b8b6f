"""Seeded Titan games between computer players, each reduced to a fingerprint: the number of actions, a hash of
their sequence and a hash of the final position. Run it on two commits and compare the output to check that a
change leaves play unchanged (standard Titan must play identically whatever Battle Titan's rules change).

    .venv/bin/python scripts/titan_play_fingerprint.py > /tmp/after.json
    git stash; .venv/bin/python scripts/titan_play_fingerprint.py > /tmp/before.json; git stash pop
    diff /tmp/before.json /tmp/after.json && echo identical

Games (players, level, seed): random (0), Standard (1), the scripted baseline (-1) and Strong (2), each to its
end or `--moves` actions. `--variant battle` plays Battle Titan instead.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.bots import make_bot
from engine.titan.game import Titan

GAMES = [(2, 0, 11), (3, 0, 12), (2, 1, 13), (3, 1, 14), (2, -1, 15), (2, 2, 16), (4, 1, 17)]


def fingerprint(players: int, level: int, seed: int, moves: int, variant: str) -> dict[str, object]:
    game = Titan()
    state = game.new_game(players, {"variant": variant}, seed)
    bots = [make_bot(game, level, seed * 10 + seat) for seat in range(players)]
    actions = []
    while not state.is_over and state.moves < moves:
        seat = state.current_player
        action = bots[seat].choose(state, seat)
        actions.append(action.model_dump_json())
        state = game.step(state, action)
    position = json.dumps(state.position(), sort_keys=True, default=str)
    return {
        "actions": len(actions),
        "sequence": hashlib.sha256("\n".join(actions).encode()).hexdigest()[:16],
        "position": hashlib.sha256(position.encode()).hexdigest()[:16],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1500)
    parser.add_argument("--variant", choices=("standard", "battle"), default="standard")
    args = parser.parse_args()
    out = {f"{p}p level {lv} seed {s}": fingerprint(p, lv, s, args.moves, args.variant) for p, lv, s in GAMES}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
