"""HUBRIS (ruling 20)."""

from __future__ import annotations

from engine.born_of_titans.actions import EncounterAction, PlayDivine
from engine.born_of_titans.board import QUEST_SITES
from tests.engine.born_of_titans.helpers import act, at_quest, hand, kinds, my_turn, refused, set_quest, win_challenge


def _complete(state, seat, face, number):
    at_quest(state, seat, face, number)
    state.turn["regular"] = 0
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
    assert not state.sheets[seat].quest["revealed"]


def test_ruling_20_hubris_leaves_by_hera_and_her_pair_moves_it():
    state, seat = my_turn()
    hand(state, seat, "hera", "hera", "hera")
    state.hubris = seat
    state = act(state, PlayDivine(counter="hera", pair=True, target=1 - seat, detail=1 - seat))
    assert state.hubris == 1 - seat
    state = act(state, PlayDivine(counter="hera", target=1 - seat))
    assert state.hubris == -1
