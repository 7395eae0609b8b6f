"""The page while computer seats play: each decision's thinking and drawing, and the main thread's long tasks.

    .venv/bin/python scripts/bench_watch.py [--game born_of_titans] [--players 3] [--level 2] [--seconds 90]
        [--ai-pause 0] [--seed 7] [--json out.json]

scripts/bench_browser.py times the bots' decisions one by one; this watches a whole game as the app plays it.
The real page (served on 127.0.0.1, every other request blocked) is opened with `?bench` and the computer's
visible pause set by --ai-pause (0 by default: decisions back to back, the busiest the main thread can be, and
the most samples). A game with every seat a computer at --level (default: the strongest the app offers) is set up
on the new-game form and played by the app itself for --seconds (another one begins if it ends). Read from the
page:

- each decision the app played (`app.ai.LOG`, kept under ?bench): its thinking time (`app.ai.think` in slices,
  over decisions with two or more legal actions), its longest slice, and the time to show it (`render_ms`: the
  board drawn and the game saved);
- the main thread's long tasks (a PerformanceObserver of 'longtask': every task over 50 ms), the longest a
  click would wait while the computer plays; those begun while the script set a game up on the form (the
  game's package imported, the first board drawn: a player's own clicks) are counted apart.

Wall-clock figures stretch with the load of this 2-core machine: the load average is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench_page import loadavg, new_game, open_page, served_chromium, summary
from titan_site import ROOT

from engine.core.bots import bot_levels
from engine.registry import get_game

LONG_TASKS_JS = """() => {
  window.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push({start: entry.startTime, ms: entry.duration});
  }).observe({type: 'longtask'});
}"""
OVER = "#actions .result"


def watch(page: Page, game_id: str, players: int, level: int, seconds: float, seed: int) -> dict[str, Any]:
    """Let the app play for `seconds` (new games as they end); the decisions it logged and the long tasks."""
    page.evaluate(LONG_TASKS_JS)
    page.evaluate("() => window.titanBench.aiLog(true)")
    games, finished = 0, 0
    setups: list[tuple[float, float]] = []  # the page's clock around each game's set-up

    def set_up() -> None:
        nonlocal games
        games += 1
        begun = page.evaluate("performance.now()")
        new_game(page, game_id, str(seed + games - 1), players, level)
        setups.append((begun, page.evaluate("performance.now()")))

    set_up()
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        page.wait_for_timeout(500)
        if page.locator(OVER).count():
            finished += 1
            set_up()
    records = json.loads(page.evaluate("() => window.titanBench.aiLog(false)"))
    tasks = page.evaluate("() => window.benchLongTasks")
    head = {"game": game_id, "players": players, "level": level, "seconds": seconds}
    return digest(records, tasks, setups, head) | {
        "games": games,
        "finished": finished,
        "records": records,
        "tasks": tasks,
        "loadavg": os.getloadavg(),
    }


def digest(
    records: list[dict[str, Any]], tasks: list[dict[str, Any]], setups: list[tuple[float, float]], head: dict[str, Any]
) -> dict[str, Any]:
    """Summaries of the app's decisions (thinking over those with a choice) and of the long tasks, those begun
    during a game's set-up (`setups`: the page's clock before and after) apart."""
    chosen = [r for r in records if r["legal"] > 1]
    setting_up = [t for t in tasks if any(begun <= t["start"] <= done for begun, done in setups)]
    playing = [t for t in tasks if t not in setting_up]
    return {
        **head,
        "decisions": len(records),
        "think_ms": summary([r["think_ms"] for r in chosen]) if chosen else None,
        "slice_ms": summary([r["max_slice_ms"] for r in chosen]) if chosen else None,
        "render_ms": summary([r["render_ms"] for r in records]) if records else None,
        "long_tasks": len(playing),
        "long_task_ms": summary([t["ms"] for t in playing]) if playing else None,
        "setup_long_task_ms": summary([t["ms"] for t in setting_up]) if setting_up else None,
    }


def print_watch(r: dict[str, Any]) -> None:
    title = get_game(r["game"]).title
    print(
        f"\n{title}, {r['players']} computer seats at level {r['level']}, watched {r['seconds']:.0f} s: "
        f"{r['decisions']} decisions in {r['games']} game(s) ({r['finished']} finished), the app's pause "
        f"{r['ai_pause']} ms; ms, median / p95 / max\n"
    )
    print("| what | n | median | p95 | max |")
    print("| --- | --- | --- | --- | --- |")
    rows = (
        ("thinking (decisions with a choice)", r["think_ms"]),
        ("longest slice of each such decision", r["slice_ms"]),
        ("showing each decision (board drawn, game saved)", r["render_ms"]),
        ("long tasks (over 50 ms) while the computer plays", r["long_task_ms"]),
        ("long tasks while a game is set up on the form", r["setup_long_task_ms"]),
    )
    for label, stats in rows:
        if stats:
            print(f"| {label} | {stats['n']} | {stats['median']} | {stats['p95']} | {stats['max']} |")
        else:
            print(f"| {label} | 0 | - | - | - |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="born_of_titans")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--level", type=int, help="the computer seats' level (default: the strongest offered)")
    ap.add_argument("--seconds", type=float, default=90)
    ap.add_argument("--ai-pause", type=int, default=0, help="the app's visible pause before a decision, ms")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--root", type=Path, default=ROOT, help="the folder to serve")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    game = get_game(args.game)
    level = args.level if args.level is not None else max(level for level, _ in bot_levels(game))
    print(f"load average at the start: {loadavg()}", flush=True)
    blocked: list[str] = []
    errors: list[str] = []
    with served_chromium(args.root) as (browser, base):
        page = open_page(browser, base, blocked, errors, ai_pause=args.ai_pause)
        result = watch(page, args.game, args.players, level, args.seconds, args.seed)
    result |= {"ai_pause": args.ai_pause, "blocked_requests": blocked, "page_errors": errors}
    print_watch(result)
    print(f"\nLoad average at the end: {loadavg()}")
    if blocked or errors:
        print(f"WARNING: blocked requests {blocked[:5]}, page errors {errors[:5]}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
