"""HUBRIS (ruling 20)."""

from __future__ import annotations

from engine.born_of_titans.actions import ChooseAttribute, EncounterAction, PassMoment, PlayDivine, Roll
from engine.born_of_titans.board import QUEST_SITES
from engine.born_of_titans.state import Phase, Quest
from engine.born_of_titans.table import totals
from engine.core.records import NoDecision
from tests.engine.born_of_titans.helpers import (
    act,
    at_quest,
    hand,
    kinds,
    my_turn,
    pass_all,
    refused,
    set_quest,
    successes_roll,
    win_challenge,
)


def _complete(state, seat, face, number):
    at_quest(state, seat, face, number)
    state.turn.regular = 0
    state = win_challenge(state, seat)
    while state.phase.value in ("restock", "place_quest"):
        from engine.born_of_titans import GAME

        state = act(state, GAME.legal_actions(state)[-1])
    return state


def test_ruling_20_the_first_quest_of_the_game_takes_hubris():
    state, seat = my_turn()
    state = _complete(state, seat, "slay_the_nemean_lion", 4)
    assert state.hubris == seat


def test_ruling_20_the_first_second_quest_takes_it_from_whoever_holds_it_or_from_the_box():
    state, seat = my_turn(quests={1: "slay_the_hydra"})
    state.hubris, state.hubris_step = -1, 1  # taken by the first Quest, then discarded
    state = _complete(state, seat, "slay_the_nemean_lion", 4)
    assert state.hubris == seat
    state, seat = my_turn(quests={1: "slay_the_hydra"})
    state.hubris, state.hubris_step = 1 - seat, 1
    state = _complete(state, seat, "slay_the_nemean_lion", 4)
    assert state.hubris == seat


def test_ruling_20_a_later_second_quest_does_not_take_it():
    state, seat = my_turn(quests={1: "slay_the_hydra"})
    state.hubris, state.hubris_step = 1 - seat, 2  # someone has completed her second already
    state = _complete(state, seat, "slay_the_nemean_lion", 4)
    assert state.hubris == 1 - seat


def test_ruling_20_its_holder_may_not_start_an_encounter_with_her_own_quest_but_may_reach_and_reveal_it():
    state, seat = my_turn()
    state.hubris = seat
    at_quest(state, seat, "slay_the_nemean_lion", 4)
    assert "encounter" not in kinds(state)
    refused(state, EncounterAction())
    set_quest(state, seat, "slay_the_hydra", QUEST_SITES[4])
    assert not state.sheets[seat].quest.revealed


def test_ruling_20_hubris_leaves_by_hera_and_her_pair_moves_it():
    state, seat = my_turn()
    hand(state, seat, "hera", "hera", "hera")
    state.hubris = seat
    state = act(state, PlayDivine(counter="hera", pair=True, target=1 - seat, detail=1 - seat))
    assert state.hubris == 1 - seat
    state = act(state, PlayDivine(counter="hera", target=1 - seat))
    assert state.hubris == -1


def _hera_pair_at_the_start(state, seat):
    """She encounters her face-up Quest; the other player plays the Hera pair at the Challenge's start, handing
    her the Hubris counter; everyone passes."""
    state = act(state, EncounterAction())
    assert state.phase == Phase.REACT and state.current_player == 1 - seat
    state = act(state, PlayDivine(counter="hera", pair=True, target=seat, detail=seat))
    assert state.hubris == seat
    return pass_all(state)


def test_hubris_forbids_completing_a_quest_taken_during_its_challenge():
    state, seat = my_turn()
    state.hubris, state.hubris_step = 1 - seat, 1
    at_quest(state, seat, "slay_the_nemean_lion", 4, crew=6)
    hand(state, 1 - seat, "hera", "hera")
    quest = state.sheets[seat].quest.id
    state = _hera_pair_at_the_start(state, seat)
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"], totals(state, seat)["battle"])  # all Successes
    state = act(state, Roll(commit=0))
    sheet = state.sheets[seat]
    assert state.phase == Phase.TURN and state.challenge == NoDecision()  # the Challenge is won...
    assert sheet.quests == {} and state.hubris == seat  # ...but the Quest is not completed
    assert sheet.quest == Quest(id=quest, site=QUEST_SITES[4], origin=4, revealed=True)  # it stays
    assert sheet.node == QUEST_SITES[4] and sheet.crew == 6  # and so does she
    assert "holds the Hubris counter" in state.log[-1]


def test_hubris_aphrodites_pair_does_not_complete_the_quest_of_the_hubris_holder():
    state, seat = my_turn()
    state.hubris, state.hubris_step = 1 - seat, 1
    at_quest(state, seat, "slay_the_nemean_lion", 4)
    hand(state, 1 - seat, "hera", "hera")
    hand(state, seat, "aphrodite", "aphrodite")
    state = act(state, EncounterAction())
    state = act(state, PassMoment())  # she passes at the start; the other hands her Hubris
    state = act(state, PlayDivine(counter="hera", pair=True, target=seat, detail=seat))
    state = act(state, PlayDivine(counter="aphrodite", pair=True, target=seat))
    assert state.challenge == NoDecision() and state.sheets[seat].quests == {} and state.sheets[seat].quest.revealed


def test_hubris_shed_in_the_challenge_lets_her_complete_it():
    state, seat = my_turn()
    at_quest(state, seat, "slay_the_nemean_lion", 4)
    hand(state, 1 - seat, "hera")
    state.hubris, state.hubris_step = 1 - seat, 1  # the other holds it and sheds it at the start: no matter
    state = act(state, EncounterAction())
    state = act(state, PlayDivine(counter="hera", target=1 - seat))
    state = pass_all(state)
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"], totals(state, seat)["battle"])
    state = act(state, Roll(commit=0))
    assert len(state.sheets[seat].quests) == 1
