"""Per-game board views: pure functions from the engine's view to SVG/HTML strings.

A game's view module is looked up by the game's id (`view_module`) and provides the hooks below: one required
(`ViewModule.render_board`), the rest optional (looked up by name; `HOOKS` lists every one). Where a hook runs says
what it may read:

- **draw**: while a seat's screen is drawn from its record (`app.gameview.record_regions`), at the host's table and
  on a friend's page alike. It reads only its arguments: the `BoardContext` (the seat's view, its actions, their
  labels and warnings, whose decision it is, what is picked on the board) or the view. Never a `GameState`.
- **record**: on the host, while a seat's record is made (`app.remote.record.seat_record`); it may read the state,
  and what it says is carried in the record (a choice's `warning` and `confirm`, the record's `status`).
- **host**: on the host only, by the table's own logic (who holds the device, the saved-game list, the hints):
  never part of a seat's screen on another device.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol

from engine.core.game import Action, Game


@dataclass
class BoardContext:
    """Everything a board view may draw from (all read-only): made from a seat's record (app/remote/record.py), so
    it holds nothing of the engine's state."""

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


class ViewModule(Protocol):
    """What every game's view module provides (its optional hooks: `HOOKS`)."""

    def render_board(self, ctx: BoardContext) -> str:
        """The board markup. Every legal action that maps to a board element is drawn as a focusable element with
        `data-action="<index into ctx.actions>"` (role="button", an aria-label); elements with
        `data-select="<key>"` pick something on the board (a legion, a character): the screen is drawn again with
        `ctx.selected` set to that key (again: cleared), and the view shows its targets."""
        ...


# The optional hooks of a view module: name -> (where it runs: 'draw', 'record' or 'host', as the module's docstring
# says; its signature and what it does). The app looks each up by name (hasattr), so a module provides only those it
# needs; a test keeps this table complete (every name the app asks a view module for is here).
HOOKS: dict[str, tuple[str, str]] = {
    "render_layers": (
        "draw",
        "(ctx) -> (key, html, parts): a big map drawn once: `html` is the whole board; while the board's "
        "`data-static` key stays `key`, only the elements named in `parts` (element id -> inner markup) are "
        "rewritten, so the map (and its pan and zoom) stays as it is",
    ),
    "shown_actions": (
        "draw",
        "(ctx) -> (indices, note): only these actions get a button (the rest are picked on the board), with a note "
        "saying how; the buttons come in the order of `indices` (the engine's order of the legal actions never "
        "changes, since saved games replay by it). It may read `ctx.selected`",
    ),
    "choices_note": ("draw", "(ctx) -> str | None: a line above the choices (the ability being carried out)"),
    "action_icon": ("draw", "(data) -> str: markup of the game's own art on a choice's button ('' for none)"),
    "action_detail": ("draw", "(view, data) -> str: the text a first tap on a choice shows ('' for none)"),
    "action_group": (
        "draw",
        "(kind) -> str: consecutive buttons with the same heading are put under it (more than six choices)",
    ),
    "action_group_of": ("draw", "(view, data) -> str: as `action_group`, from the whole choice"),
    "ENDS_TURN": ("draw", "frozenset of kinds: a choice never picked by a key press by default"),
    "final_html": ("draw", "(view) -> str: the game's own end screen"),
    "LIST_SHOWS_PLACE_FIRST": (
        "draw",
        "True: on touch a list button whose choice has a drawn preview on the board (`data-preview-of`) shows it on "
        "a first tap and plays on a second (else a list button plays at once)",
    ),
    "status_hint": (
        "record",
        "(ctx) -> str | None: what the seat asked must do, in the game's words (the record's `status`)",
    ),
    "action_warning": (
        "record",
        "(state, action) -> str: what a choice would cost that its words do not say ('the Titan could then not come "
        "on'): the choice's `warning`, added to its button and to a first tap's text ('' for none)",
    ),
    "confirm_action": (
        "record",
        "(state, action) -> (heading, text, yes) | None: a choice confirmed in a dialog before it is played, on "
        "touch, with a mouse and with the keyboard alike (the choice's `confirm`)",
    ),
    "final_lines": ("record", "(view) -> list[str]: the result in the game's own words (the record's `result`)"),
    "result_lines": ("record", "(view) -> list[str]: the standings under the winner (a race has places)"),
    "turn_summary": (
        "draw",
        "(lines) -> list[str]: what one turn did, in a few parts, from its log lines only (app/since.py: 'Since "
        "your last turn' above a human seat's choices); without it, every line is told",
    ),
    "SECRETS": (
        "host",
        "True: the view holds secrets (hands): hot-seat games with several humans show a 'pass the device to X' "
        "screen before each human seat decides (app/decision.py)",
    ),
    "SECRETS_SHOWN": ("host", "what the board shows, for that screen ('what is inside {name}'s legions')"),
    "nothing_secret": (
        "host",
        "(state) -> bool: True where no seat knows anything the others do not (a set-up): no pass-the-device "
        "screen then. It must read only public things, never what a seat holds",
    ),
    "handover_reason": (
        "host",
        "(view, seat, names) -> str: why `seat` is asked, for the pass-the-device screen, from the public view "
        "`game.view(state, None)` ('' for the turn's heading)",
    ),
    "PASS_KINDS": (
        "host",
        "frozenset of kinds that only pass a question asked of everyone (Born of Titans' `pass_moment`): the "
        "pass-the-device screen offers it in one tap, and with one human the page plays it for her when it is her "
        "only choice (app/decision.py)",
    ),
    "hint_selection": ("host", "(view, data) -> str | None: what to pick on the map so a hinted choice is drawn"),
    "hint_stand_ins": ("host", "(data, actions) -> list[int]: other choices whose elements on the map stand for it"),
    "turn_label": ("host", "(view) -> str: e.g. 'Round 3', for the saved-game list"),
    "players_label": ("host", "(view) -> list[str]: the players as the saved-game list names them"),
    "variant_label": ("host", "(view) -> str: the variant and board in a few words, for the saved-game list"),
}

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
    """The view module of a game (the generic one when it has none): a `ViewModule` with any of `HOOKS`."""
    name = VIEW_MODULES.get(game_id, "generic")
    return importlib.import_module(f"app.views.{name}")
