"""The 2-player, teams and Grand Slam variants (rulings 24-26)."""

from __future__ import annotations

from engine.titan_race import GAME
from engine.titan_race.state import Phase
from tests.engine.titan_race.helpers import do, legal, lives, move, new, position, titan, trap, where


def test_two_player_turn_order_and_a_player_wins_with_either_titan():
    state = new(("grinder", "rassik", "craken", "slaugg"), "anglieh", variant="two_player")
    assert [t.owner for t in state.titans] == [0, 1, 0, 1]
    state = position(state, {"grinder": "A11", "rassik": "C11", "craken": "B10", "slaugg": "F2"}, "craken", "brown")
    assert state.order == [2, 3, 0, 1] and state.current_player == 0
    titan(state, "craken").lap = 3
    state.lap_events[2] = [2, 0]
    state = move(state, "NE", "NE", "NE")
    assert state.is_over and GAME.winners(state) == [0]


def test_two_player_one_hand_per_player_shared_by_her_two_titans():
    """Each player has one hand (one card at set-up, at most 2) for her two Titans; each Titan its Ability."""
    state = new(("grinder", "rassik", "craken", "slaugg"), "anglieh", variant="two_player")
    assert [len(t.hand) for t in state.titans] == [1, 1, 0, 0] and len(state.pool) == 4
    assert state.hand_of(2) is state.titans[0].hand  # Craken plays from A's hand, held with Grinder
    state = position(
        state,
        {"grinder": "D4", "rassik": "A11", "craken": "D6", "slaugg": "F2"},
        "craken",
        hands={"grinder": ["elixir"]},
    )
    state.titans[2].life = 4
    assert [a.card for a in legal(state, "play_card")] == ["elixir"]
    state = do(state, "play_card", card="elixir")
    assert titan(state, "craken").life == 6 and state.titans[0].hand == []
    state = position(state, {}, "grinder", "blue", hands={"grinder": ["shield", "hourglass"]})
    state = do(state, "use_ability", target="C5")
    assert titan(state, "grinder").ability_used and not titan(state, "craken").ability_used
    state = position(
        state, {"grinder": "D2", "craken": "D8"}, "craken", "blue", hands={"grinder": ["shield", "hourglass"]}
    )
    state = move(state, "NE", "N")  # D8 -> E9 -> E11: no Bonus space, but the hand is full anyway
    assert len(state.titans[0].hand) == 2 and state.titans[2].hand == []


def test_teams_the_whole_team_wins():
    state = new(("grinder", "rassik", "craken", "slaugg"), "anglieh", variant="teams")
    state = position(state, {"grinder": "A11", "rassik": "C11", "craken": "B10", "slaugg": "F2"}, "craken", "brown")
    titan(state, "craken").lap = 3
    state.lap_events[2] = [2, 0]
    state = move(state, "NE", "NE", "NE")
    assert GAME.winners(state) == [0, 2]


def test_teams_three_a_side_and_two_two_two():
    names = ("grinder", "rassik", "craken", "ragnarok", "slaugg", "chtooloo")
    state = new(names, "anglieh", variant="teams", team_size=2)
    state = position(
        state, {n: s for n, s in zip(names, ("B10", "A1", "C3", "E3", "A5", "C5"), strict=True)}, "rassik", "yellow"
    )
    titan(state, "ragnarok").lap = 3
    state.lap_events[3] = [2, 0]
    state = position(state, {"grinder": "F2", "ragnarok": "E11"}, "ragnarok", "yellow")
    state = move(state, "N", "N")
    assert GAME.winners(state) == [0, 3]


def grand_slam(titans=("grinder", "rassik")):
    """A Grand Slam over Ang'lieh, Kaldheira and Estenggaard."""
    return new(titans, "anglieh", variant="grand_slam", grand_slam_circuits=["anglieh", "kaldheira", "estenggaard"])


def test_grand_slam_leaving_the_top_enters_the_next_board():
    state = position(grand_slam(), {"grinder": "C11", "rassik": "A7"}, "grinder", "brown")
    state = move(state, "NE", "NE", "NE")  # C11 -> D12 -> E1 of Kaldheira -> F2
    grinder = titan(state, "grinder")
    assert (grinder.space, grinder.lap, state.board_of(grinder)) == ("F2", 2, 1)
    view = GAME.view(state, 0)
    assert [c["id"] for c in view["circuits"]] == ["anglieh", "kaldheira", "estenggaard"]
    assert view["titans"][0]["board"] == 1


def test_grand_slam_each_board_has_its_own_spaces_traps_and_effects():
    state = position(grand_slam(), {"grinder": "C3", "rassik": "D4"}, "grinder", "brown")
    titan(state, "grinder").lap = 2  # Kaldheira
    state.lap_events[0] = [1, 0]
    trap(state, "E5")  # a trap on Ang'lieh's E5 does not matter on Kaldheira
    state = move(state, "NE", "NE", "NE")  # Rassik on Ang'lieh's D4 is not in the way; E5 and F6 are lava here
    assert where(state) == {"grinder": "F6", "rassik": "D4"}
    assert lives(state) == {"grinder": 4, "rassik": 6} and state.traps == ["0:E5"]


def test_grand_slam_pushed_back_over_the_bottom_returns_to_the_previous_board():
    state = position(grand_slam(("ragnarok", "rassik")), {"ragnarok": "C3", "rassik": "B2"}, "ragnarok")
    for t in state.titans:
        t.lap = 2
    state.lap_events = [[1, 0], [1, 0]]
    state = do(state, "use_ability", target="B2", direction="S")
    rassik = titan(state, "rassik")
    assert (rassik.space, rassik.lap, state.board_of(rassik)) == ("B12", 1, 0)


def test_grand_slam_leaving_the_top_of_the_third_board_wins():
    state = position(grand_slam(), {"grinder": "D10", "rassik": "A7"}, "grinder", "yellow")
    titan(state, "grinder").lap = 3
    state.lap_events[0] = [2, 0]
    state = move(state, "N", "N")
    assert state.phase == Phase.GAME_OVER and GAME.winners(state) == [0]


def test_grand_slam_zones_reach_across_the_line_onto_the_next_board():
    state = position(grand_slam(("ragnarok", "rassik")), {"ragnarok": "B12", "rassik": "C1"}, "ragnarok")
    titan(state, "rassik").lap = 2  # Rassik is on Kaldheira's C1, just over the line from Ragnarok
    state.lap_events[1] = [1, 0]
    assert {a.target for a in legal(state, "use_ability")} == {"C1"}
    state = do(state, "use_ability", target="C1", direction="N")
    rassik = titan(state, "rassik")
    assert (rassik.space, rassik.lap, state.board_of(rassik)) == ("C3", 2, 1)


def test_grand_slam_craken_swaps_with_a_titan_on_the_next_board():
    """Regression: Craken may swap across the finish line onto the next or previous board (laps swap, ruling 10)."""
    state = position(grand_slam(("craken", "rassik")), {"craken": "B12", "rassik": "C1"}, "craken")
    titan(state, "rassik").lap = 2
    state.lap_events[1] = [1, 0]
    assert [a.target for a in legal(state, "use_ability")] == ["C1"]
    state = do(state, "use_ability", target="C1")
    craken, rassik = titan(state, "craken"), titan(state, "rassik")
    assert (craken.space, craken.lap, state.board_of(craken)) == ("C1", 2, 1)
    assert (rassik.space, rassik.lap, state.board_of(rassik)) == ("B12", 1, 0)
    back = position(grand_slam(("craken", "rassik")), {"craken": "C1", "rassik": "B12"}, "craken")
    titan(back, "craken").lap = 2
    back.lap_events[0] = [1, 0]
    back = do(back, "use_ability", target="B12")  # onto the previous board
    craken, rassik = titan(back, "craken"), titan(back, "rassik")
    assert (craken.space, craken.lap, state.board_of(craken)) == ("B12", 1, 0)
    assert (rassik.space, rassik.lap, state.board_of(rassik)) == ("C1", 2, 1)


def test_grand_slam_grappling_hook_never_swaps_across_the_line():
    spaces = {"craken": "B12", "rassik": "C1"}
    state = position(grand_slam(("craken", "rassik")), spaces, "craken", hands={"craken": ["grappling_hook"]})
    titan(state, "rassik").lap = 2
    state.lap_events[1] = [1, 0]
    assert legal(state, "play_card") == []


def test_grand_slam_a_titan_on_the_same_space_of_another_board_is_not_adjacent():
    state = position(grand_slam(("craken", "rassik")), {"craken": "B12", "rassik": "C1"}, "craken")
    assert legal(state, "use_ability") == []  # Rassik is on Ang'lieh's C1, a lap behind
