"""K.O.: stop where the last Life Point is lost, pass a turn, stand up again; immune but pushable (ruling 13)."""

from __future__ import annotations

from engine.titan_race import GAME
from engine.titan_race.state import Phase
from tests.engine.titan_race.helpers import act, do, lives, move, new, position, titan, trap, where

PAIR = ("grinder", "rassik", "craken")


def test_knocked_out_while_moving_stops_where_the_last_life_is_lost_and_the_turn_ends():
    state = position(new(PAIR, circuit="anglieh"), {"grinder": "D4", "rassik": "A11", "craken": "F2"}, "grinder")
    titan(state, "grinder").life = 1
    trap(state, "D6")
    state = move(state, "N", "N")
    assert where(state)["grinder"] == "D6" and titan(state, "grinder").ko == "ko"
    assert state.acting != 0 and state.phase == Phase.DRAFT  # the turn ended at once


def test_ko_turn_draft_a_die_and_pass_then_full_life_the_turn_after():
    state = position(new(PAIR, circuit="anglieh"), {"grinder": "D6", "rassik": "A11", "craken": "F2"}, "grinder")
    grinder = titan(state, "grinder")
    grinder.life, grinder.ko = 0, "ko"
    state.phase, state.pool = Phase.DRAFT, ["red", "blue", "green"]
    state = do(state, "take_die", face="red")  # his own colour: no Life Point while K.O.
    assert titan(state, "grinder").ko == "recovering" and titan(state, "grinder").life == 0
    assert state.pool == ["blue", "green"] and state.acting != 0  # the die is taken from the others
    state = position(state, {}, "rassik")
    state.titans[0].life, state.titans[0].ko = 0, "recovering"
    from engine.titan_race import flow

    state.order, state.turn_index = [1, 0, 2], 0
    flow.end_turn(state)
    assert state.acting == 0 and titan(state, "grinder").ko == "" and titan(state, "grinder").life == 6
    assert state.phase == Phase.DRAFT


def test_chtooloo_restarts_with_four():
    state = position(new(("chtooloo", "rassik")), {"chtooloo": "D6", "rassik": "A11"}, "rassik")
    state.titans[0].life, state.titans[0].ko = 0, "recovering"
    from engine.titan_race import flow

    state.order, state.turn_index = [1, 0], 0
    flow.end_turn(state)
    assert titan(state, "chtooloo").life == 4


def test_a_ko_titan_is_immune_but_can_be_pushed_and_wins_when_pushed_over_the_line():
    state = position(new(PAIR, circuit="kaldheira"), {"grinder": "D8", "rassik": "D10", "craken": "F2"}, "grinder")
    rassik = titan(state, "rassik")
    rassik.life, rassik.ko = 0, "ko"
    trap(state, "D12")
    pushed = move(state, "N", "N")
    assert where(pushed)["rassik"] == "D2" and titan(pushed, "rassik").life == 0  # lava D10? no: immune
    assert pushed.traps == []  # the trap is sprung without effect
    rassik.lap = 3
    state.lap_events[1] = [2, 0]
    won = move(state, "N", "N")
    assert won.is_over and GAME.winners(won) == [1]


def test_a_ko_titan_can_be_targeted_by_swaps():
    state = position(new(("craken", "rassik")), {"craken": "D4", "rassik": "D6"}, "craken")
    state.titans[1].life, state.titans[1].ko = 0, "ko"
    state = do(state, "use_ability", target="D6")
    assert where(state) == {"craken": "D6", "rassik": "D4"}
    assert lives(state)["rassik"] == 0


def test_ko_on_your_own_turn_after_the_move_ends_the_turn():
    state = position(new(PAIR, circuit="anglieh"), {"grinder": "D4", "rassik": "A11", "craken": "F2"}, "grinder")
    state.titans[0].life = 1
    state.turn.penalty = True  # a purple die taken as yellow
    state = act(state, {"kind": "move", "steps": ["N", "N"], "to": "D8"})
    state = act(state, {"kind": "pay_purple"})
    assert titan(state, "grinder").ko == "ko" and where(state)["grinder"] == "D8" and state.acting != 0
