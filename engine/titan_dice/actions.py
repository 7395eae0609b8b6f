"""Titan Dice actions: one small frozen model per decision, each with a `describe()` sentence."""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from engine.core import Action

A = TypeVar("A", bound=Action)
_MADE: dict[tuple[Any, ...], Action] = {}


def make(cls: type[A], **fields: Any) -> A:
    """A shared instance of an action: actions are frozen, so legal_actions can reuse them (and skip validation)."""
    key = (cls, *fields.items())
    action = _MADE.get(key)
    if action is None:
        action = _MADE[key] = cls(**fields)
    return action  # type: ignore[return-value]


Creature = Literal["chimera", "gryphon", "hydra", "kraken", "minotaur"]
Face = Literal["chimera", "gryphon", "hydra", "kraken", "minotaur", "wound"]


def _dice(n: int) -> str:
    """'1 die' / '3 dice'."""
    return f"{n} {'die' if n == 1 else 'dice'}"


class RollExodus(Action):
    """Solo: roll the NPC's dice for this round."""

    kind: Literal["roll_exodus"] = "roll_exodus"
    dice: int

    def describe(self) -> str:
        return f"Roll {_dice(self.dice)} for Exodus"


class MoveExodus(Action):
    """Solo: for an NPC wound result, move a not-yet-lost Exodus creature one space left."""

    kind: Literal["move_exodus"] = "move_exodus"
    creature: Creature

    def describe(self) -> str:
        return f"Move the Exodus {self.creature.title()} left"


class RollFive(Action):
    """The first turn of a round: roll your five regular dice."""

    kind: Literal["roll_five"] = "roll_five"

    def describe(self) -> str:
        return "Roll your five dice"


class RerollWounds(Action):
    """The first roll of the round showed wounds: re-roll them once."""

    kind: Literal["reroll_wounds"] = "reroll_wounds"
    count: int

    def describe(self) -> str:
        return f"Re-roll the {'wound' if self.count == 1 else f'{self.count} wounds'}"


class KeepWounds(Action):
    """The first roll of the round showed wounds: keep them (they go to the wound track)."""

    kind: Literal["keep_wounds"] = "keep_wounds"
    count: int

    def describe(self) -> str:
        return f"Keep the {'wound' if self.count == 1 else f'{self.count} wounds'}"


class Roll(Action):
    """A later turn of the round: roll all active dice, all spent dice, or both."""

    kind: Literal["roll"] = "roll"
    which: Literal["active", "spent", "both"]

    def describe(self) -> str:
        if self.which == "both":
            return "Roll active and spent dice"
        return f"Roll your {self.which} dice"


class Capture(Action):
    """Collect one creature per active die of one type; ends your turn and takes you OUT."""

    kind: Literal["capture"] = "capture"
    creature: Creature
    count: int

    def describe(self) -> str:
        return f"Capture {self.count} {self.creature.title()}"


class Purchase(Action):
    """Buy the top card of a stack (payment is chosen next)."""

    kind: Literal["purchase"] = "purchase"
    creature: Creature
    level: int

    def describe(self) -> str:
        return f"Buy {self.creature.title()} {self.level} (cost {self.level + 1})"


class Exchange(Action):
    """Exchange your card of a type for a card of that type's stack (from_seat -1) or another player's card."""

    kind: Literal["exchange"] = "exchange"
    creature: Creature
    level: int  # the level of the card you receive
    give_level: int  # the level of your card that goes back
    from_seat: int  # -1: the stack; else the seat whose card you take

    def describe(self) -> str:
        source = "the stack" if self.from_seat < 0 else f"player {self.from_seat + 1}"
        return (
            f"Exchange your {self.creature.title()} {self.give_level} for {source}'s "
            f"{self.creature.title()} {self.level} (cost {self.level + 1})"
        )


class Activate(Action):
    """Use the ability of a face-up card you own (payment is chosen next)."""

    kind: Literal["activate"] = "activate"
    creature: Creature
    level: int
    ability: str

    def describe(self) -> str:
        return f"Use {self.creature.title()} {self.level}: {self.ability} (cost {self.level + 1})"


class Pay(Action):
    """Pay the chosen card or ability with this many matching active dice and captured creatures."""

    kind: Literal["pay"] = "pay"
    creature: Creature
    dice: int
    creatures: int

    def describe(self) -> str:
        parts = []
        if self.dice:
            parts.append(f"{_dice(self.dice)}")
        if self.creatures:
            parts.append(f"{self.creatures} captured {self.creature.title()}")
        return "Pay " + " and ".join(parts)


class Pass(Action):
    """Take no action this turn."""

    kind: Literal["pass"] = "pass"

    def describe(self) -> str:
        return "Pass"


class EndTurn(Action):
    """End your turn after your action without capturing."""

    kind: Literal["end_turn"] = "end_turn"

    def describe(self) -> str:
        return "End your turn"


class ChooseDie(Action):
    """An ability: choose one of your dice (active dice, or wound dice for Redemption)."""

    kind: Literal["choose_die"] = "choose_die"
    die: int
    face: Face

    def describe(self) -> str:
        return f"Choose a {self.face.title()} die"


class ChooseFace(Action):
    """Transform: the side to turn the chosen die to."""

    kind: Literal["choose_face"] = "choose_face"
    die: int
    face: Face

    def describe(self) -> str:
        return f"Turn it to {self.face.title()}"


class Finish(Action):
    """Stop choosing ("up to N"): carry out the ability with what has been chosen."""

    kind: Literal["finish"] = "finish"
    ability: str

    def describe(self) -> str:
        return f"Finish {self.ability}"


class LoseCreature(Action):
    """Lose one creature of a type (a Hydra ability, or a Kraken attack: your choice)."""

    kind: Literal["lose_creature"] = "lose_creature"
    creature: Creature

    def describe(self) -> str:
        return f"Lose a {self.creature.title()}"


class CollectCreature(Action):
    """An ability: collect one creature of a type."""

    kind: Literal["collect_creature"] = "collect_creature"
    creature: Creature

    def describe(self) -> str:
        return f"Collect a {self.creature.title()}"


class ChooseType(Action):
    """A Kraken ability rolled a wound: choose the creature type it affects."""

    kind: Literal["choose_type"] = "choose_type"
    creature: Creature

    def describe(self) -> str:
        return f"Choose {self.creature.title()}"


class AttackRoll(Action):
    """An OUT player's turn: roll the attack dice."""

    kind: Literal["attack_roll"] = "attack_roll"
    dice: int

    def describe(self) -> str:
        return f"Roll {_dice(self.dice)} to attack"


class AttackReroll(Action):
    """Attack: set aside the dice showing these faces (in one decision) and re-roll the others, once."""

    kind: Literal["attack_reroll"] = "attack_reroll"
    keep: tuple[Face, ...]  # the faces set aside, in the order of FACES
    count: int  # the dice re-rolled

    def describe(self) -> str:
        if not self.keep:
            return f"Re-roll all {_dice(self.count)}"
        parts = _kept(self.keep)
        kept = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return f"Keep {kept}, re-roll {_dice(self.count)}"


def _kept(faces: tuple[str, ...]) -> list[str]:
    """'2 Chimera', 'Wound' for a keep description."""
    counts: dict[str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    return [f"{n} {face.title()}" if n > 1 else face.title() for face, n in counts.items()]


class AttackKeep(Action):
    """Attack: keep the dice as rolled, without the re-roll."""

    kind: Literal["attack_keep"] = "attack_keep"

    def describe(self) -> str:
        return "Keep these dice"


class FlipCard(Action):
    """Hit by a Hydra attack: flip one of your cards face down for the round."""

    kind: Literal["flip_card"] = "flip_card"
    creature: Creature
    level: int

    def describe(self) -> str:
        return f"Flip your {self.creature.title()} {self.level} face down"


class RemoveDie(Action):
    """Hit by a Minotaur attack: remove one of your regular dice (active or spent) for the round."""

    kind: Literal["remove_die"] = "remove_die"
    die: int
    face: Face
    area: Literal["active", "spent"]

    def describe(self) -> str:
        return f"Remove your {self.area} {self.face.title()} die"


ACTION_TYPES: tuple[type[Action], ...] = (
    RollExodus,
    MoveExodus,
    RollFive,
    RerollWounds,
    KeepWounds,
    Roll,
    Capture,
    Purchase,
    Exchange,
    Activate,
    Pay,
    Pass,
    EndTurn,
    ChooseDie,
    ChooseFace,
    Finish,
    LoseCreature,
    CollectCreature,
    ChooseType,
    AttackRoll,
    AttackReroll,
    AttackKeep,
    FlipCard,
    RemoveDie,
)
