"""The random-play benchmark: clock-free counts, repeatable for a seed, for every registered game."""

from __future__ import annotations

import pytest

from engine.bench import run_random_games
from engine.registry import GAMES, register
from tests.engine.toy_game import PIG


def test_run_random_games_counts_and_repeats() -> None:
    register(PIG)
    first = run_random_games(PIG.id, 5, seed=3)
    assert first == run_random_games(PIG.id, 5, seed=3)
    assert first["games"] == first["finished"] == 5
    assert first["actions"] >= 5 and first["longest"] <= first["actions"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_registered_game_finishes_random_games(game_id: str) -> None:
    result = run_random_games(game_id, 2, seed=1)
    assert result["finished"] == 2
