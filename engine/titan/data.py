"""The components of standard Titan, read once from the reference JSON copied into this package.

`CREATURES` (24 character types), `LANDS` (the 96 masterboard lands), `TOWERS`, `CHAINS` and
`TOWER_RECRUITS` (mustering), `BATTLELANDS` (the 11 battle maps by terrain), `HEX_NEIGHBORS` and
`EDGES` (the battle-map geometry every battleland shares) and the game's constants. Everything here
is immutable: frozen dataclasses, tuples and mappings built at import. Sources and conventions:
`reference/README.md` and `shared/reference/titan/README.md`.

Masterboard sides run clockwise from 0 (top) to 5 (upper left); a land's neighbours (three, two on the
outer ring) touch its long sides. Battle hexes are "A1".."F4", columns A-F left to right, numbers counting
upward in a column; hexsides run clockwise from 0 (up) to 5 (upper left).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

REFERENCE = Path(__file__).resolve().parent / "reference"


def _load(name: str) -> dict[str, Any]:
    with open(REFERENCE / name, encoding="utf-8") as handle:
        return json.load(handle)


_CREATURES = _load("creatures.json")
_MASTERBOARD = _load("masterboard.json")
_RECRUITS = _load("recruits.json")
_BATTLELANDS = _load("battlelands.json")

# -- characters -------------------------------------------------------------------------------------------

TITAN: Final = "Titan"
ANGEL: Final = "Angel"
ARCHANGEL: Final = "Archangel"
GUARDIAN: Final = "Guardian"
WARLOCK: Final = "Warlock"

HAZARDS_WITH_NATIVES: Final[tuple[str, ...]] = tuple(_CREATURES["hazard_vocabulary"])


@dataclass(frozen=True)
class Creature:
    """One character type: its factors, how it moves and strikes, its class and how many counters exist."""

    name: str
    plural: str
    power: int  # the Titan's is 0 here: its power is 6 + score // 100 (`titan_power`)
    skill: int
    flies: bool
    rangestrikes: bool
    magic_missile: bool  # the Warlock: rangestrikes ignoring line of sight, hazards and the ban on lords
    kind: str  # "lord" (Titan, Angel, Archangel), "demilord" (Guardian, Warlock) or "creature"
    summonable: bool  # Angel and Archangel
    returns_to_stock: bool  # a slain Angel, Archangel, Guardian or Warlock goes back to the stock
    natives: frozenset[str]  # hazards it is native to
    count: int  # counters in the box (the Titan: one per player)
    muster_terrains: tuple[str, ...]

    @property
    def is_lord(self) -> bool:
        """Titan, Angel, Archangel: tower teleport, no flight from battle, no rangestrike at them."""
        return self.kind == "lord"

    @property
    def is_demilord(self) -> bool:
        return self.kind == "demilord"

    @property
    def value(self) -> int:
        """Power times skill (the Titan's depends on its power: `character_value`)."""
        return self.power * self.skill

    def native_to(self, hazard: str) -> bool:
        return hazard in self.natives


def _creature(data: dict[str, Any]) -> Creature:
    return Creature(
        name=data["name"],
        plural=data["plural"],
        power=int(data["power"] or 0),
        skill=int(data["skill"]),
        flies=bool(data["flies"]),
        rangestrikes=bool(data["rangestrikes"]),
        magic_missile=bool(data["magic_missile"]),
        kind=str(data["class"]),
        summonable=bool(data["summonable"]),
        returns_to_stock=bool(data["returns_to_stock_when_slain"]),
        natives=frozenset(data["native_hazards"]),
        count=int(data["count"]),
        muster_terrains=tuple(data["muster_terrains"]),
    )


CREATURES: Final[Mapping[str, Creature]] = MappingProxyType({c["name"]: _creature(c) for c in _CREATURES["creatures"]})
CREATURE_NAMES: Final[tuple[str, ...]] = tuple(sorted(CREATURES))  # every character type, in a stable order
STARTING_LEGION: Final[tuple[str, ...]] = tuple(_CREATURES["starting_legion"])  # the 8 of the first turn

TITAN_BASE_POWER: Final[int] = int(_CREATURES["titan"]["base_power"])  # 6
TITAN_POWER_STEP: Final[int] = int(_CREATURES["titan"]["power_per_points"])  # +1 per 100 points
TITAN_TELEPORT_SCORE: Final[int] = int(_CREATURES["titan"]["teleport_min_score"])  # 400
ANGEL_EVERY: Final[int] = 100
ARCHANGEL_EVERY: Final[int] = 500


def titan_power(score: int) -> int:
    """A Titan's power for its player's score: 6 + score // 100 [19.1]."""
    return TITAN_BASE_POWER + score // TITAN_POWER_STEP


def power_of(name: str, score: int = 0) -> int:
    """A character's power (a Titan's from its player's score)."""
    return titan_power(score) if name == TITAN else CREATURES[name].power


def character_value(name: str, score: int = 0) -> int:
    """Points a character is worth: power x skill (a Titan: its current power x 4)."""
    return power_of(name, score) * CREATURES[name].skill


def range_strength(name: str, score: int = 0) -> int:
    """Dice of a rangestrike: half the power, rounded down (before the Volcano's +2)."""
    return power_of(name, score) // 2


def a_name(name: str) -> str:
    """The name with its article, as it is said: 'an Ogre', 'an Angel', 'a Unicorn' (said "yoo"), 'a Troll'."""
    return f"{'an' if name[:1] in ('A', 'E', 'I', 'O') else 'a'} {name}"


# -- the masterboard ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Exit:
    """A sign on a land border pointing out of a land: to which land, its kind, through which side."""

    to: int
    kind: str  # "BLOCK", "ARCH", "ARROW" or "ARROWS"
    side: int


@dataclass(frozen=True)
class Land:
    """One of the 96 masterboard lands."""

    label: int
    terrain: str
    x: int
    y: int
    inverted: bool
    label_side: int
    exits: tuple[Exit, ...]
    neighbors: Mapping[int, int]  # side -> land, every border whatever its signs
    block_side: int | None
    attacker_edge: Mapping[int, int]  # side crossed when entering -> the attacker's battleland edge
    polygon: tuple[tuple[float, float], ...]

    @property
    def is_tower(self) -> bool:
        return self.terrain == "Tower"

    def side_towards(self, other: int) -> int:
        """The side of this land that borders `other` (KeyError if they do not touch)."""
        for side, label in self.neighbors.items():
            if label == other:
                return side
        raise KeyError(other)


def _land(data: dict[str, Any]) -> Land:
    return Land(
        label=int(data["label"]),
        terrain=str(data["terrain"]),
        x=int(data["x"]),
        y=int(data["y"]),
        inverted=bool(data["inverted"]),
        label_side=int(data["label_side"]),
        exits=tuple(Exit(int(e["to"]), str(e["type"]), int(e["side"])) for e in data["exits"]),
        neighbors=MappingProxyType({int(k): int(v) for k, v in data["neighbors"].items()}),
        block_side=None if data["block_side"] is None else int(data["block_side"]),
        attacker_edge=MappingProxyType({int(k): int(v) for k, v in data["attacker_edge_by_entry_side"].items()}),
        polygon=tuple((float(x), float(y)) for x, y in data["polygon"]),
    )


LANDS: Final[Mapping[int, Land]] = MappingProxyType({int(d["label"]): _land(d) for d in _MASTERBOARD["lands"]})
LAND_LABELS: Final[tuple[int, ...]] = tuple(sorted(LANDS))
TOWERS: Final[tuple[int, ...]] = tuple(int(t) for t in _MASTERBOARD["towers"])  # 100 .. 600
TOWER_BY_ROLL: Final[Mapping[int, int]] = MappingProxyType(
    {int(roll): int(tower) for roll, tower in _MASTERBOARD["tower_roll_order"].items()}
)
TERRAINS: Final[tuple[str, ...]] = tuple(sorted({land.terrain for land in LANDS.values()}))

# -- mustering ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChainStep:
    """A creature of a terrain's chain and how many of the one below qualify a legion for it."""

    creature: str
    needs: int  # of the previous creature in the chain (the first step: 1 of itself or anything higher)


CHAINS: Final[Mapping[str, tuple[ChainStep, ...]]] = MappingProxyType(
    {
        terrain: tuple(ChainStep(str(name), int(count)) for name, count in spec["chain_compact"])
        for terrain, spec in _RECRUITS["terrains"].items()
        if spec["kind"] == "chain"
    }
)
TOWER_BASIC: Final[tuple[str, ...]] = tuple(_RECRUITS["terrains"]["Tower"]["basic"])  # no recruiter needed
TOWER_GUARDIAN_SAME: Final[int] = 3  # three identical creatures (or a Guardian) muster a Guardian

# -- battlelands ------------------------------------------------------------------------------------------------

HEX_LABELS: Final[tuple[str, ...]] = tuple(_BATTLELANDS["labels"])
HEX_NEIGHBORS: Final[Mapping[str, Mapping[int, str]]] = MappingProxyType(
    {
        label: MappingProxyType({int(side): str(other) for side, other in sides.items()})
        for label, sides in _BATTLELANDS["geometry"]["neighbors"].items()
    }
)
EDGES: Final[Mapping[int, tuple[str, ...]]] = MappingProxyType(
    {int(edge): tuple(hexes) for edge, hexes in _BATTLELANDS["edges"].items()}
)
ATTACKER_EDGES: Final[tuple[int, ...]] = (1, 3, 5)
TOWER_ATTACKER_EDGE: Final[int] = 3
TOWER_DEFENDER_EDGE: Final[int] = 0  # where a Tower defender's reinforcement enters


@dataclass(frozen=True)
class BattleHex:
    """One hex of a battleland: its hazard, elevation, owned hexside features and drawing position."""

    label: str
    terrain: str  # Plains, Brambles, Sand, Bog, Drift, Tree, Volcano or Tower
    elevation: int
    hexsides: Mapping[int, str]  # side -> Slope | Dune | Cliff | Wall, for the features this hex owns
    x: int
    y: int


@dataclass(frozen=True)
class Battleland:
    """The battle map of one masterboard terrain."""

    terrain: str
    hexes: Mapping[str, BattleHex]
    is_tower: bool
    defender_start: tuple[str, ...]  # the Tower's hexes inside the walls (empty elsewhere)


def _battleland(terrain: str, spec: dict[str, Any]) -> Battleland:
    hexes = {
        label: BattleHex(
            label=label,
            terrain=str(h["terrain"]),
            elevation=int(h["elevation"]),
            hexsides=MappingProxyType({int(side): str(feature) for side, feature in h["hexsides"].items()}),
            x=int(h["x"]),
            y=int(h["y"]),
        )
        for label, h in spec["hexes"].items()
    }
    return Battleland(
        terrain=terrain,
        hexes=MappingProxyType(hexes),
        is_tower=bool(spec["tower"]),
        defender_start=tuple(spec.get("defender_start_hexes", ())),
    )


BATTLELANDS: Final[Mapping[str, Battleland]] = MappingProxyType(
    {terrain: _battleland(terrain, spec) for terrain, spec in _BATTLELANDS["terrains"].items()}
)

# -- constants of the game ----------------------------------------------------------------------------------------

MAX_LEGION: Final[int] = 7
MIN_SPLIT: Final[int] = 2
MARKERS_PER_PLAYER: Final[int] = 12
TELEPORT_ROLL: Final[int] = 6
TOWER_TELEPORT_RANGE: Final[int] = 6
BATTLE_ROUNDS: Final[int] = 7
REINFORCEMENT_ROUND: Final[int] = 4
MAX_STRIKE_NUMBER: Final[int] = 6
MAX_RANGE: Final[int] = 4

# -- Battle Titan: the spawn legion (docs/titan.md, "Battle Titan: the spawn legion") ----------------------------


@dataclass(frozen=True)
class TerrainPath:
    """One of Battle Titan's three terrain paths: its creatures from the basic up, each with the house rules' tier."""

    name: str
    steps: tuple[tuple[int, str], ...]  # (tier, creature), rising; a creature's precursor is the step before it


SPAWN_PATHS: Final[tuple[TerrainPath, ...]] = (
    TerrainPath("plains", ((1, "Centaur"), (2, "Lion"), (3, "Minotaur"), (4, "Dragon"), (5, "Colossus"))),
    TerrainPath("marsh", ((1, "Ogre"), (2, "Troll"), (3, "Warbear"), (4, "Giant"), (5, "Colossus"))),
    TerrainPath("jungle", ((1, "Gargoyle"), (2, "Cyclops"), (4, "Behemoth"), (5, "Serpent"))),  # no tier 3
)
# the house rules' point 2 (every basic gone), first available first
SPAWN_BASICS_GONE: Final[tuple[str, ...]] = (
    "Lion", "Troll", "Cyclops", "Minotaur", "Warbear", "Ranger", "Gorgon", WARLOCK, GUARDIAN, "Unicorn", ANGEL,
)  # fmt: skip
SPAWN_STRONG_GONE: Final[tuple[str, ...]] = ("Hydra", ARCHANGEL, TITAN)  # the house rules' point 5, in that order
