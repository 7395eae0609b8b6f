"""The seat's record: everything one seat's screen is drawn from, and nothing that seat may not know.

`seat_record(game, state, seat)` is a pure function of the position: the seat's view (`game.view(state, seat)`,
exactly), its legal actions when it is asked (each as the save format writes an action, with the texts, groups,
icons, details, warnings and confirmations the table's choices show, from the same hooks of the game's view
module), the log (public: the table shows it to every seat at hot-seat play), whose decision it is and the status
line's words. Never the state, the seed, the RNG, another seat's view or actions. Everything of a seat's screen
that needs the state is worked out here, on the host; the screen is then drawn from the record alone
(`app.gameview.record_regions`), at the host's table and on a friend's page alike (docs/remote-play.md lists the
fields). A friend's page receives it (`app/remote/host.py`); the tests check over whole games that it depends on
nothing the seat cannot see.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from app.screen_words import choice_group, choice_warnings, result_lines, status_text
from app.views import BoardContext, view_module
from engine.core.game import Game, GameState
from engine.core.undo import undo_steps

RECORD_VERSION = 1  # the record's shape; part of the protocol's version (app/remote/messages.py)


class Choice(BaseModel):
    """One legal action of the seat asked, as its button shows it."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    action: dict[str, Any]  # the action as a save writes it (`model_dump(mode="json")`), read by `parse_action`
    label: str  # `game.describe_action`: its words (the board's aria-labels; its button's, with the warning)
    warning: str = ""  # the view's `action_warning`: what it would cost that its words do not say ('' for none)
    confirm: tuple[str, str, str] | None = None  # the view's `confirm_action`: (heading, text, yes) of its dialog
    group: str = ""  # the view's `action_group` of a long list ('' for none)
    icon: str = ""  # the view's `action_icon` (markup of the game's own art, '' for none)
    detail: str = ""  # the view's `action_detail`: the text a first tap shows
    ends_turn: bool = False  # the view's `ENDS_TURN`: never the choice a key press picks by default
    button: bool = True  # gets a button with nothing picked on the board (the view's `shown_actions`)

    @property
    def button_label(self) -> str:
        """What its button says: its words, then what it would cost."""
        return f"{self.label} \u2014 {self.warning}" if self.warning else self.label


class SeatRecord(BaseModel):
    """What one seat's screen is drawn from (JSON-ready: `model_dump(mode="json")`)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    version: int = RECORD_VERSION
    game: str  # the game's id
    title: str
    seat: int | None  # whose record this is (None: nobody's, the public view: a table of computers only, or a
    # finished game whose humans shared one device with secrets)
    names: list[str]  # every seat's name, in seat order
    computers: list[bool]  # which seats the computer plays
    view: dict[str, Any]  # `game.view(state, seat)`
    current: int | None  # the seat asked now (None: the game is over)
    asked: bool  # this seat decides now, on this screen: `choices` are its legal actions
    over: bool
    status: str  # the status line: who must do what, in the game's words
    choices: list[Choice]  # empty unless `asked`
    choices_note: str = ""  # the view's line above the choices
    board_note: str = ""  # how to pick the choices without a button ('Pick on the map: ...')
    buttons: list[int] | None = None  # the view's `shown_actions` with nothing picked: the choices with a
    # button, in the order drawn (None: every choice, in the engine's order)
    log: list[str]  # the game's log
    turns: list[tuple[int, str]]  # where each turn's lines begin, and its heading
    last_lines: int  # how many of the log's lines the last move wrote
    actor: int | None  # the seat that made the last move (None: none yet)
    last_action: dict[str, Any] | None = None  # the last move as a save writes it, when this seat made it (a
    # board animates its own move along the path its preview showed); None after another seat's move
    rolled: bool  # the last move drew randomness: animate the dice
    can_undo: bool  # an Undo by this seat would take something back (never another human's decision)
    result: list[str]  # once over: the winners, then every seat's score


def seat_record(game: Game, state: GameState, seat: int | None, *, asked: bool | None = None) -> SeatRecord:
    """The record of `seat` at `state` (see the module's docstring); `seat` None: the public view, never asked.

    `asked`: whether this screen asks the seat now (the table's `app.decision.decision_now`: not while the computer
    fights the seat's battle or plays its only Pass); by default, whenever the decision is the seat's and the
    computer does not play the seat."""
    if seat is not None and not 0 <= seat < state.num_players:
        raise ValueError(f"no seat {seat} in a game of {state.num_players}")
    module = view_module(game.id)
    view = game.view(state, seat)
    current = None if state.is_over else state.current_player
    mine = seat is not None and current == seat and not state.seats[seat].is_ai  # a computer's seat is not asked
    asked = mine if asked is None else asked and mine
    legal = game.legal_actions(state) if asked else []
    labels = [game.describe_action(state, action) for action in legal]
    warnings = choice_warnings(module, state, legal)
    names = [each.name for each in state.seats]
    actor = state.last_actor if state.last_action is not None else None
    ctx = BoardContext(
        game=game,
        view=view,
        actions=legal,
        labels=labels,
        interactive=asked,
        rolled=bool(state.last_action is not None and state.last_chance),
        seat_names=names,
        actor=actor,
        current=current,
        last_action=state.last_action.model_dump(mode="json") if actor is not None and actor == seat else None,
        warnings=warnings,
    )
    shown: list[int] | None = None
    board_note = ""
    if asked and hasattr(module, "shown_actions"):
        shown, board_note = module.shown_actions(ctx)
        shown = [int(index) for index in shown]
    confirm = getattr(module, "confirm_action", None)
    choices = [
        _choice(module, view, action.model_dump(mode="json"), label, len(legal)).model_copy(
            update={
                "warning": warning,
                "confirm": confirm(state, action) if confirm is not None else None,
                "button": shown is None or index in shown,
            }
        )
        for index, (action, label, warning) in enumerate(zip(legal, labels, warnings, strict=True))
    ]
    note = module.choices_note(ctx) if asked and hasattr(module, "choices_note") else None
    return SeatRecord(
        game=game.id,
        title=game.title,
        seat=seat,
        names=names,
        computers=[each.is_ai for each in state.seats],
        view=view,
        current=current,
        asked=asked,
        over=state.is_over,
        status=status_text(game, state, ctx),
        choices=choices,
        choices_note=str(note or ""),
        board_note=str(board_note or ""),
        buttons=shown,
        log=list(state.log),
        turns=[(start, heading) for start, heading in state.turns],
        last_lines=state.last_lines,
        actor=actor,
        last_action=ctx.last_action,
        rolled=ctx.rolled,
        can_undo=seat is not None and not state.is_over and undo_steps(state, seat) > 0,
        result=result_lines(game, state) if state.is_over else [],
    )


def _choice(module: Any, view: dict[str, Any], data: dict[str, Any], label: str, count: int) -> Choice:
    """A choice with the view module's optional words and art for it (as `gameview.record_regions` draws them)."""
    kind = str(data.get("kind", ""))
    return Choice(
        action=data,
        label=label,
        group=str(choice_group(module, view, data) or "") if count > 6 else "",
        icon=str(module.action_icon(data) or "") if hasattr(module, "action_icon") else "",
        detail=str(module.action_detail(view, data) or "") if hasattr(module, "action_detail") else "",
        ends_turn=kind in getattr(module, "ENDS_TURN", frozenset()),
    )
