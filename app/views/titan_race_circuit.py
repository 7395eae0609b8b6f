"""The Titan Race circuit as SVG: its spaces, features, traps and Titans, the legal choices on it, the move
previews shown while a choice is hovered or focused, and moves animated step by step."""

from __future__ import annotations

import itertools
from typing import Any

from app.markup import esc
from app.views import BoardContext
from app.views.titan_race_art import (
    BASE_FILL,
    COLOURS,
    COLUMNS,
    FEATURES,
    HEIGHT,
    LEFT,
    ROWS,
    SIZE,
    TOP,
    WIDTH,
    adjacent_on_screen,
    centre,
    feature_icon,
    hexagon,
    space_centre,
    token,
    trap_icon,
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


class Choices:
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


def move_animations(ctx: BoardContext) -> dict[int, list[tuple[float, str]]]:
    """Titan index -> the spaces its token passes through since the previous view, with their start times (ms).

    The path comes from the previous view's preview of the action just played (the human who played it saw
    it); otherwise a Titan that moved one short distance on the same board slides there. Wraps jump.
    """
    previous = ctx.previous
    if not previous or ctx.actor is None:  # (no move yet)
        return {}
    last = ctx.last_action  # the seat's own move (None for another's: only its own previews were in its view)
    before = {int(t["index"]): t for t in previous.get("titans", [])}
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
        elif adjacent_on_screen(str(old["space"]), str(titan["space"])):
            start = mover_ms if index != acting else 0.0
            plans[index] = [(start, str(old["space"])), (start + SLIDE_MS, str(titan["space"]))]
        if index == acting and index in plans:
            mover_ms = plans[index][-1][0]
    return plans


def animation_style(plans: dict[int, list[tuple[float, str]]], titans: list[dict[str, Any]]) -> str:
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
            if number and not adjacent_on_screen(plan[number - 1][1], space):  # a wrap: jump, do not fly across
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


def circuit_svg(view: dict[str, Any], board: int, choices: Choices, *, titled: bool, ctx: BoardContext) -> str:
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
            + "".join(feature_icon(f, x, y, str(space.get("ramp", ""))) for f in features)
            + (trap_icon(x - 10, y + 8) if name in traps else "")
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
            if adjacent_on_screen(a, b):
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


def preview_style(choices: Choices) -> str:
    """Show preview i while action i (its space or its button) is hovered, focused or armed by a first tap."""
    if not choices.previews:
        return ""
    rules = "".join(
        f"#app:has([data-action='{i}']:is(:hover,:focus-visible,.is-armed,.is-hinted)) .tr-pv-{i}{{display:inline}}"
        for i in choices.previews
    )
    return f"<style>{rules}</style>"
