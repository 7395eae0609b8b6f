"""Every ruling of this edition: the docs and the app's text agree, and each ruling is tested."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from engine.titan_dice import GAME
from engine.titan_dice.rulings import RULINGS, designed_values, rules_markdown
from engine.titan_dice.state import Phase
from tests.engine.titan_dice.helpers import do, faces_in, kinds, legal, new, position, script, track

DOC = Path(__file__).resolve().parents[3] / "docs" / "titan-dice.md"

# Ruling number -> tests that pin it down ("module::test"; module relative to this package).
COVERAGE: dict[int, list[str]] = {
    1: [
        "test_rulings::test_ruling_1_first_player_and_token",
        "test_rulings::test_ruling_1_the_players_choose_the_first_player_or_draw_one",
    ],
    2: [
        "test_roll_phase::test_first_roll_wounds_may_be_rerolled_once",
        "test_rulings::test_ruling_2_all_or_nothing",
        "test_rulings::test_ruling_2_every_players_first_roll_may_reroll_wounds",
    ],
    3: [
        "test_roll_phase::test_only_rolls_that_roll_a_die_are_offered",
        "test_roll_phase::test_ruling_3_no_dice_to_roll_means_out",
    ],
    4: ["test_rulings::test_ruling_4_out_before_gaia"],
    5: [
        "test_abilities::test_chimera_1_alter_can_give_gaias_blessing",
        "test_rulings::test_ruling_5_reinforce_can_bless_transform_cannot",
    ],
    6: [
        "test_actions::test_after_an_action_you_may_capture_or_end_the_turn",
        "test_actions::test_only_one_action_per_turn",
    ],
    7: [
        "test_abilities::test_chimera_1_alter_rerolls_up_to_two_active_dice",
        "test_rulings::test_ruling_7_regular_dice_pay_first",
    ],
    8: [
        "test_abilities::test_hydra_1_swap_needs_a_creature_left_to_lose_after_paying",
        "test_abilities::test_minotaur_1_catch_needs_an_active_die_left",
        "test_rulings::test_ruling_8_reinforce_needs_the_bonus_die_in_play",
    ],
    9: [
        "test_actions::test_capture_surplus_on_a_full_track_is_wasted",
        "test_rulings::test_ruling_9_caged_types_not_offered",
    ],
    10: [
        "test_abilities::test_chimera_2_convert_flips_every_side_a_chimera_to_its_wound",
        "test_abilities::test_chimera_2_convert_to_a_third_wound_puts_you_out",
        "test_abilities::test_chimera_3_transform_changes_up_to_four_dice_to_any_side",
        "test_abilities::test_chimera_1_alter_rerolls_up_to_two_active_dice",
    ],
    11: [
        "test_abilities::test_gryphon_1_rescue_collects_the_bonus_die_result",
        "test_rulings::test_ruling_11_kraken_roll_leaves_bonus_die",
    ],
    12: [
        "test_abilities::test_gryphon_2_reinforce_wound_moves_the_bonus_die_and_a_wound_die_to_spent",
        "test_abilities::test_gryphon_2_bonus_die_wound_on_a_later_roll_heals_a_wound_die",
        "test_abilities::test_gryphon_2_a_healed_wound_die_no_longer_shows_a_wound",
        "test_rulings::test_ruling_12_reinforce_again_from_spent",
    ],
    13: [
        "test_abilities::test_gryphon_3_redemption_rerolls_wounds_and_collects_non_wounds",
        "test_abilities::test_gryphon_3_redemption_ignores_wound_markers",
    ],
    14: ["test_abilities::test_hydra_2_trade_loses_one_and_collects_up_to_two_others_same_type_allowed"],
    15: [
        "test_abilities::test_kraken_1_sabotage_each_opponent_loses_one_caged_are_safe",
        "test_abilities::test_kraken_1_sabotage_hits_opponents_who_are_out",
        "test_abilities::test_kraken_3_piracy_onto_your_caged_track_collects_one_of_your_choice",
    ],
    16: ["test_solo::test_solo_kraken_lost_creatures_stay_lost_and_wound_chooses_among_the_rest"],
    17: [
        "test_rulings::test_ruling_17_catch_the_bonus_die",
        "test_attacks::test_removed_dice_do_not_join_attack_rolls",
        "test_abilities::test_minotaur_1_a_caught_bonus_die_stays_out_until_the_round_ends",
    ],
    18: [
        "test_actions::test_exchange_with_a_stack_returns_your_card_in_level_order",
        "test_actions::test_exchange_for_a_lower_card_is_allowed_but_not_for_the_same_level",
        "test_actions::test_face_down_cards_cannot_be_exchanged_or_used",
        "test_actions::test_exchange_with_the_stack_reaches_any_of_its_cards",
    ],
    19: [
        "test_actions::test_capture_ends_the_turn_takes_you_out_and_moves_dice_to_the_attack_card",
        "test_abilities::test_minotaur_1_a_caught_bonus_die_stays_out_until_the_round_ends",
    ],
    20: ["test_attacks::test_two_sets_with_six_dice_attack_twice", "test_attacks::test_six_of_a_kind_attacks_twice"],
    21: [
        "test_attacks::test_kraken_attack_each_loses_one_of_their_choice_but_not_caged",
        "test_attacks::test_minotaur_attack_removes_a_regular_die_for_the_round",
    ],
    22: [
        "test_attacks::test_gryphon_attack_adds_the_bonus_die_to_later_attacks",
        "test_rulings::test_ruling_22_second_gryphon_and_no_dice",
    ],
    23: [
        "test_attacks::test_wound_attack_can_put_players_out_and_end_the_round",
        "test_rounds::test_wound_markers_and_removed_dice_return_at_round_start",
    ],
    24: [
        "test_rounds::test_end_trigger_stays_even_if_the_cage_is_spent",
        "test_rounds::test_face_down_cards_still_score",
    ],
    25: ["test_rounds::test_tie_goes_to_the_later_player_in_the_final_rounds_turn_order"],
    26: ["test_solo::test_solo_wound_result_the_player_chooses_a_creature_not_lost"],
    27: ["test_solo::test_solo_going_out_ends_the_round_at_once_no_attack_phase"],
    28: [
        "test_solo::test_solo_win_when_all_five_types_are_caged",
        "test_solo::test_solo_three_cages_do_not_end_the_game",
    ],
    29: [
        "test_solo::test_solo_stacks_hold_two_cards_lowest_on_top_first",
        "test_solo::test_solo_kraken_3_wrestle_moves_into_the_cage",
        "test_solo::test_solo_two_cards_chosen_per_type",
    ],
}


def test_every_ruling_is_covered_by_existing_tests():
    assert sorted(COVERAGE) == list(range(1, len(RULINGS) + 1))
    for tests in COVERAGE.values():
        for name in tests:
            module, function = name.split("::")
            assert hasattr(importlib.import_module(f"tests.engine.titan_dice.{module}"), function), name


def test_docs_and_app_text_hold_every_ruling_and_value():
    doc = DOC.read_text(encoding="utf-8")
    assert "## This edition's values" in doc and "## Rulings" in doc
    for number, text in enumerate(RULINGS, start=1):
        assert f"{number}. {text}" in doc
        assert f"{number}. {text}" in rules_markdown()
    assert rules_markdown() in doc
    assert GAME.rules_markdown() == rules_markdown() and GAME.rulings is RULINGS
    values = designed_values()
    assert values["opposite_faces"]["gryphon"] == "minotaur" and values["track_start"] == 1


def test_ruling_1_first_player_and_token():
    state = position(new(2), active=("hydra",))
    assert state.first_player == 0
    state = do(state, "capture", creature="hydra")
    state = position(state, 1, active=("hydra",))
    state = do(state, "capture", creature="hydra")
    assert state.first_player == 1 and state.current_player == 1


def test_ruling_1_the_players_choose_the_first_player_or_draw_one():
    """Regression: the first player is chosen at set-up (not always seat 1), or drawn at random."""
    state = GAME.new_game(3, {"first_player": "3"}, seed=1)
    assert state.first_player == 2 and state.current_player == 2
    assert "Round 1 begins; Player 3 is first player." in state.log
    drawn = {GAME.new_game(4, {"first_player": "random"}, seed=seed).first_player for seed in range(40)}
    assert drawn == {0, 1, 2, 3}
    assert any("A die draws the first player" in line for line in GAME.new_game(4, {"first_player": "random"}).log)
    with pytest.raises(ValueError, match="one of the 2 seats"):
        GAME.new_game(2, {"first_player": "3"})
    assert GAME.new_game(1, {"first_player": "random"}).current_player == 0  # solo: Exodus first, then you


def test_ruling_2_all_or_nothing():
    state = new(2)
    script(state, "wound", "wound", "wound", "hydra", "kraken")
    state = do(state, "roll_five")
    assert [a.kind for a in GAME.legal_actions(state)] == ["reroll_wounds", "keep_wounds"]
    script(state, "wound", "hydra", "hydra")
    state = do(state, "reroll_wounds")
    assert state.boards[0].wound_dice() == 1 and state.phase == Phase.ACTION  # no second re-roll


def test_ruling_4_out_before_gaia():
    state = position(new(2), active=("chimera", "gryphon"), spent=("hydra", "hydra", "hydra"), phase=Phase.ROLL)
    board = state.boards[0]
    board.wound_markers = 2
    board.die_area[5], board.die_face[5] = "spent", "hydra"
    script(state, "hydra", "kraken", "wound", "minotaur")
    state = do(state, "roll", which="spent")
    assert state.boards[0].is_out
    assert track(state) == {c: 1 for c in track(state)}  # no Blessing


def test_ruling_5_reinforce_can_bless_transform_cannot():
    state = position(
        new(2), active=("chimera", "gryphon", "hydra", "kraken"), cards={"gryphon": 2}, track=(1, 4, 1, 1, 1)
    )
    script(state, "minotaur")
    state = do(state, "activate", creature="gryphon")
    if state.phase == Phase.PAYMENT:
        state = do(state, "pay", dice=0, creatures=3)
    assert any(line.startswith("Gaia's Blessing!") for line in state.log) and state.turn == 1
    state = position(
        new(2), active=("chimera", "gryphon", "hydra", "kraken", "kraken"), cards={"chimera": 3}, track=(4, 1, 1, 1, 1)
    )
    state = do(state, "activate", creature="chimera")
    state = do(state, "pay", dice=0, creatures=4)
    state = do(state, "choose_die", face="kraken")
    state = do(state, "choose_face", face="minotaur")
    state = do(state, "finish")
    assert sorted(faces_in(state, 0, "active")) == ["chimera", "gryphon", "hydra", "kraken", "minotaur"]
    assert state.phase == Phase.AFTER_ACTION and not any(line.startswith("Gaia") for line in state.log)


def test_ruling_7_regular_dice_pay_first():
    state = position(new(2), active=("hydra", "hydra", "kraken"), track=(1, 1, 0, 1, 1))
    state.boards[0].die_area[5], state.boards[0].die_face[5] = "active", "hydra"
    state = do(state, "purchase", creature="hydra")  # the only way: two dice
    assert state.boards[0].die_area[:2] == ["spent", "spent"] and state.boards[0].die_area[5] == "active"


def test_ruling_8_reinforce_needs_the_bonus_die_in_play():
    state = position(new(2), active=("gryphon", "gryphon", "gryphon"), cards={"gryphon": 2})
    state.boards[0].die_area[5] = "removed"
    assert not legal(state, "activate")


def test_ruling_9_caged_types_not_offered():
    state = position(new(2), active=("minotaur",) * 4, cards={"minotaur": 3}, track=(4, 4, 1, 4, 1))
    state = do(state, "activate", creature="minotaur")
    state = do(state, "pay", dice=4, creatures=0)
    assert kinds(state) == ["Collect a Hydra", "Collect a Minotaur", "Finish Ensnare"]


def test_ruling_11_kraken_roll_leaves_bonus_die():
    state = position(new(2), active=("kraken", "kraken"), cards={"kraken": 1}, track=(1, 1, 1, 0, 1))
    board = state.boards[0]
    board.die_area[5], board.die_face[5] = "active", "hydra"
    script(state, "gryphon")
    state = do(state, "activate", creature="kraken")
    assert state.boards[0].die_area[5] == "active" and state.boards[0].die_face[5] == "hydra"
    assert state.boards[1].track[1] == 0


def test_ruling_12_reinforce_again_from_spent():
    state = position(new(2), active=("gryphon", "gryphon", "gryphon"), cards={"gryphon": 2})
    state.boards[0].die_area[5], state.boards[0].die_face[5] = "spent", "wound"
    script(state, "kraken")
    state = do(state, "activate", creature="gryphon")
    state = do(state, "pay", dice=3, creatures=0)
    assert state.boards[0].die_area[5] == "active" and state.boards[0].die_face[5] == "kraken"


def test_ruling_17_catch_the_bonus_die():
    state = position(new(2), active=("minotaur", "minotaur"), cards={"minotaur": 1})
    state.boards[0].die_area[5], state.boards[0].die_face[5] = "active", "hydra"
    state = do(state, "activate", creature="minotaur")
    state = do(state, "pay", dice=2, creatures=0)
    state = do(state, "choose_die", die=5)
    assert state.boards[0].die_area[5] == "removed" and track(state)["hydra"] == 2


@pytest.mark.parametrize("removed_all", [False, True])
def test_ruling_22_second_gryphon_and_no_dice(removed_all):
    state = position(new(2), active=("hydra",), phase=Phase.ATTACK_ROLL)
    board = state.boards[0]
    board.is_out = True
    board.die_area = ["attack"] * 5 + ["attack"]
    board.gryphon_attack = True
    state = position(state, 1, active=("hydra", "kraken"), spent=("chimera",))
    state.turn = state.decider = 0
    state.phase = Phase.ATTACK_ROLL
    if removed_all:
        state.boards[0].die_area = ["removed"] * 5 + ["box"]
        state.boards[0].gryphon_attack = False
        state.phase = Phase.ACTION
        state.turn = state.decider = 1
        state = do(state, "pass")
        assert "Player 1 has no attack dice; the turn passes." not in state.log
        assert "Ann has no attack dice; the turn passes." in state.log and state.turn == 1
        return
    script(state, "gryphon", "gryphon", "gryphon", "hydra", "kraken", "chimera")
    state = do(state, "attack_roll")
    state = do(state, "attack_keep")
    assert "Gryphon attack: Ann already attacks with the bonus die." in state.log


def test_ruling_2_every_players_first_roll_may_reroll_wounds():
    state = position(new(2), active=("hydra",))
    state = do(state, "capture", creature="hydra")
    script(state, "wound", "hydra", "hydra", "kraken", "kraken")
    state = do(state, "roll_five")
    assert state.turn == 1 and state.phase == Phase.WOUND_REROLL
