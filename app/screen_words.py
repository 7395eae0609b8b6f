"""The screen's words that read the engine's state: the status line, the result, and what a choice would cost.

They run on the host when a seat's record is made (app/remote/record.py: `seat_record`); the screen is then drawn
from the record alone (`app.gameview.record_regions`), at the host's table and on a friend's page alike.
"""

from __future__ import annotations

from typing import Any

from app import ai
from app.views import BoardContext, view_module
from engine.core.game import Action, Game, GameState


def result_lines(game: Game, state: GameState) -> list[str]:
    """The final result: winners first, then every seat's score (or the game's own words for it)."""
    module = view_module(game.id)
    if hasattr(module, "final_lines"):  # a result of its own (Battle Titan: ties, the end's reason, the reckoning)
        lines = module.final_lines(game.view(state, None))
        if lines:
            return [str(line) for line in lines]
    winners = game.winners(state)
    scores = game.scores(state)
    names = [seat.name for seat in state.seats]
    if len(names) == 1:  # solo: a win or a loss, no points
        return [f"{names[0]} wins!" if winners else f"{names[0]} loses."]
    if len(winners) == 1:
        head = f"{names[winners[0]]} wins!"
    elif winners:
        head = "Shared win: " + " and ".join(names[w] for w in winners) + "."
    else:
        head = "Nobody wins."
    module = view_module(game.id)
    if hasattr(module, "result_lines"):  # the game's own standings (a race has places, not points)
        return [head] + [str(line) for line in module.result_lines(game.view(state, None))]
    return [head] + [f"{names[i]}: {_number(scores[i])} points" for i in range(len(names))]


def _number(value: float) -> str:
    """A score without a needless '.0'."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def status_text(game: Game, state: GameState, ctx: BoardContext | None) -> str:
    """Who must do what, in one sentence."""
    if state.is_over:
        module = view_module(game.id)
        if state.num_players == 1 and ctx is not None and hasattr(module, "status_hint"):
            hint = module.status_hint(ctx)  # the game's own words for a solo result
            if hint:
                return f"Game over. {hint}"
        return "Game over. " + result_lines(game, state)[0]
    seat = state.current_player
    assert seat is not None  # not over
    who = state.seats[seat]
    if who.is_ai:
        return f"{who.name} (AI, {ai.level_label(game, who.level)}) is thinking…"
    hint = None
    module = view_module(game.id)
    if ctx is not None and hasattr(module, "status_hint"):
        hint = module.status_hint(ctx)
    return hint or f"{who.name}: choose an action."


def choice_group(module: Any, view: dict[str, Any], data: dict[str, Any]) -> str | None:
    """The heading a choice is listed under in a long list: by the choice itself (`action_group_of`, its place's
    kind), else by its kind (`action_group`); None where the view module groups nothing. The table's choices and a
    seat's record (app/remote/record.py) group by this one rule."""
    if hasattr(module, "action_group_of"):
        return module.action_group_of(view, data)
    if hasattr(module, "action_group"):
        return module.action_group(str(data.get("kind", "")))
    return None


def choice_warnings(module: Any, state: GameState, legal: list[Action]) -> list[str]:
    """What each choice would cost that its words do not say (the view's optional `action_warning(state, action)`:
    'the Titan could then not come on'; '' for none), in the order of `legal`."""
    if not hasattr(module, "action_warning"):
        return [""] * len(legal)
    return [str(module.action_warning(state, action) or "") for action in legal]
