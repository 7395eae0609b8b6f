"""Regression: a decision asked of a seat that is not the one whose turn it is (Titan Race's Shield question) goes
through the one place every game uses (`app.decision.decision_now`, asked by `Table.decision`): the device is
passed to the seat asked, or its computer seat answers, and the turn goes on with the mover."""

from __future__ import annotations

import functools
import random
import types

from app import ai
from app.decision import StandIn, decision_now
from engine.core import Seat
from engine.core.game import GameState
from engine.registry import GAMES
from engine.titan_race.state import Question
from tests.app.fake_page import FakePage, controller_with
from tests.app.helpers import AGAINST_COMPUTER, battle_for, play, settle

RACE = GAMES["titan_race"]


@functools.cache
def shield_question(bob: Seat) -> GameState:
    """Random play until Bob (seat 1) is asked about a Shield during Ann's (seat 0) move."""
    for seed in range(1, 60):
        options = RACE.Options(circuit="kaldheira", variant="standard")
        state = RACE.new_game(2, options, seed, [Seat(name="Ann"), bob])
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_over:
                break
            mover = state.titans[state.acting].owner if state.titans else None  # type: ignore[attr-defined]
            question = state.question  # type: ignore[attr-defined]
            if (
                isinstance(question, Question)
                and question.kind == "shield"
                and state.current_player == 1
                and mover == 0
            ):
                return state
            state = RACE.apply(state, rng.choice(RACE.legal_actions(state)))
    raise AssertionError("no Shield question found")


def test_the_seat_asked_answers_not_the_mover():
    asked = shield_question(Seat(name="Bob"))
    assert RACE.is_interruption(asked)  # a question mid-move, not Bob's turn
    assert decision_now(RACE, asked, shown=0).pass_to == 1  # Ann holds the device: it goes to Bob first
    bob = decision_now(RACE, asked, shown=1)
    assert (bob.seat, bob.by_human, bob.pass_to) == (1, True, None)
    computer = decision_now(RACE, shield_question(Seat(name="Bob", kind="ai", level=1)), shown=0)
    assert (computer.seat, computer.level, computer.by_computer, computer.pass_to) == (1, 1, True, None)


def test_the_computer_standing_in_answers_only_inside_its_battle():
    titan = GAMES["titan"]
    state = battle_for(AGAINST_COMPUTER)  # Ann (seat 0) decides inside a battle
    battle = titan.battle_key(state)
    assert battle is not None
    assert decision_now(titan, state).by_human
    handed = decision_now(titan, state, stand_in=StandIn(seat=0, level=2, level_name="Strong", battle=battle))
    assert (handed.seat, handed.level, handed.standing_in, handed.by_human) == (0, 2, True, False)
    elsewhere = StandIn(seat=0, level=2, level_name="Strong", battle=battle + " (another)")
    assert decision_now(titan, state, stand_in=elsewhere).by_human  # not that battle: Ann decides herself


@play
async def test_a_computer_seat_answers_the_shield_question_in_the_humans_move(monkeypatch):
    page = FakePage()
    app = controller_with(page, monkeypatch).App()
    app.computer.pause = 0.0
    asked: list[tuple[int, int]] = []
    think = ai.think

    async def counting(game, state, seat, level, **options):
        asked.append((seat, level))
        return await think(game, state, seat, level, **options)

    monkeypatch.setattr(ai, "think", counting)
    question = shield_question(Seat(name="Bob", kind="ai", level=1))
    app.table.begin(question, new_entry=True)
    assert "is thinking" in page.html["status"]  # Bob's computer seat answers; Ann has no choice drawn
    assert "data-action" not in page.html["actions"]
    await settle(app)
    assert asked[0] == (1, 1)  # the question was put to Bob's seat, at its level
    state = app.table.state
    assert state is not question and not RACE.is_interruption(state)
    assert app.table.decision().seat == 0 and app.table.decision().by_human  # Ann's move goes on
    assert "data-action" in page.html["actions"]


@play
async def test_hot_seat_passes_the_device_to_the_seat_asked_and_back(monkeypatch):
    page = FakePage()
    app = controller_with(page, monkeypatch).App()
    press = functools.partial(app.command, node=None, event=types.SimpleNamespace(preventDefault=lambda: None))
    question = shield_question(Seat(name="Bob"))
    app.table.begin(question, new_entry=True)
    app.table.shown_seat = 0  # Ann, whose move it is, holds the device
    app.table.render(rolled=False)
    assert "Pass the device to Bob" in page.html["board"] and app.table.legal == []
    press("reveal")
    assert app.table.shown_seat == 1 and any(a.kind == "answer" for a in app.table.legal)  # type: ignore[attr-defined]
    answer = next(i for i, a in enumerate(app.table.legal) if a.kind == "answer")  # type: ignore[attr-defined]
    app.table.play_index(str(answer))
    assert app.table.state is not question and app.table.state.current_player == 0
    assert "Pass the device to Ann" in page.html["board"]  # back to the mover, who must take the device again
