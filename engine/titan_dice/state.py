"""The state of a Titan Dice game: player boards, central stacks, the Exodus board and the flow phase."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import Field

from engine.core import GameState
from engine.core.records import Between, Decision, NoDecision, OwnRecord, Record, field
from engine.titan_dice.data import BONUS_DIE, CREATURES, EXODUS_START, REGULAR_DICE, TRACK_MAX, TRACK_START, WOUND


class Phase(StrEnum):
    """What kind of decision the game waits for (flow as data)."""

    NPC_ROLL = "npc_roll"  # solo: roll the NPC's dice for the Exodus board
    NPC_WOUND = "npc_wound"  # solo: choose an Exodus creature to move for a wound result
    FIRST_ROLL = "first_roll"  # first turn of the round: roll your five regular dice
    WOUND_REROLL = "wound_reroll"  # first roll showed wounds: re-roll them once or keep them
    ROLL = "roll"  # later turns: roll active, spent or both
    ACTION = "action"  # purchase, exchange, activate, capture or pass
    PAYMENT = "payment"  # choose how many dice and how many creatures pay for the chosen card
    CHOOSE_DICE = "choose_dice"  # an ability: choose active/wound dice one at a time, or finish
    CHOOSE_FACE = "choose_face"  # Transform: the side to turn the chosen die to
    LOSE_CREATURE = "lose_creature"  # Hydra abilities: the creature to lose
    COLLECT = "collect"  # an ability: creatures to collect, one at a time, or finish
    CHOOSE_TYPE = "choose_type"  # Kraken abilities: a wound was rolled, choose a creature type
    AFTER_ACTION = "after_action"  # the action is done: capture or end the turn
    ATTACK_ROLL = "attack_roll"  # an OUT player's turn: roll the attack dice
    ATTACK_KEEP = "attack_keep"  # set aside dice, then re-roll the rest once (or keep all)
    ATTACK_VICTIM = "attack_victim"  # a player hit by an attack chooses what to give up
    GAME_OVER = "game_over"


# Where a die can be. Regular dice: hand (not rolled yet this round), active, spent, wound (on the wound
# track), removed (out of play until the round ends), attack (on the attack card, once OUT).
# The bonus die: box (not in use), active, spent, removed, attack (Gryphon attack gained).
AREAS = ("hand", "active", "spent", "wound", "removed", "attack", "box")

# The types of the fields, as a saved position is validated against them.
Creature = Literal["chimera", "gryphon", "hydra", "kraken", "minotaur"]
Face = Literal["chimera", "gryphon", "hydra", "kraken", "minotaur", "wound"]
Area = Literal["hand", "active", "spent", "wound", "removed", "attack", "box"]
CREATURE_TYPES = len(CREATURES)
DICE = REGULAR_DICE + 1
SeatIndex = Annotated[int, Between(0, 3)]
Level = Annotated[int, Between(1, 3)]
# In a pending decision: a name (an ability, a creature, a face), a number, a short list.
Name = Annotated[str, Field(max_length=40)]
Number = Annotated[int, Between(-1, 100)]
Numbers = Annotated[list[int], Field(max_length=40)]
Names = Annotated[list[Name], Field(max_length=40)]


class PlayerBoard(Record):
    """One player's board: creature tracks, dice, wound markers, cards and round status."""

    track: Annotated[
        list[Annotated[int, Between(0, TRACK_MAX)]], Field(min_length=CREATURE_TYPES, max_length=CREATURE_TYPES)
    ] = field(default_factory=lambda: [TRACK_START] * CREATURE_TYPES)
    # index BONUS_DIE is the bonus die
    die_face: Annotated[list[Face], Field(min_length=DICE, max_length=DICE)] = field(
        default_factory=lambda: [WOUND] * DICE
    )
    die_area: Annotated[list[Area], Field(min_length=DICE, max_length=DICE)] = field(
        default_factory=lambda: ["hand"] * REGULAR_DICE + ["box"]
    )
    wound_markers: Annotated[int, Between(0, 20)] = 0
    # creature -> power level of the one card of that type owned
    cards: Annotated[dict[Creature, Level], Field(max_length=CREATURE_TYPES)] = field(default_factory=dict, sort=True)
    # creature types of cards flipped face down by a Hydra attack
    face_down: Annotated[list[Creature], Field(max_length=CREATURE_TYPES)] = field(default_factory=list, sort=True)
    is_out: bool = False
    has_rolled: bool = False  # the first roll of the round is done
    gryphon_attack: bool = False  # the bonus die joins this player's attack rolls this round

    # -- small queries ---------------------------------------------------------------------
    def dice_in(self, area: str) -> list[int]:
        """Indices of the dice (0..4 regular, 5 bonus) in an area, in index order."""
        return [i for i, a in enumerate(self.die_area) if a == area]

    def wound_dice(self) -> int:
        """Wounds from dice on the wound track."""
        return sum(1 for i in range(REGULAR_DICE) if self.die_area[i] == "wound")

    def wounds(self) -> int:
        """All wounds: dice on the wound track plus wound markers."""
        return self.wound_dice() + self.wound_markers

    def active_count(self, creature: str) -> int:
        """Active dice showing a creature."""
        count = 0
        for area, face in zip(self.die_area, self.die_face, strict=True):
            if area == "active" and face == creature:
                count += 1
        return count

    def active_counts(self) -> dict[str, int]:
        """Active dice per face shown."""
        counts: dict[str, int] = {}
        for area, face in zip(self.die_area, self.die_face, strict=True):
            if area == "active":
                counts[face] = counts.get(face, 0) + 1
        return counts

    def caged(self) -> list[bool]:
        """Per creature type: is it caged (four collected)?"""
        return [value >= TRACK_MAX for value in self.track]

    def has_usable_card(self, creature: str) -> bool:
        """Owns a face-up card of this type."""
        return creature in self.cards and creature not in self.face_down


# -- the decisions under way: what a multi-step decision has settled so far ------------------------------------
class ExodusWounds(Decision):
    """Solo: the wound results of the Exodus roll still to place (phase NPC_WOUND)."""

    wounds: Number  # left to place
    npc_roll: Names  # the faces the NPC rolled


class FirstWounds(Decision):
    """The first roll's wounds, to re-roll once or keep (phase WOUND_REROLL)."""

    wound_dice: Numbers


class Deal(Decision):
    """A purchase, exchange or activation chosen, to be paid for (phase PAYMENT)."""

    deal: Name  # "purchase", "exchange" or "activate"
    creature: Name
    level: Number
    from_seat: Number  # exchange: the seat whose card is taken, -1 the stack (and for the others)


class AbilityUnderWay(Decision):
    """A card's ability being carried out (phases CHOOSE_DICE, CHOOSE_FACE, LOSE_CREATURE, COLLECT,
    CHOOSE_TYPE); a step's keys are there once the ability reaches that step."""

    ability: Name
    creature: Name
    level: Number
    chosen: Numbers | None = field(default=None, absent=True)  # dice chosen so far (abilities choosing dice)
    die: Number | None = field(default=None, absent=True)  # the die whose face is being chosen (Transform)
    rolled: Name | None = field(default=None, absent=True)  # the bonus die rolled a wound (Kraken abilities)
    lost: Name | None = field(default=None, absent=True)  # the creature lost ("" none), not to collect back
    picks: Names | None = field(default=None, absent=True)  # creatures collected so far


class AttackKeeping(Decision):
    """An attack roll: the dice set aside so far (phase ATTACK_KEEP)."""

    aside: Numbers


class AttackUnderWay(Decision):
    """An attack being carried out: the faces still to attack, the one attacking, the players it still
    hits (the first decides, phase ATTACK_VICTIM)."""

    attacker: Number
    faces: Names
    face: Name
    victims: Numbers


Pending = NoDecision | ExodusWounds | FirstWounds | Deal | AbilityUnderWay | AttackKeeping | AttackUnderWay


class TitanDiceState(OwnRecord, GameState):
    """The whole game: boards, stacks, Exodus, round and turn, the phase and the decision under way."""

    phase: Phase
    round_number: Annotated[int, Between(1, 10_000)]
    first_player: SeatIndex
    turn: SeatIndex  # whose turn it is
    decider: SeatIndex  # who decides now (a player hit by an attack decides during the attacker's turn)
    boards: Annotated[list[PlayerBoard], Field(min_length=1, max_length=4)]
    # creature -> card levels, top first
    stacks: Annotated[dict[Creature, Annotated[list[Level], Field(max_length=6)]], Field(max_length=CREATURE_TYPES)]
    # solo only: Exodus track per creature, 4 = in its cage, 0 = lost
    exodus: Annotated[list[Annotated[int, Between(0, EXODUS_START)]], Field(max_length=CREATURE_TYPES)]
    end_triggered: bool
    pending: Pending  # the multi-step decision under way (NoDecision when none)
    solo_result: Literal["", "won", "lost"]  # solo only

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        return None if self.phase == Phase.GAME_OVER else self.decider

    @property
    def is_solo(self) -> bool:
        """True for the one-player variant against the Exodus board."""
        return self.num_players == 1


def restore_fields(state: TitanDiceState, own: dict[str, Any]) -> None:
    """Set a state's Titan Dice fields from a saved position; ValueError if it is not one."""
    read = TitanDiceState.read_own(own)
    if len(read.boards) != state.num_players or max(read.first_player, read.turn, read.decider) >= len(read.boards):
        raise ValueError("its boards do not match its players")
    if set(read.stacks) != set(CREATURES):
        raise ValueError("it lacks a stack of cards")
    state.set_own(read)


__all__ = [
    "AREAS",
    "BONUS_DIE",
    "AbilityUnderWay",
    "AttackKeeping",
    "AttackUnderWay",
    "Deal",
    "ExodusWounds",
    "FirstWounds",
    "NoDecision",
    "Phase",
    "PlayerBoard",
    "TitanDiceState",
]
