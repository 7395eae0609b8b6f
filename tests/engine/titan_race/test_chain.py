"""Chain reactions, laps and the end of the race (rulings 9, 10)."""

from __future__ import annotations

from engine.titan_race import GAME
from engine.titan_race.state import Phase
from tests.engine.titan_race.helpers import do, lives, move, new, position, titan, where

THREE = ("grinder", "rassik", "craken")


def test_a_pushed_titan_moves_ahead_as_long_as_you_move_its_way_and_loses_one_life():
    state = position(
        new(THREE, circuit="anglieh"), {"grinder": "D4", "rassik": "D6", "craken": "A11"}, "grinder", "yellow"
    )
    state = move(state, "N", "N")
    assert where(state)["grinder"] == "D8" and where(state)["rassik"] == "D10"
    assert lives(state)["rassik"] == 5 and lives(state)["grinder"] == 6  # the pusher loses nothing


def test_pushed_on_the_last_step_moves_one_space():
    state = position(
        new(THREE, circuit="anglieh"), {"grinder": "D4", "rassik": "D8", "craken": "A11"}, "grinder", "yellow"
    )
    state = move(state, "N", "N")
    assert where(state)["rassik"] == "D10" and lives(state)["rassik"] == 5


def test_changing_direction_leaves_the_pushed_titan_behind():
    state = position(
        new(THREE, circuit="anglieh"), {"grinder": "D4", "rassik": "D6", "craken": "A11"}, "grinder", "blue"
    )
    state = move(state, "N", "NE")
    assert where(state)["grinder"] == "E7" and where(state)["rassik"] == "D8"


def test_a_chain_of_pushed_titans_each_loses_one_life():
    state = position(
        new(THREE, circuit="anglieh"), {"grinder": "D4", "rassik": "D6", "craken": "D8"}, "grinder", "yellow"
    )
    state = move(state, "N", "N")
    assert where(state) == {"grinder": "D8", "rassik": "D10", "craken": "D12"}
    assert lives(state) == {"grinder": 6, "rassik": 5, "craken": 5}


def test_pushed_off_a_side_wraps_to_the_other_side_one_row_on():
    state = position(
        new(THREE, circuit="anglieh"), {"grinder": "B4", "rassik": "A5", "craken": "A11"}, "grinder", "green"
    )
    state = move(state, "NW", "NW")
    assert where(state)["grinder"] == "F6" and where(state)["rassik"] == "E7"


def test_pushed_over_the_top_gains_a_lap_and_over_the_line_on_the_last_lap_wins():
    state = position(
        new(THREE, circuit="anglieh"), {"grinder": "D8", "rassik": "D10", "craken": "A11"}, "grinder", "yellow"
    )
    pushed = move(state, "N", "N")
    assert where(pushed)["rassik"] == "D2" and titan(pushed, "rassik").lap == 2
    assert pushed.lap_events[1] == [1, 0]
    titan(state, "rassik").lap = 3
    state.lap_events[1] = [2, 0]
    won = move(state, "N", "N")
    assert won.phase == Phase.GAME_OVER and GAME.winners(won) == [1] and won.current_player is None
    assert GAME.legal_actions(won) == []


def test_the_mover_completing_the_third_lap_wins_at_once():
    state = position(
        new(THREE, circuit="anglieh"), {"grinder": "B10", "rassik": "B12", "craken": "A11"}, "grinder", "brown"
    )
    titan(state, "grinder").lap = 3
    state.lap_events[0] = [2, 0]
    won = move(state, "NE", "NE", "NE")
    assert won.is_over and GAME.winners(won) == [0] and titan(won, "grinder").lap == 4


def test_pushed_back_over_the_bottom_loses_a_lap():
    state = position(
        new(("ragnarok", "rassik", "craken"), circuit="anglieh"),
        {"ragnarok": "C3", "rassik": "B2", "craken": "B12"},
        "ragnarok",
        "yellow",
    )
    titan(state, "rassik").lap = 2
    state.lap_events[1] = [1, 0]
    state = do(state, "use_ability", target="B2", direction="S")
    assert where(state)["rassik"] == "B12" and titan(state, "rassik").lap == 1
    assert state.lap_events[1] == [1, 1]
    assert where(state)["craken"] == "B10" and lives(state)["craken"] == 5  # Craken was pushed down
    assert lives(state)["rassik"] == 6  # moved by the Ability, not pushed


def test_one_life_per_pushed_titan_per_move_even_pushed_twice():
    state = position(
        new(THREE, circuit="anglieh"), {"grinder": "D2", "rassik": "D4", "craken": "A11"}, "grinder", "yellow"
    )
    state = move(state, "N", "N")
    assert where(state)["rassik"] == "D8" and lives(state)["rassik"] == 5


def test_pushing_into_a_full_column_comes_round_into_the_space_being_left():
    names = ("grinder", "rassik", "craken", "ragnarok", "slaugg", "chtooloo")
    spaces = {n: f"D{r}" for n, r in zip(names, (2, 4, 6, 8, 10, 12), strict=True)}
    state = position(new(names, circuit="anglieh"), spaces, "grinder", "red")
    state = move(state, "N")
    assert sorted(where(state).values()) == sorted(spaces.values())
    assert where(state)["grinder"] == "D4" and where(state)["chtooloo"] == "D2"
    assert titan(state, "chtooloo").lap == 2


def test_a_pushed_titan_loses_its_life_point_after_the_whole_push():
    """Regression (ruling 9): a 1-LP Titan pushed B4 -> B8 on the Lagoon meets the pirates on B8 standing."""
    state = position(
        new(("grinder", "rassik"), "lagoon"), {"grinder": "B2", "rassik": "B4"}, "grinder", hands={"rassik": ["elixir"]}
    )
    titan(state, "rassik").life = 1
    state = move(state, "N", "N")  # Grinder B2 -> B4 -> B6: Rassik pushed B4 -> B6 -> B8 (pirates)
    assert state.asked().kind == "pirates" and state.current_player == 1  # the pirates ask Rassik's player
    assert "B8" in state.asked().prompt
    state = do(state, "answer", choice="elixir")
    rassik = titan(state, "rassik")
    assert rassik.space == "B8" and rassik.hand == [] and rassik.ko == "ko"  # then the push's Life Point: K.O.
    assert state.log.index("Pirates on B8: Rassik gives up Elixir.") < state.log.index("Rassik is K.O.!")
