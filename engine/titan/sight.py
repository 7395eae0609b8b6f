"""Rangestrikes: who may rangestrike whom, the line of sight between two hexes, and the rangestrike's terms.

A line of sight is the straight line between the two hex centres (`battlemap.hex_centre`, an integer frame
in which the hexes keep their true shape up to a stretch, so every crossing is exact). The hexes it passes
through, in order, are its path. Where the line runs along hexsides (a hexspine) there are two paths, one
on each side; the rangestriker may use either that is open. A path is judged by hazards.md, "Line of sight
for a rangestrike, step by step": Trees and characters in between, and the Slope, Dune, Cliff and Wall
hexsides it crosses, each classified as striker atop, target atop or middle.

A Warlock's magic missile ignores all of that: it needs only range 3 or 4 from a hex not in contact with an
enemy, at an enemy not adjacent (not even across a cliff), and it may target lords; nothing changes its
dice or strike number (hazards.md: the "pick" column, and rules-summary 13.5).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from fractions import Fraction
from functools import cache
from itertools import pairwise
from typing import Final

from engine.titan.battlemap import (
    BASE_STRIKE_NUMBER,
    BRAMBLES,
    CLIFF,
    DUNE,
    TREE,
    VOLCANO,
    VOLCANO_DICE,
    WALL,
    StrikeTerms,
    hex_centre,
    hexside_between,
    is_adjacent,
    is_engaged,
    is_native,
    range_between,
    strike_power,
)
from engine.titan.data import CREATURES, HEX_LABELS, MAX_RANGE, MAX_STRIKE_NUMBER, Battleland

MIN_RANGE: Final[int] = 3  # a rangestrike needs a target that is not adjacent
Path = tuple[str, ...]  # the hexes a line of sight passes through, striker's first, target's last

# A hex in the centre frame is |dy| <= 1 and |dx| + |dy| <= 2 around its centre: six half-planes a.(dx, dy) <= bound.
_HALF_PLANES: Final = ((0, 1, 1), (0, -1, 1), (1, 1, 2), (1, -1, 2), (-1, 1, 2), (-1, -1, 2))
_LABEL_AT: Final[Mapping[tuple[int, int], str]] = {hex_centre(label): label for label in HEX_LABELS}
# every centre of the board and a ring of two hexes around it: a hexspine along the edge has one side off it
_CENTRES: Final = tuple((3 * column, 2 * row + (column & 1)) for column in range(-2, 8) for row in range(-2, 9))
_OFF_BOARD: Final = "off"


def _crossing(start: tuple[int, int], step: tuple[int, int], centre: tuple[int, int]) -> tuple[Fraction, bool] | None:
    """Where the segment start + t * step (0 <= t <= 1) enters the hex at `centre`, and whether it passes inside.

    None if it only touches the hex at a corner or misses it; False when it runs along one of its sides.
    """
    low, high = Fraction(0), Fraction(1)
    planes = []
    for ax, ay, bound in _HALF_PLANES:
        at_start = ax * (start[0] - centre[0]) + ay * (start[1] - centre[1])
        rate = ax * step[0] + ay * step[1]
        planes.append((at_start, rate, bound))
        if rate == 0:
            if at_start > bound:
                return None
        elif rate > 0:
            high = min(high, Fraction(bound - at_start, rate))
        else:
            low = max(low, Fraction(bound - at_start, rate))
    if low >= high:
        return None
    middle = (low + high) / 2
    return low, all(at_start + middle * rate < bound for at_start, rate, bound in planes)


@cache
def sight_paths(striker_hex: str, target_hex: str) -> tuple[Path, ...]:
    """The path of the line between two hex centres; along a hexspine, the left path then the right one.

    Left and right are as seen from the striker looking at the target on the map (row 1 at the bottom). A
    path that would leave the battleland is not listed.
    """
    start, end = hex_centre(striker_hex), hex_centre(target_hex)
    step = (end[0] - start[0], end[1] - start[1])
    inside: list[tuple[Fraction, str]] = []
    left: list[tuple[Fraction, str]] = []
    right: list[tuple[Fraction, str]] = []
    left_x, right_x = sorted((start[0], end[0]))
    top_y, bottom_y = sorted((start[1], end[1]))
    for centre in _CENTRES:
        if not (left_x - 2 <= centre[0] <= right_x + 2 and top_y - 1 <= centre[1] <= bottom_y + 1):
            continue  # a hex reaches 2 across and 1 up or down from its centre
        crossing = _crossing(start, step, centre)
        if crossing is None:
            continue
        entered, passes_inside = crossing
        label = _LABEL_AT.get(centre, _OFF_BOARD)
        if passes_inside:
            inside.append((entered, label))
        elif step[0] * (centre[1] - start[1]) - step[1] * (centre[0] - start[0]) < 0:  # y grows downward
            left.append((entered, label))
        else:
            right.append((entered, label))
    sides = (left, right) if left or right else ([],)
    paths = (tuple(label for _, label in sorted(inside + side)) for side in sides)
    return tuple(path for path in paths if _OFF_BOARD not in path)


def is_hexspine(striker_hex: str, target_hex: str) -> bool:
    """Whether the line between two hex centres runs along hexsides (two candidate paths)."""
    (ax, ay), (bx, by) = hex_centre(striker_hex), hex_centre(target_hex)
    return (ax, ay) != (bx, by) and (ay == by or abs(bx - ax) == abs(by - ay))


def path_blocker(land: Battleland, path: Path, occupied: Collection[str] = ()) -> str | None:
    """Why a line-of-sight path is blocked (hazards.md, step by step), or None when it is open.

    A cliff is crossed only with one end atop it and the other not at its foot (hazards.md, Cliff): never
    between the two hexes it parts.

    `occupied`: the hexes holding characters (the two ends are ignored). A character in between blocks
    unless its hex is lower than both ends, or it stands at the foot of a cliff an end is directly atop.
    """
    striker_hex, target_hex = path[0], path[-1]
    last = len(path) - 2  # index of the last hexside crossed
    if last == 0:  # adjacent hexes: across a cliff one end always stands at the foot of the other's cliff
        hexside = hexside_between(land, striker_hex, target_hex)
        if hexside is not None and hexside.feature == CLIFF:
            foot = target_hex if hexside.owner == striker_hex else striker_hex
            return f"{foot} stands at the foot of {hexside.owner}'s cliff"
    striker_atop: str | None = None
    target_atop: str | None = None
    middle: list[str] = []
    walls = 0
    for index, (here, there) in enumerate(pairwise(path)):
        hexside = hexside_between(land, here, there)
        if hexside is None:
            continue
        walls += hexside.feature == WALL
        if index == 0 and hexside.owner == here:
            striker_atop = hexside.feature
        elif index == last and hexside.owner == there:
            target_atop = hexside.feature
        else:
            if hexside.feature == WALL and index == 0:
                return f"the first step climbs the wall of {there}"
            if hexside.feature == WALL and index == last:
                return f"the last step comes down the wall of {here}"
            middle.append(hexside.feature)
    lowest_end = min(land.hexes[striker_hex].elevation, land.hexes[target_hex].elevation)
    for index, label in enumerate(path[1:-1], start=1):
        if land.hexes[label].terrain == TREE:
            return f"a Tree in {label}"
        if label not in occupied or land.hexes[label].elevation < lowest_end:
            continue
        at_foot_of_striker = index == 1 and striker_atop == CLIFF
        at_foot_of_target = index == last and target_atop == CLIFF
        if not (at_foot_of_striker or at_foot_of_target):
            return f"a character in {label}"
    atop = {feature for feature in (striker_atop, target_atop) if feature is not None}
    if middle and not atop:
        return f"a {middle[0]} in between and neither end atop an obstacle"
    if (CLIFF in middle or DUNE in middle) and not (striker_atop == CLIFF and target_atop == CLIFF):
        return "a Cliff or Dune in between and not both ends atop a cliff"
    if len(middle) + len(atop) >= 3 and not (striker_atop and target_atop) and CLIFF not in atop:
        return "three or more obstacles and not both ends atop one"
    if walls >= 2 and WALL not in atop:
        return "two walls and neither end atop a wall"
    return None


def open_paths(land: Battleland, striker_hex: str, target_hex: str, occupied: Collection[str] = ()) -> tuple[Path, ...]:
    """The paths between two hexes that line of sight may use (none, one, or both sides of a hexspine)."""
    return tuple(path for path in sight_paths(striker_hex, target_hex) if path_blocker(land, path, occupied) is None)


def has_line_of_sight(land: Battleland, striker_hex: str, target_hex: str, occupied: Collection[str] = ()) -> bool:
    """Whether a rangestrike from `striker_hex` may see `target_hex`, characters in `occupied` in the way."""
    return bool(open_paths(land, striker_hex, target_hex, occupied))


def rangestrike_refusal(
    land: Battleland,
    striker: str,
    striker_hex: str,
    target: str,
    target_hex: str,
    occupied: Collection[str],
    enemies: Collection[str],
) -> str | None:
    """Why `striker` may not rangestrike `target`, or None when it may.

    `occupied`: every hex holding a character; `enemies`: the hexes of the striker's enemies, those slain
    this phase but not yet removed included (contact with any of them forbids rangestriking).
    """
    creature = CREATURES[striker]
    if not creature.rangestrikes:
        return f"{striker} cannot rangestrike"
    if is_engaged(land, striker_hex, enemies):
        return f"{striker} in {striker_hex} is in contact with an enemy"
    if striker_hex == target_hex or is_adjacent(striker_hex, target_hex):
        return f"{target} in {target_hex} is adjacent to {striker_hex}"
    reach = min(creature.skill, MAX_RANGE)
    if range_between(striker_hex, target_hex) > reach:
        return f"{target_hex} is out of {striker}'s range of {reach}"
    if creature.magic_missile:
        return None
    if CREATURES[target].is_lord:
        return f"{target} is a lord: only a Warlock may rangestrike it"
    if not has_line_of_sight(land, striker_hex, target_hex, set(occupied) | set(enemies)):
        return f"no line of sight from {striker_hex} to {target_hex}"
    return None


def can_rangestrike(
    land: Battleland,
    striker: str,
    striker_hex: str,
    target: str,
    target_hex: str,
    occupied: Collection[str],
    enemies: Collection[str],
) -> bool:
    """Whether `striker` may rangestrike `target` (see `rangestrike_refusal`)."""
    return rangestrike_refusal(land, striker, striker_hex, target, target_hex, occupied, enemies) is None


def rangestrike_targets(
    land: Battleland, striker: str, striker_hex: str, enemies: Mapping[str, str], occupied: Collection[str]
) -> frozenset[str]:
    """The hexes of the enemies (`enemies`: hex -> name) that `striker` may rangestrike now."""
    return frozenset(
        label
        for label, name in enemies.items()
        if can_rangestrike(land, striker, striker_hex, name, label, occupied, enemies)
    )


def _skill_penalty(land: Battleland, striker: str, path: Path) -> int:
    """Skill a path costs a rangestriker: 1 per Brambles hex in between (non-natives), 1 per wall climbed."""
    brambles = 0
    if not is_native(striker, BRAMBLES):
        brambles = sum(land.hexes[label].terrain == BRAMBLES for label in path[1:-1])
    walls = 0
    for here, there in pairwise(path):
        hexside = hexside_between(land, here, there)
        walls += hexside is not None and hexside.feature == WALL and hexside.owner == there
    return brambles + walls


def rangestrike_terms(
    land: Battleland,
    striker: str,
    striker_hex: str,
    target: str,
    target_hex: str,
    occupied: Collection[str] = (),
    *,
    power: int | None = None,
) -> StrikeTerms:
    """The dice and strike number of a rangestrike (legality: `can_rangestrike`; ValueError without a path).

    Dice: floor(power / 2), +2 for a Dragon in the Volcano. Skill: -1 at range 4, -1 per Brambles hex in
    between for a non-native (on the open path that costs least), -1 per wall climbed. Strike number:
    4 - skill + target's skill, +1 at a Brambles native in Brambles (non-native striker), +1 at a Dragon in the
    Volcano, at most 6. A Warlock's magic missile: none of these changes.
    """
    creature = CREATURES[striker]
    dice = strike_power(striker, power) // 2
    target_skill = CREATURES[target].skill
    distance = range_between(striker_hex, target_hex)
    if not MIN_RANGE <= distance <= MAX_RANGE:
        raise ValueError(f"{target_hex} is at range {distance} from {striker_hex}: no rangestrike")
    if creature.magic_missile:
        return StrikeTerms(dice, min(MAX_STRIKE_NUMBER, BASE_STRIKE_NUMBER - creature.skill + target_skill))
    paths = open_paths(land, striker_hex, target_hex, occupied)
    if not paths:
        raise ValueError(f"no line of sight from {striker_hex} to {target_hex}")
    bonuses: frozenset[str] = frozenset()
    if land.hexes[striker_hex].terrain == VOLCANO and is_native(striker, VOLCANO):
        dice += 2
        bonuses = frozenset({VOLCANO_DICE})
    skill = creature.skill - min(_skill_penalty(land, striker, path) for path in paths)
    if distance == MAX_RANGE:
        skill -= 1
    number = BASE_STRIKE_NUMBER - skill + target_skill
    target_terrain = land.hexes[target_hex].terrain
    if target_terrain == BRAMBLES and is_native(target, BRAMBLES) and not is_native(striker, BRAMBLES):
        number += 1
    if target_terrain == VOLCANO and is_native(target, VOLCANO):
        number += 1
    return StrikeTerms(dice, min(MAX_STRIKE_NUMBER, number), bonuses)
