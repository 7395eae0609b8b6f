"""Random play as a fixed amount of work, for a before/after comparison on a shared machine.

    .venv/bin/python scripts/bench_fixed.py [--game titan] [--games N] [--reps 3] [--calls]

`python -m engine.bench` counts the actions played in a given time, which swings with the machine's load; this
plays the same seeded games (`engine.bench.run_random_games`: uniformly random legal actions, as the bots'
playouts) every run and prints the fastest run's CPU seconds, so two trees compare on the same work: run it in
each, interleaved (`--root`-style: `cd <tree> && PYTHONPATH=. .venv/bin/python scripts/bench_fixed.py`).
`--calls` also counts the Python function calls of one run (cProfile), a figure the load does not touch: the
same games played with fewer calls did less work. The actions played are printed too, so a change that made
the games differ shows.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bench import run_random_games
from engine.registry import GAMES

# Games per run, about 2 s of CPU each on this machine.
DEFAULT_GAMES = {"titan_dice": 150, "titan_race": 900, "titan": 250, "born_of_titans": 6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--games", type=int, help="games per run (default: about 2 s of CPU per game id)")
    parser.add_argument("--reps", type=int, default=3, help="runs; the fastest is printed")
    parser.add_argument("--calls", action="store_true", help="also count the function calls of one run")
    args = parser.parse_args()
    for game_id in args.game or list(GAMES):
        games = args.games or DEFAULT_GAMES.get(game_id, 50)
        best, actions = float("inf"), 0
        for _ in range(args.reps):
            start = time.process_time()
            actions = run_random_games(game_id, games)["actions"]
            best = min(best, time.process_time() - start)
        line = f"{game_id}: {games} games, {actions} actions, fastest of {args.reps}: {best:.3f} s CPU"
        if args.calls:
            profile = cProfile.Profile()
            profile.enable()
            run_random_games(game_id, games)
            profile.disable()
            line += f", {pstats.Stats(profile).total_calls:,} calls"
        print(f"{line} (load {os.getloadavg()[0]:.1f})", flush=True)


if __name__ == "__main__":
    main()
