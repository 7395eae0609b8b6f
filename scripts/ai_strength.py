"""Bot strength and speed: seeded matches between levels, win rates with 95% intervals, decision times.

    python scripts/ai_strength.py --games 400 --game titan_dice --jobs 2
    python scripts/ai_strength.py --games 400 --game titan_race --players 3 --pairings 2-1
    python scripts/ai_strength.py --games 400 --game titan_dice --pairings 2-B,1-B   # against the baseline

Levels: 0 random, 1 Easy, 2 Hard, B the game's scripted baseline player of sound simple rules
(`Game.baseline_action`: engine/<game>/baseline.py); for Titan, S is Standard playing Battle Titan by the
standard game's values (`engine/titan/ai/standard.py`, STANDARD_VALUES: the yardstick of Standard playing for points),
and C the club player (`engine/titan/ai/club.py`: Standard's yardstick).

Each pairing plays N games with seats rotated (the first level sits in seat
i mod P of game i, every other seat plays the second level: with --players 3,
one A against two Bs, fair share 1/3); game i uses seed SEED+i, so a run repeats
exactly. A tie counts half. Decision times are CPython times of `Bot.choose`,
over decisions with at least two legal actions (forced decisions return at
once and are counted apart): the process's CPU time, which a busy machine does
not inflate, and the wall-clock time, which it does. Interrupted by Ctrl-C (or
`kill -INT` of a process that does not ignore SIGINT: jobs started with `&`
by a script do), a pairing is summarised over the games it finished.

With `--results FILE.jsonl`, each finished game is appended to FILE as one JSON line (game, players, levels,
index, seed, the A seat, A's share, actions), and games already there are not played again: an interrupted
run resumes, and runs with other seeds add to the same file (scripts/ai_rating.py reads such files). Win
rates count every game in the file for the pairing; decision times, only the games played in this run.
With `--phases`, decision times are also printed by the phase of the game the decision was taken in.
"""

from __future__ import annotations

import argparse
import importlib
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
    """Make sure `game_id` is registered (the toy Pig game of the tests is registered on demand; a game not yet in
    the catalog, such as Born of Titans, by importing its package `engine.<id>`)."""
    if game_id == "toy_pig" and game_id not in GAMES:
        from tests.engine.toy_game import PIG

        register(PIG)
    elif game_id not in GAMES and game_id.isidentifier():
        importlib.import_module(f"engine.{game_id}")


def tuned_settings(game: Game, overrides: dict[str, dict[str, Any]]) -> BotSettings:
    """The game's bot settings with `overrides` ({"greedy": {...}, "mcts": {...}}) applied: for tuning trials."""
    settings = settings_for(game)
    return replace(
        settings,
        greedy=replace(settings.greedy, **overrides.get("greedy", {})),
        mcts=replace(settings.mcts, **overrides.get("mcts", {})),
    )


def play_one(
    job: tuple[str, int, int, int, int, int, dict[str, dict[str, Any]], dict[str, Any]],
) -> dict[str, Any]:
    """Play one game of one `level_a` seat against `level_b` seats; A's share of the win and every decision time."""
    game_id, level_a, level_b, index, seed, players, overrides, options = job
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
    state = game.new_game(players, game.Options(**options), seed=seed)
    times: dict[int, list[float]] = {level_a: [], level_b: []}
    cpu_times: dict[int, list[float]] = {level_a: [], level_b: []}
    phase_times: dict[int, dict[str, list[float]]] = {level_a: {}, level_b: {}}  # CPU times by phase
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
            phase_times[levels[seat]].setdefault(phase_of(state), []).append(cpu_spent)
        else:
            forced[levels[seat]] += 1
        state = game.apply(state, action)
        actions += 1
    winners = game.winners(state)
    share = (1.0 / len(winners)) if a_seat in winners else 0.0
    return {
        "index": index,
        "seed": seed,
        "a_seat": a_seat,
        "share": share,
        "times": times,
        "cpu_times": cpu_times,
        "phase_times": phase_times,
        "forced": forced,
        "actions": actions,
        "rounds": getattr(state, "round", None),  # a game that counts rounds (Born of Titans): its length in them
    }


def phase_of(state: Any) -> str:
    """The phase a decision is taken in ("maneuver", "move"...), for games whose state has one; else "-"."""
    phase = getattr(state, "phase", None)
    return str(getattr(phase, "value", phase)) if phase is not None else "-"


def game_record(
    game_id: str, players: int, level_a: int, level_b: int, result: dict[str, Any], options: dict[str, Any]
) -> dict[str, Any]:
    """One finished game as a line of a --results file: who played whom, in which seat, under which options, and
    who won (the options are left out when there are none, as in files written before they were)."""
    return {
        **({"options": options} if options else {}),
        "game": game_id,
        "players": players,
        "a": level_a,
        "b": level_b,
        "index": result["index"],
        "seed": result["seed"],
        "a_seat": result["a_seat"],
        "share": result["share"],
        "actions": result["actions"],
    }


def read_records(path: Path | None) -> list[dict[str, Any]]:
    """Every game of a --results file (none if it does not exist yet); a torn last line is left out."""
    if path is None or not path.exists():
        return []
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:  # the run was killed while writing this line: the game is played again
            continue
    return records


def record_key(record: dict[str, Any]) -> tuple[Any, ...]:
    """What makes a game unique: the same key is the same seeded game, so it is played only once."""
    options = json.dumps(record.get("options") or {}, sort_keys=True)
    return (record["game"], options, record["players"], record["a"], record["b"], record["seed"], record["a_seat"])


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
    record: Path | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one pairing and summarise it (`overrides`: trial settings for every bot, see `tuned_settings`;
    `record`: a --results file, where each game is appended and games already there are not played again)."""
    options = options or {}
    work = [
        (game_id, level_a, level_b, index, seed + index, players, overrides or {}, options) for index in range(games)
    ]
    earlier: list[dict[str, Any]] = []
    if record is not None:
        if overrides:
            raise SystemExit("--results keeps games of the real settings only: leave out --set")
        done = {record_key(r): r for r in read_records(record)}
        same = json.dumps(options, sort_keys=True)
        keys = [(game_id, same, players, level_a, level_b, seed + index, index % players) for index in range(games)]
        earlier = [done[key] for key in keys if key in done]
        work = [job for job, key in zip(work, keys, strict=True) if key not in done]
        if earlier:
            print(f"  {len(earlier)} games already in {record}", file=sys.stderr, flush=True)
    started = time.perf_counter()
    results: list[dict[str, Any]] = []

    def finished(result: dict[str, Any]) -> None:
        results.append(result)
        if record is not None:
            with record.open("a", encoding="utf-8") as out:
                out.write(json.dumps(game_record(game_id, players, level_a, level_b, result, options)) + "\n")
        _progress(results, len(work), started)

    try:
        if jobs > 1:
            with multiprocessing.Pool(jobs) as pool:
                for result in pool.imap_unordered(play_one, work, chunksize=1):
                    finished(result)
        else:
            for job in work:
                finished(play_one(job))
    except KeyboardInterrupt:  # `kill -INT <pid>`: summarise the games finished so far
        print(f"  interrupted: summarising the {len(results)} finished games", file=sys.stderr, flush=True)
        if not results and not earlier:
            raise
    games = len(results) + len(earlier)
    wall = time.perf_counter() - started
    wins = sum(r["share"] for r in results) + sum(r["share"] for r in earlier)
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
        "actions_per_game": round(statistics.mean(r["actions"] for r in [*results, *earlier]), 1),
        "played_now": len(results),
        "rounds_per_game": round(statistics.mean(rounds), 1) if (rounds := rounds_of(results)) else None,
        "rounds_max": max(rounds) if rounds else None,
        "levels": {},
        "overrides": overrides or {},
        "options": options,
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
        phases: dict[str, list[float]] = {}
        for r in results:
            for phase, spent in r["phase_times"][level].items():
                phases.setdefault(phase, []).extend(spent)
        stats["cpu_by_phase"] = {phase: time_summary(spent) for phase, spent in sorted(phases.items())}
        summary["levels"][level] = stats
    return summary


def rounds_of(results: list[dict[str, Any]]) -> list[int]:
    """The length in rounds of each game played now, for games that count rounds."""
    return [r["rounds"] for r in results if isinstance(r.get("rounds"), int)]


def time_summary(seconds: list[float]) -> dict[str, Any]:
    """Count, median, p95 and max of some decision times, in ms."""
    return {
        "decisions": len(seconds),
        "median_ms": round(1000 * statistics.median(seconds), 2) if seconds else None,
        "p95_ms": round(1000 * percentile(seconds, 0.95), 2) if seconds else None,
        "max_ms": round(1000 * max(seconds), 2) if seconds else None,
    }


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


def report(summary: dict[str, Any], phases: bool = False) -> str:
    """Human-readable lines of one pairing (`phases`: decision times by phase too)."""
    level_a, level_b = (int(x) for x in summary["pairing"].split(" vs "))
    low, high = summary["ci95"]
    lines = [
        f"{summary['game']}: {level_name(level_a)} vs {level_name(level_b)} ({summary['players']} players, fair share "
        f"{summary['fair_share']:.1%}): {summary['win_rate']:.1%} of {summary['games']} "
        f"games (95% CI {low:.1%}-{high:.1%}), {summary['actions_per_game']} actions/game, "
        f"{summary['wall_seconds']} s"
        + (
            f", {summary['rounds_per_game']} rounds/game (longest {summary['rounds_max']})"
            if summary.get("rounds_per_game") is not None
            else ""
        )
    ]
    for level in (level_a, level_b):
        stats = summary["levels"][level]
        lines.append(
            f"  {level_name(level)}: {stats['decisions']} decisions (+{stats['forced']} forced). CPU time: median "
            f"{stats['cpu_median_ms']} ms, p95 {stats['cpu_p95_ms']} ms, p99 {stats['cpu_p99_ms']} ms, max "
            f"{stats['cpu_max_ms']} ms. Wall: median {stats['median_ms']} ms, p95 {stats['p95_ms']} ms"
        )
        if phases:
            for phase, row in stats["cpu_by_phase"].items():
                lines.append(
                    f"    {phase}: {row['decisions']} decisions, CPU median {row['median_ms']} ms, "
                    f"p95 {row['p95_ms']} ms, max {row['max_ms']} ms"
                )
    return "\n".join(lines)


def level_of(text: str) -> int:
    """A level as the command line writes it: 0, 1, 2, B for the scripted baseline, or S for Titan's Standard
    playing Battle Titan by the standard game's values (a level for this trial only, never offered)."""
    word = text.strip().upper()
    if word == "C":
        from engine.titan.ai.levels import CLUB

        return CLUB
    if word == "S":
        from engine.titan.ai.levels import STANDARD_VALUES

        return STANDARD_VALUES
    return BASELINE if word == "B" else int(text)


def level_name(level: int) -> str:
    """'level 2', 'the baseline', or 'level S' (Titan's Standard by the standard game's values)."""
    from engine.titan.ai.levels import CLUB, STANDARD_VALUES

    if level == CLUB:
        return "the club player"
    if level == STANDARD_VALUES:
        return "level S (Standard by the standard game's values)"
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
    parser.add_argument(
        "--results",
        type=Path,
        default=None,
        metavar="FILE.jsonl",
        help="append each game to this file; games already in it are not played again (resume, combine runs)",
    )
    parser.add_argument(
        "--options",
        type=json.loads,
        default={},
        metavar="JSON",
        help='the game\'s set-up options, e.g. \'{"variant": "battle"}\' for Battle Titan (default: none)',
    )
    parser.add_argument("--phases", action="store_true", help="also print decision times by phase of the game")
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
        summary = run_pairing(
            args.game,
            level_a,
            level_b,
            args.games,
            args.seed,
            args.jobs,
            args.players,
            overrides,
            args.results,
            args.options,
        )
        summaries.append(summary)
        print(report(summary, args.phases), flush=True)
    if args.json:
        args.json.write_text(json.dumps(summaries, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
