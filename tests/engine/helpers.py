"""Playing actions in engine tests, for every game: each game's `helpers.py` binds these to its own game.

`act` applies one action through the full contract (`Game.apply`) and checks the game's invariants; `find` is
the one legal action of a kind whose fields match.
"""

from __future__ import annotations

from typing import Any

from engine.core import Action, Game, GameState


def act(game: Game, state: GameState, action: Action | dict[str, Any]) -> GameState:
    """Apply one action through the full contract; the new state is of the same class and keeps every invariant."""
    new_state = game.apply(state, action)
    assert type(new_state) is type(state)
    problems = game.invariant_violations(new_state)
    assert not problems, problems
    return new_state


def find(game: Game, state: GameState, kind: str, **fields: Any) -> Action:
    """The one legal action of this kind whose fields match (fails the test otherwise)."""
    legal = game.legal_actions(state)
    matches = [a for a in legal if a.kind == kind and all(getattr(a, key) == value for key, value in fields.items())]
    assert len(matches) == 1, f"{kind} {fields}: {matches} among {[a.describe() for a in legal]}"
    return matches[0]
