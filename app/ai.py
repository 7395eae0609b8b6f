"""Computer seats in the browser: the engine's bots, stepped in time slices so the page stays responsive."""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable
from typing import Any

from engine.core.game import Action, Game, GameState

try:  # the bots module is part of the engine core; a missing one falls back to the first legal action
    from engine.core import bots as _bots
except ImportError:  # pragma: no cover - only while the engine is being built
    _bots = None  # type: ignore[assignment]

# Work per slice between yields to the browser. A slice can run past it by the unit of work it is in (up to about
# 10 ms in the page's Pyodide) and a garbage collection: 15 ms keeps the longest under 35 ms, well inside the 50 ms
# of a long task, and the yields cost little (Pyodide's loop schedules without setTimeout's 4 ms clamp).
SLICE_SECONDS = 0.015
UNITS_PER_STEP = 1  # bot work units per step() call inside a slice (the clock is checked between calls)
STATS: dict[str, float] = {"max_slice_ms": 0.0, "slices": 0}  # for tests and tuning: the longest slice so far
BOT_SEED_BASE = 7919  # bots are seeded per seat, so a replay (or undo) repeats their choices
# One record per computer decision the app plays (scripts/bench_titan_ai.py reads it): None, so nothing is kept,
# unless app/bench.py (loaded only with ?bench) makes it a list
LOG: list[dict[str, Any]] | None = None


def bot_levels(game: Game) -> list[tuple[int, str]]:
    """The AI levels offered for a game, weakest first."""
    if _bots is None:
        return [(1, "Easy")]
    return list(_bots.bot_levels(game))


def default_level(game: Game) -> int:
    """The level a new computer seat gets: the weakest that is more than random play."""
    levels = [level for level, _name in bot_levels(game)]
    return next((level for level in levels if level >= 1), levels[0] if levels else 1)


def hint_level(game: Game) -> tuple[int, str]:
    """The level a hint thinks at (the game's strongest) and its name: (2, "Strong") in Titan."""
    return max(bot_levels(game), default=(1, "Easy"))


def level_notes(game: Game) -> dict[int, str]:
    """One line on how each offered level plays, for the set-up ("Plays by rules of thumb: ...")."""
    if _bots is None:
        return {}
    return dict(_bots.level_notes(game))


def stand_in_levels(game: Game) -> list[tuple[int, str]]:
    """The levels a player may hand a battle to: those above random play, weakest first."""
    return [(level, name) for level, name in bot_levels(game) if level >= 1]


def level_label(game: Game, level: int) -> str:
    """The name of an AI level, e.g. "Easy"."""
    return dict(bot_levels(game)).get(level, f"Level {level}")


async def think(
    game: Game,
    state: GameState,
    seat: int,
    level: int,
    *,
    is_cancelled: Callable[[], bool] = lambda: False,
    on_progress: Callable[[float], None] | None = None,
) -> Action | None:
    """Let the bot of `seat` decide, yielding to the browser between slices; None if cancelled."""
    if _bots is None:
        return game.legal_actions(state)[0]
    _freeze_once()
    started = time.perf_counter()
    thinking = _bots.make_bot(game, level, BOT_SEED_BASE + seat).begin(state, seat)
    # A bot that decides at once (Standard) does all its work in begin(), in the same task as the first slice
    begun = time.perf_counter() - started
    STATS["last_max_slice_ms"] = 0.0  # this decision's longest slice (for LOG)
    while True:
        if is_cancelled():
            return None
        # One time-boxed slice: small steps until SLICE_SECONDS have passed, since one unit of work can
        # cost many times another (a long playout), then yield to the browser.
        started = time.perf_counter()
        done = False
        while not done and time.perf_counter() - started < SLICE_SECONDS:
            done = thinking.step(UNITS_PER_STEP)
        spent = time.perf_counter() - started + begun
        begun = 0.0
        STATS["max_slice_ms"] = max(STATS["max_slice_ms"], spent * 1000)
        STATS["last_max_slice_ms"] = max(STATS["last_max_slice_ms"], spent * 1000)
        STATS["slices"] += 1
        if done:
            return thinking.result
        if on_progress is not None:
            on_progress(thinking.progress)
        await asyncio.sleep(0)


_FROZEN: list[bool] = []


def _freeze_once() -> None:
    """Before the first decision, move every object of the booted page (modules, rules tables, Pyodide's own) out
    of the garbage collector's reach (`gc.freeze`). A full collection, every few hundred decisions, walks every
    object it tracks: 14-18 ms of CPython with Titan's engine loaded (2-3 ms after the freeze), more than a whole
    slice in the page, added to the slice it falls in. Frozen objects are still freed when no longer referenced;
    only cycles among them at this moment are kept (once, a little memory)."""
    if not _FROZEN:
        _FROZEN.append(True)
        gc.freeze()


def log_decision(
    game: Game, state: GameState, seat: int, thought: tuple[float, float], shown: tuple[float, float]
) -> None:
    """Keep in LOG (if kept) a decision the app played on `state`: who, in which phase, among how many actions,
    when it began and stopped thinking, and when the app began to show its result and had shown it (the board
    drawn and the game saved), by the page's clock in ms."""
    if LOG is None:
        return
    LOG.append(
        {
            "seat": seat,
            "phase": str(getattr(state, "phase", "")),
            "legal": len(game.legal_actions(state)),
            "start": thought[0],
            "think_ms": thought[1] - thought[0],
            "max_slice_ms": STATS["last_max_slice_ms"],
            "render_ms": shown[1] - shown[0],
            "shown": shown[1],
        }
    )
