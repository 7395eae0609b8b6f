"""The decisions of a game of Titan: one small frozen model per kind, each with its `describe()` sentence.

Legions are named by marker ("Bk03"), lands by label, battle hexes by label ("D4"), characters on a
battleland by their index in the battle's list of characters (`Battle.units`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from engine.core import Action

Marker = Annotated[str, StringConstraints(pattern=r"^(Bk|Bu|Br|Gd|Gr|Rd)(0[1-9]|1[0-2])$")]
Name = Annotated[str, StringConstraints(pattern=r"^[A-Z][a-z]+$", max_length=12)]
HexLabel = Annotated[str, StringConstraints(pattern=r"^[A-F][1-6]$")]
LandLabel = Annotated[int, Field(ge=1, le=6000)]
Side = Annotated[int, Field(ge=0, le=5)]
Unit = Annotated[int, Field(ge=0, le=15)]


def _names(characters: tuple[str, ...]) -> str:
    """'Angel, 2 Centaurs and Gargoyle'."""
    from engine.titan.data import CREATURES

    counted: list[str] = []
    for name in sorted(set(characters)):
        count = characters.count(name)
        counted.append(name if count == 1 else f"{count} {CREATURES[name].plural if name in CREATURES else name}")
    if len(counted) <= 1:
        return "".join(counted)
    return ", ".join(counted[:-1]) + " and " + counted[-1]


def _a_name(name: str) -> str:
    """'an Ogre', 'a Troll'."""
    from engine.titan.data import a_name

    return a_name(name)


class Split(Action):
    """Split a legion: these characters leave it to form a new legion under the lowest free marker."""

    kind: Literal["split"] = "split"
    marker: Marker
    leaving: Annotated[tuple[Name, ...], Field(min_length=2, max_length=6)]

    def describe(self) -> str:
        return f"Split {self.marker}: {_names(self.leaving)} form a new legion"


class EndSplits(Action):
    """End the split phase and roll for movement."""

    kind: Literal["end_splits"] = "end_splits"

    def describe(self) -> str:
        return "Done splitting: roll for movement"


class Mulligan(Action):
    """Roll the movement die again (once, in the first turn)."""

    kind: Literal["mulligan"] = "mulligan"

    def describe(self) -> str:
        return "Take the mulligan: roll again"


class Move(Action):
    """Move a legion to a land, entering it through a side (a teleport: how, and for a Titan teleport the edge)."""

    kind: Literal["move"] = "move"
    marker: Marker
    land: LandLabel
    side: Side = 0  # the side of `land` crossed when entering it (a tower teleport: 0, it never engages)
    teleport: Literal["", "tower", "titan"] = ""
    edge: Annotated[int, Field(ge=0, le=5)] = 0  # a Titan teleport's battleland edge (1, 3 or 5)

    def describe(self) -> str:
        how = {"": "", "tower": " by tower teleport", "titan": " by Titan teleport"}[self.teleport]
        return f"Move {self.marker} to {self.land}{how}"


class EndMoves(Action):
    """End the movement phase."""

    kind: Literal["end_moves"] = "end_moves"

    def describe(self) -> str:
        return "Done moving"


class Engage(Action):
    """Resolve the engagement on this land next."""

    kind: Literal["engage"] = "engage"
    land: LandLabel

    def describe(self) -> str:
        return f"Resolve the engagement in {self.land}"


class Flee(Action):
    """The defender flees: his legion is eliminated, the attacker scores half its value."""

    kind: Literal["flee"] = "flee"

    def describe(self) -> str:
        return "Flee (the attacker scores half)"


class Concede(Action):
    """Concede the engagement: the conceding legion is eliminated, the other scores its full value."""

    kind: Literal["concede"] = "concede"

    def describe(self) -> str:
        return "Concede"


class Fight(Action):
    """Refuse to flee or negotiate: the battle is fought."""

    kind: Literal["fight"] = "fight"

    def describe(self) -> str:
        return "Fight"


class Propose(Action):
    """Offer terms: which legion is eliminated ("attacker", "defender" or "both") and what the other loses."""

    kind: Literal["propose"] = "propose"
    eliminated: Literal["attacker", "defender", "both"]
    losses: Annotated[tuple[Name, ...], Field(max_length=6)] = ()

    def describe(self) -> str:
        who = {"attacker": "the attacker's legion", "defender": "the defender's legion", "both": "both legions"}
        loss = f", the other losing {_names(self.losses)}" if self.losses else ""
        return f"Propose: {who[self.eliminated]} eliminated{loss}"


class Accept(Action):
    """Accept the terms the other side proposed."""

    kind: Literal["accept"] = "accept"

    def describe(self) -> str:
        return "Accept the proposal"


class Maneuver(Action):
    """Move (or bring on) a character to a hex of the battleland."""

    kind: Literal["maneuver"] = "maneuver"
    unit: Unit
    hex: HexLabel

    def describe(self) -> str:
        return f"Move character {self.unit} to {self.hex}"


class EndManeuver(Action):
    """End this maneuver phase (characters not yet brought on in the first one are eliminated)."""

    kind: Literal["end_maneuver"] = "end_maneuver"

    def describe(self) -> str:
        return "Done maneuvering"


class Strike(Action):
    """A character strikes an enemy it is in contact with, needing `number` (higher than needed: to carry)."""

    kind: Literal["strike"] = "strike"
    unit: Unit
    target: Unit
    number: Annotated[int, Field(ge=1, le=6)]

    def describe(self) -> str:
        return f"Character {self.unit} strikes character {self.target} (needs {self.number})"


class Rangestrike(Action):
    """A character rangestrikes an enemy it sees at range."""

    kind: Literal["rangestrike"] = "rangestrike"
    unit: Unit
    target: Unit

    def describe(self) -> str:
        return f"Character {self.unit} rangestrikes character {self.target}"


class Carry(Action):
    """Carry the hits left over after a kill to another enemy (or drop them: target -1)."""

    kind: Literal["carry"] = "carry"
    target: Annotated[int, Field(ge=-1, le=15)]

    def describe(self) -> str:
        return "Drop the extra hits" if self.target < 0 else f"Carry the extra hits to character {self.target}"


class EndStrikes(Action):
    """End this strike phase (every character in contact has struck)."""

    kind: Literal["end_strikes"] = "end_strikes"

    def describe(self) -> str:
        return "Done striking"


class Summon(Action):
    """Summon an Angel or Archangel from another legion (donor "" with angel "": decline)."""

    kind: Literal["summon"] = "summon"
    donor: Annotated[str, StringConstraints(pattern=r"^((Bk|Bu|Br|Gd|Gr|Rd)(0[1-9]|1[0-2]))?$")] = ""
    angel: Annotated[str, StringConstraints(pattern=r"^(Angel|Archangel)?$")] = ""

    def describe(self) -> str:
        return "Summon no angel" if not self.donor else f"Summon the {self.angel} of {self.donor}"


class Reinforce(Action):
    """The defender musters a reinforcement ("" declines)."""

    kind: Literal["reinforce"] = "reinforce"
    creature: Annotated[str, StringConstraints(pattern=r"^([A-Z][a-z]+)?$", max_length=12)] = ""

    def describe(self) -> str:
        if not self.creature:
            return "No reinforcement"
        return f"Muster {_a_name(self.creature)} as a reinforcement"


class Acquire(Action):
    """Take an Angel or Archangel the points earned ("" declines the rest)."""

    kind: Literal["acquire"] = "acquire"
    angel: Annotated[str, StringConstraints(pattern=r"^(Angel|Archangel)?$")] = ""

    def describe(self) -> str:
        return "Take no more angels" if not self.angel else f"Take {_a_name(self.angel)}"


class AcquireInstead(Action):
    """Battle Titan: a spawned legion still eight strong takes an angel its points earned in place of one of its
    characters, which goes back to the stock (the eight then give back their least valuable as always)."""

    kind: Literal["acquire_instead"] = "acquire_instead"
    angel: Annotated[str, StringConstraints(pattern=r"^(Angel|Archangel)$")]
    instead_of: Name

    def describe(self) -> str:
        return f"Take {_a_name(self.angel)} in place of {_a_name(self.instead_of)} (back to the stock)"


class Muster(Action):
    """A legion that moved musters a character (recruiters shown)."""

    kind: Literal["muster"] = "muster"
    marker: Marker
    creature: Name

    def describe(self) -> str:
        return f"{self.marker} musters {_a_name(self.creature)}"


class EndMusters(Action):
    """End the muster phase, and the turn."""

    kind: Literal["end_musters"] = "end_musters"

    def describe(self) -> str:
        return "Done mustering: end the turn"


class Spawn(Action):
    """Battle Titan: pick a creature for the new Titan legion's open place."""

    kind: Literal["spawn"] = "spawn"
    creature: Name

    def describe(self) -> str:
        return f"Take {_a_name(self.creature)} into the new legion"


ACTION_TYPES = (
    Spawn,
    Split,
    EndSplits,
    Mulligan,
    Move,
    EndMoves,
    Engage,
    Flee,
    Concede,
    Fight,
    Propose,
    Accept,
    Maneuver,
    EndManeuver,
    Strike,
    Rangestrike,
    Carry,
    EndStrikes,
    Summon,
    Reinforce,
    Acquire,
    AcquireInstead,
    Muster,
    EndMusters,
)
