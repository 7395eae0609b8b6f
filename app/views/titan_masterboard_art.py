"""Titan's masterboard as SVG: the lands with their border signs, the terrain legend, legion markers and the
changing overlay (legions, moves, engagements, the movement roll). Shared pieces: `titan_art.py`."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from app.markup import esc
from app.views.titan_art import (
    EXIT_SIGNS,
    EXIT_WORDS,
    HALO,
    MARKER_SIZE,
    MASTERBOARD_VIEWBOX,
    ROLL_DIE,
    TERRAIN_COLOURS,
    TERRAIN_SYMBOLS,
    _ink_class,
    _land_polygon,
    _n,
    _points,
    _side_midpoint,
    _small_svg,
    _swatch,
    _viewbox,
    land_centre,
    legion_spot,
    player_colour,
)
from engine.titan.data import LAND_LABELS, LANDS, Land

# -- the masterboard ----------------------------------------------------------------------------------------


def _towards(centre: tuple[float, float], point: tuple[float, float], fraction: float) -> tuple[float, float]:
    return centre[0] + (point[0] - centre[0]) * fraction, centre[1] + (point[1] - centre[1]) * fraction


def _exit_sign(points: Sequence[tuple[float, float]], centre: tuple[float, float], side: int, kind: str) -> str:
    """A border sign in a land, on the middle of the side it crosses, pointing out of the land."""
    mx, my = _side_midpoint(points, side)
    angle = round(math.degrees(math.atan2(mx - centre[0], centre[1] - my)))  # local -y turned to the outward normal
    return (
        f"<path class='tt-exit tt-exit-{kind.lower()}' transform='translate({_n(mx)},{_n(my)}) rotate({angle})' "
        f"d='{EXIT_SIGNS[kind]}'/>"
    )


def _land(land: Land) -> str:
    points = _land_polygon(land)
    centre = land_centre(land.label)
    fill = TERRAIN_COLOURS.get(land.terrain, "#cccccc")
    # The number by its label side (as printed), the symbol in another short-side corner, clear of the border
    # signs (always on long sides) and of the markers (around the centre), the name in the centre.
    number_x, number_y = _towards(centre, _side_midpoint(points, land.label_side), 0.64)
    symbol_x, symbol_y = _towards(centre, _side_midpoint(points, (land.label_side + 2) % 6), 0.6)
    exits = [f"{EXIT_WORDS[e.kind]} to {e.to}" for e in land.exits]
    title = f"{land.label} {land.terrain}" + (f" (exits: {', '.join(exits)})" if exits else "")
    tower = " tt-tower" if land.is_tower else ""
    return (
        f"<g class='tt-land tt-t-{land.terrain.lower()}{tower}{_ink_class(fill)}' data-land='{land.label}'>"
        f"<title>{esc(title)}</title><polygon points='{_points(points)}' fill='{fill}'/>"
        f"<path class='tt-sym' transform='translate({_n(symbol_x)},{_n(symbol_y)})"
        f"{' scale(1.15)' if land.is_tower else ''}' d='{TERRAIN_SYMBOLS.get(land.terrain, '')}'/>"
        f"<text class='tt-land-name' x='{_n(centre[0])}' y='{_n(centre[1] + 3)}'>{esc(land.terrain)}</text>"
        f"<text class='tt-land-no' x='{_n(number_x)}' y='{_n(number_y + 5)}'>{land.label}</text>"
        + "".join(_exit_sign(points, centre, e.side, e.kind) for e in land.exits)
        + "</g>"
    )


def masterboard_map(overlay: str = "") -> str:
    """The static masterboard: the 96 lands with terrain colour, symbol, name, number and border signs."""
    _, _, width, height = MASTERBOARD_VIEWBOX
    lands = "".join(_land(LANDS[label]) for label in LAND_LABELS)
    return (
        f"<svg class='tt-map' viewBox='{_viewbox(MASTERBOARD_VIEWBOX)}' role='group' aria-label='Masterboard'>"
        f"<defs><rect id='tt-mkh' class='tt-mk-halo' x='-{_n(HALO / 2)}' y='-{_n(HALO / 2)}' width='{_n(HALO)}' "
        f"height='{_n(HALO)}' rx='2'/></defs>"
        f"<rect class='tt-map-bg' width='{width}' height='{height}' rx='12'/>"
        f"<g class='tt-lands'>{lands}</g>{overlay}</svg>"
    )


def terrain_legend() -> str:
    """The masterboard's key: each terrain's colour, symbol and name, and the four border signs."""
    rows = [
        f"<li>{_swatch(TERRAIN_COLOURS[terrain], TERRAIN_SYMBOLS[terrain])}{esc(terrain)}</li>"
        for terrain in TERRAIN_COLOURS
    ]
    signs = [
        f"<li><svg class='tt-swatch' viewBox='-20 -2 40 16' aria-hidden='true' focusable='false'>"
        f"<path class='tt-exit tt-exit-{kind.lower()}' d='{path}'/></svg>{EXIT_WORDS[kind]}</li>"
        for kind, path in EXIT_SIGNS.items()
    ]
    return (
        "<div class='tt-legend'><ul class='tt-legend-list'>" + "".join(rows) + "</ul>"
        "<p class='tt-legend-note'>Border signs point out of the land they are drawn in:</p>"
        "<ul class='tt-legend-list'>" + "".join(signs) + "</ul></div>"
    )


# -- legion markers -----------------------------------------------------------------------------------------


def marker_text(code: str, height: object) -> str:
    """The words a legion marker shows ('Bk01 5'): a control's name starts from them (WCAG 2.5.3)."""
    return f"{code} {height}".strip()


def _marker_body(code: str, fill: str, height: object) -> str:
    """A legion marker drawn around the origin: its code above, its height below (ink: `_ink_class(fill)`);
    one text element, so that what it shows reads as `marker_text`."""
    half, size = _n(MARKER_SIZE / 2), _n(MARKER_SIZE)
    return (
        f"<path class='tt-mk' d='M-{half}-{half}h{size}v{size}h-{size}z' fill='{fill}'/>"
        f"<text><tspan class='tt-mk-code' x='0' y='-3'>{esc(code)}</tspan> "
        f"<tspan class='tt-mk-height' x='0' y='10'>{esc(height)}</tspan></text>"
    )


def marker(code: str, colour: str, height: int | None) -> str:
    """A legion marker as a small standalone SVG: its code and height on its player's colour."""
    size = MARKER_SIZE + 8
    words = f"Legion {code}" + (f", {height} characters" if height is not None else "")
    fill = player_colour(colour)
    body = _marker_body(code, fill, "" if height is None else height)
    return _small_svg(f"tt-marker{_ink_class(fill)}", size, words, body)


def _offsets(count: int) -> list[tuple[float, float]]:
    """Where several markers on one land stand around its centre, so that each can be read."""
    if count <= 1:
        return [(0.0, 0.0)]
    if count == 2:
        return [(-15.0, 0.0), (15.0, 0.0)]
    columns = 2 if count <= 4 else 3
    rows = math.ceil(count / columns)
    step = 26.0
    offsets = []
    for i in range(count):
        row, column = divmod(i, columns)
        in_row = min(columns, count - row * columns)
        offsets.append(((column - (in_row - 1) / 2) * step, (row - (rows - 1) / 2) * step))
    return offsets


def _legion_words(legion: Mapping[str, Any], owner: str) -> str:
    """A legion's title: marker, owner, height, land and what the viewer knows of it."""
    height = int(legion.get("height") or 0)
    land = LANDS.get(int(legion.get("land", 0)))
    where = f" in {land.label} {land.terrain}" if land is not None else ""
    words = f"{legion.get('marker', '')} ({owner}): {height}{where}"
    contents = legion.get("contents")
    if contents is not None:
        return f"{words}: {', '.join(str(n) for n in contents)}"
    known = [str(n) for n in legion.get("known") or ()]
    unknown = max(0, height - len(known))
    if known:
        return f"{words}: {', '.join(known)}" + (f" and {unknown} unknown" if unknown else "")
    return words


def masterboard_overlay(
    legions: Sequence[Mapping[str, Any]],
    players: Sequence[Mapping[str, Any]],
    *,
    targets: Iterable[tuple[int, int, str]] = (),
    selected: str | None = None,
    highlights: Iterable[int] = (),
    selectable: Iterable[tuple[str, str, str]] = (),
    inspectable: Iterable[tuple[str, str, str]] = (),
    roll: int = 0,
) -> str:
    """The masterboard's changing layer: tinted lands, target lands (data-action), legion markers, and the
    movement roll (`roll`, 0: none yet) as a die in the board's empty corner.

    `targets`: (land, action index, label), one per land (the first wins); `selectable`: (marker, select key,
    label) for legions the player may pick (data-select); `inspectable`: the same for the other legions, picked
    only to show what is known of them; `selected`: the picked legion's marker, ringed.
    Markers on a target land let taps through to it (class `tt-pass`) unless they are choices themselves (the
    picked legion on a land it may move to, round a loop, lets them through too); the targets are drawn over
    the markers, so that a marker drawn larger on a phone never covers a land the legion may reach.
    """
    parts = ["<g class='tt-overlay'>"]
    for label in dict.fromkeys(highlights):
        if label in LANDS:
            parts.append(f"<polygon class='tt-highlight' points='{_points(_land_polygon(LANDS[label]))}'/>")
    seen: set[int] = set()
    lit: list[str] = []  # drawn over the markers: a marker drawn larger on a phone never hides a land to reach
    for label, index, words in targets:
        if label not in LANDS or label in seen:
            continue
        seen.add(label)
        lit.append(
            f"<polygon class='tt-target' points='{_points(_land_polygon(LANDS[label]))}' "
            f"data-action='{int(index)}' role='button' tabindex='0' aria-label='{esc(words)}'>"
            f"<title>{esc(words)}</title></polygon>"
        )
    picks = {str(code): (str(key), str(words)) for code, key, words in selectable}
    looks = {str(code): (str(key), str(words)) for code, key, words in inspectable}
    by_land: dict[int, list[Mapping[str, Any]]] = {}
    for legion in legions:
        land = int(legion.get("land") or 0)
        if land in LANDS:
            by_land.setdefault(land, []).append(legion)
    for label, here in by_land.items():
        cx, cy = legion_spot(label)
        for legion, (dx, dy) in zip(here, _offsets(len(here)), strict=True):
            owner = legion.get("owner")
            player = players[owner] if isinstance(owner, int) and 0 <= owner < len(players) else {}
            code = str(legion.get("marker", ""))
            title = _legion_words(legion, str(player.get("name", "?")))
            is_selected = selected is not None and code == selected
            fill = player_colour(str(player.get("colour", "")))
            classes = "tt-legion" + _ink_class(fill) + (" is-selected" if is_selected else "")
            classes += " tt-solo" if len(here) == 1 else ""  # alone on its land: drawn larger on a phone
            pick = ""
            shown = marker_text(code, legion.get("height", ""))
            if code in picks and not (is_selected and label in seen):  # a picked legion on its own target land
                key, words = picks[code]  # (a move round a loop) lets the tap through to that land
                classes += " tt-pick"
                pick = f" data-select='{esc(key)}' role='button' tabindex='0' aria-label='{esc(shown)}: {esc(words)}'"
            elif label in seen:
                classes += " tt-pass"
            elif code in looks:
                key, words = looks[code]
                classes += " tt-look"
                pick = f" data-select='{esc(key)}' role='button' aria-label='{esc(shown)}: {esc(words)}'"
            ring = "<path class='tt-ring' d='M-18-18h36v36h-36z'/>" if code in picks or is_selected else ""
            # --dx, --dy: its place round the land's spot, so that markers drawn larger on a phone fan out
            fan = f" style='--dx:{_n(dx)};--dy:{_n(dy)}'" if dx or dy else ""
            parts.append(
                f"<g class='{classes}' transform='translate({_n(cx + dx)},{_n(cy + dy)})'{fan}{pick}>"
                f"<title>{esc(title)}</title>{ring}<use href='#tt-mkh'/>"
                f"{_marker_body(code, fill, legion.get('height', ''))}</g>"
            )
    parts.extend(lit)
    if roll:
        parts.append(roll_die(roll))
    parts.append("</g>")
    return "".join(parts)


PIPS: dict[int, tuple[tuple[int, int], ...]] = {  # a die face's pips on a 3 x 3 grid (column, row)
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def roll_die(roll: int) -> str:
    """The movement roll as a die in the masterboard's empty top-left corner (seen at once, on a phone too)."""
    x, y, size = ROLL_DIE
    step = size / 4
    pips = "".join(
        f"<circle cx='{_n(x + step * (1 + col))}' cy='{_n(y + step * (1 + row))}' r='{_n(size / 11)}'/>"
        for col, row in PIPS.get(int(roll), ())
    )
    words = f"Movement roll: {int(roll)}"
    return (
        f"<g class='tt-map-roll' role='img' aria-label='{words}'><title>{words}</title>"
        f"<rect x='{_n(x)}' y='{_n(y)}' width='{_n(size)}' height='{_n(size)}' rx='{_n(size / 6)}'/>{pips}</g>"
    )
