"""Born of Titans' moments to react on one device (app/decision.py, app/gameview.py): in hot-seat play the
pass-the-device screen looks the same whether or not the seat asked holds a counter and lets her pass in one tap
without revealing anything; with one human, her Pass is played for her when it is her only choice."""

from __future__ import annotations

import functools
import random

from app import ai
from app.decision import automatic_pass, decision_now
from app.gameview import render_regions
from engine.born_of_titans import GAME
from engine.core.game import GameState
from tests.app.fake_page import FakePage, controller_with
from tests.app.helpers import born_seats, moment, play, settle


def handover(state: GameState) -> tuple[str, str, str]:
    """The pass-the-device screen for the seat asked, the mover holding the device, their names made neutral (the
    reason line names the mover: "X may play a Divine counter after M's Move roll")."""
    mover = GAME.view(state, None)["mover"]
    regions = render_regions(GAME, state, shown=mover)
    name, mover_name = state.seats[state.current_player].name, state.seats[mover].name
    return tuple(  # type: ignore[return-value]
        part.replace(name, "X").replace(mover_name, "M") for part in (regions.board, regions.actions, regions.status)
    )


def test_the_handover_for_a_moment_offers_pass_and_looks_the_same_whatever_is_held() -> None:
    holds = moment(3, True, True, "move_roll")
    empty = moment(3, False, True, "move_roll")
    screen = handover(holds)
    assert "X may play a Divine counter after M&#x27;s Move roll." in screen[0]  # why she is asked
    assert "Pass the device to X" in screen[0] and "may also pass without looking" in screen[0]
    assert "data-cmd='reveal'" in screen[1] and "data-action='0'>Pass without looking (X)" in screen[1]
    assert GAME.legal_actions(holds)[0].kind == "pass_moment"
    assert screen == handover(empty)  # nothing tells who holds what
    assert "data-select" not in screen[0] and "bt-" not in screen[0]  # no board, no counters


def test_a_handover_outside_a_moment_has_no_pass() -> None:
    state = GAME.new_game(3, GAME.Options(), 3, born_seats(3))
    rng = random.Random(3)
    while not (str(state.phase) == "turn" and state.current_player != 0):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    regions = render_regions(GAME, state, shown=0)
    assert "Pass the device" in regions.board and "data-action" not in regions.actions and regions.legal == []


def test_the_pass_on_the_handover_is_played_without_revealing(monkeypatch) -> None:
    page = FakePage()
    app = controller_with(page, monkeypatch).App()
    state = moment(3, True, True)
    mover = GAME.view(state, None)["mover"]
    asked = state.current_player
    app.table.begin(state, new_entry=True)
    app.table.shown_seat = mover
    app.table.render(rolled=False)
    assert "Pass without looking" in page.html["actions"]
    app.table.play_index("0")
    after = app.table.state
    assert (
        after is not state
        and GAME.view(after, None)["heroes"][asked]["divine_count"]
        == GAME.view(state, None)["heroes"][asked]["divine_count"]
    )  # she played nothing
    # Nothing of hers was drawn, and the device is now in her hands (whoever tapped, the next human asked
    # gets the pass-the-device screen, never the mover's board at once).
    assert app.table.shown_seat == asked
    following = after.current_player
    if following != asked:
        assert f"Pass the device to {after.seats[following].name}" in page.html["board"]
    assert after.last_actor == asked and after.last_action is not None and after.last_action.kind == "pass_moment"


def test_with_one_human_her_only_choice_a_pass_is_played_for_her() -> None:
    empty = moment(1, False, False)
    decision = decision_now(GAME, empty)
    assert decision.seat == 0 and decision.answer is not None and decision.answer.kind == "pass_moment"
    assert decision.by_computer and not decision.by_human
    assert automatic_pass(GAME, empty) == GAME.legal_actions(empty)[0]
    regions = render_regions(GAME, empty)
    assert "Ann has nothing to play now and passes." in regions.status and "data-action" not in regions.actions
    holds = moment(1, True, False)
    assert decision_now(GAME, holds).by_human and decision_now(GAME, holds).answer is None  # she chooses herself
    hot_seat = moment(3, False, True)
    assert decision_now(GAME, hot_seat, shown=hot_seat.current_player).answer is None  # never among several humans


@play
async def test_the_computer_loop_passes_for_her_and_thinks_only_for_the_computer_seats(monkeypatch):
    page = FakePage()
    app = controller_with(page, monkeypatch).App()
    app.computer.pause = 0.0
    asked: list[int] = []
    think = ai.think

    async def counting(game, state, seat, level, **options):
        asked.append(seat)
        return await think(game, state, seat, level, **options)

    monkeypatch.setattr(ai, "think", counting)
    played: list[tuple[int | None, str]] = []
    apply = GAME.apply

    def recording(state, action):
        played.append((state.current_player, action.kind))
        return apply(state, action)

    monkeypatch.setattr(GAME, "apply", recording)
    state = moment(1, False, False)
    app.table.begin(state, new_entry=True)
    await settle(app)
    assert played[0] == (0, "pass_moment")  # the page passed for her at once
    assert 0 not in asked  # and no bot thought for her
    assert all(seat != 0 or kind == "pass_moment" for seat, kind in played)
    decision = app.table.decision()
    assert decision.seat is None or decision.by_human  # the loop stops where she has a real choice


@functools.cache
def ended_with_nothing_to_play() -> GameState:
    """Ann (the one human) has just ended her turn, and the turn's end moment asks her with nothing to play."""
    for seed in range(1, 80):
        state = GAME.new_game(3, GAME.Options(), seed, born_seats(1))
        rng = random.Random(seed)
        for _ in range(900):
            if state.is_over:
                break
            last = state.last_action
            if last is not None and last.kind == "end_turn" and state.last_actor == 0 and automatic_pass(GAME, state):
                return state
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    raise AssertionError("no such moment found")


@play
async def test_an_undo_goes_back_past_the_pass_played_for_her(monkeypatch):
    ended = ended_with_nothing_to_play()
    passed = GAME.apply(ended, automatic_pass(GAME, ended))  # type: ignore[arg-type]
    page = FakePage()
    app = controller_with(page, monkeypatch).App()
    app.table.begin(passed, new_entry=True)
    app.table.undo()  # Ann takes back her End turn (the Pass after it was the page's, not a choice of hers)
    back = app.table.state
    assert back is not None and str(back.phase) == "turn" and back.current_player == 0
    assert any(action.kind == "end_turn" for action in GAME.legal_actions(back))
