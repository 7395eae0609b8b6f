"""The flow as data (choices.STEPS): a row for every phase, every action taken by some row, and an action of the
wrong phase refused with the row's words, the state left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.born_of_titans import GAME, choices
from engine.born_of_titans.actions import ACTION_TYPES, ChooseHero, Keep, PassMoment, Roll, TakeAlly
from engine.born_of_titans.choices import STEPS
from engine.born_of_titans.state import BornState, Phase
from engine.core import Action, IllegalAction
from tests.engine.born_of_titans.helpers import new, refused, started
from tests.engine.born_of_titans.random_games import play_game


def test_every_phase_has_a_row_with_words():
    assert set(STEPS) == set(Phase)
    for phase, step in STEPS.items():
        assert step.waits_for, phase
        assert bool(step.plays) == (phase != Phase.GAME_OVER), phase


def test_every_action_type_is_taken_by_some_row():
    taken = {kind for step in STEPS.values() for kind in step.plays}
    assert taken == set(ACTION_TYPES)


def test_only_the_restock_keeps_the_challenge_just_over():
    assert [phase for phase, step in STEPS.items() if step.keeps_ended] == [Phase.RESTOCK]


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 5), (4, 8)])
def test_every_listed_choice_is_taken_by_its_phase(players, seed):
    seen: set[Phase] = set()

    def each(state: BornState, action: Action) -> None:
        seen.add(state.phase)
        plays = STEPS[state.phase].plays
        assert all(type(option) in plays for option in GAME.legal_actions(state)), state.phase

    final, _ = play_game(players, seed, each=each)
    assert final.phase == Phase.GAME_OVER and GAME.legal_actions(final) == []
    assert {Phase.CHOOSE_HERO, Phase.TURN, Phase.MOVE, Phase.CHALLENGE} <= seen


def test_a_wrong_phase_action_is_refused_with_the_words_of_its_row():
    state = new()
    assert state.phase == Phase.CHOOSE_HERO
    for action in (Roll(), PassMoment(), TakeAlly(), Keep(divine="ares")):
        message = f"\u201c{action.describe()}\u201d is not possible now: the game waits for a Hero to be selected."
        with pytest.raises(IllegalAction) as refusal:
            GAME.apply(state, action)
        assert str(refusal.value) == message
        assert GAME.why_illegal(state, action) == message
        refused(state, action)
    state = started()
    assert state.phase == Phase.TURN
    refused(state, ChooseHero(hero="jason"))
    assert GAME.why_illegal(state, ChooseHero(hero="jason")).endswith("the game waits for the player's next action.")


def test_playing_a_wrong_phase_action_raises_and_changes_nothing():
    """Even past the legality check (a bot's own copy, a replay), the table refuses what the phase does not take."""
    state = started()
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="waits for the player's next action"):
        choices.play(state, TakeAlly())
    assert state.snapshot() == before


def test_the_phases_table_of_the_docs_is_the_rows():
    """docs/born-of-titans.md's phases table: a line per row, with its words and the kind of every action it takes."""
    text = (Path(__file__).parents[3] / "docs" / "born-of-titans.md").read_text(encoding="utf-8")
    lines = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.split("|")[1:-1]]
        if len(cells) == 4 and cells[0].strip("`") in {phase.value for phase in Phase}:
            lines[Phase(cells[0].strip("`"))] = cells
    assert set(lines) == set(Phase)
    for phase, step in STEPS.items():
        _, words, _, actions = lines[phase]
        assert words == step.waits_for, phase
        for kind in step.plays:
            assert f"`{kind.model_fields['kind'].default}(" in actions, (phase, kind)
