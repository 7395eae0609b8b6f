"""Born of Titans' changing map layer, over the map drawn once (born_of_titans_map.map_svg): the counters on the
Sites (face down, or face up by name), the Quests with their Hero's Quest marker, the Heroes as tokens, and the
choices of the decision as lit targets (where a Move may end, with its cost in Courses; a Quest Site to start on
or to place a Quest on; an Underworld Site). A Site holding counters is picked (`data-select="site:<id>"`) to see
them in the panel, and to look at them with Prophecy."""

from __future__ import annotations

import heapq
import math
from functools import cache
from typing import Any

from app.markup import attrs, esc
from app.views import BoardContext
from app.views.born_of_titans_words import courses, name_of, player, seat_colour
from engine.born_of_titans import board

TOKEN = 15.0  # a Hero token's radius, in map units
COUNTER = 13.0  # a counter's half side
TARGET = 19.0  # a target ring's radius
MARKER = 8.5  # the radius of a Hero's Quest marker, on its Quest's corner
ROW = TOKEN + COUNTER + 4.0  # how far under a Site the middle of its row of counters runs
MOST_GROWN = 3.0  # the most the tokens and counters grow (born.css, --bt-token-grow: a phone's whole map)
HOLDERS = frozenset({"city", "sea_monster", "quest", "underworld"})  # the kinds of Site that hold counters
SITE_TARGETS = {"choose_start": "Start on", "place_quest": "Place the Quest on", "underworld": "Take the Quest to"}
FINGER = 44.0  # CSS px: the least a target takes on the screen, either way
FOCUS_MARGIN = TARGET * 2  # map units kept round the Hero and her Move's ends when the map zooms to them


def spot(node: str) -> tuple[float, float]:
    """Where a node is drawn on the map."""
    entry = board.NODES[node]
    return float(entry.x), float(entry.y)


def node_name(node: str) -> str:
    """A node in words: a Site by its name, a Point as 'a sea Point' or 'a land Point'."""
    entry = board.NODES.get(node)
    if entry is None:
        return str(node)
    return str(getattr(entry, "name", "") or node)


@cache
def courses_between(start: str, goal: str) -> int | None:
    """The fewest Courses from one node to another over any number of Moves (1 a sea segment, 2 a land one; a Site
    on the way passed as if by several Moves), None if there is no way: how far a Quest would be from its Hero."""
    best: dict[str, int] = {}
    heap = [(0, start)]
    while heap:
        cost, here = heapq.heappop(heap)
        if here in best:
            continue
        best[here] = cost
        if here == goal:
            return cost
        for other in board.NEIGHBOURS.get(here, ()):
            if other not in best:
                heapq.heappush(heap, (cost + board.segment_cost(here, other, False), other))
    return None


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def grown_reach(kind: str) -> tuple[float, float, float, float]:
    """How far a Hero token on a node of this kind, and a Site's counter (a Quest with its marker) under it, reach
    round the node once grown their most: (west, north, east, south), in map units, strokes and shadow included."""
    token = TOKEN + 4.5 / 2 + 1.5  # the turn's ring and the drop shadow
    west = north = east = south = token
    if kind in HOLDERS:
        west = max(west, COUNTER + 1.0)
        east = max(east, COUNTER + MARKER + 0.75)
        south = max(south, ROW + COUNTER + 1.0)
    return west * MOST_GROWN, north * MOST_GROWN, east * MOST_GROWN, south * MOST_GROWN


def picked_site(selected: str | None) -> str | None:
    if selected and selected.startswith("site:"):
        site = selected[len("site:") :]
        return site if site in board.NODES else None
    return None


def _counter(x: float, y: float, label: str, words: str, cls: str, owner: tuple[str, str] | None = None) -> str:
    """A square counter at (x, y): face down ('?') or face up (a short name). A Quest carries its Hero's Quest
    marker (`owner`: her player's colour and the Hero's two letters) on its corner."""
    marker = ""
    if owner is not None:
        marker = (
            f"<g class='bt-quest-marker' transform='translate({_n(COUNTER)},-{_n(COUNTER)})'>"
            f"<circle r='{_n(MARKER)}' fill='{owner[0]}'/><text y='3.5'>{esc(owner[1])}</text></g>"
        )
    return (
        f"<g class='bt-counter {cls}' transform='translate({_n(x)},{_n(y)})'><title>{esc(words)}</title>"
        f"<rect x='-{_n(COUNTER)}' y='-{_n(COUNTER)}' width='{_n(2 * COUNTER)}' height='{_n(2 * COUNTER)}' "
        f"rx='3'/><text y='4'>{esc(label)}</text>{marker}</g>"
    )


def _short(key: str) -> str:
    """Two or three letters of a counter's name ('Defeat Medusa' -> 'DM')."""
    words = [w for w in name_of(key).replace("'", "").split() if w.lower() not in ("the", "a", "of", "an")]
    return "".join(w[0].upper() for w in words[:3]) or "?"


def site_counters(view: dict[str, Any], node: str, site: dict[str, Any]) -> str:
    """The counters on one Site, in a row under it."""
    items = []
    encounter = site.get("encounter")
    if encounter == "hidden":
        items.append(("?", "An Encounter, face down", "bt-face-down"))
    elif encounter:
        items.append((_short(str(encounter)), f"Encounter: {name_of(str(encounter))}", "bt-face-up"))
    monster = site.get("sea_monster")
    if monster == "hidden":
        items.append(("?", "A Sea Monster, face down", "bt-face-down bt-sea"))
    elif monster:
        items.append((_short(str(monster)), f"Sea Monster: {name_of(str(monster))}", "bt-face-up bt-sea"))
    quests: list[tuple[str, str, str, tuple[str, str] | None]] = []
    for quest in site.get("quests") or []:
        owner = quest.get("owner")
        heroes = view.get("heroes") or []
        hero = str(heroes[owner].get("hero_name") or "?") if isinstance(owner, int) and owner < len(heroes) else "?"
        marker = (seat_colour(owner), hero[:2])
        whose = f"{hero}'s Quest ({player(view, owner)}), from Quest Site {quest.get('origin')}"
        key = quest.get("quest")
        if key and key != "hidden":
            words = f"{whose}: {name_of(str(key))}" + ("" if quest.get("revealed") else " (face down; seen by you)")
            quests.append((_short(str(key)), words, "bt-quest bt-face-up", marker))
        else:
            quests.append(("?", f"{whose}, face down", "bt-quest bt-face-down", marker))
    x, y = spot(node)
    row = [(label, words, cls, None) for label, words, cls in items] + quests
    start = -(len(row) - 1) * COUNTER * 1.2
    drawn = "".join(
        _counter(start + i * COUNTER * 2.4, ROW, label, words, cls, owner)
        for i, (label, words, cls, owner) in enumerate(row)
    )
    return f"<g data-site='{esc(node)}' transform='translate({_n(x)},{_n(y)})'><g class='bt-grow'>{drawn}</g></g>"


def hero_tokens(view: dict[str, Any]) -> str:
    """Each Hero on the map: a disc of her player's colour with two letters of the Hero, fanned out when several
    share a node. A Hero who has finished while play goes on for places has left the map; once the game is over,
    every Hero still standing somewhere is shown there (the winner where she completed her third Quest)."""
    over = view.get("phase") == "game_over"
    by_node: dict[str, list[dict[str, Any]]] = {}
    for row in view.get("heroes") or []:
        if row.get("node") in board.NODES and (row.get("finished") is None or over):
            by_node.setdefault(str(row["node"]), []).append(row)
    tokens = []
    for node, rows in by_node.items():
        x, y = spot(node)
        here = []
        for i, row in enumerate(rows):
            dx = (i - (len(rows) - 1) / 2) * TOKEN * 1.5
            seat = row.get("seat")
            hero = str(row.get("hero_name") or "?")
            turn = " is-turn" if seat == view.get("mover") else ""
            words = f"{hero} ({row.get('name')}) at {node_name(node)}, Crew {row.get('crew')}"
            here.append(
                f"<g class='bt-hero{turn}' transform='translate({_n(dx)},0)'><title>{esc(words)}</title>"
                f"<circle r='{_n(TOKEN)}' fill='{seat_colour(seat)}'/><text y='5'>{esc(hero[:2])}</text></g>"
            )
        tokens.append(
            f"<g class='bt-at' data-at='{esc(node)}' transform='translate({_n(x)},{_n(y)})'><g class='bt-grow'>"
            f"{''.join(here)}</g></g>"
        )
    return "".join(tokens)


def _target(x: float, y: float, index: int, words: str, tag: str = "", room: float = 0.0) -> str:
    """A lit choice on the map: a ring (with the Move's cost in Courses, if any), grown to a finger's size but never
    over half the way to the next target (`room`, in map units; 0: none near), so that each ring's middle stays its
    own: crowded targets are small until the map is zoomed in."""
    cost = (
        f"<g class='bt-cost' aria-hidden='true' transform='translate({_n(TARGET * 0.75)},-{_n(TARGET * 0.75)})'>"
        f"<circle r='9'/><text y='4'>{esc(tag)}</text></g>"
        if tag
        else ""
    )
    cap = f" style='--bt-room:{room / TARGET:.3f}'" if room else ""
    return (
        f"<g{attrs(class_='bt-target', data_action=index, role='button', tabindex=0, aria_label=words)}>"
        f"<title>{esc(words)}</title><g transform='translate({_n(x)},{_n(y)})'><g class='bt-grow-target'{cap}>"
        f"<circle class='bt-target-ring' r='{_n(TARGET)}'/>{cost}</g></g></g>"
    )


def _move_ends(ctx: BoardContext) -> list[tuple[int, str]]:
    """(action index, node) of each end of the Move on the map."""
    return [
        (index, str(data["node"]))
        for index, data in ((i, action.model_dump()) for i, action in enumerate(ctx.actions))
        if data.get("kind") == "move_to" and data.get("node") in board.NODES
    ]


def move_focus(ctx: BoardContext) -> str:
    """Where the map zooms for a Move (assets/panzoom.js reads it): the box round the Hero and every end of her
    Move (`data-pz-box`, map units), drawn at least so large that each target takes a finger (`data-pz-least`:
    screen px a map unit; a target ring reaches half way to the next, so the closest two ends decide), and the
    Hero to centre on when the box does not fit (`data-pz-centre`)."""
    ends = [spot(node) for _, node in _move_ends(ctx)] if ctx.interactive else []
    mover = ctx.view.get("mover")
    heroes = ctx.view.get("heroes") or []
    here = heroes[mover].get("node") if isinstance(mover, int) and 0 <= mover < len(heroes) else None
    if here not in board.NODES:
        return ""
    hero = spot(str(here))
    if not ends:  # no Move to show: "+" and "-" zoom about the Hero whose turn it is, not the middle of the sea
        return f"<g class='bt-focus' data-pz-centre='{_n(hero[0])} {_n(hero[1])}'/>"
    xs, ys = [x for x, _ in [*ends, hero]], [y for _, y in [*ends, hero]]
    west, north = min(xs) - FOCUS_MARGIN, min(ys) - FOCUS_MARGIN
    box = f"{_n(west)} {_n(north)} {_n(max(xs) + FOCUS_MARGIN - west)} {_n(max(ys) + FOCUS_MARGIN - north)}"
    closest = min((math.dist(a, b) for i, a in enumerate(ends) for b in ends[i + 1 :]), default=0.0)
    least = FINGER / closest if closest else FINGER / (2 * TARGET)
    return (
        f"<g class='bt-focus' data-pz-box='{box}' data-pz-least='{least:.3f}' "
        f"data-pz-centre='{_n(hero[0])} {_n(hero[1])}'/>"
    )


def _path_back(view: dict[str, Any], node: str) -> list[str]:
    """The cheapest way the Move reaches `node`, from the Hero's node (read back from the costs in the view: each
    step from a Point, or the start, one segment cheaper)."""
    move = view.get("move") or {}
    reach: dict[str, int] = {str(k): int(v) for k, v in (move.get("reachable") or {}).items()}
    mover = view.get("mover")
    heroes = view.get("heroes") or []
    row = heroes[mover] if isinstance(mover, int) and 0 <= mover < len(heroes) else {}
    start = row.get("node")
    crewless = not row.get("crew")
    if start not in board.NODES or node not in reach:
        return []
    reach[str(start)] = 0
    path = [node]
    while path[-1] != start and len(path) <= len(reach):
        here = path[-1]
        back = [
            other
            for other in sorted(board.NEIGHBOURS.get(here, ()))
            if other in reach
            and (other == start or not board.is_site(other))
            and reach[other] + board.segment_cost(other, here, crewless) == reach[here]
        ]
        if not back:
            return []
        path.append(back[0])
    return path[::-1] if path[-1] == start else []


def previews(ctx: BoardContext) -> str:
    """For each end of the Move: its way drawn from the Hero, shown while its button or ring is hovered, focused or
    armed by a first tap (app/table.py: a choice with `data-preview-of` is shown before it is played on touch), so
    that a name in the list is seen on the map (focused: with a mouse or a keyboard)."""
    if not ctx.interactive:
        return ""
    drawn, rules, focused = [], [], []
    for index, node in _move_ends(ctx):
        path = _path_back(ctx.view, node)
        if not path:
            continue
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in (spot(step) for step in path))
        x, y = spot(node)
        drawn.append(
            f"<g class='bt-pv bt-pv-{index}' data-preview-of='{index}' aria-hidden='true'>"
            f"<polyline class='bt-pv-way' points='{points}'/>"
            f"<g transform='translate({_n(x)},{_n(y)})'><circle class='bt-pv-end' r='{_n(TARGET * 1.25)}'/></g></g>"
        )
        rules.append(f"#app:has([data-action='{index}']:is(:hover,.is-armed)) .bt-pv-{index}")
        focused.append(f"#app:has([data-action='{index}']:focus-visible) .bt-pv-{index}")
    if not drawn:
        return ""
    # a focused choice shows its way where there is a pointer to hover with (on a phone the first button, focused
    # after each move, would draw a way no one asked for)
    style = f"{','.join(rules)}{{display:inline}}@media (hover:hover){{{','.join(focused)}{{display:inline}}}}"
    return f"<style>{style}</style><g class='bt-previews'>{''.join(drawn)}</g>"


def targets(ctx: BoardContext) -> str:
    """The decision's choices on the map: a Move's ends with their cost, the Sites to start on, place a Quest on
    or take an Underworld Quest to."""
    if not ctx.interactive:
        return ""
    reachable = (ctx.view.get("move") or {}).get("reachable") or {}
    lit: list[tuple[int, str, str, str]] = []  # (action index, node, words, cost tag)
    for index, action in enumerate(ctx.actions):
        data = action.model_dump()
        kind = data.get("kind")
        if kind == "move_to" and data.get("node") in board.NODES:
            node = str(data["node"])
            cost = reachable.get(node)
            words = f"Move to {node_name(node)}" + (f" ({courses(int(cost))})" if cost is not None else "")
            lit.append((index, node, words, "" if cost is None else str(cost)))
        elif kind in SITE_TARGETS and data.get("site") in board.NODES:
            site = str(data["site"])
            lit.append((index, site, f"{SITE_TARGETS[kind]} {node_name(site)}", ""))
    spots = [spot(node) for _, node, _, _ in lit]
    drawn = []
    for (index, _node, words, tag), here in zip(lit, spots, strict=True):
        gaps = [math.dist(here, there) for there in spots if there != here]
        drawn.append(_target(*here, index, words, tag, room=min(gaps) / 2 if gaps else 0.0))
    return "".join(drawn)


def selectable_sites(view: dict[str, Any], picked: str | None) -> str:
    """A ring on each Site holding counters: tap it to see them in the panel (and look at them)."""
    rings = []
    for node in sorted(view.get("sites") or {}):
        if node not in board.NODES:
            continue
        x, y = spot(node)
        chosen = " is-selected" if node == picked else ""
        words = f"Show the counters at {node_name(node)}"
        ring = attrs(class_=f"bt-pick{chosen}", data_select=f"site:{node}", role="button", tabindex=0, aria_label=words)
        rings.append(
            f"<g{ring}><g transform='translate({_n(x)},{_n(y + TOKEN * 0.6)})'><circle class='bt-pick-ring' "
            f"r='{_n(TARGET + 8)}'/></g></g>"
        )
    return "".join(rings)


def map_layer(ctx: BoardContext) -> str:
    """The whole changing layer: pick rings under the counters and Heroes, the targets on top."""
    view = ctx.view
    sites = view.get("sites") or {}
    counters = "".join(site_counters(view, node, site) for node, site in sorted(sites.items()) if node in board.NODES)
    return (
        f"{selectable_sites(view, picked_site(ctx.selected))}<g class='bt-pass'>{previews(ctx)}{counters}"
        f"{hero_tokens(view)}</g>{targets(ctx)}{move_focus(ctx)}"
    )
