"""HERO RETREATS and HERO DEFEATED (rulings 11 and 12)."""

from __future__ import annotations

from engine.born_of_titans import GAME, board
from engine.born_of_titans.actions import ChooseAttribute, EncounterAction, Retreat, Roll
from engine.born_of_titans.state import Phase
from engine.born_of_titans.table import totals
from engine.core.records import NoDecision
from tests.engine.born_of_titans.helpers import act, legal, my_turn, refused, set_encounter, set_quest, successes_roll

CITY = "athens"


def _challenge(face="cyclops", **parts):
    parts.setdefault("node", CITY)
    parts.setdefault("came_from", "p_saronic")
    state, seat = my_turn(in_city=False, **parts)
    set_encounter(state, CITY, face)
    state = act(state, EncounterAction())
    state = act(state, ChooseAttribute(attribute="battle"))
    return state, seat


def test_ruling_11_retreat_only_after_a_crew_loss():
    state, seat = _challenge()
    assert not legal(state, "retreat")
    refused(state, Retreat())
    successes_roll(state, totals(state, seat)["battle"], 0)
    state = act(state, Roll(commit=0))
    assert legal(state, "retreat")


def test_ruling_12_a_retreating_hero_goes_back_to_the_point_she_came_from():
    state, seat = _challenge()
    successes_roll(state, totals(state, seat)["battle"], 0)
    state = act(state, Roll(commit=0))
    state = act(state, Retreat())
    assert state.sheets[seat].node == "p_saronic" and state.phase == Phase.TURN and state.challenge == NoDecision()


def test_ruling_12_a_hero_who_did_not_arrive_by_a_move_stays_on_the_site():
    state, seat = my_turn()
    site = state.sheets[seat].node  # she started the game here
    assert site in board.QUEST_SITES.values() and state.sheets[seat].came_from is None
    set_quest(state, seat, "slay_the_nemean_lion", site, revealed=True)
    state.sheets[seat].quest.origin = next(n for n, s in board.QUEST_SITES.items() if s == site)
    state = act(state, EncounterAction())
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"], 0)
    state = act(state, Roll(commit=0))
    state = act(state, Retreat())
    assert state.sheets[seat].node == site


def test_a_hero_who_runs_out_of_crew_is_defeated_loses_gear_and_ally_and_retreats():
    state, seat = _challenge(crew=2, gear="aegis", ally="castor")
    gear, ally = state.sheets[seat].gear, state.sheets[seat].ally
    for _ in range(2):
        successes_roll(state, totals(state, seat)["battle"], 0)
        state = act(state, Roll(commit=0))
    sheet = state.sheets[seat]
    assert sheet.crew == 0 and sheet.gear is None and sheet.ally is None
    assert gear in state.piles["gear"] and ally in state.piles["encounter"]
    assert gear not in state.face_up and ally not in state.face_up  # face down into their piles
    assert sheet.node == "p_saronic" and state.phase == Phase.TURN
    assert any("is Defeated" in line for line in state.log)


def test_ruling_11_a_hero_starting_a_challenge_with_no_crew_who_misses_is_defeated_at_once():
    state, seat = _challenge(crew=0)
    successes_roll(state, totals(state, seat)["battle"], 0)
    state = act(state, Roll(commit=0))
    assert state.challenge == NoDecision() and state.sheets[seat].node == "p_saronic"
    assert GAME.view(state, seat)["heroes"][seat]["crew"] == 0
