"""Bot strength and speed: seeded matches between levels, win rates with 95% intervals, decision times.

    python scripts/ai_strength.py --games 400 --game titan_dice --jobs 2
    python scripts/ai_strength.py --games 400 --game titan_race --players 3 --pairings 2-1
    python scripts/ai_strength.py --games 400 --game titan_dice --pairings 2-B,1-B   # against the baseline

Levels: 0 random, 1 Easy, 2 Hard, B the game's scripted baseline player of sound simple rules
(`Game.baseline_action`: engine/<game>/baseline.py).

Each pairing plays N games with seats rotated (the first level sits in seat
i mod P of game i, every other seat plays the second level: with --players 3,
one A against two Bs, fair share 1/3); game i uses seed SEED+i, so a run repeats
exactly. A tie counts half. Decision times are CPython times of `Bot.choose`,
over decisions with at least two legal actions (forced decisions return at
once and are counted apart): the process's CPU time, which a busy machine does
not inflate, and the wall-clock time, which it does. Interrupted by Ctrl-C (or
`kill -INT` of a process that does not ignore SIGINT: jobs started with `&`
by a script do), a pairing is summarised over the games it finished.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from winrate import wilson

from engine.core.bots import BASELINE, BotSettings, make_bot, settings_for
from engine.core.game import Game
from engine.registry import GAMES, get_game, register


def load_game(game_id: str) -> None:
    """Make sure `game_id` is registered (the toy Pig game of the tests is registered on demand)."""
    if game_id == "toy_pig" and game_id not in GAMES:
        from tests.engine.toy_game import PIG

        register(PIG)


def tuned_settings(game: Game, overrides: dict[str, dict[str, Any]]) -> BotSettings:
    """The game's bot settings with `overrides` ({"greedy": {...}, "mcts": {...}}) applied: for tuning trials."""
    settings = settings_for(game)
    return replace(
        settings,
        greedy=replace(settings.greedy, **overrides.get("greedy", {})),
        mcts=replace(settings.mcts, **overrides.get("mcts", {})),
    )


def play_one(job: tuple[str, int, int, int, int, int, dict[str, dict[str, Any]]]) -> dict[str, Any]:
    """Play one game of one `level_a` seat against `level_b` seats; A's share of the win and every decision time."""
    game_id, level_a, level_b, index, seed, players, overrides = job
    load_game(game_id)
    game = get_game(game_id)
    a_seat = index % players
    levels = [level_b] * players
    levels[a_seat] = level_a
    bots = [make_bot(game, levels[seat], seed=seed * 7 + seat + 1) for seat in range(players)]
    if overrides:
        settings = tuned_settings(game, overrides)
        for bot in bots:
            bot.settings = settings
    state = game.new_game(players, seed=seed)
    times: dict[int, list[float]] = {level_a: [], level_b: []}
    cpu_times: dict[int, list[float]] = {level_a: [], level_b: []}
    forced = {level_a: 0, level_b: 0}
    actions = 0
    while state.current_player is not None:
        seat = state.current_player
        started, cpu_started = time.perf_counter(), time.process_time()
        action = bots[seat].choose(state, seat)
        spent, cpu_spent = time.perf_counter() - started, time.process_time() - cpu_started
        if len(game.legal_actions(state)) > 1:
            times[levels[seat]].append(spent)
            cpu_times[levels[seat]].append(cpu_spent)
        else:
            forced[levels[seat]] += 1
        state = game.apply(state, action)
        actions += 1
    winners = game.winners(state)
    share = (1.0 / len(winners)) if a_seat in winners else 0.0
    return {
        "index": index,
        "share": share,
        "times": times,
        "cpu_times": cpu_times,
        "forced": forced,
        "actions": actions,
    }


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of a list, nearest rank."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def run_pairing(
    game_id: str,
    level_a: int,
    level_b: int,
    games: int,
    seed: int,
    jobs: int,
    players: int = 2,
    overrides: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Play one pairing and summarise it (`overrides`: trial settings for every bot, see `tuned_settings`)."""
    work = [(game_id, level_a, level_b, index, seed + index, players, overrides or {}) for index in range(games)]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    try:
        if jobs > 1:
            with multiprocessing.Pool(jobs) as pool:
                for result in pool.imap_unordered(play_one, work, chunksize=1):
                    results.append(result)
                    _progress(results, games, started)
        else:
            for job in work:
                results.append(play_one(job))
                _progress(results, games, started)
    except KeyboardInterrupt:  # `kill -INT <pid>`: summarise the games finished so far
        print(f"  interrupted: summarising the {len(results)} finished games", file=sys.stderr, flush=True)
        if not results:
            raise
        games = len(results)
    wall = time.perf_counter() - started
    wins = sum(r["share"] for r in results)
    low, high = wilson(wins, games)
    summary: dict[str, Any] = {
        "game": game_id,
        "pairing": f"{level_a} vs {level_b}",
        "players": players,
        "fair_share": 1.0 / players,
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "ci95": [low, high],
        "wall_seconds": round(wall, 1),
        "actions_per_game": round(statistics.mean(r["actions"] for r in results), 1),
        "levels": {},
        "overrides": overrides or {},
    }
    for level in (level_a, level_b):
        stats: dict[str, Any] = {"forced": sum(r["forced"][level] for r in results)}
        for prefix, key in (("", "times"), ("cpu_", "cpu_times")):
            times = [t for r in results for t in r[key][level]]
            stats["decisions"] = len(times)
            stats[prefix + "median_ms"] = round(1000 * statistics.median(times), 2) if times else None
            stats[prefix + "p95_ms"] = round(1000 * percentile(times, 0.95), 2)
            stats[prefix + "p99_ms"] = round(1000 * percentile(times, 0.99), 2)
            stats[prefix + "max_ms"] = round(1000 * max(times), 2) if times else None
        summary["levels"][level] = stats
    return summary


def _progress(results: list[dict[str, Any]], total: int, started: float, every: int = 10) -> None:
    """A line on stderr every `every` games, with the running win rate (a partial run is still a result)."""
    done = len(results)
    if done % every == 0 or done == total:
        wins = sum(r["share"] for r in results)
        low, high = wilson(wins, done)
        print(
            f"  {done}/{total} games, {time.perf_counter() - started:.0f} s, A wins {wins:g} "
            f"({wins / done:.1%}, 95% CI {low:.1%}-{high:.1%})",
            file=sys.stderr,
            flush=True,
        )


def report(summary: dict[str, Any]) -> str:
    """Human-readable lines of one pairing."""
    level_a, level_b = (int(x) for x in summary["pairing"].split(" vs "))
    low, high = summary["ci95"]
    lines = [
        f"{summary['game']}: {level_name(level_a)} vs {level_name(level_b)} ({summary['players']} players, fair share "
        f"{summary['fair_share']:.1%}): {summary['win_rate']:.1%} of {summary['games']} "
        f"games (95% CI {low:.1%}-{high:.1%}), {summary['actions_per_game']} actions/game, "
        f"{summary['wall_seconds']} s"
    ]
    for level in (level_a, level_b):
        stats = summary["levels"][level]
        lines.append(
            f"  {level_name(level)}: {stats['decisions']} decisions (+{stats['forced']} forced). CPU time: median "
            f"{stats['cpu_median_ms']} ms, p95 {stats['cpu_p95_ms']} ms, p99 {stats['cpu_p99_ms']} ms, max "
            f"{stats['cpu_max_ms']} ms. Wall: median {stats['median_ms']} ms, p95 {stats['p95_ms']} ms"
        )
    return "\n".join(lines)


def level_of(text: str) -> int:
    """A level as the command line writes it: 0, 1, 2, or B for the scripted baseline."""
    return BASELINE if text.strip().upper() == "B" else int(text)


def level_name(level: int) -> str:
    """'level 2', or 'the baseline'."""
    return "the baseline" if level == BASELINE else f"level {level}"


def parse_overrides(items: list[str]) -> dict[str, dict[str, Any]]:
    """`["mcts.max_turns=3", "greedy.samples=4"]` as {"mcts": {"max_turns": 3}, "greedy": {"samples": 4}}."""
    overrides: dict[str, dict[str, Any]] = {}
    for item in items:
        name, _, text = item.partition("=")
        kind, _, knob = name.partition(".")
        if kind not in ("greedy", "mcts") or not knob or not text:
            raise SystemExit(f"--set {item!r}: write it as greedy.KNOB=VALUE or mcts.KNOB=VALUE")
        overrides.setdefault(kind, {})[knob] = json.loads(text)
    return overrides


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing (default 400)")
    parser.add_argument("--game", default="titan_dice", help="game id (default titan_dice)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game (default 1000)")
    parser.add_argument(
        "--pairings",
        default="2-1,1-0",
        help="comma-separated A-B level pairings, B the scripted baseline (default 2-1,1-0)",
    )
    parser.add_argument("--players", type=int, default=2, help="players per game: one A seat, the rest B (default 2)")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KIND.KNOB=VALUE",
        help="tuning trial: override a bot knob, e.g. mcts.max_turns=3 or greedy.samples=4 (repeatable)",
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the summaries to this JSON file")
    args = parser.parse_args(argv)
    overrides = parse_overrides(args.set)
    summaries = []
    for pairing in args.pairings.split(","):
        level_a, level_b = (level_of(x) for x in pairing.split("-"))
        print(
            f"{args.game}: {level_name(level_a)} vs {level_name(level_b)}, {args.players} players, "
            f"{args.games} games...",
            file=sys.stderr,
        )
        summary = run_pairing(args.game, level_a, level_b, args.games, args.seed, args.jobs, args.players, overrides)
        summaries.append(summary)
        print(report(summary), flush=True)
    if args.json:
        args.json.write_text(json.dumps(summaries, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
