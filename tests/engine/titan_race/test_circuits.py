"""The six circuits: each rulebook example as printed, and the interactions the rulebook lists (rulings 17-22)."""

from __future__ import annotations

from engine.titan_race import GAME
from engine.titan_race.actions import Reroll
from engine.titan_race.state import Phase
from tests.engine.titan_race.helpers import (
    described,
    do,
    legal,
    lives,
    move,
    new,
    position,
    script,
    titan,
    trap,
    where,
)


# -- Kaldheira --------------------------------------------------------------------------------------------------
def test_kaldheira_example_c3_to_f6_over_two_lava_spaces():
    state = position(new(("grinder", "rassik"), "kaldheira"), {"grinder": "C3", "rassik": "A11"}, "grinder", "brown")
    state = move(state, "NE", "NE", "NE")
    assert where(state)["grinder"] == "F6" and lives(state)["grinder"] == 4


def test_kaldheira_pushed_onto_lava_loses_for_the_push_and_the_lava():
    state = position(new(("grinder", "rassik"), "kaldheira"), {"grinder": "D6", "rassik": "D8"}, "grinder", "yellow")
    state = move(state, "N", "N")  # Rassik pushed D8 -> D10 (lava) -> D12
    assert where(state) == {"grinder": "D10", "rassik": "D12"}
    assert lives(state) == {"grinder": 5, "rassik": 4}  # Grinder ends on the lava too


def test_kaldheira_a_trap_placed_on_lava_burns():
    state = position(new(("grinder", "rassik"), "kaldheira"), {"grinder": "F8", "rassik": "A11"}, "grinder", "red")
    state = do(state, "place_trap", space="F6")
    assert state.traps == [] and state.turn.extra_done


# -- Dead Man's Lagoon ---------------------------------------------------------------------------------------------
def test_lagoon_example_a7_three_diagonal_right_through_two_pirate_spaces():
    state = position(
        new(("chtooloo", "rassik"), "lagoon"),
        {"chtooloo": "A7", "rassik": "F2"},
        "chtooloo",
        "brown",
        hands={"chtooloo": ["elixir"]},
    )
    state = move(state, "NE", "NE", "NE")
    assert state.phase == Phase.ANSWER and state.current_player == 0
    assert [a.choice for a in legal(state, "answer")] == ["life", "elixir"]
    assert where(state)["chtooloo"] == "A7"  # the move waits for the answer
    state = do(state, "answer", choice="elixir")  # discards at B8 ...
    assert state.phase == Phase.TURN  # ... and at C9, with no card left, loses a Life Point
    assert where(state)["chtooloo"] == "D10" and lives(state)["chtooloo"] == 3
    assert titan(state, "chtooloo").hand == [] and state.discard == ["elixir"]


def test_lagoon_pushed_onto_pirates_the_pushed_titans_player_answers():
    state = position(
        new(("grinder", "rassik"), "lagoon"),
        {"grinder": "D6", "rassik": "D10"},
        "grinder",
        "yellow",
        hands={"rassik": ["elixir"]},
    )
    state = move(state, "N", "N")  # Rassik pushed from D10 onto D12 (pirates)
    assert state.phase == Phase.ANSWER and state.current_player == 1
    state = do(state, "answer", choice="life")
    assert lives(state)["rassik"] == 4 and state.current_player == 0  # push and pirates
    assert titan(state, "rassik").hand == ["elixir"]


def test_lagoon_pirates_on_every_crossed_space_and_a_ko_titan_is_ignored():
    state = position(new(("grinder", "rassik"), "lagoon"), {"grinder": "A7", "rassik": "F2"}, "grinder", "brown")
    state.titans[0].life = 1
    state = move(state, "NE", "NE", "NE")
    assert where(state)["grinder"] == "B8" and titan(state, "grinder").ko == "ko"


# -- Moltenchest ---------------------------------------------------------------------------------------------------
def test_moltenchest_example_super_ramp_a3_over_b4_and_c5_to_d6_then_d8():
    state = position(new(("slaugg", "rassik"), "moltenchest"), {"slaugg": "A3", "rassik": "C5"}, "slaugg", "blue")
    trap(state, "B4")
    state = move(state, "NE", "N")
    assert where(state) == {"slaugg": "D8", "rassik": "C5"}  # Rassik on C5 was jumped over, not pushed
    assert lives(state)["slaugg"] == 6 and state.traps == ["0:B4"]  # the jumped trap is not sprung


def test_moltenchest_super_ramp_the_other_way_is_a_normal_move():
    state = position(new(("slaugg", "rassik"), "moltenchest"), {"slaugg": "A3", "rassik": "F2"}, "slaugg", "blue")
    state = move(state, "NW", "N")
    assert where(state)["slaugg"] == "F6"


def test_moltenchest_multi_ramp_jumps_one_space_in_any_forward_direction():
    state = position(new(("slaugg", "rassik"), "moltenchest"), {"slaugg": "D2", "rassik": "F2"}, "slaugg", "red")
    assert do(state, "move", steps=("N",)).titans[0].space == "D6"
    state = position(state, {"slaugg": "D2"}, "slaugg", "green")
    assert move(state, "NW", "NW").titans[0].space == "A5"


def test_moltenchest_ramps_do_not_throw_pushed_titans():
    state = position(new(("slaugg", "rassik"), "moltenchest"), {"slaugg": "C1", "rassik": "D2"}, "slaugg", "green")
    state = move(state, "NE", "NE")
    assert where(state) == {"slaugg": "F4", "rassik": "E3"}  # pushed one space; then jumped over


# -- Ban-Kog ----------------------------------------------------------------------------------------------------------
SIX = ("grinder", "rassik", "craken", "ragnarok", "slaugg", "chtooloo")


def test_ban_kog_example_a_step_into_d6_fires_at_the_six_adjacent_spaces():
    spaces = {"rassik": "B4", "grinder": "D4", "craken": "E5", "ragnarok": "C7", "slaugg": "D8", "chtooloo": "E7"}
    state = position(new(SIX, "ban_kog"), spaces, "rassik", "green")
    state = move(state, "NE", "NE")
    assert where(state)["rassik"] == "D6"
    assert lives(state) == {"grinder": 5, "rassik": 6, "craken": 5, "ragnarok": 5, "slaugg": 5, "chtooloo": 3}


def test_ban_kog_fireblast_explodes_adjacent_traps_and_a_trap_on_a_statue_does_not_fire_it():
    state = position(new(("rassik", "grinder"), "ban_kog"), {"rassik": "B4", "grinder": "A11"}, "rassik", "brown")
    trap(state, "E5", "D6", "C7")
    state = move(state, "NE", "NE", "NE")  # C5, D6 (trap on the statue: sprung; the statue fires), E7
    assert where(state)["rassik"] == "E7" and lives(state)["rassik"] == 5
    assert state.traps == []


def test_ban_kog_pushed_onto_a_statue_fires_and_the_pusher_behind_is_hit():
    state = position(new(("rassik", "grinder"), "ban_kog"), {"rassik": "D2", "grinder": "D4"}, "rassik", "red")
    state = move(state, "N")  # Grinder pushed onto D6: the blast hits Rassik on D4
    assert where(state) == {"rassik": "D4", "grinder": "D6"}
    assert lives(state) == {"rassik": 5, "grinder": 5}


def test_ban_kog_pushing_a_titan_off_a_statue_fires_it_at_the_pushed_titan():
    state = position(new(("rassik", "grinder"), "ban_kog"), {"rassik": "D4", "grinder": "D6"}, "rassik", "red")
    state = move(state, "N")
    assert where(state) == {"rassik": "D6", "grinder": "D8"}
    assert lives(state) == {"rassik": 6, "grinder": 4}  # the push and the fireblast


def test_ban_kog_placing_a_trap_on_a_statue_activates_nothing():
    state = position(new(("grinder", "rassik"), "ban_kog"), {"grinder": "D8", "rassik": "C7"}, "grinder", "red")
    state = do(state, "place_trap", space="D6")
    assert state.traps == ["0:D6"] and lives(state)["rassik"] == 6


# -- Ang'lieh ---------------------------------------------------------------------------------------------------------
def test_anglieh_example_d4_to_d6_on_the_pentacle_reroll_then_d10():
    state = position(new(("grinder", "rassik"), "anglieh"), {"grinder": "D4", "rassik": "A11"}, "grinder", "red")
    state = move(state, "N")
    assert where(state)["grinder"] == "D6" and Reroll() not in legal(state, "reroll")  # the trap comes first
    state = do(state, "place_trap", space="D4")
    script(state, "yellow")
    state = do(state, "reroll")
    assert lives(state)["grinder"] == 5 and state.turn.face == "yellow"
    kinds = {a.kind for a in GAME.legal_actions(state)}
    assert kinds == {"move"}  # the movement must be taken; no Ability or card after a re-roll
    state = move(state, "N", "N")
    assert where(state)["grinder"] == "D10"
    assert "Use the pentacle: lose 1 Life Point and re-roll" in described(state)  # on the pentacle again
    state = do(state, "end_turn")  # he decides not to re-roll
    assert lives(state)["grinder"] == 5


def test_anglieh_reroll_own_colour_heals_and_purple_costs_another_life():
    state = position(new(("grinder", "rassik"), "anglieh"), {"grinder": "D4", "rassik": "A11"}, "grinder", "yellow")
    state.titans[0].life = 4
    state = position(state, {"grinder": "D2"}, "grinder", "yellow")
    state.titans[0].life = 4
    state = move(state, "N", "N")  # D2 -> D6
    script(state, "purple")
    state = do(state, "reroll")
    assert state.phase == Phase.CHOOSE_FACE and lives(state)["grinder"] == 3
    state = do(state, "choose_face", face="brown")
    state = move(state, "NE", "NE", "NE")
    state = do(state, "pay_purple")
    assert lives(state)["grinder"] == 2


def test_anglieh_pushed_onto_the_pentacle_gives_nothing():
    state = position(new(("grinder", "rassik"), "anglieh"), {"grinder": "D2", "rassik": "D4"}, "rassik", "yellow")
    state = position(state, {"grinder": "D2", "rassik": "D4"}, "grinder", "red")
    state = move(state, "N")  # Rassik pushed onto D6
    assert where(state)["rassik"] == "D6" and not state.turn.pentacle


# -- Estenggaard ----------------------------------------------------------------------------------------------
def test_estenggaard_example_d2_to_d4_slides_to_d8():
    state = position(new(("craken", "rassik"), "estenggaard"), {"craken": "D2", "rassik": "A5"}, "craken", "red")
    state = move(state, "N")
    assert where(state)["craken"] == "D8"


def test_estenggaard_d2_is_ice_so_the_first_turn_cannot_stop_there_on_the_way_to_d8():
    state = position(new(("craken", "rassik"), "estenggaard"), {"craken": "C1", "rassik": "A11"}, "craken", "blue")
    state = move(state, "NE", "N")  # D2 is ice: slide on to E3, then straight to E5 (not D2 -> D4 -> D8)
    assert where(state)["craken"] == "E5"


def test_estenggaard_pushed_onto_ice_slides():
    state = position(new(("craken", "rassik"), "estenggaard"), {"craken": "D2", "rassik": "D4"}, "craken", "red")
    state = move(state, "N")
    # Rassik is pushed onto D6 (ice) and slides to D8; Craken on D4 slides over D6 into D8, pushing him on to D10.
    assert where(state) == {"craken": "D8", "rassik": "D10"}
    assert lives(state) == {"craken": 6, "rassik": 5}  # one Life Point per pushed Titan per move


def test_estenggaard_a_trap_on_ice_stays_put_and_springs_on_the_slide():
    state = position(new(("craken", "rassik"), "estenggaard"), {"craken": "F2", "rassik": "D2"}, "rassik", "red")
    trap(state, "D6")
    state = move(state, "N")  # D4 ice, D6 ice with a trap (sprung), on to D8
    assert where(state)["rassik"] == "D8" and lives(state)["rassik"] == 5 and state.traps == []


def test_estenggaard_a_diagonal_slide_keeps_its_direction():
    state = position(new(("craken", "rassik"), "estenggaard"), {"craken": "A5", "rassik": "C3"}, "rassik", "green")
    state = move(state, "NE", "NE")  # C3 -> D4 (ice): slides NE to E5 and stops; then E5 -> F6
    assert where(state)["rassik"] == "F6"


def test_anglieh_the_reroll_is_offered_only_while_the_titan_stands_on_the_pentacle():
    state = position(new(("rassik", "grinder"), "anglieh"), {"rassik": "D2", "grinder": "C5"}, "rassik")
    state = move(state, "N", "N")  # D6, on the pentacle
    assert legal(state, "reroll")
    state = do(state, "use_ability", direction="N")  # Rassik kicks off Grinder (behind him on C5) to D8
    assert where(state)["rassik"] == "D8" and legal(state, "reroll") == []


def test_a_card_drawn_during_the_move_is_playable_after_it():
    state = position(new(("grinder", "rassik"), "anglieh"), {"grinder": "D2", "rassik": "A11"}, "grinder", "blue")
    state.deck.remove("elixir")
    state.deck.insert(0, "elixir")
    state.titans[0].life = 3
    state = move(state, "NE", "N")  # E3 is a Bonus space
    assert titan(state, "grinder").hand == ["elixir"]
    assert [a.card for a in legal(state, "play_card")] == ["elixir"]
