"""Born of Titans actions: one small frozen model per decision, each with a `describe()` that reads as a button.

Nodes are named by their board id, Heroes, Divine counters and Cities by their data keys; seats by number.
"""

from __future__ import annotations

from typing import Literal

from engine.born_of_titans.board import NODES
from engine.born_of_titans.data import DIVINE, HEROES
from engine.core import Action

Attribute = Literal["battle", "navigation", "wits"]


def _node_name(node: str) -> str:
    """The printed name of a node."""
    spot = NODES.get(node)
    return spot.name if spot is not None else node


class ChooseHero(Action):
    """Selection: take a Hero (and her Hero's Quest counter)."""

    kind: Literal["choose_hero"] = "choose_hero"
    hero: str

    def describe(self) -> str:
        hero = HEROES.get(self.hero)
        return f"Choose {hero.name if hero else self.hero}"


class ChooseStart(Action):
    """Selection: the Quest Site where your Hero begins."""

    kind: Literal["choose_start"] = "choose_start"
    site: str

    def describe(self) -> str:
        return f"Start at {_node_name(self.site)}"


class PlaceQuest(Action):
    """Place the Quest just drawn (unseen) with the Hero's Quest counter on a Quest Site."""

    kind: Literal["place_quest"] = "place_quest"
    site: str

    def describe(self) -> str:
        return f"Place the Quest at {_node_name(self.site)}"


class Move(Action):
    """A Move action: roll Navigation; each Success is a Course."""

    kind: Literal["move"] = "move"

    def describe(self) -> str:
        return "Move (roll Navigation)"


class MoveTo(Action):
    """Spend Courses to sail or march to a node."""

    kind: Literal["move_to"] = "move_to"
    node: str

    def describe(self) -> str:
        return f"Move to {_node_name(self.node)}"


class Stop(Action):
    """End the Move where you are (unused Courses are lost)."""

    kind: Literal["stop"] = "stop"

    def describe(self) -> str:
        return "Stay here"


class EncounterAction(Action):
    """An Encounter action: the City's counter, the Sea Monster, or your Quest."""

    kind: Literal["encounter"] = "encounter"

    def describe(self) -> str:
        return "Encounter"


class Recruit(Action):
    """A Recruit action in a City: one or two more Crew."""

    kind: Literal["recruit"] = "recruit"
    crew: Literal[1, 2]

    def describe(self) -> str:
        return f"Recruit {self.crew} Crew"


class Sacrifice(Action):
    """A Sacrifice action in a City: draw two Divine counters, keep one."""

    kind: Literal["sacrifice"] = "sacrifice"

    def describe(self) -> str:
        return "Sacrifice (draw two Divine counters)"


class Prophecy(Action):
    """A Prophecy action at an Oracle: two more Prophecy."""

    kind: Literal["prophecy"] = "prophecy"

    def describe(self) -> str:
        return "Consult the Oracle (+2 Prophecy)"


class Look(Action):
    """Spend one Prophecy to see every face-down counter at a Site (no action)."""

    kind: Literal["look"] = "look"
    site: str

    def describe(self) -> str:
        return f"Look at {_node_name(self.site)} (1 Prophecy)"


class Argo(Action):
    """The Argo: one more Prophecy, once a turn."""

    kind: Literal["argo"] = "argo"

    def describe(self) -> str:
        return "The Argo: +1 Prophecy"


class DragonsTeeth(Action):
    """Discard the Dragon's Teeth: a die's worth of Crew."""

    kind: Literal["dragons_teeth"] = "dragons_teeth"

    def describe(self) -> str:
        return "Sow the Dragon's Teeth (roll for Crew)"


class LionSkin(Action):
    """Discard the Nemean Lion Skin: no more Crew lost to attacks in this Challenge."""

    kind: Literal["lion_skin"] = "lion_skin"

    def describe(self) -> str:
        return "Wear the Nemean Lion Skin"


class PlayDivine(Action):
    """Play a Divine counter, or a matching pair, on a Hero (`detail`: what the counter needs)."""

    kind: Literal["play_divine"] = "play_divine"
    counter: str
    pair: bool = False
    target: int
    detail: int | tuple[int, ...] | None = None

    def describe(self) -> str:
        divine = DIVINE.get(self.counter)
        name = divine.name if divine else self.counter
        what = f"two {name}" if self.pair else name
        extra = ""
        if self.counter == "muses" and isinstance(self.detail, int):
            extra = f", die {self.detail + 1}"
        elif self.counter == "fates" and isinstance(self.detail, tuple):
            extra = ", dice " + " ".join(str(i + 1) for i in self.detail)
        elif self.counter == "poseidon" and not self.pair and isinstance(self.detail, int):
            extra = f", {self.detail:+d} Courses"
        elif self.counter == "hera" and self.pair and isinstance(self.detail, int):
            extra = f", Hubris to seat {self.detail + 1}"
        return f"Play {what} on seat {self.target + 1}{extra}"


class EndTurn(Action):
    """End your turn."""

    kind: Literal["end_turn"] = "end_turn"

    def describe(self) -> str:
        return "End the turn"


class Underworld(Action):
    """Take your Underworld Quest to the Underworld Site of your choice."""

    kind: Literal["underworld"] = "underworld"
    site: str

    def describe(self) -> str:
        return f"Take the Quest to {_node_name(self.site)}"


class ChooseAttribute(Action):
    """A Challenge: the attribute you roll for the whole Challenge."""

    kind: Literal["choose_attribute"] = "choose_attribute"
    attribute: Attribute

    def describe(self) -> str:
        return f"Challenge by {self.attribute.capitalize()}"


class ChooseMatch(Action):
    """Under Athena's pair: roll one of your totals against one of the monster's numbers."""

    kind: Literal["choose_match"] = "choose_match"
    hero_attribute: Attribute
    monster_attribute: Attribute

    def describe(self) -> str:
        return f"Your {self.hero_attribute.capitalize()} against its {self.monster_attribute.capitalize()}"


class Roll(Action):
    """A Challenge roll, committing `commit` more Prophecy first (a die each for the rest of the Challenge)."""

    kind: Literal["roll"] = "roll"
    commit: int = 0

    def describe(self) -> str:
        return f"Roll, committing {self.commit} Prophecy" if self.commit else "Roll"


class Retreat(Action):
    """Retreat from the Challenge (after a Crew loss)."""

    kind: Literal["retreat"] = "retreat"

    def describe(self) -> str:
        return "Retreat"


class TakeAlly(Action):
    """Take the Ally just turned up (your current one goes back to the Encounter pile)."""

    kind: Literal["take_ally"] = "take_ally"

    def describe(self) -> str:
        return "Take the Ally"


class RefuseAlly(Action):
    """Keep your Ally (or none): the new one goes back to the Encounter pile."""

    kind: Literal["refuse_ally"] = "refuse_ally"

    def describe(self) -> str:
        return "Refuse the Ally"


class Keep(Action):
    """Sacrifice: the Divine counter you keep (the other goes back to the pile)."""

    kind: Literal["keep"] = "keep"
    divine: str

    def describe(self) -> str:
        divine = DIVINE.get(self.divine)
        return f"Keep {divine.name if divine else self.divine}"


class Restock(Action):
    """After a Quest: put a random Encounter on an empty City, or leave it empty."""

    kind: Literal["restock"] = "restock"
    city: str
    place: bool

    def describe(self) -> str:
        name = _node_name(self.city)
        return f"Place an Encounter at {name}" if self.place else f"Leave {name} empty"


class PassMoment(Action):
    """Let the moment pass without playing a Divine counter."""

    kind: Literal["pass_moment"] = "pass_moment"

    def describe(self) -> str:
        return "Pass"


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseHero,
    ChooseStart,
    PlaceQuest,
    Move,
    MoveTo,
    Stop,
    EncounterAction,
    Recruit,
    Sacrifice,
    Prophecy,
    Look,
    Argo,
    DragonsTeeth,
    LionSkin,
    PlayDivine,
    EndTurn,
    Underworld,
    ChooseAttribute,
    ChooseMatch,
    Roll,
    Retreat,
    TakeAlly,
    RefuseAlly,
    Keep,
    Restock,
    PassMoment,
)
