"""Copies of a mid-game state of each game: microseconds per `clone(record=False)` (as the bots copy).

    .venv/bin/python scripts/bench_clone.py [--game titan_dice] [--moves 60] [--reps 7] [--json]

Each game is played by uniformly random legal actions (seeded, as `engine.bench` does) for --moves
actions or until it ends; that state is cloned in a timed loop (about 0.2 s of CPU a run), and the fastest
of --reps runs is printed, with the load average beside it. Times are the process's CPU time: on a shared,
busy machine wall-clock times vary several-fold, and the fastest run is the one least disturbed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bench import default_players
from engine.core.game import GameState
from engine.core.rng import Rng
from engine.registry import GAMES, get_game


def mid_game(game_id: str, moves: int, seed: int = 0) -> GameState:
    """A state after `moves` random legal actions (or the last before the game ended)."""
    game = get_game(game_id)
    state = game.new_game(default_players(game_id), seed=seed)
    chooser = Rng(seed ^ 0x5EED_BE4C)
    for _ in range(moves):
        legal = game.legal_actions(state)
        after = game.apply(state, legal[chooser.randrange(len(legal))])
        if after.current_player is None:
            break
        state = after
    return state


def clone_micros(state: GameState, reps: int) -> float:
    """Microseconds of CPU per `clone(record=False)`: the fastest of `reps` timed runs."""
    loops = 1
    while True:  # about 0.2 s a run
        start = time.process_time()
        for _ in range(loops):
            state.clone(record=False)
        elapsed = time.process_time() - start
        if elapsed > 0.2:
            break
        loops *= 2
    runs = []
    for _ in range(reps):
        start = time.process_time()
        for _ in range(loops):
            state.clone(record=False)
        runs.append((time.process_time() - start) / loops * 1e6)
    return min(runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--moves", type=int, default=60, help="random actions before the copy (default 60)")
    parser.add_argument("--reps", type=int, default=7, help="timed runs, the fastest reported (default 7)")
    parser.add_argument("--json", action="store_true", help="print a JSON list")
    args = parser.parse_args(argv)
    rows = []
    for game_id in args.game or list(GAMES):
        state = mid_game(game_id, args.moves)
        rows.append({"game": game_id, "moves": state.moves, "clone_us": round(clone_micros(state, args.reps), 2)})
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"load average {os.getloadavg()[0]:.2f}")
    for row in rows:
        print(f"{row['game']:<16} after {row['moves']:>4} moves  {row['clone_us']:>8.2f} µs per clone")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
