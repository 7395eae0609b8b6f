"""Titan's computer players, timed as a player meets them: each decision's thinking time in the page, the longest
main-thread task while the computer thinks, how long a computer turn on the masterboard and a battle half-round
take to watch, and the decision times in CPython by phase of the game.

    .venv/bin/python scripts/bench_titan_ai.py --level 1 [--only cpython,page] [--starts 2 --battles 3
        --seconds 60] [--json out.json]

1. cpython: `--cpython-games` two-player games of the level against `--opponent` (B the scripted baseline, by
   default) through scripts/ai_strength.py's `run_pairing`: the CPU time of every decision with two or more
   legal actions, median, p95 and max, in all and by phase (split, move, engage, engagement, maneuver, strike,
   carry, aftermath, muster).
2. page: the real page (headless Chromium, served on 127.0.0.1, every other request blocked), opened with
   `?bench` and the app's own pause before each computer decision (`--ai-pause` to change it). Two-player games
   with both seats at the level are imported as saves and played by the app itself (`ComputerSeats.run_ai`), for
   `--seconds` each: `--starts` games from their first move, and `--battles` games made in CPython up to the
   start of a battle. The app records each decision it plays (`app.ai.LOG`, kept only under ?bench): its
   seat, phase, legal actions, when it began and stopped thinking, its longest slice, and when the board
   showed it; a PerformanceObserver collects the page's long tasks (over 50 ms).
   - think: the time from the start of a decision to its choice (`ai.think` in slices, as the player waits
     for it, without the visible pause), over decisions with two or more legal actions.
   - longest task: the longest 'longtask' entry overlapping a decision's thinking, and the app's own longest
     slice (`ai.STATS`, per decision), against the issue's 50 ms. A decision's first slice shares its task
     with the drawing of the move before it (`render_ms`: the board drawn and the game saved), so the long
     tasks begun after the thinking did are given apart: those are the thinking's alone.
   - masterboard turn: one seat is taken for the human; the time from his last action (the board showing it)
     to his next decision (the board showing the other seat's last action): a whole turn of the other seat
     (split, roll, moves, musters) with no engagement in it, pauses included. Goal: median at most 4 s.
   - battle half-round: a side's maneuver and strikes, as the other player waits through them: from his last
     action (his last strike) to the side's last one (its strikes back at him, its maneuver, its strikes and
     carries), pauses included. Goal: median at most 5 s.

Every seat is a computer, so each turn is a sample; a human seat would add only the time of his clicks.
Wall-clock figures stretch with the load of this 2-core machine: the load average is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from itertools import pairwise
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ai_strength import level_name, level_of, run_pairing
from bench_page import READY_MS, guard, loadavg, summary
from serve import CHROMIUM, CHROMIUM_ARGS, start_server
from titan_site import ROOT

from engine.core import Seat, save
from engine.core.bots import make_bot
from engine.registry import get_game

GAME = get_game("titan")
BOARD = {"split", "move", "engage", "engagement", "aftermath", "muster"}
BATTLE = {"maneuver", "strike", "carry"}
LONG_TASK_MS = 50
TURN_GOAL_MS = 4000
HALF_ROUND_GOAL_MS = 5000
THINK_GOAL_MS = 2000
START_SEED = 8100
BATTLE_SEED = 8200

# Long tasks of the main thread from the start, buffered by the page until the benchmark reads them
LONG_TASKS_JS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push({start: e.startTime, ms: e.duration});
}).observe({type: 'longtask', buffered: true});
"""


# -- 1. CPython ------------------------------------------------------------------------------------------------


def bench_cpython(level: int, opponent: int, games: int, seed: int) -> dict[str, Any]:
    summary_ = run_pairing("titan", level, opponent, games, seed, 1)
    stats = summary_["levels"][level]
    print(
        f"  {level_name(level)} vs {level_name(opponent)}, {games} games: {stats['decisions']} decisions, CPU median "
        f"{stats['cpu_median_ms']} ms, p95 {stats['cpu_p95_ms']} ms, max {stats['cpu_max_ms']} ms (load {loadavg()})",
        flush=True,
    )
    for phase, row in stats["cpu_by_phase"].items():
        print(
            f"    {phase}: {row['decisions']} decisions, median {row['median_ms']} ms, p95 {row['p95_ms']} ms, "
            f"max {row['max_ms']} ms",
            flush=True,
        )
    return {
        "opponent": opponent,
        "games": games,
        "win_rate": summary_["win_rate"],
        "decisions": stats["decisions"],
        "median_ms": stats["cpu_median_ms"],
        "p95_ms": stats["cpu_p95_ms"],
        "max_ms": stats["cpu_max_ms"],
        "by_phase": stats["cpu_by_phase"],
    }


# -- 2. the page -------------------------------------------------------------------------------------------------


def saves(level: int, starts: int, battles: int) -> list[tuple[str, str]]:
    """(kind, save string) of two-player games with both seats at `level`: new games, and games played in
    CPython by the same bots up to the start of a battle."""
    seats = [Seat(name=f"Computer {i + 1}", kind="ai", level=level) for i in range(2)]
    found = [("start", save.dumps(GAME.new_game(2, None, START_SEED + k, seats))) for k in range(starts)]
    seed = BATTLE_SEED
    while sum(kind == "battle" for kind, _ in found) < battles:
        seed += 1
        state = GAME.new_game(2, None, seed, seats)
        bots = [make_bot(GAME, level, seed * 10 + seat) for seat in range(2)]
        while not state.is_over and state.battle is None and state.moves < 5000:
            seat = state.current_player
            assert seat is not None
            state = GAME.apply(state, bots[seat].choose(state, seat))
        if state.battle is not None:
            found.append(("battle", save.dumps(state)))
    return found


def open_page(browser, base: str, pause: int | None, blocked: list[str], errors: list[str]) -> Page:
    """The page as a player opens it, with the bench hooks (?bench) and the app's own pauses (or `pause` ms)."""
    ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    ctx.route("**/*", guard(blocked))
    ctx.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    ctx.on("weberror", lambda err: errors.append(str(err.error)))
    ctx.add_init_script(LONG_TASKS_JS)
    page = ctx.new_page()
    page.goto(base + "?bench" + (f"&ai-pause={pause}" if pause is not None else ""))
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_MS)
    if page.get_attribute("html", "data-ready") != "1":
        sys.exit(f"the app did not start: {page.inner_text('body')[:2000]}")
    if not page.evaluate("typeof window.titanBench === 'object' && typeof window.titanBench.aiLog === 'function'"):
        sys.exit("window.titanBench.aiLog is missing: app/main.py did not load app/bench.py for ?bench")
    return page


def watch(page: Page, text: str, seconds: float) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Open a save whose seats are all computers, let the app play it for `seconds` (or to its end), then go
    home (which stops the computer) and return its decision records and the page's long tasks meanwhile."""
    page.evaluate("() => { window.titanBench.aiLog(true); window.__longTasks.length = 0; }")
    if page.locator("#gamebar [data-cmd=home]").count():
        page.click("#gamebar [data-cmd=home]")
    page.click("[data-cmd=import]")
    page.fill("#import-text", text)
    page.click("[data-cmd=import-submit]")
    page.wait_for_selector("#board .tt")
    ends = time.monotonic() + seconds
    while time.monotonic() < ends and not page.locator("#actions .result").count():
        page.wait_for_timeout(500)
    page.click("#gamebar [data-cmd=home]")
    records = json.loads(page.evaluate("() => window.titanBench.aiLog(true)"))
    tasks = page.evaluate("() => window.__longTasks.splice(0)")
    return records, tasks


def runs(records: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The records cut into runs of one seat's consecutive decisions."""
    cut: list[list[dict[str, Any]]] = []
    for record in records:
        if cut and cut[-1][-1]["seat"] == record["seat"]:
            cut[-1].append(record)
        else:
            cut.append([record])
    return cut


def turns_watched(records: list[dict[str, Any]]) -> list[float]:
    """Masterboard turns with no engagement, from the other seat's last action to the turn's last (ms): runs
    that begin with the split and end with the musters, all in masterboard phases."""
    cut = runs(records)
    return [
        run[-1]["shown"] - before[-1]["shown"]
        for before, run in pairwise(cut)
        if run[0]["phase"] == "split" and run[-1]["phase"] == "muster" and all(r["phase"] in BOARD for r in run)
    ]


def half_rounds_watched(records: list[dict[str, Any]]) -> list[float]:
    """Battle half-rounds, from the other side's last action to the side's own last one (ms): runs of one
    side's decisions all in battle phases, with a maneuver among them. Such a run is what the other player
    waits through: the side's strikes back, then its maneuver and strikes (its last strike or carry)."""
    return [
        run[-1]["shown"] - before[-1]["shown"]
        for before, run in pairwise(runs(records))
        if any(r["phase"] == "maneuver" for r in run) and all(r["phase"] in BATTLE for r in run)
    ]


def longest_tasks_while_thinking(records: list[dict[str, Any]], tasks: list[dict[str, Any]]) -> dict[str, float]:
    """The longest long task (ms, 0 if none was over 50 ms) overlapping a decision's thinking ("any"), and the
    longest of those that began after the thinking did ("thinking only"). A decision's first slice runs in the
    same task as the drawing of the move before it (the app's loop goes straight from one to the other), so a
    task that began before the thinking holds that drawing too."""
    longest = {"any": 0.0, "thinking only": 0.0}
    for task in tasks:
        start, end = task["start"], task["start"] + task["ms"]
        overlapping = [r for r in records if start < r["start"] + r["think_ms"] and end > r["start"]]
        if overlapping:
            longest["any"] = max(longest["any"], task["ms"])
        if any(start >= r["start"] for r in overlapping):
            longest["thinking only"] = max(longest["thinking only"], task["ms"])
    return longest


def bench_page(level: int, starts: int, battles: int, seconds: float, pause: int | None, root: Path) -> dict[str, Any]:
    blocked: list[str] = []
    errors: list[str] = []
    games = saves(level, starts, battles)
    records: list[dict[str, Any]] = []
    turns: list[float] = []
    half_rounds: list[float] = []
    longest = {"any": 0.0, "thinking only": 0.0}
    all_tasks: list[float] = []
    httpd, base = start_server(root)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            version = browser.version
            page = open_page(browser, base, pause, blocked, errors)
            for kind, text in games:
                got, tasks = watch(page, text, seconds)
                records += got
                turns += turns_watched(got)
                half_rounds += half_rounds_watched(got)
                for key, ms in longest_tasks_while_thinking(got, tasks).items():
                    longest[key] = max(longest[key], ms)
                all_tasks += [t["ms"] for t in tasks]
                print(
                    f"  {kind}: {len(got)} decisions, {len(turns_watched(got))} masterboard turns, "
                    f"{len(half_rounds_watched(got))} battle half-rounds, {len(tasks)} long tasks (load {loadavg()})",
                    flush=True,
                )
            memory = json.loads(page.evaluate("() => window.titanBench.wasmMemory()"))
            browser.close()
    finally:
        httpd.shutdown()
    chosen = [r for r in records if r["legal"] > 1]
    by_phase: dict[str, list[float]] = {}
    for r in chosen:
        by_phase.setdefault(r["phase"], []).append(r["think_ms"])
    result = {
        "chromium": version,
        "level": level,
        "pause_ms": pause,
        "games": len(games),
        "decisions": len(records),
        "think_ms": summary([r["think_ms"] for r in chosen]) if chosen else None,
        "think_ms_by_phase": {phase: summary(times) for phase, times in sorted(by_phase.items())},
        "longest_slice_ms": max((r["max_slice_ms"] for r in records), default=0.0),
        "longest_task_while_thinking_ms": longest["any"],
        "longest_task_thinking_only_ms": longest["thinking only"],
        "wasm_memory_mb": round(memory / 2**20, 1) if memory else None,
        "render_ms": summary([r["render_ms"] for r in records]) if records else None,
        "long_tasks": summary(all_tasks) if all_tasks else {"n": 0},
        "turn_ms": summary(turns) if turns else None,
        "half_round_ms": summary(half_rounds) if half_rounds else None,
        "blocked_requests": blocked,
        "page_errors": errors,
        "loadavg": os.getloadavg(),
    }
    return result


def verdicts(page: dict[str, Any]) -> list[str]:
    """The issue's goals, met or missed."""
    lines = []
    for label, key, stat, goal in (
        ("think time p95", "think_ms", "p95", THINK_GOAL_MS),
        ("masterboard turn watched, median", "turn_ms", "median", TURN_GOAL_MS),
        ("battle half-round watched, median", "half_round_ms", "median", HALF_ROUND_GOAL_MS),
    ):
        figure = (page.get(key) or {}).get(stat)
        verdict = "no sample" if figure is None else ("met" if figure <= goal else "MISSED")
        lines.append(f"{label} <= {goal} ms: {verdict} ({figure} ms)")
    task = max(page["longest_task_thinking_only_ms"], page["longest_slice_ms"])
    lines.append(
        f"longest main-thread task of thinking alone (long tasks begun after the thinking did, and the app's "
        f"longest slice) <= {LONG_TASK_MS} ms: {'met' if task <= LONG_TASK_MS else 'MISSED'} ({task:.1f} ms); "
        f"with the drawing of the move before: {page['longest_task_while_thinking_ms']:.1f} ms"
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="1", help="the level timed: 1 Standard, 2 Strong (default 1)")
    ap.add_argument("--only", default="cpython,page")
    ap.add_argument("--cpython-games", type=int, default=4, help="cpython: games against the opponent")
    ap.add_argument("--opponent", default="B", help="cpython: the opponent's level (default B, the baseline)")
    ap.add_argument("--seed", type=int, default=1000, help="cpython: seed of the first game")
    ap.add_argument("--starts", type=int, default=2, help="page: games watched from their first move")
    ap.add_argument("--battles", type=int, default=3, help="page: games watched from the start of a battle")
    ap.add_argument("--seconds", type=float, default=60.0, help="page: how long each game is watched")
    ap.add_argument("--ai-pause", type=int, default=None, help="page: the app's base pause in ms (default its own)")
    ap.add_argument("--root", type=Path, default=ROOT)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    level = level_of(args.level)
    sections = {s.strip() for s in args.only.split(",") if s.strip()}
    results: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "command": " ".join([".venv/bin/python", "scripts/bench_titan_ai.py", *(argv or sys.argv[1:])]),
        "cpython": sys.version.split()[0],
        "loadavg_start": os.getloadavg(),
    }
    if "cpython" in sections:
        print(f"cpython ({level_name(level)}, CPU time per decision):", flush=True)
        results["cpython"] = bench_cpython(level, level_of(args.opponent), args.cpython_games, args.seed)
    if "page" in sections:
        print(f"page ({level_name(level)}, the app playing both seats):", flush=True)
        page = bench_page(level, args.starts, args.battles, args.seconds, args.ai_pause, args.root)
        results["page"] = page
        print(json.dumps({k: v for k, v in page.items() if k != "think_ms_by_phase"}, indent=1))
        for phase, row in page["think_ms_by_phase"].items():
            print(f"  think in {phase}: {row}")
        print("\n".join(verdicts(page)))
        if page["blocked_requests"] or page["page_errors"]:
            print(f"WARNING: blocked {page['blocked_requests'][:3]}, page errors {page['page_errors'][:3]}")
    results["loadavg_end"] = os.getloadavg()
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
        print(f"JSON written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
