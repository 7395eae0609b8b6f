"""What the board tests share: the context a board is drawn from, as the app builds it."""

from __future__ import annotations

from typing import Any

from app.screen_words import choice_warnings
from app.views import BoardContext, view_module
from engine.core import Game, GameState


def board_context(
    game: Game, state: GameState, seat: int | None, *, interactive: bool | None = None, **extra: Any
) -> BoardContext:
    """`seat`'s view of `state` with the legal actions (none once the game is over) and their plain labels;
    `interactive` defaults to "the game is not over"; `extra`: other BoardContext fields (selected, rolled); the
    fields the record carries (the seat asked, the seat's own last move, the choices' warnings) as `seat_record`
    works them out."""
    legal = game.legal_actions(state) if not state.is_over else []
    actor = state.last_actor if state.last_action is not None else None
    return BoardContext(
        game=game,
        view=game.view(state, seat),
        actions=legal,
        labels=[action.describe() for action in legal],
        interactive=not state.is_over if interactive is None else interactive,
        **{
            "current": None if state.is_over else state.current_player,
            "actor": actor,
            "last_action": state.last_action.model_dump(mode="json") if actor is not None and actor == seat else None,
            "warnings": choice_warnings(view_module(game.id), state, legal),
            **extra,
        },
    )
