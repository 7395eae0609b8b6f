"""What the tests of Titan's SVG art share: parsing a drawing, finding its parts, the legions and characters
drawn."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

from app.views import titan_art as art

XSS = "<img src=x onerror=alert(1)>"


SVG_NS = "http://www.w3.org/2000/svg"


TRANSLATE = re.compile(r"translate\(([-\d.]+),([-\d.]+)\)(?: rotate\(([-\d.]+)\))?")


def parse(markup: str) -> ET.Element:
    """The markup as XML, inside a root in the SVG namespace (fails on anything not well formed)."""
    return ET.fromstring(f"<root xmlns='{SVG_NS}'>{markup}</root>")


def tag(name: str) -> str:
    return f"{{{SVG_NS}}}{name}"


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def find_all(root: ET.Element, name: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(tag(name)) if cls in classes(e)]


def placement(element: ET.Element) -> tuple[float, float, float]:
    """(x, y, degrees) of an element's `translate(x,y) rotate(a)` transform."""
    found = TRANSLATE.match(element.get("transform", ""))
    assert found is not None, element.get("transform")
    x, y, angle = found.groups()
    return float(x), float(y), float(angle or 0)


def rotate(vector: tuple[float, float], degrees: float) -> tuple[float, float]:
    """SVG's rotate(a): clockwise on screen, y downward."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return vector[0] * c - vector[1] * s, vector[0] * s + vector[1] * c


def points(element: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in element.get("points", "").split())]


def title_of(element: ET.Element) -> str:
    """The text of an element's own <title>."""
    title = element.find(tag("title"))
    assert title is not None
    return str(title.text)


def land_groups(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-land", "0")): g for g in find_all(root, "g", "tt-land")}


PLAYERS = [
    {"name": "Ann", "colour": "Black"},
    {"name": XSS, "colour": "Gold"},
    {"name": "Cy", "colour": "Red"},
]


HOST = ["Titan", "Angel", "Ogre", "Ogre", "Centaur", "Centaur", "Gargoyle"]


def legion(marker: str, owner: int, land: int, height: int = 7, **more: object) -> dict[str, object]:
    return {"marker": marker, "owner": owner, "land": land, "height": height, "contents": None, "known": [], **more}


# -- battlelands --------------------------------------------------------------------------------------------


def hex_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {str(g.get("data-hex")): g for g in find_all(root, "g", "tt-hex")}


# -- the battle overlay and counters ---------------------------------------------------------------------------------


UNITS = [
    {"index": 0, "name": "Titan", "side": "attacker", "hex": "D3", "hits": 2, "power": 7, "skill": 4, "colour": "Blue"},
    {"index": 1, "name": "Archangel", "side": "defender", "hex": "C3", "hits": 0, "power": 9, "skill": 4},
    {"index": 2, "name": "Gargoyle", "side": "defender", "hex": "E2", "hits": 4, "power": 4, "skill": 3, "slain": True},
    {"index": 3, "name": "Ogre", "side": "attacker", "hex": None, "hits": 0, "power": 6, "skill": 2, "colour": "Blue"},
]


def unit_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {title_of(g): g for g in find_all(root, "g", "tt-unit")}


def inside_hex(centre: tuple[float, float], x: float, y: float) -> bool:
    dx, dy = abs(x - centre[0]), abs(y - centre[1])
    return dy <= art.HEX_INNER + 1e-6 and dx <= art.HEX_RADIUS - dy / math.sqrt(3) + 1e-6
