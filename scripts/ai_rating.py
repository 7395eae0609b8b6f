"""A strength table of the computer players: a round robin of two-player games, fitted to Bradley-Terry ratings.

    .venv/bin/python scripts/ai_rating.py --game titan --levels 0,1,2,B --games 100 --results rating.jsonl
    .venv/bin/python scripts/ai_rating.py --game titan --levels 0,1,2,B --results rating.jsonl --no-play
    .venv/bin/python scripts/ai_rating.py --results a.jsonl --results b.jsonl --no-play   # runs combined

Every pair of levels (0 random, 1 Standard, 2 Strong, B the scripted baseline) plays `--games` two-player games
through scripts/ai_strength.py's `run_pairing`: game i of a pairing uses seed SEED+i and puts the first level
in seat i mod 2, so seats alternate and a run repeats exactly. Each game is appended to the --results file
(JSON lines) as it ends; games already there are not played again, so an interrupted run resumes and runs
with other seeds (--seed) add games. The table is fitted to every two-player game of the files for the levels
asked, whatever run they came from.

The model (Bradley-Terry on the Elo scale): level i beats level j with probability 1 / (1 + 10^((Rj - Ri) /
400)), a tie counting half a win each. The baseline is anchored at 1500 (`--anchor B`; `--anchor 0` puts
Random at 1000 instead). A pairing won every time would push the gap to infinity, so each pairing also counts
half a win for each side (the add-half correction, a weak prior towards an even match: for 75 wins of 100
it moves the gap by 2 points); the gap of a pairing won 100% rests on that prior and the table says so, with
the least gap its Wilson interval allows. The 95% intervals come from a bootstrap over games: each pairing's
games drawn again with replacement (as many as it has), the ratings fitted again, the 2.5th and 97.5th
percentiles kept (the anchor's is exact by definition). The pairwise table gives each pairing's win rate
with its 95% Wilson interval and the rate the fitted ratings predict.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Iterable
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_strength import level_of, read_records, record_key, run_pairing
from winrate import wilson

from engine.core.bots import BASELINE
from engine.titan.ai.levels import CLUB

PRIOR = 0.5  # wins added to each side of every pairing (the add-half correction)
ANCHORS = {BASELINE: 1500.0, 0: 1000.0, CLUB: 1500.0}  # the baseline at 1500, Random at 1000, Titan's club player 1500
SCALE = 400.0 / math.log(10.0)  # Elo points per unit of log-strength

Pairings = dict[tuple[int, int], tuple[float, int]]  # (i, j) with i < j: (i's wins, games)
Outcomes = dict[tuple[int, int], list[float]]  # (i, j) with i < j: i's score in each game (1, 1/2 or 0)


def outcomes(records: Iterable[dict[str, Any]], levels: list[int], game: str | None = None) -> Outcomes:
    """Every game between two of `levels` in the two-player games of `records` (`game`: only that game's), as
    the lower level's score, whichever of the two was level A; a game found in two files counts once. Games played
    under set-up options (Battle Titan's rules) are left out: a rating is of the standard game."""
    wanted = set(levels)
    scores: Outcomes = {}
    seen = set()
    for r in records:
        if r["players"] != 2 or (game is not None and r["game"] != game) or r.get("options") or record_key(r) in seen:
            continue
        seen.add(record_key(r))
        a, b = int(r["a"]), int(r["b"])
        if a == b or a not in wanted or b not in wanted:
            continue
        i, j = min(a, b), max(a, b)
        scores.setdefault((i, j), []).append(r["share"] if a == i else 1.0 - r["share"])
    return scores


def tally(scores: Outcomes) -> Pairings:
    """Wins and games of every pairing."""
    return {pair: (sum(games), len(games)) for pair, games in scores.items()}


def fit(
    pairings: Pairings, levels: list[int], anchor: int, prior: float = PRIOR, tolerance: float = 1e-10
) -> dict[int, float]:
    """Bradley-Terry ratings on the Elo scale, `anchor` at its value in ANCHORS, by Hunter's MM iteration
    (each strength becomes its wins over the sum, over its games, of 1 / (its strength + the opponent's)).

    `prior` wins are added to each side of every pairing. With prior 0 the fit is the plain maximum likelihood,
    which is finite only when no group of levels won (or lost) every game against the rest."""
    wins = {level: 0.0 for level in levels}
    games: dict[tuple[int, int], float] = {}
    for (i, j), (w, n) in pairings.items():
        if n == 0:
            continue
        wins[i] += w + prior
        wins[j] += n - w + prior
        games[(i, j)] = n + 2 * prior
    strength = {level: 1.0 for level in levels}
    for _ in range(10_000):
        new = {}
        for level in levels:
            denominator = sum(n / (strength[i] + strength[j]) for (i, j), n in games.items() if level in (i, j))
            new[level] = wins[level] / denominator if denominator > 0 else strength[level]
        norm = math.exp(sum(math.log(max(v, 1e-300)) for v in new.values()) / len(new))
        new = {level: value / norm for level, value in new.items()}
        change = max(abs(math.log(max(new[x], 1e-300) / strength[x])) for x in levels)
        strength = new
        if change < tolerance:
            break
    base = math.log(max(strength[anchor], 1e-300)) if anchor in strength else 0.0
    offset = ANCHORS.get(anchor, 1500.0)
    return {level: offset + SCALE * (math.log(max(value, 1e-300)) - base) for level, value in strength.items()}


def expected(rating_i: float, rating_j: float) -> float:
    """The chance the first wins under the model."""
    return 1.0 / (1.0 + 10.0 ** ((rating_j - rating_i) / 400.0))


def bootstrap(
    scores: Outcomes, levels: list[int], anchor: int, samples: int, seed: int = 0, prior: float = PRIOR
) -> dict[int, tuple[float, float]]:
    """95% intervals of the ratings: every pairing's games drawn again with replacement, the fit repeated."""
    rng = random.Random(seed)
    drawn: dict[int, list[float]] = {level: [] for level in levels}
    for _ in range(samples):
        again: Pairings = {pair: (sum(rng.choices(games, k=len(games))), len(games)) for pair, games in scores.items()}
        for level, rating in fit(again, levels, anchor, prior, tolerance=1e-7).items():
            drawn[level].append(rating)
    intervals = {}
    for level, values in drawn.items():
        values.sort()
        intervals[level] = (values[int(0.025 * (len(values) - 1))], values[math.ceil(0.975 * (len(values) - 1))])
    return intervals


def least_gap(wins: float, n: int) -> float:
    """The smallest rating gap a pairing's Wilson interval allows (for one won every time)."""
    low, _high = wilson(wins, n)
    return 400.0 * math.log10(low / (1.0 - low)) if 0.0 < low < 1.0 else float("nan")


def name(level: int) -> str:
    """How the table names a level."""
    names = {BASELINE: "baseline (B)", 0: "Random (0)", 1: "Standard (1)", 2: "Strong (2)", CLUB: "club player (C)"}
    return names.get(level, f"level {level}")


def table(scores: Outcomes, levels: list[int], anchor: int, samples: int, prior: float = PRIOR) -> str:
    """The strength table and the pairwise table, in markdown."""
    pairings = tally(scores)
    ratings = fit(pairings, levels, anchor, prior)
    intervals = bootstrap(scores, levels, anchor, samples, prior=prior) if samples else {}
    played = {level: sum(n for pair, (_w, n) in pairings.items() if level in pair) for level in levels}
    lines = [
        f"Bradley-Terry ratings (Elo scale), {name(anchor)} anchored at {ANCHORS.get(anchor, 1500.0):.0f}; "
        f"each pairing counts {prior:g} win for each side besides its games; 95% intervals from {samples} "
        "bootstrap draws over games.",
        "",
        "| level | rating | 95% interval | games |",
        "| --- | --- | --- | --- |",
    ]
    for level in sorted(levels, key=lambda x: -ratings[x]):
        low, high = intervals.get(level, (float("nan"), float("nan")))
        shown = "anchor" if level == anchor else f"{low:.0f} to {high:.0f}"
        lines.append(f"| {name(level)} | {ratings[level]:.0f} | {shown} | {played[level]} |")
    lines += [
        "",
        "| pairing | games | first's wins | win rate | 95% Wilson | the ratings predict |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    notes = []
    for i, j in sorted(pairings, key=lambda p: -ratings[p[0]] - ratings[p[1]]):
        w, n = pairings[(i, j)]
        if ratings[j] > ratings[i]:  # the stronger first
            i, j, w = j, i, n - w
        low, high = wilson(w, n)
        lines.append(
            f"| {name(i)} vs {name(j)} | {n} | {w:g} | {w / n:.1%} | {low:.1%}-{high:.1%} | "
            f"{expected(ratings[i], ratings[j]):.1%} |"
        )
        if w in (0, n):
            notes.append(
                f"{name(i)} won every game against {name(j)}: their gap ({ratings[i] - ratings[j]:.0f}) rests on "
                f"the prior; the games show only that it is at least {least_gap(w, n):.0f} (Wilson)."
            )
    missing = [f"{name(i)} vs {name(j)}" for i, j in combinations(sorted(levels), 2) if (i, j) not in pairings]
    if missing:
        notes.append(f"No games yet: {', '.join(missing)}.")
    if notes:
        lines += ["", *notes]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="titan", help="game id (default titan)")
    parser.add_argument("--levels", default="0,1,2,B", help="levels of the round robin (default 0,1,2,B)")
    parser.add_argument("--games", type=int, default=10, help="games per pairing (default 10)")
    parser.add_argument("--seed", type=int, default=1000, help="seed of each pairing's first game (default 1000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--results",
        type=Path,
        action="append",
        required=True,
        metavar="FILE.jsonl",
        help="games are appended to the first such file; the fit reads them all (repeatable)",
    )
    parser.add_argument("--no-play", action="store_true", help="play nothing: fit the games in the files")
    parser.add_argument(
        "--anchor",
        default="B",
        help="B: the baseline at 1500 (default); 0: Random at 1000; C: Titan's club player at 1500",
    )
    parser.add_argument("--bootstrap", type=int, default=1000, help="bootstrap draws for the intervals")
    parser.add_argument("--prior", type=float, default=PRIOR, help="wins added to each side of every pairing")
    args = parser.parse_args(argv)
    levels = [level_of(x) for x in args.levels.split(",")]
    anchor = level_of(args.anchor)
    if anchor not in levels or anchor not in ANCHORS:
        raise SystemExit("--anchor must be B, 0 or C, and among --levels")
    if not args.no_play:
        for level_a, level_b in combinations(levels, 2):
            print(f"{args.game}: {name(level_a)} vs {name(level_b)}, {args.games} games...", file=sys.stderr)
            run_pairing(args.game, level_a, level_b, args.games, args.seed, args.jobs, 2, None, args.results[0])
    records = [r for path in args.results for r in read_records(path)]
    scores = outcomes(records, levels, args.game)
    if not scores:
        raise SystemExit("no two-player games of these levels in the results")
    print(table(scores, levels, anchor, args.bootstrap, args.prior))
    return 0


if __name__ == "__main__":
    sys.exit(main())
