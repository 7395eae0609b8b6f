"""The question an effect waits on (pirates, a Shield) is a record the state holds: what is asked, of whom, with what
answers, the effect waiting for it; the state holds the cards drawn before it was asked too (not saved). Nothing
reads them by running the effect."""

from __future__ import annotations

import pytest

import engine.titan_race.resolution as resolution
import engine.titan_race.view as view
from engine.core import Rng, save
from engine.core.records import NoDecision
from engine.titan_race import GAME
from engine.titan_race.resolution import own_draws
from engine.titan_race.state import Phase, Question, TitanRaceState


def questions(circuit: str, players: int, seeds: range) -> list[TitanRaceState]:
    """A copy of every ANSWER-phase state of seeded random games."""
    found = []
    for seed in seeds:
        state = GAME.new_game(players, {"circuit": circuit}, seed=seed)
        chooser = Rng(seed)
        while state.current_player is not None:
            if state.phase == Phase.ANSWER:
                found.append(state.clone())
            legal = GAME.legal_actions(state)
            GAME.apply_unchecked(state, legal[chooser.randrange(len(legal))])
    return found


@pytest.fixture(scope="module")
def asked() -> list[TitanRaceState]:
    return questions("lagoon", 4, range(12))


def test_what_is_asked_is_read_from_the_record_never_by_running_the_effect(asked, monkeypatch):
    def refuse(*_args):
        raise AssertionError("an effect was run to find the question")

    monkeypatch.setattr(resolution, "run", refuse)
    monkeypatch.setattr(view, "run", refuse)
    for state in asked:
        question = state.question
        assert isinstance(question, Question)
        assert state.current_player == state.titans[question.titan].owner
        assert [action.choice for action in GAME.legal_actions(state)] == question.options
        assert GAME.is_interruption(state) and GAME.turn_heading(state).startswith("Round")
        for seat in [*range(state.num_players), None]:
            shown = GAME.view(state, seat)["question"]
            assert shown["titan"] == question.titan and shown["prompt"] == question.prompt
            assert shown.get("options", question.options) == question.options
            assert ("options" in shown) == (seat == state.current_player)
    assert len(asked) >= 20


def test_the_draws_the_question_holds_are_those_running_the_effect_again_finds(asked):
    drew = 0
    for state in asked:
        again = state.clone()
        again.drawn = None  # as a position read back: found by running the effect once
        for seat in range(state.num_players):
            assert own_draws(state, seat) == own_draws(again, seat)
        assert again.drawn == state.drawn
        drew += bool(state.drawn)
    assert drew >= 1


def test_a_position_read_back_finds_its_draws_once_and_saves_the_same_question(asked, monkeypatch):
    for state in asked:
        loaded = save.loads(save.dumps(state))
        assert loaded.question == state.question and loaded.drawn is None
        assert loaded.question.snapshot() == state.question.snapshot() == loaded.position()["own"]["question"]
        assert own_draws(loaded, 0) == own_draws(state, 0) and loaded.drawn == state.drawn
    monkeypatch.setattr(resolution, "run", lambda *_args: pytest.fail("the draws were found a second time"))
    for state in asked:
        own_draws(state, 1)


def test_a_world_a_bot_samples_holds_none_of_the_real_draws(asked):
    for state in asked[:10]:
        seat = state.current_player
        guess = GAME.determinize(state, seat, Rng(5))
        assert guess.question == state.question and guess.drawn is None
        assert state.drawn is not None


def test_answering_resumes_the_effect_in_the_phase_it_was_begun_in(asked):
    for state in asked[:10]:
        question = state.question
        after = GAME.apply(state, GAME.legal_actions(state)[0])
        assert after.phase == Phase.ANSWER or after.question == NoDecision()
        assert after.phase != Phase.ANSWER or after.question.effect == question.effect
        assert after.phase == Phase.ANSWER or after.answers == []


@pytest.mark.parametrize(
    "effect",
    [
        {"kind": "move", "titan": 1, "steps": ["N", "NW", "N"]},
        {"kind": "start", "titan": 0, "space": "C1"},
        {"kind": "trap", "titan": 2, "space": "D4"},
        {"kind": "hit", "titan": 2, "space": "E7"},
        {"kind": "pay", "titan": 0, "why": "the pentacle"},
        {"kind": "ability", "titan": 3, "target": "C5", "direction": ""},
        {"kind": "card", "titan": 1, "card": "gust_of_wind", "target": "B3", "direction": "NE"},
    ],
)
def test_the_effect_waiting_is_a_record_of_its_kind_saved_as_the_same_sorted_object(effect):
    """records.py's effect kinds: each saved dict reads back as the kind whose keys it has (the start, the trap and
    the hit share a record) and saves as the same object, its keys sorted, as the effect dict it replaces did."""
    question = {"effect": effect, "kind": "shield", "options": ["no"], "prompt": "?", "resume": "turn", "titan": 0}
    read = Question.restore(question)
    assert read.effect.kind == effect["kind"] and type(read.effect).__name__.endswith("Effect")
    assert read.snapshot() == question and list(read.snapshot()["effect"]) == sorted(effect)
    assert read.copy() == read and read.copy().effect is not read.effect
    with pytest.raises(ValueError):
        Question.restore({**question, "effect": {**effect, "kind": "teleport"}})
