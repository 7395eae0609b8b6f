"""The record of one battle: its characters (`Unit`), the `Battle` itself, and who is on which side."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from engine.core.positions import copy_flat
from engine.titan.data import BATTLELANDS, LANDS, TOWER_DEFENDER_EDGE, Battleland, power_of
from engine.titan.sides import ATTACKER, DEFENDER

if TYPE_CHECKING:  # the state holds a battle; a battle only reads the state it is given
    from engine.titan.state import Legion, TitanState


def other_side(side: str) -> str:
    return DEFENDER if side == ATTACKER else ATTACKER


class Unit:
    """A character of the battle: its side, its hex (None until it enters), hits taken, what it did this phase."""

    __slots__ = ("done", "hex", "hits", "name", "side", "slain")

    def __init__(self, name: str, side: str) -> None:
        self.name = name
        self.side = side
        self.hex: str | None = None
        self.hits = 0
        self.slain = False  # slain this strike phase: it strikes on until the phase ends, then leaves
        self.done = False  # moved this maneuver phase, or struck this strike phase

    def copy(self) -> Unit:
        new = Unit.__new__(Unit)
        new.name, new.side, new.hex, new.hits, new.slain, new.done = (
            self.name,
            self.side,
            self.hex,
            self.hits,
            self.slain,
            self.done,
        )
        return new

    def snapshot(self) -> dict[str, Any]:
        return {"name": self.name, "side": self.side, "hex": self.hex, "hits": self.hits, "slain": self.slain,
                "done": self.done}  # fmt: skip


class Battle:
    """The state of one battle."""

    __slots__ = (
        "active",
        "attacker",
        "attacker_edge",
        "carry",
        "defender",
        "defender_edge",
        "entered",
        "gone",
        "kill_this_phase",
        "land",
        "last_roll",
        "off",
        "reinforce",
        "round",
        "step",
        "summon",
        "units",
    )

    def __init__(self, land: int, attacker: Legion, defender: Legion) -> None:
        self.land = land
        self.attacker = attacker.marker
        self.defender = defender.marker
        self.attacker_edge = attacker.attack_edge if attacker.attack_edge >= 0 else 3
        self.defender_edge = TOWER_DEFENDER_EDGE if LANDS[land].is_tower else (self.attacker_edge + 3) % 6
        self.round = 1
        self.active = DEFENDER  # whose maneuver or strike phase it is
        self.step = "maneuver"  # "maneuver", "strike" (the active side strikes) or "strikeback"
        self.units = [Unit(name, DEFENDER) for name in defender.contents] + [
            Unit(name, ATTACKER) for name in attacker.contents
        ]
        self.entered = {ATTACKER: False, DEFENDER: False}  # the side's first maneuver phase is over
        self.carry: dict[str, Any] = {}  # hits left over after a kill, waiting to be placed
        self.gone: dict[str, list[str]] = {ATTACKER: [], DEFENDER: []}  # characters lost, for the points
        # Battle Titan: characters left off the battleland, out of their legion until the battle is decided
        # (the loser's count as killed, the winner's go back to the stock) [2.B.3, this edition's reading]
        self.off: dict[str, list[str]] = {ATTACKER: [], DEFENDER: []}
        self.kill_this_phase = False  # a defending character was slain in this strike phase
        self.summon = "no"  # "no", "offer" (at the attacker's next maneuver), "used"
        self.reinforce = "no"  # "no", "offer" (now), "used"
        self.last_roll: dict[str, Any] = {}  # the last strike's dice, shown on the map until the next maneuver

    def copy(self) -> Battle:
        new = Battle.__new__(Battle)
        new.land, new.attacker, new.defender = self.land, self.attacker, self.defender
        new.attacker_edge, new.defender_edge = self.attacker_edge, self.defender_edge
        new.round, new.active, new.step = self.round, self.active, self.step
        new.units = [unit.copy() for unit in self.units]
        new.entered = dict(self.entered)
        new.carry = copy_flat(self.carry)
        new.gone = {side: list(names) for side, names in self.gone.items()}
        new.off = {side: list(names) for side, names in self.off.items()}
        new.kill_this_phase, new.summon, new.reinforce = self.kill_this_phase, self.summon, self.reinforce
        new.last_roll = copy_flat(self.last_roll)
        return new

    def snapshot(self) -> dict[str, Any]:
        kept = {"off": {side: list(names) for side, names in self.off.items()}} if self.held_off() else {}
        return {
            "land": self.land,
            "attacker": self.attacker,
            "defender": self.defender,
            "attacker_edge": self.attacker_edge,
            "defender_edge": self.defender_edge,
            "round": self.round,
            "active": self.active,
            "step": self.step,
            "units": [unit.snapshot() for unit in self.units],
            "entered": dict(self.entered),
            "carry": copy_flat(self.carry),
            "gone": {side: list(names) for side, names in self.gone.items()},
            "kill_this_phase": self.kill_this_phase,
            "summon": self.summon,
            "reinforce": self.reinforce,
            "last_roll": copy_flat(self.last_roll),
            **kept,  # only while some are held off (Battle Titan): every other position keeps its shape
        }

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
