"""Browser benchmark: engine speed, AI decision time and input latency in headless Chromium vs CPython.

    .venv/bin/python scripts/bench_browser.py [--reps 3] [--ai-games 6] [--clicks 60] [--json out.json]
    .venv/bin/python scripts/bench_browser.py --only engine,ai,input   # any subset

The real page (the working tree through scripts/serve.py, or --root DIR, e.g. a
built dist/) is served on 127.0.0.1 and every other request is blocked. The page
is opened with `?bench`, which makes app/main.py install `window.titanBench`
(app/bench.py); nothing of it is loaded otherwise.

1. Engine: `engine.bench.run_random_games` (random legal play, Titan Dice) for
   1-4 players, the same seeds and number of games in the page (Pyodide) and in
   this process (CPython), timed the same way: wall clock around the call
   (`performance.now()` in the page, `perf_counter` here), plus CPU time (the
   renderer main thread's `ThreadTime` from the DevTools protocol; this process's
   `process_time`), which a busy machine does not inflate. Runs alternate page /
   CPython; medians over --reps.
2. AI: seeded 2-player bot-vs-bot games at each level the app offers, both seats
   seeded as the app seeds them. Every decision with more than one legal action
   is timed as one `Bot.choose` call, in the page and here (same games, same
   decisions); in the page the app's own sliced `app.ai.think` makes it again,
   giving the time the player waits (without the app's visible pause) and the
   longest slice, i.e. how long the main thread is blocked. Target: the strongest
   level's p95 <= 1 s in the browser.
3. Input latency: a human-vs-human hot-seat Titan Dice game in the real UI with
   `prefers-reduced-motion: reduce` (no dice animation) and no computer seat. Each
   click on a random legal choice is made from inside the page: performance.now()
   just before `element.click()` (the app's Python handler runs inside it), then a
   MutationObserver sees the DOM change and the time of the next paint is taken as
   the task after the next animation frame (rAF, then a MessageChannel message);
   the double-rAF time is reported too. Target: p95 <= 100 ms.

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
from typing import Any

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from serve import CHROMIUM, CHROMIUM_ARGS, start_server
from titan_site import ROOT

from app.ai import BOT_SEED_BASE
from engine.bench import run_random_games
from engine.core.bots import bot_levels, make_bot
from engine.core.save import dumps
from engine.registry import get_game

GAME = "titan_dice"
# Random Titan Dice games: about 40 actions solo, 700-1000 with 2-4 players; sized for ~0.5-1 s in CPython each.
ENGINE_GAMES = {1: 400, 2: 30, 3: 20, 4: 30}
ENGINE_SEED = 1000
AI_SEED = 5000
INPUT_SEED = "20261122"
READY_MS = 120_000
AI_TARGET_MS = 1000
INPUT_TARGET_MS = 100

CLICK_JS = """async (index) => {
  const buttons = document.querySelectorAll('#actions .btn-action:not([disabled])');
  const target = buttons[index];
  const root = document.getElementById('app');
  const label = target.textContent.trim().slice(0, 60);
  return await new Promise((resolve) => {
    let started = 0, clicked = 0;
    const timer = setTimeout(() => { observer.disconnect(); resolve(null); }, 10000);
    const observer = new MutationObserver(() => {
      observer.disconnect();
      const mutated = performance.now();
      requestAnimationFrame(() => {
        const frame = performance.now();
        let painted = 0;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { painted = performance.now(); };
        channel.port2.postMessage(0);
        requestAnimationFrame(() => {
          const frame2 = performance.now();
          const finish = () => {
            clearTimeout(timer);
            resolve({handler: clicked - started, dom: mutated - started, frame: frame - started,
                     paint: painted - started, raf2: frame2 - started,
                     python: window.titanLastInputMs || 0, label: label});
          };
          painted ? finish() : setTimeout(finish, 0);
        });
      });
    });
    observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
    started = performance.now();
    target.click();
    clicked = performance.now();
  });
}"""


def loadavg() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation between closest ranks."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    pos = (len(ordered) - 1) * q
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def guard(blocked: list[str]):
    def route(route):
        if route.request.url.startswith(("http://127.0.0.1:", "http://127.0.0.1/")):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort("blockedbyclient")

    return route


def open_page(browser, base: str, blocked: list[str], errors: list[str], **options) -> Page:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block", **options)
    ctx.route("**/*", guard(blocked))
    ctx.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    ctx.on("weberror", lambda err: errors.append(str(err.error)))
    page = ctx.new_page()
    page.goto(base + "?bench&ai-pause=0")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_MS)
    if page.get_attribute("html", "data-ready") != "1":
        sys.exit(f"the app did not start: {page.inner_text('body')[:2000]}")
    if not page.evaluate("typeof window.titanBench === 'object'"):
        sys.exit("window.titanBench is missing: app/main.py did not load app/bench.py for ?bench")
    return page


def thread_time(cdp) -> float:
    """CPU seconds of the renderer's main thread so far (DevTools Performance.getMetrics ThreadTime)."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return float(metrics.get("ThreadTime", float("nan")))


# -- 1. engine --------------------------------------------------------------------------------------


def bench_engine(page: Page, reps: int, scale: float) -> list[dict[str, Any]]:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    rows = []
    for players, base_games in ENGINE_GAMES.items():
        n_games = max(1, round(base_games * scale))
        # Warm-up (imports, first-call costs) on both sides, not timed.
        page.evaluate("(a) => window.titanBench.engine(...a)", [GAME, 2, ENGINE_SEED, players])
        run_random_games(GAME, 2, ENGINE_SEED, players)
        runs: dict[str, list[float]] = {"page_wall": [], "page_cpu": [], "py_wall": [], "py_cpu": []}
        counts = None
        for _ in range(reps):
            cpu0 = thread_time(cdp)
            result = json.loads(
                page.evaluate("(a) => window.titanBench.engine(...a)", [GAME, n_games, ENGINE_SEED, players])
            )
            runs["page_cpu"].append(thread_time(cdp) - cpu0)
            runs["page_wall"].append(result.pop("ms") / 1000)
            wall0, cpu0 = time.perf_counter(), time.process_time()
            mine = run_random_games(GAME, n_games, ENGINE_SEED, players)
            runs["py_cpu"].append(time.process_time() - cpu0)
            runs["py_wall"].append(time.perf_counter() - wall0)
            if mine != result:
                sys.exit(f"the page and CPython played different games: {result} vs {mine}")
            counts = mine
        assert counts is not None
        med = {k: statistics.median(v) for k, v in runs.items()}
        row = {
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


def cpython_ai(level: int, seeds: list[int], players: int = 2) -> dict[str, Any]:
    """The same bot-vs-bot games in CPython: wall and CPU time of each `choose` with a choice."""
    game = get_game(GAME)
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


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "median": round(statistics.median(values), 1),
        "p95": round(pct(values, 0.95), 1),
        "max": round(max(values), 1),
    }


def page_ai(page: Page, cdp, level: int, seeds: list[int], sliced: bool) -> dict[str, Any]:
    """The bot-vs-bot games in the page, one call per step, with the main thread's CPU time around each."""
    decisions, games = [], []
    for seed in seeds:
        status = json.loads(page.evaluate("(a) => window.titanBench.aiStart(...a)", [level, seed, 2]))
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


def bench_ai(page: Page, n_games: int, sliced: bool) -> list[dict[str, Any]]:
    game = get_game(GAME)
    seeds = [AI_SEED + i for i in range(n_games)]
    rows = []
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    for level, name in bot_levels(game):
        started, cpu0 = time.perf_counter(), thread_time(cdp)
        browser = page_ai(page, cdp, level, seeds, sliced)
        page_wall, page_cpu = time.perf_counter() - started, thread_time(cdp) - cpu0
        py = cpython_ai(level, seeds)
        same_games = browser["games"] == py["games"]
        bd, pd = browser["decisions"], py["decisions"]
        row: dict[str, Any] = {
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


def new_hot_seat_game(page: Page, seed: str) -> None:
    """From the home screen: a 2-player Titan Dice game, both seats human (as the e2e tests set it up)."""
    if page.locator("#gamebar [data-cmd=home]").count():
        page.click("#gamebar [data-cmd=home]")
    page.click("[data-cmd=new]")
    page.wait_for_selector("#setup-form")
    page.select_option("#setup-game", GAME)
    page.select_option("#setup-count", "2")
    page.wait_for_selector("#seat1-name")
    for seat in range(2):
        page.select_option(f"#seat{seat}-kind", "human")
        page.wait_for_selector(f"#seat{seat}-name")
    page.fill("#setup-seed", seed)
    page.click("[data-cmd=start]")
    page.wait_for_selector("#board .player-board")


def bench_input(page: Page, clicks: int, warmup: int) -> dict[str, Any]:
    if not page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches"):
        sys.exit("prefers-reduced-motion emulation did not apply")
    rng = random.Random(INPUT_SEED)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    games = 1
    new_hot_seat_game(page, INPUT_SEED)
    samples: list[dict[str, float]] = []
    lost = 0
    while len(samples) < clicks + warmup:
        count = page.locator("#actions .btn-action:not([disabled])").count()
        if count == 0:  # game over: another one
            games += 1
            new_hot_seat_game(page, f"{INPUT_SEED}{games}")
            continue
        cpu0 = thread_time(cdp)
        sample = page.evaluate(CLICK_JS, rng.randrange(count))
        if sample is not None:  # main-thread CPU time of the whole evaluate: click, handler, frames (and bridge)
            sample["cpu"] = (thread_time(cdp) - cpu0) * 1000
        if sample is None:
            lost += 1
            if lost > 5:
                sys.exit("clicks stopped changing the page")
            continue
        samples.append(sample)
        page.wait_for_timeout(20)
    measured = samples[warmup:]
    result: dict[str, Any] = {"clicks": len(measured), "warmup": warmup, "games": games}
    for key in ("python", "handler", "dom", "paint", "raf2", "cpu"):
        result[key] = summary([s[key] for s in measured])
    result["loadavg"] = os.getloadavg()
    result["samples"] = [{k: round(v, 1) if isinstance(v, float) else v for k, v in s.items()} for s in measured]
    return result


# -- output -------------------------------------------------------------------------------------------------


def print_tables(results: dict[str, Any]) -> None:
    print(f"\nHeadless Chromium on 127.0.0.1, {os.cpu_count()} cores; load average at the end {loadavg()}")
    if "engine" in results:
        print("\nEngine: random Titan Dice games per second, page (Pyodide) vs CPython, same games, median of reps")
        print("(wall = clock around the call; CPU = renderer main-thread CPU time / this process's CPU time)\n")
        print(
            "| players | games | actions | Pyodide games/s wall | CPython games/s wall | ratio wall "
            "| Pyodide games/s CPU | CPython games/s CPU | ratio CPU |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for r in results["engine"]:
            print(
                f"| {r['players']} | {r['games']} | {r['actions']:,} | {r['page_games_per_s_wall']} | "
                f"{r['py_games_per_s_wall']} | {r['ratio_wall']:.2f}x | {r['page_games_per_s_cpu']} | "
                f"{r['py_games_per_s_cpu']} | **{r['ratio_cpu']:.2f}x** |"
            )
    if "ai" in results:
        print("\nAI: decision time (ms) of decisions with a choice, 2-player bot-vs-bot games\n")
        print(
            "| level | decisions | browser choose median | browser p95 | browser max | browser CPU median / p95 "
            "| sliced wait p95 "
            "| longest slice per decision median / p95 / max | CPython median | CPython p95 | CPython CPU p95 |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for r in results["ai"]:
            b, p, c, bc = r["page_ms"], r["py_ms"], r["py_cpu_ms"], r["page_cpu_ms"]
            wait = r.get("page_sliced_wall_ms", {}).get("p95", "-")
            longest = r.get("page_longest_slice_ms")
            slices = f"{longest['median']} / {longest['p95']} / {longest['max']}" if longest else "-"
            print(
                f"| {r['level']} {r['name']} | {b['n']} | {b['median']} | {b['p95']} | {b['max']} | "
                f"{bc['median']} / {bc['p95']} | {wait} | "
                f"{slices} | {p['median']} | {p['p95']} | {c['p95']} |"
            )
        same = all(r["same_games"] for r in results["ai"])
        sliced_same = all(r.get("sliced_same_choice", True) for r in results["ai"])
        print(
            f"\nThe page and CPython played the same games: {'yes' if same else 'NO'}; "
            f"the sliced app.ai.think chose as Bot.choose: {'yes' if sliced_same else 'NO'}"
        )
        strongest = max(results["ai"], key=lambda r: r["level"])
        p95 = strongest["page_ms"]["p95"]
        verdict = "met" if p95 <= AI_TARGET_MS else "MISSED"
        print(
            f"\nTarget {strongest['name']} p95 <= {AI_TARGET_MS} ms in the browser: {verdict} ({p95} ms wall clock; "
            f"{strongest['page_cpu_ms']['p95']} ms of main-thread CPU; the page ran on the CPU "
            f"{strongest['page_run_cpu_s'] / max(strongest['page_run_wall_s'], 0.1):.0%} of the time)"
        )
    if "input" in results:
        r = results["input"]
        print(f"\nInput latency (ms), {r['clicks']} clicks after {r['warmup']} warm-up, hot-seat, reduced motion\n")
        print("| stage | median | p95 | max |")
        print("| --- | --- | --- | --- |")
        labels = {
            "python": "Python handler (apply, render, save), titanLastInputMs",
            "handler": "click() returned (whole handler)",
            "dom": "DOM change seen (MutationObserver)",
            "paint": "next paint (rAF + task)",
            "raf2": "double rAF",
            "cpu": "main-thread CPU time of the click's whole round trip (DevTools ThreadTime)",
        }
        for key, label in labels.items():
            print(f"| {label} | {r[key]['median']} | {r[key]['p95']} | {r[key]['max']} |")
        p95 = r["paint"]["p95"]
        verdict = "met" if p95 <= INPUT_TARGET_MS else "MISSED"
        print(f"\nTarget click-to-paint p95 <= {INPUT_TARGET_MS} ms: {verdict} ({p95} ms)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="engine,ai,input", help="comma-separated sections: engine, ai, input")
    ap.add_argument("--reps", type=int, default=3, help="engine: timed runs per player count (median)")
    ap.add_argument("--engine-scale", type=float, default=1.0, help="engine: multiply the number of games")
    ap.add_argument("--ai-games", type=int, default=6, help="AI: bot-vs-bot games per level")
    ap.add_argument("--no-sliced", action="store_true", help="AI: skip the sliced re-run (halves the time)")
    ap.add_argument("--clicks", type=int, default=60, help="input: measured clicks")
    ap.add_argument("--warmup", type=int, default=3, help="input: clicks before measuring")
    ap.add_argument("--root", type=Path, default=ROOT, help="the folder to serve (working tree or a built dist/)")
    ap.add_argument("--json", type=Path, help="also write the results as JSON here")
    args = ap.parse_args()
    sections = {s.strip() for s in args.only.split(",") if s.strip()}
    unknown = sections - {"engine", "ai", "input"}
    if unknown:
        ap.error(f"unknown sections: {', '.join(sorted(unknown))}")

    results: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "command": " ".join([".venv/bin/python", "scripts/bench_browser.py", *sys.argv[1:]]),
        "cpython": sys.version.split()[0],
        "cores": os.cpu_count(),
        "loadavg_start": os.getloadavg(),
    }
    print(f"load average at the start: {loadavg()}", flush=True)
    blocked: list[str] = []
    errors: list[str] = []
    httpd, base = start_server(args.root)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            results["chromium"] = browser.version
            if sections & {"engine", "ai"}:
                page = open_page(browser, base, blocked, errors)
                if "engine" in sections:
                    print("engine:", flush=True)
                    results["engine"] = bench_engine(page, args.reps, args.engine_scale)
                if "ai" in sections:
                    print("AI:", flush=True)
                    results["ai"] = bench_ai(page, args.ai_games, not args.no_sliced)
                page.context.close()
            if "input" in sections:
                print("input latency:", flush=True)
                page = open_page(browser, base, blocked, errors, reduced_motion="reduce")
                results["input"] = bench_input(page, args.clicks, args.warmup)
                page.context.close()
            browser.close()
    finally:
        httpd.shutdown()
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
