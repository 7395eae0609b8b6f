"""What the computer offers a human at the table, as data and markup: the hint, and "Fight this battle for me"."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from app import ai
from app.decision import StandIn
from app.markup import attrs, esc
from app.views import view_module
from engine.core.game import Action, Game, GameState


def battle_offer(game: Game, state: GameState) -> list[tuple[int, str]]:
    """The levels a human to move may hand his battle to (empty: no offer; outside a battle, a game without
    battles, or no level above random play)."""
    if state.is_over or game.battle_key(state) is None:
        return []
    return ai.stand_in_levels(game)


OUTCOME = re.compile(r"( wins in | scores |destroyed|concedes|Time runs out|nobody scores| flees )")


def battle_over_words(state: GameState, name: str) -> str:
    """'The battle is over: Bk02 wins in 32; Ann scores 24. Ann decides again.': who won and what it scored (the
    log's lines of the move that ended the battle), then whose decisions are his own again."""
    ending = state.log[len(state.log) - state.last_lines :] if state.last_lines else []
    outcome = " ".join(line for line in ending if OUTCOME.search(line))
    return f"The battle is over: {outcome + ' ' if outcome else ''}{name} decides again."


def battle_offer_html(name: str, levels: list[tuple[int, str]]) -> str:
    """'Fight this battle for me' and the level to fight it at (the strongest chosen)."""
    strongest = max(levels)[0]
    options = "".join(
        f"<option{attrs(value=level, selected=level == strongest)}>{esc(label)}</option>" for level, label in levels
    )
    title = f"The computer makes {name}’s decisions until this battle ends; Stop takes them back"
    return (
        "<div class='stand-in-offer' role='group' aria-label='Hand this battle to the computer'>"
        f"<button{attrs(type='button', class_='btn btn-small btn-stand-in', data_cmd='fight-for-me', title=title)}>"
        "Fight this battle for me</button>"
        f"<select id='stand-in-level' class='stand-in-level' aria-label='Level' title='The computer level'>{options}"
        "</select></div>"
    )


def stand_in_stop_html(stand_in: StandIn, name: str) -> str:
    """The Stop button, in the status line while the computer fights a battle for a player."""
    title = f"{stand_in.level_name} stops at once: {name} makes the next decision of this battle"
    cls = "btn btn-small btn-stop-stand-in"
    return f"<button{attrs(type='button', class_=cls, data_cmd='stop-stand-in', title=title)}>Stop</button>"


def hint_box_html(game: Game) -> str:
    """The Hint button and the line its answer is written to."""
    return (
        "<div class='hint-box'><button type='button' class='btn btn-small btn-hint' data-cmd='hint'>"
        f"Hint: what would {esc(ai.hint_level(game)[1])} play?</button>"
        "<p id='hint-text' class='hint-text' aria-live='polite'></p></div>"
    )


@dataclass
class Hint:
    """What the strongest level would play, as the page shows it: picked on the map where it is made, marked
    there and on its button, and said in words."""

    index: int  # the hinted choice (data-action)
    selected: str | None  # what to pick on the map so that the choice is drawn (the view's `hint_selection`)
    on_map: list[int]  # other choices whose elements on the map stand for it (the view's `hint_stand_ins`)
    words: str


def hint_of(
    game: Game, state: GameState, view: dict[str, Any], legal: list[Action], action: Action, level: str
) -> Hint:
    """The hint for `action` (one of `legal`), thought at the level named `level`."""
    module = view_module(game.id)
    data = action.model_dump()
    selected = module.hint_selection(view, data) if hasattr(module, "hint_selection") else None
    on_map = module.hint_stand_ins(data, [a.model_dump() for a in legal]) if hasattr(module, "hint_stand_ins") else []
    label = game.describe_action(state, action)
    words = f"{level} would play \u201c{label}\u201d (marked). The choice is yours."
    return Hint(legal.index(action), selected, [int(i) for i in on_map], words)
