"""Thinking in slices: Standard sliced decides as in one piece, and no step of Standard or Strong does much work.

Work is counted, not timed: the calls to the rules' costly reckonings (where a legion reaches, what it musters,
where a character may go, a strike's terms, a battle's odds, a line of sight, a placement valued) made in one
`step(1)`, the page's unit between two looks at its clock."""

from __future__ import annotations

import pytest

from engine.core import Rng, Seat
from engine.core.bots import decision_rng, make_bot
from engine.registry import get_game
from engine.titan.ai import slices, standard
from tests.engine.titan.helpers import MAX_WORK, steps_work

GAME = get_game("titan")


def positions(level: int, seed: int, moves: int):
    """(state, seat) of each decision with a choice in a two-player game of `level` against itself."""
    seats = [Seat(name=f"Computer {i + 1}", kind="ai", level=level) for i in range(2)]
    state = GAME.new_game(2, None, seed, seats)
    bots = [make_bot(GAME, level, seed * 10 + seat) for seat in range(2)]
    while not state.is_over and state.moves < moves:
        seat = state.current_player
        if len(GAME.sensible_actions(state, GAME.legal_actions(state))) > 1:
            yield state, seat, bots[seat]
        state = GAME.apply(state, bots[seat].choose(state, seat))


def test_sliced_standard_decides_as_in_one_piece_and_each_step_does_little(work):
    decisions = sliced = 0
    for seed in (31, 32):
        for state, seat, bot in positions(1, seed, 700):
            legal = GAME.sensible_actions(state, GAME.legal_actions(state))
            work.clear()
            one_piece = standard.choose(state, seat, legal, decision_rng(bot.seed, state, seat))
            whole = work.total()
            action, steps = steps_work(bot, state, seat, work)
            assert action == one_piece, (seed, state.moves, state.phase)
            assert max(steps) <= MAX_WORK, (seed, state.moves, state.phase, steps)
            decisions += 1
            sliced += whole > MAX_WORK  # in one piece, this decision would have been one step over the line
    assert decisions > 500 and sliced > 0


def test_a_reckoning_is_remembered_only_for_stable_arguments():
    calls = []

    @slices.unit(1.0)
    def reckon(position: dict, n: int) -> int:
        calls.append(n)
        return position["x"] + n

    position = {"x": 10}
    thinking = slices.SlicedThinking(
        lambda rng: reckon(position, 1) + reckon(position, 2) + reckon({"x": 0}, 3), Rng(1), [position]
    )
    assert not thinking.step(1)  # one new reckoning a step: the first, then the decision stops
    assert calls == [1]
    assert thinking.step(1) and thinking.result == 11 + 12 + 3 and thinking.steps == 2
    # the first was remembered, not made again; the throwaway {"x": 0} is not remembered, only made
    assert calls == [1, 2, 3]
    assert reckon(position, 5) == 15  # outside a step, a plain call


@pytest.mark.parametrize("seed", [41])
def test_no_step_of_strong_does_much_work(work, seed):
    phases: set[str] = set()
    longest = 0
    for state, seat, bot in positions(2, seed, 900):
        _action, steps = steps_work(bot, state, seat, work)
        assert max(steps) <= MAX_WORK, (state.moves, state.phase, steps)
        phases.add(str(state.phase))
        longest = max(longest, sum(steps))
    assert {"split", "move", "maneuver", "strike"} <= phases and longest > MAX_WORK
