"""Random-play throughput of every registered game: `python -m engine.bench [--seconds S] [--json]`.

`run_random_games` is clock-free so the browser benchmark can call the very same
code under Pyodide and time it from outside; only the command line below reads
the clock (this module is a script entry point, exempt from the engine's no-clock rule).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from engine.core.rng import Rng
from engine.registry import GAMES, get_game

# A game that never ends is a bug; a random game stops here and is counted as unfinished.
MAX_ACTIONS_PER_GAME = 20_000
# Games whose uniformly random play is longer: Born of Titans' random Heroes wander the map for 10,000 to
# 60,000 actions before one completes three Quests.
MAX_ACTIONS_FOR: dict[str, int] = {"born_of_titans": 100_000}


def default_players(game_id: str) -> int:
    """The player count the benchmark uses: two when the game allows it, else its minimum."""
    game = get_game(game_id)
    return min(max(2, game.min_players), game.max_players)


def run_random_games(game_id: str, n_games: int, seed: int = 0, num_players: int | None = None) -> dict[str, Any]:
    """Play `n_games` seeded games with uniformly random legal actions; counts only, no clock.

    Each step asks `legal_actions` and plays one with `apply_unchecked` on the
    game's own state, as the bots do on their copies. Returns a JSON-ready dict:
    game, players, games, finished, actions, longest (actions of the longest game).
    """
    game = get_game(game_id)
    players = num_players or default_players(game_id)
    cap = MAX_ACTIONS_FOR.get(game_id, MAX_ACTIONS_PER_GAME)
    chooser = Rng(seed ^ 0x5EED_BE4C)
    actions = 0
    finished = 0
    longest = 0
    for index in range(n_games):
        state = game.new_game(players, seed=seed + index)
        played = 0
        while state.current_player is not None and played < cap:
            legal = game.legal_actions(state)
            game.apply_unchecked(state, legal[chooser.randrange(len(legal))] if len(legal) > 1 else legal[0])
            played += 1
        finished += state.current_player is None
        actions += played
        longest = max(longest, played)
    return {
        "game": game_id,
        "players": players,
        "games": n_games,
        "finished": finished,
        "actions": actions,
        "longest": longest,
    }


def measure(game_id: str, seconds: float, seed: int = 0, num_players: int | None = None) -> dict[str, Any]:
    """Run batches of random games for about `seconds` of CPU time and add the rates.

    Rates are per second of this process's CPU time, which other work on a busy
    machine does not dilute; the wall-clock seconds are reported beside them.
    """
    totals: dict[str, Any] = {"game": game_id, "games": 0, "finished": 0, "actions": 0, "longest": 0}
    batch = 1
    start, wall_start = time.process_time(), time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        result = run_random_games(game_id, batch, seed + totals["games"], num_players)
        totals["players"] = result["players"]
        for key in ("games", "finished", "actions"):
            totals[key] += result[key]
        totals["longest"] = max(totals["longest"], result["longest"])
        elapsed = time.process_time() - start
        batch = min(batch * 2, 64)
    totals["seconds"] = round(elapsed, 3)
    totals["wall_seconds"] = round(time.perf_counter() - wall_start, 3)
    totals["games_per_second"] = round(totals["games"] / elapsed, 2)
    totals["actions_per_second"] = round(totals["actions"] / elapsed, 1)
    totals["actions_per_game"] = round(totals["actions"] / max(1, totals["games"]), 1)
    totals["python"] = sys.version.split()[0]
    return totals


def main(argv: list[str] | None = None) -> int:
    """The command line: one line (or one JSON object) per registered game."""
    parser = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per game (default 5)")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: 2 if allowed)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print a JSON list instead of a table")
    args = parser.parse_args(argv)
    game_ids = args.game or sorted(GAMES)
    if not game_ids:
        print("No games are registered.", file=sys.stderr)
        return 1
    results = []
    for game_id in game_ids:
        result = measure(game_id, args.seconds, args.seed, args.players)
        results.append(result)
        if not args.json:
            print(
                f"{game_id:<16} {result['players']}p  {result['games_per_second']:>9.2f} games/s  "
                f"{result['actions_per_second']:>10.1f} actions/s  {result['actions_per_game']:>7.1f} actions/game  "
                f"({result['games']} games, {result['finished']} finished, {result['seconds']} s CPU, "
                f"Python {result['python']})"
            )
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
