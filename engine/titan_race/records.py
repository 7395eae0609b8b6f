"""The records of a Titan Race position's decisions under way, each field declared once (engine/core/records.py
derives copying, saving and validated restoring), with the phase and the types a saved position is validated
against. `state.TitanRaceState` holds them.

The turn (`TitanRaceState.turn`) is one of three kinds, told apart by their keys as saved: `NoDecision` (`{}`, while
the Titans are chosen), `Ordering` (2-player set-up: the player choosing which of her Titans races first) and
`Turn` (a Titan's turn in progress, from the draft to its end, kept as it ended once the race is over). An effect
(`AnyEffect`: a move, a start, trap or hit, a cost, an Ability, a Bonus card) is one of five kinds, run by
`resolution.run` and kept by the question waiting for an answer (`state.Question.effect`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Literal, TypeAlias

from pydantic import Field, StrictBool, StringConstraints

from engine.core.positions import Key, Text
from engine.core.records import Between, Decision, field
from engine.titan_race.board import SPACES
from engine.titan_race.data import BONUS_CARDS, CIRCUITS, DECK, FACES, TITANS


class Phase(StrEnum):
    """What kind of decision the game waits for (flow as data: phases.FLOW has a row for each)."""

    CHOOSE_TITAN = "choose_titan"  # set-up: each player in turn chooses a Titan (2-player: A, B, A, B)
    ORDER_TITANS = "order_titans"  # 2-player set-up: each player chooses which of her Titans races first
    DRAFT = "draft"  # take a die from the pool
    CHOOSE_FACE = "choose_face"  # a purple die (or a purple re-roll): choose which other face to take
    START = "start"  # the first turn: choose the start space A1, C1 or E1
    TURN = "turn"  # move, place the trap / inflict the hit, Ability, Bonus card, pentacle, end the turn
    ANSWER = "answer"  # an effect stopped to ask a Titan's player something (pirates, Shield)
    GAME_OVER = "game_over"


# -- the values of the fields, as a save is validated against them -----------------------------------------
if TYPE_CHECKING:  # the keys of the designed data, which a type checker reads as the strings they are
    TitanName: TypeAlias = str
    CardName: TypeAlias = str
    CircuitName: TypeAlias = str
    SpaceName: TypeAlias = str
    FaceName: TypeAlias = str
else:  # validated against the keys themselves
    TitanName = Literal[tuple(TITANS)]
    CardName = Literal[tuple(BONUS_CARDS)]
    CircuitName = Literal[tuple(CIRCUITS)]
    SpaceName = Literal[tuple(SPACES)]
    FaceName = Literal[tuple(FACES)]
MAX_TITANS = 6
TitanIndex = Annotated[int, Between(0, MAX_TITANS - 1)]
TrapSpace = Annotated[str, StringConstraints(strict=True, pattern=r"^[0-2]:[A-F](?:[1-9]|1[0-2])$")]
Cards = Annotated[list[CardName], Field(max_length=len(DECK))]


# -- the turn -----------------------------------------------------------------------------------------------------
class Ordering(Decision):
    """2-player set-up: the player who chooses which of her two Titans races first (seat 0, then seat 1)."""

    ordering: TitanIndex  # the seat choosing now


class Turn(Decision):
    """A Titan's turn in progress: the die taken, the action its face gives, and what of the turn is done.

    `flow.begin_turn` makes it with the eight fields below; `pentacle_space` joins it once the Titan has moved
    (the pentacle it stopped on, or ""), and `paid` once the purple die's Life Point is lost by its own decision
    (`pay_purple`). Both are left out of
    the save until then, as they always were.
    """

    die: FaceName | Literal[""]  # the die drafted (or re-rolled); "" until then
    face: FaceName | Literal[""]  # the action taken: the die's face, or the face chosen for purple; "" until known
    penalty: StrictBool  # the purple die's Life Point is still to be lost
    moved: StrictBool  # the die's move is made
    extra_done: StrictBool  # the die's trap is placed or its hit inflicted (or the face has none)
    card_played: StrictBool  # a Bonus card was played or discarded
    rerolled: StrictBool  # the pentacle's re-roll was used (no Ability or Bonus card after it)
    pentacle: StrictBool  # the move ended on a pentacle: its re-roll is offered
    pentacle_space: SpaceName | Literal[""] | None = field(
        default=None, absent=True
    )  # where the move ended on a pentacle
    paid: StrictBool | None = field(
        default=None, absent=True
    )  # the purple die's Life Point was lost, by its own decision

    @classmethod
    def begun(cls) -> Turn:
        """A Titan's turn as it begins: no die taken, nothing done."""
        return cls(
            die="",
            face="",
            penalty=False,
            moved=False,
            extra_done=False,
            card_played=False,
            rerolled=False,
            pentacle=False,
        )


# -- the effect waiting for an answer -------------------------------------------------------------------------------
# An effect (a die move, a trap or hit, a Life Point lost as a cost, an Ability, a Bonus card) as `resolution.run`
# carries it out and as a question (`state.Question.effect`) keeps it while it waits: its kind, the Titan whose
# effect it is, and the fields its kind reads. A saved effect is read back as the kind whose keys it has (the
# start, the trap and the hit have the same keys: one record, told apart by `kind`).
class MoveEffect(Decision):
    """The die's move (or a re-rolled one): its steps, N, NW, NE, ..."""

    kind: Literal["move"]
    titan: TitanIndex
    steps: Annotated[list[Key], Field(max_length=40)]


class SpaceEffect(Decision):
    """Entering the circuit on a start space, or the die's trap or hit on a space."""

    kind: Literal["start", "trap", "hit"]
    titan: TitanIndex
    space: Key


class PayEffect(Decision):
    """A Life Point lost as a cost (the purple die's, the pentacle's): no Shield cancels it."""

    kind: Literal["pay"]
    titan: TitanIndex
    why: Text  # for the log: "the purple die", "the pentacle"


class AbilityEffect(Decision):
    """The Titan's Ability, on a target (a space, or "") in a direction (or "")."""

    kind: Literal["ability"]
    titan: TitanIndex
    target: Key
    direction: Key


class CardEffect(Decision):
    """A Bonus card played (already taken from the hand), on a target (a space, a Titan, or "") in a direction."""

    kind: Literal["card"]
    titan: TitanIndex
    card: Key
    target: Key
    direction: Key


AnyEffect: TypeAlias = MoveEffect | SpaceEffect | PayEffect | AbilityEffect | CardEffect


__all__ = [
    "MAX_TITANS",
    "AbilityEffect",
    "AnyEffect",
    "CardEffect",
    "MoveEffect",
    "Ordering",
    "PayEffect",
    "Phase",
    "SpaceEffect",
    "TitanIndex",
    "Turn",
]
