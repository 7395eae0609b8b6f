"""The page's frame, the game screen's pieces, the rules and the dialogs as HTML from plain data (no DOM).

Every text that comes from a player or a save string (names above all) is
escaped with `esc` before it is placed in markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.markup import attrs, button, esc

APP_TITLE = "Titan Table"


def shell_html() -> str:
    """The frame written once at start-up: header, screen region, notices, dialog."""
    return (
        "<div class='shell'>"
        "<header class='topbar'><a class='brand' href='#' data-cmd='home' aria-label='Titan Table home'>"
        "<svg class='brand-mark' viewBox='0 0 24 24' aria-hidden='true' focusable='false'>"
        "<rect x='2' y='2' width='20' height='20' rx='5' fill='#facc15'/><g fill='#1f2a44'>"
        "<circle cx='7.5' cy='7.5' r='2'/><circle cx='16.5' cy='16.5' r='2'/><circle cx='12' cy='12' r='2'/>"
        "<circle cx='16.5' cy='7.5' r='2'/><circle cx='7.5' cy='16.5' r='2'/></g></svg><span>Titan Table</span></a>"
        "<span id='topbar-extra' class='topbar-extra'></span></header>"
        "<div id='notice' class='notice-area' role='status' aria-live='polite'></div>"
        "<main id='screen' class='screen' tabindex='-1'></main>"
        "<dialog id='dialog' class='dialog' aria-labelledby='dialog-title'></dialog>"
        "</div>"
    )


def notice_html(messages: Sequence[tuple[str, str]]) -> str:
    """Dismissable notices: (kind, text) with kind "info", "warn" or "error"."""
    if not messages:
        return ""
    items = "".join(f"<div class='notice notice-{esc(kind)}'><span>{esc(text)}</span></div>" for kind, text in messages)
    return items + button("Dismiss", cls="btn btn-small btn-ghost notice-close", cmd="dismiss")


# -- game -------------------------------------------------------------------------------------


def game_layout_html(title: str, panel: str = "Choices", *, friends: bool = False) -> str:
    """The game screen's regions (each is then rewritten on its own); `panel`: the choices panel's title;
    `friends`: a game with friends on other devices (a strip under the status line, and the Friends panel)."""
    strip = "<p id='friends-strip' class='friends-strip'></p>" if friends else ""
    box = (
        "<section class='friends-box' aria-labelledby='friends-title'>"
        "<h2 id='friends-title' class='box-title'>Friends</h2><div id='friends' class='friends'></div></section>"
        if friends
        else ""
    )
    return (
        f"<section class='game' aria-label='{esc(title)}'>"
        "<div id='gamebar' class='gamebar'></div>"
        "<p id='status' class='status' role='status' aria-live='polite'></p>"
        f"{strip}"
        "<div class='game-main'>"
        "<div id='board' class='board-wrap'></div>"
        "<aside class='side'>"
        "<section class='actions-box' aria-labelledby='actions-title'><div class='box-head'>"
        f"<h2 id='actions-title' class='box-title'>{esc(panel)}</h2>"
        "<button type='button' class='btn btn-small choices-toggle' data-cmd='toggle-choices' "
        "aria-controls='actions' aria-expanded='true'>Hide</button></div>"
        "<div id='actions' class='actions'></div></section>"
        f"{box}"
        "<section class='log-box' aria-labelledby='log-title'><h2 id='log-title' class='box-title'>Log</h2>"
        "<ol id='log' class='log' tabindex='0' aria-label='Game log, newest turn first'></ol></section>"
        "</aside></div></section>"
    )


def gamebar_html(
    title: str, can_undo: bool, is_over: bool, can_replay: bool = False, undo_for: str | None = None
) -> str:
    """The game's menu: undo, share, replay (when every move is known), rules, home.

    `undo_for`: in a hot-seat game, the name of the player an Undo acts for (the one at the device)."""
    undo = button(
        "Undo",
        cls="btn btn-small",
        cmd="undo",
        disabled=not can_undo,
        title=f"Take back {undo_for}'s last decision (never past a roll, nor past another player's decision)"
        if undo_for
        else "Take back your last decision (never past a roll)",
    )
    return (
        f"<h1 class='game-title'>{esc(title)}{' · Game over' if is_over else ''}</h1>"
        "<nav class='menu' aria-label='Game menu'>"
        + undo
        + button("Save / Share", cls="btn btn-small", cmd="share")
        + (
            button("Replay", cls="btn btn-small", cmd="replay", title="Step through the game from its start")
            if can_replay
            else ""
        )
        + button("Rules", cls="btn btn-small", cmd="rules")
        + button("Home", cls="btn btn-small", cmd="home")
        + "</nav>"
    )


def replay_bar_html(title: str) -> str:
    """The replay's menu: back to the game."""
    return (
        f"<h1 class='game-title'>{esc(title)} · Replay</h1><nav class='menu' aria-label='Replay menu'>"
        + button("Back to the game", cls="btn btn-small", cmd="replay-exit")
        + "</nav>"
    )


def replay_controls_html(index: int, total: int) -> str:
    """Start, back, forward, end and a slider over the moves (index 0 is the start, `total` the last move)."""
    return (
        "<div class='replay-controls'>"
        f"<p class='replay-position'>{'The start' if index == 0 else f'Move {index} of {total}'}</p>"
        f"<input type='range' id='replay-slider' class='replay-slider' min='0' max='{total}' value='{index}' "
        "aria-label='Move shown'>"
        "<div class='replay-buttons'>"
        + button("« Start", cls="btn btn-small", cmd="replay-start", disabled=index == 0)
        + button("‹ Back", cls="btn btn-small", cmd="replay-back", disabled=index == 0)
        + button("Next ›", cls="btn btn-small btn-primary", cmd="replay-forward", disabled=index >= total)
        + button("End »", cls="btn btn-small", cmd="replay-end", disabled=index >= total)
        + "</div><p class='replay-help'>The arrow keys step too.</p></div>"
    )


def status_html(text: str, *, thinking: bool = False, over: bool = False, seat: int | None = None) -> str:
    """The status line's content: who must do what."""
    spinner = "<span class='spinner' aria-hidden='true'></span>" if thinking else ""
    chip = f"<span class='seat-chip seat-bg-{seat}' aria-hidden='true'></span>" if seat is not None else ""
    cls = "status-over" if over else ("status-thinking" if thinking else "status-turn")
    return f"<span class='{cls}'>{chip}{spinner}<span>{esc(text)}</span></span>"


def actions_html(
    labels: Sequence[str],
    *,
    interactive: bool,
    waiting_text: str = "",
    icons: Sequence[str] | None = None,
    groups: Sequence[str] | None = None,
    details: Sequence[str] | None = None,
    ends_turn: Sequence[bool] | None = None,
    shown: Sequence[int] | None = None,
    hidden_note: str = "",
) -> str:
    """The action bar: one button per legal action (data-action = its index), in the engine's order.

    `shown`: only these actions get a button, in that order (a big map's choices are picked on the map,
    select then target); `hidden_note` then says so, above the buttons.

    `icons` are trusted markup made by the view (symbols, never player text); consecutive actions with
    the same non-empty `groups` entry are put under one small heading; `details` is a line of text under
    a label (what the choice does); a choice that `ends_turn` is marked so no key press picks it by default.
    """
    if not interactive:
        return f"<p class='waiting'>{esc(waiting_text)}</p>"
    parts: list[str] = [f"<p class='choices-note'>{esc(hidden_note)}</p>"] if hidden_note else []
    current_group: str | None = None
    for index in range(len(labels)) if shown is None else dict.fromkeys(shown):
        label = labels[index]
        group = groups[index] if groups else ""
        if group != current_group:
            if current_group:
                parts.append("</div>")
            if group:
                parts.append(
                    f"<div class='action-group' role='group' aria-label='{esc(group)}'>"
                    f"<span class='action-group-title'>{esc(group)}</span>"
                )
            current_group = group
        icon = icons[index] if icons else ""
        detail = details[index] if details else ""
        extra = f"<small class='btn-detail'>{esc(detail)}</small>" if detail else ""
        cls = "btn btn-action ends-turn" if ends_turn and ends_turn[index] else "btn btn-action"
        parts.append(
            f"<button{attrs(type='button', class_=cls, data_action=index)}>{icon}"
            f"<span class='btn-label'><span>{esc(label)}</span>{extra}</span></button>"
        )
    if current_group:
        parts.append("</div>")
    return "".join(parts)


LAST = " class='log-last'"  # a line the last move wrote


def log_html(
    lines: Sequence[str],
    turns: Sequence[tuple[int, str]] = (),
    *,
    limit: int = 200,
    open_turns: int = 4,
    last_lines: int = 0,
) -> str:
    """The log, newest turn first: each turn a collapsible group of its lines in the order they happened.

    `turns` are (first line, heading) pairs; the newest `open_turns` groups are open, the older ones folded.
    `last_lines`: how many of the last lines the last move wrote (marked, as the board marks the move).
    Without turns (a game saved before they were kept), the lines show newest first, ungrouped.
    """
    return "".join(log_items(lines, turns, limit=limit, open_turns=open_turns, last_lines=last_lines))


def log_items(
    lines: Sequence[str],
    turns: Sequence[tuple[int, str]] = (),
    *,
    limit: int = 200,
    open_turns: int = 4,
    last_lines: int = 0,
) -> list[str]:
    """`log_html`'s markup as its top-level items (`<li>`s, newest first), joined they are `log_html`: a page
    that wrote the log before writes only the items that changed (app/paint.py)."""
    if not lines:
        return ["<li class='empty'>Nothing has happened yet.</li>"]
    first_new = len(lines) - last_lines
    if not turns:
        shown = list(enumerate(lines))[-limit:]
        shown.reverse()
        return [f"<li{LAST if number >= first_new else ''}>{esc(line)}</li>" for number, line in shown]
    starts = [(start, heading) for start, heading in turns]
    if starts[0][0] > 0:  # the lines before the first turn: under the game's own set-up turn, if it heads one so
        starts = [(0, "Set-up")] + (starts[1:] if starts[0][1] == "Set-up" else starts)
    groups = []
    for position, (start, heading) in enumerate(starts):
        end = starts[position + 1][0] if position + 1 < len(starts) else len(lines)
        if end > start:
            groups.append((start, end, heading))
    items = []
    shown_lines = 0
    for rank, (start, end, heading) in enumerate(reversed(groups)):
        if shown_lines >= limit:
            break
        shown_lines += end - start
        entries = "".join(
            f"<li{LAST if number >= first_new else ''}>{esc(lines[number])}</li>" for number in range(start, end)
        )
        items.append(
            f"<li class='log-turn'><details{' open' if rank < open_turns else ''}>"
            f"<summary>{esc(heading)}</summary><ol class='log-lines'>{entries}</ol></details></li>"
        )
    return items


def game_over_html(lines: Sequence[str], can_replay: bool = False, final: str = "") -> str:
    """The final result panel shown in the action bar when the game ends (with a replay when it can be had);
    `final`: the game's own end screen (markup, already escaped) under the result's head."""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return (
        f"<div class='result'><ul class='result-list'>{items}</ul>{final}"
        + button("New game", cls="btn btn-primary", cmd="new")
        + (button("Replay the game", cls="btn", cmd="replay") if can_replay else "")
        + button("Home", cls="btn", cmd="home")
        + "</div>"
    )


# -- rules, dialogs -------------------------------------------------------------------------------


def rules_html(title: str, rules_body: str, rulings_body: str, *, back_label: str = "Back to the game") -> str:
    """The rules screen: the rulebook, then this edition's values and rulings (both already converted HTML)."""
    rulings = (
        f"<section id='rulings' class='rulings' aria-labelledby='rulings-title'><h2 id='rulings-title'>This "
        f"edition: designed values and rulings</h2>{rulings_body}</section>"
        if rulings_body
        else ""
    )
    nav = (
        "<nav class='rules-nav' aria-label='Rules sections'><a href='#rulebook'>Rulebook</a>"
        "<a href='#rulings'>This edition's values and rulings</a></nav>"
        if rulings_body
        else ""
    )
    return (
        f"<section class='rules' aria-labelledby='rules-title'><div class='rules-bar'>"
        f"{button(back_label, cls='btn btn-primary', cmd='back')}"
        f"<h1 id='rules-title'>{esc(title)}: rules</h1></div>{nav}"
        f"<article id='rulebook' class='rulebook'>{rules_body}</article>{rulings}"
        f"<div class='rules-bar'>{button(back_label, cls='btn', cmd='back')}</div></section>"
    )


def share_dialog_html(save: str, link: str, message: str = "", *, seats: list[tuple[int, str]] | None = None) -> str:
    """The save/share dialog: the save string and the link, with copy buttons; `seats`: the human seats at this
    device that a friend on another device could play from now on (seat, name), each with its button."""
    msg = f"<p class='dialog-msg' role='status'>{esc(message)}</p>" if message else "<p class='dialog-msg'></p>"
    friends = ""
    if seats:
        friends = (
            "<section class='share-friends' aria-labelledby='share-friends-title'>"
            "<h3 id='share-friends-title'>Play with friends on other devices</h3>"
            "<p>A seat played at this device can be played by a friend from his own device: he gets an invite link "
            "on the Friends panel.</p><div class='form-buttons'>"
            + "".join(
                button(f"{name} plays on another device", cls="btn", cmd="friend-seat", id=seat) for seat, name in seats
            )
            + "</div></section>"
        )
    return (
        "<form method='dialog' class='dialog-body' onsubmit='return false'>"
        "<h2 id='dialog-title'>Save and share</h2>"
        "<p>This game is saved in this browser after every move. To keep it elsewhere or share it, copy its save "
        "string or a link that opens it.</p>"
        "<label class='field' for='share-save'><span>Save string</span>"
        f"<textarea id='share-save' readonly rows='4' spellcheck='false'>{esc(save)}</textarea></label>"
        "<label class='field' for='share-link'><span>Link</span>"
        f"<input{attrs(id='share-link', type='text', readonly=True, value=link, spellcheck='false')}></label>"
        f"{friends}{msg}<div class='form-buttons'>"
        + button("Copy save string", cls="btn btn-primary", cmd="copy-save")
        + button("Copy link", cls="btn btn-primary", cmd="copy-link")
        + button("Close", cls="btn", cmd="close-dialog")
        + "</div></form>"
    )


def import_dialog_html(text: str = "", error: str = "") -> str:
    """The import dialog: paste a save string (or a share link)."""
    err = f"<p class='form-error' role='alert'>{esc(error)}</p>" if error else ""
    return (
        "<form method='dialog' class='dialog-body' onsubmit='return false'>"
        "<h2 id='dialog-title'>Open a save string</h2>"
        "<label class='field' for='import-text'><span>Paste a save string or a share link</span>"
        f"<textarea id='import-text' rows='5' spellcheck='false' placeholder='TT.…'>{esc(text)}</textarea></label>"
        f"{err}<div class='form-buttons'>"
        + button("Open game", cls="btn btn-primary", cmd="import-submit")
        + button("Cancel", cls="btn", cmd="close-dialog")
        + "</div></form>"
    )


def confirm_dialog_html(heading: str, text: str, yes: str, *, value: str) -> str:
    """A choice that must be confirmed: what it costs, "Go back" (the default) and the choice itself."""
    return (
        "<form method='dialog' class='dialog-body' onsubmit='return false'>"
        f"<h2 id='dialog-title'>{esc(heading)}</h2><p class='dialog-text'>{esc(text)}</p>"
        "<div class='form-buttons'>"
        + button("Go back", cls="btn btn-primary", cmd="close-dialog")
        + button(yes, cls="btn btn-danger", cmd="confirm-choice", id=value)
        + "</div></form>"
    )
