"""ENCOUNTERS (rulings 9, 10, 19) and the named Encounter counters."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import ChooseAttribute, EncounterAction, RefuseAlly, Retreat, Roll, TakeAlly
from engine.born_of_titans.state import Phase
from engine.born_of_titans.table import totals
from tests.engine.born_of_titans.helpers import act, dice, kinds, my_turn, set_encounter, successes_roll

CITY = "athens"


def _at_gates(face, **parts):
    state, seat = my_turn(node=CITY, came_from="p_saronic", in_city=False, **parts)
    set_encounter(state, CITY, face)
    return state, seat


def test_ruling_9_a_hero_at_a_city_with_an_encounter_stands_at_its_gates():
    state, _ = _at_gates("harpies", crew=3)
    assert "recruit" not in kinds(state) and "sacrifice" not in kinds(state)
    assert "encounter" in kinds(state)
    state, _seat = my_turn(node=CITY, came_from="p_saronic", in_city=True, crew=3)
    set_encounter(state, CITY, None)
    assert "recruit" in kinds(state) and "encounter" not in kinds(state)


def test_ruling_9_a_city_with_no_encounter_is_entered_on_arrival():
    state, seat = my_turn(node="p_saronic", came_from=None)
    set_encounter(state, CITY, None)
    successes_roll(state, totals(state, seat)["navigation"], 1)
    state = act(state, {"kind": "move"})
    state = act(state, {"kind": "move_to", "node": CITY})
    assert state.sheets[seat].in_city


def test_a_monster_defeated_goes_face_down_to_the_encounter_pile_and_she_enters():
    state, seat = _at_gates("procrustes")
    cid = state.encounters[CITY]
    state = act(state, EncounterAction())
    assert state.phase in (Phase.CHALLENGE,) and cid in state.face_up
    state = act(state, ChooseAttribute(attribute="wits"))
    successes_roll(state, totals(state, seat)["wits"], 3)
    state = act(state, Roll(commit=0))
    assert CITY not in state.encounters and cid in state.piles["encounter"] and cid not in state.face_up
    assert state.sheets[seat].in_city


def test_a_hero_who_retreats_from_a_city_monster_may_not_enter():
    state, seat = _at_gates("cyclops")
    state = act(state, EncounterAction())
    state = act(state, ChooseAttribute(attribute="wits"))
    successes_roll(state, totals(state, seat)["wits"], 0)
    state = act(state, Roll(commit=0))
    state = act(state, Retreat())
    assert state.sheets[seat].node == "p_saronic" and not state.sheets[seat].in_city
    assert state.encounters[CITY] in state.face_up  # the monster stays, face up


def test_ruling_10_taking_an_ally_is_part_of_the_encounter_and_hers_goes_to_the_pile():
    state, seat = _at_gates("orpheus", ally="castor")
    old = state.sheets[seat].ally
    state = act(state, EncounterAction())
    assert state.phase == Phase.ALLY and GAME.view(state, 1 - seat)["offer"] == {"ally": "orpheus"}
    state = act(state, TakeAlly())
    assert state.faces[state.sheets[seat].ally] == "orpheus" and old in state.piles["encounter"]
    assert state.sheets[seat].in_city and CITY not in state.encounters
    assert state.turn.regular == 1  # no further action


def test_ruling_10_refusing_an_ally_discards_the_new_one_and_clears_the_city():
    state, seat = _at_gates("medea", ally="castor")
    new_ally = state.encounters[CITY]
    state = act(state, EncounterAction())
    state = act(state, RefuseAlly())
    assert state.faces[state.sheets[seat].ally] == "castor" and new_ally in state.piles["encounter"]
    assert state.sheets[seat].in_city and CITY not in state.encounters


def test_crew_for_hire_rolls_one_die_and_adds_up_to_it_at_most_six():
    state, seat = _at_gates("crew_for_hire", crew=2)
    dice(state, 5)
    state = act(state, EncounterAction())
    assert state.sheets[seat].crew == 6
    state, seat = _at_gates("crew_for_hire", crew=2)
    dice(state, 3)
    state = act(state, EncounterAction())
    assert state.sheets[seat].crew == 5
    assert state.encounters.get(CITY) is None and state.sheets[seat].in_city


def test_gather_humility_discards_hubris_only_if_she_has_it():
    state, seat = _at_gates("gather_humility")
    state.hubris = seat
    state = act(state, EncounterAction())
    assert state.hubris == -1
    state, seat = _at_gates("gather_humility")
    state.hubris = 1 - seat
    state = act(state, EncounterAction())
    assert state.hubris == 1 - seat


def test_allys_quest_takes_her_ally():
    state, seat = _at_gates("allys_quest", ally="chiron")
    state = act(state, EncounterAction())
    assert state.sheets[seat].ally is None
    state, seat = _at_gates("allys_quest")
    state = act(state, EncounterAction())
    assert state.sheets[seat].ally is None


def test_the_designed_events_lose_crew_gain_prophecy_and_divine_gift():
    state, seat = _at_gates("storm", crew=5, gear="aegis")
    state = act(state, EncounterAction())
    assert state.sheets[seat].crew == 3 and state.sheets[seat].gear is not None
    state, seat = _at_gates("storm", crew=2, gear="aegis", ally="castor")
    state = act(state, EncounterAction())
    assert state.sheets[seat].crew == 0 and state.sheets[seat].gear is None and state.sheets[seat].ally is None
    state, seat = _at_gates("omen", prophecy=5)
    state = act(state, EncounterAction())
    assert state.sheets[seat].prophecy == 6
    state, seat = _at_gates("temple_blessing")
    state = act(state, EncounterAction())
    assert len(state.sheets[seat].divine) == 1
    assert GAME.view(state, 1 - seat)["heroes"][seat]["divine_count"] == 1
    assert "divine" not in GAME.view(state, 1 - seat)["heroes"][seat]


def test_ruling_9_a_hero_at_the_gates_enters_when_another_clears_the_city():
    state, seat = _at_gates("procrustes")
    other = 1 - seat
    state.sheets[other].node, state.sheets[other].in_city = CITY, False  # she waits at the gates too
    state = act(state, EncounterAction())
    state = act(state, ChooseAttribute(attribute="wits"))
    successes_roll(state, totals(state, seat)["wits"], 3)
    state = act(state, Roll(commit=0))
    assert state.sheets[other].in_city and state.sheets[seat].in_city
