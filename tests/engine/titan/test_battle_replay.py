"""The replay of a Battle Titan game whose clock ran: the clock is no move (`Titan.add_time`), so the
record keeps it at each round's end under the time ending and the replay sets it from there
(`Titan.replay_between_moves`); every round ends as it did and the replay arrives at the game's position."""

from __future__ import annotations

from itertools import pairwise

import pytest

from engine.core import InvalidSave, save
from engine.core.replay import ReplayError, replay_states
from engine.titan.battle_titan.endings import rounds_ended
from engine.titan.invariants import violations
from engine.titan.state import TitanState
from tests.engine.titan.helpers import GAME, clocked_game


def round_end_clocks(states: list[TitanState]) -> list[int]:
    """The clock in the replay as each round's end came (as the time ending read it)."""
    return [before.war.seconds for before, after in pairwise(states) if rounds_ended(after) > rounds_ended(before)]


def test_a_game_ended_by_time_replays_to_its_position_each_round_ending_with_the_game_s_clock():
    state = clocked_game(3, seed=3, options={"ending": "time", "minutes": 5}, tick=4)
    assert state.is_over and "the agreed 5 minutes are up" in "\n".join(state.log)
    clocks = state.war.round_clock
    assert len(clocks) == state.turn_number and clocks[-1] == state.war.seconds >= 300 > clocks[-2]
    states = replay_states(GAME, save.loads(save.dumps(state)))
    assert states[-1].position() == state.position()
    assert round_end_clocks(states) == clocks  # the replay's round ends read the clock the game had


def test_a_timed_game_under_way_replays_to_its_clock_run_on_after_the_last_move():
    state = clocked_game(2, seed=5, options={"ending": "time", "minutes": 60}, tick=9, stop_at=900)
    assert not state.is_over and state.turn_number > 2 and state.war.seconds > state.war.round_clock[-1]
    states = replay_states(GAME, state)
    assert states[-1].position() == state.position()
    assert states[-1].war.seconds == state.war.seconds and round_end_clocks(states) == state.war.round_clock


def test_the_clock_run_under_another_ending_is_the_game_s_at_the_end_of_the_replay_and_keeps_no_round_ends():
    state = clocked_game(2, seed=6, options={"ending": "rounds", "rounds": 3}, tick=5)
    assert state.is_over and state.war.seconds > 0 and state.war.round_clock == []
    assert replay_states(GAME, state)[-1].position() == state.position()


def test_a_replay_whose_clock_at_a_round_end_was_otherwise_does_not_arrive_at_the_game():
    state = clocked_game(2, seed=7, options={"ending": "time", "minutes": 5}, tick=6)
    assert state.is_over
    altered = state.clone()
    altered.war.round_clock[0] = altered.war.round_clock[-1]  # as if the time had run out after the first round
    with pytest.raises(ReplayError):
        replay_states(GAME, altered)


def test_a_save_without_the_clock_at_the_round_ends_opens_with_none_kept():
    state = clocked_game(2, seed=8, options={"ending": "time", "minutes": 60}, tick=7, stop_at=300)
    data = save.save_data(state, GAME.rules_version)
    assert data["x"]["own"]["war"].pop("round_clock") == state.war.round_clock != []
    older = save.loads(save.pack(data))
    assert older.war.round_clock == [] and older.war.seconds == state.war.seconds
    assert violations(older) == []


def test_a_save_whose_clock_at_the_round_ends_runs_backwards_is_refused():
    state = clocked_game(2, seed=8, options={"ending": "time", "minutes": 60}, tick=7, stop_at=300)
    data = save.save_data(state, GAME.rules_version)
    data["x"]["own"]["war"]["round_clock"] = [50, 40]
    with pytest.raises(InvalidSave, match="clock"):
        save.loads(save.pack(data))
    data["x"]["own"]["war"]["round_clock"] = [state.war.seconds + 1]
    with pytest.raises(InvalidSave, match="clock"):
        save.loads(save.pack(data))
