"""The solo variant: the Exodus board, the NPC's rolls, solo stacks, solo Kraken cards, winning and losing."""

from __future__ import annotations

import pytest

from engine.titan_dice import GAME
from engine.titan_dice.state import Phase
from tests.engine.titan_dice.helpers import do, kinds, legal, new, position, script


def out_quickly(state):
    """The player rolls five hydras and captures them (OUT): the round ends."""
    script(state, "hydra", "hydra", "hydra", "hydra", "hydra")
    state = do(state, "roll_five")
    return do(state, "capture", creature="hydra")


def test_solo_npc_rolls_one_die_in_round_one_and_moves_that_creature_left():
    state = new(1)
    script(state, "kraken")
    state = do(state, "roll_exodus")
    assert state.exodus == [4, 4, 4, 3, 4]
    assert state.phase == Phase.FIRST_ROLL and state.current_player == 0
    assert "Exodus rolls 1 die: Kraken." in state.log


def test_rulebook_example_third_round_npc_rolls_three():
    state = new(1)
    script(state, "kraken")
    state = do(state, "roll_exodus")
    state = out_quickly(state)
    assert state.round_number == 2 and kinds(state) == ["Roll 2 dice for Exodus"]
    script(state, "chimera", "chimera")
    state = do(state, "roll_exodus")
    state = position(state, active=("gryphon",))
    state = do(state, "capture", creature="gryphon")
    assert state.round_number == 3 and kinds(state) == ["Roll 3 dice for Exodus"]
    script(state, "minotaur", "minotaur", "hydra")
    state = do(state, "roll_exodus")
    assert state.exodus == [2, 4, 3, 3, 2]


def test_solo_npc_dice_stop_at_five():
    state = new(1)
    state.round_number = 9
    assert kinds(state) == ["Roll 5 dice for Exodus"]


def test_solo_wound_result_the_player_chooses_a_creature_not_lost():
    state = new(1)
    state.round_number = 2
    state.exodus = [0, 4, 4, 4, 4]
    script(state, "wound", "gryphon")
    state = do(state, "roll_exodus")
    assert state.phase == Phase.NPC_WOUND
    assert kinds(state) == [
        "Move the Exodus Gryphon left",
        "Move the Exodus Hydra left",
        "Move the Exodus Kraken left",
        "Move the Exodus Minotaur left",
    ]
    state = do(state, "move_exodus", creature="minotaur")
    assert state.exodus == [0, 3, 4, 4, 3]
    assert state.phase == Phase.FIRST_ROLL


def test_solo_results_naming_lost_creatures_are_ignored():
    state = new(1)
    state.exodus = [0, 4, 4, 4, 4]
    script(state, "chimera")
    state = do(state, "roll_exodus")
    assert state.exodus == [0, 4, 4, 4, 4]
    assert "The Exodus Chimera is already lost; the result is ignored." in state.log


def test_solo_a_creature_moved_four_spaces_is_lost():
    state = new(1)
    state.exodus = [1, 4, 4, 4, 4]
    script(state, "chimera")
    state = do(state, "roll_exodus")
    assert state.exodus[0] == 0 and "The Exodus Chimera is lost!" in state.log
    assert GAME.view(state, 0)["exodus"]["lost"] == ["chimera"]


def test_solo_loss_when_all_exodus_creatures_are_lost():
    state = new(1)
    state.round_number = 2
    state.exodus = [0, 0, 0, 1, 1]
    script(state, "kraken", "wound")
    state = do(state, "roll_exodus")
    assert state.phase == Phase.NPC_WOUND and kinds(state) == ["Move the Exodus Minotaur left"]
    state = do(state, "move_exodus", creature="minotaur")
    assert state.is_over and state.solo_result == "lost" and GAME.winners(state) == []
    assert GAME.view(state, 0)["status"] == "Exodus is lost: you lose."


def test_solo_win_when_all_five_types_are_caged():
    state = position(new(1), active=("hydra", "hydra"), track=(4, 4, 2, 4, 4))
    state = do(state, "capture", creature="hydra")
    assert state.is_over and state.solo_result == "won" and GAME.winners(state) == [0]


def test_solo_three_cages_do_not_end_the_game():
    state = position(new(1), active=("hydra", "hydra", "hydra"), track=(4, 4, 1, 1, 1))
    state = do(state, "capture", creature="hydra")
    assert not state.is_over and not state.end_triggered and state.round_number == 2


def test_solo_going_out_ends_the_round_at_once_no_attack_phase():
    state = new(1)
    script(state, "kraken")
    state = do(state, "roll_exodus")
    state = out_quickly(state)
    assert state.round_number == 2 and state.phase == Phase.NPC_ROLL
    assert not any(b.is_out for b in state.boards)


def test_solo_stacks_hold_two_cards_lowest_on_top_first():
    state = position(new(1), active=("hydra", "hydra", "hydra"))
    assert state.stacks["hydra"] == [1, 2]
    assert [a.describe() for a in legal(state, "purchase")] == ["Buy Hydra 1 (cost 2)"]
    state = do(state, "purchase", creature="hydra")
    state = do(state, "pay", dice=2, creatures=0)
    assert state.stacks["hydra"] == [2]


def test_solo_two_cards_chosen_per_type():
    """Reported: "choose two creature cards from each type" is a choice per type."""
    state = GAME.new_game(1, {"solo_cards": "2-3", "solo_hydra": "1-3", "solo_kraken": "1-2"}, seed=1)
    assert state.stacks == {"chimera": [2, 3], "gryphon": [2, 3], "hydra": [1, 3], "kraken": [1, 2], "minotaur": [2, 3]}
    assert GAME.invariant_violations(state) == []
    old = GAME.new_game(1, {"solo_cards": "1-3"}, seed=1)  # an option of an earlier release reads as before
    assert set(map(tuple, old.stacks.values())) == {(1, 3)}


def solo_kraken(level, exodus, rolled):
    state = position(new(1), active=("kraken",) * 4, cards={"kraken": level})
    state.exodus = exodus
    script(state, rolled)
    state = do(state, "activate", creature="kraken")
    if state.phase == Phase.PAYMENT:
        state = do(state, "pay", dice=level + 1, creatures=0)
    return state


def test_solo_kraken_1_retract_moves_one_space_toward_the_cage():
    state = solo_kraken(1, [2, 4, 4, 4, 4], "chimera")
    assert state.exodus == [3, 4, 4, 4, 4]
    assert [c["ability"] for c in GAME.view(state, 0)["players"][0]["cards"]] == ["Retract"]


def test_solo_kraken_2_recoil_moves_two_spaces_never_past_the_cage():
    state = solo_kraken(2, [1, 3, 4, 4, 4], "gryphon")
    assert state.exodus == [1, 4, 4, 4, 4]


def test_solo_kraken_3_wrestle_moves_into_the_cage():
    state = GAME.new_game(1, options={"solo_cards": "1-3"})
    assert state.stacks == {c: [1, 3] for c in state.stacks}
    state = position(state, active=("kraken",) * 4, cards={"kraken": 3})
    state.exodus = [1, 4, 4, 4, 4]
    script(state, "chimera")
    state = do(state, "activate", creature="kraken")
    state = do(state, "pay", dice=4, creatures=0)
    assert state.exodus == [4, 4, 4, 4, 4]
    assert "Ann uses Kraken 3: Wrestle." not in state.log  # the default seat name is Player 1
    assert "Player 1 uses Kraken 3: Wrestle." in state.log


def test_solo_cards_option_is_validated():
    with pytest.raises(ValueError, match="options are not valid"):
        GAME.new_game(1, options={"solo_cards": "3-3"})
    assert GAME.new_game(1, options={"solo_cards": "2-3"}).stacks["kraken"] == [2, 3]


def test_solo_kraken_lost_creatures_stay_lost_and_wound_chooses_among_the_rest():
    state = solo_kraken(1, [0, 4, 4, 4, 2], "wound")
    assert state.phase == Phase.CHOOSE_TYPE
    assert kinds(state) == ["Choose Gryphon", "Choose Hydra", "Choose Kraken", "Choose Minotaur"]
    state = do(state, "choose_type", creature="minotaur")
    assert state.exodus == [0, 4, 4, 4, 3]
    state = solo_kraken(1, [0, 4, 4, 4, 2], "chimera")
    assert state.exodus == [0, 4, 4, 4, 2]
    assert "The Exodus Chimera is already lost; nothing moves." in state.log
