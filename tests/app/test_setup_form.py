"""The new-game form's logic: defaults, seats following the player count, checks with readable messages."""

from __future__ import annotations

import pytest

from app.setup_form import checked_start, default_setup, friend_seats, read_form
from engine.registry import GAMES


def test_default_is_you_against_a_computer():
    setup = default_setup(GAMES)
    assert setup.game_id == "titan_dice" and setup.num_players == 2
    assert [s.kind for s in setup.seats] == ["human", "ai"]
    assert setup.levels and setup.levels[0][0] == setup.seats[1].level


def test_seats_follow_the_player_count_and_keep_names():
    values = {"game": "titan_dice", "num_players": "4", "seat0_name": "Ann", "seat0_kind": "human"}
    game, setup = read_form(GAMES, values, default_setup(GAMES))
    assert game.id == "titan_dice" and len(setup.seats) == 4
    assert setup.seats[0].name == "Ann" and setup.seats[3].kind == "ai"
    _game, solo = read_form(GAMES, {"game": "titan_dice", "num_players": "1"}, setup)
    assert len(solo.seats) == 1 and "Exodus" in solo.solo_note
    _game, clamped = read_form(GAMES, {"game": "titan_dice", "num_players": "9"}, setup)
    assert clamped.num_players == 4


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"seat0_name": "   "}, "needs a name"),
        ({"seat0_name": "x" * 33}, "longer than 32"),
        ({"seed": "abc"}, "whole number"),
        ({"seed": "-1"}, "from 0 to"),
    ],
)
def test_checks_say_what_is_wrong(values, message):
    form = {"game": "titan_dice", "num_players": "2", "seat0_name": "Ann", "seat1_name": "Bot", **values}
    _game, setup = read_form(GAMES, form, None)
    with pytest.raises(ValueError, match=message):
        checked_start(setup, form)


def test_blank_seed_is_left_to_the_app_and_options_parse():
    form = {"game": "titan_dice", "num_players": "1", "seat0_name": " Ann  Lee ", "opt_solo_cards": "2-3"}
    _game, setup = read_form(GAMES, form, None)
    seats, options, seed = checked_start(setup, form)
    assert seed is None and seats[0].name == "Ann Lee" and options == {"solo_cards": "2-3"}
    state = GAMES["titan_dice"].new_game(1, options, 7, seats)
    assert state.options.solo_cards == "2-3"


def test_default_names_follow_the_seat_kind():
    values = {
        "game": "titan_dice",
        "num_players": "2",
        "seat0_name": "Ann",
        "seat1_name": "Computer 1",
        "seat1_kind": "human",
    }
    _game, setup = read_form(GAMES, values, None)
    assert setup.seats[1].name == "Player 2"
    values.update(seat1_name="Player 2", seat1_kind="ai")
    _game, setup = read_form(GAMES, values, None)
    assert setup.seats[1].name == "Computer 1"


def test_the_form_shows_only_the_options_of_the_chosen_game_player_count_and_variant():
    """Regression: no raw ids or values, and only the options that apply."""
    from app.options_form import option_fields, parse_values, render_fields

    dice = option_fields(GAMES["titan_dice"].Options)
    two = render_fields(dice, {}, 2)
    assert "First player" in two and "Seat 2" in two and "Seat 3" not in two and "Drawn at random" in two
    assert "Solo" not in two
    solo = render_fields(dice, {}, 1)
    assert "First player" not in solo and "Solo Hydra cards" in solo and "Levels 1 and 3" in solo
    race = option_fields(GAMES["titan_race"].Options)
    standard = render_fields(race, {}, 4)
    assert "Dead Man&#x27;s Lagoon" in standard or "Dead Man's Lagoon" in standard
    assert "kaldheira<" not in standard and "two_player<" not in standard and "()" not in standard
    assert "Team size" not in standard and "Grand Slam circuits" not in standard and "f-opt_titans" not in standard
    teams = render_fields(race, {"opt_variant": "teams"}, 6)
    assert "Team size" in teams and "Teams of 3" in teams
    assert "Team size" not in render_fields(race, {"opt_variant": "teams"}, 4)  # 4 players: 2v2 only
    slam = render_fields(race, {"opt_variant": "grand_slam"}, 3)
    assert slam.count("(none chosen)") == 3
    circuits = {f"opt_grand_slam_circuits_{i}": c for i, c in enumerate(("lagoon", "ban_kog", "anglieh"))}
    values = {"opt_variant": "grand_slam", **circuits, "opt_team_size": "3"}
    parsed = parse_values(race, values, 3)
    assert parsed["grand_slam_circuits"] == ("lagoon", "ban_kog", "anglieh") and "team_size" not in parsed
    assert "grand_slam_circuits" not in parse_values(race, {**values, "opt_variant": "standard"}, 3)
    assert parse_values(race, {"opt_variant": "grand_slam"}, 3)["grand_slam_circuits"] == ()


def test_hints_are_off_by_default_and_given_to_the_human_seats_when_chosen():
    from app.gameview import render_regions
    from app.setup_screen import setup_html

    form = {"game": "titan_dice", "num_players": "2", "seat0_name": "Ann", "seat0_kind": "human"}
    _game, setup = read_form(GAMES, form, None)
    assert 'id="setup-hints"' in setup_html(setup) and "checked" not in setup_html(setup).split("setup-hints")[1][:60]
    seats, _options, _seed = checked_start(setup, form)
    assert not any(seat.hints for seat in seats)
    _game, setup = read_form(GAMES, {**form, "hints": "1"}, None)
    seats, _options, _seed = checked_start(setup, {**form, "hints": "1"})
    assert [seat.hints for seat in seats] == [True, False]  # humans only
    game = GAMES["titan_dice"]
    state = game.new_game(2, None, 3, seats)
    assert 'data-cmd="hint"' not in render_regions(game, state).actions  # one choice: nothing to hint
    state = game.apply(state, game.legal_actions(state)[0])
    while state.current_player != 0 or len(game.legal_actions(state)) < 2:
        state = game.apply(state, game.legal_actions(state)[-1])
    assert "data-cmd='hint'" in render_regions(game, state).actions
    plain = game.new_game(2, None, 3, [seats[0].model_copy(update={"hints": False}), seats[1]])
    plain = game.apply(plain, game.legal_actions(plain)[0])
    assert "data-cmd='hint'" not in render_regions(game, plain).actions


def test_a_computer_seat_starts_at_the_weakest_level_above_random_play():
    from app.setup_form import default_setup
    from engine.registry import GAMES

    titan = default_setup(GAMES, "titan")
    assert [seat.level for seat in titan.seats if seat.kind == "ai"] == [1]  # Standard, though Random is offered
    dice = default_setup(GAMES, "titan_dice")
    assert [seat.level for seat in dice.seats if seat.kind == "ai"] == [1]  # Easy


def test_titan_offers_balanced_towers_off_by_default_for_fewer_than_six_players():
    from app.options_form import option_fields, render_fields

    form = {"game": "titan", "num_players": "4", "seat0_name": "Ann", "seat0_kind": "human"}
    _game, setup = read_form(GAMES, form, None)
    fields = option_fields(GAMES["titan"].Options)
    four = render_fields(fields, {}, 4)
    assert "Balanced towers" in four and "spread evenly round the board" in four
    assert 'name="opt_balanced_towers" checked' not in four  # off by default
    assert "Balanced towers" not in render_fields(fields, {}, 6)  # six players take every Tower anyway
    _seats, options, _seed = checked_start(setup, {**form, "opt_balanced_towers": "on"})
    state = GAMES["titan"].new_game(4, options, 3, _seats)
    assert state.options.balanced_towers is True
    _seats, options, _seed = checked_start(setup, form)
    assert GAMES["titan"].new_game(4, options, 3, _seats).options.balanced_towers is False


def test_titans_form_offers_battle_titan_and_its_ending_each_with_what_it_means():
    """Standard Titan by default; Battle Titan's ending and its value shown only where they apply,
    the line under each choice saying what the chosen value means."""
    from app.setup_screen import setup_html

    form = {"game": "titan", "num_players": "2", "seat0_name": "Ann", "seat0_kind": "human"}
    _game, setup = read_form(GAMES, form, None)
    html = setup_html(setup)
    assert "Standard Titan" in html and "Battle Titan" in html and "the last Titan left wins" in html
    assert "The game ends" not in html and "f-opt_rounds" not in html
    assert checked_start(setup, form)[1].get("variant", "standard") == "standard"
    battle = {**form, "opt_variant": "battle", "opt_ending": "rounds"}
    _game, setup = read_form(GAMES, battle, None)
    html = setup_html(setup)
    assert "nobody is ever out" in html and "The game ends" in html and "f-opt_rounds" in html
    assert "announced a round ahead" in html and "f-opt_minutes" not in html and "f-opt_creature" not in html
    assert 'id="f-opt_ending"' in html and 'data-refresh="1"' in html.split('id="f-opt_ending"')[1][:80]
    _seats, options, _seed = checked_start(setup, {**battle, "opt_rounds": "2"})
    expected = {"open_legions": False, "balanced_towers": False, "variant": "battle", "ending": "rounds", "rounds": 2}
    assert options == expected
    timed = {**battle, "opt_ending": "time", "opt_minutes": "30"}
    _game, setup = read_form(GAMES, timed, None)
    html = setup_html(setup)
    assert "f-opt_minutes" in html and "f-opt_rounds" not in html and "open on screen" in html
    assert checked_start(setup, timed)[1]["minutes"] == 30
    extinct = {**battle, "opt_ending": "extinction", "opt_creature": "Lion"}
    _game, setup = read_form(GAMES, extinct, None)
    html = setup_html(setup)
    assert "none of the chosen creature is left" in html and '<option value="Lion" selected>' in html
    assert checked_start(setup, extinct)[1]["creature"] == "Lion"
    _seats, options, _seed = checked_start(setup, {**battle, "opt_rounds": "0"})
    with pytest.raises(ValueError, match="rounds: Input should be greater than or equal to 1"):  # shown on the form
        GAMES["titan"].new_game(2, options, 1)


def test_a_friend_on_another_device_is_a_human_seat_to_the_engine():
    values = {"game": "titan_dice", "num_players": "3", "seat0_name": "Ann", "seat0_kind": "human"}
    values |= {"seat1_name": "Computer 1", "seat1_kind": "friend", "seat2_name": "Cyd", "seat2_kind": "ai"}
    _game, setup = read_form(GAMES, values, None)
    assert [seat.kind for seat in setup.seats] == ["human", "friend", "ai"]
    assert setup.seats[1].name == "Player 2"  # a default name follows the seat's kind
    seats, _options, _seed = checked_start(setup, values)
    assert [seat.kind for seat in seats] == ["human", "human", "ai"] and friend_seats(setup) == [1]
    values["seat1_kind"] = "<script>"
    assert read_form(GAMES, values, None)[1].seats[1].kind == "human"  # an unknown kind is a human's
