"""Trial: Strong's masterboard with the calibrated battle odds against Strong with the strength ratio.

    python scripts/strong_odds_trial.py --games 40 --first-seed 5000

Two-player Titan games, both seats Strong (level 2); one seat's masterboard asks battles on a known land of
`odds.contest` (`strong_value.CALIBRATED` True, "new"), the other's of the a^6 strength ratio (False, "old").
The new side sits in seat i mod 2 of game i (seed FIRST_SEED + i), so a run repeats exactly. Prints the new
side's win rate with its Wilson interval and the CPython CPU times of each side's masterboard decisions (two or
more legal actions; battle phases apart, they do not ask `_odds`) and of the longest work unit between two
yields in each decision (stepped one unit at a time, as the page steps it). A trial script only: the switch is a module
constant, flipped around each bot's decision here, not a level of the app.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from winrate import wilson

from engine.core.bots import make_bot
from engine.registry import get_game
from engine.titan.ai import strong_value
from engine.titan.ai.strong_decision import BATTLE_PHASES


def play(game, seed: int, new_seat: int, times: dict[str, list[float]], units: dict[str, list[float]]) -> float:
    """One game; the new side's share of the win."""
    bots = [make_bot(game, 2, seed=seed * 7 + seat + 1) for seat in range(2)]
    state = game.new_game(2, seed=seed)
    moves = 0
    while state.current_player is not None and moves < 20000:
        seat = state.current_player
        side = "new" if seat == new_seat else "old"
        strong_value.CALIBRATED = side == "new"
        started = time.process_time()
        thinking = bots[seat].begin(state, seat)
        longest, last = 0.0, started
        while not thinking.step(1):  # one work unit at a time, as the page steps it
            now = time.process_time()
            longest, last = max(longest, now - last), now
        spent = time.process_time() - started
        longest = max(longest, time.process_time() - last)
        action = thinking.result
        if state.phase not in BATTLE_PHASES and len(game.legal_actions(state)) > 1:
            times[side].append(spent)
            units[side].append(longest)
        state = game.apply(state, action)
        moves += 1
    strong_value.CALIBRATED = True
    winners = game.winners(state) if state.current_player is None else [0, 1]
    return 1.0 / len(winners) if new_seat in winners else 0.0


def summary(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"median {statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
        f"max {ordered[-1] * 1000:.1f} ms ({len(ordered)} decisions)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=5000)
    args = parser.parse_args()
    game = get_game("titan")
    times: dict[str, list[float]] = {"new": [], "old": []}
    units: dict[str, list[float]] = {"new": [], "old": []}
    won = 0.0
    for index in range(args.games):
        share = play(game, args.first_seed + index, index % 2, times, units)
        won += share
        print(f"game {index} seed {args.first_seed + index} new in seat {index % 2}: {share}", flush=True)
    low, high = wilson(won, args.games)
    print(f"new (calibrated odds) vs old (strength ratio): {won:g} of {args.games} = {won / args.games:.1%}")
    print(f"  95% interval {low:.1%}-{high:.1%}")
    print(f"  new masterboard decisions: {summary(times['new'])}")
    print(f"  old masterboard decisions: {summary(times['old'])}")
    print(f"  new longest work unit of a decision: {summary(units['new'])}")
    print(f"  old longest work unit of a decision: {summary(units['old'])}")


if __name__ == "__main__":
    main()
