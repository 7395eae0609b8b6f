"""The Titan Race board as SVG/HTML strings, from `game.view(state, seat)` (shape: engine/titan_race/view.py).

Drawn per region: the circuit (one SVG per board; three in the Grand Slam) as a staggered grid of
flat-topped hexagons (columns A-F, rows 1-12 from the bottom; "straight ahead" is two rows up), each
circuit feature with its own fill and symbol (legend below), Bonus spaces, traps and the Titans as
coloured tokens carrying two letters each (never colour alone). Beside it: the dice pool of the
draft (each face's colour with a route symbol and its meaning in words) and one card per Titan
(life gauge, lap counter, Ability card face up or used, Bonus hand: the viewer's own cards by name,
the others only counted, K.O. and Shield markers).

Legal actions that name a space (start, move end, trap, hit, Ability or card target) make that space
a focusable choice with data-action="<index>"; every action is also a button in the action bar.
Move previews (the engine's `previews`) are drawn hidden, one group per action, and a generated
stylesheet shows a preview (path with numbered steps, wraps, slides and ramps as entered, the end
space, the Titans it would push) while its space or its button is hovered or focused.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from app.markup import esc
from app.views import BoardContext, engine_status

SECRETS = True  # Bonus hands are secret: hot-seat play needs the pass-the-device screen
SECRETS_SHOWN = "{name}'s Bonus cards"  # what the pass-the-device screen says the board shows

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
GROUP_TITLES: dict[str, str] = {
    "choose_titan": "Titans",
    "take_die": "Dice",
    "choose_face": "Face",
    "choose_start": "Start",
    "move": "Move",
    "place_trap": "Trap",
    "hit": "Hit",
    "use_ability": "Ability",
    "play_card": "Bonus card",
    "discard_card": "Discard",
    "reroll": "Pentacle",
    "end_turn": "End",
    "answer": "Answer",
}

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


def _adjacent_on_screen(a: str, b: str) -> bool:
    """True when two spaces can be joined by a straight line (no wrap over an edge)."""
    (ca, ra), (cb, rb) = coordinates(a), coordinates(b)
    return abs(ca - cb) <= 3 and abs(ra - rb) <= 6


# -- symbols -------------------------------------------------------------------------------------------


def _feature_icon(feature: str, x: float, y: float, ramp: str = "") -> str:
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


def _trap(x: float, y: float) -> str:
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


# -- action -> board element ---------------------------------------------------------------------------


def _acting(view: dict[str, Any]) -> dict[str, Any] | None:
    """The acting Titan's view, if any."""
    titans = view.get("titans", [])
    acting = view.get("acting")
    if isinstance(acting, int) and 0 <= acting < len(titans):
        return titans[acting]
    return None


def _previews_by_index(ctx: BoardContext) -> dict[int, dict[str, Any]]:
    """Action index -> the engine's preview of it."""
    if not ctx.interactive:
        return {}
    dumped = [action.model_dump(mode="json") for action in ctx.actions]
    found: dict[int, dict[str, Any]] = {}
    for item in ctx.view.get("previews", []):
        data = item.get("action")
        for index, candidate in enumerate(dumped):
            if candidate == data and index not in found:
                found[index] = item
                break
    return found


def _target_key(data: dict[str, Any], preview: dict[str, Any] | None, acting: dict[str, Any] | None) -> str | None:
    """The board element an action maps to ('space:<board>:<space>', 'die:<i>'), or None (buttons only)."""
    kind = data.get("kind")
    board = int(acting.get("board", 0)) if acting else 0
    if kind == "take_die":
        return f"die:{data['die']}"
    if kind == "choose_start":
        return f"space:{board}:{data['space']}"
    if kind == "move":
        end = data.get("to")
        if preview and acting is not None:
            key = str(acting["index"])
            end = preview.get("end", {}).get(key, end)
            board = int(preview.get("boards", {}).get(key, board))
        return f"space:{board}:{end}" if end else None
    if kind in ("place_trap", "hit"):
        return f"space:{board}:{data['space']}"
    if kind in ("use_ability", "play_card") and data.get("target"):
        return f"space:{board}:{data['target']}"
    return None


class _Choices:
    """Board element keys -> (first legal action index, label, kind)."""

    def __init__(self, ctx: BoardContext) -> None:
        self.map: dict[str, tuple[int, str, str]] = {}
        self.previews = _previews_by_index(ctx)
        if not ctx.interactive:
            return
        acting = _acting(ctx.view)
        for index, action in enumerate(ctx.actions):
            data = action.model_dump(mode="json")
            key = _target_key(data, self.previews.get(index), acting)
            if key is not None and key not in self.map:
                self.map[key] = (index, ctx.labels[index], str(data.get("kind", "")))

    def get(self, key: str) -> tuple[int, str, str] | None:
        """The choice drawn at `key`, or None."""
        return self.map.get(key)


# -- moves animated step by step -------------------------------------------------------------------------

STEP_MS = 170  # one space of a move
SLIDE_MS = 320  # a move seen without its path (a computer's): one slide


def _animations(ctx: BoardContext) -> dict[int, list[tuple[float, str]]]:
    """Titan index -> the spaces its token passes through since the previous view, with their start times (ms).

    The path comes from the previous view's preview of the action just played (the human who played it saw
    it); otherwise a Titan that moved one short distance on the same board slides there. Wraps jump.
    """
    previous = ctx.previous
    if not previous or ctx.state.last_action is None:
        return {}
    before = {int(t["index"]): t for t in previous.get("titans", [])}
    last = ctx.state.last_action.model_dump(mode="json")
    preview = next((p for p in previous.get("previews", []) if p.get("action") == last), None)
    acting = previous.get("acting")
    plans: dict[int, list[tuple[float, str]]] = {}
    mover_ms = 0.0
    order = sorted(ctx.view.get("titans", []), key=lambda t: t["index"] != acting)  # the mover first
    for titan in order:
        index = int(titan["index"])
        old = before.get(index)
        if old is None or not old.get("space") or not titan.get("space") or old["space"] == titan["space"]:
            continue
        if int(old.get("board", 0)) != int(titan.get("board", 0)):
            continue
        path = [str(s) for s in (preview or {}).get("paths", {}).get(str(index), [])]
        if path and path[-1] == titan["space"]:
            start = mover_ms if index != acting else 0.0
            plans[index] = [(start + i * STEP_MS, space) for i, space in enumerate([str(old["space"]), *path])]
        elif _adjacent_on_screen(str(old["space"]), str(titan["space"])):
            start = mover_ms if index != acting else 0.0
            plans[index] = [(start, str(old["space"])), (start + SLIDE_MS, str(titan["space"]))]
        if index == acting and index in plans:
            mover_ms = plans[index][-1][0]
    return plans


def _animation_style(plans: dict[int, list[tuple[float, str]]], titans: list[dict[str, Any]]) -> str:
    """Keyframes moving each animated token from its old space along its path to where it is drawn."""
    if not plans:
        return ""
    total = max(plan[-1][0] for plan in plans.values()) or 1.0
    rules = []
    for index, plan in plans.items():
        end_x, end_y = space_centre(str(titans[index]["space"]))
        frames = []
        for number, (time, space) in enumerate(plan):
            x, y = space_centre(space)
            percent = 100 * time / total
            if number and not _adjacent_on_screen(plan[number - 1][1], space):  # a wrap: jump, do not fly across
                px, py = space_centre(plan[number - 1][1])
                frames.append(
                    f"{max(0.0, percent - 0.1):.2f}%{{transform:translate({px - end_x:.1f}px,{py - end_y:.1f}px)}}"
                )
            frames.append(f"{percent:.2f}%{{transform:translate({x - end_x:.1f}px,{y - end_y:.1f}px)}}")
        if plan[0][0] > 0:
            x, y = space_centre(plan[0][1])
            frames.insert(0, f"0%{{transform:translate({x - end_x:.1f}px,{y - end_y:.1f}px)}}")
        rules.append(
            f"@keyframes tr-move-{index}{{{''.join(frames)}}}"
            f".tr.rolling .tr-titan-{index}{{animation:tr-move-{index} {total:.0f}ms linear both}}"
        )
    return "<style>" + "".join(rules) + "</style>"


# -- the circuit ------------------------------------------------------------------------------------------


def _circuit_svg(view: dict[str, Any], board: int, choices: _Choices, *, titled: bool, ctx: BoardContext) -> str:
    """One circuit: labels, spaces with features, traps, Titans, choices and hidden previews."""
    circuit = view["circuits"][board]
    parts: list[str] = []
    # labels: columns at top and bottom, rows on the left
    for column, letter in enumerate(COLUMNS):
        x, _ = centre(column, 1)
        parts.append(f"<text x='{x:.1f}' y='13' class='tr-label' text-anchor='middle'>{letter}</text>")
        parts.append(f"<text x='{x:.1f}' y='{HEIGHT - 6:.1f}' class='tr-label' text-anchor='middle'>{letter}</text>")
    for row in range(1, ROWS + 1):
        _, y = centre(0, row)
        parts.append(f"<text x='10' y='{y + 4:.1f}' class='tr-label' text-anchor='middle'>{row}</text>")
    # the finish line sits between row 12 and row 1 (leaving the top re-enters at the bottom)
    parts.append(
        f"<line x1='{LEFT:.1f}' y1='{TOP - 3:.1f}' x2='{WIDTH - 8:.1f}' y2='{TOP - 3:.1f}' class='tr-finish'/>"
        f"<line x1='{LEFT:.1f}' y1='{HEIGHT - 19:.1f}' x2='{WIDTH - 8:.1f}' y2='{HEIGHT - 19:.1f}' "
        "class='tr-finish'/>"
    )
    traps = {t["space"] for t in view.get("traps", []) if int(t.get("board", 0)) == board}
    targets: list[str] = []
    for space in circuit["spaces"]:
        name = space["space"]
        x, y = centre(int(space["column"]), int(space["row"]))
        features = list(space.get("features", []))
        main = next((f for f in features if f in FEATURES), "")
        fill = FEATURES[main][0] if main else BASE_FILL
        start = int(space["row"]) == 1 and name in ("A1", "C1", "E1")
        words = [FEATURES[f][1].split(":")[0] for f in features if f in FEATURES]
        if "bonus" in features:
            words.append("Bonus space")
        if name in traps:
            words.append("trap")
        if start:
            words.append("start space")
        title = name + (": " + ", ".join(words) if words else "")
        parts.append(
            f"<g class='tr-space'><title>{esc(title)}</title>"
            f"<polygon points='{hexagon(x, y, SIZE - 1)}' fill='{fill}' class='tr-hex{' tr-start' if start else ''}'/>"
            f"<text x='{x:.1f}' y='{y - 11:.1f}' text-anchor='middle' class='tr-space-name'>{name}</text>"
            + "".join(_feature_icon(f, x, y, str(space.get("ramp", ""))) for f in features)
            + (_trap(x - 10, y + 8) if name in traps else "")
            + "</g>"
        )
        choice = choices.get(f"space:{board}:{name}")
        if choice is not None:
            index, label, kind = choice
            targets.append(
                f"<polygon points='{hexagon(x, y, SIZE - 3)}' class='choice hit tr-target tr-target-{esc(kind)}' "
                f"data-action='{index}' role='button' tabindex='0' aria-label='{esc(label)}'>"
                f"<title>{esc(label)}</title></polygon>"
            )
    # The last move: where each Titan that moved came from (dashed) and where it is now (ringed).
    before = {int(t["index"]): t for t in (ctx.previous or {}).get("titans", [])}
    for titan in view.get("titans", []):
        old = before.get(int(titan["index"]))
        if old is None or not old.get("space") or not titan.get("space") or old["space"] == titan["space"]:
            continue
        if int(old.get("board", 0)) == board:
            x, y = space_centre(str(old["space"]))
            parts.append(f"<polygon points='{hexagon(x, y, SIZE - 4)}' class='tr-last-from'/>")
        if int(titan.get("board", 0)) == board:
            x, y = space_centre(str(titan["space"]))
            parts.append(f"<polygon points='{hexagon(x, y, SIZE - 4)}' class='tr-last-to'/>")
    # Titans on this board (several on one space are offset)
    crowd: dict[str, int] = {}
    tokens = []
    for titan in view.get("titans", []):
        if titan.get("space") is None or int(titan.get("board", 0)) != board:
            continue
        space = str(titan["space"])
        n = crowd.get(space, 0)
        crowd[space] = n + 1
        x, y = space_centre(space)
        tokens.append(token(titan, x + n * 9, y + 4 + n * 4, cls=f"tr-titan-{titan['index']}"))
    previews = [_preview_group(view, board, index, item) for index, item in choices.previews.items()]
    title = f"Board {board + 1}: {circuit['name']}" if titled else str(circuit["name"])
    heading = f"<figcaption class='tr-board-title'>{esc(title)}</figcaption>"
    svg = (
        f"<svg class='tr-circuit' viewBox='0 0 {WIDTH:.0f} {HEIGHT:.0f}' role='group' aria-label='{esc(title)}'>"
        f"<rect x='1' y='1' width='{WIDTH - 2:.0f}' height='{HEIGHT - 2:.0f}' rx='10' class='tr-bg'/>"
        + "".join(parts)
        + "".join(previews)
        + "".join(tokens)
        + "".join(targets)
        + "</svg>"
    )
    acting = _acting(view)
    current = " is-current" if acting is not None and int(acting.get("board", 0)) == board else ""
    return f"<figure class='tr-board tr-board-{board}{current}'>{heading}{svg}</figure>"


def _preview_group(view: dict[str, Any], board: int, index: int, item: dict[str, Any]) -> str:
    """A move preview (hidden until its choice is hovered or focused): paths, steps, end spaces, pushes."""
    titans = view.get("titans", [])
    acting = view.get("acting")
    parts: list[str] = []
    pushed = {int(i) for i in item.get("pushed", [])}
    for key, path in item.get("paths", {}).items():
        i = int(key)
        if not (0 <= i < len(titans)) or not path:
            continue
        titan = titans[i]
        if int(titan.get("board", 0)) != board and int(item.get("boards", {}).get(key, -1)) != board:
            continue
        colour = COLOURS.get(str(titan.get("colour", "")), "#6b7280")
        points = ([str(titan["space"])] if titan.get("space") else []) + [str(s) for s in path]
        for a, b in itertools.pairwise(points):
            (x1, y1), (x2, y2) = space_centre(a), space_centre(b)
            if _adjacent_on_screen(a, b):
                parts.append(
                    f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' stroke='{colour}' class='tr-path'/>"
                )
            else:  # a wrap over an edge: a short stub out of the old space and into the new one
                parts.append(
                    f"<circle cx='{x1:.1f}' cy='{y1:.1f}' r='5' class='tr-wrap'/>"
                    f"<circle cx='{x2:.1f}' cy='{y2:.1f}' r='5' class='tr-wrap'/>"
                )
        for step, space in enumerate(path, start=1):
            x, y = space_centre(str(space))
            parts.append(
                f"<circle cx='{x + 12:.1f}' cy='{y + 11:.1f}' r='6' class='tr-step'/>"
                f"<text x='{x + 12:.1f}' y='{y + 14:.1f}' text-anchor='middle' class='tr-step-text'>{step}</text>"
            )
    for key, end in item.get("end", {}).items():
        i = int(key)
        if not (0 <= i < len(titans)) or not end or int(item.get("boards", {}).get(key, board)) != board:
            continue
        x, y = space_centre(str(end))
        ghost = dict(titans[i], is_acting=False, shielded=False, ko="")
        cls = "tr-ghost tr-ghost-pushed" if i in pushed or i != acting else "tr-ghost"
        parts.append(f"<polygon points='{hexagon(x, y, SIZE - 2)}' class='tr-end'/>" + token(ghost, x, y + 4, cls=cls))
    return f"<g class='tr-pv tr-pv-{index}' data-preview-of='{index}' aria-hidden='true'>{''.join(parts)}</g>"


def _preview_style(choices: _Choices) -> str:
    """Show preview i while action i (its space or its button) is hovered, focused or armed by a first tap."""
    if not choices.previews:
        return ""
    rules = "".join(
        f"#app:has([data-action='{i}']:is(:hover,:focus-visible,.is-armed,.is-hinted)) .tr-pv-{i}{{display:inline}}"
        for i in choices.previews
    )
    return f"<style>{rules}</style>"


# -- the side panel -----------------------------------------------------------------------------------------


def _pool(view: dict[str, Any], choices: _Choices) -> str:
    """The dice pool of the draft (dice that map to a choice are buttons) and the acting Titan's die."""
    dice = view.get("dice", {})
    pool = list(dice.get("pool", []))
    items = []
    for index, face in enumerate(pool):
        choice = choices.get(f"die:{index}")
        inner = f"{die_icon(str(face), 34, label=choice is None)}"
        if choice is not None:
            action, label, _ = choice
            items.append(
                f"<li><button type='button' class='tr-die-btn' data-action='{action}' aria-label='{esc(label)}' "
                f"title='{esc(FACE_SHORT.get(str(face), ''))}'>{inner}</button></li>"
            )
        else:
            items.append(f"<li>{inner}</li>")
    taken = ""
    if dice.get("taken"):
        face = str(dice.get("face") or dice.get("taken"))
        taken = (
            f"<p class='tr-taken'>{die_icon(str(dice['taken']), 26)} <span>Die taken: "
            f"<b>{esc(str(dice['taken']).title())}</b>"
            + (f" → {esc(face.title())} action" if face != dice.get("taken") else "")
            + f" ({esc(FACE_SHORT.get(face, ''))})</span></p>"
        )
    listing = "".join(items) or "<li class='tr-empty'>No dice left in the pool.</li>"
    key = "".join(
        f"<li>{die_icon(face, 18, label=False)}<span><b>{face.title()}</b>: {esc(text)}</span></li>"
        for face, text in FACE_SHORT.items()
    )
    return (
        "<section class='tr-panel tr-dice' aria-label='Dice'>"
        f"<h3>Dice pool <small>round {esc(view.get('round', 1))}</small></h3><ul class='tr-pool'>{listing}</ul>{taken}"
        f"<details class='tr-dice-key'><summary>What the dice do</summary><ul>{key}</ul></details></section>"
    )


def _gauge(life: int, max_life: int) -> str:
    """A life gauge: one pip per point, filled up to the life left."""
    pips = "".join(
        f"<span class='tr-pip{' on' if i < life else ''}{' out' if i >= max_life else ''}'></span>" for i in range(6)
    )
    return f"<span class='tr-gauge' role='img' aria-label='Life {life} of {max_life}'>{pips}</span>"


def _titan_card(view: dict[str, Any], titan: dict[str, Any], grand_slam: bool) -> str:
    """One Titan's panel: token, names, life, lap, Ability card, Bonus hand, markers."""
    cards = view.get("cards", {})
    lap = int(titan.get("lap", 0))
    lap_text = "finished" if lap > 3 else ("not started" if titan.get("space") is None else f"lap {lap} of 3")
    used = bool(titan.get("ability_used"))
    ability = (
        f"<span class='tr-ability {'down' if used else 'up'}' title='{esc(titan.get('ability', ''))}'>"
        f"Ability {'used this turn (face down)' if used else 'ready (face up)'}</span>"
    )
    hand = titan.get("hand")
    count = int(titan.get("hand_count", 0))
    holder = titan.get("hand_holder", titan.get("index"))
    if holder != titan.get("index"):  # 2-player: one hand per player, held with her first Titan
        holder_name = next((t.get("name", "") for t in view.get("titans", []) if t.get("index") == holder), "")
        hand_html = f"<span class='tr-hand'>Plays from the hand held with {esc(holder_name)}</span>"
    elif hand is not None:
        # Your own cards with their text in full: a tooltip alone cannot be read on a phone.
        items = "".join(
            f"<li><b>{esc(cards.get(c, {}).get('name', c))}</b>: {esc(cards.get(c, {}).get('text', ''))}</li>"
            for c in hand
        )
        hand_html = (
            f"<span class='tr-hand'>Your Bonus cards:</span><ul class='tr-hand-cards'>{items}</ul>"
            if items
            else "<span class='tr-hand'>Your Bonus cards: none</span>"
        )
    else:
        backs = "".join("<span class='tr-card-back' aria-hidden='true'></span>" for _ in range(count))
        hand_html = f"<span class='tr-hand'>{backs}{count} Bonus card{'s' if count != 1 else ''} (hidden)</span>"
    markers = []
    if titan.get("ko") == "ko":
        markers.append("<span class='tr-marker tr-marker-ko'>K.O.</span>")
    elif titan.get("ko") == "recovering":
        markers.append("<span class='tr-marker tr-marker-ko'>K.O. (recovering)</span>")
    if titan.get("shielded"):
        markers.append("<span class='tr-marker tr-marker-shield'>Shield</span>")
    if grand_slam:
        markers.append(f"<span class='tr-marker'>Board {int(titan.get('board', 0)) + 1}</span>")
    if len(set(view.get("teams", []))) > 1 and view.get("variant") == "teams":
        markers.append(f"<span class='tr-marker'>Team {int(titan.get('team', 0)) + 1}</span>")
    where = str(titan.get("space") or "off the circuit")
    acting = " is-acting" if titan.get("is_acting") else ""
    return (
        f"<li class='tr-titan{acting}'>"
        f"<svg class='tr-titan-token' viewBox='0 0 32 32' aria-hidden='true'>{token(titan, 16, 16, 12)}</svg>"
        f"<div class='tr-titan-body'><div class='tr-titan-head'><b>{esc(titan.get('name', ''))}</b> "
        f"<span class='tr-owner'>{esc(titan.get('owner_name', ''))}</span>{''.join(markers)}</div>"
        f"<div class='tr-titan-line'>{_gauge(int(titan.get('life', 0)), int(titan.get('max_life', 6)))}"
        f"<span class='tr-lap'>{esc(lap_text)} · {esc(where)}</span></div>"
        f"<div class='tr-titan-line'>{ability}{hand_html}</div></div></li>"
    )


def _legend(view: dict[str, Any]) -> str:
    """What the circuit's drawings mean (only the features on the boards shown)."""
    present: list[str] = []
    for circuit in view.get("circuits", []):
        for space in circuit.get("spaces", []):
            for feature in space.get("features", []):
                if feature in FEATURES and feature not in present:
                    present.append(feature)
    rows = []
    for feature in present:
        fill, text = FEATURES[feature]
        ramp = "NE" if feature == "super_ramp" else ""
        rows.append(
            f"<li><svg viewBox='0 0 40 36' class='tr-legend-icon' aria-hidden='true'>"
            f"<polygon points='{hexagon(20, 18, 17)}' fill='{fill}' class='tr-hex'/>"
            f"{_feature_icon(feature, 20, 14, ramp)}</svg><span>{esc(text)}</span></li>"
        )
    rows.append(
        "<li><svg viewBox='0 0 40 36' class='tr-legend-icon' aria-hidden='true'>"
        f"<polygon points='{hexagon(20, 18, 17)}' fill='{BASE_FILL}' class='tr-hex'/>"
        f"{_feature_icon('bonus', 11, 26)}</svg><span>Bonus space: draw a card when you cross it</span></li>"
        "<li><svg viewBox='0 0 40 36' class='tr-legend-icon' aria-hidden='true'>"
        f"<polygon points='{hexagon(20, 18, 17)}' fill='{BASE_FILL}' class='tr-hex'/>{_trap(20, 18)}</svg>"
        "<span>Trap: 1 damage to the Titan that steps on it</span></li>"
        "<li><svg viewBox='0 0 40 36' class='tr-legend-icon' aria-hidden='true'>"
        f"<polygon points='{hexagon(20, 18, 17)}' fill='{BASE_FILL}' class='tr-hex tr-start'/></svg>"
        "<span>Start spaces A1, C1, E1; the edges wrap (top to bottom completes a lap)</span></li>"
    )
    return f"<details class='tr-panel tr-legend' open><summary>Legend</summary><ul>{''.join(rows)}</ul></details>"


def render_board(ctx: BoardContext) -> str:
    """The whole Titan Race board: circuit(s), dice pool, Titans, legend."""
    view = ctx.view
    choices = _Choices(ctx)
    circuits = view.get("circuits", [])
    grand_slam = len(circuits) > 1
    boards = "".join(_circuit_svg(view, board, choices, titled=grand_slam, ctx=ctx) for board in range(len(circuits)))
    titans = "".join(_titan_card(view, titan, grand_slam) for titan in view.get("titans", []))
    plans = _animations(ctx)
    animated = " rolling" if plans else ""  # the controller removes "rolling" on any click: a skip
    info = (
        f"<p class='tr-info'>Bonus deck: {esc(view.get('deck_count', 0))} · discard: "
        f"{esc(len(view.get('discard', [])))} · traps in supply: {esc(view.get('trap_supply', 0))}</p>"
    )
    side = (
        f"{_pool(view, choices)}<section class='tr-panel' aria-label='Titans'><h3>Titans</h3>"
        f"<ul class='tr-titans'>{titans}</ul>{info}</section>{_legend(view)}"
    )
    return (
        f"<div class='tr{' tr-slam' if grand_slam else ''}{animated}'>{_preview_style(choices)}"
        f"{_animation_style(plans, view.get('titans', []))}"
        f"<div class='tr-boards boards-{len(circuits)}'>{boards}</div><div class='tr-side'>{side}</div></div>"
    )


status_hint = engine_status  # the engine's own sentence of who must do what


def choices_note(ctx: BoardContext) -> str | None:
    """The action of the die being carried out, or the question being asked."""
    question = ctx.view.get("question") or {}
    if question.get("prompt"):
        return str(question["prompt"])
    dice = ctx.view.get("dice", {})
    face = dice.get("face")
    if ctx.view.get("phase") == "turn" and face:
        return f"{str(face).title()} die: {dice.get('faces', {}).get(face, '')}"
    if ctx.view.get("phase") in ("draft", "choose_face"):
        return "Hover or focus a die to read what it does; “What the dice do” lists every face."
    return None


def turn_label(view: dict[str, Any]) -> str:
    """'Round 3' for the saved-game list."""
    return f"Round {view.get('round', 1)}"


def action_group(kind: str) -> str:
    """The action bar's heading for a kind of action."""
    return GROUP_TITLES.get(kind, "")


def action_icon(data: dict[str, Any]) -> str:
    """A die for the draft and faces, a token for the Titans; '' otherwise."""
    kind = data.get("kind")
    if kind in ("take_die", "choose_face"):
        return die_icon(str(data.get("face", "")), 22, label=False).replace("class='tr-die'", "class='btn-icon tr-die'")
    if kind == "choose_titan":
        from engine.titan_race.data import TITANS

        spec = TITANS.get(str(data.get("titan")))
        if spec is None:
            return ""
        titan = {"titan": data["titan"], "colour": spec.colour, "name": spec.name}
        return (
            "<svg class='btn-icon' viewBox='0 0 24 24' aria-hidden='true' focusable='false'>"
            f"{token(titan, 12, 12, 11)}</svg>"
        )
    return ""


ENDS_TURN = frozenset({"end_turn"})  # never the choice a key press picks by default


def action_detail(view: dict[str, Any], data: dict[str, Any]) -> str:
    """What a choice does, in full, under its label (a tooltip alone cannot be read on a phone)."""
    from engine.titan_race.data import BONUS_CARDS, FACE_TEXT, TITANS

    kind = data.get("kind")
    if kind == "choose_titan" and data.get("titan") in TITANS:
        spec = TITANS[data["titan"]]
        return f"Ability: {spec.ability} Starts with {spec.start_life} Life Points."
    if kind in ("take_die", "choose_face") and data.get("face") in FACE_TEXT:
        return FACE_TEXT[data["face"]]
    if kind in ("play_card", "discard_card") and data.get("card") in BONUS_CARDS:
        return BONUS_CARDS[data["card"]].text
    if kind == "use_ability":
        titan = next((t for t in view.get("titans", []) if t.get("is_acting")), None)
        return f"Ability: {titan['ability']}" if titan else ""
    return ""


def _progress(titan: dict[str, Any]) -> int:
    """Rows raced: completed laps times 12 plus the row (0 off the circuit)."""
    space = titan.get("space")
    if not space:
        return 0
    return (int(titan.get("lap", 1)) - 1) * 12 + int(str(space)[1:])


def result_lines(view: dict[str, Any]) -> list[str]:
    """The finishing order of the Titans: the winner first, then by how far each got (lap and row)."""
    titans = list(view.get("titans", []))
    winner = view.get("winner")
    ordered = sorted(titans, key=lambda t: (t.get("index") != winner, -_progress(t)))
    lines = []
    for place, titan in enumerate(ordered, start=1):
        who = f"{titan.get('name', '')} ({titan.get('owner_name', '')})"
        if titan.get("index") == winner:
            where = "completed the third lap"
        elif not titan.get("space"):
            where = "never entered the circuit"
        else:
            lap = min(int(titan.get("lap", 1)), 3)
            where = f"lap {lap} of 3, row {int(str(titan['space'])[1:])} of 12 ({titan['space']})"
            circuits = view.get("circuits", [])
            if len(circuits) > 1:  # Grand Slam: each lap on its own circuit
                where += f" on {circuits[min(int(titan.get('board', 0)), len(circuits) - 1)].get('name', '')}"
            if titan.get("ko"):
                where += ", K.O."
        lines.append(f"{place}. {who}: {where}")
    return lines


VARIANT_WORDS = {"two_player": "Two Titans each", "teams": "Teams", "grand_slam": "Grand Slam"}


def variant_label(view: dict[str, Any]) -> str:
    """The circuit(s) and the variant, for the saved-game list."""
    circuits = " \u2192 ".join(str(c.get("name", "")) for c in view.get("circuits", []))
    variant = VARIANT_WORDS.get(str(view.get("variant", "")), "")
    return f"{variant}: {circuits}" if variant else circuits
