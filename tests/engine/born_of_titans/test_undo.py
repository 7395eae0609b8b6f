"""Undo never takes back what was seen: a face-down counter turned up or looked at counts as a chance event."""

from __future__ import annotations

from engine.born_of_titans.actions import EncounterAction, Look, Recruit
from engine.core.undo import undo_steps
from tests.engine.born_of_titans.helpers import act, my_turn, set_encounter


def test_a_look_and_an_encounter_turned_up_cannot_be_undone_but_a_recruit_can():
    state, seat = my_turn(node="athens", came_from="p_saronic", in_city=True, crew=3, prophecy=2)
    set_encounter(state, "athens", None)
    state = act(state, Recruit(crew=1))
    assert undo_steps(state, seat) == 1
    state = act(state, Look(site="sparta"))
    assert undo_steps(state, seat) == 0
    state, seat = my_turn(node="athens", came_from="p_saronic")
    set_encounter(state, "athens", "castor")
    state = act(state, EncounterAction())
    assert state.last_chance and undo_steps(state, seat) == 0
