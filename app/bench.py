"""Benchmark hooks for scripts/bench_browser.py: `window.titanBench`, set only when the URL has `?bench`.

app/main.py imports this module only for `?bench`, so users never load it. It is
the one module besides `app.dom` that touches `js`/`pyodide`: the engine is
clock-free, so the page's clock (`performance.now()`) times the work here.
Results cross the bridge as JSON strings.

- `titanBench.engine(game_id, n_games, seed, players)`: the very
  `engine.bench.run_random_games` the CPython side runs, timed; returns its
  counts plus `ms`.
- `titanBench.ai(level, seeds_json, players, sliced)` (a Promise): bot-vs-bot games
  of Titan Dice, one per seed, both seats at `level` seeded as the app seeds
  them. Every decision with more than one legal action is timed as one
  `Bot.choose` call (`ms`); with `sliced`, the same decision is made again by
  the app's own `app.ai.think` (time-boxed slices, yielding to the page between
  them), giving the wall time the player waits (`wall_ms`, without the app's
  visible pause), the slice count and the longest slice (main-thread blocking).
"""

from __future__ import annotations

import json
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from app import ai
from engine.bench import run_random_games
from engine.core.bots import make_bot
from engine.core.save import dumps
from engine.registry import get_game

MAX_ACTIONS = 2000  # a bot game longer than this is a bug; stop it rather than hang the benchmark


def _now() -> float:
    return float(js.performance.now())


def engine(game_id: str, n_games: int, seed: int, players: int) -> str:
    """Random games as in `python -m engine.bench`, timed by the page's clock (ms)."""
    started = _now()
    result: dict[str, Any] = run_random_games(str(game_id), int(n_games), int(seed), int(players) or None)
    result["ms"] = _now() - started
    return json.dumps(result)


async def ai_games(level: int, seeds_json: str, players: int = 2, sliced: bool = True) -> str:
    """Bot-vs-bot games; the time of every decision with a choice (see the module docstring)."""
    game = get_game("titan_dice")
    level, players = int(level), int(players)
    decisions: list[dict[str, Any]] = []
    games: list[dict[str, Any]] = []
    for seed in json.loads(str(seeds_json)):
        state = game.new_game(players, seed=int(seed))
        bots = [make_bot(game, level, ai.BOT_SEED_BASE + seat) for seat in range(players)]
        actions = 0
        while state.current_player is not None and actions < MAX_ACTIONS:
            seat = state.current_player
            legal = game.legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                started = _now()
                action = bots[seat].choose(state, seat)
                record: dict[str, Any] = {"ms": _now() - started, "legal": len(legal), "seed": seed}
                if sliced:
                    ai.STATS["max_slice_ms"] = 0.0
                    ai.STATS["slices"] = 0
                    started = _now()
                    again = await ai.think(game, state, seat, level)
                    record["wall_ms"] = _now() - started
                    record["slices"] = int(ai.STATS["slices"])
                    record["max_slice_ms"] = ai.STATS["max_slice_ms"]
                    record["same"] = again == action
                decisions.append(record)
            state = game.apply(state, action)
            actions += 1
        games.append({"seed": seed, "actions": actions, "over": state.is_over, "final": dumps(state)[-16:]})
    return json.dumps({"level": level, "players": players, "games": games, "decisions": decisions})


def _install() -> None:
    """Expose the hooks as `window.titanBench` (proxies kept alive for the page's lifetime)."""
    hooks = js.Object.new()
    hooks.engine = create_proxy(engine)
    hooks.ai = create_proxy(ai_games)
    js.window.titanBench = hooks


_install()
