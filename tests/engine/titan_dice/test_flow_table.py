"""Titan Dice's flow as data (engine/titan_dice/phases.py): a row for each phase, with its choices and the play of
each kind of decision it takes; a decision of a kind its phase does not take is refused and changes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core import IllegalAction
from engine.titan_dice import GAME, abilities, attacks, deals
from engine.titan_dice.actions import (
    ACTION_TYPES,
    Activate,
    Capture,
    Exchange,
    Finish,
    LoseCreature,
    Purchase,
    RollExodus,
    RollFive,
)
from engine.titan_dice.phases import FLOW
from engine.titan_dice.state import Phase
from tests.engine.flow_checks import play_refusing_other_phases
from tests.engine.titan_dice.helpers import new, position, refused


def test_every_phase_has_its_row_and_every_decision_is_played_in_one():
    assert set(FLOW) == set(Phase)
    taken = {kind for step in FLOW.values() for kind in step.plays}
    assert taken == set(ACTION_TYPES)
    assert FLOW[Phase.GAME_OVER].plays == {}
    assert all(step.plays for phase, step in FLOW.items() if phase != Phase.GAME_OVER)


def test_a_decision_taken_in_two_phases_is_played_by_each_row_its_own_way():
    """Losing a creature is a Hydra ability's step or a Kraken attack's toll; Finish ends choosing dice or
    collecting; capturing is open before and after the turn's action."""
    assert FLOW[Phase.LOSE_CREATURE].plays[LoseCreature] is abilities.lose_creature
    assert FLOW[Phase.ATTACK_VICTIM].plays[LoseCreature] is attacks.play_victim
    assert FLOW[Phase.CHOOSE_DICE].plays[Finish] is abilities.finish_choosing
    assert FLOW[Phase.COLLECT].plays[Finish] is abilities.finish_collecting
    assert FLOW[Phase.ACTION].plays[Capture] is FLOW[Phase.AFTER_ACTION].plays[Capture]


@pytest.mark.parametrize("players, seed", [(1, 2), (2, 3), (3, 4), (4, 5)])
def test_each_phase_offers_only_what_it_plays_and_refuses_the_rest_unchanged(players, seed):
    """Random play: at each position every legal decision is of a kind its phase's row plays, and a decision seen
    in another phase, played here, is refused (IllegalAction, with why_illegal's words) with the position exactly
    as it was."""
    words = "\u201c.*\u201d is not possible now\\. "
    phases = play_refusing_other_phases(
        GAME, new(players, seed=seed), FLOW, seed, 800, words, "is not possible now", exact=True
    )
    assert {Phase.FIRST_ROLL, Phase.ROLL, Phase.ACTION, Phase.AFTER_ACTION} <= phases
    if players == 1:
        assert Phase.NPC_ROLL in phases


def test_an_exodus_roll_at_the_first_roll_is_refused_and_the_position_is_unchanged():
    state = new(2, seed=1)
    assert state.phase == Phase.FIRST_ROLL
    refused(state, RollExodus(dice=2), match="is not possible now")
    before = state.snapshot()
    copy = state.clone()
    with pytest.raises(IllegalAction, match=r"Roll 2 dice for Exodus.*is not possible now"):
        GAME.play(copy, RollExodus(dice=2))
    assert copy.snapshot() == before
    GAME.play(copy, RollFive())  # the phase's own decision is played
    assert copy.snapshot() != before


def test_no_decision_once_the_game_is_over():
    state = new(2, seed=1)
    state.phase = Phase.GAME_OVER
    assert GAME.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="The game is over"):
        GAME.play(state, RollFive())


def test_the_action_phase_says_why_a_deal_or_a_capture_is_refused():
    """Its row's refusals: the deals' reasons and the capture's; the after-action phase refuses a capture alike."""
    deal = deals.deal_refusal
    assert FLOW[Phase.ACTION].refusals == {
        Capture: deals.capture_refusal,
        Purchase: deal,
        Exchange: deal,
        Activate: deal,
    }
    assert FLOW[Phase.AFTER_ACTION].refusals == {Capture: deals.capture_refusal}
    assert all(set(step.refusals) <= set(step.plays) for step in FLOW.values())
    state = position(new(2), active=("hydra", "hydra"), phase=Phase.ACTION)
    refused(state, Capture(creature="gryphon", count=1), match="You have no active Gryphon dice to capture.")
    refused(state, Purchase(creature="gryphon", level=1), match="Gryphon 1 costs 2 Gryphon dice")
    rich = position(new(2), active=("hydra",) * 4, phase=Phase.ACTION)  # affords Hydra 3, not the stack's top card
    assert GAME.why_illegal(rich, Purchase(creature="hydra", level=3)).startswith(
        "\u201cBuy Hydra 3 (cost 4)\u201d is not allowed now."
    )


def test_the_phases_table_of_the_docs_is_the_rows():
    """docs/titan-dice.md's flow table: a line per row, naming the kind of every decision it takes, and no other."""
    text = (Path(__file__).parents[3] / "docs" / "titan-dice.md").read_text(encoding="utf-8")
    lines = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.split("|")[1:-1]]
        name = cells[0].split(" ")[0].strip("`") if len(cells) == 2 else ""
        if name in {phase.value for phase in Phase}:
            lines[Phase(name)] = set(re.findall(r"`([a-z_]+)`", cells[1]))
    assert set(lines) == set(Phase)
    for phase, step in FLOW.items():
        assert lines[phase] == {kind.model_fields["kind"].default for kind in step.plays}, phase
