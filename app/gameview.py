"""The game screen's regions as pure functions of the game and its state (testable under CPython).

Titan Dice has no hidden information: every seat sees the same board, drawn
for the seat that must decide (or a spectator's view once the game is over).

A game whose view module sets `SECRETS = True` (Titan Race: Bonus hands) played
hot-seat by more than one human draws only `game.view(state, shown)` of the
human holding the device (`shown`), and before another human seat decides
(its turn, or a question mid-turn) the regions become a "pass the device to X"
screen with an "I am X" button (data-cmd="reveal"); the table (app/table.py) then
sets `shown` to that seat. With one human (or none) nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.computer_help import battle_offer, battle_offer_html, hint_box_html, stand_in_stop_html
from app.decision import (
    StandIn,
    can_undo,
    decision_now,
    device_holder,
    guards_secrets,
    pass_actions,
    perspective,
    undo_for,
)
from app.markup import esc
from app.remote.record import SeatRecord, seat_record
from app.screen_words import choice_group as choice_group
from app.screen_words import result_lines
from app.screen_words import status_text as status_text
from app.screens import (
    actions_html,
    game_over_html,
    gamebar_html,
    log_html,
    log_items,
    replay_bar_html,
    replay_controls_html,
    status_html,
)
from app.since import Logged, Mark, summary_html, summary_lines, turns_since
from app.views import BoardContext, view_module
from engine.core.game import Action, Game, GameState
from engine.core.replay import can_replay


@dataclass
class Regions:
    """The markup of each game-screen region, and the legal actions the indices refer to."""

    gamebar: str
    status: str
    board: str
    actions: str
    log: str
    legal: list[Action]
    status_text: str
    view: dict[str, Any] | None = None  # the view drawn (pass it back as `previous` to animate the next one)
    board_key: str = ""  # a map drawn once: while the board keeps this key, only `board_parts` are rewritten
    board_parts: dict[str, str] | None = None
    log_items: list[str] | None = None  # `log` as its top-level items (app/paint.py writes only the changed ones)


def log_with_notes(
    lines: list[str], turns: list[tuple[int, str]], last_lines: int, notes: list[tuple[int, str]]
) -> tuple[list[str], list[tuple[int, str]], int]:
    """The log with the page's own lines (`notes`: (lines of the log when written, text), e.g. "Ann hands the
    battle to the computer") put where they happened; the turns' starts and the last move's lines follow them.
    A note past the end of the log (its moves taken back) is left out."""
    notes = [(at, text) for at, text in notes if at <= len(lines)]
    if not notes:
        return lines, turns, last_lines

    def moved(index: int) -> int:
        return index + sum(1 for at, _text in notes if at < index)

    merged: list[str] = []
    for index in range(len(lines) + 1):
        merged += [text for at, text in notes if at == index]
        if index < len(lines):
            merged.append(lines[index])
    first_new = len(lines) - last_lines
    return merged, [(moved(start), heading) for start, heading in turns], len(merged) - moved(first_new)


def turn_label(game: Game, state: GameState, view: dict[str, Any] | None = None) -> str:
    """A short "where the game is" text for the saved-game list."""
    if state.is_over:
        return "Finished"
    module = view_module(game.id)
    if hasattr(module, "turn_label"):
        label = module.turn_label(view if view is not None else game.view(state, None))
        if label:
            return str(label)
    return f"Move {state.moves + 1}"


def players_label(game: Game, state: GameState, view: dict[str, Any] | None = None) -> list[str]:
    """The players as the saved-game list names them: the view's own words ('Ann (Black)'), else the seats'
    names."""
    module = view_module(game.id)
    if hasattr(module, "players_label"):
        named = [str(name) for name in module.players_label(view if view is not None else game.view(state, None))]
        if len(named) == len(state.seats):
            return named
    return [seat.name for seat in state.seats]


def variant_label(game: Game, state: GameState, view: dict[str, Any] | None = None) -> str:
    """The variant and board of a game in a few words, for the saved-game list ('' for the standard game)."""
    module = view_module(game.id)
    if hasattr(module, "variant_label"):
        return str(module.variant_label(view if view is not None else game.view(state, None)))
    return ""


def armed_status(detail: str) -> str:
    """The status line after a first tap on a choice with a text to read: the text, then how to play it."""
    detail = detail.strip()
    if detail and detail[-1] not in ".!?\u2026":
        detail += "."
    return f"{detail} Tap it again to choose it."


def handover_reason(game: Game, state: GameState, seat: int) -> str:
    """Why `seat` is asked now, in one line for the pass-the-device screen ("Ann may play a Divine counter after
    Bob's Move roll"): the view module's optional `handover_reason(view, seat, names)` from the public view (what
    everyone may know, so the line is the same whatever the seat holds), else the turn's heading."""
    names = [each.name for each in state.seats]
    module = view_module(game.id)
    if hasattr(module, "handover_reason"):
        reason = str(module.handover_reason(game.view(state, None), seat, names))
        if reason:
            return reason
    heading = game.turn_heading(state)
    if not heading:
        return ""
    name = names[seat]
    if game.is_interruption(state):
        return f"{name} has a question to answer ({heading})."
    if name in heading:
        return f"{name}'s turn ({heading})."
    return f"{name} decides ({heading})."


def handover_regions(game: Game, state: GameState, seat: int, notes: list[tuple[int, str]] | None = None) -> Regions:
    """The pass-the-device screen: no board, no secrets, one "I am X" button and why X is asked; at a moment to
    react (the view's `PASS_KINDS`), also a Pass in one tap, on a screen that looks the same whatever the seat
    holds."""
    name = state.seats[seat].name
    text = f"Pass the device to {name}."
    reason = handover_reason(game, state, seat)
    secrets = str(getattr(view_module(game.id), "SECRETS_SHOWN", "secrets")).replace("{name}", name)
    actions = f"<button type='button' class='btn btn-primary btn-reveal' data-cmd='reveal'>I am {esc(name)}</button>"
    legal: list[Action] = []
    passing = ""
    passes = pass_actions(game, state)
    if passes:
        legal = game.legal_actions(state)
        passing = f"<p>{esc(name)} may also pass without looking: nothing is shown.</p>"
        actions += (
            f"<button type='button' class='btn btn-action btn-pass' data-action='{passes[0]}'>"
            f"Pass without looking ({esc(name)})</button>"
        )
    board = (
        f"<div class='handover'><h2>Pass the device to {esc(name)}</h2>"
        + (f"<p class='handover-reason'>{esc(reason)}</p>" if reason else "")
        + f"<p>{esc(name)} decides next. The board shows {esc(secrets)}, so only {esc(name)} should look.</p>"
        f"{passing}</div>"
    )
    return Regions(
        gamebar=gamebar_html(game.title, False, state.is_over),
        status=status_html(text, seat=seat),
        board=board,
        actions=actions,
        log=_log(state, notes),
        legal=legal,
        status_text=text,
    )


def _log(state: GameState, notes: list[tuple[int, str]] | None) -> str:
    """The log region, with the page's own lines among the game's."""
    lines, turns, last = log_with_notes(state.log, state.turns, state.last_lines, notes or [])
    return log_html(lines, turns, last_lines=last)


def record_regions(
    game: Game,
    record: SeatRecord,
    *,
    previous: dict[str, Any] | None = None,
    selected: str | None = None,
    notes: list[tuple[int, str]] | None = None,
    since_lines: list[str] | None = None,
    rolled: bool | None = None,
    status: str | None = None,
    waiting: str | None = None,
    preface: str = "",
    undoable: bool | None = None,
    undo_for: str | None = None,
    replay: bool = False,
) -> Regions:
    """Every region of a seat's screen drawn from its record alone (app/remote/record.py), never from the state:
    the host's table and a friend's page draw a seat's screen by this one function.

    `game` is used for what needs no position (parsing the record's choices into actions, the view module).
    `previous`: the view drawn before (Regions.view), so a board may animate what changed; `selected`: what the
    player picked on the board; `notes`: the page's own log lines (`log_with_notes`); `since_lines`: what happened
    since the seat last decided (app/since.py), above its choices. What only the host's table knows comes as
    arguments: `rolled` (animate the dice; default the record's), `status` and `waiting` (the status line and the
    words in place of the choices, where the computer plays for the seat), `preface` (markup above the choices:
    the hint box, the battle offer), `undoable` and `undo_for` (the Undo button; default the record's), `replay`
    (the finished game can be replayed).
    """
    module = view_module(game.id)
    choices = record.choices
    legal = [game.parse_action(choice.action) for choice in choices]
    ctx = BoardContext(
        game=game,
        view=record.view,
        actions=legal,
        labels=[choice.label for choice in choices],
        interactive=record.asked,
        rolled=record.rolled if rolled is None else rolled,
        seat_names=list(record.names),
        actor=record.actor,
        previous=previous,
        selected=selected,
        current=record.current,
        last_action=record.last_action,
        warnings=[choice.warning for choice in choices],
    )
    board_key, board_parts = "", None
    if hasattr(module, "render_layers"):
        board_key, board, board_parts = module.render_layers(ctx)
    else:
        board = module.render_board(ctx)
    text = record.status if status is None else status
    if record.over:
        final = module.final_html(record.view) if hasattr(module, "final_html") else ""  # the game's own end screen
        actions = game_over_html(record.result[:1] if final else record.result, replay, final)
    else:
        if waiting is None:
            waiting = f"{record.names[record.current]} is deciding\u2026" if record.current is not None else ""
        shown: list[int] | None = None
        hidden_note = ""
        if record.asked and hasattr(module, "shown_actions"):  # (with what is picked on the board)
            shown, hidden_note = module.shown_actions(ctx)
        actions = actions_html(
            [choice.button_label for choice in choices],
            interactive=record.asked,
            waiting_text=waiting,
            icons=[choice.icon for choice in choices],
            groups=[choice.group for choice in choices],
            details=[choice.detail for choice in choices],
            ends_turn=[choice.ends_turn for choice in choices],
            shown=shown,
            hidden_note=hidden_note,
        )
        note = module.choices_note(ctx) if record.asked and hasattr(module, "choices_note") else None
        if note:
            actions = f"<p class='choices-note'>{esc(note)}</p>{actions}"
        actions = preface + actions
        if record.asked and since_lines is not None:
            actions = summary_html(since_lines) + actions
    thinking = record.current is not None and not record.asked
    lines, turns, last = log_with_notes(record.log, record.turns, record.last_lines, notes or [])
    items = log_items(lines, turns, last_lines=last)
    return Regions(
        gamebar=gamebar_html(
            game.title, record.can_undo if undoable is None else undoable, record.over, replay, undo_for=undo_for
        ),
        status=status_html(text, thinking=thinking, over=record.over, seat=record.current),
        board=board,
        actions=actions,
        log="".join(items),
        legal=legal,
        status_text=text,
        view=record.view,
        board_key=board_key,
        board_parts=board_parts,
        log_items=items,
    )


def since_lines(game: Game, logged: Logged, since: Mark) -> list[str]:
    """What happened since the mark (where the log stood when the seat asked now last decided), a line a turn, from
    the log alone: of the state at the host's table, of the seat's record on a friend's page (`app.since.log_mark`
    of the record when the seat last decided)."""
    return summary_lines(turns_since(logged, since), getattr(view_module(game.id), "turn_summary", None))


def render_regions(
    game: Game,
    state: GameState,
    *,
    rolled: bool = False,
    shown: int | None = None,
    previous: dict[str, Any] | None = None,
    selected: str | None = None,
    stand_in: StandIn | None = None,
    notes: list[tuple[int, str]] | None = None,
    since: Mark | None = None,
    remote: frozenset[int] = frozenset(),
) -> Regions:
    """Every region of the game screen for `state` (one innerHTML write each): the record of the seat shown
    (`seat_record`), drawn by `record_regions`, with what only the host's table has around it.

    `shown`: the human seat holding the device, for games with secrets played by several humans.
    `previous`: the view drawn before (Regions.view), so a board may animate what changed.
    `stand_in`: a battle the computer fights for a human seat (its decisions are drawn as a computer's, with a
    Stop in the status line); `notes`: the page's own log lines (`log_with_notes`); `since`: where the log stood
    when the seat asked now last decided (its summary of what happened since goes above its choices, app/since.py);
    `remote`: the seats of friends on other devices (their decisions are awaited, never drawn here).
    """
    seat = state.current_player
    secret = guards_secrets(game, state, remote)
    shown = device_holder(game, state, shown, stand_in, remote)
    decision = decision_now(game, state, shown, stand_in, remote)
    if decision.pass_to is not None:
        return handover_regions(game, state, decision.pass_to, notes)
    interactive = decision.by_human
    viewer = (None if state.is_over else shown) if secret else perspective(state, remote)
    record = seat_record(game, state, viewer, asked=interactive)
    text = waiting = None
    if decision.answer is not None and seat is not None:  # a Pass played for her (decision.automatic_pass)
        text = waiting = f"{state.seats[seat].name} has nothing to play now and passes."
    if decision.standing_in and stand_in is not None and seat is not None:
        name = state.seats[seat].name
        text = f"{stand_in.level_name} is fighting this battle for {name}\u2026"
        waiting = f"{stand_in.level_name} decides for {name}; Stop, at the top, hands it back."
    if decision.remote and seat is not None:
        text = waiting = remote_waiting(state, seat)
    preface = ""
    if interactive and seat is not None:
        if state.seats[seat].hints and len(record.choices) > 1:
            preface = hint_box_html(game)
        offer = battle_offer(game, state)
        if offer:
            preface = battle_offer_html(state.seats[seat].name, offer) + preface
    regions = record_regions(
        game,
        record,
        previous=previous,
        selected=selected,
        notes=notes,
        since_lines=since_lines(game, state, since) if interactive and since is not None else None,
        rolled=rolled,
        status=text,
        waiting=waiting,
        preface=preface,
        undoable=can_undo(game, state, shown, remote),
        undo_for=undo_for(game, state, shown, remote),
        replay=can_replay(state),
    )
    if stand_in is not None and not state.is_over and not interactive:  # (not while another human decides)
        regions.status += stand_in_stop_html(stand_in, state.seats[stand_in.seat].name)
    if not interactive and seat is not None:
        regions.legal = game.legal_actions(state)  # (as the table always had them; nothing is drawn to click)
    return regions


def remote_waiting(state: GameState, seat: int) -> str:
    """The words while a friend on another device decides (escaped where drawn)."""
    return f"{state.seats[seat].name} is deciding on another device…"


def replay_viewer(game: Game, state: GameState) -> int | None:
    """Whose view a replay draws: nobody's secrets when several humans share the device, else as in play."""
    return None if guards_secrets(game, state) else perspective(state)


def replay_regions(game: Game, states: list[GameState], index: int, viewer: int | None) -> Regions:
    """The game screen at move `index` of a replay (0: the start): the board as it was, read-only, the move
    marked and animated from the one before, the log as it stood, and the replay's controls."""
    state = states[index]
    before = states[index - 1] if index > 0 else None
    view = game.view(state, viewer)
    ctx = BoardContext(
        game=game,
        view=view,
        actions=[],
        labels=[],
        interactive=False,
        rolled=bool(before is not None and state.last_chance),
        seat_names=[s.name for s in state.seats],
        actor=state.last_actor if before is not None else None,
        previous=game.view(before, viewer) if before is not None else None,
        current=None if state.is_over else state.current_player,
        last_action=state.last_action.model_dump(mode="json") if before and state.last_action else None,
    )
    board = view_module(game.id).render_board(ctx)
    total = len(states) - 1
    heading = game.turn_heading(before) if before is not None else ""  # the turn the move fell in
    if index == 0:
        text = "Replay: the start of the game."
    else:
        text = f"Replay: move {index} of {total}" + (f" ({heading})" if heading else "") + "."
    if state.is_over:
        text += " " + result_lines(game, state)[0]
    return Regions(
        gamebar=replay_bar_html(game.title),
        status=status_html(text, over=state.is_over),
        board=board,
        actions=replay_controls_html(index, total),
        log=log_html(state.log, state.turns, last_lines=len(state.log) - len(before.log) if before else 0),
        legal=[],
        status_text=text,
        view=view,
    )
