"""The Titan Race board: every circuit and variant renders, names are escaped, every legal action maps to an
element (a board space, a die, or its button), previews match the engine's, hands stay secret between humans."""

from __future__ import annotations

import random
import re

import pytest

from app.decision import handover_seat
from app.gameview import render_regions
from app.markup import esc
from app.views import BoardContext, view_module
from app.views.titan_race import render_board
from engine.core import Seat
from engine.registry import GAMES
from engine.titan_race.data import BONUS_CARDS, CIRCUIT_ORDER, CIRCUITS
from tests.app.boards import board_context

GAME = GAMES["titan_race"]
XSS = "<img src=x onerror=alert(1)>"
DATA_ACTION = re.compile(r"data-action=['\"](\d+)['\"]")
VARIANTS = {"standard": 3, "two_player": 2, "teams": 4, "grand_slam": 3}


def seats(n: int, ai: bool = False, first: str = "Ann") -> list[Seat]:
    return [Seat(name=first if i == 0 else f"P{i + 1}", kind="ai" if ai and i > 0 else "human") for i in range(n)]


def new(circuit: str, variant: str, players: int, names: list[Seat] | None = None, seed: int = 3):
    options = GAME.Options(circuit=circuit, variant=variant)
    return GAME.new_game(players, options, seed, names or seats(players))


def context(state, seat: int | None) -> BoardContext:
    return board_context(GAME, state, seat)


def walk(state, steps: int, seed: int):
    """Random legal play, yielding each state."""
    rng = random.Random(seed)
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    yield state


def test_the_app_has_a_view_for_titan_race() -> None:
    assert view_module("titan_race").__name__ == "app.views.titan_race"


@pytest.mark.parametrize("circuit", CIRCUIT_ORDER)
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_circuit_and_variant_renders_and_maps_actions(circuit: str, variant: str) -> None:
    players = VARIANTS[variant]
    moves_seen = 0
    for state in walk(new(circuit, variant, players, seed=len(circuit)), 160, seed=players):
        regions = render_regions(GAME, state, shown=state.current_player)
        assert regions.board.count("<svg class='tr-circuit'") == (3 if variant == "grand_slam" else 1)
        assert esc(CIRCUITS[circuit].name) in regions.board
        assert regions.board.count("<polygon") > 36
        if state.is_over:
            assert "result" in regions.actions
            continue
        # every legal action is a button; those naming a space or a die are also on the board
        buttons = {int(i) for i in DATA_ACTION.findall(regions.actions)}
        assert buttons == set(range(len(regions.legal)))
        on_board = {int(i) for i in DATA_ACTION.findall(regions.board)}
        assert on_board <= buttons
        for index, action in enumerate(regions.legal):
            if action.kind in ("take_die", "choose_start") or (
                action.kind == "move" and index == min(i for i, a in enumerate(regions.legal) if a.kind == "move")
            ):
                assert index in on_board, (action, regions.board)
            if action.kind == "move":
                moves_seen += 1
                assert f"tr-pv-{index}" in regions.board  # its preview, shown on hover/focus
    assert moves_seen > 0


def test_names_are_escaped() -> None:
    start = new("kaldheira", "standard", 2, names=[Seat(name=XSS), Seat(name="Bob", kind="ai")])
    for state in walk(start, 40, seed=1):
        regions = render_regions(GAME, state)
        for html in (regions.board, regions.status, regions.actions, regions.log):
            assert XSS not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in regions.board or state.phase.value == "choose_titan"


def test_titans_carry_letters_and_features_have_a_legend() -> None:
    state = new("moltenchest", "standard", 3, names=seats(3, ai=True))
    state = list(walk(state, 30, seed=2))[-1]
    board = render_board(context(state, 0))
    for titan in state.titans:
        assert f"tr-titan-{state.titans.index(titan)}" in board or titan.space is None
    assert "Super-ramp" in board and "Multi-ramp" in board and "Bonus space" in board
    assert "class='tr-token-text'" in board


def test_hands_are_secret_and_counted() -> None:
    state = new("lagoon", "standard", 2, names=seats(2, ai=True))
    state = next(s for s in walk(state, 400, seed=4) if any(len(t.hand) for t in s.titans[1:]) or s.is_over)
    other = state.titans[1]
    board = render_board(context(state, 0))
    assert "Your Bonus cards" in board
    assert f"{len(other.hand)} Bonus card" in board
    own_names = {BONUS_CARDS[c].name for c in state.titans[0].hand}
    for card in state.titans[0].hand:  # your own cards with what they do, readable without a tooltip
        assert f"<li><b>{BONUS_CARDS[card].name}</b>: {esc(BONUS_CARDS[card].text)}</li>" in board
    for card in other.hand:
        name = BONUS_CARDS[card].name
        if name not in own_names:
            assert f">{name}<" not in board
            assert esc(BONUS_CARDS[card].text) not in board


def test_pass_the_device_between_humans() -> None:
    state = new("kaldheira", "standard", 2)  # two humans: the hands must not be shown to each other
    seat = state.current_player
    assert handover_seat(GAME, state, None) == seat
    regions = render_regions(GAME, state, shown=None)
    assert "Pass the device to" in regions.board and "data-cmd='reveal'" in regions.actions
    assert regions.legal == [] and "tr-circuit" not in regions.board
    regions = render_regions(GAME, state, shown=seat)
    assert "tr-circuit" in regions.board and regions.legal
    # with one human against AIs there is never a pass screen
    solo = new("kaldheira", "standard", 2, names=seats(2, ai=True))
    assert handover_seat(GAME, solo, None) is None


def test_previews_draw_paths_and_ends() -> None:
    state = new("estenggaard", "standard", 2, names=seats(2, ai=True))
    turn = next(s for s in walk(state, 200, seed=7) if s.phase.value == "turn" and s.current_player == 0)
    board = render_board(context(turn, 0))
    assert "tr-pv-" in board and "class='tr-end'" in board and "<style>" in board


def test_a_move_is_animated_along_its_previewed_path() -> None:
    state = new("kaldheira", "standard", 2, names=seats(2, ai=True))
    turn = next(s for s in walk(state, 300, seed=9) if s.phase.value == "turn" and s.current_player == 0)
    before = render_regions(GAME, turn)
    move = next(a for a in before.legal if a.kind == "move")
    after = GAME.apply(turn, move)
    regions = render_regions(GAME, after, previous=before.view)
    assert "class='tr rolling'" in regions.board and "@keyframes tr-move-" in regions.board
    # the last move stays marked once the animation is over: where the Titan came from, where it is now
    assert regions.board.count("class='tr-last-from'") >= 1 and regions.board.count("class='tr-last-to'") >= 1
    # no previous view (a reload, an undo): no animation
    assert "rolling" not in render_regions(GAME, after).board
    assert "tr-last-" not in render_regions(GAME, after).board
    # and the log marks the lines the move wrote
    assert "class='log-last'" in regions.log


def test_a_shield_question_mid_turn_passes_the_device() -> None:
    """Two humans: the Shield question goes to the other seat during a turn: the device passes, then back."""
    asked = None
    for state in walk(new("kaldheira", "standard", 2, seed=1), 600, seed=1):
        acting_owner = state.titans[state.acting].owner if state.titans else None
        if state.phase.value == "answer" and state.current_player != acting_owner:
            asked = state
            break
    assert asked is not None
    mover = asked.titans[asked.acting].owner
    regions = render_regions(GAME, asked, shown=mover)  # the mover holds the device
    assert "Pass the device to" in regions.board and not regions.legal
    regions = render_regions(GAME, asked, shown=asked.current_player)
    assert any(a.kind == "answer" for a in regions.legal)
    assert "Your Bonus cards" in regions.board


def _play_to_end(variant: str, players: int, seed: int):
    state = new("estenggaard", variant, players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


@pytest.mark.parametrize(("variant", "players"), [("standard", 3), ("two_player", 2), ("grand_slam", 3)])
def test_the_end_screen_gives_the_finishing_order_not_points(variant: str, players: int) -> None:
    from app.gameview import result_lines

    state = _play_to_end(variant, players, seed=5)
    lines = result_lines(GAME, state)
    view = GAME.view(state, None)
    winner = next(t for t in view["titans"] if t["index"] == view["winner"])
    assert lines[0] == f"{state.seats[winner['owner']].name} wins!"
    assert lines[1] == f"1. {winner['name']} ({winner['owner_name']}): completed the third lap"
    assert len(lines) == 1 + len(view["titans"])  # every Titan placed, the 2-player game's four too
    assert not any("points" in line for line in lines)
    progress = []
    for line in lines[2:]:
        match = re.search(r"lap (\d) of 3, row (\d+) of 12", line)
        assert match, line
        progress.append((int(match[1]) - 1) * 12 + int(match[2]))
    assert progress == sorted(progress, reverse=True)  # the places follow how far each Titan got
    if variant == "grand_slam":
        assert all(" on " in line for line in lines[2:])  # each lap on its own circuit


def test_the_note_at_the_draft_says_where_a_die_is_read_on_any_device_not_hover_or_focus() -> None:
    """Reported: "Hover or focus a die" showed on a phone, which has neither."""
    module = view_module("titan_race")
    notes = set()
    for state in walk(new("kaldheira", "standard", 3), 80, seed=5):
        if state.current_player is not None and GAME.view(state, state.current_player).get("phase") == "draft":
            notes.add(module.choices_note(context(state, state.current_player)))
    assert notes, "no draft reached"
    for note in notes:
        assert "Hover" not in note and "tapped once" in note and "What the dice do" in note
