"""Titan Race's flow as data (engine/titan_race/phases.py): a row for each phase, with its choices, the play of each
kind of decision it takes and its refusals; a decision of a kind its phase does not take is refused and changes
nothing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

import pytest

from engine.core import IllegalAction
from engine.titan_race import GAME, phases
from engine.titan_race.actions import ACTION_TYPES, ChooseTitan, EndTurn, Move, PayPurple, Reroll, TakeDie
from engine.titan_race.phases import FLOW
from engine.titan_race.state import Phase, TitanRaceState
from tests.engine.flow_checks import play_refusing_other_phases
from tests.engine.titan_race.helpers import move, new, position, refused


def test_every_phase_has_its_row_and_every_decision_is_played_in_one():
    assert set(FLOW) == set(Phase)
    taken = [kind for step in FLOW.values() for kind in step.plays]
    assert sorted(taken, key=str) == sorted(ACTION_TYPES, key=str)  # each in one row only
    assert FLOW[Phase.GAME_OVER].plays == {}
    for step in FLOW.values():
        assert set(step.refusals) <= set(step.plays)


def _games() -> list[TitanRaceState]:
    """Fresh games, the Titans chosen by the players: the standard race for three, the 2-player variant (its
    ordering of the Titans), a Grand Slam for two."""
    games = [
        GAME.new_game(3, {}, 5),
        GAME.new_game(2, {"variant": "two_player"}, 6),
        GAME.new_game(2, {"variant": "grand_slam"}, 7),
    ]
    return [cast(TitanRaceState, state) for state in games]


@pytest.mark.parametrize("index", range(3))
def test_each_phase_offers_only_what_it_plays_and_refuses_the_rest_unchanged(index):
    """Random play: at each position every legal decision is of a kind its phase's row plays, and a decision seen
    in another phase, played here, is refused (IllegalAction) with the position exactly as it was."""
    phases_seen = play_refusing_other_phases(
        GAME, _games()[index], FLOW, index, 600, "is not possible now: ", "is not possible now: "
    )
    assert {Phase.CHOOSE_TITAN, Phase.DRAFT, Phase.START, Phase.TURN} <= phases_seen
    if index == 1:
        assert Phase.ORDER_TITANS in phases_seen


def test_a_set_up_decision_in_a_turn_is_refused_with_the_words_of_the_game():
    state = position(new(), {"grinder": "D4", "rassik": "A11"}, "grinder")
    for action in (ChooseTitan(titan="craken"), TakeDie(die=0, face="yellow")):
        status = "Ann (Grinder): take the yellow move (Ability and Bonus card as you like)"
        message = f"\u201c{action.describe()}\u201d is not possible now: {status}."
        assert GAME.why_illegal(state, action) == message
        refused(state, action, re.escape(message))
        copy = state.clone()
        with pytest.raises(IllegalAction):
            phases.play(cast(TitanRaceState, copy), action)
        assert copy.snapshot() == state.snapshot()


def test_a_refusal_says_why_from_its_phase_row():
    """The turn's row says why its end, a second move or the pentacle is refused; the rest of the turn's
    decisions get the usual words."""
    state = position(new(), {"grinder": "D4", "rassik": "A11"}, "grinder", face="yellow")
    reason = "You must take your die's action before ending the turn."
    assert FLOW[Phase.TURN].refusals[EndTurn](state, EndTurn()) == GAME.why_illegal(state, EndTurn()) == reason
    refused(state, EndTurn(), reason)
    moved = move(state, "N", "N")
    refused(moved, Move(steps=("N", "N"), to="D12"), "You have already moved this turn.")
    moved.turn.penalty = True
    assert GAME.why_illegal(moved, Reroll()) == "You must first lose the purple die's Life Point."
    moved.turn.penalty = False
    assert GAME.why_illegal(moved, PayPurple()).startswith(
        "\u201cLose the purple die's Life Point\u201d is not allowed"
    )
    assert FLOW[Phase.DRAFT].refusals == {}


def test_the_phases_table_of_the_docs_is_the_rows():
    """docs/titan-race.md's table of the decisions: a line per row of FLOW, naming the kind of every action it plays."""
    text = (Path(__file__).parents[3] / "docs" / "titan-race.md").read_text(encoding="utf-8")
    lines = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.split("|")[1:-1]]
        if len(cells) == 3 and cells[0].strip("`") in {phase.value for phase in Phase}:
            lines[Phase(cells[0].strip("`"))] = cells[1]
    assert set(lines) == set(Phase)
    for phase, step in FLOW.items():
        named = {part.split("(")[0].strip("` ") for part in lines[phase].split(",") if "(" in part}
        assert named == {kind.model_fields["kind"].default for kind in step.plays}, phase
