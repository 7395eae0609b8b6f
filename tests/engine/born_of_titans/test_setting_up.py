"""SETTING UP THE GAME / POPULATE THE MAP AND CREW SHEETS."""

from __future__ import annotations

import json

from engine.born_of_titans import GAME, board
from engine.born_of_titans.data import START_CREW, START_PROPHECY
from engine.born_of_titans.state import IDS
from tests.engine.born_of_titans.helpers import new


def test_a_sea_monster_face_down_on_each_sea_monster_site_and_the_fourth_set_aside_unseen():
    state = new(3, seed=4)
    assert sorted(state.sea_monsters) == sorted(board.SEA_MONSTER_SITES)
    placed = set(state.sea_monsters.values())
    assert state.aside in IDS["sea_monster"] and state.aside not in placed
    assert len(placed | {state.aside}) == 4
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert all(view["sites"][site]["sea_monster"] == "hidden" for site in board.SEA_MONSTER_SITES)
    state.face_up |= placed  # even with the other three turned up, the fourth is never shown
    for seat in (0, 1, 2, None):
        assert state.faces[state.aside] not in json.dumps(GAME.view(state, seat))


def test_an_encounter_face_down_on_every_city():
    state = new(2, seed=1)
    assert sorted(state.encounters) == sorted(board.CITIES)
    view = GAME.view(state, 0)
    assert all(view["sites"][city]["encounter"] == "hidden" for city in board.CITIES)


def test_each_player_draws_a_random_crew_counter_on_her_6_shield_and_prophecy_on_her_2_shield():
    state = new(4, seed=2)
    counters = [sheet.crew_counter for sheet in state.sheets]
    assert len(set(counters)) == 4 and all(counters)
    assert all(sheet.crew == START_CREW == 6 for sheet in state.sheets)
    assert all(sheet.prophecy == START_PROPHECY == 2 for sheet in state.sheets)
    assert len({new(4, seed=seed).sheets[0].crew_counter for seed in range(12)}) > 1  # drawn at random


def test_no_quests_before_the_selection_and_every_counter_in_one_place():
    state = new(2, seed=3)
    assert all(sheet.quest is None and sheet.hero is None for sheet in state.sheets)
    assert GAME.invariant_violations(state) == []
