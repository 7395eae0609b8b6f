"""Screens as pure functions: escaping, data-action / data-cmd wiring, options form, generic game view."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from app.decision import can_undo, undo_seat
from app.gameview import render_regions
from app.home_screen import HomeData, home_html
from app.options_form import option_fields, parse_values, render_fields
from app.screens import actions_html, import_dialog_html, log_html, share_dialog_html
from app.setup_screen import SeatForm, SetupData, setup_html
from app.storage import SavedGame
from engine.core import Rng, Seat
from tests.engine.toy_game import PIG

XSS = "<img src=x onerror=alert(1)>"


def entry(entry_id: str = "abc", names: tuple[str, ...] = (XSS, "Bot")) -> SavedGame:
    return SavedGame(entry_id, "titan_dice", "Titan Dice", list(names), 0, "Round 2", "TT.1.x")


def test_home_lists_games_and_escapes_names():
    html = home_html(HomeData(games=[entry()], last=entry()))
    assert "<img" not in html and "&lt;img" in html
    assert 'data-cmd="open" data-id="abc"' in html and 'data-cmd="delete"' in html
    assert "Continue" in html and "Round 2" in html


def test_home_says_why_a_saved_game_cannot_be_opened_escaped():
    html = home_html(HomeData(games=[entry("old"), entry("new")], last=None, unopenable={"old": f"Too old {XSS}."}))
    assert html.count("saved-problem") == 1 and "Too old &lt;img" in html and "kept here, untouched" in html


def test_home_delete_asks_for_confirmation():
    html = home_html(HomeData(games=[entry()], last=None, pending_delete="abc"))
    assert 'data-cmd="confirm-delete"' in html and 'data-cmd="cancel-delete"' in html


def test_setup_escapes_seat_names():
    data = SetupData(
        games=[("titan_dice", "Titan Dice", 1, 4)],
        game_id="titan_dice",
        num_players=2,
        seats=[SeatForm(XSS), SeatForm('"><b>', "ai", 2)],
        levels=[(1, "Easy"), (2, "Hard")],
        option_fields=[],
        option_values={},
        error=XSS,
    )
    html = setup_html(data)
    assert "<img" not in html and "<b>" not in html
    assert 'value="&lt;img src=x onerror=alert(1)&gt;"' in html
    assert '<option value="2" selected>Hard</option>' in html
    assert "1 (solo)" in html


def test_actions_and_log_escape_and_index():
    html = actions_html(["Roll", XSS], interactive=True)
    assert 'data-action="0"' in html and 'data-action="1"' in html and "<img" not in html
    assert "<img" not in log_html([XSS])
    assert "data-action" not in actions_html(["Roll"], interactive=False, waiting_text=XSS)


def test_dialogs_escape_untrusted_text():
    assert "<img" not in share_dialog_html(XSS, "http://x/#save=" + XSS)
    assert "<img" not in import_dialog_html(XSS, XSS)


class DemoOptions(BaseModel):
    """Options of a pretend game."""

    fast: bool = Field(False, description="Shorter game")
    board: Literal["small", "large"] = "small"
    target: int = Field(20, ge=10, le=50)


def test_options_form_round_trip():
    fields = option_fields(DemoOptions)
    assert [f.kind for f in fields] == ["bool", "choice", "int"]
    html = render_fields(fields, {})
    assert 'type="checkbox"' in html and '<option value="large">' in html and 'min="10"' in html
    values = parse_values(fields, {"opt_fast": "on", "opt_board": "large", "opt_target": "30"})
    assert DemoOptions.model_validate(values) == DemoOptions(fast=True, board="large", target=30)


def test_generic_view_and_undo_with_pig():
    state = PIG.new_game(2, None, 1, [Seat(name=XSS), Seat(name="Bot", kind="ai", level=1)])
    regions = render_regions(PIG, state)
    assert "<img" not in regions.board + regions.status
    assert regions.actions.count("data-action=") == len(regions.legal) == 1
    assert not can_undo(PIG, state)
    state = PIG.apply(state, PIG.legal_actions(state)[0])  # a roll: never undone
    assert undo_seat(PIG, state) == 0 and not can_undo(PIG, state)


def test_rules_screen_has_rulebook_then_rulings():
    from app.screens import rules_html

    html = rules_html(XSS, "<p>book</p>", "<p>rulings</p>")
    assert "<img" not in html
    assert html.index("id='rulebook'") < html.index("id='rulings'")
    assert 'data-cmd="back"' in html


def test_home_offers_to_delete_the_finished_games_with_a_confirmation():
    finished = entry("done")
    finished.finished = True
    html = home_html(HomeData(games=[entry("a"), finished], last=None))
    assert "Delete the finished games (1)" in html and "confirm-clear" not in html
    asked = home_html(HomeData(games=[entry("a"), finished], last=None, confirm_clear=True))
    assert "Delete the 1 finished game(s)?" in asked and 'data-cmd="confirm-clear"' in asked
    assert "Delete the finished games" not in home_html(HomeData(games=[entry("a")], last=None))


def test_home_shows_the_variant_of_a_saved_game():
    slam = entry("slam")
    slam.extra = {"variant": "Grand Slam: Lagoon → Ban-Kog <b>"}
    assert "Grand Slam: Lagoon → Ban-Kog &lt;b&gt;" in home_html(HomeData(games=[slam], last=None))


def test_home_names_every_game_with_a_picture_a_line_and_buttons_to_play_it_or_read_its_rules():
    from engine.registry import CATALOG

    catalog = [(g.id, g.title, g.min_players, g.max_players, g.line) for g in CATALOG.values()]
    html = home_html(HomeData(games=[], last=None, catalog=[*catalog, ("x", XSS, 2, 2, XSS)]))
    for game_id, title, _low, _high, line in catalog:
        assert line and line in html
        assert f'data-cmd="new" data-game="{game_id}">Play {title}</button>' in html
        assert f'data-cmd="rules" data-game="{game_id}">Rules</button>' in html
    assert html.count("class='game-pic'") == len(catalog)  # a picture per known game (none for the unknown one)
    assert "1–4 players" in html and "2–6 players" in html
    assert XSS not in html  # titles and lines are escaped


def test_the_log_groups_lines_by_turn_newest_turn_first_older_turns_folded():
    lines = ["Titan Dice for 2 players.", "Ann rolls.", "Ann buys.", "Bob rolls.", XSS, "C1", "D1", "E1", "F1"]
    turns = [(1, "Round 1: Ann"), (3, f"Round 1: {XSS}"), (5, "Round 2: C"), (6, "Round 2: D"), (7, "E"), (8, "F")]
    html = log_html(lines, turns, last_lines=2)
    groups = re.findall(
        r"<li class='log-turn'><details( open)?><summary>([^<]*)</summary><ol class='log-lines'>(.*?)</ol>", html
    )
    assert [g[1] for g in groups] == [
        "F",
        "E",
        "Round 2: D",
        "Round 2: C",
        "Round 1: &lt;img src=x onerror=alert(1)&gt;",
        "Round 1: Ann",
        "Set-up",
    ]
    assert [bool(g[0]) for g in groups] == [True] * 4 + [False] * 3  # the newest four turns open
    assert groups[5][2] == "<li>Ann rolls.</li><li>Ann buys.</li>"  # a turn's lines in the order they happened
    assert "<img" not in html
    assert re.findall(r"<li class='log-last'>([^<]*)</li>", html) == ["F1", "E1"]  # the last move's lines
    flat = log_html(lines, (), last_lines=1)  # a game saved before turns were kept: newest line first
    assert flat.startswith("<li class='log-last'>F1</li><li>E1</li>")


def test_a_games_own_set_up_turn_takes_the_lines_before_it_under_one_heading():
    """Titan Race and Born of Titans head their set-up decisions 'Set-up': the lines written before them (the game's
    first line) go under that one heading, not under a second 'Set-up' of their own (seen in a Titan Race log)."""
    lines = ["Titan Race on Lagoon.", "Ann races Grinder.", "Round 1: Grinder rolls red.", "Grinder moves."]
    html = log_html(lines, [(1, "Set-up"), (3, "Round 1: Grinder (Ann)")])
    groups = re.findall(r"<summary>([^<]*)</summary><ol class='log-lines'>(.*?)</ol>", html)
    assert groups == [
        ("Round 1: Grinder (Ann)", "<li>Grinder moves.</li>"),
        ("Set-up", "<li>Titan Race on Lagoon.</li><li>Ann races Grinder.</li><li>Round 1: Grinder rolls red.</li>"),
    ]


def test_a_replay_steps_through_a_game_from_its_start_with_the_log_in_step():
    from app.gameview import render_regions, replay_regions, replay_viewer
    from engine.core.replay import replay_states
    from engine.registry import GAMES

    game = GAMES["titan_race"]
    seats = [Seat(name=XSS), Seat(name="Bot", kind="ai", level=1), Seat(name="Cy")]
    state = game.new_game(3, None, 5, seats)
    rng = Rng(5)
    while not state.is_over:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert 'data-cmd="replay"' in render_regions(game, state).actions  # offered at the end of the game
    states = replay_states(game, state)
    viewer = replay_viewer(game, state)
    assert viewer is None  # two humans share the device: the replay shows nobody's hand
    start = replay_regions(game, states, 0, viewer)
    assert "The start" in start.actions and "Replay: the start" in start.status_text
    assert re.search(r'<button[^>]*\bdisabled\b[^>]*data-cmd="replay-back"', start.actions)
    assert "data-action" not in start.board  # read-only
    middle = replay_regions(game, states, 10, viewer)
    assert f"Move 10 of {state.moves}" in middle.actions
    assert middle.log.count("<li") < render_regions(game, state).log.count("<li")  # the log as it stood then
    end = replay_regions(game, states, state.moves, viewer)
    assert re.search(r'<button[^>]*\bdisabled\b[^>]*data-cmd="replay-forward"', end.actions)
    assert "wins" in end.status_text
    assert "<img" not in end.log + end.board + end.status


def test_every_choice_says_what_it_does_before_it_is_made():
    from app.gameview import render_regions
    from engine.registry import GAMES

    dice = GAMES["titan_dice"]
    state = dice.new_game(2, None, 3, [Seat(name="Ann"), Seat(name="Bob")])
    rng = Rng(3)
    while not any(a.kind == "purchase" and a.creature == "gryphon" for a in dice.legal_actions(state)):
        state = dice.apply(state, rng.choice(dice.legal_actions(state)))
    actions = render_regions(dice, state).actions
    assert re.search(r"Buy Gryphon 1 \(cost \d\)</span><small class='btn-detail'>Rescue: [^<]{20,}", actions)
    race = GAMES["titan_race"]
    state = race.new_game(2, None, 3, [Seat(name="Ann"), Seat(name="Bob", kind="ai", level=1)])
    actions = render_regions(race, state).actions
    for titan in ("Rassik", "Craken", "Chtooloo"):
        assert re.search(re.escape(titan) + r"[^<]*</span><small class='btn-detail'>Ability: [^<]{20,}", actions)


def test_a_saved_game_names_its_variant_and_circuit():
    from app.gameview import variant_label
    from engine.registry import GAMES

    race = GAMES["titan_race"]
    slam = race.new_game(3, {"variant": "grand_slam", "circuit": "lagoon"}, 3)
    label = variant_label(race, slam)
    assert label.startswith("Grand Slam: Dead Man's Lagoon \u2192 ")
    assert label.count("\u2192") == 2  # the three circuits in the order raced
    assert variant_label(race, race.new_game(3, {"circuit": "kaldheira"}, 3)) == "Kaldheira, the pools of doom"
    assert variant_label(GAMES["titan_dice"], GAMES["titan_dice"].new_game(1, None, 3)) == "Solo against Exodus"
    assert variant_label(GAMES["titan_dice"], GAMES["titan_dice"].new_game(2, None, 3)) == ""
    html = home_html(
        HomeData(
            games=[SavedGame("a", "titan_race", "Titan Race", ["A"], 0, "Round 1", "TT.2.x", extra={"variant": XSS})],
            last=None,
        )
    )
    assert "saved-variant" in html and "<img" not in html
