"""The Titan Dice board's pieces shared by its regions: sizes and seat colours, which legal action a die, track,
card or stack stands for (the choices map), a creature track row, a row of dice, and text fitted to a width."""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views import BoardContext
from app.views.dice_art import COLORS, LIGHT, chip, die, empty_slot, hit

CREATURES = ("chimera", "gryphon", "hydra", "kraken", "minotaur")
SEAT_COLORS = ("#2563eb", "#db2777", "#0d9488", "#ea580c")
BOARD_W = 360
DIE = 34
DIE_STEP = 40
ROW_H = 40
TRACK_TOP = 44


# -- action -> board element ---------------------------------------------------------------------


def action_targets(ctx: BoardContext) -> dict[str, int]:
    """Board element keys -> the first legal action index drawn there."""
    seat = ctx.current
    targets: dict[str, int] = {}
    if not ctx.interactive or seat is None:
        return targets
    for index, action in enumerate(ctx.actions):
        key = _target_key(action.model_dump(), seat)
        if key is not None and key not in targets:
            targets[key] = index
    return targets


def _target_key(data: dict[str, Any], seat: int) -> str | None:
    """The board element an action maps to, or None (action bar only)."""
    kind = data.get("kind")
    if kind in ("choose_die", "remove_die"):
        return f"die:{seat}:{data['die']}"
    if kind in ("capture", "lose_creature", "collect_creature"):
        return f"track:{seat}:{data['creature']}"
    if kind in ("activate", "flip_card"):
        return f"card:{seat}:{data['creature']}"
    if kind == "purchase":
        return f"stack:{data['creature']}"
    if kind == "exchange":
        source = data.get("from_seat", -1)
        return f"stack:{data['creature']}" if source < 0 else f"card:{source}:{data['creature']}"
    if kind == "roll":
        return f"area:{seat}:{data['which']}" if data.get("which") in ("active", "spent") else None
    if kind == "roll_five":
        return f"area:{seat}:active"
    if kind == "attack_roll":
        return f"aid:{seat}"
    if kind in ("reroll_wounds",):
        return f"wounds:{seat}"
    if kind == "move_exodus":
        return f"exodus:{data['creature']}"
    if kind == "roll_exodus":
        return "exodus:board"
    return None


class Choices:
    """Looks up the action index and label for a board element key."""

    def __init__(self, ctx: BoardContext) -> None:
        self.map = action_targets(ctx)
        self.labels = ctx.labels

    def get(self, key: str) -> tuple[int | None, str]:
        """(action index, label) of the choice drawn at `key`, or (None, '')."""
        index = self.map.get(key)
        return (index, self.labels[index]) if index is not None else (None, "")


# -- pieces ------------------------------------------------------------------------------------------


def track_row(
    x: float,
    y: float,
    creature: str,
    value: int,
    choices: Choices,
    key: str,
    *,
    caged_at: int = 4,
    exodus: bool = False,
    changed: bool = False,
) -> str:
    """One creature track: chip and name, spaces 0..4 (4 is the cage), the marker on `value` (`changed`: ringed,
    the last move moved it)."""
    color = COLORS[creature]
    parts = [chip(x, y + 6, 28, creature)]
    parts.append(
        f"<text x='{x + 34:g}' y='{y + 18:g}' class='track-name'>{creature.title()}</text>"
        f"<text x='{x + 34:g}' y='{y + 31:g}' class='track-value'>{value}{' lost' if exodus and value == 0 else ''}"
        f"{' caged' if not exodus and value >= caged_at else ''}</text>"
    )
    for space in range(5):
        cx = x + 112 + space * 28
        cy = y + 20
        if space == caged_at:
            parts.append(
                f"<rect x='{cx - 13:g}' y='{cy - 13:g}' width='26' height='26' rx='4' fill='{LIGHT[creature]}' "
                f"stroke='{color}' stroke-width='1.5'/>"
                + "".join(
                    f"<line x1='{cx - 13 + b * 6.5:g}' y1='{cy - 13:g}' x2='{cx - 13 + b * 6.5:g}' y2='{cy + 13:g}' "
                    f"stroke='{color}' stroke-width='1.2' stroke-opacity='.55'/>"
                    for b in (1, 2, 3)
                )
            )
        else:
            parts.append(
                f"<circle cx='{cx:g}' cy='{cy:g}' r='11' fill='{LIGHT[creature] if space else '#f1f5f9'}' "
                f"stroke='#cbd5e1'/><text x='{cx:g}' y='{cy + 4:g}' text-anchor='middle' "
                f"class='space-num'>{space}</text>"
            )
    marker_x = x + 112 + min(4, max(0, value)) * 28
    if exodus and value == 0:
        parts.append(
            f"<g transform='translate({marker_x - 11:g},{y + 9:g})'><circle cx='11' cy='11' r='11' fill='#475569'/>"
            "<use href='#td-sym-wound' x='4' y='4' width='14' height='14' color='#fff'/></g>"
        )
    else:
        if changed:
            parts.append(f"<circle cx='{marker_x:g}' cy='{y + 20:g}' r='15.5' class='last-change'/>")
        parts.append(
            f"<g class='marker'><circle cx='{marker_x:g}' cy='{y + 20:g}' r='12' fill='{color}' stroke='#fff' "
            f"stroke-width='2'/><use href='#td-sym-{creature}' x='{marker_x - 8:g}' y='{y + 12:g}' width='16' "
            "height='16' color='#fff'/></g>"
        )
    row = f"<g class='track'>{''.join(parts)}</g>"
    index, label = choices.get(key)
    return hit(row, index, label, (x - 2, y, 246, ROW_H), "choice-row")


def dice_row(
    x: float,
    y: float,
    label: str,
    dice: list[dict[str, Any]],
    choices: Choices,
    seat: int,
    rolled: set[int],
    chosen: set[int],
    area_key: str | None,
    slots: int = 5,
    shown_faces: frozenset[int] = frozenset(),
) -> str:
    """A labelled row of dice (an area of the board); dice that are choices are clickable."""
    parts = [f"<text x='{x:g}' y='{y + 22:g}' class='area-label'>{esc(label)}</text>"]
    start = x + 62
    shown = 0
    for entry in dice:
        dx = start + shown * DIE_STEP
        face = str(entry["face"])
        index = int(entry["die"])
        cls = []
        if index in rolled:
            cls.append("just-rolled")
        if index in chosen:
            cls.append("chosen")
        if entry.get("area") == "removed":
            cls.append("removed")
        unrolled = entry.get("area") == "hand" and index not in shown_faces
        if unrolled:
            cls.append("unrolled")
        what = "bonus die" if entry.get("bonus") else "die"
        title = f"{face.title()} {what}" + (" (out of play)" if entry.get("area") == "removed" else "")
        if unrolled:
            drawn = (
                f"<g class='die unrolled' transform='translate({dx:g},{y + 3:g})'><title>Die not rolled yet</title>"
                f"<rect width='{DIE}' height='{DIE}' rx='6' fill='#f8fafc' stroke='#94a3b8'/>"
                f"<text x='{DIE / 2:g}' y='{DIE / 2 + 5:g}' text-anchor='middle' class='unrolled-mark'>?</text></g>"
            )
        else:
            drawn = die(dx, y + 3, DIE, face, cls=" ".join(cls), label=title)
        action, action_label = choices.get(f"die:{seat}:{index}")
        parts.append(hit(drawn, action, action_label, (dx - 3, y, DIE + 6, DIE + 6)))
        shown += 1
    for slot in range(shown, slots):
        parts.append(empty_slot(start + slot * DIE_STEP, y + 3, DIE))
    row = "".join(parts)
    if area_key is not None:
        action, action_label = choices.get(area_key)
        if action is not None:
            width = max(slots, shown) * DIE_STEP + 62
            return hit(f"<g>{row}</g>", action, action_label, (x - 4, y - 1, width, DIE + 8), "choice-area")
    return row


def fit_text(text: str, width: float, size: float) -> str:
    """A font-size attribute that fits `text` in about `width` units (long names shrink, never cut)."""
    estimate = len(text) * size * 0.6
    fitted = size if estimate <= width else max(8.0, size * width / estimate)
    return f"style='font-size:{fitted:.1f}px'"


def int_set(value: Any) -> set[int]:
    """A set of die indices from a pending field (an int, a list of ints, or anything else: empty)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, list):
        return {v for v in value if isinstance(v, int) and not isinstance(v, bool)}
    return set()
