"""The choices the bots weigh: every legal one but the strictly pointless (sensible.py)."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import ChooseAttribute, DragonsTeeth, EndTurn, Look, PlayDivine, Recruit
from tests.engine.born_of_titans.helpers import act, hand, my_turn, set_encounter


def _sensible(state):
    return GAME.sensible_actions(state, GAME.legal_actions(state))


def test_a_look_that_can_show_nothing_new_is_not_even_legal():
    state, _seat = my_turn(node="p_saronic", prophecy=3)
    assert Look(site="athens") in _sensible(state)
    state = act(state, Look(site="athens"))
    assert Look(site="athens") not in GAME.legal_actions(state)  # ruling 15: no second paid look


def test_recruit_one_is_dropped_when_two_fit_and_the_teeth_at_six_crew():
    state, seat = my_turn(node="athens", in_city=True, crew=3, gear="dragons_teeth")
    set_encounter(state, "athens", None)
    assert Recruit(crew=1) not in _sensible(state) and Recruit(crew=2) in _sensible(state)
    assert DragonsTeeth() in _sensible(state)
    state.sheets[seat].crew = 6
    assert DragonsTeeth() in GAME.legal_actions(state) and DragonsTeeth() not in _sensible(state)


def test_ending_the_turn_is_dropped_while_a_move_is_open():
    state, _seat = my_turn()
    assert EndTurn() not in _sensible(state)
    state.turn.regular = 2
    assert _sensible(state)[-1] == EndTurn()


def test_an_attribute_beaten_on_both_counts_is_dropped():
    state, seat = my_turn(node="athens", came_from="p_saronic", ally="medea")  # Wits far above Battle
    state.sheets[seat].crew_counter = "athenians"  # Wits 2, Battle 0
    set_encounter(state, "athens", "procrustes")  # Battle 4, Wits 3
    state = act(state, {"kind": "encounter"})
    assert ChooseAttribute(attribute="battle") in GAME.legal_actions(state)
    assert [a.attribute for a in _sensible(state) if isinstance(a, ChooseAttribute)] == ["wits"]


def test_divine_plays_that_change_nothing_are_dropped():
    state, seat = my_turn(prophecy=6)
    hand(state, seat, "apollo")
    assert PlayDivine(counter="apollo", target=seat) not in _sensible(state)
    assert PlayDivine(counter="apollo", target=1 - seat) in _sensible(state)
