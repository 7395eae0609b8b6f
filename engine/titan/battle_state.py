"""The record of one battle: its characters (`Unit`), the `Battle` itself, and who is on which side."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from pydantic import Field, StrictBool, StrictInt

from engine.core.positions import FlatDict, Text
from engine.core.records import Between, Decision, NoDecision, Record, field
from engine.titan.data import BATTLELANDS, LANDS, TOWER_DEFENDER_EDGE, Battleland, power_of
from engine.titan.fields import CharacterName, Characters, HexLabel, Land, MarkerText, Side
from engine.titan.sides import ATTACKER, DEFENDER

if TYPE_CHECKING:  # the state holds a battle; a battle only reads the state it is given
    from engine.titan.state import Legion, TitanState


def other_side(side: str) -> str:
    return DEFENDER if side == ATTACKER else ATTACKER


class Unit(Record):
    """A character of the battle: its side, its hex (None until it enters), hits taken, what it did this phase."""

    name: CharacterName
    side: Side
    hex: HexLabel | None = None
    hits: Annotated[int, Between(0, 100)] = 0
    slain: StrictBool = False  # slain this strike phase: it strikes on until the phase ends, then leaves
    done: StrictBool = False  # moved this maneuver phase, or struck this strike phase


class Arrival(Decision):
    """A summoned angel (from the legion `donor`) or a reinforcement (no donor) that must come on in this maneuver
    phase, or go back (battle index `arriving`)."""

    arriving: StrictInt
    donor: Text | None = field(absent=True)


class CarryOver(Decision):
    """The hits of a strike left over after a kill, for the striker to carry to one of `targets` (battle indices)
    or drop; `number` is the strike number the strike announced [rules-summary 8.5]."""

    striker: StrictInt
    hits: StrictInt
    number: StrictInt
    targets: Annotated[list[StrictInt], Field(max_length=40)]


Lost = Annotated[list[CharacterName], Field(max_length=16)]


def _no_one_held_off(off: dict[str, list[str]]) -> bool:
    return not any(off.values())


class Battle(Record):
    """The state of one battle."""

    land: Land
    attacker: MarkerText
    defender: MarkerText
    attacker_edge: Annotated[int, Between(0, 5)]
    defender_edge: Annotated[int, Between(0, 5)]
    round: Annotated[int, Between(1, 7)] = 1
    active: Side = DEFENDER  # whose maneuver or strike phase it is
    step: Literal["maneuver", "strike", "strikeback"] = "maneuver"  # "strike": the active side strikes
    units: Annotated[list[Unit], Field(max_length=16)]
    entered: dict[Side, StrictBool] = field(default_factory=lambda: {ATTACKER: False, DEFENDER: False})  # 1st phase
    carry: NoDecision | Arrival | CarryOver = field(default_factory=NoDecision)  # who arrives, or hits to place
    gone: dict[Side, Lost] = field(default_factory=lambda: {ATTACKER: [], DEFENDER: []})  # lost, for the points
    kill_this_phase: StrictBool = False  # a defending character was slain in this strike phase
    summon: Literal["no", "offer", "used"] = "no"  # "offer": at the attacker's next maneuver
    reinforce: Literal["no", "offer", "used"] = "no"  # "offer": now
    # the last strike's dice, shown on the map until the next maneuver ({} none; absent from older positions)
    last_roll: FlatDict = field(default_factory=dict, sort=True)
    # Battle Titan: characters left off the battleland, out of their legion until the battle is decided (the
    # loser's count as killed, the winner's go back to the stock) [2.B.3, this edition's reading]; saved only
    # while some are (Battle Titan, rules 3): every other position keeps its shape
    off: dict[Side, Characters] = field(default_factory=lambda: {ATTACKER: [], DEFENDER: []}, omit=_no_one_held_off)

    @classmethod
    def begun(cls, land: int, attacker: Legion, defender: Legion) -> Battle:
        """The battle as it begins: the defender's first maneuver phase, every character off the battleland."""
        attacker_edge = attacker.attack_edge if attacker.attack_edge >= 0 else 3
        return cls(
            land=land,
            attacker=attacker.marker,
            defender=defender.marker,
            attacker_edge=attacker_edge,
            defender_edge=TOWER_DEFENDER_EDGE if LANDS[land].is_tower else (attacker_edge + 3) % 6,
            units=[Unit(name=name, side=DEFENDER) for name in defender.contents]
            + [Unit(name=name, side=ATTACKER) for name in attacker.contents],
        )

    def arriving(self) -> int | None:
        """The battle index of the angel or reinforcement that must come on now, if one is."""
        return self.carry.arriving if isinstance(self.carry, Arrival) else None

    def carrying(self) -> CarryOver:
        """The hits left over to place (in the carry phase)."""
        return cast(CarryOver, self.carry)

    def view(self) -> dict[str, Any]:
        """Everything of a battle is public: both legions are shown to everyone when it is fought."""
        return self.snapshot()

    @property
    def terrain(self) -> str:
        return LANDS[self.land].terrain

    @property
    def map(self) -> Battleland:
        return BATTLELANDS[self.terrain]

    def held_off(self) -> list[str]:
        """Battle Titan: the characters of both sides left off the battleland, waiting for the battle's result."""
        return self.off[ATTACKER] + self.off[DEFENDER]

    def attacker_entered(self) -> bool:
        """Whether any attacking character has been put on the battleland."""
        return any(unit.hex is not None for unit in self.units if unit.side == ATTACKER) or self.entered[ATTACKER]

    def living(self, side: str) -> list[int]:
        """Indices of a side's characters still in the battle (slain ones leave at the end of the phase)."""
        return [i for i, unit in enumerate(self.units) if unit.side == side and not unit.slain]

    def on_board(self, side: str) -> list[int]:
        """Indices of a side's characters standing on the battleland (slain ones too, until the phase ends)."""
        return [i for i, unit in enumerate(self.units) if unit.side == side and unit.hex is not None]

    def occupied(self, besides: int = -1) -> set[str]:
        """Hexes holding a character (other than unit `besides`)."""
        return {unit.hex for i, unit in enumerate(self.units) if unit.hex is not None and i != besides}

    def enemy_hexes(self, side: str, *, living_only: bool = False) -> dict[str, str]:
        """Hex -> name of the other side's characters on the battleland."""
        return {
            unit.hex: unit.name
            for unit in self.units
            if unit.side != side and unit.hex is not None and not (living_only and unit.slain)
        }


# -- who is who --------------------------------------------------------------------------------------------------


def battle_of(state: TitanState) -> Battle:
    """The battle being fought."""
    return cast(Battle, state.battle)


def legion_of(state: TitanState, battle: Battle, side: str) -> Legion:
    """The legion fighting on `side`."""
    return state.legions[battle.attacker if side == ATTACKER else battle.defender]


def seat_of(state: TitanState, battle: Battle, side: str) -> int:
    """The seat whose legion fights on `side`."""
    return legion_of(state, battle, side).owner


def unit_power(state: TitanState, battle: Battle, unit: Unit) -> int:
    """A character's power (a Titan's from its player's score)."""
    return power_of(unit.name, state.players[seat_of(state, battle, unit.side)].score)


def label(battle: Battle, index: int) -> str:
    """A character for the log: its name, and its hex once it stands on the battleland."""
    unit = battle.units[index]
    return f"{unit.name} ({unit.hex})" if unit.hex else unit.name
