"""Geometry: the rulebook's own examples (ruling 1)."""

from __future__ import annotations

import pytest

from engine.titan_race.board import (
    SPACES,
    adjacent,
    before,
    behind,
    direction_between,
    is_space,
    route_end,
    route_spaces,
    step,
)


def test_thirty_six_spaces_where_column_and_row_fit():
    assert len(SPACES) == 36
    assert SPACES[:6] == ("A1", "C1", "E1", "B2", "D2", "F2")
    assert not is_space(0, 2) and not is_space(1, 1) and not is_space(6, 1) and not is_space(0, 13)


def test_straight_ahead_is_two_rows_up_and_a_diagonal_one_row_and_one_column():
    assert step("D2", "N") == ("D4", 0)
    assert step("C3", "NE") == ("D4", 0)
    assert step("C3", "NW") == ("B4", 0)


def test_six_neighbours_three_before_three_behind():
    assert before("D6") == ["D8", "C7", "E7"]
    assert behind("D6") == ["D4", "C5", "E5"]
    assert sorted(adjacent("D6")) == sorted(["C5", "D4", "E5", "C7", "D8", "E7"])
    for space in SPACES:
        assert len(set(adjacent(space))) == 6


def test_b10_two_straight_ends_on_b2_completing_a_lap():
    assert route_spaces("B10", ("N", "N")) == ["B12", "B2"]
    assert step("B12", "N") == ("B2", 1)


@pytest.mark.parametrize("direction", ["NE", "NW"])
def test_b10_three_diagonal_either_way_ends_on_e1(direction):
    assert route_end("B10", (direction,) * 3) == "E1"


def test_leaving_a_side_reenters_on_the_other_side_one_row_on():
    assert step("A5", "NW") == ("F6", 0)
    assert step("F6", "NE") == ("A7", 0)
    assert step("F12", "NE") == ("A1", 1)  # the rulebook's note: off the top corner into A1


def test_leaving_the_bottom_takes_a_lap_away():
    assert step("B2", "S") == ("B12", -1)
    assert step("A1", "SW") == ("F12", -1)


def test_direction_between_adjacent_spaces():
    assert direction_between("D4", "D6") == "N"
    assert direction_between("D4", "C3") == "SW"
    assert direction_between("D4", "D8") is None
