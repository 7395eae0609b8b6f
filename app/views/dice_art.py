"""Dice, creature symbols, colours and cards for the Titan Dice board (pure SVG strings).

Never colour alone: every creature has its own symbol and its initial letter,
and the wound is a dark die with a white slash-cross. The symbols are
defined once per page (`symbol_defs`) and drawn with <use>.
"""

from __future__ import annotations

from app.markup import attrs, esc

# Fill colours chosen to keep white marks at >= 4.5:1 contrast; hues far apart, and never the only cue.
COLORS: dict[str, str] = {
    "chimera": "#b91c1c",  # red: a flame
    "gryphon": "#a16207",  # amber: a wing
    "hydra": "#047857",  # green: three heads
    "kraken": "#1d4ed8",  # blue: a tentacle
    "minotaur": "#7e22ce",  # purple: horns
    "wound": "#1f2937",  # near-black: a cross
}
LIGHT: dict[str, str] = {
    "chimera": "#fee2e2",
    "gryphon": "#fef3c7",
    "hydra": "#d1fae5",
    "kraken": "#dbeafe",
    "minotaur": "#f3e8ff",
    "wound": "#e5e7eb",
}
FACES_ORDER: tuple[str, ...] = ("chimera", "gryphon", "hydra", "kraken", "minotaur", "wound")
LETTERS: dict[str, str] = {
    "chimera": "C",
    "gryphon": "G",
    "hydra": "H",
    "kraken": "K",
    "minotaur": "M",
    "wound": "W",
}

# 24x24 symbols, drawn in currentColor.
_SYMBOLS: dict[str, str] = {
    "chimera": "<path d='M12 1.5c1.2 4 5.8 6 5.8 11.6a5.8 5.8 0 0 1-11.6 0c0-3.2 2-5 3-7.4.7 2 1.6 3 2.8 "
    "3.3-.6-2.4-.8-4.8 0-7.5z'/>",
    "gryphon": "<path d='M2 16c3-8 10-13 20-13-1.6 2.6-3.4 3.8-6 4.4 2.4 0 4 .6 5 1.6-2.6 1.8-5.4 2.2-8 2.2 2 "
    ".8 3.4 2.2 4.2 4.4-5.2 1.4-10.4 1.4-15.2.4z'/>",
    "hydra": "<g fill='none' stroke='currentColor' stroke-width='2.4' stroke-linecap='round'>"
    "<path d='M12 22v-9M12 13 6 6M12 13l6-7M12 13V4'/></g>"
    "<circle cx='6' cy='5' r='2.6'/><circle cx='18' cy='5' r='2.6'/><circle cx='12' cy='3.2' r='2.6'/>",
    "kraken": "<path fill='none' stroke='currentColor' stroke-width='2.6' stroke-linecap='round' "
    "d='M4 21C3 12 9 4 16 4.6c4.4.4 5.4 6 2 7.6-2.6 1.2-4.6-.6-3.8-2.8'/>"
    "<circle cx='7.4' cy='17' r='1.2'/><circle cx='8.6' cy='12.6' r='1.1'/><circle cx='11.2' cy='9' r='1'/>",
    "minotaur": "<path d='M2 4c.4 5 3 8.2 7 8.8V20h6v-7.2c4-.6 6.6-3.8 7-8.8-1.8 2.8-4 4.2-7.2 4.6H9.2C6 8.2 "
    "3.8 6.8 2 4z'/>",
    "wound": "<path fill='none' stroke='currentColor' stroke-width='3.6' stroke-linecap='round' d='M6 6l12 "
    "12M18 6 6 18'/>",
}


def symbol_defs() -> str:
    """A hidden SVG holding every symbol once, for <use href='#td-sym-...'> anywhere on the page."""
    symbols = "".join(
        f"<symbol id='td-sym-{name}' viewBox='0 0 24 24' fill='currentColor'>{body}</symbol>"
        for name, body in _SYMBOLS.items()
    )
    return f"<svg class='td-defs' width='0' height='0' aria-hidden='true' focusable='false'>{symbols}</svg>"


def face_name(face: str) -> str:
    """'Kraken', 'Wound'."""
    return face.title()


def die(x: float, y: float, size: float, face: str, *, cls: str = "", label: str | None = None) -> str:
    """One die at (x, y): a coloured rounded square, the creature's symbol and its letter."""
    color = COLORS.get(face, "#6b7280")
    letter = LETTERS.get(face, "?")
    symbol = size * 0.6
    title = esc(label or face_name(face))
    return (
        f"<g class='die die-{esc(face)} {cls}' transform='translate({x:g},{y:g})'>"
        f"<g class='die-body' style='transform-origin:{size / 2:g}px {size / 2:g}px'>"
        f"<title>{title}</title>"
        f"<rect width='{size:g}' height='{size:g}' rx='{size * 0.18:g}' fill='{color}' class='die-face'/>"
        f"<rect x='1.5' y='1.5' width='{size - 3:g}' height='{size - 3:g}' rx='{size * 0.15:g}' fill='none' "
        "stroke='#fff' stroke-opacity='.35'/>"
        f"<use href='#td-sym-{esc(face)}' x='{size * 0.08:g}' y='{size * 0.08:g}' width='{symbol:g}' "
        f"height='{symbol:g}' color='#fff'/>"
        f"<text x='{size * 0.8:g}' y='{size * 0.86:g}' class='die-letter' font-size='{size * 0.36:g}' "
        f"text-anchor='middle' fill='#fff'>{letter}</text>"
        "</g></g>"
    )


def empty_slot(x: float, y: float, size: float, cls: str = "slot") -> str:
    """A dashed empty place for a die."""
    return (
        f"<rect class='{cls}' x='{x:g}' y='{y:g}' width='{size:g}' height='{size:g}' rx='{size * 0.18:g}' "
        "fill='none' stroke='#94a3b8' stroke-dasharray='3 3'/>"
    )


def chip(x: float, y: float, size: float, creature: str) -> str:
    """A small round creature token (symbol + colour), e.g. a track's label or marker."""
    color = COLORS.get(creature, "#6b7280")
    r = size / 2
    inner = size * 0.64
    return (
        f"<g transform='translate({x:g},{y:g})'><circle cx='{r:g}' cy='{r:g}' r='{r:g}' fill='{color}'/>"
        f"<use href='#td-sym-{esc(creature)}' x='{(size - inner) / 2:g}' y='{(size - inner) / 2:g}' "
        f"width='{inner:g}' height='{inner:g}' color='#fff'/></g>"
    )


def hit(element: str, action: int | None, label: str, box: tuple[float, float, float, float], cls: str = "") -> str:
    """Draw `element`, and over it, when it maps to legal action `action`, a focusable choice outline.

    The choice is its own <rect role="button"> (no text inside), so its accessible name is its label alone.
    """
    if action is None:
        return element
    x, y, w, h = box
    rect = attrs(
        class_=f"choice hit {cls}".strip(),
        data_action=action,
        role="button",
        tabindex=0,
        aria_label=label,
        x=f"{x:g}",
        y=f"{y:g}",
        width=f"{w:g}",
        height=f"{h:g}",
        rx=6,
    )
    return f"{element}<rect{rect}><title>{esc(label)}</title></rect>"


def card(x: float, y: float, creature: str, level: int, ability: str, cost: int, *, face_up: bool = True) -> str:
    """A creature card: coloured band with symbol and letter, level, ability name, cost."""
    w, h = 64, 70
    color = COLORS[creature]
    if not face_up:
        return (
            f"<g class='card card-down' transform='translate({x:g},{y:g})'><title>{esc(creature.title())} "
            f"{level} (face down)</title>"
            f"<rect width='{w}' height='{h}' rx='7' fill='#334155' stroke='#0f172a'/>"
            f"<rect x='5' y='5' width='{w - 10}' height='{h - 10}' rx='5' fill='url(#td-back)' stroke='#94a3b8' "
            "stroke-opacity='.5'/>"
            f"<text x='{w / 2:g}' y='{h / 2 - 2:g}' text-anchor='middle' class='card-down-text'>"
            f"{LETTERS[creature]}{level}</text>"
            f"<text x='{w / 2:g}' y='{h / 2 + 12:g}' text-anchor='middle' class='card-small' fill='#e2e8f0'>"
            "face down</text></g>"
        )
    return (
        f"<g class='card' transform='translate({x:g},{y:g})'><title>{esc(creature.title())} {level}: "
        f"{esc(ability)} (cost {cost})</title>"
        f"<rect width='{w}' height='{h}' rx='7' fill='#fffdf7' stroke='{color}' stroke-width='2'/>"
        f"<path d='M0 7a7 7 0 0 1 7-7h{w - 14}a7 7 0 0 1 7 7v15H0z' fill='{color}'/>"
        f"<use href='#td-sym-{creature}' x='4' y='3' width='16' height='16' color='#fff'/>"
        f"<text x='{w - 6}' y='16' text-anchor='end' class='card-level' fill='#fff'>{LETTERS[creature]}{level}</text>"
        f"<text x='{w / 2:g}' y='38' text-anchor='middle' class='card-ability'>{esc(ability)}</text>"
        f"<text x='{w / 2:g}' y='{h - 10}' text-anchor='middle' class='card-small'>cost {cost}</text>"
        f"{level_pips(w / 2, 48, level, color)}</g>"
    )


def card_slot(x: float, y: float, creature: str) -> str:
    """An empty card slot of a creature type: dashed outline and a faint symbol."""
    return (
        f"<g class='card-slot' transform='translate({x:g},{y:g})'><title>No {creature.title()} card</title>"
        f"<rect width='64' height='70' rx='7' fill='{LIGHT[creature]}' fill-opacity='.45' stroke='{COLORS[creature]}' "
        "stroke-opacity='.45' stroke-dasharray='4 3'/>"
        f"<use href='#td-sym-{creature}' x='20' y='23' width='24' height='24' color='{COLORS[creature]}' "
        "opacity='.35'/></g>"
    )


def level_pips(cx: float, y: float, level: int, color: str) -> str:
    """Level shown as pips too (points on the card), not only as a number."""
    start = cx - (level - 1) * 5
    return "".join(f"<circle cx='{start + i * 10:g}' cy='{y:g}' r='3' fill='{color}'/>" for i in range(level))
