"""Titan's battlelands as SVG: the hexes with hazards and hexsides, the hazard legend, character counters and
the changing overlay (characters, moves, strikes with their chances, the last roll). Shared pieces:
`titan_art.py`."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from app.markup import esc
from app.views.titan_art import (
    _HEX_CORNERS,
    BATTLELAND_VIEWBOX,
    COUNTER_SIZE,
    FACTORS_BASELINE,
    HAZARD_COLOURS,
    HAZARD_SYMBOLS,
    HEX_INNER,
    HEX_RADIUS,
    HEXSIDE_MARKS,
    HEXSIDE_WORDS,
    NAME_BASELINE,
    NAME_EM,
    NAME_FONT,
    NAME_WIDTH,
    SIDE_BADGE,
    _ink_class,
    _n,
    _points,
    _small_svg,
    _swatch,
    _viewbox,
    battle_hex_centre,
    hazard_fill,
    player_colour,
)
from engine.titan.data import BATTLELANDS, EDGES, HEX_LABELS, HEX_NEIGHBORS

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
    edges: Iterable[tuple[str, int, str]] = (),
) -> str:
    """The battle's changing layer: the edges the sides enter by (`edges`: see `entry_edges`), move targets, strike
    targets with their odds, the characters on the map, and the last strike's dice (`last_roll`: the engine's
    record: striker and target hexes, the strike number, the dice) by its target, with an arrow from the striker.

    `targets`: (hex, action index, label); `strike_targets`: (hex, action index, label, strike number, chance to
    hit as a fraction or a percentage); `selectable`: (unit index, select key, label) drawn with data-select;
    `selected`: the picked unit's index, ringed. Characters off the map (`hex` None) are not drawn; those on a
    target hex let taps through to it (class `tt-pass`) unless they are choices themselves.
    """
    parts = ["<g class='tt-overlay'>", entry_edges(edges), _last_roll_line(last_roll or {})]  # under the rest
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


def _edge_line(edge: int) -> tuple[str, float, float]:
    """The outer border of a battleland edge (its hexes' sides `edge` and `edge + 1` with no neighbour beyond) as
    path data, and the middle of that border."""
    moves, middles = [], []
    for label in EDGES.get(edge, ()):
        cx, cy = battle_hex_centre(label)
        for side in (edge % 6, (edge + 1) % 6):
            if side in HEX_NEIGHBORS[label]:
                continue
            (x1, y1), (x2, y2) = _HEX_CORNERS[side], _HEX_CORNERS[(side + 1) % 6]
            moves.append(f"M{_n(cx + x1)} {_n(cy + y1)}L{_n(cx + x2)} {_n(cy + y2)}")
            middles.append((cx + (x1 + x2) / 2, cy + (y1 + y2) / 2))
    if not middles:
        return "", 0.0, 0.0
    return "".join(moves), sum(x for x, _ in middles) / len(middles), sum(y for _, y in middles) / len(middles)


def entry_edges(edges: Iterable[tuple[str, int, str]]) -> str:
    """The edges the two sides enter by, drawn on the battleland's border with a badge of the side's letter (A, D,
    as on the counters): (side letter, edge, words for its title: 'Bu02 attacks from here')."""
    parts = []
    centre_x, centre_y = BATTLELAND_VIEWBOX[2] / 2, BATTLELAND_VIEWBOX[3] / 2
    for letter, edge, words in edges:
        path, mx, my = _edge_line(edge)
        if not path:
            continue
        # a round badge with the side's letter on the border's middle, a little inwards: a counter beside it
        # stays readable, and the window never cuts it
        length = math.hypot(centre_x - mx, centre_y - my) or 1.0
        bx, by = mx + (centre_x - mx) * 4 / length, my + (centre_y - my) * 4 / length
        bx = min(max(bx, 11.0), BATTLELAND_VIEWBOX[2] - 11.0)
        by = min(max(by, 11.0), BATTLELAND_VIEWBOX[3] - 11.0)
        parts.append(
            f"<g class='tt-edge tt-edge-{esc(letter.lower())}'><title>{esc(words)}</title><path d='{path}'/>"
            f"<g class='tt-edge-badge' transform='translate({_n(bx)},{_n(by)})'><circle r='10'/>"
            f"<text y='4'>{esc(letter)}</text></g></g>"
        )
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
