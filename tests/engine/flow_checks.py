"""The check every game's flow table test shares (engine/core/flow.py): random play in which each position's
legal decisions are all of kinds its phase's row plays, and a decision seen in another phase, played here, is
refused with the position exactly as it was."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from engine.core import Action, Game, GameState, IllegalAction
from engine.core.flow import Step


def play_refusing_other_phases(
    game: Game,
    state: GameState,
    flow: Mapping[Any, Step[Any]],
    seed: int,
    steps: int,
    refused_words: str,
    applied_words: str | None = None,
    exact: bool = False,
) -> set[Any]:
    """Play `steps` random decisions from `state` (or to the end); at each position check that every legal decision
    is one its phase's row plays, and that every kind of decision seen so far which the row does not take is
    refused by the game's `play` (words matching `refused_words`; `exact`: `why_illegal`'s words) and by `apply`
    (`applied_words`), the position unchanged. Returns the phases met."""
    rng = random.Random(seed)
    seen: dict[type[Action], Action] = {}
    phases: set[Any] = set()
    for _ in range(steps):
        legal = game.legal_actions(state)
        if not legal:
            break
        phase = getattr(state, "phase")  # noqa: B009 (every game with a flow table has one)
        phases.add(phase)
        plays = flow[phase].plays
        assert {type(action) for action in legal} <= set(plays), phase
        for action in legal:
            seen.setdefault(type(action), action)
        before = state.snapshot()
        for kind, action in seen.items():
            if kind in plays:
                continue
            copy = state.clone()
            with pytest.raises(IllegalAction, match=refused_words) as refusal:
                game.play(copy, action)
            assert copy.snapshot() == before
            if exact:
                assert str(refusal.value) == game.why_illegal(state, action)
            with pytest.raises(IllegalAction, match=applied_words):
                game.apply(state, action)
            assert state.snapshot() == before
        state = game.apply(state, rng.choice(legal))
    return phases
