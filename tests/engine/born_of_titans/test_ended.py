"""The Challenge just over: its last roll, total and outcome are kept in the state and the view until the
next decision, so the page can show the winning roll and announce a completed Quest; a save from before has none."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import ChooseAttribute, EncounterAction, EndTurn, Restock, Retreat, Roll
from engine.born_of_titans.state import Phase
from engine.born_of_titans.table import totals
from engine.core import save
from engine.core.records import NoDecision
from tests.engine.born_of_titans.helpers import (
    act,
    at_quest,
    legal,
    my_turn,
    set_encounter,
    successes_roll,
    win_challenge,
)
from tests.engine.save_strings import pack, unpack


def test_a_won_challenge_keeps_its_winning_roll_until_the_next_decision():
    state, seat = my_turn(node="athens", came_from="p_saronic", in_city=False)
    set_encounter(state, "athens", "cyclops")
    state = win_challenge(state, seat)
    assert state.challenge == NoDecision() and state.phase == Phase.TURN
    ended = GAME.view(state, 1 - seat)["ended"]  # public: every seat sees it
    assert ended["outcome"] == "won" and ended["foe"] == "cyclops" and ended["foe_name"] == "A Cyclops"
    assert ended["successes"] >= ended["needed"] > 0 and ended["rolls"] == 1
    assert sum(1 for die in ended["last_roll"] if die >= 4) == ended["successes"]
    state = act(state, EndTurn())
    assert GAME.view(state, seat)["ended"] is None


def test_a_retreat_keeps_the_last_roll_and_says_so():
    state, seat = my_turn(node="athens", came_from="p_saronic", in_city=False)
    set_encounter(state, "athens", "cyclops")
    state = act(state, EncounterAction())
    state = act(state, ChooseAttribute(attribute="battle"))
    successes_roll(state, totals(state, seat)["battle"], 1)
    state = act(state, Roll(commit=0))
    state = act(state, Retreat())
    ended = GAME.view(state, seat)["ended"]
    assert ended["outcome"] == "retreated" and ended["successes"] == 1 and ended["last_roll"].count(5) == 1


def test_a_completed_quest_is_kept_through_the_restocking_then_cleared():
    state, seat = my_turn()
    at_quest(state, seat, "slay_the_nemean_lion", 4)
    set_encounter(state, "athens", None)
    set_encounter(state, "sparta", None)
    state = win_challenge(state, seat)
    assert state.phase == Phase.RESTOCK
    ended = GAME.view(state, seat)["ended"]
    assert ended["foe_kind"] == "quest" and ended["outcome"] == "won" and ended["quests"] == 1
    state = act(state, Restock(city="athens", place=True))
    assert GAME.view(state, seat)["ended"] == ended  # still there for the second City
    while state.phase == Phase.RESTOCK:
        state = act(state, legal(state, "restock")[0])
    assert state.phase == Phase.PLACE_QUEST and GAME.view(state, seat)["ended"] == ended
    state = act(state, legal(state, "place_quest")[0])
    assert GAME.view(state, seat)["ended"] is None


def test_a_save_from_before_without_it_opens_and_one_with_it_reads_back():
    state, seat = my_turn(node="athens", came_from="p_saronic", in_city=False)
    set_encounter(state, "athens", "cyclops")
    state = win_challenge(state, seat)
    text = save.dumps(state)
    assert save.dumps(save.loads(text)) == text and save.loads(text).ended == state.ended
    data = unpack(text)
    del data["x"]["own"]["ended"]
    old = save.loads(pack(data, version=int(text.split(".")[1])))
    assert old.ended is None and GAME.view(old, seat)["ended"] is None
