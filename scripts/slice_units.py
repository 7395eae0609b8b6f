"""The longest unit of work of Titan's computer players in CPython, by CPU time: what the page's slices are made of.

    .venv/bin/python scripts/slice_units.py --level 2 [--games 6 --opponent 1]

Plays `--games` two-player games of the level against `--opponent` (-1 the scripted baseline), seats rotated, and
steps each of the level's decisions as the page does (`begin`, then `step(1)` until done), timing every step
in CPU time (so the figures hold under load) apart from garbage collections, which are counted on their own.
Prints each decision's longest step (median, p99, max), the steps by where they stopped (the generator's
`yield`, for Strong; Standard's steps are all "step"), the longest decisions' longest steps, and the longest
garbage collection met. A step of CPython costs about 2-2.5 times as much in the page's Pyodide.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from engine.core import Seat
from engine.core.bots import make_bot
from engine.registry import get_game

GAME = get_game("titan")
COLLECTING = [0.0, 0.0]  # CPU seconds spent collecting garbage so far; when the running one began


def _on_gc(phase: str, info: dict) -> None:
    if phase == "start":
        COLLECTING[1] = time.process_time()
    else:
        COLLECTING[0] += time.process_time() - COLLECTING[1]


def where(thinking: object) -> str:
    """Where a generator decision stopped: file, function and line of its innermost `yield` ("step" otherwise)."""
    gen = getattr(thinking, "_decision", None)
    if gen is None:
        return "step"
    while getattr(gen, "gi_yieldfrom", None) is not None and hasattr(gen.gi_yieldfrom, "gi_frame"):
        gen = gen.gi_yieldfrom
    frame = gen.gi_frame
    if frame is None:
        return "end"
    return f"{Path(frame.f_code.co_filename).name}:{frame.f_code.co_name}:{frame.f_lineno}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", type=int, default=2)
    ap.add_argument("--opponent", type=int, default=-1)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=5000)
    args = ap.parse_args(argv)
    gc.callbacks.append(_on_gc)
    by_site: dict[str, list[float]] = {}
    longest: list[tuple[float, str, str, int, int]] = []
    collections: list[float] = []
    for k in range(args.games):
        seed, mine = args.seed + k, k % 2
        levels = [args.level if seat == mine else args.opponent for seat in range(2)]
        seats = [Seat(name=f"Computer {i + 1}", kind="ai", level=max(0, lv)) for i, lv in enumerate(levels)]
        state = GAME.new_game(2, None, seed, seats)
        bots = [make_bot(GAME, lv, seed * 10 + seat) for seat, lv in enumerate(levels)]
        while not state.is_over and state.moves < 3000:
            seat = state.current_player
            if seat != mine:
                state = GAME.apply(state, bots[seat].choose(state, seat))
                continue
            steps: list[tuple[str, float]] = []
            thinking, done = None, False
            while not done:
                collected, started = COLLECTING[0], time.process_time()
                if thinking is None:
                    thinking = bots[seat].begin(state, seat)
                    done, site = thinking.is_done, "begin"
                else:
                    done = thinking.step(1)
                    site = "end" if done else where(thinking)
                spent = time.process_time() - started
                gc_spent = COLLECTING[0] - collected
                if gc_spent > 0:
                    collections.append(gc_spent)
                steps.append((site, spent - gc_spent))
            for site, spent in steps:
                by_site.setdefault(site, []).append(spent)
            site, spent = max(steps, key=lambda s: s[1])
            longest.append((spent, str(state.phase), site, state.moves, seed))
            state = GAME.apply(state, thinking.result)
    tops = sorted(t[0] for t in longest)
    print(
        f"level {args.level}: {len(tops)} decisions; each one's longest step (CPU ms): median "
        f"{statistics.median(tops) * 1e3:.2f}, p99 {tops[int(len(tops) * 0.99)] * 1e3:.2f}, max {tops[-1] * 1e3:.2f}"
    )
    for site, times in sorted(by_site.items(), key=lambda kv: -max(kv[1]))[:15]:
        times.sort()
        print(
            f"  {site:48s} {len(times):7d} steps, median {times[len(times) // 2] * 1e3:5.2f}, "
            f"p99 {times[int(len(times) * 0.99)] * 1e3:5.2f}, max {times[-1] * 1e3:5.2f} ms"
        )
    print("longest decisions' longest steps:")
    for spent, phase, site, moves, seed in sorted(longest, reverse=True)[:8]:
        print(f"  {spent * 1e3:6.2f} ms  {phase} at move {moves} of game {seed}, stopped at {site}")
    print(f"garbage collections inside steps: {len(collections)}, longest {max(collections, default=0) * 1e3:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
