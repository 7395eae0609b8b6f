"""The Titan Dice board: every player's tracks are drawn, names are escaped, legal actions map to data-action."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from app.gameview import render_regions
from app.views import BoardContext
from app.views.titan_dice import render_board
from engine.core import Rng, Seat
from engine.registry import GAMES
from tests.app.boards import board_context

GAME = GAMES["titan_dice"]
CREATURES = ("chimera", "gryphon", "hydra", "kraken", "minotaur")
XSS = "<img src=x onerror=alert(1)>"
DATA_ACTION = re.compile(r'data-action="(\d+)"')


def humans(n: int, first: str = "Ann") -> list[Seat]:
    return [Seat(name=first if i == 0 else f"P{i + 1}") for i in range(n)]


def board_for(state) -> tuple[str, list[str]]:
    actor = state.last_actor if state.last_action is not None else None
    ctx = board_context(GAME, state, state.current_player, rolled=state.last_chance, actor=actor)
    return render_board(ctx), ctx.labels


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_board_has_every_players_tracks(players):
    state = GAME.new_game(players, None, 3, humans(players))
    svg, _labels = board_for(state)
    assert svg.count("class='td-board-svg player-board") == players
    assert svg.count("class='track'") == 5 * players + (5 if players == 1 else 0)
    for creature in CREATURES:
        assert f"#td-sym-{creature}" in svg
    assert ("exodus-board" in svg) == (players == 1)
    assert "Round 1" in svg
    assert (" pts</text>" in svg) == (players > 1)  # solo is won or lost against Exodus, not scored


def test_the_exodus_header_fits_the_board_with_every_creature_lost():
    state = GAME.new_game(1, None, 3, humans(1))
    view = GAME.view(state, 0)
    view["exodus"] = {**view["exodus"], "lost": list(CREATURES), "npc_dice": 2}
    legal = GAME.legal_actions(state)
    ctx = BoardContext(
        game=GAME, view=view, actions=legal, labels=[a.describe() for a in legal], interactive=True, current=0
    )
    svg = render_board(ctx)
    sub = re.search(r"<text x='(\d+)' y='26' class='exodus-sub' style='font-size:([\d.]+)px'>([^<]*)</text>", svg)
    assert sub, "the Exodus header is drawn"
    x, size, text = int(sub[1]), float(sub[2]), sub[3]
    assert text == "rolls 2 dice this round · 5 lost"
    assert x + len(text) * size * 0.6 <= 360 - 8  # inside the board's width (the estimate _fit uses)


def test_names_are_escaped_in_svg_and_regions():
    state = GAME.new_game(2, None, 3, [Seat(name=XSS), Seat(name='"><svg onload=alert(1)>', kind="ai", level=1)])
    regions = render_regions(GAME, state)
    for html in (regions.board, regions.status, regions.log, regions.actions, regions.gamebar):
        assert "<img" not in html and "<svg onload" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in regions.board
    assert "&lt;img src=x onerror=alert(1)&gt;" in regions.status


def test_action_bar_has_a_button_per_legal_action():
    state = GAME.new_game(2, None, 3, humans(2))
    regions = render_regions(GAME, state)
    indices = [int(i) for i in DATA_ACTION.findall(regions.actions)]
    assert indices == list(range(len(regions.legal)))


def play_random(players: int, seed: int, steps: int):
    """Yield states along a seeded random game."""
    state = GAME.new_game(players, None, seed, humans(players))
    rng = Rng(seed + 100)
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_board_choices_are_legal_actions_along_random_games(players, seed):
    seen_kinds: set[str] = set()
    matched = 0
    for state in play_random(players, seed, 400):
        svg, labels = board_for(state)
        for match in re.finditer(
            r"<rect class=\"choice hit[^\"]*\" data-action=\"(\d+)\" role=\"button\" tabindex=\"0\" "
            r"aria-label=\"([^\"]*)\"",
            svg,
        ):
            index = int(match.group(1))
            matched += 1
            assert 0 <= index < len(labels)
            assert match.group(2) == labels[index].replace("'", "&#x27;").replace('"', "&quot;")
        mapped = {int(i) for i in DATA_ACTION.findall(svg)}
        legal = GAME.legal_actions(state) if not state.is_over else []
        for index in mapped:
            seen_kinds.add(legal[index].kind)
        # Dice choices always map to a die on the board.
        for index, action in enumerate(legal):
            if action.kind in ("choose_die", "set_aside", "remove_die"):
                assert index in mapped, f"{action.describe()} is not on the board"
    assert seen_kinds and matched  # some actions were clickable on the board


def test_legal_dice_and_stack_choices_are_on_the_board():
    # The first roll, then the action phase: purchases map to the stacks.
    for state in play_random(2, 11, 60):
        legal = GAME.legal_actions(state) if not state.is_over else []
        svg, _ = board_for(state)
        mapped = {int(i) for i in DATA_ACTION.findall(svg)}
        for index, action in enumerate(legal):
            if action.kind in ("purchase", "roll_five", "capture"):
                assert index in mapped, f"{action.describe()} is not on the board"


def test_the_last_move_rings_the_track_markers_it_moved():
    state = GAME.new_game(2, None, 3, humans(2))
    for _ in range(200):  # play until a move changes a creature track
        before = GAME.view(state, 0)
        after = GAME.apply(state, GAME.legal_actions(state)[0])
        if any(
            a["track"] != b["track"] for a, b in zip(GAME.view(after, 0)["players"], before["players"], strict=True)
        ):
            break
        state = after
    else:
        raise AssertionError("no track moved")
    moved = render_regions(GAME, after, previous=before).board
    assert "class='last-change'" in moved
    assert "last-change" not in render_regions(GAME, after).board  # nothing to compare with (a reload)


def test_a_decision_about_ones_own_dice_puts_that_board_first_on_a_phone():
    """Reported: 're-roll your wounds once, or keep them' while the dice were under the phone's choices sheet.
    A decision with no choice among the card stacks marks the board (td-about-boards): on a phone the deciding
    board comes first and the stacks after it (app.css); a purchase keeps the stacks on top."""
    seen = {"wounds": False, "purchase": False}
    for seed in range(1, 40):
        state = GAME.new_game(2, None, seed, humans(2))
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            kinds = {a.kind for a in GAME.legal_actions(state)}
            svg, _labels = board_for(state)
            if "reroll_wounds" in kinds:
                seen["wounds"] = True
                assert "td-about-boards" in svg
            if "purchase" in kinds:
                seen["purchase"] = True
                assert "td-about-boards" not in svg
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if all(seen.values()):
            break
    assert all(seen.values()), seen
    css = (Path(__file__).resolve().parents[2] / "assets" / "app.css").read_text(encoding="utf-8")
    assert ".td-about-boards > .td-top { order: 2;" in css and ".td-players > .is-deciding { order: -1; }" in css
