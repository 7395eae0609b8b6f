"""The screens as pure functions from plain data to HTML strings (no DOM access, testable under CPython).

Every text that comes from a player or a save string (names above all) is
escaped with `esc` before it is placed in markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from app.markup import attrs, button, esc
from app.options_form import OptionField, render_fields
from app.storage import SavedGame, format_date

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


# -- home -------------------------------------------------------------------------------------


@dataclass
class HomeData:
    """What the home screen shows."""

    games: list[SavedGame]
    last: SavedGame | None
    damaged: list[str] = field(default_factory=list)
    storage_ok: bool = True
    pending_delete: str | None = None
    timezone_offset: int = 0
    unopenable: dict[str, str] = field(default_factory=dict)  # id -> why this version cannot open it
    confirm_clear: bool = False  # "Delete the finished games?" asked
    catalog: list[tuple[str, str, int, int, str]] = field(default_factory=list)  # id, title, players, line


def _players_text(players: Sequence[str]) -> str:
    """Player names joined for a list line (escaped by the caller)."""
    return ", ".join(players)


def saved_game_html(entry: SavedGame, data: HomeData) -> str:
    """One row of the saved-game list with Open and Delete."""
    status = "Finished" if entry.finished else entry.turn
    label = entry.extra.get("variant")
    variant = f"<span class='saved-variant'> · {esc(label)}</span>" if isinstance(label, str) and label else ""
    problem = ""
    if entry.id in data.unopenable:
        problem = f"<span class='saved-problem'>{esc(data.unopenable[entry.id])} It is kept here, untouched.</span>"
    if data.pending_delete == entry.id:
        controls = (
            "<span class='confirm-text'>Delete this game?</span>"
            + button("Delete", cls="btn btn-danger", cmd="confirm-delete", id=entry.id)
            + button("Keep", cls="btn", cmd="cancel-delete", id=entry.id)
        )
    else:
        controls = button("Open", cls="btn btn-primary", cmd="open", id=entry.id) + (
            f"<button{attrs(type='button', class_='btn btn-ghost', data_cmd='delete', data_id=entry.id)}"
            f"{attrs(aria_label=f'Delete {entry.title} with {_players_text(entry.players)}')}>Delete</button>"
        )
    return (
        f"<li class='saved'{attrs(data_save_id=entry.id)}>"
        f"<div class='saved-info'><span class='saved-game'>{esc(entry.title)}{variant}</span>"
        f"<span class='saved-players'>{esc(_players_text(entry.players))}</span>"
        f"<span class='saved-meta'><time>{esc(format_date(entry.updated, data.timezone_offset))}</time>"
        f" · {esc(status)}</span>{problem}</div>"
        f"<div class='saved-controls'>{controls}</div></li>"
    )


def _hero_dice() -> str:
    """A decorative row of the six Titan Dice faces."""
    from app.views.dice_art import FACES_ORDER, die, symbol_defs

    dice = "".join(die(4 + i * 46, 4, 38, face) for i, face in enumerate(FACES_ORDER))
    return (
        f"{symbol_defs()}<svg class='hero-dice' viewBox='0 0 {8 + 46 * len(FACES_ORDER) - 8} 46' aria-hidden='true' "
        f"focusable='false'>{dice}</svg>"
    )


def _race_picture() -> str:
    """A few hexagonal spaces of a circuit with three Titans racing up it."""
    import math

    size = 11.0  # flat-topped hexagons: columns 1.5 sizes apart, rows sqrt(3) sizes, odd columns half a row down
    step = math.sqrt(3) * size

    def hexagon(x: float, y: float) -> str:
        points = " ".join(
            f"{x + size * math.cos(math.radians(a)):.1f},{y + size * math.sin(math.radians(a)):.1f}"
            for a in range(0, 360, 60)
        )
        return f"<polygon points='{points}' class='pic-hex'/>"

    def centre(column: int, row: int) -> tuple[float, float]:
        return 12 + 1.5 * size * column, 12 + step * row + (step / 2 if column % 2 else 0)

    spaces = [centre(column, row) for column in range(5) for row in range(3)]
    tokens = [(*centre(1, 2), "#dc2626"), (*centre(2, 1), "#2563eb"), (*centre(3, 0), "#16a34a")]
    return (
        "<svg class='game-pic' viewBox='0 0 90 80' aria-hidden='true' focusable='false'>"
        + "".join(hexagon(x, y) for x, y in spaces)
        + "".join(
            f"<circle cx='{x:.1f}' cy='{y:.1f}' r='6.5' fill='{c}' stroke='#0f172a' stroke-width='1.5'/>"
            for x, y, c in tokens
        )
        + "</svg>"
    )


def _dice_picture() -> str:
    """Three Titan Dice faces, the way a roll lands."""
    from app.views.dice_art import die

    return (
        "<svg class='game-pic' viewBox='0 0 90 80' aria-hidden='true' focusable='false'>"
        + die(4, 6, 38, "chimera")
        + die(46, 14, 38, "kraken")
        + die(22, 40, 38, "minotaur")
        + "</svg>"
    )


def _titan_picture() -> str:
    """Three masterboard lands (the long-and-short-sided hexagons) with two legion markers."""
    lands = (
        ("8,18 40,18 48,32 32,60 16,60 0,32", "#dbe8a4"),
        ("48,32 80,32 88,46 72,74 56,74 40,46", "#b7b15a"),
        ("40,4 72,4 80,18 64,46 48,46 32,18", "#8e3b2b"),
    )
    shapes = "".join(f"<polygon points='{points}' fill='{fill}' class='pic-land'/>" for points, fill in lands)
    markers = (
        "<rect x='14' y='28' width='20' height='20' rx='3' fill='#1d4ed8'/>"
        "<text x='24' y='42' font-size='10' font-weight='700' fill='#fff' text-anchor='middle'>7</text>"
        "<rect x='54' y='40' width='20' height='20' rx='3' fill='#b91c1c'/>"
        "<text x='64' y='54' font-size='10' font-weight='700' fill='#fff' text-anchor='middle'>4</text>"
    )
    return (
        "<svg class='game-pic' viewBox='0 0 90 80' aria-hidden='true' focusable='false'>" + shapes + markers + "</svg>"
    )


GAME_PICTURES = {"titan_dice": _dice_picture, "titan_race": _race_picture, "titan": _titan_picture}


def _players_range(low: int, high: int) -> str:
    return f"{low} player" if low == high == 1 else (f"{low} players" if low == high else f"{low}–{high} players")


def games_html(data: HomeData) -> str:
    """A card per game: a picture, what it is in a line, who plays, and buttons to start one or read its rules."""
    cards = []
    for game_id, title, low, high, line in data.catalog:
        picture = GAME_PICTURES.get(game_id, lambda: "")()
        cards.append(
            f"<li class='game-card'>{picture}<div class='game-card-body'>"
            f"<h3>{esc(title)}</h3><p class='game-line'>{esc(line)}</p>"
            f"<p class='game-players'>{esc(_players_range(low, high))}</p>"
            "<div class='game-card-buttons'>"
            f"<button{attrs(type='button', class_='btn btn-primary', data_cmd='new', data_game=game_id)}>"
            f"Play {esc(title)}</button>"
            f"<button{attrs(type='button', class_='btn', data_cmd='rules', data_game=game_id)}>Rules</button>"
            "</div></div></li>"
        )
    if not cards:
        return ""
    return (
        "<section class='games-section' aria-labelledby='games-title'><h2 id='games-title'>Games</h2>"
        f"<ul class='game-cards'>{''.join(cards)}</ul></section>"
    )


def _clear_finished_html(data: HomeData) -> str:
    """'Delete the finished games (N)', with a confirmation step; '' when none is finished."""
    finished = sum(1 for entry in data.games if entry.finished)
    if not finished:
        return ""
    if data.confirm_clear:
        return (
            f"<p class='clear-finished'><span class='confirm-text'>Delete the {finished} finished game(s)?</span>"
            + button("Delete them", cls="btn btn-danger", cmd="confirm-clear")
            + button("Keep them", cls="btn", cmd="cancel-clear")
            + "</p>"
        )
    return (
        "<p class='clear-finished'>"
        + button(f"Delete the finished games ({finished})", cls="btn btn-ghost", cmd="clear-finished")
        + "</p>"
    )


def home_html(data: HomeData) -> str:
    """The home screen: continue, new game, import, saved games."""
    hero_buttons = []
    if data.last is not None and not data.last.finished:
        last = data.last
        hero_buttons.append(
            f"<button{attrs(type='button', class_='btn btn-primary btn-big', data_cmd='open', data_id=last.id)}>"
            f"<span class='btn-title'>Continue</span>"
            f"<span class='btn-sub'>{esc(last.title)} · {esc(_players_text(last.players))} · {esc(last.turn)}</span>"
            "</button>"
        )
    hero_buttons.append(
        "<button type='button' class='btn btn-big btn-accent' data-cmd='new'>"
        "<span class='btn-title'>New game</span><span class='btn-sub'>Choose a game, players and AI</span></button>"
    )
    hero_buttons.append(
        "<button type='button' class='btn btn-big' data-cmd='import'>"
        "<span class='btn-title'>Open a save string</span><span class='btn-sub'>Paste one a friend shared</span>"
        "</button>"
    )
    if data.games:
        listing = _clear_finished_html(data) + (
            "<ul class='saved-list'>" + "".join(saved_game_html(g, data) for g in data.games) + "</ul>"
        )
    elif data.storage_ok:
        listing = "<p class='empty'>No saved games yet. Games are saved in this browser after every move.</p>"
    else:
        listing = "<p class='empty'>Saved games are not available in this browser.</p>"
    damaged = ""
    if data.damaged:
        damaged = (
            f"<p class='damaged'>{len(data.damaged)} saved game(s) could not be read and are not listed. "
            "They are kept untouched.</p>"
        )
    return (
        "<section class='home' aria-labelledby='home-title'>"
        f"<div class='hero'>{_hero_dice()}<h1 id='home-title'>Titan Table</h1>"
        "<p class='tagline'>Board games of the Titan family, played right here in your browser.</p>"
        f"<div class='hero-buttons'>{''.join(hero_buttons)}</div></div>{games_html(data)}"
        f"<section class='saved-section' aria-labelledby='saved-title'><h2 id='saved-title'>Saved games</h2>"
        f"{damaged}{listing}</section></section>"
    )


# -- setup ------------------------------------------------------------------------------------


@dataclass
class SeatForm:
    """One seat as the setup form holds it."""

    name: str
    kind: str = "human"  # "human" or "ai"
    level: int = 1


@dataclass
class SetupData:
    """What the setup screen shows."""

    games: list[tuple[str, str, int, int]]  # (id, title, min players, max players)
    game_id: str
    num_players: int
    seats: list[SeatForm]
    levels: list[tuple[int, str]]
    option_fields: list[OptionField]
    option_values: dict[str, str]
    seed: str = ""
    error: str = ""
    solo_note: str = ""
    hints: bool = False  # human seats may ask what the strongest level would play
    level_notes: dict[int, str] = field(default_factory=dict)  # how each level plays, a line under its select


def setup_html(data: SetupData) -> str:
    """The new-game form: game, players, seats, variant options, seed."""
    game_options = "".join(
        f"<option{attrs(value=gid, selected=gid == data.game_id)}>{esc(title)}</option>"
        for gid, title, _lo, _hi in data.games
    )
    low, high = next(((lo, hi) for gid, _t, lo, hi in data.games if gid == data.game_id), (1, 4))
    count_options = "".join(
        f"<option{attrs(value=n, selected=n == data.num_players)}>{n}{' (solo)' if n == 1 else ''}</option>"
        for n in range(low, high + 1)
    )
    seat_rows = []
    for index, seat in enumerate(data.seats):
        level_options = "".join(
            f"<option{attrs(value=level, selected=level == seat.level)}>{esc(label)}</option>"
            for level, label in data.levels
        )
        note = data.level_notes.get(seat.level, "")
        note_id = f"seat{index}-level-note"
        level_attrs = attrs(
            id=f"seat{index}-level",
            name=f"seat{index}_level",
            data_refresh="1",  # the line under it follows the level chosen
            aria_describedby=note_id if note else None,
        )
        level_control = (
            f"<label class='field seat-level'{attrs(for_=f'seat{index}-level')}><span>AI level</span>"
            f"<select{level_attrs}>{level_options}</select></label>"
            + (f"<small class='help level-note'{attrs(id=note_id)}>{esc(note)}</small>" if note else "")
            if seat.kind == "ai"
            else ""
        )
        kind_options = "".join(
            f"<option{attrs(value=value, selected=value == seat.kind)}>{label}</option>"
            for value, label in (("human", "Human"), ("ai", "Computer (AI)"))
        )
        name_attrs = attrs(
            type="text", id=f"seat{index}-name", name=f"seat{index}_name", value=seat.name, maxlength=32, required=True
        )
        kind_attrs = attrs(id=f"seat{index}-kind", name=f"seat{index}_kind", data_refresh="1")
        seat_rows.append(
            f"<fieldset class='seat seat-{index}'><legend>Seat {index + 1}</legend>"
            f"<label class='field seat-name'{attrs(for_=f'seat{index}-name')}><span>Name</span>"
            f"<input{name_attrs}></label>"
            f"<label class='field seat-kind'{attrs(for_=f'seat{index}-kind')}><span>Player</span>"
            f"<select{kind_attrs}>{kind_options}</select></label>"
            f"{level_control}</fieldset>"
        )
    options_html = render_fields(data.option_fields, data.option_values, data.num_players)
    options_block = (
        f"<fieldset class='options'><legend>Variant options</legend>{options_html}</fieldset>" if options_html else ""
    )
    error = f"<p class='form-error' role='alert' tabindex='-1'>{esc(data.error)}</p>" if data.error else ""
    seed_attrs = attrs(
        type="text", id="setup-seed", name="seed", value=data.seed, inputmode="numeric", placeholder="random"
    )
    solo = f"<p class='solo-note'>{esc(data.solo_note)}</p>" if data.solo_note else ""
    hints_attrs = attrs(type="checkbox", id="setup-hints", name="hints", value="1", checked=data.hints)
    hint_name = max(data.levels, default=(1, "strongest"))[1]  # hints think at the game's strongest level
    return (
        "<section class='setup' aria-labelledby='setup-title'>"
        "<h1 id='setup-title'>New game</h1>"
        "<form id='setup-form' class='setup-form' autocomplete='off' onsubmit='return false'>"
        "<div class='setup-row'>"
        f"<label class='field' for='setup-game'><span>Game</span><select id='setup-game' name='game' data-refresh='1'>"
        f"{game_options}</select></label>"
        f"<label class='field' for='setup-count'><span>Players</span><select id='setup-count' name='num_players' "
        f"data-refresh='1'>{count_options}</select></label></div>{solo}"
        f"<div class='seats'>{''.join(seat_rows)}</div>"
        f"{options_block}"
        "<fieldset class='hints-box'><legend>Help</legend>"
        f"<label class='check' for='setup-hints'><input{hints_attrs}>"
        f"<span>Hints: a human player may ask what the {esc(hint_name)} computer would play (it is shown, never "
        "played)</span></label></fieldset>"
        "<fieldset class='seed-box'><legend>Seed</legend>"
        "<label class='field' for='setup-seed'><span>Seed (optional)</span>"
        f"<input{seed_attrs}></label>"
        "<small class='help'>Leave blank for random dice; the same seed and moves give the same game.</small>"
        "</fieldset>"
        f"{error}"
        "<div class='form-buttons'>"
        + button("Back", cls="btn", cmd="home")
        + button("Rules", cls="btn", cmd="rules")
        + button("Start game", cls="btn btn-primary btn-wide", cmd="start")
        + "</div></form></section>"
    )


# -- game -------------------------------------------------------------------------------------


def game_layout_html(title: str, panel: str = "Choices") -> str:
    """The game screen's regions (each is then rewritten on its own); `panel`: the choices panel's title."""
    return (
        f"<section class='game' aria-label='{esc(title)}'>"
        "<div id='gamebar' class='gamebar'></div>"
        "<p id='status' class='status' role='status' aria-live='polite'></p>"
        "<div class='game-main'>"
        "<div id='board' class='board-wrap'></div>"
        "<aside class='side'>"
        "<section class='actions-box' aria-labelledby='actions-title'><div class='box-head'>"
        f"<h2 id='actions-title' class='box-title'>{esc(panel)}</h2>"
        "<button type='button' class='btn btn-small choices-toggle' data-cmd='toggle-choices' "
        "aria-controls='actions' aria-expanded='true'>Hide</button></div>"
        "<div id='actions' class='actions'></div></section>"
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
    if not lines:
        return "<li class='empty'>Nothing has happened yet.</li>"
    first_new = len(lines) - last_lines
    if not turns:
        shown = list(enumerate(lines))[-limit:]
        shown.reverse()
        return "".join(f"<li{LAST if number >= first_new else ''}>{esc(line)}</li>" for number, line in shown)
    starts = [(0, "Set-up")] if turns[0][0] > 0 else []
    starts += [(start, heading) for start, heading in turns]
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
    return "".join(items)


def game_over_html(lines: Sequence[str], can_replay: bool = False) -> str:
    """The final result panel shown in the action bar when the game ends (with a replay when it can be had)."""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return (
        f"<div class='result'><ul class='result-list'>{items}</ul>"
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


def share_dialog_html(save: str, link: str, message: str = "") -> str:
    """The save/share dialog: the save string and the link, with copy buttons."""
    msg = f"<p class='dialog-msg' role='status'>{esc(message)}</p>" if message else "<p class='dialog-msg'></p>"
    return (
        "<form method='dialog' class='dialog-body' onsubmit='return false'>"
        "<h2 id='dialog-title'>Save and share</h2>"
        "<p>This game is saved in this browser after every move. To keep it elsewhere or share it, copy its save "
        "string or a link that opens it.</p>"
        "<label class='field' for='share-save'><span>Save string</span>"
        f"<textarea id='share-save' readonly rows='4' spellcheck='false'>{esc(save)}</textarea></label>"
        "<label class='field' for='share-link'><span>Link</span>"
        f"<input{attrs(id='share-link', type='text', readonly=True, value=link, spellcheck='false')}></label>"
        f"{msg}<div class='form-buttons'>"
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
        f"<textarea id='import-text' rows='5' spellcheck='false' placeholder='TT.1.…'>{esc(text)}</textarea></label>"
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
