"""This edition's map of Born of Titans: Sites and Points of the Mediterranean, their segments, and movement."""

from __future__ import annotations

import heapq
import math
from typing import NamedTuple

from engine.born_of_titans.map_data import LORE, POINT_ROWS, SEGMENT_LINES, SITE_ROWS

# The projection: equirectangular, longitudes shrunk by cos(38 deg) (the Aegean's latitude), SCALE units a degree,
# with Greece and the Aegean, and the Bosporus, magnified (as old maps did) so that their crowded Sites stay apart:
# distances from a lens's centre grow by up to 1 + growth near it, fading out a few radii away (never folding).
SCALE = 46.0
LON_WEST = -7.5
LAT_NORTH = 46.0
COS_LAT = math.cos(math.radians(38.0))
# Two lenses, applied one after the other: (longitude, latitude of the centre, growth, radius in degrees).
LENSES = ((24.4, 38.6, 0.85, 4.6),)
MAP_WIDTH = round((43.5 - LON_WEST) * COS_LAT * SCALE)
MAP_HEIGHT = round((LAT_NORTH - 28.6) * SCALE)

KINDS = ("city", "oracle", "underworld", "quest", "sea_monster", "point")


def _lens(x: float, y: float, centre_x: float, centre_y: float, grow: float, radius: float) -> tuple[float, float]:
    east, south = x - centre_x, y - centre_y
    factor = 1 + grow * math.exp(-(east * east + south * south) / (radius * radius))
    return centre_x + east * factor, centre_y + south * factor


def _flat(lon: float, lat: float) -> tuple[float, float]:
    return (lon - LON_WEST) * COS_LAT, LAT_NORTH - lat


def project(lon: float, lat: float) -> tuple[float, float]:
    """Map coordinates (SVG user units, y down) of a longitude and latitude."""
    x, y = _flat(lon, lat)
    for index, (centre_lon, centre_lat, grow, radius) in enumerate(LENSES):
        centre = _flat(centre_lon, centre_lat)
        for lon_before, lat_before, grow_before, radius_before in LENSES[:index]:
            centre = _lens(*centre, *_flat(lon_before, lat_before), grow_before, radius_before)
        x, y = _lens(x, y, *centre, grow, radius)
    return (round(x * SCALE, 1), round(y * SCALE, 1))


class Node(NamedTuple):
    """A Site (large circle) or a Point (small circle) on the map."""

    id: str
    name: str
    kind: str
    land: bool
    x: float
    y: float
    number: int | None = None


def _build() -> tuple[dict[str, Node], tuple[tuple[str, str], ...]]:
    nodes: dict[str, Node] = {}
    for key, name, kind, lon, lat, number in SITE_ROWS:
        nodes[key] = Node(key, name, kind, kind != "sea_monster", *project(lon, lat), number)
    for key, name, land, lon, lat in POINT_ROWS:
        nodes[key] = Node(key, name, "point", land, *project(lon, lat), None)
    segments: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for line in SEGMENT_LINES.strip().splitlines():
        head, _, tail = line.partition(":")
        for other in tail.split():
            pair = frozenset((head, other))
            if head not in nodes or other not in nodes or pair in seen or head == other:
                raise ValueError(f"bad segment {head}-{other}")
            seen.add(pair)
            segments.append((head, other))
    return nodes, tuple(segments)


NODES, SEGMENTS = _build()
LONLAT: dict[str, tuple[float, float]] = {row[0]: (row[3], row[4]) for row in SITE_ROWS} | {
    row[0]: (row[3], row[4]) for row in POINT_ROWS
}
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    key: tuple(b if a == key else a for a, b in SEGMENTS if key in (a, b)) for key in NODES
}


def _of_kind(kind: str) -> tuple[str, ...]:
    return tuple(key for key, node in NODES.items() if node.kind == kind)


CITIES = _of_kind("city")
ORACLES = _of_kind("oracle")
UNDERWORLD_SITES = _of_kind("underworld")
SEA_MONSTER_SITES = _of_kind("sea_monster")
QUEST_SITES: dict[int, str] = {node.number: key for key, node in NODES.items() if node.kind == "quest" and node.number}
SITES = tuple(key for key, node in NODES.items() if node.kind != "point")
POINTS = _of_kind("point")


def is_site(node_id: str) -> bool:
    """Whether a node is a Site (a large circle): any kind but a Point."""
    return NODES[node_id].kind != "point"


def is_land_segment(a: str, b: str) -> bool:
    """A segment is land (brown) when both its ends are land; any other segment is sea (blue)."""
    return NODES[a].land and NODES[b].land


def segment_cost(a: str, b: str, crewless: bool) -> int:
    """Courses to cross a segment: 1 at sea, 2 on land; with no Crew the sea costs as land."""
    return 2 if crewless or is_land_segment(a, b) else 1


def _search(
    start: str, courses: float, crewless: bool, first_steps: tuple[str, ...] | None
) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Cheapest paths from start within the Courses (ties to the path first in node order); Sites end a path."""
    order = {key: index for index, key in enumerate(NODES)}
    best: dict[str, tuple[int, tuple[str, ...]]] = {}
    keys = tuple(NODES)
    heap: list[tuple[int, tuple[int, ...]]] = [(0, (order[start],))]
    while heap:
        cost, steps = heapq.heappop(heap)
        path = tuple(keys[index] for index in steps)
        here = path[-1]
        if here in best:
            continue
        best[here] = (cost, path)
        if here != start and is_site(here):
            continue  # reaching a Site stops movement
        for other in NEIGHBOURS[here]:
            if here == start and first_steps is not None and other not in first_steps:
                continue
            step = cost + segment_cost(here, other, crewless)
            if other not in best and step <= courses:
                heapq.heappush(heap, (step, (*steps, order[other])))
    del best[start]
    return best


def reachable(start: str, courses: int, crewless: bool, first_steps: tuple[str, ...] | None = None) -> dict[str, int]:
    """Every node a Move of `courses` Courses can end on (start excluded), with its cheapest cost.

    A path passes through Points only: it may end on a Site but never go on past one. `first_steps`, if given,
    are the only neighbours the first segment may go to (a Hero held at a Sea Monster Site goes back the way
    she came)."""
    return {key: cost for key, (cost, _) in _search(start, courses, crewless, first_steps).items()}


def path_to(
    start: str, goal: str, courses: int, crewless: bool, first_steps: tuple[str, ...] | None = None
) -> tuple[str, ...]:
    """The cheapest path (start and goal included) of a Move to goal, or () if it cannot get there."""
    found = _search(start, courses, crewless, first_steps).get(goal)
    return found[1] if found else ()


def distance(a: str, b: str, crewless: bool = False) -> int | None:
    """The cheapest cost from a to b in one unbounded Move (through Points only); 0 to itself; None if none."""
    if a == b:
        return 0
    found = _search(a, math.inf, crewless, None).get(b)
    return found[0] if found else None


_KIND_TITLES = (
    ("city", "Cities"),
    ("oracle", "Oracles"),
    ("underworld", "Gateways to the Underworld"),
    ("quest", "Quest Sites"),
    ("sea_monster", "Sea Monster Sites"),
)


def map_markdown() -> str:
    """This edition's map for the in-app rules: its Sites by kind, its counts, and how land and sea are told apart."""
    land = sum(1 for a, b in SEGMENTS if is_land_segment(a, b))
    land_points = sum(1 for key in POINTS if NODES[key].land)
    lines = [
        "### This edition's map",
        "",
        f"The map has {len(SITES)} Sites (large circles) and {len(POINTS)} Points (small circles: "
        f"{len(POINTS) - land_points} blue at sea, {land_points} brown on land), joined by {len(SEGMENTS)} "
        f"segments ({len(SEGMENTS) - land} blue sea segments, {land} brown land segments). Segments join a Site to "
        "a Point or a Point to a Point, never two Sites. A segment is land (brown, 2 Courses) when both its ends "
        "are on land; any other segment is sea (blue, 1 Course). Every Site is on land except the Sea Monster "
        "Sites, which lie in the straits.",
    ]
    for kind, title in _KIND_TITLES:
        lines += ["", f"**{title}**", ""]
        lines += [f"- {NODES[key].name}: {LORE[key]}." for key in SITES if NODES[key].kind == kind]
    return "\n".join(lines) + "\n"
