"""The app's record of its computer decisions (app.ai.LOG, kept only under ?bench for scripts/bench_titan_ai.py)."""

from __future__ import annotations

import asyncio

from app import ai
from engine.registry import get_game


def test_each_decision_is_recorded_only_when_the_log_is_kept(monkeypatch):
    game = get_game("titan")
    state = game.new_game(2, seed=5)
    seat = state.current_player
    action = asyncio.run(ai.think(game, state, seat, 1))
    assert action in game.legal_actions(state)
    monkeypatch.setattr(ai, "LOG", None)
    ai.log_decision(game, state, seat, (100.0, 112.5), (120.0, 130.0))
    assert ai.LOG is None
    monkeypatch.setattr(ai, "LOG", [])
    ai.log_decision(game, state, seat, (100.0, 112.5), (120.0, 130.0))
    (record,) = ai.LOG
    assert record["seat"] == seat and record["phase"] == "split" and record["legal"] == len(game.legal_actions(state))
    assert record["think_ms"] == 12.5 and record["start"] == 100.0 and record["shown"] == 130.0
    assert record["render_ms"] == 10.0
    assert 0.0 <= record["max_slice_ms"] <= ai.STATS["max_slice_ms"]
