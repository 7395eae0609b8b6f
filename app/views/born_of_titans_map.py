"""Born of Titans' map as a static SVG, drawn once: sea, coastlines, segments, Points and Sites with their names."""

from __future__ import annotations

import math
from functools import cache

from app.markup import esc
from app.views.born_of_titans_geography import LAND, Polygon
from app.views.born_of_titans_layer import grown_reach
from engine.born_of_titans.board import (
    LAT_NORTH,
    LON_WEST,
    MAP_HEIGHT,
    MAP_WIDTH,
    NODES,
    SEGMENTS,
    SITES,
    Node,
    is_land_segment,
    project,
)

SEA = "#a9cfe6"
LAND_FILL = "#eadcb5"
COAST = "#9c8457"
SEA_LINE = "#1f5fa6"
LAND_LINE = "#8b5a2b"
SITE_RADIUS = 12.0
POINT_RADIUS = 4.5
# Each kind of Site: its fill, its ink and what it is called in the legend.
SITE_STYLE: dict[str, tuple[str, str, str]] = {
    "city": ("#fbf6ea", "#7c2d12", "City"),
    "oracle": ("#fde68a", "#713f12", "Oracle"),
    "underworld": ("#3f3f46", "#f4f4f5", "Gateway to the Underworld"),
    "quest": ("#b91c1c", "#ffffff", "Quest Site (its number)"),
    "sea_monster": ("#0f766e", "#ecfeff", "Sea Monster Site"),
}
# The symbols in the Sites (drawn in a 24-unit box centred on the Site): a temple, an eye, a gateway, a sea serpent.
SYMBOLS: dict[str, str] = {
    "city": "M-8 -2 L0 -8 L8 -2 Z M-7 0 H7 V2 H-7 Z M-6 3 H-4 V7 H-6 Z M-1 3 H1 V7 H-1 Z M4 3 H6 V7 H4 Z "
    "M-8 8 H8 V9.5 H-8 Z",
    "oracle": "M-9 0 Q0 -9 9 0 Q0 9 -9 0 Z M-3.5 0 A3.5 3.5 0 1 0 3.5 0 A3.5 3.5 0 1 0 -3.5 0 Z",
    "underworld": "M-7 8 V-1 A7 7 0 0 1 7 -1 V8 H4 V-1 A4 4 0 0 0 -4 -1 V8 Z",
    "sea_monster": "M-9 3 Q-6 -3 -3 3 T3 3 T9 3 V5.5 Q6 0 3 5.5 T-3 5.5 T-9 5.5 Z M5 -7 Q9 -7 8 -2 L6 -3 Q7 -5 5 -5 Z",
}
# Where a Site's name goes when below it would cover something: (dx, dy, anchor).
LABEL_PLACES: dict[str, tuple[float, float, str]] = {
    "quest_1": (16.0, -8.0, "start"),
    "bosporus": (-16.0, 4.0, "end"),
    "acherusia": (0.0, -17.0, "middle"),
    "quest_3": (-16.0, 4.0, "end"),
    "mesembria": (-16.0, 4.0, "end"),
    "troy": (12.0, 18.0, "start"),
    "taenarum": (-16.0, 4.0, "end"),
    "sparta": (-16.0, 4.0, "end"),
    "dodona": (-16.0, 4.0, "end"),
    "iolcus": (0.0, -17.0, "middle"),
    "delphi": (-16.0, 4.0, "end"),
    "athens": (16.0, 4.0, "start"),
    "didyma": (16.0, 4.0, "start"),
    "quest_5": (16.0, 4.0, "start"),
    "sinope": (0.0, -17.0, "middle"),
    "quest_4": (0.0, 26.0, "middle"),
    "tyre": (16.0, 4.0, "start"),
    "joppa": (16.0, 4.0, "start"),
}
# Shorter names on the map where the full one would crowd its neighbours (the full name is the Site's tooltip).
SHORT_NAMES = {"acherusia": "Acherusian Cave", "bosporus": "Clashing Rocks", "ammon": "Oracle of Ammon"}
SEA_NAMES = (
    ("Pontus Euxinus", 36.6, 43.4),
    ("Aegean Sea", 25.3, 38.9),
    ("Ionian Sea", 18.0, 36.6),
    ("Tyrrhenian Sea", 11.5, 39.3),
    ("Libyan Sea", 26.0, 33.5),
    ("Inner Sea", 4.0, 38.6),
)


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _polygon_path(polygon: Polygon) -> str:
    points = [project(lon, lat) for lon, lat in polygon]
    return "M" + " ".join(f"{_n(x)} {_n(y)}" for x, y in points) + "Z"


def _in_frame(lon: float, lat: float) -> bool:
    return LON_WEST <= lon <= 43.5 and 28.6 <= lat <= LAT_NORTH


def _coast_path(polygon: Polygon) -> str:
    """The coastline of a polygon: its edges inside the map (not the edges closing it beyond the frame)."""
    parts: list[str] = []
    drawing = False
    for (lon1, lat1), (lon2, lat2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if _in_frame(lon1, lat1) and _in_frame(lon2, lat2):
            x1, y1 = project(lon1, lat1)
            x2, y2 = project(lon2, lat2)
            parts.append(f"L{_n(x2)} {_n(y2)}" if drawing else f"M{_n(x1)} {_n(y1)}L{_n(x2)} {_n(y2)}")
            drawing = True
        else:
            drawing = False
    return "".join(parts)


def _segments() -> str:
    sea, land = [], []
    for a, b in SEGMENTS:
        one, other = NODES[a], NODES[b]
        line = f"M{_n(one.x)} {_n(one.y)}L{_n(other.x)} {_n(other.y)}"
        (land if is_land_segment(a, b) else sea).append(line)
    return (
        f"<path class='bt-segments bt-sea-segments' d='{''.join(sea)}' stroke='{SEA_LINE}' stroke-width='2.2' "
        "stroke-dasharray='7 3' fill='none'/>"
        f"<path class='bt-segments bt-land-segments' d='{''.join(land)}' stroke='{LAND_LINE}' stroke-width='3.4' "
        "fill='none'/>"
    )


def _point(node: Node) -> str:
    fill = LAND_LINE if node.land else SEA_LINE
    where = "land" if node.land else "sea"
    return (
        f"<g class='bt-node bt-point bt-{where}' data-node='{esc(node.id)}'>"
        f"<title>{esc(node.name)} ({where} Point)</title>"
        f"<circle cx='{_n(node.x)}' cy='{_n(node.y)}' r='{_n(POINT_RADIUS)}' fill='{fill}' stroke='#fff' "
        "stroke-width='1.5'/></g>"
    )


def _site(node: Node) -> str:
    fill, ink, _ = SITE_STYLE[node.kind]
    if node.kind == "quest":
        mark = f"<text y='5.5' font-size='16' font-weight='700' fill='{ink}' text-anchor='middle'>{node.number}</text>"
    else:
        mark = f"<use href='#bt-sym-{node.kind}' fill='{ink}'/>"
    return (
        f"<g class='bt-node bt-site bt-{node.kind}' data-node='{esc(node.id)}' "
        f"transform='translate({_n(node.x)},{_n(node.y)})'><title>{esc(node.name)}</title>"
        f"<circle r='{_n(SITE_RADIUS)}' fill='{fill}' stroke='{ink if node.kind != 'city' else '#7c2d12'}' "
        f"stroke-width='2.5'/>{mark}</g>"
    )


def _label(node: Node) -> str:
    dx, dy, anchor = LABEL_PLACES.get(node.id, (0.0, SITE_RADIUS + 12.0, "middle"))
    name = node.name.split(" (")[-1].rstrip(")") if node.kind == "quest" else SHORT_NAMES.get(node.id, node.name)
    return f"<text x='{_n(node.x + dx)}' y='{_n(node.y + dy)}' text-anchor='{anchor}'>{esc(name)}</text>"


def _legend() -> str:
    """The key, in the Sahara at the bottom left (clear of Quest Site 1's Heroes and counters, which grow on a phone):
    each kind of Site, the Points and the two kinds of segment."""
    x, y = project(-3.1, 34.0)
    rows = ["<text x='12' y='20' font-size='15' font-weight='700'>Born of Titans</text>"]
    row_y = 42.0
    for kind, (fill, ink, words) in SITE_STYLE.items():
        mark = (
            f"<text x='22' y='{_n(row_y + 4)}' font-size='11' font-weight='700' fill='{ink}' "
            "text-anchor='middle'>3</text>"
            if kind == "quest"
            else f"<use href='#bt-sym-{kind}' fill='{ink}' transform='translate(22,{_n(row_y)}) scale(0.7)'/>"
        )
        rows.append(
            f"<circle cx='22' cy='{_n(row_y)}' r='9' fill='{fill}' stroke='{ink if kind != 'city' else '#7c2d12'}' "
            f"stroke-width='2'/>{mark}<text x='40' y='{_n(row_y + 4)}'>{esc(words)}</text>"
        )
        row_y += 24
    rows.append(
        f"<circle cx='16' cy='{_n(row_y)}' r='5' fill='{SEA_LINE}' stroke='#fff' stroke-width='1.5'/>"
        f"<circle cx='30' cy='{_n(row_y)}' r='5' fill='{LAND_LINE}' stroke='#fff' stroke-width='1.5'/>"
        f"<text x='40' y='{_n(row_y + 4)}'>Points: at sea, on land</text>"
    )
    row_y += 22
    rows.append(
        f"<path d='M8 {_n(row_y)}H34' stroke='{SEA_LINE}' stroke-width='2.2' stroke-dasharray='7 3'/>"
        f"<text x='40' y='{_n(row_y + 4)}'>Sea segment: 1 Course</text>"
    )
    row_y += 20
    rows.append(
        f"<path d='M8 {_n(row_y)}H34' stroke='{LAND_LINE}' stroke-width='3.4'/>"
        f"<text x='40' y='{_n(row_y + 4)}'>Land segment: 2 Courses</text>"
    )
    height = row_y + 14
    return (
        f"<g class='bt-legend' transform='translate({_n(x)},{_n(y)})' font-size='12'>"
        f"<rect width='250' height='{_n(height)}' rx='8' fill='#fffaf0' fill-opacity='0.9' stroke='{COAST}'/>"
        + "".join(rows)
        + "</g>"
    )


@cache
def view_box() -> tuple[int, int, int, int]:
    """The map's frame, widened as far as the Hero tokens and the counters on the nodes at its edges reach once grown
    on a phone's whole map (Colchis in the far east, the Oracle of Ammon in the south): the first view shows every
    Site and Hero whole. (x, y, width, height), in map units; the land's outlines run on past the frame."""
    west, north, east, south = 0.0, 0.0, float(MAP_WIDTH), float(MAP_HEIGHT)
    for node in NODES.values():
        left, up, right, down = grown_reach(node.kind)
        west, north = min(west, node.x - left), min(north, node.y - up)
        east, south = max(east, node.x + right), max(south, node.y + down)
    x, y = math.floor(west), math.floor(north)
    return x, y, math.ceil(east) - x, math.ceil(south) - y


@cache
def _drawn() -> str:
    """Everything the map draws, between its opening and closing tags (drawn once per page)."""
    symbols = "".join(
        f"<symbol id='bt-sym-{kind}' overflow='visible'><path d='{d}'/></symbol>" for kind, d in SYMBOLS.items()
    )
    land = "".join(_polygon_path(polygon) for polygon in LAND)
    coast = "".join(_coast_path(polygon) for polygon in LAND)
    seas = "".join(
        f"<text x='{_n(x)}' y='{_n(y)}'>{esc(name)}</text>"
        for name, x, y in ((n, *project(lo, la)) for n, lo, la in SEA_NAMES)
    )
    points = "".join(_point(NODES[key]) for key in NODES if key not in SITES)
    sites = "".join(_site(NODES[key]) for key in SITES)
    labels = "".join(_label(NODES[key]) for key in SITES)
    x, y, width, height = view_box()
    return (
        f"<defs>{symbols}</defs>"
        f"<rect x='{x}' y='{y}' width='{width}' height='{height}' fill='{SEA}'/>"
        f"<path class='bt-land' d='{land}' fill='{LAND_FILL}'/>"
        f"<path class='bt-coast' d='{coast}' fill='none' stroke='{COAST}' stroke-width='1.3' stroke-linejoin='round'/>"
        f"<g class='bt-sea-names' font-size='22' font-style='italic' fill='#3b6d94' fill-opacity='0.55' "
        f"text-anchor='middle' letter-spacing='3'>{seas}</g>"
        f"{_segments()}<g class='bt-points'>{points}</g><g class='bt-sites'>{sites}</g>"
        "<g class='bt-labels' font-size='12.5' font-weight='600' fill='#1c1917' stroke='#fffaf0' stroke-width='3.5' "
        f"paint-order='stroke' stroke-linejoin='round'>{labels}</g>{_legend()}"
    )


def map_svg(layer: str | None = None) -> str:
    """The whole map of Born of Titans; every node is a group with its `data-node` id. `layer`: the app's changing
    layer, drawn over everything inside the SVG (so that it shares the map's coordinates and its pan and zoom); with
    a layer the map's role is a group's, since the layer holds choices, without one it is a picture."""
    role = "img" if layer is None else "group"
    return (
        f"<svg class='bt-map' viewBox='{' '.join(str(n) for n in view_box())}' role='{role}' "
        f"aria-label='Map of the Mediterranean' font-family='Georgia, serif'>{_drawn()}{layer or ''}</svg>"
    )
