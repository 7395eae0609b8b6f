"""The Titan Race board's drawing pieces: the designed colours, the hex grid's geometry, the circuit's feature
symbols, traps, the Titans' tokens and the dice (never colour alone: each carries letters, a symbol or words)."""

from __future__ import annotations

import math
from typing import Any

from app.markup import esc

# Designed colours (engine/titan_race/data.py names them; these are their shades on screen).
COLOURS: dict[str, str] = {
    "red": "#dc2626",
    "yellow": "#facc15",
    "blue": "#2563eb",
    "green": "#16a34a",
    "brown": "#92400e",
    "purple": "#7c3aed",
}
INK_ON: dict[str, str] = {"yellow": "#1f2937"}  # text colour on a fill (white elsewhere)
ABBREVIATIONS: dict[str, str] = {
    "grinder": "Gr",
    "rassik": "Ra",
    "craken": "Cr",
    "ragnarok": "Rg",
    "slaugg": "Sl",
    "chtooloo": "Ch",
}
FACE_SHORT: dict[str, str] = {
    "yellow": "2 straight",
    "red": "1 straight + trap behind",
    "blue": "straight + diagonal",
    "green": "2 diagonal + hit ahead",
    "brown": "3 diagonal",
    "purple": "any other face, −1 Life",
}
FEATURES: dict[str, tuple[str, str]] = {  # feature -> (fill, legend text)
    "lava": ("#fb923c", "Lava: lose 1 Life Point on entering"),
    "pirates": ("#5eead4", "Pirates: discard a Bonus card or lose 1 Life Point"),
    "super_ramp": ("#d6d3d1", "Super-ramp: a step in the arrow's direction jumps 2 spaces"),
    "multi_ramp": ("#e7e5e4", "Multi-ramp: any forward step jumps 1 space"),
    "statue": ("#a8a29e", "Fire statue: entering it hits the six spaces around"),
    "pentacle": ("#ddd6fe", "Pentacle: end your die move here to re-roll for 1 Life Point"),
    "ice": ("#bae6fd", "Ice: slide on to the first space that is not ice"),
}
BASE_FILL = "#efe6d2"

# -- geometry ----------------------------------------------------------------------------------------
SIZE = 27.0  # hexagon: centre to corner
ROOT3 = math.sqrt(3)
LEFT = 24.0
TOP = 22.0
COLUMNS = "ABCDEF"
ROWS = 12
WIDTH = LEFT + SIZE * (1.5 * 5 + 2) + 10
HEIGHT = TOP + (ROWS + 1) * ROOT3 / 2 * SIZE + 22


def centre(column: int, row: int) -> tuple[float, float]:
    """The centre of a space (column from 0, row 1-12 from the bottom)."""
    x = LEFT + SIZE + column * 1.5 * SIZE
    y = TOP + ROOT3 / 2 * SIZE * (ROWS - row + 1)
    return x, y


def coordinates(space: str) -> tuple[int, int]:
    """'D4' -> (3, 4)."""
    return COLUMNS.index(space[0]), int(space[1:])


def space_centre(space: str) -> tuple[float, float]:
    """The centre of a named space."""
    return centre(*coordinates(space))


def hexagon(x: float, y: float, size: float = SIZE) -> str:
    """The points of a flat-topped hexagon."""
    return " ".join(
        f"{x + size * math.cos(math.radians(a)):.1f},{y + size * math.sin(math.radians(a)):.1f}"
        for a in range(0, 360, 60)
    )


def adjacent_on_screen(a: str, b: str) -> bool:
    """True when two spaces can be joined by a straight line (no wrap over an edge)."""
    (ca, ra), (cb, rb) = coordinates(a), coordinates(b)
    return abs(ca - cb) <= 3 and abs(ra - rb) <= 6


# -- symbols -------------------------------------------------------------------------------------------


def feature_icon(feature: str, x: float, y: float, ramp: str = "") -> str:
    """A small symbol for a circuit feature, centred on (x, y)."""
    if feature == "lava":
        return (
            f"<path d='M{x - 10:.1f},{y + 4:.1f} q2.5,-5 5,0 t5,0 t5,0 t5,0' class='ic-lava'/>"
            f"<path d='M{x - 10:.1f},{y + 9:.1f} q2.5,-5 5,0 t5,0 t5,0 t5,0' class='ic-lava'/>"
        )
    if feature == "pirates":
        return (
            f"<circle cx='{x:.1f}' cy='{y + 3:.1f}' r='6' class='ic-skull'/>"
            f"<rect x='{x - 3.5:.1f}' y='{y + 7:.1f}' width='7' height='4' class='ic-skull'/>"
            f"<circle cx='{x - 2.3:.1f}' cy='{y + 3:.1f}' r='1.6' fill='#f8fafc'/>"
            f"<circle cx='{x + 2.3:.1f}' cy='{y + 3:.1f}' r='1.6' fill='#f8fafc'/>"
        )
    if feature == "super_ramp":
        angle = 60 if ramp == "NE" else -60
        return (
            f"<g transform='translate({x:.1f},{y + 4:.1f}) rotate({angle})' class='ic-ramp'>"
            "<path d='M0,9 V-7 M-5,-2 L0,-7 L5,-2 M-5,4 L0,-1 L5,4'/></g>"
        )
    if feature == "multi_ramp":
        return (
            f"<g transform='translate({x:.1f},{y + 6:.1f})' class='ic-ramp'>"
            "<path d='M-4,-1 L0,-6 L4,-1'/><path d='M-11,3 L-6,-3 L-5,4' /><path d='M11,3 L6,-3 L5,4'/></g>"
        )
    if feature == "statue":
        return (
            f"<path d='M{x:.1f},{y - 6:.1f} C{x + 7:.1f},{y:.1f} {x + 5:.1f},{y + 10:.1f} {x:.1f},{y + 10:.1f} "
            f"C{x - 5:.1f},{y + 10:.1f} {x - 7:.1f},{y:.1f} {x:.1f},{y - 6:.1f}Z' class='ic-flame'/>"
            f"<rect x='{x - 6:.1f}' y='{y + 10:.1f}' width='12' height='3' fill='#57534e'/>"
        )
    if feature == "pentacle":
        points = " ".join(
            f"{x + 9 * math.sin(math.radians(144 * i)):.1f},{y + 3 - 9 * math.cos(math.radians(144 * i)):.1f}"
            for i in range(5)
        )
        return f"<polygon points='{points}' class='ic-pentacle'/>"
    if feature == "ice":
        lines = "".join(
            f"<line x1='{x - 8 * math.cos(math.radians(a)):.1f}' y1='{y + 4 - 8 * math.sin(math.radians(a)):.1f}' "
            f"x2='{x + 8 * math.cos(math.radians(a)):.1f}' y2='{y + 4 + 8 * math.sin(math.radians(a)):.1f}'/>"
            for a in (90, 30, 150)
        )
        return f"<g class='ic-ice'>{lines}</g>"
    if feature == "bonus":
        return (
            f"<g transform='translate({x + 9:.1f},{y - 14:.1f})'>"
            "<rect width='9' height='12' rx='1.5' class='ic-bonus'/>"
            "<path d='M4.5,3 v6 M1.5,6 h6' class='ic-bonus-plus'/></g>"
        )
    return ""


def trap_icon(x: float, y: float) -> str:
    """A trap token: a dark spiked disc."""
    spikes = " ".join(
        f"{x + (8 if i % 2 == 0 else 4) * math.cos(math.radians(i * 45)):.1f},"
        f"{y + (8 if i % 2 == 0 else 4) * math.sin(math.radians(i * 45)):.1f}"
        for i in range(8)
    )
    return f"<g class='tr-trap'><title>Trap</title><polygon points='{spikes}'/></g>"


def token(titan: dict[str, Any], x: float, y: float, r: float = 11.0, *, cls: str = "") -> str:
    """A Titan's token: its colour and two letters (readable without the colour)."""
    colour = str(titan.get("colour", ""))
    fill = COLOURS.get(colour, "#6b7280")
    ink = INK_ON.get(colour, "#ffffff")
    key = str(titan.get("titan", ""))
    ring = ""
    if titan.get("is_acting"):
        ring += f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{r + 4:.1f}' class='tr-acting-ring'/>"
    if titan.get("shielded"):
        ring += f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{r + 2:.1f}' class='tr-shield-ring'/>"
    ko = ""
    if titan.get("ko"):
        ko = (
            f"<g class='tr-ko'><rect x='{x + r - 8:.1f}' y='{y - r - 4:.1f}' width='17' height='10' rx='3'/>"
            f"<text x='{x + r + 0.5:.1f}' y='{y - r + 3.5:.1f}' text-anchor='middle'>KO</text></g>"
        )
    label = f"{titan.get('name', '')} ({titan.get('owner_name', '')})"
    return (
        f"<g class='tr-token {cls}'><title>{esc(label)}</title>{ring}"
        f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{r:.1f}' fill='{fill}' class='tr-token-disc'/>"
        f"<text x='{x:.1f}' y='{y + r * 0.36:.1f}' text-anchor='middle' fill='{ink}' class='tr-token-text' "
        f"font-size='{r * 0.95:.1f}'>{esc(ABBREVIATIONS.get(key, key[:2].title()))}</text>{ko}</g>"
    )


def die_icon(face: str, size: float = 30, *, label: bool = True) -> str:
    """A die face as an inline SVG: its colour and a route symbol (arrows; + trap, + hit, ? for any)."""
    fill = COLOURS.get(face, "#6b7280")
    ink = INK_ON.get(face, "#ffffff")
    up = "M0,7 V-7 M-4,-3 L0,-7 L4,-3"
    shapes = {
        "yellow": f"<g transform='translate(8,12)'><path d='{up}'/></g>"
        f"<g transform='translate(16,12)'><path d='{up}'/></g>",
        "red": f"<g transform='translate(9,12)'><path d='{up}'/></g><path d='M15,19 L18.5,13 L22,19 Z' class='fill'/>",
        "blue": "<path d='M7,20 V12 L15,5 M10,5 H15 V10'/>",
        "green": "<path d='M4,20 L10,13 L16,6 M11,6 H16 V11'/><path d='M19,14 l2,3 l-2,3 l-2,-3 Z' class='fill'/>",
        "brown": "<path d='M3,21 L9,15 L15,9 L21,3 M16,3 H21 V8'/>"
        "<circle cx='9' cy='15' r='1.5' class='fill'/><circle cx='15' cy='9' r='1.5' class='fill'/>",
        "purple": "<text x='12' y='17' text-anchor='middle' class='q'>?</text>",
    }
    text = f"{face.title()}: {FACE_SHORT.get(face, '')}"
    title = f"<title>{esc(text)}</title>" if label else ""
    role = f"role='img' aria-label='{esc(text)}'" if label else "aria-hidden='true' focusable='false'"
    return (
        f"<svg class='tr-die' width='{size:g}' height='{size:g}' viewBox='0 0 24 24' {role}>"
        f"{title}<rect x='0.5' y='0.5' width='23' height='23' rx='5' fill='{fill}' stroke='#1f2937' "
        f"stroke-opacity='.35'/><g stroke='{ink}' fill='none' stroke-width='2' stroke-linecap='round' "
        f"stroke-linejoin='round' style='--ink:{ink}'>{shapes.get(face, '')}</g></svg>"
    )
