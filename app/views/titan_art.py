"""Titan's boards and counters as SVG strings: the masterboard, the battlelands, legion markers, characters.

Pure functions of plain data (the engine's view dicts, `engine.titan.data` for the printed components); no
DOM. Each map is one coordinate system, its static layer drawn once (`masterboard_map`, `battleland_map`)
and an overlay `<g class='tt-overlay'>` redrawn on every change (`masterboard_overlay`, `battleland_overlay`)
that the caller places in the same `<svg>` (the map functions take it as `overlay`, drawn last).

**Masterboard frame**: `MASTERBOARD_VIEWBOX`, 1 board unit of the data's polygons = `BOARD_SCALE` px, plus a
margin; origin top-left, y downward. `land_centre(label)`; `legion_spot(label)`: where its markers gather.
**Battleland frame**: `BATTLELAND_VIEWBOX`, regular flat-topped hexes of corner radius `HEX_RADIUS`; the
engine's integer frame `battlemap.hex_centre` (x unit = half a corner radius, y unit = the inner radius)
scaled and shifted (`battle_hex_centre(label)`).

Never colour alone: every terrain and hazard carries a symbol and its name, hexside features a line style
with marks on the owning (upper, sand) side, markers their code, characters their name and factors, the
two sides of a battle a letter (A, D). Choices carry `data-action` (a legal action's index) or `data-select`
(a key the app hands back), `role='button'`, `tabindex='0'`, an `aria-label` and a `<title>`.
Styles (classes `tt-*`): `assets/titan.css`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from app.markup import esc
from engine.titan.battlemap import hex_centre
from engine.titan.data import BATTLELANDS, HEX_LABELS, HEX_NEIGHBORS, LAND_LABELS, LANDS, Land

# -- colours ------------------------------------------------------------------------------------------------

DARK_INK = "#111827"
LIGHT_INK = "#ffffff"

TERRAIN_COLOURS: dict[str, str] = {  # masterboard terrains
    "Plains": "#dbe8a4",
    "Woods": "#6cbf5a",
    "Brush": "#b7b15a",
    "Hills": "#cf9f62",
    "Jungle": "#1d6b3b",
    "Desert": "#f2dc9c",
    "Marsh": "#9db2c6",
    "Swamp": "#4e5a27",
    "Tower": "#b9b7b2",
    "Mountains": "#8e3b2b",
    "Tundra": "#e9f3fb",
}
HAZARD_COLOURS: dict[str, str] = {  # battle hexes, at elevation 0 (higher hexes are lighter)
    "Plains": "#d6cc9f",
    "Brambles": "#9bb862",
    "Sand": "#efcf7a",
    "Bog": "#8f7f6a",
    "Drift": "#cfe6f7",
    "Tree": "#2d6e30",
    "Volcano": "#b8401a",
    "Tower": "#a29d95",
}
ELEVATION_LIGHTEN = {"Plains": 0.3}  # per level of elevation (the cards show higher ground lighter)
HAZARD_LIGHTEN = 0.12  # other hazards change less, to stay recognisable
PLAYER_COLOURS: dict[str, str] = {
    "Black": "#1f2937",
    "Blue": "#1d4ed8",
    "Brown": "#7c4a1e",
    "Gold": "#facc15",
    "Green": "#15803d",
    "Red": "#b91c1c",
}
UNKNOWN_PLAYER = "#6b7280"

# -- symbols (paths in a box of about 20 x 20 around the origin, stroked in the ink of their fill) --------

TREE_PATH = "M0,9V4M-7,4L0,-9L7,4Z"
SNOW_PATH = "M0,-8V8M-7,-4L7,4M-7,4L7,-4"
CASTLE_PATH = "M-7,8V-4h3v3h3v-3h2v3h3v-3h3V8Z"
TERRAIN_SYMBOLS: dict[str, str] = {
    "Plains": "M-9,6H9M-5,6l-1,-6M0,6v-8M5,6l1,-6",
    "Woods": TREE_PATH,
    "Brush": "M-9,6H9M-7,6q-1,-6 3,-6q1,-5 5,-2q4,-3 5,2q3,1 1,6",
    "Hills": "M-10,6q5,-12 10,0q5,-9 10,0",
    "Jungle": "M0,9V-1M0,-1q-5,-5 -9,-1M0,-1q5,-5 9,-1M0,-1q-2,-6 -6,-8M0,-1q2,-6 6,-8",
    "Desert": "M0,9V-7M0,3h-4v-5M0,1h4v-6M-9,9H9",
    "Marsh": "M-9,8H9M-5,8V-1M0,8V-5M5,8V0M-6,-1h2M-1,-5h2M4,0h2",
    "Swamp": "M-9,0q2.25,-3 4.5,0t4.5,0t4.5,0t4.5,0M-9,6q2.25,-3 4.5,0t4.5,0t4.5,0t4.5,0",
    "Tower": CASTLE_PATH,
    "Mountains": "M-10,7L-4,-6L0,0L3,-4L10,7Z",
    "Tundra": SNOW_PATH,
}
HAZARD_SYMBOLS: dict[str, str] = {
    "Brambles": "M-7,0H7M0,-7V7M-5,-5L5,5M5,-5L-5,5",
    "Sand": "M-6,2h0M0,-3h0M6,2h0M-3,7h0M3,7h0M-3,-7h0M3,-7h0",
    "Bog": "M-8,-2q2,-3 4,0t4,0t4,0t4,0M-6,4q2,-3 4,0t4,0t4,0",
    "Drift": SNOW_PATH,
    "Tree": TREE_PATH,
    "Volcano": "M-9,8L-3,-2H3L9,8ZM-2,-5L-4,-9M2,-5L4,-9M0,-5V-10",
    "Tower": CASTLE_PATH,
}
# Border signs in a frame whose y = 0 is the border and +y points into the land (they point out of it).
EXIT_SIGNS: dict[str, str] = {
    "BLOCK": "M-9,3h18v4h-18Z",
    "ARCH": "M-7,11V8a7,7 0 0 1 14,0v3",
    "ARROW": "M-6,10L0,3L6,10",
    "ARROWS": "M-18,10l6,-7l6,7M-6,10l6,-7l6,7M6,10l6,-7l6,7",
}
EXIT_WORDS: dict[str, str] = {"BLOCK": "Block", "ARCH": "Arch", "ARROW": "Arrow", "ARROWS": "Arrows"}
# Hexside features in a frame whose x axis is the hexside and +y points into the hex that owns the feature.
HEXSIDE_MARKS: dict[str, str] = {
    "Slope": "M-19,0H19M-12,0v6M0,0v6M12,0v6",
    "Dune": "M-20,0q2.5,-4 5,0t5,0t5,0t5,0t5,0t5,0t5,0t5,0M-10,5h0M0,5h0M10,5h0",
    "Cliff": "M-20,0H20M-17,0l3,6l3,-6M-3,0l3,6l3,-6M11,0l3,6l3,-6",
    "Wall": "M-20,0H20M-16,0v5h6v-5M-3,0v5h6v-5M10,0v5h6v-5",
}
HEXSIDE_WORDS: dict[str, str] = {
    "Slope": "Slope: ticks on the upper hex",
    "Dune": "Dune: dots on its sand hex",
    "Cliff": "Cliff: teeth on the hex atop it; no crossing on foot, no contact",
    "Wall": "Wall: battlements on the upper hex",
}

# -- geometry -------------------------------------------------------------------------------------------------

BOARD_SCALE = 16.0  # px per board unit (a land's long side is 4 units)
BOARD_MARGIN = 8.0
_BOARD_W = max(x for land in LANDS.values() for x, _ in land.polygon)
_BOARD_H = max(y for land in LANDS.values() for _, y in land.polygon)
MASTERBOARD_VIEWBOX: tuple[int, int, int, int] = (
    0,
    0,
    math.ceil(_BOARD_W * BOARD_SCALE + 2 * BOARD_MARGIN),
    math.ceil(_BOARD_H * BOARD_SCALE + 2 * BOARD_MARGIN),
)

HEX_RADIUS = 46.0  # centre to corner, px
HEX_INNER = HEX_RADIUS * math.sqrt(3) / 2
HEX_MARGIN = 10.0
BATTLELAND_VIEWBOX: tuple[int, int, int, int] = (
    0,
    0,
    math.ceil(2 * HEX_MARGIN + 19 * HEX_RADIUS / 2),  # centres 0..15 x units, corners 2 more each way
    math.ceil(2 * HEX_MARGIN + 12 * HEX_INNER),  # centres 1..11 y units, corners 1 more each way
)
_HEX_CORNERS = (  # corner k and k + 1 bound side k: 0 up, clockwise
    (-HEX_RADIUS / 2, -HEX_INNER),
    (HEX_RADIUS / 2, -HEX_INNER),
    (HEX_RADIUS, 0.0),
    (HEX_RADIUS / 2, HEX_INNER),
    (-HEX_RADIUS / 2, HEX_INNER),
    (-HEX_RADIUS, 0.0),
)
MARKER_SIZE = 28.0
HALO = MARKER_SIZE + 5  # a white edge round every marker on the map: a dark one shows on Swamp and Jungle
ROLL_DIE = (18.0, 18.0, 84.0)  # the movement roll's die (x, y, size): in the masterboard's empty top-left corner
LEGION_SHIFT = 5.0  # px the markers stand off a land's centre, away from its number
COUNTER_SIZE = 40.0
# A counter's rows, top to bottom (px from its centre): the name, the factors, then the side letter and hits.
NAME_FONT, NAME_BASELINE, NAME_EM = 8.0, -9.0, 0.66  # NAME_EM: a bold letter's width, in ems, at most
NAME_WIDTH = COUNTER_SIZE - 6  # a longer name is squeezed to this width (textLength)
FACTORS_FONT, FACTORS_BASELINE = 13.0, 7.0
SIDE_BADGE = 10.0  # the side letter's square, in the bottom-left corner


def _n(value: float) -> str:
    """A coordinate, to a tenth and without a trailing '.0'."""
    text = f"{value:.1f}".removesuffix(".0")
    return "0" if text == "-0" else text


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _board_point(x: float, y: float) -> tuple[float, float]:
    return BOARD_MARGIN + x * BOARD_SCALE, BOARD_MARGIN + y * BOARD_SCALE


def _land_polygon(land: Land) -> list[tuple[float, float]]:
    return [_board_point(x, y) for x, y in land.polygon]


def land_centre(label: int) -> tuple[float, float]:
    """The centre of a land in the masterboard frame (px)."""
    points = _land_polygon(LANDS[label])
    return sum(x for x, _ in points) / 6, sum(y for _, y in points) / 6


def legion_spot(label: int) -> tuple[float, float]:
    """Where a land's legion markers gather (px): its centre, moved a little away from its printed number."""
    points = _land_polygon(LANDS[label])
    (cx, cy), (mx, my) = land_centre(label), _side_midpoint(points, LANDS[label].label_side)
    distance = math.hypot(mx - cx, my - cy)
    return cx - (mx - cx) * LEGION_SHIFT / distance, cy - (my - cy) * LEGION_SHIFT / distance


def battle_hex_centre(label: str) -> tuple[float, float]:
    """The centre of a battle hex in the battleland frame (px)."""
    x, y = hex_centre(label)
    return HEX_MARGIN + (x + 2) * HEX_RADIUS / 2, HEX_MARGIN + y * HEX_INNER


def _viewbox(box: tuple[int, int, int, int]) -> str:
    return " ".join(str(v) for v in box)


# -- colour helpers ---------------------------------------------------------------------------------------------


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _luminance(colour: str) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """The WCAG contrast ratio of two '#rrggbb' colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(fill: str) -> str:
    """The text colour, dark or white, that reads best on a fill."""
    return DARK_INK if contrast_ratio(fill, DARK_INK) >= contrast_ratio(fill, LIGHT_INK) else LIGHT_INK


def _lighten(colour: str, amount: float) -> str:
    return "#" + "".join(f"{round(c + (255 - c) * min(1.0, amount)):02x}" for c in _rgb(colour))


def hazard_fill(hazard: str, elevation: int) -> str:
    """A battle hex's fill: its hazard's colour, lighter for each level of elevation."""
    step = ELEVATION_LIGHTEN.get(hazard, HAZARD_LIGHTEN)
    return _lighten(HAZARD_COLOURS.get(hazard, HAZARD_COLOURS["Plains"]), step * elevation)


def _ink_class(fill: str) -> str:
    return " tt-light" if ink_on(fill) == LIGHT_INK else ""


def player_colour(colour: str) -> str:
    """A player colour's shade on screen (grey for an unknown name)."""
    return PLAYER_COLOURS.get(colour, UNKNOWN_PLAYER)


# -- the masterboard ----------------------------------------------------------------------------------------


def _towards(centre: tuple[float, float], point: tuple[float, float], fraction: float) -> tuple[float, float]:
    return centre[0] + (point[0] - centre[0]) * fraction, centre[1] + (point[1] - centre[1]) * fraction


def _side_midpoint(points: Sequence[tuple[float, float]], side: int) -> tuple[float, float]:
    (x1, y1), (x2, y2) = points[side], points[(side + 1) % 6]
    return (x1 + x2) / 2, (y1 + y2) / 2


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


def _swatch(fill: str, symbol: str) -> str:
    return (
        f"<svg class='tt-swatch{_ink_class(fill)}' viewBox='-13 -13 26 26' aria-hidden='true' focusable='false'>"
        f"<rect x='-12' y='-12' width='24' height='24' rx='3' fill='{fill}'/>"
        f"<path class='tt-sym' d='{symbol}'/></svg>"
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


def _small_svg(classes: str, size: float, words: str, body: str) -> str:
    """A standalone square SVG image centred on the origin, labelled for screen readers."""
    half = _n(size / 2)
    return (
        f"<svg class='{classes}' viewBox='-{half} -{half} {_n(size)} {_n(size)}' role='img' "
        f"aria-label='{esc(words)}'><title>{esc(words)}</title>{body}</svg>"
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


# -- battlelands --------------------------------------------------------------------------------------------


def _hex_points(cx: float, cy: float, inset: float = 0.0) -> str:
    scale = 1 - inset / HEX_RADIUS
    return _points((cx + x * scale, cy + y * scale) for x, y in _HEX_CORNERS)


def _battle_hex(terrain: str, label: str) -> str:
    hex_ = BATTLELANDS[terrain].hexes[label]
    cx, cy = battle_hex_centre(label)
    fill = hazard_fill(hex_.terrain, hex_.elevation)
    words = f"{label}: {hex_.terrain}" + (f", elevation {hex_.elevation}" if hex_.elevation else "")
    parts = [
        f"<g class='tt-hex tt-h-{hex_.terrain.lower()}{_ink_class(fill)}' data-hex='{label}'>"
        f"<title>{esc(words)}</title><polygon points='{_hex_points(cx, cy)}' fill='{fill}'/>"
        f"<text class='tt-hex-label' x='{_n(cx)}' y='{_n(cy - HEX_INNER + 16)}'>{label}</text>"
    ]
    if hex_.terrain in HAZARD_SYMBOLS:
        big = hex_.terrain in ("Tree", "Volcano")  # nobody stands in a Tree; only a Dragon in the Volcano
        sx, scale = (cx, 1.8) if big else (cx - HEX_RADIUS * 0.62, 0.85)
        parts.append(
            f"<path class='tt-sym tt-sym-{hex_.terrain.lower()}' transform='translate({_n(sx)},{_n(cy)}) "
            f"scale({scale})' d='{HAZARD_SYMBOLS[hex_.terrain]}'/>"
            f"<text class='tt-hex-name' x='{_n(cx)}' y='{_n(cy + HEX_INNER - 7)}'>{esc(hex_.terrain)}</text>"
        )
    if hex_.elevation:
        parts.append(f"<text class='tt-elev' x='{_n(cx + HEX_RADIUS * 0.6)}' y='{_n(cy + 4)}'>▲{hex_.elevation}</text>")
    parts.append("</g>")
    return "".join(parts)


def _hexside(owner: str, side: int, feature: str) -> str:
    """A hexside feature on the border it lies on, its marks on the owner's side."""
    cx, cy = battle_hex_centre(owner)
    (x1, y1), (x2, y2) = _HEX_CORNERS[side], _HEX_CORNERS[(side + 1) % 6]
    mx, my = cx + (x1 + x2) / 2, cy + (y1 + y2) / 2
    angle = round(math.degrees(math.atan2(-(cx - mx), cy - my)))  # local +y turned towards the owner's centre
    other = HEX_NEIGHBORS[owner].get(side, "")
    words = {"Slope": "up to", "Wall": "up to", "Cliff": "atop", "Dune": "of sand hex"}[feature]
    title = f"{feature} between {other} and {owner} ({words} {owner})"
    return (
        f"<path class='tt-side tt-side-{feature.lower()}' data-hexside='{owner}:{side}' "
        f"transform='translate({_n(mx)},{_n(my)}) rotate({angle})' d='{HEXSIDE_MARKS[feature]}'>"
        f"<title>{esc(title)}</title></path>"
    )


def battleland_map(terrain: str, overlay: str = "") -> str:
    """The static battle map of a terrain: 27 hexes with hazard, elevation and label, and every hexside feature."""
    land = BATTLELANDS[terrain]
    hexes = "".join(_battle_hex(terrain, label) for label in HEX_LABELS)
    sides = "".join(
        _hexside(label, side, feature)
        for label in HEX_LABELS
        for side, feature in sorted(land.hexes[label].hexsides.items())
    )
    return (
        f"<svg class='tt-battle' viewBox='{_viewbox(BATTLELAND_VIEWBOX)}' role='group' "
        f"aria-label='{esc(terrain)} battleland'><g class='tt-hexes'>{hexes}</g>"
        f"<g class='tt-sides'>{sides}</g>{overlay}</svg>"
    )


def hazard_legend() -> str:
    """The battlelands' key: each hazard's colour, symbol and name, elevation, and the four hexside styles."""
    rows = [
        f"<li>{_swatch(HAZARD_COLOURS[hazard], HAZARD_SYMBOLS.get(hazard, ''))}{esc(hazard)}</li>"
        for hazard in HAZARD_COLOURS
    ]
    rows.append(f"<li>{_swatch(hazard_fill('Plains', 2), '')}▲2: elevation (higher is lighter)</li>")
    sides = [
        f"<li><svg class='tt-swatch tt-side-key' viewBox='-22 -8 44 18' aria-hidden='true' focusable='false'>"
        f"<path class='tt-side tt-side-{feature.lower()}' d='{path}'/></svg>{esc(HEXSIDE_WORDS[feature])}</li>"
        for feature, path in HEXSIDE_MARKS.items()
    ]
    return (
        "<div class='tt-legend'><ul class='tt-legend-list'>" + "".join(rows) + "</ul>"
        "<ul class='tt-legend-list'>" + "".join(sides) + "</ul></div>"
    )


# -- characters ---------------------------------------------------------------------------------------------


def short_name(name: str, limit: int = 8) -> str:
    """A character's name as it fits on a counter: whole up to `limit` letters, else cut with a full stop."""
    return name if len(name) <= limit else name[: limit - 1] + "."


def _counter_body(
    name: str, power: object, skill: object, fill: str, *, hits: int = 0, side: str = "", slain: bool = False
) -> str:
    """A character counter drawn around the origin: name, power-skill, side letter, hits badge, slain cross.

    Its text takes the ink of the enclosing `_ink_class(fill)`.
    """
    half = COUNTER_SIZE / 2
    parts = [
        f"<rect class='tt-cn' x='-{_n(half)}' y='-{_n(half)}' width='{_n(COUNTER_SIZE)}' "
        f"height='{_n(COUNTER_SIZE)}' rx='4' fill='{fill}'/>"
    ]
    shown = short_name(str(name))
    fit = ""  # a long name is drawn to the counter's width less a margin, never to its edges
    if len(shown) * NAME_EM * NAME_FONT > NAME_WIDTH:
        fit = f" textLength='{_n(NAME_WIDTH)}' lengthAdjust='spacingAndGlyphs'"
    spans = [
        f"<tspan class='tt-cn-name' x='0' y='{_n(NAME_BASELINE)}'{fit}>{esc(shown)}</tspan>",
        f"<tspan class='tt-cn-factors' x='0' y='{_n(FACTORS_BASELINE)}'>{esc(power)}-{esc(skill)}</tspan>",
    ]
    if side:  # the side's letter in the bottom row, under the factors (never over their first digit)
        top = half - SIDE_BADGE
        parts.append(
            f"<rect class='tt-cn-side' x='-{_n(half)}' y='{_n(top)}' width='{SIDE_BADGE}' height='{SIDE_BADGE}' "
            "rx='2'/>"
        )
        spans.append(
            f"<tspan class='tt-cn-side-text' x='{_n(SIDE_BADGE / 2 - half)}' y='{_n(half - 2.5)}'>"
            f"{esc(side[:1].upper())}</tspan>"
        )
    if hits:
        parts.append(f"<circle class='tt-hits' cx='{_n(half - 3)}' cy='{_n(half - 3)}' r='7.5'/>")
        spans.append(f"<tspan class='tt-hits-text' x='{_n(half - 3)}' y='{_n(half)}'>{int(hits)}</tspan>")
    parts.append(f"<text>{' '.join(spans)}</text>")  # one text: it reads as `counter_text`
    if slain:
        end = _n(half - 2)
        parts.append(f"<path class='tt-slain-cross' d='M-{end},-{end}L{end},{end}M{end},-{end}L-{end},{end}'/>")
    return "".join(parts)


def counter_text(name: str, power: object, skill: object, *, hits: int = 0, side: str = "") -> str:
    """The words a counter shows ('Minotaur 4-4 D 2'): a control's name starts from them (WCAG 2.5.3)."""
    words = [short_name(str(name)), f"{power}-{skill}"]
    if side:
        words.append(side[:1].upper())
    if hits:
        words.append(str(int(hits)))
    return " ".join(words)


def _counter_words(
    name: str, power: object, skill: object, *, hits: int = 0, side: str = "", slain: bool = False
) -> str:
    words = f"{name} {power}-{skill}"
    if side:
        words += f", {side}"
    if hits:
        words += f", {hits} hit{'s' if hits != 1 else ''}"
    if slain:
        words += ", slain"
    return words


def counter(name: str, power: int, skill: int, colour: str, *, hits: int = 0) -> str:
    """One character counter as a small standalone SVG (for panels and dialogs): name, power-skill, hits."""
    size = COUNTER_SIZE + 8
    fill = player_colour(colour)
    body = _counter_body(name, power, skill, fill, hits=hits)
    return _small_svg(f"tt-counter{_ink_class(fill)}", size, _counter_words(name, power, skill, hits=hits), body)


def _chance_text(chance: float) -> str:
    """A chance to hit as a whole percentage: a fraction (0 to 1) or already a percentage."""
    percent = chance * 100 if chance <= 1 else chance
    return f"{round(percent)}%"


def battleland_overlay(
    units: Sequence[Mapping[str, Any]],
    *,
    targets: Iterable[tuple[str, int, str]] = (),
    selectable: Iterable[tuple[int, str, str]] = (),
    selected: int | None = None,
    strike_targets: Iterable[tuple[str, int, str, int, float]] = (),
    last_roll: Mapping[str, Any] | None = None,
) -> str:
    """The battle's changing layer: move targets, strike targets with their odds, the characters on the map,
    and the last strike's dice (`last_roll`: the engine's record: striker and target hexes, the strike number,
    the dice) by its target, with an arrow from the striker.

    `targets`: (hex, action index, label); `strike_targets`: (hex, action index, label, strike number, chance to
    hit as a fraction or a percentage); `selectable`: (unit index, select key, label) drawn with data-select;
    `selected`: the picked unit's index, ringed. Characters off the map (`hex` None) are not drawn; those on a
    target hex let taps through to it (class `tt-pass`) unless they are choices themselves.
    """
    parts = ["<g class='tt-overlay'>", _last_roll_line(last_roll or {})]  # under the targets and counters
    badges: list[str] = []
    chosen: set[str] = set()
    for label, index, words in targets:
        if label in HEX_NEIGHBORS:
            chosen.add(label)
            cx, cy = battle_hex_centre(label)
            parts.append(
                f"<polygon class='tt-target' points='{_hex_points(cx, cy, 3)}' data-action='{int(index)}' "
                f"role='button' tabindex='0' aria-label='{esc(words)}'><title>{esc(words)}</title></polygon>"
            )
    for label, index, words, number, chance in strike_targets:
        if label not in HEX_NEIGHBORS:
            continue
        chosen.add(label)
        cx, cy = battle_hex_centre(label)
        odds = f"{int(number)}+ · {_chance_text(chance)}"
        full = f"{words} ({odds})"
        parts.append(
            f"<polygon class='tt-strike' points='{_hex_points(cx, cy, 3)}' data-action='{int(index)}' "
            f"role='button' tabindex='0' aria-label='{esc(full)}'><title>{esc(full)}</title></polygon>"
        )
        width = 6 * len(odds) + 8
        badges.append(
            f"<g class='tt-odds' transform='translate({_n(cx)},{_n(cy - HEX_INNER + 11)})'>"
            f"<rect x='{_n(-width / 2)}' y='-7' width='{width}' height='14' rx='7'/>"
            f"<text y='3.5'>{esc(odds)}</text></g>"
        )
    picks = {int(unit): (str(key), str(words)) for unit, key, words in selectable}
    for position, unit in enumerate(units):
        label = unit.get("hex")
        if label not in HEX_NEIGHBORS:
            continue
        index = int(unit.get("index", position))
        cx, cy = battle_hex_centre(str(label))
        name, power, skill = str(unit.get("name", "")), unit.get("power", ""), unit.get("skill", "")
        hits, side, slain = int(unit.get("hits") or 0), str(unit.get("side", "")), bool(unit.get("slain"))
        fill = player_colour(str(unit.get("colour", "")))
        classes = "tt-unit" + _ink_class(fill) + (" is-slain" if slain else "")
        classes += " is-selected" if index == selected else ""
        pick = ""
        if index in picks:
            key, words = picks[index]
            classes += " tt-pick"
            shown = counter_text(name, power, skill, hits=hits, side=side)
            pick = f" data-select='{esc(key)}' role='button' tabindex='0' aria-label='{esc(shown)}: {esc(words)}'"
        elif label in chosen:
            classes += " tt-pass"
        ring = "<path class='tt-ring' d='M-24-24h48v48h-48z'/>" if pick or index == selected else ""
        title = _counter_words(name, power, skill, hits=hits, side=side, slain=slain)
        body = _counter_body(name, power, skill, fill, hits=hits, side=side, slain=slain)
        parts.append(
            f"<g class='{classes}' transform='translate({_n(cx)},{_n(cy)})'{pick}><title>{esc(title)}</title>{ring}"
            f"{body}</g>"
        )
    parts.extend(badges)
    parts.append(_last_roll_dice(last_roll or {}))
    parts.append("</g>")
    return "".join(parts)


def _last_roll_line(roll: Mapping[str, Any]) -> str:
    """A dashed arrow from the last strike's striker to its target."""
    source, target = roll.get("from"), roll.get("at")
    if source not in HEX_NEIGHBORS or target not in HEX_NEIGHBORS:
        return ""
    (sx, sy), (tx, ty) = battle_hex_centre(str(source)), battle_hex_centre(str(target))
    return f"<line class='tt-strike-line' x1='{_n(sx)}' y1='{_n(sy)}' x2='{_n(tx)}' y2='{_n(ty)}'/>"


def _dice_layout(count: int) -> tuple[float, float, int]:
    """The last roll's dice under a hex's counter: (die size, gap, dice per row), so that every row stays
    inside the hex, however many dice (rows stack upward from the hex's bottom edge)."""
    return (11.0, 1.5, 4) if count <= 8 else (8.5, 1.0, 5)


def last_roll_dice_boxes(centre: tuple[float, float], count: int) -> list[tuple[float, float, float]]:
    """(x, y, size) of each die of a roll of `count` drawn by the hex whose centre is given."""
    size, gap, per_row = _dice_layout(count)
    rows = max(1, math.ceil(count / per_row))
    tx, ty = centre
    bottom = ty + HEX_INNER - 5
    boxes = []
    for k in range(count):
        row, column = divmod(k, per_row)
        in_row = min(per_row, count - row * per_row)
        width = in_row * (size + gap) - gap
        x = tx - width / 2 + column * (size + gap)
        y = bottom - (rows - row) * (size + gap) + gap
        boxes.append((x, y, size))
    return boxes


def _last_roll_dice(roll: Mapping[str, Any]) -> str:
    """The last strike's dice under its target, the hits filled (rows of dice inside the target's hex)."""
    target = roll.get("at")
    rolls = [int(r) for r in roll.get("rolls") or () if isinstance(r, int)]
    if target not in HEX_NEIGHBORS or not rolls:
        return ""
    number = int(roll.get("number") or 7)
    parts = ["<g class='tt-roll-marks'>"]
    for face, (x, y, size) in zip(rolls, last_roll_dice_boxes(battle_hex_centre(str(target)), len(rolls)), strict=True):
        hit = " is-hit" if face >= number else ""
        parts.append(
            f"<g class='tt-die{hit}' transform='translate({_n(x)},{_n(y)})'><rect width='{_n(size)}' "
            f"height='{_n(size)}' rx='2'/><text x='{_n(size / 2)}' y='{_n(size - 2.5)}' "
            f"font-size='{_n(size - 2)}'>{face}</text></g>"
        )
    hits = int(roll.get("hits") or 0)
    words = f"{roll.get('striker', '')} rolled {', '.join(map(str, rolls))} needing {number}: {hits} hit(s)"
    parts.append(f"<title>{esc(words)}</title></g>")
    return "".join(parts)
