"""GEAR (rulings 21-23)."""

from __future__ import annotations

from engine.born_of_titans.actions import Argo, ChooseAttribute, DragonsTeeth, EncounterAction, LionSkin, Roll
from engine.born_of_titans.state import Challenge
from engine.born_of_titans.table import totals
from engine.core.records import NoDecision
from tests.engine.born_of_titans.helpers import act, dice, hand, legal, my_turn, refused, set_encounter, successes_roll


def test_gear_adds_to_attributes():
    state, seat = my_turn()
    before = totals(state, seat)
    state, seat = my_turn(gear="aegis")
    after = totals(state, seat)
    assert after["battle"] == before["battle"] + 1 and after["wits"] == before["wits"] + 1


def test_ruling_21_the_argo_one_prophecy_once_each_turn():
    state, seat = my_turn(gear="argo", prophecy=2)
    state = act(state, Argo())
    assert state.sheets[seat].prophecy == 3
    assert not legal(state, "argo")
    refused(state, Argo())
    state = act(state, {"kind": "end_turn"})
    state = act(state, {"kind": "end_turn"})
    assert state.mover == seat and legal(state, "argo")
    state.sheets[seat].prophecy = 6
    assert not legal(state, "argo")  # at most six


def test_ruling_22_the_dragons_teeth_discarded_for_a_die_of_crew_even_inside_a_challenge():
    state, seat = my_turn(gear="dragons_teeth", crew=2)
    gear = state.sheets[seat].gear
    dice(state, 6)
    state = act(state, DragonsTeeth())
    assert state.sheets[seat].crew == 6 and state.sheets[seat].gear is None and gear in state.piles["gear"]
    state, seat = my_turn(node="athens", came_from="p_saronic", gear="dragons_teeth", crew=3)
    set_encounter(state, "athens", "cyclops")
    state = act(state, EncounterAction())
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"], 0)
    state = act(state, Roll(commit=0))
    assert state.sheets[seat].crew == 2 and legal(state, "dragons_teeth")  # after a Crew loss
    dice(state, 3)
    state = act(state, DragonsTeeth())
    assert state.sheets[seat].crew == 5 and isinstance(state.challenge, Challenge)


def test_ruling_23_the_nemean_lion_skin_stops_every_later_crew_loss_in_that_challenge_only():
    state, seat = my_turn(node="athens", came_from="p_saronic", gear="lion_skin", crew=3, divine=[])
    set_encounter(state, "athens", "cyclops")
    assert not legal(state, "lion_skin")  # only inside one of her Challenges
    state = act(state, EncounterAction())
    state = act(state, ChooseAttribute(attribute="battle"))
    state = act(state, LionSkin())
    assert state.sheets[seat].gear is None and state.challenge.lion_skin
    for _ in range(4):
        successes_roll(state, totals(state, seat)["battle"], 0)
        state = act(state, Roll(commit=0))
        assert state.sheets[seat].crew == 3
    state = act(state, {"kind": "retreat"})
    state.challenge = NoDecision()
    assert state.sheets[seat].crew == 3


def test_ruling_23_under_the_lion_skin_a_hero_at_zero_crew_is_not_defeated_by_a_miss():
    state, seat = my_turn(node="athens", came_from="p_saronic", gear="lion_skin", crew=0)
    set_encounter(state, "athens", "cyclops")
    state = act(state, EncounterAction())
    state = act(state, ChooseAttribute(attribute="battle"))
    state = act(state, LionSkin())
    successes_roll(state, totals(state, seat)["battle"], 0)
    state = act(state, Roll(commit=0))
    assert isinstance(state.challenge, Challenge) and state.sheets[seat].node == "athens"


def test_ruling_23_the_lion_skin_may_be_worn_after_a_roll_before_it_counts():
    state, seat = my_turn(node="athens", came_from="p_saronic", gear="lion_skin", crew=3)
    hand(state, seat, "apollo")  # she holds a Divine counter, so she is asked at the moments
    set_encounter(state, "athens", "cyclops")
    state = act(state, EncounterAction())
    state = act(state, {"kind": "pass_moment"})
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"], 0)
    state = act(state, Roll(commit=0))
    assert state.moment.kind == "challenge_roll" and LionSkin() in legal(state, "lion_skin")
    state = act(state, LionSkin())
    state = act(state, {"kind": "pass_moment"})
    assert state.sheets[seat].crew == 3 and isinstance(state.challenge, Challenge)
