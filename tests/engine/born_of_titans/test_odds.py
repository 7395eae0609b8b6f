"""The exact odds of Born of Titans against brute force and hand-worked numbers."""

from __future__ import annotations

import itertools
import math

import pytest

from engine.born_of_titans import odds


def brute_challenge(dice: int, needed: int, crew: int, kills: int) -> tuple[float, float]:
    """Win chance and expected Crew lost by trying every die of every roll (each face pair equally likely)."""
    rolls = odds.rolls_allowed(crew, kills)
    win = lost = 0.0
    weight = 0.5 ** (dice * rolls)
    for pattern in itertools.product((0, 1), repeat=dice * rolls):
        scored, left, outcome_lost, won = 0, crew, 0, False
        for roll in range(rolls):
            scored += sum(pattern[roll * dice : (roll + 1) * dice])
            if scored >= needed:
                won = True
                break
            if left - kills <= 0:
                outcome_lost += max(0, left)
                break
            left -= kills
            outcome_lost += kills
        win += weight * won
        lost += weight * outcome_lost
    return win, lost


@pytest.mark.parametrize(
    ("dice", "needed", "crew", "kills"),
    [(1, 1, 1, 1), (2, 3, 3, 1), (3, 4, 3, 1), (2, 4, 4, 2), (3, 5, 6, 3), (4, 2, 0, 1), (2, 2, 5, 2), (3, 3, 2, 1)],
)
def test_challenge_odds_match_brute_force(dice: int, needed: int, crew: int, kills: int) -> None:
    win, lost = brute_challenge(dice, needed, crew, kills)
    found = odds.challenge_odds(dice, needed, crew, kills)
    assert found.win == pytest.approx(win, abs=1e-12)
    assert found.crew_lost == pytest.approx(lost, abs=1e-12)


def test_challenge_odds_by_hand() -> None:
    assert odds.win_chance(1, 1, 1) == 0.5
    assert odds.win_chance(1, 1, 2) == 0.75  # a second roll after one miss
    assert odds.win_chance(2, 2, 1) == 0.25
    assert odds.win_chance(2, 1, 0) == 0.75  # no Crew: one roll, a miss defeats her
    assert odds.expected_crew_lost(1, 1, 1) == 0.5  # half the time she loses her only Crew
    assert odds.expected_crew_lost(1, 1, 3, kills=2) == pytest.approx(0.5 * 2 + 0.25 * 1)
    assert odds.win_chance(3, 0, 0) == 1.0
    assert odds.rolls_allowed(6, 1) == 6 and odds.rolls_allowed(6, 2) == 3 and odds.rolls_allowed(5, 3) == 2
    assert odds.rolls_allowed(0, 1) == 1


def test_win_within_rolls() -> None:
    assert odds.win_within(1, 1, 2) == 0.75
    assert odds.win_within(2, 2, 1) == 0.25
    # Two rolls of two dice for three Successes: 2 then >=1, 1 then 2, 0 never.
    assert odds.win_within(2, 3, 2) == pytest.approx(0.25 * 0.75 + 0.5 * 0.25)
    # With Crew enough for every roll, win_within and win_chance agree.
    assert odds.win_within(4, 6, 3) == pytest.approx(odds.win_chance(4, 6, 3))


def test_best_attribute_and_prophecy() -> None:
    totals = {"battle": 8, "navigation": 9, "wits": 4}
    medusa = {"battle": None, "navigation": 7, "wits": 7}
    attribute, chance = odds.best_attribute(totals, medusa, crew=6)
    assert attribute == "navigation" and chance == odds.win_chance(9, 7, 6)
    assert odds.best_attribute(totals, {"battle": None, "navigation": None, "wits": None}, 6) == (None, 0.0)
    # A point that adds a good deal is committed when points are cheap, none when they are dear.
    assert odds.prophecy_to_commit(2, 5, 2, 1, 4, point_value=0.0) == 4
    assert odds.prophecy_to_commit(2, 5, 2, 1, 4, point_value=1.0) == 0
    # Commitments never pass what she holds.
    assert odds.prophecy_to_commit(1, 6, 1, 1, 2, 0.0) <= 2


def test_move_odds() -> None:
    assert odds.reach_chance(9, 4) == pytest.approx(sum(math.comb(9, k) for k in range(4, 10)) / 512)
    assert odds.expected_moves(1, [1]) == pytest.approx(2.0)
    assert odds.expected_moves(2, [2]) == pytest.approx(4.0)
    assert odds.expected_moves(1, [2]) == math.inf  # one die never pays for a land segment
    assert odds.expected_moves(2, [1, 1]) == pytest.approx((1 + 0.5 * 4 / 3) / 0.75)
    assert odds.expected_moves(3, []) == 0.0
    assert odds.expected_turns(2, [2]) == pytest.approx(2.0)


@pytest.mark.parametrize(("dice", "costs"), [(2, (1, 1)), (3, (2, 1, 2)), (5, (1, 1, 1, 1, 2)), (4, (2, 2, 2))])
def test_expected_moves_sum_the_chances_of_not_yet(dice: int, costs: tuple[int, ...]) -> None:
    """E[moves] = sum over m of P(not there within m moves), from the independent reach_within."""
    tail = sum(1.0 - odds.reach_within(dice, costs, moves) for moves in range(400))
    assert odds.expected_moves(dice, costs) == pytest.approx(tail, rel=1e-9)
    assert odds.reach_within(dice, costs, 0) == 0.0
