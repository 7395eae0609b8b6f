"""Every ruling has its tests; the rules text and docs say the same; rulings not covered elsewhere."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from engine.titan_race import GAME
from engine.titan_race.rulings import RULINGS, designed_values, rules_markdown
from tests.engine.titan_race.helpers import do, lives, move, new, position, script, titan, where

DOCS = Path(__file__).resolve().parents[3] / "docs" / "titan-race.md"

# ruling number -> tests (module:function) that check it
COVERAGE: dict[int, list[str]] = {
    1: [
        "test_board:test_b10_two_straight_ends_on_b2_completing_a_lap",
        "test_board:test_leaving_the_bottom_takes_a_lap_away",
    ],
    2: ["test_circuits:test_anglieh_example_d4_to_d6_on_the_pentacle_reroll_then_d10"],
    3: [
        "test_setup:test_first_titan_by_colour_rerolled_until_it_names_a_titan_in_play",
        "test_turns:test_second_round_starts_with_the_first_titan_rolling",
    ],
    4: ["test_turns:test_draft_without_rerolling_then_the_last_titan_rerolls_all_the_dice"],
    5: [
        "test_turns:test_first_turn_start_spaces_and_no_ability_or_card",
        "test_turns:test_start_space_holding_a_titan_pushes_it_straight_ahead",
        "test_cards:test_shield_is_never_played_against_costs_nor_on_the_first_turn",
    ],
    6: [
        "test_turns:test_own_colour_gains_a_life_point_before_the_turn",
        "test_turns:test_chtooloo_neither_gains_nor_loses_on_purple",
        "test_ko:test_ko_turn_draft_a_die_and_pass_then_full_life_the_turn_after",
    ],
    7: [
        "test_turns:test_purple_any_other_face_and_a_life_point_paid_before_the_turn_ends",
        "test_turns:test_purple_a_one_life_slaugg_uses_his_ability_after_moving_then_pays",
    ],
    8: [
        "test_turns:test_red_trap_behind_before_or_after_the_move_and_mandatory",
        "test_turns:test_trap_lapses_when_there_is_no_target_left",
        "test_turns:test_green_hit_after_the_move_and_ko_titans_are_not_targets",
    ],
    9: [
        "test_chain:test_a_pushed_titan_moves_ahead_as_long_as_you_move_its_way_and_loses_one_life",
        "test_chain:test_one_life_per_pushed_titan_per_move_even_pushed_twice",
        "test_chain:test_pushing_into_a_full_column_comes_round_into_the_space_being_left",
        "test_chain:test_a_pushed_titan_loses_its_life_point_after_the_whole_push",
    ],
    10: [
        "test_chain:test_pushed_over_the_top_gains_a_lap_and_over_the_line_on_the_last_lap_wins",
        "test_chain:test_pushed_back_over_the_bottom_loses_a_lap",
        "test_abilities:test_craken_swap_across_the_finish_line_moves_the_lap_counters",
    ],
    11: [
        "test_turns:test_supply_of_fifteen_traps",
        "test_turns:test_red_trap_on_a_titan_triggers_at_once_and_not_on_a_trap",
        "test_ko:test_a_ko_titan_is_immune_but_can_be_pushed_and_wins_when_pushed_over_the_line",
    ],
    12: [
        "test_turns:test_green_hit_before_a_titan_or_a_trap",
        "test_cards:test_voodoo_doll_targets_any_titan_and_never_a_trap",
    ],
    13: [
        "test_ko:test_knocked_out_while_moving_stops_where_the_last_life_is_lost_and_the_turn_ends",
        "test_ko:test_ko_turn_draft_a_die_and_pass_then_full_life_the_turn_after",
        "test_ko:test_chtooloo_restarts_with_four",
        "test_ko:test_a_ko_titan_can_be_targeted_by_swaps",
        "test_cards:test_voodoo_doll_is_not_offered_against_a_ko_titan",
    ],
    14: [
        "test_abilities:test_grinder_places_a_trap_on_an_adjacent_space_once_a_turn",
        "test_abilities:test_rassik_kicks_off_a_titan_behind_to_advance_one_space",
        "test_abilities:test_craken_swaps_places_with_an_adjacent_titan",
        "test_abilities:test_chtooloo_is_not_offered_against_a_titan_with_a_shield_in_play",
        "test_abilities:test_ragnarok_moves_an_adjacent_titan_one_space_any_direction",
        "test_abilities:test_slaugg_damages_the_three_spaces_before_him",
        "test_abilities:test_chtooloo_drains_an_adjacent_titan_not_at_full_life",
    ],
    15: [
        "test_cards:test_crossing_a_bonus_space_draws_a_card_on_any_turn_and_the_hand_holds_two",
        "test_cards:test_an_empty_deck_is_the_reshuffled_discard_pile",
        "test_cards:test_a_card_drawn_during_a_move_cannot_shield_that_move",
        "test_cards:test_the_deck_is_reshuffled_the_moment_it_runs_out",
        "test_variants:test_two_player_one_hand_per_player_shared_by_her_two_titans",
    ],
    16: [
        "test_cards:test_one_card_a_turn_and_discarding_counts",
        "test_cards:test_shield_on_another_players_turn_cancels_a_push_loss",
        "test_cards:test_shield_holds_until_the_titans_next_turn",
        "test_cards:test_lucky_charm_only_before_anything_of_the_die_is_done",
        "test_view:test_every_titan_hit_is_asked_about_a_shield_holding_one_or_not",
        "test_secrets:test_no_view_holds_another_seats_cards",
    ],
    17: [
        "test_circuits:test_moltenchest_example_super_ramp_a3_over_b4_and_c5_to_d6_then_d8",
        "test_circuits:test_moltenchest_ramps_do_not_throw_pushed_titans",
        "test_cards:test_jumping_over_a_bonus_space_draws_nothing",
    ],
    18: [
        "test_circuits:test_estenggaard_example_d2_to_d4_slides_to_d8",
        "test_rulings:test_a_swap_onto_ice_does_not_slide",
    ],
    19: [
        "test_circuits:test_ban_kog_example_a_step_into_d6_fires_at_the_six_adjacent_spaces",
        "test_circuits:test_ban_kog_pushing_a_titan_off_a_statue_fires_it_at_the_pushed_titan",
        "test_circuits:test_ban_kog_placing_a_trap_on_a_statue_activates_nothing",
    ],
    20: [
        "test_circuits:test_anglieh_reroll_own_colour_heals_and_purple_costs_another_life",
        "test_circuits:test_anglieh_pushed_onto_the_pentacle_gives_nothing",
        "test_rulings:test_a_ko_from_the_pentacle_cost_ends_the_turn",
    ],
    21: [
        "test_circuits:test_lagoon_example_a7_three_diagonal_right_through_two_pirate_spaces",
        "test_circuits:test_lagoon_pirates_on_every_crossed_space_and_a_ko_titan_is_ignored",
    ],
    22: [
        "test_circuits:test_kaldheira_example_c3_to_f6_over_two_lava_spaces",
        "test_circuits:test_kaldheira_a_trap_placed_on_lava_burns",
    ],
    23: [
        "test_setup:test_defaults_are_the_standard_game_on_kaldheira_and_the_players_choose_their_titans",
        "test_setup:test_titan_colours_are_the_six_face_colours",
    ],
    24: [
        "test_variants:test_two_player_turn_order_and_a_player_wins_with_either_titan",
        "test_setup:test_two_player_titans_are_chosen_a_b_a_b",
        "test_variants:test_two_player_one_hand_per_player_shared_by_her_two_titans",
    ],
    25: [
        "test_setup:test_teams_never_sit_side_by_side",
        "test_variants:test_teams_the_whole_team_wins",
        "test_secrets:test_a_team_mates_hand_is_sampled_like_an_opponents",
    ],
    26: [
        "test_variants:test_grand_slam_leaving_the_top_enters_the_next_board",
        "test_variants:test_grand_slam_pushed_back_over_the_bottom_returns_to_the_previous_board",
        "test_variants:test_grand_slam_leaving_the_top_of_the_third_board_wins",
        "test_variants:test_grand_slam_zones_reach_across_the_line_onto_the_next_board",
        "test_variants:test_grand_slam_grappling_hook_never_swaps_across_the_line",
        "test_variants:test_grand_slam_craken_swaps_with_a_titan_on_the_next_board",
    ],
}


def test_every_ruling_has_tests_that_exist():
    assert sorted(COVERAGE) == list(range(1, len(RULINGS) + 1))
    for number, names in COVERAGE.items():
        for name in names:
            module, function = name.split(":")
            loaded = importlib.import_module(f"tests.engine.titan_race.{module}")
            assert callable(getattr(loaded, function, None)), f"ruling {number}: {name} is missing"


def test_rules_markdown_lists_every_ruling_and_the_designed_content():
    text = GAME.rules_markdown()
    assert text == rules_markdown()
    for number, ruling in enumerate(RULINGS, start=1):
        assert f"{number}. {ruling}" in text
    values = designed_values()
    assert values["deck_size"] == 13 and len(values["circuits"]) == 6
    assert "Tribal Trap" in text and "Shield" in text


def test_the_docs_carry_the_same_rules_text():
    assert rules_markdown() in DOCS.read_text(encoding="utf-8")


def test_a_swap_onto_ice_does_not_slide():
    state = position(new(("craken", "rassik"), "estenggaard"), {"craken": "C3", "rassik": "D4"}, "craken")
    state = do(state, "use_ability", target="D4")
    assert where(state) == {"craken": "D4", "rassik": "C3"}


def test_a_ko_from_the_pentacle_cost_ends_the_turn():
    state = position(new(("grinder", "rassik"), "anglieh"), {"grinder": "D2", "rassik": "A11"}, "grinder")
    state.titans[0].life = 1
    state = move(state, "N", "N")  # onto D6, the pentacle
    script(state, "yellow")
    state = do(state, "reroll")
    assert titan(state, "grinder").ko == "ko" and state.acting == 1 and lives(state)["grinder"] == 0


@pytest.mark.parametrize("number", range(1, len(RULINGS) + 1))
def test_rulings_are_sentences(number):
    assert RULINGS[number - 1].strip().endswith(".")
