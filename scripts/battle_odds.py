"""Titan battle odds against real battles: collect battles from bot games, then score the predictors.

    .venv/bin/python scripts/battle_odds.py collect --games 50 --seed 7000 --out /tmp/battles.jsonl
    .venv/bin/python scripts/battle_odds.py report /tmp/battles.jsonl

`collect` plays seeded games between Standard (level 1) and Standard or the scripted baseline (B) and writes
one JSON line per battle fought: both legions as they entered it, the land, both players' scores, who could
summon an angel or muster a reinforcement, and how it ended (who won, how, in which round, who was left
standing). Game i uses seed SEED+i; the mix of tables cycles over `TABLES`. It appends to `--out`, so two
runs with different seeds add up.

`report` splits the battles in two halves by game (even seeds to tune on, odd seeds held out) and scores on
the held-out half: `engine.titan.ai.odds.contest`, the baseline's strength-ratio formula a^4 / (a^4 + b^4)
(`baseline.win_chance`) and Standard's `fighting_strength` turned into a chance by a logistic fit on the
tuning half (the most that ratio can do). For each: Brier score and log loss of "the attacker wins", a
reliability table by predicted decile, and (for the odds) the mean absolute error of the value each side
keeps. `--tune` also searches a few of the odds model's constants on the tuning half.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.bots import BASELINE, make_bot
from engine.registry import get_game
from engine.titan import battle_end as battle_module
from engine.titan import recruiting
from engine.titan.ai import odds
from engine.titan.ai.baseline import win_chance
from engine.titan.data import ANGEL, ARCHANGEL, BATTLE_ROUNDS, LANDS, character_value

# (players, levels by seat): Standard against Standard and against the baseline, two and four players
TABLES: tuple[tuple[int, tuple[int, ...]], ...] = (
    (2, (1, BASELINE)),
    (2, (1, 1)),
    (4, (1, BASELINE, 1, BASELINE)),
    (2, (BASELINE, 1)),
    (4, (1, 1, 1, 1)),
)

# -- collecting ----------------------------------------------------------------------------------------------


class _Recorder:
    """Catches the end of each battle (the engine's `_finish`): the winning side and who still stood."""

    def __init__(self) -> None:
        self.ended: list[dict[str, Any]] = []
        self._finish = battle_module._finish

        def finish(state: Any, fight: Any, *, winner_side: str, points: int, reinforcement: bool = True) -> None:
            living = {
                side: [unit.name for unit in fight.units if unit.side == side and not unit.slain]
                for side in ("attacker", "defender")
            }
            titans = {side: "Titan" in fight.gone[side] for side in ("attacker", "defender")}
            self.ended.append(
                {
                    "winner_side": winner_side,
                    "round": fight.round,
                    "time": fight.round > BATTLE_ROUNDS,
                    "living": living,
                    "titan_slain": titans,
                    "gone": {side: list(names) for side, names in fight.gone.items()},
                    "summon": fight.summon,
                    "reinforce": fight.reinforce,
                }
            )
            self._finish(state, fight, winner_side=winner_side, points=points, reinforcement=reinforcement)

        battle_module._finish = finish  # type: ignore[assignment]

    def close(self) -> None:
        """The engine's own end of battle again."""
        battle_module._finish = self._finish  # type: ignore[assignment]


def _angel_elsewhere(state: Any, attacker: Any) -> str:
    """The best angel the attacker's player has in another legion not engaged (what he could summon)."""
    if state.summoned:
        return ""
    found = ""
    for legion in state.legions_of(attacker.owner):
        if legion.marker == attacker.marker or legion.land == attacker.land:
            continue
        if ARCHANGEL in legion.contents:
            return ARCHANGEL
        if ANGEL in legion.contents:
            found = ANGEL
    return found


def _reinforcement(state: Any, defender: Any) -> str:
    """The best character the defender could muster as a reinforcement at the start (stock as it is now)."""
    if defender.mustered:
        return ""
    options = recruiting.reinforcements(LANDS[defender.land].terrain, defender.contents, state.stock)
    return max((m.recruit for m in options), key=lambda name: character_value(name), default="")


def _arrivals(start: list[str], seen: list[str]) -> list[str]:
    """Characters that fought for a side without being in its legion at the start (a summoned angel, a
    reinforcement)."""
    rest = list(seen)
    for name in start:
        if name in rest:
            rest.remove(name)
    return sorted(rest)


def play_game(seed: int, players: int, levels: tuple[int, ...], recorder: _Recorder) -> list[dict[str, Any]]:
    """One seeded game; the battles fought in it."""
    game = get_game("titan")
    bots = [make_bot(game, level, seed=seed * 7 + seat + 1) for seat, level in enumerate(levels)]
    state = game.new_game(players, seed=seed)
    battles: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    while state.current_player is not None:
        seat = state.current_player
        action = bots[seat].choose(state, seat)
        before = state
        state = game.apply(state, action)
        if before.battle is None and state.battle is not None:
            fight = state.battle
            attacker, defender = state.legions[fight.attacker], state.legions[fight.defender]
            current = {
                "seed": seed,
                "players": players,
                "turn": state.turn_number,
                "land": fight.land,
                "terrain": LANDS[fight.land].terrain,
                "attacker": list(attacker.contents),
                "defender": list(defender.contents),
                "attacker_score": state.players[attacker.owner].score,
                "defender_score": state.players[defender.owner].score,
                "attacker_level": levels[attacker.owner],
                "defender_level": levels[defender.owner],
                "angel": _angel_elsewhere(state, attacker),
                "reinforcement": _reinforcement(state, defender),
            }
            recorder.ended.clear()
        if current is not None and state.battle is None:
            if recorder.ended:
                end = recorder.ended[-1]
                winner = end["winner_side"] or "none"
                kept = {side: [] for side in ("attacker", "defender")}
                if winner != "none":
                    kept[winner] = end["living"][winner]
                arrived = {side: _arrivals(current[side], end["living"][side] + end["gone"][side]) for side in kept}
                current.update(
                    winner=winner,
                    time=end["time"],
                    round=min(end["round"], BATTLE_ROUNDS),
                    titan_slain=end["titan_slain"],
                    attacker_kept=kept["attacker"],
                    defender_kept=kept["defender"],
                    summoned=arrived["attacker"],
                    reinforced=arrived["defender"],
                )
                battles.append(current)
            current = None
    return battles


def collect(args: argparse.Namespace) -> None:
    recorder = _Recorder()
    started = time.perf_counter()
    total = 0
    with open(args.out, "a", encoding="utf-8") as out, contextlib.closing(recorder):
        for index in range(args.games):
            players, levels = TABLES[index % len(TABLES)]
            seed = args.seed + index
            battles = play_game(seed, players, levels, recorder)
            for record in battles:
                out.write(json.dumps(record, sort_keys=True) + "\n")
            out.flush()
            total += len(battles)
            print(
                f"  game {index + 1}/{args.games} (seed {seed}, {players} players): {len(battles)} battles, "
                f"{total} in all, {time.perf_counter() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    gather = commands.add_parser("collect", help="play games and write their battles, one JSON line each")
    gather.add_argument("--games", type=int, default=50)
    gather.add_argument("--seed", type=int, default=7000)
    gather.add_argument("--out", default="/tmp/battles.jsonl")
    score = commands.add_parser("report", help="score the predictors on the held-out half")
    score.add_argument("data")
    score.add_argument("--tune", action="store_true", help="search the odds model's constants on the tuning half")
    args = parser.parse_args(argv)
    if args.command == "collect":
        collect(args)
    else:
        report(args)


# -- scoring ------------------------------------------------------------------------------------------------

CLIP = 0.005  # chances are clipped to [CLIP, 1 - CLIP] for the log loss (a 0 or 1 from 40 battles is not certainty)


def load(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def kept_value(record: dict[str, Any], side: str) -> int:
    """What a side's legion kept, in points (a Titan at his player's power when the battle began)."""
    score = record[f"{side}_score"]
    return sum(character_value(name, score) for name in record[f"{side}_kept"])


def strengths(record: dict[str, Any]) -> tuple[float, float]:
    """Both legions' values as Standard and the baseline count them (both are known in a battle)."""
    a = sum(character_value(name, record["attacker_score"]) for name in record["attacker"])
    d = sum(character_value(name, record["defender_score"]) for name in record["defender"])
    return float(a), float(d)


def odds_of(record: dict[str, Any], model: odds.Model | None = None) -> odds.Odds:
    args = (
        tuple(record["attacker"]),
        tuple(record["defender"]),
        record["land"],
        record["attacker_score"],
        record["defender_score"],
        record["angel"],
        record["reinforcement"],
    )
    if model is None:
        return odds.contest(*args)
    return odds.play_out(*args[:2], LANDS[record["land"]].terrain, *args[3:], model)


def fit_logistic(xs: list[float], ys: list[int]) -> tuple[float, float]:
    """Intercept and slope of a logistic regression of ys on xs (Newton's method)."""
    a = b = 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = 1.0 / (1.0 + math.exp(-(a + b * x)))
            ga += y - p
            gb += (y - p) * x
            w = p * (1 - p)
            haa += w
            hab += w * x
            hbb += w * x * x
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        a += (hbb * ga - hab * gb) / det
        b += (haa * gb - hab * ga) / det
    return a, b


def brier(ps: list[float], ys: list[int]) -> float:
    return sum((p - y) ** 2 for p, y in zip(ps, ys, strict=True)) / len(ys)


def log_loss(ps: list[float], ys: list[int]) -> float:
    total = 0.0
    for p, y in zip(ps, ys, strict=True):
        p = min(1 - CLIP, max(CLIP, p))
        total -= math.log(p if y else 1 - p)
    return total / len(ys)


def reliability(ps: list[float], ys: list[int]) -> list[tuple[str, int, float, float]]:
    """By predicted decile: (range, battles, mean predicted, share won)."""
    rows = []
    for decile in range(10):
        low, high = decile / 10, (decile + 1) / 10
        picked = [(p, y) for p, y in zip(ps, ys, strict=True) if low <= p < high or (decile == 9 and p == 1.0)]
        if picked:
            rows.append(
                (
                    f"{low:.1f}-{high:.1f}",
                    len(picked),
                    sum(p for p, _ in picked) / len(picked),
                    sum(y for _, y in picked) / len(picked),
                )
            )
    return rows


def predictors(tuning: list[dict[str, Any]]) -> dict[str, Any]:
    """Each predictor of "the attacker wins": a function of a battle record."""
    xs = [math.log(max(1.0, strengths(r)[0]) / max(1.0, strengths(r)[1])) for r in tuning]
    intercept, slope = fit_logistic(xs, [int(r["winner"] == "attacker") for r in tuning])

    def standard(record: dict[str, Any]) -> float:
        a, d = strengths(record)
        return 1.0 / (1.0 + math.exp(-(intercept + slope * math.log(max(1.0, a) / max(1.0, d)))))

    return {
        "odds.contest": lambda r: odds_of(r).attacker_wins,
        "baseline a^4/(a^4+b^4)": lambda r: win_chance(*strengths(r)),
        f"Standard's fighting_strength, logistic fit ({intercept:+.2f} {slope:+.2f} log a/b)": standard,
    }


def evaluate(records: list[dict[str, Any]], model: odds.Model) -> float:
    """The Brier score of the odds under `model` on `records`."""
    ps = [odds_of(r, model).attacker_wins for r in records]
    return brier(ps, [int(r["winner"] == "attacker") for r in records])


def tune(tuning: list[dict[str, Any]]) -> odds.Model:
    """Coordinate search of a few constants on the tuning half (Brier score), from the current model."""
    grid: dict[str, tuple[Any, ...]] = {
        "contact": (0, 1, 2, 3),
        "contact_spread": (0, 1, 2),
        "per_target": (2, 3),
        "titan_reserve": (0, 1, 2, 3, 7),
        "attacker_titan_reserve": (1, 2, 3, 4, 7),
        "titan_focus": (False, True),
        "engaged": (0.5, 0.55, 0.6, 0.65, 0.7, 0.8),
        "hazard_scale": (0.0, 0.5, 1.0, 1.5),
        "bramble_scale": (0.0, 0.5, 1.0, 1.5),
        "summon_below": (0.0, 1.5, 2.0, 3.0, 99.0),
        "drift": (0.0, 0.15, 0.3),
    }
    best = odds.MODEL
    best_score = evaluate(tuning, best)
    print(f"tuning from {best}: Brier {best_score:.4f}")
    for _ in range(2):
        for field, values in grid.items():
            for value in values:
                trial = replace(best, **{field: value})
                if trial == best:
                    continue
                score = evaluate(tuning, trial)
                print(f"  {field}={value}: {score:.4f}", flush=True)
                if score < best_score - 1e-4:
                    best, best_score = trial, score
        print(f"after a pass: {best}: Brier {best_score:.4f}", flush=True)
    return best


def report(args: argparse.Namespace) -> None:
    records = load(args.data)
    tuning = [r for r in records if r["seed"] % 2 == 0]
    held_out = [r for r in records if r["seed"] % 2 == 1]
    if not tuning or not held_out:
        raise SystemExit("report: both halves need battles (games of even and of odd seeds)")
    print(f"{len(records)} battles from {len({r['seed'] for r in records})} games: {len(tuning)} to tune on "
          f"(even seeds), {len(held_out)} held out (odd seeds)")  # fmt: skip
    if args.tune:
        model = tune(tuning)
        print(f"tuned: {model}")
        odds.MODEL = model
        odds.contest.cache_clear()
    ys = [int(r["winner"] == "attacker") for r in held_out]
    print(f"attacker won {sum(ys)} of {len(ys)} held-out battles ({sum(ys) / len(ys):.1%})")
    print()
    print("| predictor | Brier | log loss |")
    print("| --- | --- | --- |")
    tables = {}
    for name, predict in predictors(tuning).items():
        ps = [predict(r) for r in held_out]
        tables[name] = reliability(ps, ys)
        print(f"| {name} | {brier(ps, ys):.4f} | {log_loss(ps, ys):.4f} |")
    for name, rows in tables.items():
        print(f"\nReliability, {name}:\n")
        print("| predicted | battles | mean predicted | attacker won |")
        print("| --- | --- | --- | --- |")
        for span, count, mean, won in rows:
            print(f"| {span} | {count} | {mean:.3f} | {won:.3f} |")
    groups = {
        "Brambles (Brush, Jungle)": ("Brush", "Jungle"),
        "Slopes, Dunes, walls, Drift (Hills, Mountains, Desert, Tower, Tundra)": (
            "Hills",
            "Mountains",
            "Desert",
            "Tower",
            "Tundra",
        ),
        "no strike hazard (Plains, Woods, Marsh, Swamp)": ("Plains", "Woods", "Marsh", "Swamp"),
    }
    print("\nBrier by land, held out:\n")
    print("| lands | battles | odds.contest | baseline formula |")
    print("| --- | --- | --- | --- |")
    for label, terrains in groups.items():
        picked = [r for r in held_out if r["terrain"] in terrains]
        if not picked:
            continue
        won = [int(r["winner"] == "attacker") for r in picked]
        mine = brier([odds_of(r).attacker_wins for r in picked], won)
        theirs = brier([win_chance(*strengths(r)) for r in picked], won)
        print(f"| {label} | {len(picked)} | {mine:.4f} | {theirs:.4f} |")
    errors_odds, errors_naive = [], []
    for record in held_out:
        result = odds_of(record)
        a, d = strengths(record)
        chance = win_chance(a, d)
        for side, predicted, naive in (
            ("attacker", result.attacker_left, chance * a),
            ("defender", result.defender_left, (1 - chance) * d),
        ):
            actual = kept_value(record, side)
            errors_odds.append(abs(predicted - actual))
            errors_naive.append(abs(naive - actual))
    print(
        f"\nValue kept, mean absolute error per side: odds {sum(errors_odds) / len(errors_odds):.1f} points, "
        f"the baseline's chance times the whole legion {sum(errors_naive) / len(errors_naive):.1f}"
    )
    answers = [odds_of(r) for r in held_out]
    for label, predicted, happened in (
        ("defender wins", [o.defender_wins for o in answers], [r["winner"] == "defender" for r in held_out]),
        ("both wiped out", [o.mutual for o in answers], [r["winner"] == "none" for r in held_out]),
        ("attacker out of time", [o.time_loss for o in answers], [bool(r["time"]) for r in held_out]),
    ):
        print(
            f"{label}: predicted {sum(predicted) / len(predicted):.1%} on average, happened in "
            f"{sum(happened) / len(happened):.1%} (Brier {brier(predicted, [int(h) for h in happened]):.4f})"
        )
    odds.contest.cache_clear()
    spent = []
    for record in held_out:
        started = time.process_time()
        odds_of(record)
        spent.append(time.process_time() - started)
    spent.sort()
    mean, median, p95 = statistics.mean(spent), statistics.median(spent), spent[int(0.95 * len(spent))]
    print(
        f"odds.contest, CPU a fresh question (CPython, over the held-out half): mean {mean * 1000:.2f} ms, "
        f"median {median * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, max {spent[-1] * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
