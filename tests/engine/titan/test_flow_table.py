"""Titan's flow as data (engine/titan/phases.py): a row for each phase, with its choices and the play of each kind
of decision it takes; a decision of a kind its phase does not take is refused and changes nothing."""

from __future__ import annotations

from typing import cast

import pytest

from engine.core import IllegalAction
from engine.titan.actions import ACTION_TYPES, EndMoves, Strike
from engine.titan.phases import FLOW
from engine.titan.state import Phase, TitanState
from tests.engine.flow_checks import play_refusing_other_phases
from tests.engine.titan.helpers import GAME, new


def test_every_phase_has_its_row_and_every_decision_is_played_in_one():
    assert set(FLOW) == set(Phase)
    taken = {kind for step in FLOW.values() for kind in step.plays}
    assert taken == set(ACTION_TYPES)
    assert FLOW[Phase.GAME_OVER].plays == {}


def _games() -> list[TitanState]:
    """Fresh games: the standard game for two and three, Battle Titan for two (its spawn comes into play)."""
    battle_titan = GAME.new_game(2, {"variant": "battle", "ending": "rounds", "rounds": 6}, 7)
    return [new(2, seed=3), new(3, seed=4), cast(TitanState, battle_titan)]


@pytest.mark.parametrize("index", range(3))
def test_each_phase_offers_only_what_it_plays_and_refuses_the_rest_unchanged(index):
    """Random play: at each position every legal decision is of a kind its phase's row plays, and a decision seen
    in another phase, played here, is refused (IllegalAction) with the position exactly as it was."""
    phases = play_refusing_other_phases(GAME, _games()[index], FLOW, index, 700, "is not a decision of the")
    assert {Phase.SPLIT, Phase.MOVE, Phase.MUSTER} <= phases


def test_a_battle_decision_at_the_split_is_refused_and_the_position_is_unchanged():
    state = new(2, seed=1)
    assert state.phase == Phase.SPLIT
    before = state.snapshot()
    strike = Strike(unit=0, target=1, number=4)
    with pytest.raises(IllegalAction):
        GAME.apply(state, strike)
    copy = state.clone()
    with pytest.raises(IllegalAction, match="not a decision of the split phase"):
        GAME.play(copy, strike)
    assert state.snapshot() == before and copy.snapshot() == before


def test_a_refusal_says_why_from_its_phase_row():
    """The move phase's row says why its end is refused while no legion has moved."""
    state = new(2, seed=1)
    while state.phase != Phase.MOVE:  # the first turn's split, then the end of the splits
        state = cast(TitanState, GAME.apply(state, GAME.legal_actions(state)[0]))
    reason = "At least one legion must move."
    assert FLOW[Phase.MOVE].refusals[EndMoves](state, EndMoves()) == GAME.why_illegal(state, EndMoves()) == reason
    assert EndMoves() not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match=reason):
        GAME.apply(state, EndMoves())
    assert FLOW[Phase.SPLIT].refusals == {}
