"""UNDERWORLD QUESTS (ruling 17)."""

from __future__ import annotations

from engine.born_of_titans import GAME, board
from engine.born_of_titans.actions import Underworld
from engine.born_of_titans.board import QUEST_SITES
from engine.born_of_titans.state import Phase
from engine.born_of_titans.table import totals
from tests.engine.born_of_titans.helpers import act, kinds, legal, my_turn, set_quest, successes_roll, win_challenge


def _arrive(face="question_the_dead", number=3):
    state, seat = my_turn()
    site = QUEST_SITES[number]
    set_quest(state, seat, face, site)
    state.sheets[seat].node = board.NEIGHBOURS[site][0]
    successes_roll(state, totals(state, seat)["navigation"], 2)
    state = act(state, {"kind": "move"})
    state = act(state, {"kind": "move_to", "node": site})
    return state, seat


def test_ruling_17_an_underworld_quest_goes_at_once_to_the_underworld_site_she_chooses():
    state, seat = _arrive()
    assert state.phase == Phase.UNDERWORLD
    assert sorted(a.site for a in legal(state, "underworld")) == sorted(board.UNDERWORLD_SITES)
    state = act(state, Underworld(site="avernus"))
    quest = state.sheets[seat].quest
    assert quest.site == "avernus" and quest.origin == 3 and quest.revealed
    assert state.turn.regular == 1  # free: only the Move was an action
    assert "encounter" not in kinds(state)  # her Hero must now travel there
    assert GAME.view(state, 1 - seat)["sites"]["avernus"]["quests"][0]["quest"] == "question_the_dead"


def test_ruling_17_several_underworld_quests_may_share_a_site():
    state, seat = _arrive()
    state = act(state, Underworld(site="avernus"))
    set_quest(state, 1 - seat, "capture_cerberus", QUEST_SITES[5], revealed=True)
    state.sheets[1 - seat].quest.site = "avernus"
    assert GAME.invariant_violations(state) == []


def test_ruling_17_a_completed_underworld_quest_goes_on_the_shield_where_it_was_placed():
    state, seat = _arrive("recover_fallen_friend", 4)
    state = act(state, Underworld(site="taenarum"))
    state.sheets[seat].node = "taenarum"
    state.turn.regular = 0
    state = win_challenge(state, seat)
    assert state.faces[state.sheets[seat].quests["4"]] == "recover_fallen_friend"
    assert 4 not in [int(n) for n in [a.site[-1] for a in legal(state, "place_quest") if a.site[-1].isdigit()]]
