"""Born of Titans on the page with the real engine: every phase renders, every legal choice is a button or a target on
the map, no seat's board names a counter that seat may not see, the log is grouped by turn, turn and player labels."""

from __future__ import annotations

import functools
import random
import re
from typing import Any

import pytest

from app.gameview import render_regions
from app.markup import esc
from app.views import view_module
from app.views.born_of_titans import render_board
from app.views.born_of_titans_words import kind_of, name_of
from engine.born_of_titans import GAME as BORN
from engine.core import Seat
from engine.core.game import GameState
from tests.app.boards import board_context
from tests.app.born_views import XSS

GAME = BORN  # registered by importing its package (not in the catalog yet)
ACTION = re.compile(r"data-action=['\"](\d+)['\"]")
SELECT = re.compile(r"data-select=['\"]counter:([a-z_]+)['\"]")


def new(players: int, seed: int, names: tuple[str, ...] = ("Ann", "Bob", "Cyd", "Dee")) -> GameState:
    return GAME.new_game(players, GAME.Options(), seed, [Seat(name=names[i]) for i in range(players)])


@functools.cache
def played(players: int, seed: int, steps: int) -> tuple[GameState, ...]:
    """The states of a random game (every action chosen at random), for drawing from."""
    rng = random.Random(seed)
    state = new(players, seed)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        states.append(state)
    return tuple(states)


def strings(value: Any) -> set[str]:
    """Every string in a view (keys and values), to tell what a seat knows."""
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in strings(v)}
    if isinstance(value, list | tuple):
        return {s for v in value for s in strings(v)}
    return {value} if isinstance(value, str) else set()


def test_the_app_has_a_view_for_born_of_titans() -> None:
    assert view_module("born_of_titans").__name__ == "app.views.born_of_titans"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_phase_renders_and_every_choice_is_a_button_or_a_target(players: int) -> None:
    phases: set[str] = set()
    for state in played(players, players, 600):
        regions = render_regions(GAME, state, shown=state.current_player)
        assert regions.board_key == "born_of_titans" and "id='bt-overlay'" in regions.board
        assert len(re.findall(r"class='bt-sheet[ ']", regions.board)) == players
        if state.is_over:
            continue
        phases.add(str(state.phase))
        buttons = {int(i) for i in ACTION.findall(regions.actions)}
        on_map = {int(i) for i in ACTION.findall(regions.board)}
        assert on_map <= set(range(len(regions.legal)))
        for index, action in enumerate(regions.legal):
            if action.kind == "look":
                assert index not in buttons  # picked on the map first (test below)
            else:
                assert index in buttons, (state.phase, action)
            if action.kind in ("move_to", "choose_start", "place_quest", "underworld"):
                assert index in on_map, action  # lit on the map as well
    assert {"choose_hero", "choose_start", "place_quest", "turn", "move", "react"} <= phases


def test_a_site_picked_on_the_map_offers_its_look() -> None:
    state = next(s for s in played(3, 3, 400) if any(a.kind == "look" for a in GAME.legal_actions(s)))
    look = next(a for a in GAME.legal_actions(state) if a.kind == "look")
    site = look.site  # type: ignore[attr-defined]
    plain = render_regions(GAME, state, shown=state.current_player)
    assert "Pick a Site on the map to look at its counters with Prophecy." in plain.actions
    picked = render_regions(GAME, state, shown=state.current_player, selected=f"site:{site}")
    index = GAME.legal_actions(state).index(look)
    assert f'data-action="{index}"' in picked.actions or f"data-action='{index}'" in picked.actions
    assert "class='bt-site'" in picked.board


def leaks(board: str, secret: set[str]) -> set[str]:
    """The counters of `secret` a board names: as a chip (its text on a tap) or on the map, by name."""
    drawn = set(SELECT.findall(board))
    named = set()
    for key in secret:
        name = esc(name_of(key))
        if key in drawn or f"Encounter: {name}" in board or f"Sea Monster: {name}" in board or f"): {name}" in board:
            named.add(key)
    return named


def secrets_of_others(views: list[dict[str, Any]], seat: int) -> set[str]:
    """The counters other seats' views name and `seat`'s view does not: what `seat` may not see."""
    known = [strings(view) for view in views]
    others = set().union(*(known[o] for o in range(len(views)) if o != seat)) - known[seat]
    return {key for key in others if kind_of(key)}


def board_for(state: GameState, view: dict[str, Any], seat: int) -> str:
    layer_context = board_context(GAME, state, seat, interactive=state.current_player == seat)
    layer_context.view = view
    return render_board(layer_context)


@pytest.mark.parametrize("players", [2, 4])
def test_no_board_names_a_counter_its_seat_may_not_see(players: int) -> None:
    checked = caught = 0
    for state in played(players, 10 + players, 500)[::5]:
        views = [GAME.view(state, seat) for seat in range(players)]
        for seat in range(players):
            secret = secrets_of_others(views, seat)
            board = board_for(state, views[seat], seat)
            assert not leaks(board, secret), seat
            divine = {key for key in SELECT.findall(board) if kind_of(key) == "divine"}
            own = set(views[seat]["heroes"][seat].get("divine") or [])
            assert divine <= own | set((views[seat].get("offer") or {}).get("divine") or []), (seat, divine)
            checked += len(secret)
            other = (seat + 1) % players  # the check itself: a board drawn from another seat's view is caught
            caught += bool(leaks(board_for(state, views[other], seat), secret))
    assert checked > 50 and caught > 10


def test_the_log_is_grouped_by_turn_in_the_games_words() -> None:
    state = played(3, 3, 260)[-1]
    log = render_regions(GAME, state, shown=state.current_player).log
    assert "Round 2" in log and log.count("<details") >= 4


def test_labels_for_the_saved_game_list() -> None:
    module = view_module("born_of_titans")
    state = played(3, 3, 260)[-1]
    view = GAME.view(state, None)
    assert re.fullmatch(r"Round \d+ \((Ann|Bob|Cyd)\)", module.turn_label(view))
    assert all(re.fullmatch(r"(Ann|Bob|Cyd) \(\w+\)", label) for label in module.players_label(view))


def test_player_names_are_escaped_everywhere() -> None:
    state = GAME.new_game(2, GAME.Options(), 7, [Seat(name=XSS), Seat(name=XSS + "2")])
    rng = random.Random(7)
    for _ in range(120):
        regions = render_regions(GAME, state, shown=state.current_player)
        for markup in (regions.board, regions.actions, regions.status, regions.log):
            assert "<img" not in markup
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))


def test_status_hints_in_the_games_words() -> None:
    from app.views.born_of_titans import _phase_hint
    from tests.app.born_views import base_view, challenge_view, moment_view

    turn = base_view(0)
    turn["actions"] = {"used": 1, "extra": 0}
    assert _phase_hint(turn) == "take an action (1 of 2 taken), or end the turn"
    turn["mover"] = 1  # Bob, with no Crew, after Fair Weather
    turn["actions"] = {"used": 0, "extra": 2}
    assert _phase_hint(turn) == "take an action (0 of 1 taken, no Crew, 2 more from Fair Weather), or end the turn"
    assert _phase_hint(challenge_view(0)) == "roll again against Defeat Medusa, or retreat"
    assert (
        _phase_hint(challenge_view(0, attribute=None, rolls=[]))
        == "choose the attribute to challenge Defeat Medusa with"
    )
    assert _phase_hint(moment_view(1)) == "a moment to react: play a Divine counter, or pass"


def test_the_map_is_drawn_once_and_only_its_layer_the_sheets_and_the_panel_change() -> None:
    from app.views.born_of_titans import render_layers

    states = played(3, 3, 600)
    first = render_layers(board_context(GAME, states[40], states[40].current_player))
    later = render_layers(board_context(GAME, states[300], states[300].current_player))
    assert first[0] == later[0] == "born_of_titans"
    assert set(first[2]) == {"bt-overlay", "bt-sheets", "bt-panel"}
    for element_id, part in later[2].items():
        assert f"id='{element_id}'" in later[1] and part in later[1]
    static = later[1].split("<g id='bt-overlay'>")[0]
    assert static == first[1].split("<g id='bt-overlay'>")[0]  # the map itself never changes
    assert "data-node=" in static and "role='group'" in static


def test_the_crew_sheets_are_in_one_column_with_the_map_whatever_the_choices_beside_it() -> None:
    # In grid rows shared with the decision's column, a Move's long list of ends left a 150 px gap under the map.
    from pathlib import Path

    from app.views.born_of_titans import render_layers

    state = played(3, 3, 600)[300]
    _key, board, parts = render_layers(board_context(GAME, state, state.current_player))
    column = board.split("<div class='bt-map-and-sheets'>", 1)[1].split("<div id='bt-panel'", 1)[0]
    assert column.startswith("<div class='pz-frame'>") and f"<div id='bt-sheets'>{parts['bt-sheets']}</div>" in column
    assert "class='bt-sheets'" in parts["bt-sheets"] and "bt-sheet" not in parts["bt-panel"]
    css = (Path(__file__).parents[2] / "assets" / "born.css").read_text()
    desktop = css.split("@media (min-width: 901px)", 1)[1].split("@media", 1)[0]
    assert re.search(r"\.tt-on-born > \.bt-map-and-sheets \{[^}]*grid-column: 1; grid-row: 1 / -1;", desktop)
    assert "grid-template-rows: repeat(12, auto) 1fr; row-gap: 0;" in desktop  # its last row takes what is left
    phone = css.split("@media (max-width: 900px)", 1)[1]
    assert ".bt-map-and-sheets, #bt-sheets { display: contents; }" in phone  # one column: the parts in order


def _over(places: list[int], phase: str = "game_over") -> dict[str, Any]:
    """Cyrene (Ann) has completed three Quests; `places`: the finishing order so far."""
    from tests.app.born_views import base_view

    view = base_view(None)
    view["heroes"][0]["quests"] = {"1": "slay_the_hydra", "3": "defeat_medusa", "5": "golden_fleece"}
    for number, seat in enumerate(places, 1):
        view["heroes"][seat]["finished"] = number
    view.update(phase=phase, places=places, winner=places[0], current=None, mover=None)
    return view


def test_the_result_lists_every_players_quests_and_places_only_when_play_went_on_for_them() -> None:
    from app.views.born_of_titans import result_lines

    assert result_lines(_over([0])) == [  # the first to finish ends the game: no places
        "Cyrene (Ann): winner, 3 Quests",
        "Atalanta (Bob): 0 Quests",
        "Jason (Cyd): 0 Quests",
    ]
    assert result_lines(_over([0, 2, 1])) == [  # played on for places
        "Cyrene (Ann): place 1, 3 Quests",
        "Atalanta (Bob): place 3, 0 Quests",
        "Jason (Cyd): place 2, 0 Quests",
    ]
    assert result_lines(_over([0], phase="turn"))[0] == "Cyrene (Ann): place 1, 3 Quests"  # the others play on


def test_a_crew_sheet_shows_a_place_only_when_play_goes_on_for_places() -> None:
    from app.views.born_of_titans_sheet import crew_sheet

    def flag(view: dict[str, Any]) -> str:
        return re.findall(r"bt-finished'>([^<]*)<", crew_sheet(view, view["heroes"][0]))[0]

    assert flag(_over([0])) == "Winner"
    assert flag(_over([0], phase="turn")) == "Place 1"
    assert flag(_over([0, 2, 1])) == "Place 1"


def test_at_the_end_the_status_names_the_hero_and_her_player_in_the_games_words() -> None:
    from app.gameview import status_text
    from app.views.born_of_titans import status_hint
    from app.views.born_of_titans_words import win_line
    from engine.born_of_titans.state import Phase

    state = new(3, 3, names=("Ann", "Computer 1", "Computer 2"))
    state.sheets[1].hero = "perseus"  # Computer 1's Perseus completes a third Quest
    state.places, state.winner, state.phase = [1], 1, Phase.GAME_OVER
    state.sheets[1].finished = 1
    assert state.is_over
    status = status_text(GAME, state, board_context(GAME, state, None))
    assert status == "Game over. Perseus (Computer 1) completes a third Quest and wins."
    regions = render_regions(GAME, state, shown=None)
    assert "Perseus (Computer 1) completes a third Quest and wins." in regions.actions  # the result's head
    assert "Perseus (Computer 1): winner, 0 Quests" in regions.actions and "place 1" not in regions.actions
    assert status_hint(board_context(GAME, state, None)) == "Perseus (Computer 1) completes a third Quest and wins."
    assert win_line(_over([0, 2, 1])) == "Cyrene (Ann) was the first to complete three Quests and wins."


def test_each_choice_says_what_it_does_before_one_chooses() -> None:
    from app.views.born_of_titans import action_detail
    from tests.app.born_views import base_view, challenge_view

    choosing = challenge_view(0, attribute=None, rolls=[], committed=0)  # Prophecy is committed with a roll
    assert action_detail(choosing, {"kind": "choose_attribute", "attribute": "wits"}) == (
        "Your Wits: 5 dice a roll, against 7 Successes needed."
    )
    athena = {"kind": "choose_match", "hero_attribute": "battle", "monster_attribute": "navigation"}
    assert action_detail(choosing, athena) == "Your Battle: 7 dice a roll, against 5 Successes needed."
    assert action_detail(challenge_view(0), {"kind": "roll", "commit": 2}) == (
        "8 dice (Wits 5 + 3 Prophecy); 4-6 succeed."
    )
    assert action_detail(base_view(0), {"kind": "move"}) == "Roll 7 dice (your Navigation): each Success is a Course."
    pair = action_detail(base_view(0), {"kind": "play_divine", "counter": "ares", "pair": True, "target": 1})
    assert pair.startswith("Ares (a pair): ") and "three Crew" in pair  # on whom: the label says ('on Atalanta (Bob)')
    assert "two more dice" in action_detail(base_view(0), {"kind": "keep", "divine": "athena"})
    assert "Battle 6" in action_detail(base_view(0), {"kind": "choose_hero", "hero": "cyrene"})
    assert "Invincible" in action_detail(base_view(0), {"kind": "lion_skin"})


def test_the_hand_made_views_have_the_engines_shape() -> None:
    from tests.app.born_views import challenge_view, moment_view, move_view

    states = played(3, 3, 600)
    real = GAME.view(states[-1], 0)
    made = moment_view(0)
    assert set(made) <= set(real) and set(real) - set(made) <= {"game", "actions"}
    assert set(made["heroes"][0]) == set(real["heroes"][0])  # the seat's own row, with its Divine counters
    assert set(made["heroes"][1]) == set(real["heroes"][1])
    challenge = next(GAME.view(s, 0)["challenge"] for s in states if GAME.view(s, 0)["challenge"])
    assert set(challenge_view(0)["challenge"]) == set(challenge)
    moving = next(GAME.view(s, 0)["move"] for s in states if GAME.view(s, 0)["move"])
    assert set(move_view(0)["move"]) == set(moving)
    moment = next(GAME.view(s, 0)["moment"] for s in states if GAME.view(s, 0)["moment"])
    assert set(made["moment"]) == set(moment)


def test_the_attribute_choice_counts_the_dice_the_roll_will_use() -> None:
    """Regression: after Athena the attribute choice said 'Navigation: 6 dice' when the roll used 8."""
    from app.views.born_of_titans import action_detail
    from tests.app.born_views import challenge_view

    athena = challenge_view(0, attribute=None, rolls=[], committed=0, athena_dice=2)
    assert action_detail(athena, {"kind": "choose_attribute", "attribute": "wits"}) == (
        "Your Wits: 7 dice a roll (5 + 2 from Athena), against 7 Successes needed."
    )


def test_names_are_the_heroes_with_their_players_where_it_matters() -> None:
    """Reported: 'Computer 2 rolled...' beside 'Play Athena on Odysseus': the Hero in the game's sentences, her
    player beside her where it tells who holds the device."""
    from app.views.born_of_titans import status_hint
    from app.views.born_of_titans_challenge import challenge_panel, moment_panel, moment_words
    from tests.app.born_views import challenge_view, moment_view

    assert moment_words(moment_view(1)) == "Cyrene rolled 1 Success: 4 of 7 against Defeat Medusa."
    assert "Atalanta (Bob) may play a Divine counter now" in moment_panel(moment_view(0))
    assert "<h2>Cyrene against " in challenge_panel(challenge_view(0))
    from tests.app.born_views import layer_context

    assert status_hint(layer_context(challenge_view(0))) == "Cyrene (Ann): roll again against Defeat Medusa, or retreat"


def test_placing_a_quest_says_whose_it_is_and_how_far_from_her() -> None:
    """Regression: placing a Quest far from its owner is the whole decision; the choice said neither."""
    from app.views.born_of_titans import _phase_hint, action_detail
    from app.views.born_of_titans_layer import courses_between
    from tests.app.born_views import base_view

    view = base_view(0)
    view["phase"], view["placing"] = "place_quest", 1  # Bob's Atalanta stands on the Ionian Sea Point
    assert _phase_hint(view) == "place Atalanta's Quest (Bob), drawn unseen, on a lit Quest Site"
    far = courses_between("p_ionian", "quest_4")
    assert far is not None and far > courses_between("p_ionian", "quest_1")  # the far east against the west
    assert action_detail(view, {"kind": "place_quest", "site": "quest_4"}) == (
        f"Atalanta (Bob) is at Ionian Sea: {far} Courses away."
    )
    assert courses_between("athens", "athens") == 0


def test_a_moves_buttons_are_grouped_and_sorted_while_the_engines_order_stays() -> None:
    """Regression: sorting the Move's list must not reorder the legal actions (saved games replay by their order)."""
    state = next(s for s in played(3, 3, 600) if str(s.phase) == "move" and len(GAME.legal_actions(s)) > 8)
    regions = render_regions(GAME, state, shown=state.current_player)
    assert [a.model_dump() for a in regions.legal] == [a.model_dump() for a in GAME.legal_actions(state)]
    order = [int(i) for i in ACTION.findall(regions.actions)]
    ends = [i for i in order if regions.legal[i].kind == "move_to"]
    assert sorted(ends) == [i for i, a in enumerate(regions.legal) if a.kind == "move_to"] and ends != sorted(ends)
    assert "Points, the cheapest first" in regions.actions
