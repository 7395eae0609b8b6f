"""Titan Race actions: one small frozen model per decision, each with a `describe()` sentence.

Spaces are named as on the board ("D4"); Titans by their key ("grinder"); directions N (straight),
NW/NE (diagonally left/right) and S/SW/SE (behind).
"""

from __future__ import annotations

from typing import Literal

from engine.core import Action
from engine.titan_race.data import BONUS_CARDS, DIRECTION_WORDS, TITANS

Face = Literal["yellow", "red", "blue", "green", "brown", "purple"]
Direction = Literal["N", "NW", "NE", "S", "SW", "SE"]


def _route(steps: tuple[str, ...]) -> str:
    """'straight, then right' for a route."""
    words = [DIRECTION_WORDS[s] for s in steps]
    if len(set(steps)) == 1 and len(steps) > 1:
        return f"{len(steps)} {words[0]}"
    return ", then ".join(words)


class ChooseTitan(Action):
    """Set-up: choose a Titan not chosen yet (with its board, Ability card and figurine)."""

    kind: Literal["choose_titan"] = "choose_titan"
    titan: Literal["grinder", "rassik", "craken", "ragnarok", "slaugg", "chtooloo"]

    def describe(self) -> str:
        spec = TITANS[self.titan]
        return f"Choose {spec.name} ({spec.colour})"


class OrderTitans(Action):
    """2-player set-up: which of your two Titans races first (placed on the left)."""

    kind: Literal["order_titans"] = "order_titans"
    first: Literal["grinder", "rassik", "craken", "ragnarok", "slaugg", "chtooloo"]

    def describe(self) -> str:
        return f"Race {TITANS[self.first].name} first"


class TakeDie(Action):
    """Take one die from the pool (the draft)."""

    kind: Literal["take_die"] = "take_die"
    die: int  # index in the pool
    face: Face

    def describe(self) -> str:
        return f"Take the {self.face} die"


class ChooseFace(Action):
    """A purple die: choose which of the other five faces' actions to take."""

    kind: Literal["choose_face"] = "choose_face"
    face: Face

    def describe(self) -> str:
        return f"Take the {self.face} action"


class ChooseStart(Action):
    """The first turn: the space where your Titan starts the race."""

    kind: Literal["choose_start"] = "choose_start"
    space: str

    def describe(self) -> str:
        return f"Start on {self.space}"


class Move(Action):
    """Take your die's movement along one route; `to` is where the plain steps end (before ramps, ice, pushes)."""

    kind: Literal["move"] = "move"
    steps: tuple[Direction, ...]
    to: str

    def describe(self) -> str:
        return f"Move {_route(self.steps)} to {self.to}"


class PlaceTrap(Action):
    """The red die: place a trap on one of the three spaces behind you."""

    kind: Literal["place_trap"] = "place_trap"
    space: str

    def describe(self) -> str:
        return f"Place a trap on {self.space}"


class Hit(Action):
    """The green die: inflict 1 damage on one of the three spaces before you."""

    kind: Literal["hit"] = "hit"
    space: str

    def describe(self) -> str:
        return f"Hit {self.space}"


def _aimed(target: str, direction: str) -> str:
    """Where an Ability or card is aimed, for its sentence (e.g. ' on D4 to the left')."""
    where = f" on {target}" if target else ""
    way = f" {DIRECTION_WORDS[direction]}" if direction else ""
    return where + way


class UseAbility(Action):
    """Use your Titan's Ability once this turn: `target` a space, `direction` where it applies."""

    kind: Literal["use_ability"] = "use_ability"
    titan: str
    target: str = ""
    direction: Direction | Literal[""] = ""

    def describe(self) -> str:
        name = TITANS[self.titan].name if self.titan in TITANS else self.titan
        return f"{name}'s Ability{_aimed(self.target, self.direction)}"


class PlayCard(Action):
    """Play a Bonus card from your hand (one a turn): `target` a space, `direction` where it applies."""

    kind: Literal["play_card"] = "play_card"
    card: str
    target: str = ""
    direction: Direction | Literal[""] = ""

    def describe(self) -> str:
        name = BONUS_CARDS[self.card].name if self.card in BONUS_CARDS else self.card
        return f"Play {name}{_aimed(self.target, self.direction)}"


class DiscardCard(Action):
    """Discard a Bonus card you do not want (it counts as your card for the turn)."""

    kind: Literal["discard_card"] = "discard_card"
    card: str

    def describe(self) -> str:
        name = BONUS_CARDS[self.card].name if self.card in BONUS_CARDS else self.card
        return f"Discard {name}"


class Reroll(Action):
    """Ang'lieh: your die move ended on the pentacle; lose 1 Life Point and re-roll your die."""

    kind: Literal["reroll"] = "reroll"

    def describe(self) -> str:
        return "Use the pentacle: lose 1 Life Point and re-roll"


class PayPurple(Action):
    """The purple die's cost: lose 1 Life Point, before or after the move, before the turn ends."""

    kind: Literal["pay_purple"] = "pay_purple"

    def describe(self) -> str:
        return "Lose the purple die's Life Point"


class EndTurn(Action):
    """End your turn."""

    kind: Literal["end_turn"] = "end_turn"

    def describe(self) -> str:
        return "End your turn"


class Answer(Action):
    """Answer a question an effect asks: pirates ("life" or a card to discard), Shield ("shield" or "no")."""

    kind: Literal["answer"] = "answer"
    choice: str

    def describe(self) -> str:
        if self.choice == "life":
            return "Lose 1 Life Point"
        if self.choice == "shield":
            return "Play your Shield"
        if self.choice == "no":
            return "Take the hit (no Shield)"
        name = BONUS_CARDS[self.choice].name if self.choice in BONUS_CARDS else self.choice
        return f"Discard {name}"


ACTION_TYPES = (
    PayPurple,
    OrderTitans,
    ChooseTitan,
    TakeDie,
    ChooseFace,
    ChooseStart,
    Move,
    PlaceTrap,
    Hit,
    UseAbility,
    PlayCard,
    DiscardCard,
    Reroll,
    EndTurn,
    Answer,
)
