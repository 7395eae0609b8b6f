"""Saves: their size, and the time (and memory) to save, load, undo and refuse, in CPython and in the browser.

    .venv/bin/python scripts/bench_saves.py [--only sizes,stress,hostile,browser] [--games 10] [--json out.json]

1. sizes: finished 4-player games played by the bots (Titan Dice: every seat Hard; Titan Race: every
   seat Easy, Hard taking about 15 s a game here), the length of their save strings (target: under
   8,000 characters, a URL fragment), beside the length the format-1 string (seed and every action)
   would have had.
2. stress: the synthetic stress game (engine/stress.py: six players, 72 legions, about 100 legal
   moves a step) played to 5,000 actions, finished and mid-game (with an undo chain): `dumps`,
   `loads`, an undo, and copies of the state with and without its record (log, undo chain);
   beside them the old way of loading, a replay of every action.
3. hostile: the slowest and the most memory-hungry refusals among hostile save strings (bombs, deep
   nesting, huge lists, the 200,000-character limit): target under 0.5 s and 50 MB in CPython.
4. browser: the stress game and the hostile strings again in headless Chromium (the page opened with
   `?bench`, app/bench.py), with the app's autosave on the real store. Target: the 5,000-action
   game loads in under 1 s, and no refusal blocks the page for 0.5 s. The autosave after a click
   in real games is measured by scripts/bench_browser.py (its input section, "autosave" row).

CPython times are medians of --reps runs (perf_counter); the load average is printed alongside.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import statistics
import sys
import time
import tracemalloc
import zlib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine.core import InvalidSave, Seat
from engine.core.bots import make_bot
from engine.core.save import MAX_TEXT, dumps, loads, pack
from engine.core.undo import undo
from engine.registry import get_game, register
from engine.stress import STRESS, play_stress

STRESS_LENGTH = 5000
LOAD_TARGET_S = 1.0
REFUSE_TARGET_S = 0.5
REFUSE_TARGET_MB = 50
SIZE_TARGET = 8000
BOT_LEVELS = {"titan_dice": 2, "titan_race": 1}


def median_ms(work, reps: int) -> float:
    """The median wall time of `work()` in ms."""
    times = []
    for _ in range(reps):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 2)


def bot_game(game_id: str, seed: int) -> tuple[str, int, int]:
    """A finished 4-player game between bots: (its save string, the format-1 length, actions)."""
    game = get_game(game_id)
    level = BOT_LEVELS[game_id]
    seats = [Seat(name=f"Computer {i + 1}", kind="ai", level=level) for i in range(4)]
    state = game.new_game(4, None, seed, seats)
    bots = [make_bot(game, level, 1000 + i) for i in range(4)]
    actions = []
    while not state.is_over:
        action = bots[state.current_player].choose(state, state.current_player)
        actions.append(action.model_dump(mode="json"))
        state = game.apply(state, action)
    old = {
        "g": game_id,
        "r": 1,
        "n": 4,
        "o": state.options.model_dump(mode="json"),
        "p": [s.model_dump(mode="json") for s in seats],
        "s": seed,
        "a": actions,
    }
    return dumps(state), len(pack(old, version=1)), len(actions)


def bench_sizes(games: int) -> dict[str, Any]:
    result = {}
    for game_id in BOT_LEVELS:
        rows = [bot_game(game_id, 500 + seed) for seed in range(games)]
        lengths = [len(text) for text, _old, _n in rows]
        result[game_id] = {
            "games": games,
            "level": BOT_LEVELS[game_id],
            "chars_median": statistics.median(lengths),
            "chars_max": max(lengths),
            "format1_median": statistics.median(old for _t, old, _n in rows),
            "actions_median": statistics.median(n for _t, _o, n in rows),
            "under_target": all(n < SIZE_TARGET for n in lengths),
        }
        print(f"  {game_id}: {result[game_id]}", flush=True)
    return result


def bench_stress(reps: int) -> dict[str, Any]:
    register(STRESS)
    result = {}
    for label, stop in (("finished", STRESS_LENGTH), ("mid-game", STRESS_LENGTH - 10)):
        length = STRESS_LENGTH if label == "finished" else 2 * STRESS_LENGTH
        state = play_stress(length, stop, seed=1)
        text = dumps(state)
        row: dict[str, Any] = {"actions": state.moves, "log_lines": len(state.log), "chars": len(text)}
        row["dumps_ms"] = median_ms(lambda: dumps(state), reps)  # noqa: B023 - used at once
        row["loads_ms"] = median_ms(lambda: loads(text), reps)  # noqa: B023
        loaded = loads(text)
        assert loaded == state
        seat = state.current_player
        row["undo_ms"] = median_ms(lambda: undo(loaded, seat), reps) if seat is not None else None  # noqa: B023
        row["undo_steps"] = loaded.moves - undo(loaded, seat).moves if seat is not None else 0
        row["clone_record_us"] = round(median_ms(lambda: [state.clone() for _ in range(100)], reps) * 10, 1)  # noqa: B023
        row["clone_bare_us"] = round(median_ms(lambda: [state.clone(record=False) for _ in range(100)], reps) * 10, 1)  # noqa: B023
        if label == "finished":
            actions = replay_actions(length, stop)
            row["replay_ms"] = median_ms(lambda: STRESS.replay(6, {"length": length}, 1, state.seats, actions), 1)  # noqa: B023
        result[label] = row
        print(f"  {label}: {row}", flush=True)
    return result


def replay_actions(length: int, stop: int) -> list[dict[str, Any]]:
    """The actions of `play_stress(length, stop, 1)` (walking its undo-free record is not possible: replay it)."""
    state = STRESS.new_game(6, {"length": length}, 1, [Seat(name=f"Player {i + 1}") for i in range(6)])
    from engine.core import Rng

    chooser = Rng(1)
    actions = []
    while not state.is_over and state.moves < stop:
        legal = STRESS.legal_actions(state)
        moves = legal[:-1] if len(legal) > 1 and chooser.random() < 0.85 else legal[-1:]
        action = moves[chooser.randrange(len(moves))]
        actions.append(action.model_dump(mode="json"))
        STRESS.apply_unchecked(state, action)
    return actions


def _pack_raw(raw: bytes, level: int = 9) -> str:
    return "TT.2." + base64.urlsafe_b64encode(zlib.compress(raw, level)).decode().rstrip("=")


def hostile_samples() -> dict[str, str]:
    """Save strings made to hurt: the costliest shapes the fuzz test found, each within MAX_TEXT."""
    head = '{"g":"titan_dice","r":1,"n":2,"o":{},"p":[{"name":"A"},{"name":"B"}],"s":1,"x":'
    samples = {
        "bomb 50 MB": _pack_raw(b" " * 50_000_000),
        "20,000 [": _pack_raw(b"[" * 20_000),
        "5,000 nested objects": _pack_raw(b'{"a":' * 5_000 + b"1" + b"}" * 5_000),
        "980,000 zeros in a list": _pack_raw((head + "[" + "0," * 979_999 + '0],"l":[]}').encode()),
        "320,000 strings in a list": _pack_raw((head + "[" + '"abc",' * 319_999 + '"abc"],"l":[]}').encode()),
        "300,000 empty lists": _pack_raw((head + "[" + "[]," * 299_999 + '[]],"l":[]}').encode()),
        "49,000 log lines": _pack_raw((head + '{},"l":[' + '"ab",' * 48_999 + '"ab"]}').encode()),
        "10**100000 as seed": _pack_raw(b'{"g":"titan_dice","s":' + b"9" * 100_000 + b"}"),
        "200,000 characters of A": "TT.2." + "A" * (MAX_TEXT - 5),
        "190,000 titans in the options": _pack_raw(
            (
                '{"g":"titan_race","r":1,"n":2,"o":{"titans":[' + '"grinder",' * 189_999 + '"grinder"]},'
                '"p":[{"name":"A"},{"name":"B"}],"s":1,"x":{},"l":[]}'
            ).encode()
        ),
    }
    for name, text in samples.items():
        assert len(text) <= MAX_TEXT, (name, len(text))
    return samples


def bench_hostile() -> dict[str, Any]:
    result = {}
    for name, text in hostile_samples().items():
        started = time.perf_counter()
        try:
            loads(text)
            outcome = "opened"
        except InvalidSave as error:
            outcome = str(error)[:70]
        ms = (time.perf_counter() - started) * 1000
        tracemalloc.start()
        with contextlib.suppress(InvalidSave):
            loads(text)
        peak_mb = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        result[name] = {"chars": len(text), "ms": round(ms, 1), "peak_mb": round(peak_mb, 1), "outcome": outcome}
        print(f"  {name}: {result[name]}", flush=True)
    return result


def bench_browser(reps: int) -> dict[str, Any]:
    from bench_page import open_page
    from playwright.sync_api import sync_playwright
    from serve import CHROMIUM, CHROMIUM_ARGS, start_server
    from titan_site import ROOT

    result: dict[str, Any] = {}
    blocked: list[str] = []
    errors: list[str] = []
    httpd, base = start_server(ROOT)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = open_page(browser, base, blocked, errors)
            result["chromium"] = browser.version
            for label, length, stop in (
                ("finished", STRESS_LENGTH, STRESS_LENGTH),
                ("mid-game", 2 * STRESS_LENGTH, STRESS_LENGTH - 10),
            ):
                runs = [
                    json.loads(page.evaluate("(a) => window.titanBench.stress(...a)", [length, stop, 1]))
                    for _ in range(reps)
                ]
                row = {key: runs[0][key] for key in ("actions", "log_lines", "chars", "equal", "undo_steps")}
                for key in ("dumps_ms", "loads_ms", "undo_ms", "clone_record_ms", "clone_bare_ms", "autosave_ms"):
                    row[key] = round(statistics.median(run[key] for run in runs), 2)
                result[label] = row
                print(f"  page {label}: {row}", flush=True)
            hostile = {}
            for name, text in hostile_samples().items():
                runs = [json.loads(page.evaluate("(t) => window.titanBench.load(t)", text)) for _ in range(reps)]
                hostile[name] = {"ms": round(max(run["ms"] for run in runs), 1), "opened": runs[0]["opened"]}
                print(f"  page {name}: {hostile[name]}", flush=True)
            result["hostile"] = hostile
            browser.close()
    finally:
        httpd.shutdown()
    result["blocked_requests"] = blocked
    result["page_errors"] = errors
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="sizes,stress,hostile,browser")
    ap.add_argument("--games", type=int, default=10, help="sizes: bot games per game")
    ap.add_argument("--reps", type=int, default=5, help="timed runs (median)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    sections = {s.strip() for s in args.only.split(",") if s.strip()}
    results: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "cpython": sys.version.split()[0],
        "loadavg_start": os.getloadavg(),
    }
    if "sizes" in sections:
        print("sizes of finished 4-player bot games:", flush=True)
        results["sizes"] = bench_sizes(args.games)
    if "stress" in sections:
        print(f"stress game, {STRESS_LENGTH} actions (CPython):", flush=True)
        results["stress"] = bench_stress(args.reps)
    if "hostile" in sections:
        print("hostile save strings (CPython):", flush=True)
        results["hostile"] = bench_hostile()
    if "browser" in sections:
        print("in the browser:", flush=True)
        results["browser"] = bench_browser(args.reps)
    results["loadavg_end"] = os.getloadavg()
    print(json.dumps(results, indent=1))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
