"""Masterboard movement [6.2, 7, 8, 10.1]: the lands a roll reaches, teleports, and the entry side's battleland edge.

Pure functions of the board (`data.LANDS`) and plain collections of land labels the caller passes: the
lands of the mover's other legions (`friendly`), of other players' legions (`enemy`) and the lands where an
engagement is already waiting (`engaged`). No game state lives here.

- Signs (rules-summary 5.2): from the start land a legion leaves by its Block if it has one, otherwise by
  any Arch, Arrow or triple Arrow; from every land entered later only by an Arrow or triple Arrow, never
  straight back through the border it has just crossed. One step per land entered.
- Distance (5.3): exactly the roll, except that the move stops on entering a land holding an enemy legion;
  friendly lands may be passed but not ended on; a land with a waiting engagement may be neither entered
  nor passed; a path may end back on the start land (a "spin cycle").
- Teleports (5.4): a Tower teleport on a 6 for a legion with a lord; a Titan teleport onto any enemy
  legion not engaged (the caller checks the score of 400 and the roll).
- Reach (for the computer players): `fewest_steps` counts the fewest steps in which a legion enters each land;
  a land holding another player's legion is reached on every roll from that count up.
- Entry side (5.5): the side of the target land crossed on entering it fixes the attacker's battleland
  edge (`Land.attacker_edge`, always 3 in a Tower); the defender takes the opposite edge.

The mover's own other legions include one that shares the start land after a split: pass the start land
in `friendly` then, and a spin cycle back onto it is (rightly) not offered.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from engine.titan.data import (
    CREATURES,
    LANDS,
    TELEPORT_ROLL,
    TOWER_ATTACKER_EDGE,
    TOWER_TELEPORT_RANGE,
    TOWERS,
    Exit,
    Land,
)

MIN_ROLL = 1
MAX_ROLL = 6
ONWARD_SIGNS = frozenset({"ARROW", "ARROWS"})  # the signs a legion may follow after its first step
WIDE_EDGES = (1, 3, 5)  # the attacker edges a Titan-teleporting attacker chooses from [10.4]


@dataclass(frozen=True, order=True)
class Destination:
    """A land a normal move can end on and the side of that land crossed on entering it."""

    land: int
    entry_side: int


def _land(label: int) -> Land:
    try:
        return LANDS[label]
    except KeyError:
        raise ValueError(f"no land {label!r} on the masterboard") from None


def _check_roll(roll: int) -> None:
    if not MIN_ROLL <= roll <= MAX_ROLL:
        raise ValueError(f"a movement roll is {MIN_ROLL} to {MAX_ROLL}, not {roll!r}")


def entry_side(sign: Exit) -> int:
    """The side of the land a sign points to that a legion crosses when it follows the sign."""
    return (sign.side + 3) % 6


def first_step_exits(land: int) -> tuple[Exit, ...]:
    """The signs a legion starting its move on `land` may leave by: its Block alone, if it has one, else all."""
    start = _land(land)
    if start.block_side is not None:
        return tuple(sign for sign in start.exits if sign.kind == "BLOCK")
    return start.exits


def onward_exits(land: int, entered_by: int) -> tuple[Exit, ...]:
    """The signs a legion that entered `land` through side `entered_by` may continue by: arrows, not back."""
    return tuple(sign for sign in _land(land).exits if sign.kind in ONWARD_SIGNS and sign.side != entered_by)


def normal_moves(
    start: int,
    roll: int,
    friendly: Collection[int] = (),
    enemy: Collection[int] = (),
    engaged: Collection[int] = (),
) -> list[Destination]:
    """Every (land, entry side) a legion on `start` can reach with `roll`, sorted, each side once [7]."""
    _check_roll(roll)
    friendly_lands = frozenset(friendly)
    enemy_lands = frozenset(enemy)
    # A land holding both an enemy and one of the mover's legions is an engagement waiting, whether or not
    # the caller listed it as engaged.
    blocked = frozenset(engaged) | (friendly_lands & enemy_lands)
    found: set[Destination] = set()
    # (land, side it was entered through, steps taken); the start land is "entered" through no side.
    stack: list[tuple[int, int | None, int]] = [(start, None, 0)]
    while stack:
        land, entered_by, steps = stack.pop()
        signs = first_step_exits(land) if entered_by is None else onward_exits(land, entered_by)
        for sign in signs:
            side = entry_side(sign)
            if sign.to in blocked:
                continue
            if sign.to in enemy_lands:
                found.add(Destination(sign.to, side))  # the move stops here, whatever is left of the roll
            elif steps + 1 == roll:
                if sign.to not in friendly_lands:
                    found.add(Destination(sign.to, side))
            else:
                stack.append((sign.to, side, steps + 1))
    return sorted(found)


def destination_lands(
    start: int,
    roll: int,
    friendly: Collection[int] = (),
    enemy: Collection[int] = (),
    engaged: Collection[int] = (),
) -> list[int]:
    """The lands a normal move can end on, sorted, each once (whatever side it is entered by)."""
    return sorted({destination.land for destination in normal_moves(start, roll, friendly, enemy, engaged)})


def can_make_normal_move(
    start: int,
    roll: int,
    friendly: Collection[int] = (),
    enemy: Collection[int] = (),
    engaged: Collection[int] = (),
) -> bool:
    """Whether a legion on `start` has any normal move with `roll` (legions sharing a land must part if so) [4.3]."""
    return bool(normal_moves(start, roll, friendly, enemy, engaged))


def fewest_steps(start: int, stops: Collection[int], engaged: Collection[int] = (), limit: int = 6) -> dict[int, int]:
    """Land -> the fewest steps in which a legion on `start` can enter it, following the signs (its Block, or
    any sign, first; arrows after, never straight back), stopping on entering a land in `stops` (an enemy of
    it) and never entering an engaged land. A move ends on entering an occupied land, so such a land is
    reached on every roll from its count up."""
    best: dict[int, int] = {}
    done: set[tuple[int, int | None, int]] = set()
    stack: list[tuple[int, int | None, int]] = [(start, None, 0)]
    while stack:
        land, entered_by, steps = stack.pop()
        signs = first_step_exits(land) if entered_by is None else onward_exits(land, entered_by)
        for sign in signs:
            to = sign.to
            if to in engaged:
                continue
            step = steps + 1
            if step < best.get(to, 99):
                best[to] = step
            if to in stops or step >= limit:
                continue
            key = (to, entry_side(sign), step)
            if key not in done:
                done.add(key)
                stack.append(key)
    return best


def has_lord(characters: Iterable[str]) -> bool:
    """Whether a legion holds a lord (Titan, Angel or Archangel; demi-lords are not lords)."""
    for name in characters:
        if name not in CREATURES:
            raise ValueError(f"no character called {name!r}")
        if CREATURES[name].is_lord:
            return True
    return False


def can_tower_teleport(start: int, roll: int, characters: Iterable[str]) -> bool:
    """Whether a legion may tower-teleport: it starts on a Tower, the roll is a 6 and it holds a lord [8.1]."""
    return _land(start).is_tower and roll == TELEPORT_ROLL and has_lord(characters)


def lands_within(start: int, distance: int) -> dict[int, int]:
    """Every land at most `distance` borders from `start` (signs ignored) -> its distance; `start` itself is 0."""
    _land(start)
    distances = {start: 0}
    queue = deque([start])
    while queue:
        land = queue.popleft()
        if distances[land] == distance:
            continue
        for other in LANDS[land].neighbors.values():
            if other not in distances:
                distances[other] = distances[land] + 1
                queue.append(other)
    return distances


def tower_teleports(
    start: int,
    roll: int,
    characters: Iterable[str],
    friendly: Collection[int] = (),
    enemy: Collection[int] = (),
) -> list[int]:
    """The lands a tower teleport can reach, sorted: unoccupied, within 6 lands or a Tower (none if not allowed)."""
    if not can_tower_teleport(start, roll, characters):
        return []
    # Counting passes through any land, occupied or not; only the landing must be empty, so it never engages.
    occupied = frozenset(friendly) | frozenset(enemy) | {start}
    reach = set(lands_within(start, TOWER_TELEPORT_RANGE)) | set(TOWERS)
    return sorted(reach - occupied)


def titan_teleports(enemy: Collection[int], engaged: Collection[int] = ()) -> list[int]:
    """The lands a Titan teleport can reach, sorted: every enemy legion's land not already engaged [8.2].

    The caller checks the rest: a roll of 6, a score of at least 400, the Titan in the legion, one teleport
    per turn. The attacker then chooses its edge (`titan_teleport_edges`).
    """
    blocked = frozenset(engaged)
    for land in enemy:
        _land(land)
    return sorted(frozenset(enemy) - blocked)


def attacker_edge(land: int, side: int) -> int:
    """The attacker's battleland edge for a legion that entered `land` through `side` (3 in a Tower) [10.1]."""
    target = _land(land)
    if side not in target.attacker_edge:
        raise ValueError(f"land {land} has no border on side {side!r}")
    return TOWER_ATTACKER_EDGE if target.is_tower else target.attacker_edge[side]


def defender_edge(land: int, side: int) -> int:
    """The defender's battleland edge, opposite the attacker's (in a Tower edge 0, where reinforcements enter)."""
    return opposite_edge(attacker_edge(land, side))


def opposite_edge(edge: int) -> int:
    """The battleland edge across from `edge`."""
    return (edge + 3) % 6


def titan_teleport_edges(land: int) -> tuple[int, ...]:
    """The attacker edges a Titan-teleporting legion chooses from: 1, 3 or 5, only 3 in a Tower [10.4]."""
    return (TOWER_ATTACKER_EDGE,) if _land(land).is_tower else WIDE_EDGES


def balanced_towers(players: int, first: int) -> tuple[int, ...]:
    """The Towers of `players` seats spread as evenly round the board as six allow, from the `first` Tower
    (0-5) of `TOWERS`, which run in order round the board: 2 players opposite, 3 every other Tower, 4 two
    pairs of neighbours facing each other, 5 all but one (the option "balanced towers", as Colossus has it)."""
    if not 1 <= players <= len(TOWERS) or not 0 <= first < len(TOWERS):
        raise ValueError(f"no balanced towers for {players} players from Tower {first}")
    return tuple(sorted(TOWERS[(first + seat * len(TOWERS) // players) % len(TOWERS)] for seat in range(players)))
