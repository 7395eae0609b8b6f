"""Rounds, the first player token, the end trigger, scoring and the tie-break."""

from __future__ import annotations

from engine.titan_dice import GAME
from engine.titan_dice.state import Phase
from tests.engine.titan_dice.helpers import do, give_card, new, position, script


def test_round_ends_when_all_are_out_and_the_first_player_token_passes_clockwise():
    state = position(new(3), active=("hydra",))
    state = do(state, "capture", creature="hydra")
    state = position(state, 1, active=("kraken",))
    state = do(state, "capture", creature="kraken")
    state = position(state, 2, active=("kraken",), wounds=2, removed=2)
    state.boards[2].die_area[3] = "removed"
    state.boards[2].die_area[4] = "removed"
    state = do(state, "capture", creature="kraken")
    assert state.round_number == 2 and state.first_player == 1 and state.turn == 1
    assert state.phase == Phase.FIRST_ROLL
    assert all(not b.is_out and b.wounds() == 0 and b.dice_in("hand") == [0, 1, 2, 3, 4] for b in state.boards)
    assert "Round 1 ends." in state.log and "Round 2 begins; Bob is first player." in state.log


def test_out_players_attack_while_others_are_in():
    state = position(new(2), active=("hydra",))
    state = do(state, "capture", creature="hydra")
    state = position(state, 1, active=("kraken", "kraken"), phase=Phase.ACTION)
    state = do(state, "pass")
    assert state.turn == 0 and state.phase == Phase.ATTACK_ROLL


def test_end_triggered_by_three_caged_types_then_the_round_is_finished():
    state = position(new(3), active=("hydra",), track=(4, 4, 3, 1, 1))
    state = do(state, "capture", creature="hydra")
    assert state.end_triggered and not state.is_over
    assert "Ann has caged three creature types: this is the last round." in state.log
    state = position(state, 1, active=("kraken",))
    state = do(state, "capture", creature="kraken")
    assert not state.is_over
    state = position(state, 2, active=("kraken",))
    state = do(state, "capture", creature="kraken")
    assert state.is_over and state.current_player is None
    assert GAME.legal_actions(state) == []
    assert GAME.scores(state) == [14.0, 6.0, 6.0]
    assert GAME.winners(state) == [0]
    assert state.log[-1] == "Ann wins!"
    view = GAME.view(state, 0)
    assert view["game_over"] and view["winners"] == [0] and view["status"] == "Game over: Ann wins with 14 points."


def test_end_trigger_stays_even_if_the_cage_is_spent():
    state = position(new(2), active=("hydra",), track=(4, 4, 3, 1, 1))
    state = do(state, "capture", creature="hydra")
    state.boards[0].track = [3, 3, 3, 1, 1]
    state = position(state, 1, active=("kraken",))
    state = do(state, "capture", creature="kraken")
    assert state.is_over


def test_rulebook_example_scoring_caged_four_track_two_level_two_card():
    state = new(2)
    board = state.boards[0]
    board.track = [4, 2, 0, 0, 0]
    give_card(state, 0, "hydra", 2)
    assert GAME.scores(state)[0] == 4 + 2 + 2


def test_face_down_cards_still_score():
    state = new(2)
    give_card(state, 0, "hydra", 3)
    state.boards[0].face_down = ["hydra"]
    assert GAME.scores(state)[0] == 5 + 3


def test_tie_goes_to_the_later_player_in_the_final_rounds_turn_order():
    for first_player, winner in ((0, 1), (1, 0)):
        state = position(new(2), active=("minotaur",), track=(4, 4, 4, 1, 0))
        state.first_player = first_player
        state = do(state, "capture", creature="minotaur")
        state = position(state, 1, active=("kraken",), track=(4, 4, 4, 0, 1))
        state = do(state, "capture", creature="kraken")
        assert state.is_over
        assert GAME.scores(state) == [14.0, 14.0]
        assert GAME.winners(state) == [winner]


def test_wound_markers_and_removed_dice_return_at_round_start():
    state = position(new(2), active=("hydra",), wounds=1, removed=2)
    state.boards[0].wound_markers = 1
    state = do(state, "capture", creature="hydra")
    state = position(state, 1, active=("kraken",))
    state = do(state, "capture", creature="kraken")
    board = state.boards[0]
    assert board.die_area == ["hand"] * 5 + ["box"] and board.wound_markers == 0


def test_first_turn_of_the_new_round_rolls_five_again():
    state = position(new(2), active=("hydra",))
    state = do(state, "capture", creature="hydra")
    state = position(state, 1, active=("kraken",))
    state = do(state, "capture", creature="kraken")
    script(state, "hydra", "hydra", "hydra", "hydra", "hydra")
    state = do(state, "roll_five")
    assert state.turn == 1 and state.phase == Phase.ACTION
