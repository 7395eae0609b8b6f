"""The home screen as HTML from plain data: the games to start, the saved games, their Open and Delete."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from app.markup import attrs, button, esc
from app.storage import SavedGame, format_date


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


def _born_picture() -> str:
    """A ship on the wine-dark sea sailing from a Point to a Site (a Quest Site with its number)."""
    return (
        "<svg class='game-pic' viewBox='0 0 90 80' aria-hidden='true' focusable='false'>"
        "<rect x='0' y='0' width='90' height='80' rx='8' fill='#a9cfe8'/>"
        "<path d='M0 62 Q18 52 34 60 T70 56 T90 60 V80 H0Z' fill='#e8dcb5'/>"
        "<line x1='14' y1='30' x2='70' y2='22' stroke='#1d4ed8' stroke-width='2' stroke-dasharray='4 3'/>"
        "<circle cx='14' cy='30' r='4' fill='#2563eb' stroke='#0f172a'/>"
        "<circle cx='72' cy='22' r='9' fill='#b91c1c' stroke='#0f172a' stroke-width='1.5'/>"
        "<text x='72' y='26' font-size='11' font-weight='700' fill='#fff' text-anchor='middle'>3</text>"
        "<path d='M26 44 H58 L52 52 H32Z' fill='#7c2d12'/>"
        "<line x1='42' y1='44' x2='42' y2='26' stroke='#422006' stroke-width='2'/>"
        "<path d='M43 27 Q54 33 43 42Z' fill='#fef3c7' stroke='#422006' stroke-width='1'/>"
        "</svg>"
    )


GAME_PICTURES = {
    "titan_dice": _dice_picture,
    "titan_race": _race_picture,
    "titan": _titan_picture,
    "born_of_titans": _born_picture,
}


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
        f"{damaged}{listing}</section>"
        "<p class='home-settings'><button type='button' class='btn btn-ghost' data-cmd='settings'>Settings: "
        "connection servers for playing with friends on other devices</button></p></section>"
    )
