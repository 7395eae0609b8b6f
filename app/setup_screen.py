"""The new-game form as HTML from plain data: game, players, seats and their levels, variant options, seed."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.markup import attrs, button, esc
from app.options_form import OptionField, render_fields


@dataclass
class SeatForm:
    """One seat as the setup form holds it."""

    name: str
    kind: str = "human"  # "human" (at this device), "ai" or "friend" (a friend on another device: remote play)
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
            for value, label in (("human", "Human"), ("ai", "Computer (AI)"), ("friend", "A friend on another device"))
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
