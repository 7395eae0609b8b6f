"""The race's log reads as the race went: laps counted 1 to 3, the winning crossing named where it lands."""

from __future__ import annotations

import re

import pytest

from engine.core import Rng, Seat
from engine.titan_race import GAME


@pytest.mark.parametrize("seed", range(6))
def test_the_winning_crossing_names_the_space_the_titan_is_drawn_on_and_no_fourth_lap(seed):
    state = GAME.new_game(3, None, seed, [Seat(name=f"P{i}") for i in range(3)])
    rng = Rng(seed)
    while not state.is_over:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    view = GAME.view(state, None)
    winner = next(t for t in view["titans"] if t["index"] == view["winner"])
    assert (
        state.log[-2] == f"{winner['name']} crosses the finish line onto {winner['space']}: the third lap is complete."
    )
    assert state.log[-1] == f"{winner['name']} wins the race!"
    for line in state.log:
        assert "lap counter" not in line.lower() and not re.search(r"lap [4-9]", line), line
        begins = re.search(r"lap (\d) of 3 begins", line)
        assert begins is None or begins[1] in ("2", "3"), line
