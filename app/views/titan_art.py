"""Titan's drawing pieces shared by its two maps: colours, symbols, the two frames' geometry, colour helpers.

Pure functions of plain data (the engine's view dicts, `engine.titan.data` for the printed components); no
DOM. Each map is one coordinate system, its static layer drawn once and an overlay `<g class='tt-overlay'>`
redrawn on every change that the caller places in the same `<svg>` (the map functions take it as `overlay`,
drawn last): the masterboard is `titan_masterboard_art.py`, the battlelands `titan_battle_art.py`.

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
from collections.abc import Iterable, Sequence

from app.markup import esc
from engine.titan.battlemap import hex_centre
from engine.titan.data import LANDS, Land

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


def _side_midpoint(points: Sequence[tuple[float, float]], side: int) -> tuple[float, float]:
    (x1, y1), (x2, y2) = points[side], points[(side + 1) % 6]
    return (x1 + x2) / 2, (y1 + y2) / 2


def _swatch(fill: str, symbol: str) -> str:
    return (
        f"<svg class='tt-swatch{_ink_class(fill)}' viewBox='-13 -13 26 26' aria-hidden='true' focusable='false'>"
        f"<rect x='-12' y='-12' width='24' height='24' rx='3' fill='{fill}'/>"
        f"<path class='tt-sym' d='{symbol}'/></svg>"
    )


def _small_svg(classes: str, size: float, words: str, body: str) -> str:
    """A standalone square SVG image centred on the origin, labelled for screen readers."""
    half = _n(size / 2)
    return (
        f"<svg class='{classes}' viewBox='-{half} -{half} {_n(size)} {_n(size)}' role='img' "
        f"aria-label='{esc(words)}'><title>{esc(words)}</title>{body}</svg>"
    )
