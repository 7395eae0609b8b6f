"""Set-up, options, variants' set-up and the view's shape."""

from __future__ import annotations

import json

import pytest

from engine.core import ScriptedRng
from engine.titan_race import GAME
from engine.titan_race.data import DECK, FACES, TITANS
from engine.titan_race.state import Phase
from tests.engine.titan_race.helpers import new


def test_contract_attributes_and_registered():
    from engine.registry import GAMES

    assert (GAME.id, GAME.title, GAME.min_players, GAME.max_players) == ("titan_race", "Titan Race", 2, 6)
    assert GAMES["titan_race"] is GAME


def test_defaults_are_the_standard_game_on_kaldheira_and_the_players_choose_their_titans():
    options = GAME.parse_options(None)
    assert options.circuit == "kaldheira" and options.variant == "standard"
    state = GAME.new_game(3, seed=4)
    assert state.circuits == ["kaldheira"] and state.titans == [] and state.phase == Phase.CHOOSE_TITAN
    assert state.current_player == 0 and len(GAME.legal_actions(state)) == 6
    assert "choose a Titan" in GAME.view(state, 0)["status"]
    state = GAME.apply(state, {"kind": "choose_titan", "titan": "slaugg"})
    assert state.current_player == 1
    assert "slaugg" not in [a.titan for a in GAME.legal_actions(state)]
    state = GAME.apply(state, {"kind": "choose_titan", "titan": "chtooloo"})
    assert state.phase == Phase.CHOOSE_TITAN and all(t.hand == [] for t in state.titans)
    state = GAME.apply(state, {"kind": "choose_titan", "titan": "grinder"})
    assert [t.name for t in state.titans] == ["slaugg", "chtooloo", "grinder"]
    assert [t.owner for t in state.titans] == [0, 1, 2]
    assert state.phase == Phase.DRAFT and all(len(t.hand) == 1 for t in state.titans)
    assert len(state.pool) == 3 and state.acting == state.first_titan


def test_two_player_titans_are_chosen_a_b_a_b():
    state = GAME.new_game(2, {"variant": "two_player"}, seed=1)
    seats = []
    for name in ("craken", "rassik", "grinder", "ragnarok"):
        seats.append(state.current_player)
        state = GAME.apply(state, {"kind": "choose_titan", "titan": name})
    assert seats == [0, 1, 0, 1] and [t.owner for t in state.titans] == [0, 1, 0, 1]
    # Reported: "Each player chooses the order for her Titans", once they are chosen.
    assert state.phase == Phase.ORDER_TITANS and state.current_player == 0
    assert [a.describe() for a in GAME.legal_actions(state)] == ["Race Craken first", "Race Grinder first"]
    state = GAME.apply(state, {"kind": "order_titans", "first": "grinder"})
    assert state.current_player == 1
    state = GAME.apply(state, {"kind": "order_titans", "first": "ragnarok"})
    assert [t.name for t in state.titans] == ["grinder", "ragnarok", "craken", "rassik"]  # A1, B1, A2, B2
    assert state.phase == Phase.DRAFT and len(state.pool) == 4


def test_life_gauges_lap_counters_and_one_bonus_card_each():
    state = new(("grinder", "chtooloo", "slaugg"))
    assert [t.life for t in state.titans] == [6, 4, 6]  # Chtooloo starts on 4
    assert all(t.lap == 1 and t.space is None and t.ko == "" for t in state.titans)
    assert all(len(t.hand) == 1 for t in state.titans)
    assert len(state.deck) == len(DECK) - 3 and state.discard == []
    assert state.traps == []


def test_one_die_per_titan_rolled_by_the_first_titan():
    state = new(("grinder", "rassik", "craken", "slaugg"))
    assert len(state.pool) == 4 and state.phase == Phase.DRAFT
    assert state.acting == state.first_titan and state.order[0] == state.first_titan


def test_first_titan_by_colour_rerolled_until_it_names_a_titan_in_play():
    # Grinder is red, Rassik yellow: blue, green, brown, purple name nobody; red names Grinder.
    from engine.titan_race.flow import roll_first_titan

    state = new(("grinder", "rassik"))
    state.log = []
    state.rng = ScriptedRng([FACES.index(f) for f in ("blue", "green", "purple", "red")])
    assert roll_first_titan(state) == 0
    assert sum("roll again" in line for line in state.log) == 3
    state.rng = ScriptedRng([FACES.index("yellow")])
    assert roll_first_titan(state) == 1


def test_titan_colours_are_the_six_face_colours():
    assert sorted(spec.colour for spec in TITANS.values()) == sorted(FACES)
    assert TITANS["chtooloo"].colour == "purple"


@pytest.mark.parametrize(
    "players, options, message",
    [
        (3, {"variant": "two_player"}, "exactly 2"),
        (3, {"variant": "teams"}, "4 players"),
        (4, {"variant": "teams", "team_size": 3}, "two teams of 2"),
        (2, {"titans": ["grinder", "grinder"]}, "different"),
        (2, {"titans": ["grinder"]}, "different"),
        (2, {"variant": "grand_slam", "grand_slam_circuits": ["lagoon"]}, "3 circuits"),
        (2, {"circuit": "atlantis"}, "options are not valid"),
    ],
)
def test_bad_options_are_refused(players, options, message):
    with pytest.raises(ValueError, match=message):
        GAME.new_game(players, options)


def test_two_player_variant_two_titans_each_in_alternating_order():
    state = new(("grinder", "rassik", "craken", "slaugg"), variant="two_player")
    assert [t.owner for t in state.titans] == [0, 1, 0, 1]
    assert len(state.pool) == 4
    assert sorted(state.order) == [0, 1, 2, 3]
    assert state.order == [(state.first_titan + k) % 4 for k in range(4)]


@pytest.mark.parametrize(
    "players, size, teams",
    [(4, 2, [0, 1, 0, 1]), (6, 3, [0, 1, 0, 1, 0, 1]), (6, 2, [0, 1, 2, 0, 1, 2])],
)
def test_teams_never_sit_side_by_side(players, size, teams):
    state = GAME.new_game(players, {"variant": "teams", "team_size": size}, seed=1)
    assert state.teams == teams


def test_grand_slam_strings_three_circuits():
    state = GAME.new_game(2, {"variant": "grand_slam", "circuit": "anglieh"}, seed=1)
    assert state.circuits == ["anglieh", "estenggaard", "kaldheira"]
    chosen = GAME.new_game(2, {"variant": "grand_slam", "grand_slam_circuits": ["lagoon", "ban_kog", "lagoon"]})
    assert chosen.circuits == ["lagoon", "ban_kog", "lagoon"]


def test_view_is_json_ready_hides_other_hands_the_deck_and_the_rng():
    state = new(("grinder", "rassik", "craken"), seed=5)
    for seat in [0, 1, 2, None]:
        view = GAME.view(state, seat)
        text = json.dumps(view)
        assert "rng" not in text and "deck" not in {k for k in view if k != "deck_count"}
        for titan in view["titans"]:
            assert titan["hand_count"] == 1
            assert (titan["hand"] is not None) == (titan["owner"] == seat)
        assert len(view["circuits"][0]["spaces"]) == 36
        assert view["status"] and view["phase"] == "draft"


def test_options_accept_text_from_a_plain_setup_form():
    options = GAME.parse_options(
        {"team_size": "3", "variant": "teams", "titans": "()", "grand_slam_circuits": "lagoon, ban_kog,anglieh"}
    )
    assert options.team_size == 3 and options.titans == ()
    assert options.grand_slam_circuits == ("lagoon", "ban_kog", "anglieh")
    assert GAME.parse_options({"titans": "Grinder, rassik"}).titans == ("grinder", "rassik")
    with pytest.raises(ValueError, match="options are not valid"):
        GAME.parse_options({"titans": "grinder, godzilla"})
