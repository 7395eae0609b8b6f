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

from app import ai
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
from app.screens import (
    actions_html,
    game_over_html,
    gamebar_html,
    log_html,
    replay_bar_html,
    replay_controls_html,
    status_html,
)
from app.since import Mark, summary_html, summary_lines, turns_since
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


def warned_labels(
    module: Any, state: GameState, legal: list[Action], labels: list[str], shown: list[int] | None
) -> list[str]:
    """The labels of the choices that get a button, each with what it would cost that its words do not say
    (the view's optional `action_warning(state, action)`: 'Bring the Gargoyle on at D1 — the Titan could then
    not come on')."""
    if not hasattr(module, "action_warning"):
        return labels
    labelled = list(labels)
    for index in range(len(legal)) if shown is None else shown:
        warning = module.action_warning(state, legal[index])
        if warning:
            labelled[index] = f"{labels[index]} \u2014 {warning}"
    return labelled


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
    """Every region of the game screen for `state` (one innerHTML write each).

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
    undoable, undoer = can_undo(game, state, shown, remote), undo_for(game, state, shown, remote)
    decision = decision_now(game, state, shown, stand_in, remote)
    if decision.pass_to is not None:
        return handover_regions(game, state, decision.pass_to, notes)
    standing_in = decision.standing_in
    interactive = decision.by_human
    legal = game.legal_actions(state) if seat is not None else []
    labels = [game.describe_action(state, action) for action in legal] if interactive else []
    viewer = (None if state.is_over else shown) if secret else perspective(state, remote)
    view = game.view(state, viewer)
    ctx = BoardContext(
        game=game,
        state=state,
        view=view,
        actions=legal if interactive else [],
        labels=labels,
        interactive=interactive,
        rolled=rolled,
        seat_names=[s.name for s in state.seats],
        actor=state.last_actor if state.last_action is not None else None,
        previous=previous,
        selected=selected,
    )
    module = view_module(game.id)
    board_key, board_parts = "", None
    if hasattr(module, "render_layers"):
        board_key, board, board_parts = module.render_layers(ctx)
    else:
        board = module.render_board(ctx)
    text = status_text(game, state, ctx)
    if decision.answer is not None and seat is not None:  # a Pass played for her (decision.automatic_pass)
        text = f"{state.seats[seat].name} has nothing to play now and passes."
    thinking = seat is not None and not interactive
    if standing_in and stand_in is not None and seat is not None:
        text = f"{stand_in.level_name} is fighting this battle for {state.seats[seat].name}…"
    if decision.remote and seat is not None:
        text = remote_waiting(state, seat)
    if state.is_over:
        final = module.final_html(view) if hasattr(module, "final_html") else ""  # the game's own end screen
        lines = result_lines(game, state)
        actions = game_over_html(lines[:1] if final else lines, can_replay(state), final)
    else:
        waiting = f"{state.seats[seat].name} is deciding…" if seat is not None else ""
        if decision.answer is not None or decision.remote:
            waiting = text
        if standing_in and stand_in is not None and seat is not None:
            waiting = f"{stand_in.level_name} decides for {state.seats[seat].name}; Stop, at the top, hands it back."
        module = view_module(game.id)
        icons = groups = details = ends_turn = shown = None
        hidden_note = ""
        if interactive:
            dumped = [action.model_dump() for action in legal]
            if hasattr(module, "action_icon"):
                icons = [module.action_icon(data) for data in dumped]
            if len(legal) > 6 and (hasattr(module, "action_group_of") or hasattr(module, "action_group")):
                groups = [choice_group(module, view, data) for data in dumped]
            if hasattr(module, "action_detail"):
                details = [module.action_detail(view, data) for data in dumped]
            turn_enders = getattr(module, "ENDS_TURN", frozenset())
            ends_turn = [data.get("kind") in turn_enders for data in dumped]
            if hasattr(module, "shown_actions"):
                shown, hidden_note = module.shown_actions(ctx)
            labels = warned_labels(module, state, legal, labels, shown)
        actions = actions_html(
            labels,
            interactive=interactive,
            waiting_text=waiting,
            icons=icons,
            groups=groups,
            details=details,
            ends_turn=ends_turn,
            shown=shown,
            hidden_note=hidden_note,
        )
        note = module.choices_note(ctx) if interactive and hasattr(module, "choices_note") else None
        if note:
            actions = f"<p class='choices-note'>{esc(note)}</p>{actions}"
        if interactive and seat is not None and state.seats[seat].hints and len(legal) > 1:
            actions = hint_box_html(game) + actions
        offer = battle_offer(game, state) if interactive and seat is not None else []
        if offer and seat is not None:
            actions = battle_offer_html(state.seats[seat].name, offer) + actions
        if interactive and since is not None:
            told = summary_lines(turns_since(state, since), getattr(module, "turn_summary", None))
            actions = summary_html(told) + actions
    status = status_html(text, thinking=thinking, over=state.is_over, seat=seat)
    if stand_in is not None and not state.is_over and not interactive:  # (not while another human decides)
        status += stand_in_stop_html(stand_in, state.seats[stand_in.seat].name)
    return Regions(
        gamebar=gamebar_html(game.title, undoable, state.is_over, can_replay(state), undo_for=undoer),
        status=status,
        board=board,
        actions=actions,
        log=_log(state, notes),
        legal=legal,
        status_text=text,
        view=view,
        board_key=board_key,
        board_parts=board_parts,
    )


def remote_waiting(state: GameState, seat: int) -> str:
    """The words while a friend on another device decides (escaped where drawn)."""
    return f"{state.seats[seat].name} is deciding on his device…"


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
        state=state,
        view=view,
        actions=[],
        labels=[],
        interactive=False,
        rolled=bool(before is not None and state.last_chance),
        seat_names=[s.name for s in state.seats],
        actor=state.last_actor if before is not None else None,
        previous=game.view(before, viewer) if before is not None else None,
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
