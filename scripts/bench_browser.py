"""Browser benchmark: engine speed, AI decision time and input latency in headless Chromium vs CPython.

    .venv/bin/python scripts/bench_browser.py [--game titan_dice|titan_race|born_of_titans|all] [--players N]
        [--reps 3] [--ai-games 6] [--levels 1,2] [--clicks 60] [--json out.json]
    .venv/bin/python scripts/bench_browser.py --only engine,ai,input   # any subset

--game picks the game(s) every section runs (default titan_dice; `all` runs
each section for Titan Dice, then Titan Race, then Born of Titans). --players
sets the player count of the AI and input sections (default: 2 for Titan Dice,
3 for Titan Race and Born of Titans, the setting of their 1 s targets).

The real page (the working tree through scripts/serve.py, or --root DIR, e.g. a
built dist/) is served on 127.0.0.1 and every other request is blocked. The page
is opened with `?bench`, which makes app/main.py install `window.titanBench`
(app/bench.py); nothing of it is loaded otherwise.

1. Engine: `engine.bench.run_random_games` (random legal play, default options)
   for 1-4 players (Titan Dice) or 2-4 players (Titan Race, Born of Titans: one
   game each, as random Heroes wander for 30,000-100,000 actions), the same seeds and
   number of games in the page (Pyodide) and in this process (CPython), timed
   the same way: wall clock around the call (`performance.now()` in the page,
   `perf_counter` here), plus CPU time (the renderer main thread's `ThreadTime`
   from the DevTools protocol; this process's `process_time`), which a busy
   machine does not inflate. Runs alternate page / CPython; medians over --reps.
2. AI: seeded bot-vs-bot games (default options, --players seats) at each level
   the app offers (--levels; Born of Titans leaves out Random, whose games wander
   for tens of thousands of actions and whose choice takes no time), every seat at
   that level and seeded as the app seeds it. Every
   decision with more than one legal action is timed as one `Bot.choose` call, in
   the page and here (same games, same decisions); in the page the app's own
   sliced `app.ai.think` makes it again, giving the time the player waits (without
   the app's visible pause) and the longest slice, i.e. how long the main thread
   is blocked. Target: the strongest level's p95 <= 1 s in the browser (for Titan
   Race and Born of Titans with 3 players).
3. Input latency: a human-vs-human hot-seat game (--players human seats, default
   options) in the real UI with `prefers-reduced-motion: reduce` (no dice
   animation) and no computer seat. Each click on a random legal choice (a button
   of the action bar) is made from inside the page: performance.now() just before
   `element.click()` (the app's Python handler runs inside it), then a
   MutationObserver sees the DOM change and the time of the next paint is taken as
   the task after the next animation frame (rAF, then a MessageChannel message);
   the double-rAF time is reported too. Target: p95 <= 100 ms. Titan Race hides
   secret hands between human seats behind a pass-the-device screen; its "I am X"
   clicks are measured the same way but reported in their own columns (and in an
   "all clicks" line), and --clicks counts legal-action clicks only. Born of
   Titans asks every other player at each moment to react, behind the same screen
   with "Pass without looking (X)" beside "I am X": half of those screens are
   passed in one tap, half revealed (then a random legal choice, passing or
   playing a counter), and the one-tap passes get their own columns too.
   The autosave a click starts runs as a task after the handler (the paint does
   not wait for it): each click waits until it is done (window.titanSaving back to
   0) before the next, and reports its time, titanLastSaveMs (from the task's
   start to the end of the write: the save string, then the revision check and the
   write in one IndexedDB transaction, awaited, then the list's order).

The load average (os.getloadavg) is printed with each section: the machine has 2
cores shared with other jobs, and wall-clock figures stretch with load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench_page import (
    ACTION_SELECTOR,
    PASS_SELECTOR,
    REVEAL_SELECTOR,
    loadavg,
    new_game,
    open_page,
    served_chromium,
    summary,
    thread_time,
    timed_click,
)
from titan_site import ROOT

from app.ai import BOT_SEED_BASE
from engine.bench import run_random_games
from engine.core.bots import bot_levels, make_bot
from engine.core.save import dumps
from engine.registry import get_game

if TYPE_CHECKING:  # Playwright is imported where the browser is launched (bench_page.served_chromium)
    from playwright.sync_api import Page

GAME_IDS = ("titan_dice", "titan_race", "born_of_titans")
# Random games per player count, sized for ~0.5-1 s in CPython each. Titan Dice: about 40 actions solo,
# 700-1000 with 2-4 players. Titan Race: 100-180 actions with 2-4 players (3-5 ms each in CPython). Born of
# Titans: one game, 30,000-100,000 actions (the cap, engine.bench) of random Heroes, 1-3 s in CPython.
ENGINE_GAMES = {
    "titan_dice": {1: 400, 2: 30, 3: 20, 4: 30},
    "titan_race": {2: 200, 3: 150, 4: 120},
    "born_of_titans": {2: 1, 3: 1, 4: 1},
}
# Players in the AI and input sections unless --players says otherwise (the AI targets are for 3).
DEFAULT_PLAYERS = {"titan_dice": 2, "titan_race": 3, "born_of_titans": 3}
# AI levels left out unless --levels names them: all-Random Born of Titans games run to tens of thousands of
# decisions (hours of round trips to the page), each taking no time.
SKIPPED_LEVELS = {"born_of_titans": {0}}
PASS_SHARE = 0.5  # the moments' pass-the-device screens passed in one tap rather than revealed (Born of Titans)
ENGINE_SEED = 1000
AI_SEED = 5000
INPUT_SEED = "20261122"
AI_TARGET_MS = 1000
INPUT_TARGET_MS = 100

# -- 1. engine --------------------------------------------------------------------------------------


def bench_engine(page: Page, game_id: str, reps: int, scale: float) -> list[dict[str, Any]]:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    rows = []
    for players, base_games in ENGINE_GAMES[game_id].items():
        n_games = max(1, round(base_games * scale))
        # Warm-up (imports, first-call costs) on both sides, not timed.
        warm = min(2, n_games)
        page.evaluate("(a) => window.titanBench.engine(...a)", [game_id, warm, ENGINE_SEED, players])
        run_random_games(game_id, warm, ENGINE_SEED, players)
        runs: dict[str, list[float]] = {"page_wall": [], "page_cpu": [], "py_wall": [], "py_cpu": []}
        counts = None
        for _ in range(reps):
            cpu0 = thread_time(cdp)
            result = json.loads(
                page.evaluate("(a) => window.titanBench.engine(...a)", [game_id, n_games, ENGINE_SEED, players])
            )
            runs["page_cpu"].append(thread_time(cdp) - cpu0)
            runs["page_wall"].append(result.pop("ms") / 1000)
            wall0, cpu0 = time.perf_counter(), time.process_time()
            mine = run_random_games(game_id, n_games, ENGINE_SEED, players)
            runs["py_cpu"].append(time.process_time() - cpu0)
            runs["py_wall"].append(time.perf_counter() - wall0)
            if mine != result:
                sys.exit(f"the page and CPython played different games: {result} vs {mine}")
            counts = mine
        assert counts is not None
        med = {k: statistics.median(v) for k, v in runs.items()}
        row = {
            "game": game_id,
            "players": players,
            "games": n_games,
            "actions": counts["actions"],
            "reps": reps,
            **{f"{k}_s": round(v, 4) for k, v in med.items()},
            "page_games_per_s_wall": round(n_games / med["page_wall"], 2),
            "py_games_per_s_wall": round(n_games / med["py_wall"], 2),
            "page_games_per_s_cpu": round(n_games / med["page_cpu"], 2),
            "py_games_per_s_cpu": round(n_games / med["py_cpu"], 2),
            "ratio_wall": round(med["page_wall"] / med["py_wall"], 2),
            "ratio_cpu": round(med["page_cpu"] / med["py_cpu"], 2),
            "loadavg": os.getloadavg(),
        }
        rows.append(row)
        print(
            f"  {players}p: {n_games} games ({counts['actions']} actions): page {med['page_wall']:.2f} s wall "
            f"/ {med['page_cpu']:.2f} s CPU, CPython {med['py_wall']:.2f} s wall / {med['py_cpu']:.2f} s CPU "
            f"(load {loadavg()})",
            flush=True,
        )
    cdp.detach()
    return rows


# -- 2. AI ------------------------------------------------------------------------------------------------


def cpython_ai(game_id: str, level: int, seeds: list[int], players: int) -> dict[str, Any]:
    """The same bot-vs-bot games in CPython: wall and CPU time of each `choose` with a choice."""
    game = get_game(game_id)
    decisions, games = [], []
    for seed in seeds:
        state = game.new_game(players, seed=seed)
        bots = [make_bot(game, level, BOT_SEED_BASE + seat) for seat in range(players)]
        actions = 0
        while state.current_player is not None and actions < 2000:
            seat = state.current_player
            legal = game.legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                wall0, cpu0 = time.perf_counter(), time.process_time()
                action = bots[seat].choose(state, seat)
                decisions.append(
                    {"ms": (time.perf_counter() - wall0) * 1000, "cpu_ms": (time.process_time() - cpu0) * 1000}
                )
            state = game.apply(state, action)
            actions += 1
        games.append({"seed": seed, "actions": actions, "finished": state.is_over, "final": dumps(state)[-16:]})
    return {"games": games, "decisions": decisions}


def page_ai(page: Page, cdp, game_id: str, level: int, seeds: list[int], players: int, sliced: bool) -> dict[str, Any]:
    """The bot-vs-bot games in the page, one call per step, with the main thread's CPU time around each."""
    decisions, games = [], []
    for seed in seeds:
        status = json.loads(page.evaluate("(a) => window.titanBench.aiStart(...a)", [game_id, level, seed, players]))
        while not status["over"]:
            cpu0 = thread_time(cdp)
            record = json.loads(page.evaluate("() => window.titanBench.aiChoose()"))
            record["cpu_ms"] = (thread_time(cdp) - cpu0) * 1000
            record["legal"] = status["legal"]
            cpu0 = thread_time(cdp)
            played = json.loads(page.evaluate("(s) => window.titanBench.aiPlay(s)", sliced))
            if sliced:
                played["sliced_cpu_ms"] = (thread_time(cdp) - cpu0) * 1000
            status = played.pop("next")
            decisions.append({**record, **played})
        games.append({"seed": seed, **{k: status[k] for k in ("actions", "finished", "final")}})
    return {"games": games, "decisions": decisions}


def ai_levels(game_id: str, chosen: str | None) -> list[tuple[int, str]]:
    """The levels the AI section times: those named in `chosen` ("1,2"), else those the app offers less the
    game's SKIPPED_LEVELS."""
    offered = bot_levels(get_game(game_id))
    if chosen:
        wanted = {int(level) for level in chosen.split(",") if level.strip()}
        return [(level, name) for level, name in offered if level in wanted]
    return [(level, name) for level, name in offered if level not in SKIPPED_LEVELS.get(game_id, set())]


def bench_ai(
    page: Page, game_id: str, n_games: int, players: int, sliced: bool, levels: str | None = None
) -> list[dict[str, Any]]:
    seeds = [AI_SEED + i for i in range(n_games)]
    rows = []
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    for level, name in ai_levels(game_id, levels):
        started, cpu0 = time.perf_counter(), thread_time(cdp)
        browser = page_ai(page, cdp, game_id, level, seeds, players, sliced)
        page_wall, page_cpu = time.perf_counter() - started, thread_time(cdp) - cpu0
        py = cpython_ai(game_id, level, seeds, players)
        same_games = browser["games"] == py["games"]
        bd, pd = browser["decisions"], py["decisions"]
        row: dict[str, Any] = {
            "game": game_id,
            "players": players,
            "level": level,
            "name": name,
            "games": n_games,
            "same_games": same_games,
            "page_ms": summary([d["ms"] for d in bd]),
            "page_cpu_ms": summary([d["cpu_ms"] for d in bd]),
            "py_ms": summary([d["ms"] for d in pd]),
            "py_cpu_ms": summary([d["cpu_ms"] for d in pd]),
            "page_run_wall_s": round(page_wall, 1),
            "page_run_cpu_s": round(page_cpu, 1),  # the page's main thread got this share of the wall time
            "loadavg": os.getloadavg(),
        }
        if sliced:
            row["page_sliced_wall_ms"] = summary([d["wall_ms"] for d in bd])
            row["page_longest_slice_ms"] = summary([d["max_slice_ms"] for d in bd])  # each decision's longest
            row["page_slices_over_50ms"] = sum(d["max_slice_ms"] > 50 for d in bd)
            row["page_slices_median"] = statistics.median(d["slices"] for d in bd)
            row["sliced_same_choice"] = all(d["same"] for d in bd)
        rows.append(row)
        print(
            f"  level {level} ({name}): {len(bd)} decisions in {n_games} games, page median {row['page_ms']['median']} "
            f"ms p95 {row['page_ms']['p95']} ms; CPython median {row['py_ms']['median']} ms p95 "
            f"{row['py_ms']['p95']} ms; {page_wall:.0f} s in the page, {page_cpu:.0f} s of it on the CPU "
            f"(load {loadavg()})" + ("" if same_games else "  WARNING: the page and CPython games differ"),
            flush=True,
        )
    cdp.detach()
    return rows


# -- 3. input latency -------------------------------------------------------------------------------------

INPUT_STAGES = ("python", "save", "handler", "dom", "paint", "raf2", "cpu")


def stage_summaries(samples: list[dict[str, Any]]) -> dict[str, Any]:
    """median / p95 / max per stage; `python` only where a legal action's handler published it."""
    result: dict[str, Any] = {"n": len(samples)}
    for key in INPUT_STAGES:
        values = [s[key] for s in samples if s.get(key) is not None]
        result[key] = summary(values) if values else None
    return result


def next_click(reveal: bool, passes: bool, count: int, rng: random.Random) -> tuple[str, str, int]:
    """What to click next: on a pass-the-device screen "I am X" (at a moment to react, "Pass without looking" as
    often as PASS_SHARE), else one of the `count` legal-action buttons at random. The random stream is drawn from
    only where there is a choice, so games without moments play the same clicks as before."""
    if reveal:
        if passes and rng.random() < PASS_SHARE:
            return "pass", PASS_SELECTOR, 0
        return "reveal", REVEAL_SELECTOR, 0
    return "action", ACTION_SELECTOR, rng.randrange(count)


def bench_input(page: Page, game_id: str, players: int, clicks: int, warmup: int) -> dict[str, Any]:
    if not page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches"):
        sys.exit("prefers-reduced-motion emulation did not apply")
    rng = random.Random(INPUT_SEED)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    games = 1
    new_game(page, game_id, INPUT_SEED, players)
    samples: list[dict[str, Any]] = []
    actions = 0
    lost = 0
    while actions < clicks + warmup:
        reveal, passes = page.locator(REVEAL_SELECTOR).count(), page.locator(PASS_SELECTOR).count()
        count = 0 if reveal else page.locator(ACTION_SELECTOR).count()
        if not reveal and count == 0:  # game over: another one
            games += 1
            new_game(page, game_id, f"{INPUT_SEED}{games}", players)
            continue
        kind, selector, index = next_click(bool(reveal), bool(passes), count, rng)
        sample = timed_click(page, cdp, selector, index)
        if sample is None:
            lost += 1
            if lost > 5:
                sys.exit("clicks stopped changing the page")
            continue
        sample["kind"] = kind
        sample["warmup"] = actions < warmup
        actions += kind == "action"
        samples.append(sample)
        page.wait_for_timeout(20)
    measured = [s for s in samples if not s.pop("warmup")]
    chosen = [s for s in measured if s["kind"] == "action"]
    reveals = [s for s in measured if s["kind"] == "reveal"]
    passed = [s for s in measured if s["kind"] == "pass"]
    result: dict[str, Any] = {
        "game": game_id,
        "players": players,
        "clicks": len(chosen),
        "reveal_clicks": len(reveals),
        "warmup": warmup,
        "games": games,
        "action": stage_summaries(chosen),
        "reveal": stage_summaries(reveals) if reveals else None,
        "pass_clicks": len(passed),
        "pass": stage_summaries(passed) if passed else None,
        "all": stage_summaries(measured),
        "loadavg": os.getloadavg(),
        "samples": [{k: round(v, 1) if isinstance(v, float) else v for k, v in s.items()} for s in measured],
    }
    print(
        f"  {len(chosen)} legal-action clicks"
        + (f" ({len(reveals)} 'I am X')" if reveals else "")
        + (f" ({len(passed)} 'Pass without looking')" if passed else "")
        + f" in {games} game(s), paint p95 "
        f"{result['action']['paint']['p95']} ms (load {loadavg()})",
        flush=True,
    )
    return result


# -- output -------------------------------------------------------------------------------------------------


def title(game_id: str) -> str:
    return get_game(game_id).title


def print_engine(game_id: str, rows: list[dict[str, Any]]) -> None:
    print(f"\nEngine: random {title(game_id)} games per second, page (Pyodide) vs CPython, same games, median of reps")
    print("(wall = clock around the call; CPU = renderer main-thread CPU time / this process's CPU time)\n")
    print(
        "| players | games | actions | Pyodide games/s wall | CPython games/s wall | ratio wall "
        "| Pyodide games/s CPU | CPython games/s CPU | ratio CPU |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(
            f"| {r['players']} | {r['games']} | {r['actions']:,} | {r['page_games_per_s_wall']} | "
            f"{r['py_games_per_s_wall']} | {r['ratio_wall']:.2f}x | {r['page_games_per_s_cpu']} | "
            f"{r['py_games_per_s_cpu']} | **{r['ratio_cpu']:.2f}x** |"
        )


def print_ai(game_id: str, rows: list[dict[str, Any]]) -> None:
    players = rows[0]["players"]
    print(
        f"\nAI ({title(game_id)}): decision time (ms) of decisions with a choice, {players}-player bot-vs-bot "
        "games, every seat at the level\n"
    )
    print(
        "| level | decisions | browser choose median | browser p95 | browser max | browser CPU median / p95 "
        "| sliced wait p95 "
        "| longest slice per decision median / p95 / max | CPython median | CPython p95 | CPython CPU p95 |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        b, p, c, bc = r["page_ms"], r["py_ms"], r["py_cpu_ms"], r["page_cpu_ms"]
        wait = r.get("page_sliced_wall_ms", {}).get("p95", "-")
        longest = r.get("page_longest_slice_ms")
        slices = f"{longest['median']} / {longest['p95']} / {longest['max']}" if longest else "-"
        print(
            f"| {r['level']} {r['name']} | {b['n']} | {b['median']} | {b['p95']} | {b['max']} | "
            f"{bc['median']} / {bc['p95']} | {wait} | "
            f"{slices} | {p['median']} | {p['p95']} | {c['p95']} |"
        )
    same = all(r["same_games"] for r in rows)
    sliced_same = all(r.get("sliced_same_choice", True) for r in rows)
    print(
        f"\nThe page and CPython played the same games: {'yes' if same else 'NO'}; "
        f"the sliced app.ai.think chose as Bot.choose: {'yes' if sliced_same else 'NO'}"
    )
    strongest = max(rows, key=lambda r: r["level"])
    p95 = strongest["page_ms"]["p95"]
    verdict = "met" if p95 <= AI_TARGET_MS else "MISSED"
    print(
        f"\nTarget {title(game_id)} {strongest['name']} p95 <= {AI_TARGET_MS} ms in the browser ({players} players): "
        f"{verdict} ({p95} ms wall clock; {strongest['page_cpu_ms']['p95']} ms of main-thread CPU; the page ran on "
        f"the CPU {strongest['page_run_cpu_s'] / max(strongest['page_run_wall_s'], 0.1):.0%} of the time)"
    )


def print_input(game_id: str, r: dict[str, Any]) -> None:
    passed = r.get("pass")
    extra = f"{r['reveal_clicks']} pass-the-device 'I am X'" + (
        f" and {r['pass_clicks']} 'Pass without looking'" if passed else ""
    )
    print(
        f"\nInput latency (ms), {title(game_id)}, {r['players']}-player hot seat, reduced motion: {r['clicks']} "
        f"legal-action clicks after {r['warmup']} warm-up, in {r['games']} game(s)"
        + (f"; {extra} clicks in their own columns\n" if r["reveal"] or passed else "\n")
    )
    labels = {
        "python": "Python handler (apply, render), titanLastInputMs",
        "save": "the autosave, a task after the paint (save string, check and write), titanLastSaveMs",
        "handler": "click() returned (whole handler)",
        "dom": "DOM change seen (MutationObserver)",
        "paint": "next paint (rAF + task)",
        "raf2": "double rAF",
        "cpu": "main-thread CPU time of the click's whole round trip (DevTools ThreadTime)",
    }

    def cells(stats: dict[str, Any] | None, key: str) -> str:
        value = stats and stats[key]
        return f"{value['median']} | {value['p95']} | {value['max']}" if value else "- | - | -"

    columns = [(name, r[kind]) for kind, name in (("reveal", "'I am X'"), ("pass", "'Pass'")) if r.get(kind)]
    if columns:
        print(
            "| stage | action median | action p95 | action max | "
            + " | ".join(f"{name} median | {name} p95 | {name} max" for name, _ in columns)
            + " |"
        )
        print("| --- | --- | --- | --- |" + " --- | --- | --- |" * len(columns))
        for key, label in labels.items():
            print(f"| {label} | {cells(r['action'], key)} | " + " | ".join(cells(c, key) for _, c in columns) + " |")
    else:
        print("| stage | median | p95 | max |")
        print("| --- | --- | --- | --- |")
        for key, label in labels.items():
            print(f"| {label} | {cells(r['action'], key)} |")
    p95 = r["action"]["paint"]["p95"]
    verdict = "met" if p95 <= INPUT_TARGET_MS else "MISSED"
    print(f"\nTarget click-to-paint p95 <= {INPUT_TARGET_MS} ms ({title(game_id)}): {verdict} ({p95} ms)")
    if r["reveal"] or passed:
        every = r["all"]["paint"]["p95"]
        also = "'I am X' and Pass" if passed else "'I am X'"
        print(
            f"All {r['all']['n']} clicks, {also} included: click-to-paint p95 {every} ms "
            f"({'within' if every <= INPUT_TARGET_MS else 'OVER'} the target)"
        )


def print_tables(results: dict[str, Any]) -> None:
    print(f"\nHeadless Chromium on 127.0.0.1, {os.cpu_count()} cores; load average at the end {loadavg()}")
    for game_id, rows in results.get("engine", {}).items():
        print_engine(game_id, rows)
    for game_id, rows in results.get("ai", {}).items():
        print_ai(game_id, rows)
    for game_id, result in results.get("input", {}).items():
        print_input(game_id, result)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="titan_dice", choices=[*GAME_IDS, "all"], help="the game(s) every section runs")
    ap.add_argument("--only", default="engine,ai,input", help="comma-separated sections: engine, ai, input")
    ap.add_argument("--reps", type=int, default=3, help="engine: timed runs per player count (median)")
    ap.add_argument("--engine-scale", type=float, default=1.0, help="engine: multiply the number of games")
    ap.add_argument(
        "--players", type=int, help="AI and input: player count (default: 2 for titan_dice, 3 for the others)"
    )
    ap.add_argument("--ai-games", type=int, default=6, help="AI: bot-vs-bot games per level")
    ap.add_argument("--levels", help="AI: comma-separated levels (default: those the app offers, see SKIPPED_LEVELS)")
    ap.add_argument("--no-sliced", action="store_true", help="AI: skip the sliced re-run (halves the time)")
    ap.add_argument("--clicks", type=int, default=60, help="input: measured clicks on legal actions")
    ap.add_argument("--warmup", type=int, default=3, help="input: legal-action clicks before measuring")
    ap.add_argument("--root", type=Path, default=ROOT, help="the folder to serve (working tree or a built dist/)")
    ap.add_argument("--json", type=Path, help="also write the results as JSON here")
    args = ap.parse_args()
    sections = {s.strip() for s in args.only.split(",") if s.strip()}
    unknown = sections - {"engine", "ai", "input"}
    if unknown:
        ap.error(f"unknown sections: {', '.join(sorted(unknown))}")
    game_ids = list(GAME_IDS) if args.game == "all" else [args.game]
    players = {game_id: args.players or DEFAULT_PLAYERS[game_id] for game_id in game_ids}
    for game_id, count in players.items():
        game = get_game(game_id)
        if not game.min_players <= count <= game.max_players:
            ap.error(f"{game_id} takes {game.min_players}-{game.max_players} players, not {count}")

    results: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "command": " ".join([".venv/bin/python", "scripts/bench_browser.py", *sys.argv[1:]]),
        "games": game_ids,
        "cpython": sys.version.split()[0],
        "cores": os.cpu_count(),
        "loadavg_start": os.getloadavg(),
    }
    print(f"load average at the start: {loadavg()}", flush=True)
    blocked: list[str] = []
    errors: list[str] = []
    with served_chromium(args.root) as (browser, base):
        results["chromium"] = browser.version
        if sections & {"engine", "ai"}:
            page = open_page(browser, base, blocked, errors)
            if "engine" in sections:
                results["engine"] = {}
                for game_id in game_ids:
                    print(f"engine ({title(game_id)}):", flush=True)
                    results["engine"][game_id] = bench_engine(page, game_id, args.reps, args.engine_scale)
            if "ai" in sections:
                results["ai"] = {}
                for game_id in game_ids:
                    print(f"AI ({title(game_id)}, {players[game_id]} players):", flush=True)
                    results["ai"][game_id] = bench_ai(
                        page, game_id, args.ai_games, players[game_id], not args.no_sliced, args.levels
                    )
            page.context.close()
        if "input" in sections:
            results["input"] = {}
            for game_id in game_ids:
                print(f"input latency ({title(game_id)}, {players[game_id]}-player hot seat):", flush=True)
                page = open_page(browser, base, blocked, errors, reduced_motion="reduce")
                results["input"][game_id] = bench_input(page, game_id, players[game_id], args.clicks, args.warmup)
                page.context.close()
    results["loadavg_end"] = os.getloadavg()
    results["blocked_requests"] = blocked
    results["page_errors"] = errors
    print_tables(results)
    if blocked:
        print(f"\nWARNING: requests left 127.0.0.1 and were blocked: {blocked}")
    if errors:
        print(f"\nWARNING: the page logged errors: {errors[:5]}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
        print(f"\nJSON written to {args.json}")


if __name__ == "__main__":
    main()
