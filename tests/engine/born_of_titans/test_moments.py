"""Divine counters at any time: the moments to react (ruling 26)."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import EncounterAction, EndTurn, PassMoment, PlayDivine
from engine.born_of_titans.state import Phase
from engine.born_of_titans.table import totals
from engine.core import save
from tests.engine.born_of_titans.helpers import act, hand, legal, my_turn, set_encounter, successes_roll


def _three(**options):
    state, seat = my_turn(players=3, node="athens", came_from="p_saronic", options=options)
    set_encounter(state, "athens", "centaur")
    order = [(seat + k) % 3 for k in range(3)]
    return state, order


def _asked(state):
    return state.current_player


def test_ruling_26_every_seat_holding_a_counter_is_asked_in_turn_order_from_the_mover():
    state, (mover, second, third) = _three()
    for seat in (mover, second, third):
        hand(state, seat, "apollo")
    state = act(state, EncounterAction())  # (a) the start of a Challenge
    asked = []
    while state.phase == Phase.REACT:
        asked.append(_asked(state))
        assert GAME.is_interruption(state) or _asked(state) == mover
        state = act(state, PassMoment())
    assert asked == [mover, second, third] and state.phase == Phase.CHALLENGE


def test_ruling_26_after_a_counter_is_played_everyone_is_asked_again_from_the_next_player():
    state, (mover, second, third) = _three()
    for seat in (mover, second, third):
        hand(state, seat, "apollo", "apollo")
    state = act(state, EncounterAction())
    state = act(state, PassMoment())  # the mover passes
    state = act(state, PlayDivine(counter="apollo", target=second))  # the second plays
    asked = []
    while state.phase == Phase.REACT:
        asked.append(_asked(state))
        state = act(state, PassMoment())
    assert asked == [third, mover, second]  # all three must pass in a row


def test_ruling_26_a_seat_with_no_counter_is_not_asked_and_a_moment_nobody_could_answer_is_skipped():
    state, (_mover, _second, third) = _three()
    hand(state, third, "apollo")
    state = act(state, EncounterAction())
    assert _asked(state) == third
    state = act(state, PassMoment())
    assert state.phase == Phase.CHALLENGE
    state, _ = _three()
    state = act(state, EncounterAction())
    assert state.phase == Phase.CHALLENGE  # nobody holds a counter


def test_ruling_26_the_question_is_the_same_whether_or_not_a_counter_could_be_played():
    state, (mover, second, third) = _three()
    hand(state, second, "hera")  # Hera cannot be played: nobody holds Hubris
    hand(state, third, "ares")
    state = act(state, EncounterAction())
    assert _asked(state) == second  # (the mover holds nothing: not asked)
    assert [a.kind for a in GAME.legal_actions(state)] == ["pass_moment"]
    view_of_first = GAME.view(state, mover)["moment"]
    assert view_of_first == {"kind": "challenge_start", "asked": second, "roll_owner": None, "dice": []}


def test_ruling_26_moments_after_rolls_and_at_the_end_of_the_turn():
    state, (mover, second, _third) = _three()
    hand(state, second, "apollo")
    state = act(state, EncounterAction())
    state = act(state, PassMoment())  # the second player, the only one asked
    state = act(state, {"kind": "choose_attribute", "attribute": "battle"})
    successes_roll(state, totals(state, mover)["battle"], 0)
    state = act(state, {"kind": "roll", "commit": 0})
    assert state.moment.kind == "challenge_roll" and state.sheets[mover].crew == 6  # before it counts
    state = act(state, PassMoment())
    assert state.sheets[mover].crew == 5
    state = act(state, {"kind": "retreat"})
    state = act(state, {"kind": "end_turn"})
    assert state.moment.kind == "turn_end" and state.mover == mover
    state = act(state, PassMoment())
    assert state.mover == second


def test_ruling_26_the_option_challenges_drops_the_move_roll_moments():
    for option, moment in (("every_roll", True), ("challenges", False)):
        state, (mover, second, _third) = _three(moments=option)
        hand(state, second, "poseidon")
        successes_roll(state, totals(state, mover)["navigation"], 2)
        state = act(state, {"kind": "move"})
        assert (state.phase == Phase.REACT) == moment
    assert legal(state, "move_to")


def test_ruling_26_her_own_move_roll_asks_the_others_and_her_asking_is_her_moves_decision():
    state, (mover, second, third) = _three()
    for seat in (mover, second, third):
        hand(state, seat, "muses")
    successes_roll(state, totals(state, mover)["navigation"], 1)
    state = act(state, {"kind": "move"})
    asked = []
    while state.phase == Phase.REACT:
        asked.append(_asked(state))
        state = act(state, PassMoment())
    assert asked == [second, third]  # rules version 1 asked [mover, second, third]
    assert state.phase == Phase.MOVE and state.current_player == mover
    muses = [a for a in legal(state, "play_divine") if a.counter == "muses" and a.target == mover]
    assert muses  # she plays on her own roll at her Move's decision
    state = act(state, muses[0])
    assert state.phase == Phase.REACT and state.moment.kind == "move_roll"  # the others may answer her Muses
    assert [_asked(state)] == [second]
    state = act(state, PassMoment())
    state = act(state, PassMoment())
    assert state.phase == Phase.MOVE and state.current_player == mover


def test_ruling_26_a_counter_played_at_her_own_rolls_moment_asks_her_again_with_the_others():
    state, (mover, second, third) = _three()
    for seat in (mover, second, third):
        hand(state, seat, "apollo", "apollo")
    successes_roll(state, totals(state, mover)["navigation"], 1)
    state = act(state, {"kind": "move"})
    state = act(state, PlayDivine(counter="apollo", target=second))  # the second plays
    asked = []
    while state.phase == Phase.REACT:
        asked.append(_asked(state))
        state = act(state, PassMoment())
    assert asked == [third, mover, second]  # everyone again, her too


def test_ruling_26_the_end_of_a_turn_she_ended_herself_does_not_ask_her_first():
    state, (mover, second, _third) = _three()
    hand(state, mover, "apollo")
    hand(state, second, "apollo")
    state = act(state, {"kind": "end_turn"})
    assert state.moment.kind == "turn_end" and _asked(state) == second
    state = act(state, PassMoment())
    assert state.mover == second and state.phase == Phase.TURN


def test_ruling_26_a_turn_lost_at_its_start_still_asks_its_player_at_its_end():
    state, (mover, second, _third) = _three()
    hand(state, mover, "apollo")
    hand(state, second, "poseidon", "poseidon")
    state = act(state, {"kind": "end_turn"})
    state = act(state, PlayDivine(counter="poseidon", pair=True, target=mover))  # her next turn is lost
    for _ in range(20):
        if state.phase == Phase.REACT and state.mover == mover and state.round > 1:
            break
        state = act(state, PassMoment() if state.phase == Phase.REACT else EndTurn())
    assert "loses this turn" in state.log[-1] or any("loses this turn" in line for line in state.log[-3:])
    assert state.moment.kind == "turn_end" and _asked(state) == mover  # she decided nothing in it


def test_ruling_26_a_moment_saved_under_rules_version_1_opens_and_asks_as_it_did():
    state, (mover, second, _third) = _three()
    for seat in (mover, second):
        hand(state, seat, "apollo")
    successes_roll(state, totals(state, mover)["navigation"], 1)
    state = act(state, {"kind": "move"})
    old = state.clone()
    old.moment.skip = None  # as version 1 had it (no skip)
    old.moment.asked = mover  # version 1 asked the mover first at her own roll
    data = save.save_data(old, 1)
    assert "skip" not in data["x"]["own"]["moment"]
    opened = save.loads(save.pack(data))
    assert _asked(opened) == mover and opened.moment == old.moment  # the position its player saw
    assert all(GAME.view(opened, seat) == GAME.view(old, seat) for seat in (None, mover, second))
    opened = act(opened, PassMoment())
    assert _asked(opened) == second  # then the second, as version 1 asked
    opened = act(opened, PassMoment())
    assert opened.phase == Phase.MOVE and opened.current_player == mover
