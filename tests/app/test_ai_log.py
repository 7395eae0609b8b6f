"""The app's record of its computer decisions (app.ai.LOG, kept only under ?bench for scripts/bench_titan_ai.py)."""

from __future__ import annotations

import asyncio
import time

from app import ai
from engine.core.bots import Thinking
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


def test_a_decision_made_at_once_counts_in_its_slice(monkeypatch):
    """A bot that decides in begin() (Standard) blocks the page for that long: the slice figures include it."""
    game = get_game("titan")
    state = game.new_game(2, seed=5)
    legal = game.legal_actions(state)

    class AtOnce:
        def begin(self, state, seat):
            time.sleep(0.06)  # a decision of 60 ms made at once
            return Thinking(legal[-1])

    monkeypatch.setattr(ai._bots, "make_bot", lambda *args: AtOnce())
    monkeypatch.setitem(ai.STATS, "max_slice_ms", 0.0)
    assert asyncio.run(ai.think(game, state, state.current_player, 1)) == legal[-1]
    assert ai.STATS["last_max_slice_ms"] >= 60 and ai.STATS["max_slice_ms"] >= 60


def test_the_page_freezes_its_boot_objects_once_before_the_first_decision(monkeypatch):
    """A full garbage collection walks every tracked object: the boot's are frozen out of it, once."""
    game = get_game("titan")
    state = game.new_game(2, seed=5)
    frozen = []
    monkeypatch.setattr(ai, "_FROZEN", [])
    monkeypatch.setattr(ai.gc, "freeze", lambda: frozen.append(True))
    for _ in range(2):
        asyncio.run(ai.think(game, state, state.current_player, 1))
    assert frozen == [True]
