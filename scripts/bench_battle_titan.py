"""Battle Titan's figures: game length under each kind of ending, Standard's decision times, finished saves' sizes.

    .venv/bin/python scripts/bench_battle_titan.py --games 10 --jobs 1                  # 2, 3 and 4 players
    .venv/bin/python scripts/bench_battle_titan.py --games 20 --players 2,3,4,6 --json /tmp/battle.json
    .venv/bin/python scripts/bench_battle_titan.py --endings appearance --options '{"creature": "Giant"}'

Every seat plays Standard (level 1); game i of each (ending, players) uses seed SEED+i, so a run repeats
exactly. Each ending at its default (engine/titan/battle_titan/endings.py: 12 rounds, 60 minutes, the appearance or
the extinction of the Colossus); `--options` overrides any set-up option (to try another default).

Reported per ending and player count: actions per game and length in rounds (mean, median, max); how many
games reached the agreed end and how many were stopped by this script's safety cap (`--cap-rounds`: an
appearance or an extinction may never come); for the creature endings, the round in which the creature
first appeared; Standard's decision times (CPU and wall time of `Bot.choose` over decisions with at least
two legal actions, as scripts/ai_strength.py measures them); the length in bytes of the finished game's
save string (`engine.core.save.dumps`, ASCII: characters are bytes) and of the entry the app stores for it
(`app.saving.Saver.entry(...).to_json()`: the save string and what the home screen lists), each checked
to open again into the same position; the part of the save each key takes (compressed alone).

The clock. The time ending needs the game's clock, which counts the time the game is open (the app moves it
with `Titan.add_time`). Here it runs as in a game of one human (seat 0) against computer seats:
- a human decision takes `--human-seconds` (default 5 s) when there is a choice, `--forced-seconds`
  (default 1 s: one click on the only button) when there is none;
- a computer decision takes the app's visible pause before it (app/computer_seats.py: 0.4 s, 1.6 times
  that after a roll, 0.3 times when forced), or its measured CPU time where that is longer (the bot thinks
  during the pause).
That modelled time, in minutes, is reported for every game (so a 12-round game also has a length in
minutes); under the time ending it is also fed to the game, in whole seconds, after each action.
"""

from __future__ import annotations

import argparse
import ast
import json
import multiprocessing
import statistics
import sys
import time
import zlib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_strength import percentile

from engine.core.bots import make_bot
from engine.core.save import dumps, loads, pack, save_data
from engine.registry import get_game
from engine.titan.battle_titan.endings import ENDINGS
from engine.titan.game import TitanOptions

ROOT = Path(__file__).resolve().parents[1]
LEVEL = 1  # Standard
SIZE_TARGET = 8000  # bytes: a finished game's save (the bound a finished game's save keeps)
MAX_ACTIONS = 60_000  # a game still going after this many actions is stopped (a bug: the round cap comes first)


def app_pauses() -> dict[str, float]:
    """The computer seats' pauses, read from app/computer_seats.py (which imports the browser's `js` module, so
    it cannot be imported here): the base pause in seconds, and its factors after a roll and when forced."""
    tree = ast.parse((ROOT / "app" / "computer_seats.py").read_text(encoding="utf-8"))
    names = {"AI_PAUSE_SECONDS", "AI_PAUSE_FORCED", "AI_PAUSE_AFTER_ROLL"}
    found = {
        node.targets[0].id: float(ast.literal_eval(node.value))
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and node.targets[0].id in names
    }
    if set(found) != names:
        raise SystemExit(f"app/computer_seats.py no longer defines {sorted(names - set(found))}")
    return found


def options_for(ending: str, extra: dict[str, Any]) -> dict[str, Any]:
    """Battle Titan's options for an ending at its default (TitanOptions' defaults), `extra` on top."""
    return {"variant": "battle", "ending": ending, **extra}


def clock_seconds(state: Any, seat: int, choices: int, think: float, clock: dict[str, float]) -> float:
    """How long a decision keeps the game open, as the module docstring says (seat 0 is the human)."""
    if seat == 0:
        return clock["human"] if choices > 1 else clock["forced_human"]
    pause = clock["AI_PAUSE_SECONDS"]
    if state.last_chance:
        pause *= clock["AI_PAUSE_AFTER_ROLL"]
    elif choices == 1:
        pause *= clock["AI_PAUSE_FORCED"]
    return max(pause, think)


def stored_entry_bytes(game: Any, state: Any) -> int:
    """The length of the JSON entry the app keeps in localStorage for this game (app/saving.py, app/storage.py)."""
    from app.saving import Saver

    saver = Saver(None, lambda: 1_800_000_000_000, lambda: "g0123456789")  # type: ignore[arg-type]
    return len(saver.entry(game, state, "g0123456789").to_json().encode("utf-8"))


def save_parts(state: Any, rules_version: int) -> dict[str, int]:
    """Bytes each key of the save takes, compressed alone (what makes a save long)."""
    data = save_data(state, rules_version)
    return {key: len(zlib.compress(json.dumps(value, separators=(",", ":")).encode())) for key, value in data.items()}


def play_one(job: tuple[str, int, int, int, dict[str, Any], int, dict[str, float]]) -> dict[str, Any]:
    """One game between Standard players: its length, decision times, modelled clock and finished save."""
    ending, players, index, seed, extra, cap_rounds, clock = job
    game = get_game("titan")
    state = game.new_game(players, game.Options(**options_for(ending, extra)), seed=seed)
    bots = [make_bot(game, LEVEL, seed=seed * 7 + seat + 1) for seat in range(players)]
    cpu_times: list[float] = []
    wall_times: list[float] = []
    forced = actions = 0
    modelled = fed = 0.0  # the modelled clock, and how much of it the game has been given (whole seconds)
    appeared_round = None
    firsts: dict[str, int] = {}  # every creature's round of first standing on the board
    extinct: dict[str, int] = {}  # ... and of its first dying out after that
    capped = False
    while state.current_player is not None:
        if state.turn_number > cap_rounds or actions >= MAX_ACTIONS:
            capped = True
            break
        seat = state.current_player
        choices = len(game.legal_actions(state))
        started, cpu_started = time.perf_counter(), time.process_time()
        action = bots[seat].choose(state, seat)
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        if choices > 1:
            cpu_times.append(cpu)
            wall_times.append(wall)
        else:
            forced += 1
        modelled += clock_seconds(state, seat, choices, cpu, clock)
        state = game.apply(state, action)
        actions += 1
        if ending == "time" and modelled - fed >= 1:
            whole = int(modelled - fed)
            state = game.add_time(state, whole)
            fed += whole
        if appeared_round is None and state.war is not None and state.war.appeared:
            appeared_round = state.turn_number
        note_creatures(state, firsts, extinct)
    result: dict[str, Any] = {
        "ending": ending,
        "players": players,
        "index": index,
        "seed": seed,
        "finished": state.is_over,
        "capped": capped,
        "actions": actions,
        "rounds": state.turn_number - 1 if capped else state.turn_number,  # rounds played to their end
        "minutes": modelled / 60,
        "appeared_round": appeared_round,
        "firsts": firsts,
        "extinct": extinct,
        "cpu_times": cpu_times,
        "wall_times": wall_times,
        "forced": forced,
    }
    if state.is_over:
        text = dumps(state)
        reopened = loads(text)
        if reopened != state or dumps(reopened) != text:
            raise AssertionError(f"seed {seed}: the finished game's save does not open into the same game")
        result["save_bytes"] = len(text.encode("ascii"))
        data = save_data(state, game.rules_version)
        result["format2_bytes"] = len(pack({**data, "h": state.history}, version=2)) if "h" in data else None
        result["entry_bytes"] = stored_entry_bytes(game, state)
        result["save_parts"] = save_parts(state, game.rules_version)
        result["log_lines"] = len(state.log)
    return result


def note_creatures(state: Any, firsts: dict[str, int], extinct: dict[str, int]) -> None:
    """Note the round each creature first stands on the board, and the round it first dies out after that (what
    the appearance and the extinction endings would see for it, whichever creature was agreed)."""
    alive = {name for legion in state.legions.values() for name in legion.contents}
    for name in alive - firsts.keys():
        firsts[name] = state.turn_number
    for name in firsts.keys() - alive - extinct.keys():
        extinct[name] = state.turn_number


def by_creature(results: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per creature: in how many games it appeared and died out, and the median round of each."""
    rows = {}
    for name in sorted({name for r in results for name in r["firsts"]}):
        first = [r["firsts"][name] for r in results if name in r["firsts"]]
        gone = [r["extinct"][name] for r in results if name in r["extinct"]]
        rows[name] = {
            "appeared": len(first),
            "appeared_median": statistics.median(first),
            "extinct": len(gone),
            "extinct_median": statistics.median(gone) if gone else None,
        }
    return rows


def run_one(job: tuple[str, int, int, int, dict[str, Any], int, dict[str, float]]) -> dict[str, Any]:
    """`play_one`, a crash (a bug of a player or of the rules) kept as the game's result, its seed named."""
    try:
        return play_one(job)
    except Exception as error:  # reported; the run goes on with the other games
        ending, players, index, seed = job[:4]
        return {"ending": ending, "players": players, "index": index, "seed": seed, "error": repr(error)[:300]}


def spread(values: list[float], digits: int = 1) -> dict[str, float | None]:
    """Mean, median and max of some values (None where there are none)."""
    if not values:
        return {"mean": None, "median": None, "max": None}
    return {
        "mean": round(statistics.mean(values), digits),
        "median": round(statistics.median(values), digits),
        "max": round(max(values), digits),
    }


def ms(values: list[float]) -> dict[str, float | None]:
    """Median, p95 and max of some times in seconds, in ms."""
    if not values:
        return {"median": None, "p95": None, "max": None}
    return {
        "median": round(1000 * statistics.median(values), 2),
        "p95": round(1000 * percentile(values, 0.95), 2),
        "max": round(1000 * max(values), 2),
    }


def summarise(ending: str, players: int, results: list[dict[str, Any]], extra: dict[str, Any]) -> dict[str, Any]:
    """One (ending, players) row of the report (games that crashed are named, and left out of the figures)."""
    errors = [{"seed": r["seed"], "error": r["error"]} for r in results if "error" in r]
    results = [r for r in results if "error" not in r]
    over = [r for r in results if r["finished"]]
    appeared = [r["appeared_round"] for r in results if r["appeared_round"] is not None]
    keys = over[0]["save_parts"] if over else {}
    parts = {key: statistics.median(r["save_parts"].get(key, 0) for r in over) for key in keys}
    return {
        "ending": ending,
        "players": players,
        "options": options_for(ending, extra),
        "games": len(results),
        "errors": errors,
        "reached_end": len(over),
        "capped": sum(r["capped"] for r in results),
        "actions": spread([r["actions"] for r in results]),
        "rounds": spread([r["rounds"] for r in results]),
        "minutes": spread([r["minutes"] for r in results]),
        "appeared": len(appeared),
        "appeared_round": spread(appeared),
        "decisions": sum(len(r["cpu_times"]) for r in results),
        "forced": sum(r["forced"] for r in results),
        "cpu_ms": ms([t for r in results for t in r["cpu_times"]]),
        "wall_ms": ms([t for r in results for t in r["wall_times"]]),
        "save_bytes": spread([r["save_bytes"] for r in over], 0),
        "format2_bytes": spread([r["format2_bytes"] for r in over if r["format2_bytes"] is not None], 0),
        "entry_bytes": spread([r["entry_bytes"] for r in over], 0),
        "saves_over_target": sum(r["save_bytes"] >= SIZE_TARGET for r in over),
        "save_parts_median": parts,
        "log_lines_max": max((r["log_lines"] for r in over), default=None),
        "by_creature": by_creature(results),
    }


def report(row: dict[str, Any]) -> str:
    """A row as a line of text."""

    def trio(values: dict[str, Any]) -> str:
        return " / ".join("-" if v is None else f"{v:g}" for v in values.values())

    line = (
        f"{row['ending']:>10}, {row['players']} players: {row['games']} games, {row['reached_end']} at the agreed "
        f"end, {row['capped']} capped; actions {trio(row['actions'])}; rounds {trio(row['rounds'])}; "
        f"modelled minutes {trio(row['minutes'])} (mean / median / max)"
    )
    if row["ending"] in ("appearance", "extinction"):
        line += f"; creature appeared in {row['appeared']} games, in round {trio(row['appeared_round'])}"
    for error in row["errors"]:
        line += f"\n{'':>12}CRASHED, seed {error['seed']}: {error['error']}"
    line += (
        f"\n{'':>12}Standard: {row['decisions']} decisions (+{row['forced']} forced), CPU ms {trio(row['cpu_ms'])}, "
        f"wall ms {trio(row['wall_ms'])} (median / p95 / max); finished saves {trio(row['save_bytes'])} bytes, "
        f"stored entries {trio(row['entry_bytes'])} bytes (mean / median / max), {row['saves_over_target']} over "
        f"{SIZE_TARGET}; in format 2 {trio(row['format2_bytes'])}; median bytes by key {row['save_parts_median']}"
    )
    return line


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per ending and player count (default 10)")
    parser.add_argument("--players", default="2,3,4", help="player counts, comma-separated (default 2,3,4)")
    parser.add_argument("--endings", default=",".join(ENDINGS), help=f"endings (default {','.join(ENDINGS)})")
    parser.add_argument("--seed", type=int, default=6000, help="seed of the first game (default 6000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--cap-rounds", type=int, default=200, help="stop a game still going after this many rounds (default 200)"
    )
    parser.add_argument("--human-seconds", type=float, default=5.0, help="the clock: a human decision (default 5)")
    parser.add_argument("--forced-seconds", type=float, default=1.0, help="the clock: a forced human one (default 1)")
    parser.add_argument(
        "--options", type=json.loads, default={}, metavar="JSON", help="set-up options over the ending's defaults"
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the rows (and every game) to this file")
    args = parser.parse_args(argv)
    endings = [e.strip() for e in args.endings.split(",") if e.strip()]
    if unknown := set(endings) - set(ENDINGS):
        raise SystemExit(f"unknown endings {sorted(unknown)}; they are {', '.join(ENDINGS)}")
    TitanOptions(**options_for(endings[0], args.options))  # refuse bad options before any game
    clock = {**app_pauses(), "human": args.human_seconds, "forced_human": args.forced_seconds}
    counts = [int(p) for p in args.players.split(",")]
    rows, games = [], []
    started = time.perf_counter()
    for ending in endings:
        for players in counts:
            work = [
                (ending, players, i, args.seed + i, args.options, args.cap_rounds, clock) for i in range(args.games)
            ]
            if args.jobs > 1:
                with multiprocessing.Pool(args.jobs) as pool:
                    results = list(pool.imap(run_one, work, chunksize=1))
            else:
                results = [run_one(job) for job in work]
            row = summarise(ending, players, results, args.options)
            rows.append(row)
            games.extend({k: v for k, v in r.items() if k not in ("cpu_times", "wall_times")} for r in results)
            print(report(row), f"[{time.perf_counter() - started:.0f} s]", flush=True)
    if args.json:
        meta = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "cpython": sys.version.split()[0]}
        args.json.write_text(json.dumps({**meta, "clock": clock, "rows": rows, "games": games}, indent=1) + "\n")
    return 1 if any(row["errors"] for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
