"""What the board tests share: the context a board is drawn from, as the app builds it."""

from __future__ import annotations

from typing import Any

from app.views import BoardContext
from engine.core import Game, GameState


def board_context(
    game: Game, state: GameState, seat: int | None, *, interactive: bool | None = None, **extra: Any
) -> BoardContext:
    """`seat`'s view of `state` with the legal actions (none once the game is over) and their plain labels;
    `interactive` defaults to "the game is not over"; `extra`: other BoardContext fields (selected, rolled)."""
    legal = game.legal_actions(state) if not state.is_over else []
    return BoardContext(
        game=game,
        state=state,
        view=game.view(state, seat),
        actions=legal,
        labels=[action.describe() for action in legal],
        interactive=not state.is_over if interactive is None else interactive,
        **extra,
    )
