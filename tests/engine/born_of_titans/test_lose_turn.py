"""LOSE TURN (rulings 24 and 25)."""

from __future__ import annotations

from engine.born_of_titans.actions import EncounterAction, PlayDivine
from engine.born_of_titans.state import Phase
from engine.core.records import NoDecision
from tests.engine.born_of_titans.helpers import act, dice, legal, my_turn, pass_all, set_encounter


def test_ruling_24_lose_turn_in_her_own_turn_ends_it_at_once_and_her_next_turn_is_lost_too():
    state, seat = my_turn(node="athens", came_from="p_saronic")
    set_encounter(state, "athens", "becalmed")
    state = act(state, EncounterAction())
    assert state.sheets[seat].lose_turn and state.mover != seat  # the turn ended at once
    state = act(state, {"kind": "end_turn"})  # the other player's turn
    assert state.mover != seat and not state.sheets[seat].lose_turn  # her next turn lost, the counter discarded
    assert any("loses this turn" in line for line in state.log)
    state = act(state, {"kind": "end_turn"})
    assert state.mover == seat


def test_ruling_24_lose_turn_in_a_challenge_ends_it_as_a_retreat():
    state, seat = my_turn(node="athens", came_from="p_saronic")
    other = 1 - seat
    state.sheets[other].divine = [c for c in state.piles["divine"] if state.faces[c] == "poseidon"][:2]
    for cid in state.sheets[other].divine:
        state.piles["divine"].remove(cid)
    set_encounter(state, "athens", "cyclops")
    state = act(state, EncounterAction())
    assert state.phase == Phase.REACT and state.current_player == other  # the moment at its start
    state = act(state, PlayDivine(counter="poseidon", pair=True, target=seat))
    assert state.challenge == NoDecision() and state.sheets[seat].node == "p_saronic" and state.sheets[seat].lose_turn
    assert state.mover == other


def test_ruling_24_lose_turn_out_of_her_turn_waits_for_her_next_turn_and_never_two():
    state, seat = my_turn(divine=["poseidon", "poseidon", "poseidon", "poseidon"])
    other = 1 - seat
    state = act(state, PlayDivine(counter="poseidon", pair=True, target=other))
    assert state.sheets[other].lose_turn and state.mover == seat
    assert PlayDivine(counter="poseidon", pair=True, target=other) not in legal(state, "play_divine")
    state = act(state, {"kind": "end_turn"})
    state = pass_all(state)
    assert state.mover == seat and not state.sheets[other].lose_turn  # her turn was skipped


def test_ruling_25_fair_weather_at_zero_crew_still_gives_two_more_actions():
    state, seat = my_turn(node="athens", came_from="p_saronic", crew=0)
    set_encounter(state, "athens", "fair_weather")
    state = act(state, EncounterAction())  # her one action at 0 Crew
    assert state.turn.extra == 2
    for _ in range(2):
        assert legal(state, "move")
        dice(state, *([2] * 20))
        state = act(state, {"kind": "move"})
        state = act(state, {"kind": "stop"})
    assert not legal(state, "move") and state.sheets[seat].crew == 0


def test_ruling_24_a_turn_lost_at_her_move_rolls_moment_ends_the_move_where_she_stands():
    state, seat = my_turn(node="p_saronic")
    other = 1 - seat
    state.sheets[other].divine = [c for c in state.piles["divine"] if state.faces[c] == "poseidon"][:2]
    for cid in state.sheets[other].divine:
        state.piles["divine"].remove(cid)
    dice(state, *([5] * 12))
    state = act(state, {"kind": "move"})
    assert state.phase == Phase.REACT and state.moment.kind == "move_roll"
    state = act(state, PlayDivine(counter="poseidon", pair=True, target=seat))
    assert state.sheets[seat].node == "p_saronic" and state.move == NoDecision() and state.mover == other
