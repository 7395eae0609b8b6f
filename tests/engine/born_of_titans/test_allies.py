"""ALLIES."""

from __future__ import annotations

from engine.born_of_titans.actions import EncounterAction, TakeAlly
from engine.born_of_titans.data import ALLIES
from engine.born_of_titans.table import totals
from tests.engine.born_of_titans.helpers import act, at_quest, my_turn, set_encounter, win_challenge


def test_an_ally_adds_to_every_attribute_roll():
    state, seat = my_turn()
    before = totals(state, seat)
    state, seat = my_turn(ally="chiron")
    after = totals(state, seat)
    for attribute in before:
        assert after[attribute] == before[attribute] + getattr(ALLIES["chiron"], attribute)


def test_an_ally_may_be_traded_for_a_new_one():
    state, seat = my_turn(node="athens", came_from="p_saronic", ally="castor")
    set_encounter(state, "athens", "tiphys")
    old = state.sheets[seat].ally
    state = act(state, EncounterAction())
    state = act(state, TakeAlly())
    assert state.faces[state.sheets[seat].ally] == "tiphys" and old in state.piles["encounter"]


def test_an_ally_stays_only_until_the_current_quest_is_completed():
    state, seat = my_turn(ally="peleus")
    ally = state.sheets[seat].ally
    at_quest(state, seat, "slay_the_nemean_lion", 4)
    state = win_challenge(state, seat)
    assert state.sheets[seat].ally is None and ally in state.piles["encounter"] and ally not in state.face_up
