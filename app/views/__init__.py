"""Per-game board views: pure functions from the engine's view to SVG/HTML strings.

A game's view module provides:

- `render_board(ctx: BoardContext) -> str`: the board markup. Every legal
  action that maps to a board element is drawn as a focusable element with
  `data-action="<index into ctx.actions>"` (role="button", an aria-label).
- optionally `status_hint(ctx: BoardContext) -> str | None`: what the player
  to move must do, in the game's words (for the status line).
- optionally `choices_note(ctx: BoardContext) -> str | None`: a line shown above the choices
  (e.g. the text of the ability being carried out).
- optionally `turn_label(view: dict) -> str`: e.g. "Round 3", for the saved-game list.
- optionally `turn_summary(lines: list[str]) -> list[str]`: what one turn did, in a few parts, from its log lines
  only (app/since.py: "Since your last turn" above a human seat's choices); without it, every line is told.
- optionally `render_layers(ctx) -> (key, html, parts)`: for a big map drawn once: `html` is the whole
  board; while the board's `data-static` key stays `key`, only the elements named in `parts`
  (element id -> inner markup) are rewritten, so the map (and its pan and zoom) stays as it is.
- optionally `shown_actions(ctx) -> (indices, note)`: only these actions get a button (the rest are picked
  on the board), with a note saying how; the buttons come in the order of `indices` (a view may sort them:
  the engine's order of the legal actions never changes, since saved games replay by it).
- optionally `action_group(kind) -> str`, or `action_group_of(view, data) -> str` (from the whole choice):
  consecutive buttons with the same heading are put under it (when there are more than six choices).
- optionally `action_warning(state, action) -> str`: what a choice would cost that its words do not say
  ('the Titan could then not come on'), added to its button and to a first tap's text ('' for none).
- optionally `confirm_action(state, action) -> (heading, text, yes) | None`: a choice that asks to be
  confirmed in a dialog before it is played, on touch, with a mouse and with the keyboard alike.
- elements with `data-select="<key>"` pick something on the board (a legion, a character): the app
  redraws the board with `ctx.selected` set to that key (again: cleared), and the view shows its targets.
- optionally `SECRETS = True`: the view holds secrets (hands): hot-seat games with several humans show
  a "pass the device to X" screen before each human seat decides (see app/gameview.py), which says what
  the board shows from `SECRETS_SHOWN` ("what is inside {name}'s legions"; `{name}`: the seat's name).
- optionally `nothing_secret(state) -> bool`: True where no seat knows anything the others do not (a set-up):
  no pass-the-device screen then. It must read only public things, never what a seat holds.
- optionally `handover_reason(view, seat, names) -> str`: why `seat` is asked, for the pass-the-device screen
  ("Ann may play a Divine counter after Bob's Move roll"), from the public view `game.view(state, None)`, so it
  is the same whatever the seat holds ('' for the turn's heading, the default).
- optionally `LIST_SHOWS_PLACE_FIRST = True`: on touch a list button whose choice has a drawn preview on the
  board (`data-preview-of`) shows it on a first tap and plays on a second (else a list button plays at once).
- optionally `PASS_KINDS = frozenset({...})`: the kinds of action that only pass a question asked of everyone
  (Born of Titans' `pass_moment`): the pass-the-device screen offers it in one tap, and with one human the
  page plays it for her when it is her only choice (app/decision.py).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from engine.core.game import Action, Game


@dataclass
class BoardContext:
    """Everything a board view may draw from (all read-only)."""

    game: Game  # for what needs no position (parse_action, the game's data); never a GameState
    view: dict[str, Any]
    actions: list[Action]  # the legal actions, in the engine's order: index i is data-action="i"
    labels: list[str]  # describe() of each action
    interactive: bool  # a human seat must decide now: draw the legal choices clickable
    rolled: bool = False  # the last action rolled dice: animate them
    seat_names: list[str] = field(default_factory=list)
    actor: int | None = None  # the seat that made the last action
    previous: dict[str, Any] | None = None  # the view drawn just before this one (for move animations), if any
    selected: str | None = None  # what the player picked on the board before choosing a target (data-select)
    current: int | None = None  # the seat asked now (None: the game is over)
    last_action: dict[str, Any] | None = None  # the last move (as a save writes it), when the seat drawn made it
    warnings: list[str] = field(default_factory=list)  # each action's `action_warning` ('' for none), if any


# Game id -> the module under app/views that draws it (imported on first use).
VIEW_MODULES: dict[str, str] = {
    "titan_dice": "titan_dice",
    "titan_race": "titan_race",
    "titan": "titan",
    "born_of_titans": "born_of_titans",
}


def engine_status(ctx: BoardContext) -> str | None:
    """The engine's own sentence of who must do what."""
    status = ctx.view.get("status")
    return str(status) if status else None


def view_module(game_id: str) -> ModuleType:
    """The view module of a game (the generic one when it has none)."""
    name = VIEW_MODULES.get(game_id, "generic")
    return importlib.import_module(f"app.views.{name}")
