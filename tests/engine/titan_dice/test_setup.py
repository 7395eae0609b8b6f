"""Set-up, the view's shape and the registry entry."""

from __future__ import annotations

import json

import pytest

from engine.registry import GAMES
from engine.titan_dice import GAME
from engine.titan_dice.data import CREATURES
from engine.titan_dice.state import Phase
from tests.engine.titan_dice.helpers import new


def test_registered_with_contract_attributes():
    assert GAMES["titan_dice"] is GAME
    assert (GAME.id, GAME.title, GAME.min_players, GAME.max_players) == ("titan_dice", "Titan Dice", 1, 4)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_track_starts_at_one(players):
    state = new(players)
    assert all(board.track == [1, 1, 1, 1, 1] for board in state.boards)
    assert all(board.cards == {} for board in state.boards)


@pytest.mark.parametrize(
    "players, levels, kraken",
    [(4, [1, 2, 2, 3], [1, 2, 2, 3]), (3, [1, 2, 2, 3], [1, 2, 2, 3]), (2, [1, 2, 3], [1, 2, 3]), (1, [1, 2], [1, 2])],
)
def test_stacks_by_player_count_level_one_on_top(players, levels, kraken):
    state = new(players)
    for creature in CREATURES:
        assert state.stacks[creature] == (kraken if creature == "kraken" else levels)


def test_first_player_is_seat_zero_and_rolls_five():
    state = new(3)
    assert state.first_player == 0 and state.current_player == 0
    assert state.phase == Phase.FIRST_ROLL
    assert [a.kind for a in GAME.legal_actions(state)] == ["roll_five"]
    assert state.round_number == 1


def test_solo_starts_with_the_npc_roll_and_a_caged_exodus():
    state = new(1)
    assert state.exodus == [4, 4, 4, 4, 4]
    assert state.phase == Phase.NPC_ROLL
    assert [a.describe() for a in GAME.legal_actions(state)] == ["Roll 1 die for Exodus"]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_view_is_json_ready_and_has_no_rng(players):
    state = new(players, seed=5)
    for seat in [*range(players), None]:
        view = GAME.view(state, seat)
        text = json.dumps(view)
        assert "rng" not in text
        assert set(view) >= {
            "players",
            "stacks",
            "status",
            "phase",
            "round",
            "first_player",
            "end_triggered",
            "pending",
            "exodus",
            "game_over",
            "scores",
            "winners",
        }
        player = view["players"][0]
        assert set(player) >= {
            "name",
            "is_out",
            "track",
            "caged",
            "dice",
            "active",
            "spent",
            "removed",
            "wounds",
            "cards",
            "bonus_die",
            "attack",
            "attack_dice",
        }
        assert len(player["dice"]) == 6 and player["dice"][5]["bonus"]
    assert ("Exodus" in GAME.view(state, 0)["status"]) == (players == 1)


def test_view_stack_costs_and_status_names_the_player():
    view = GAME.view(new(2), 0)
    assert view["stacks"]["hydra"][0] == {
        "level": 1,
        "cost": 2,
        "ability": "Swap",
        "text": view["stacks"]["hydra"][0]["text"],
    }
    assert view["status"] == "Ann: roll your five dice"
    assert view["exodus"] is None
