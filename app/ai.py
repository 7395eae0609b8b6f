"""Computer seats in the browser: the engine's bots, stepped in time slices so the page stays responsive."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from engine.core.game import Action, Game, GameState

try:  # the bots module is part of the engine core; a missing one falls back to the first legal action
    from engine.core import bots as _bots
except ImportError:  # pragma: no cover - only while the engine is being built
    _bots = None  # type: ignore[assignment]

SLICE_SECONDS = 0.035  # work per slice between yields to the browser
BOT_SEED_BASE = 7919  # bots are seeded per seat, so a replay (or undo) repeats their choices


def bot_levels(game: Game) -> list[tuple[int, str]]:
    """The AI levels offered for a game, weakest first."""
    if _bots is None:
        return [(1, "Easy")]
    return list(_bots.bot_levels(game))


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
    thinking = _bots.make_bot(game, level, BOT_SEED_BASE + seat).begin(state, seat)
    work = 1
    while True:
        if is_cancelled():
            return None
        started = time.perf_counter()
        done = thinking.step(work)
        spent = time.perf_counter() - started
        if done:
            return thinking.result
        # Aim each slice at SLICE_SECONDS of work, growing or shrinking the unit count smoothly.
        if spent < SLICE_SECONDS / 2:
            work = work * 2
        elif spent > SLICE_SECONDS * 1.5 and work > 1:
            work = max(1, work // 2)
        if on_progress is not None:
            on_progress(thinking.progress)
        await asyncio.sleep(0)
