"""The battle map: hex geometry, what hazards do to a maneuver, contact, normal strikes, carries and drift.

Every function takes the `Battleland` it is about (`data.BATTLELANDS[terrain]`) and hex labels ("A1".."F4");
the geometry alone (adjacency, range, centres) is the same on every battleland and needs no land.

**Coordinates.** A hex's centre is `hex_centre(label) = (3 * column, 2 * row + 1 for columns B, D, F)`, with
`column`/`row` the data's `x`/`y` (A = 0, rows from the top). In this frame a hex's corners lie at
(+-2, 0) and (+-1, +-1) from its centre: one x unit is half a hex's corner radius, one y unit its inner
radius. It is the true map squeezed along one axis, which keeps straight lines straight and every
crossing exact in integers (`sight.py` draws lines of sight in it). The hex above is at (0, -2), the
upper right one at (+3, -1): sides 0..5 run clockwise from "up" as in the data.

**Hexsides.** A Slope, Dune, Cliff or Wall is recorded on one hex, its owner (`Hexside.owner`): the upper
hex of a Slope or Wall, the sand hex of a Dune, either hex of a Cliff (which works both ways).

Sources: `shared/reference/titan/hazards.md` and `rules-summary.md` 8.2-8.5; where Colossus and Slugathon
differ this follows the "pick" column of hazards.md (walkers never cross a cliff, a slowed step costs 2 at
most, every skill change of a normal strike applies).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Final

from engine.titan.data import (
    BATTLELANDS,
    CREATURES,
    EDGES,
    HEX_LABELS,
    HEX_NEIGHBORS,
    MAX_STRIKE_NUMBER,
    TITAN,
    Battleland,
    power_of,
)

# -- hazard names (as in battlelands.json and creatures.json) ---------------------------------------------

PLAINS: Final = "Plains"
TREE: Final = "Tree"
BRAMBLES: Final = "Brambles"
DRIFT: Final = "Drift"
BOG: Final = "Bog"
SAND: Final = "Sand"
VOLCANO: Final = "Volcano"
TOWER: Final = "Tower"
SLOPE: Final = "Slope"
DUNE: Final = "Dune"
CLIFF: Final = "Cliff"
WALL: Final = "Wall"

SLOWED_COST: Final[int] = 2  # a slowed step counts as two hexes, however many causes it has [11.4]
BASE_STRIKE_NUMBER: Final[int] = 4  # strike number = 4 - striker's skill + target's skill

# What a strike gains from a hazard; a carry must keep every bonus its strike used (rules-summary 8.5).
SLOPE_DICE: Final = "slope dice"  # a slope native striking down a slope: +1 die
DUNE_DICE: Final = "dune dice"  # a dune native striking down a dune: +2 dice
WALL_SKILL: Final = "wall skill"  # anyone striking down a wall: +1 skill
VOLCANO_DICE: Final = "volcano dice"  # a Dragon striking out of the Volcano: +2 dice

# -- geometry -------------------------------------------------------------------------------------------------

_POSITIONS: Final[Mapping[str, tuple[int, int]]] = {
    label: (hex_.x, hex_.y) for label, hex_ in BATTLELANDS["Plains"].hexes.items()
}  # the same on every battleland (a test checks it)


def hex_centre(label: str) -> tuple[int, int]:
    """The centre of a hex in the line-of-sight frame: (3 * column, 2 * row, +1 in columns B, D and F)."""
    column, row = _POSITIONS[label]
    return 3 * column, 2 * row + (column & 1)


def neighbour(label: str, side: int) -> str | None:
    """The hex across side `side` (0 up, clockwise) of a hex, or None off the battleland."""
    return HEX_NEIGHBORS[label].get(side)


def is_adjacent(a: str, b: str) -> bool:
    """Whether two hexes share a hexside."""
    return b in HEX_NEIGHBORS[a].values()


def side_towards(a: str, b: str) -> int:
    """The side of hex `a` that faces the adjacent hex `b` (ValueError if they do not touch)."""
    for side, other in HEX_NEIGHBORS[a].items():
        if other == b:
            return side
    raise ValueError(f"{a} and {b} are not adjacent")


def range_between(a: str, b: str) -> int:
    """Range counted the Titan way, both end hexes included: the same hex 1, adjacent hexes 2."""
    (ax, ay), (bx, by) = hex_centre(a), hex_centre(b)
    columns, rows = abs(ax - bx) // 3, abs(ay - by)
    return 1 + columns + max(0, (rows - columns) // 2)


@dataclass(frozen=True)
class Hexside:
    """A hexside feature between two hexes and the hex that owns it (the upper or the sand hex)."""

    feature: str  # Slope, Dune, Cliff or Wall
    owner: str


def hexside_between(land: Battleland, a: str, b: str) -> Hexside | None:
    """The feature on the hexside between adjacent hexes `a` and `b`, with its owner; None if it is bare."""
    side = side_towards(a, b)
    feature = land.hexes[a].hexsides.get(side)
    if feature is not None:
        return Hexside(feature, a)
    feature = land.hexes[b].hexsides.get((side + 3) % 6)
    if feature is not None:
        return Hexside(feature, b)
    return None


def is_across_cliff(land: Battleland, a: str, b: str) -> bool:
    """Whether adjacent hexes `a` and `b` are separated by a Cliff (it blocks both ways)."""
    hexside = hexside_between(land, a, b)
    return hexside is not None and hexside.feature == CLIFF


def in_contact(land: Battleland, a: str, b: str) -> bool:
    """Whether characters in hexes `a` and `b` are in contact: adjacent and not across a Cliff."""
    return is_adjacent(a, b) and not is_across_cliff(land, a, b)


def is_native(name: str, hazard: str) -> bool:
    """Whether a character is native to a hazard (lords, demi-lords and the Titan never are)."""
    return CREATURES[name].native_to(hazard)


# -- movement ---------------------------------------------------------------------------------------------------


def can_fly_over(land: Battleland, name: str, label: str) -> bool:
    """Whether a flyer may pass over a hex: any hex but the Volcano, which only Dragons (its natives) may."""
    return land.hexes[label].terrain != VOLCANO or is_native(name, VOLCANO)


def landing_cost(land: Battleland, name: str, label: str, occupied: Collection[str] = ()) -> int | None:
    """Movement points to land in a hex (None: it may not): Brambles and Drift slow non-natives.

    What a flyer pays in its last hex; a walker pays this plus Sand and the hexside it crosses (`walking_cost`).
    """
    terrain = land.hexes[label].terrain
    if label in occupied or terrain == TREE:
        return None
    if terrain in (BOG, VOLCANO) and not is_native(name, terrain):
        return None
    if terrain in (BRAMBLES, DRIFT) and not is_native(name, terrain):
        return SLOWED_COST
    return 1


def walking_cost(
    land: Battleland, name: str, from_hex: str | None, to_hex: str, occupied: Collection[str] = ()
) -> int | None:
    """Movement points a walker pays to step into `to_hex` from adjacent `from_hex` (None: from off the board).

    None when it may not: an occupied hex, a Tree, a Bog (non-natives), the Volcano (all but Dragons), a Cliff
    either way. Slowed (2, never more): Brambles, Drift and Sand for non-natives, a Slope going up for
    non-natives, a Wall going up for everyone.
    """
    cost = landing_cost(land, name, to_hex, occupied)
    if cost is None:
        return None
    if land.hexes[to_hex].terrain == SAND and not is_native(name, SAND):
        cost = SLOWED_COST
    if from_hex is not None:
        hexside = hexside_between(land, from_hex, to_hex)
        if hexside is not None:
            going_up = hexside.owner == to_hex
            if hexside.feature == CLIFF:
                return None
            if hexside.feature == WALL and going_up:
                cost = SLOWED_COST
            if hexside.feature == SLOPE and going_up and not is_native(name, SLOPE):
                cost = SLOWED_COST
    return cost


def entry_cost(
    land: Battleland,
    name: str,
    from_hex: str | None,
    to_hex: str,
    occupied: Collection[str] = (),
    *,
    landing: bool = True,
) -> int | None:
    """Movement points a character pays to enter `to_hex` from adjacent `from_hex` (None: from off the board).

    A walker pays `walking_cost`. A flyer pays 1 to pass over a hex (`landing=False`; None over the Volcano
    unless a Dragon) and `landing_cost` in the hex where it lands. None means it may not.
    """
    if not CREATURES[name].flies:
        return walking_cost(land, name, from_hex, to_hex, occupied)
    if landing:
        return landing_cost(land, name, to_hex, occupied)
    return 1 if can_fly_over(land, name, to_hex) else None


def is_engaged(land: Battleland, label: str, enemies: Collection[str]) -> bool:
    """Whether a character in `label` is in contact with an enemy in one of the hexes `enemies`."""
    return any(in_contact(land, label, enemy) for enemy in enemies)


def reachable(
    land: Battleland,
    name: str,
    start: str | None,
    occupied: Collection[str] = (),
    *,
    edge: int | None = None,
    enemies: Collection[str] = (),
    points: int | None = None,
) -> frozenset[str]:
    """Every hex a character may end its maneuver on, its start hex excluded (staying put is not a move).

    `start` is its hex, or None when it enters the battle over edge `edge` (the first hex entered must be one
    of that edge's and costs like any other). `occupied`: the hexes of every other character, friend or foe;
    `enemies`: those of its enemies; a character that starts in contact with one may not move (empty result).
    `points` defaults to its skill. Walkers pay `walking_cost` per step; flyers pay 1 per hex flown over
    (anything but the Volcano, unless a Dragon) and `landing_cost` in the last hex.
    """
    if start is None and edge is None:
        raise ValueError(f"{name} has no start hex and no edge to enter by")
    if start is not None and is_engaged(land, start, enemies):
        return frozenset()
    blocked = (frozenset(occupied) | frozenset(enemies)) - {start}
    entries = EDGES[edge] if start is None and edge is not None else ()
    budget = CREATURES[name].skill if points is None else points
    reach = _flyer_reach if CREATURES[name].flies else _walker_reach
    return reach(land, name, start, entries, blocked, budget) - {start}


def _walker_reach(
    land: Battleland, name: str, start: str | None, entries: tuple[str, ...], blocked: frozenset[str], budget: int
) -> frozenset[str]:
    spent: dict[str, int] = {} if start is None else {start: 0}
    for label in entries:
        cost = walking_cost(land, name, None, label, blocked)
        if cost is not None and cost <= budget:
            spent[label] = cost
    frontier = list(spent)
    while frontier:  # 27 hexes, steps of 1 or 2: relax until nothing improves
        label = frontier.pop()
        for other in HEX_NEIGHBORS[label].values():
            cost = walking_cost(land, name, label, other, blocked)
            total = None if cost is None else spent[label] + cost
            if total is not None and total <= budget and total < spent.get(other, budget + 1):
                spent[other] = total
                frontier.append(other)
    return frozenset(spent)


# A flyer's landings before the hexes taken are struck out, by (id(land), name, start, entries, budget): what it
# flies over ignores the other characters, so this is worked out once a map, not on every call (the search
# asks it thousands of times a decision). The land is kept with its answer, so an id is never reused.
_FLIGHTS: dict[tuple[int, str, str | None, tuple[str, ...], int], tuple[Battleland, frozenset[str]]] = {}


def _flyer_reach(
    land: Battleland, name: str, start: str | None, entries: tuple[str, ...], blocked: frozenset[str], budget: int
) -> frozenset[str]:
    key = (id(land), name, start, entries, budget)
    found = _FLIGHTS.get(key)
    if found is None or found[0] is not land:
        found = _FLIGHTS[key] = (land, _flyer_landings(land, name, start, entries, budget))
    return found[1] - blocked


def _flyer_landings(
    land: Battleland, name: str, start: str | None, entries: tuple[str, ...], budget: int
) -> frozenset[str]:
    """Where a flyer may land if no other character were on the map."""
    above: dict[str, int] = {} if start is None else {start: 0}  # points spent to be over a hex, still flying
    above.update({label: 1 for label in entries if can_fly_over(land, name, label)})
    queue = list(above)  # every hex flown over costs 1, so breadth first gives the cheapest
    for label in queue:
        for other in HEX_NEIGHBORS[label].values():
            if other not in above and can_fly_over(land, name, other):
                above[other] = above[label] + 1
                queue.append(other)
    landings: set[str] = set()
    for label in HEX_LABELS:
        cost = landing_cost(land, name, label)
        if cost is None:
            continue
        spent = [above[other] for other in HEX_NEIGHBORS[label].values() if other in above]
        if label in entries:
            spent.append(0)  # straight onto an edge hex from off the board
        if spent and min(spent) + cost <= budget:
            landings.add(label)
    return frozenset(landings)


# -- normal strikes ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StrikeTerms:
    """What a strike rolls: its dice and strike number, and what a carry from it must match."""

    dice: int
    strike_number: int
    bonuses: frozenset[str] = frozenset()  # SLOPE_DICE, DUNE_DICE, WALL_SKILL, VOLCANO_DICE used
    up_dune: bool = False  # the strike crosses a dune going up (into the dune's sand hex)


def strike_power(name: str, power: int | None = None) -> int:
    """A striker's power: `power` when given, else the printed one (a Titan's depends on the score: give it)."""
    if power is not None:
        return power
    if name == TITAN:
        raise ValueError("a Titan's power depends on its player's score: pass power")
    return power_of(name)


def strike_number(striker_skill: int, target_skill: int) -> int:
    """The strike chart: 4 - striker's skill + target's skill, anything above 6 becoming 6 (no lower limit)."""
    return min(MAX_STRIKE_NUMBER, BASE_STRIKE_NUMBER - striker_skill + target_skill)


def strike_terms(
    land: Battleland,
    striker: str,
    striker_hex: str,
    target: str,
    target_hex: str,
    *,
    power: int | None = None,
    forgo_bonus: bool = False,
) -> StrikeTerms:
    """The dice and strike number of a normal strike from `striker_hex` at the enemy in contact in `target_hex`.

    Skill: -1 for a non-native striking out of Brambles, -1 for a non-native striking up a Slope, +1 striking
    down a Wall, -1 striking up one. Strike number: 4 - skill + target's skill, +1 at a Brambles native in
    Brambles struck by a non-native, at most 6. Dice: `power` (default: the printed power; required for a
    Titan), +1 for a Slope native striking down a slope, +2 for a Dune native striking down a dune, -1 for a
    non-native striking up a dune, +2 for a Dragon in the Volcano. `forgo_bonus` gives up the slope, dune and
    wall bonuses so that hits may be carried (rules-summary 8.5).
    """
    if not in_contact(land, striker_hex, target_hex):
        raise ValueError(f"{striker} in {striker_hex} is not in contact with {target_hex}")
    dice = strike_power(striker, power)
    skill = CREATURES[striker].skill
    bonuses: set[str] = set()
    up_dune = False
    if land.hexes[striker_hex].terrain == BRAMBLES and not is_native(striker, BRAMBLES):
        skill -= 1
    if land.hexes[striker_hex].terrain == VOLCANO and is_native(striker, VOLCANO):
        dice += 2
        bonuses.add(VOLCANO_DICE)
    hexside = hexside_between(land, striker_hex, target_hex)
    if hexside is not None:
        down = hexside.owner == striker_hex
        if hexside.feature == SLOPE:
            if down and is_native(striker, SLOPE) and not forgo_bonus:
                dice += 1
                bonuses.add(SLOPE_DICE)
            elif not down and not is_native(striker, SLOPE):
                skill -= 1
        elif hexside.feature == WALL:
            if down and not forgo_bonus:
                skill += 1
                bonuses.add(WALL_SKILL)
            elif not down:
                skill -= 1
        elif hexside.feature == DUNE:
            if down and is_native(striker, DUNE) and not forgo_bonus:
                dice += 2
                bonuses.add(DUNE_DICE)
            elif not down:
                up_dune = True
                if not is_native(striker, DUNE):
                    dice -= 1
    number = BASE_STRIKE_NUMBER - skill + CREATURES[target].skill
    if land.hexes[target_hex].terrain == BRAMBLES and is_native(target, BRAMBLES) and not is_native(striker, BRAMBLES):
        number += 1
    return StrikeTerms(dice, min(MAX_STRIKE_NUMBER, number), frozenset(bonuses), up_dune)


def can_carry(rolled: StrikeTerms, other: StrikeTerms) -> bool:
    """Whether excess hits of a strike rolled on `rolled` may go to an enemy the striker would strike on `other`.

    The striker must need no higher strike number and roll no fewer dice against the second enemy, every
    hazard bonus it used must apply there too, and hits may not go up across a dune unless the strike itself
    went up a dune. (Pass the announced number in `rolled` when a higher one was announced.)
    """
    return (
        other.strike_number <= rolled.strike_number
        and other.dice >= rolled.dice
        and rolled.bonuses <= other.bonuses
        and (rolled.up_dune or not other.up_dune)
    )


def announceable_strike_numbers(
    land: Battleland,
    striker: str,
    striker_hex: str,
    target: str,
    target_hex: str,
    enemies: Mapping[str, str],
    *,
    power: int | None = None,
) -> tuple[int, ...]:
    """The strike numbers a striker may roll at: the target's own, then the higher ones of its other contacts.

    `enemies` maps the hex of every living enemy to its name; only those in contact with the striker count.
    Announcing a higher number lets excess hits carry to that enemy (rules-summary 8.5).
    """
    own = strike_terms(land, striker, striker_hex, target, target_hex, power=power).strike_number
    higher = {
        strike_terms(land, striker, striker_hex, name, label, power=power).strike_number
        for label, name in enemies.items()
        if label != target_hex and in_contact(land, striker_hex, label)
    }
    return (own, *sorted(number for number in higher if number > own))


# -- drift -------------------------------------------------------------------------------------------------------


def takes_drift_damage(land: Battleland, name: str, label: str) -> bool:
    """Whether a character in `label` takes 1 hit at the start of a strike phase: a non-native in Drift."""
    return land.hexes[label].terrain == DRIFT and not is_native(name, DRIFT)


def drift_damage(land: Battleland, characters: Mapping[str, str]) -> frozenset[str]:
    """The hexes, among `characters` (hex -> name, both sides), whose character takes a drift hit now."""
    return frozenset(label for label, name in characters.items() if takes_drift_damage(land, name, label))
