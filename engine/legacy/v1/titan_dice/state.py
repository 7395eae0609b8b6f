"""The state of a Titan Dice game: player boards, central stacks, the Exodus board and the flow phase."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal, cast

from pydantic import Field, StrictBool

from engine.core import GameState
from engine.core.positions import Count, Fields, FlatDict, read_fields
from engine.legacy.v1.titan_dice.data import (
    BONUS_DIE,
    CREATURES,
    EXODUS_START,
    REGULAR_DICE,
    TRACK_MAX,
    TRACK_START,
    WOUND,
)


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


class PlayerBoard:
    """One player's board: creature tracks, dice, wound markers, cards and round status."""

    __slots__ = (
        "cards",
        "die_area",
        "die_face",
        "face_down",
        "gryphon_attack",
        "has_rolled",
        "is_out",
        "track",
        "wound_markers",
    )

    def __init__(self) -> None:
        self.track: list[int] = [TRACK_START] * len(CREATURES)
        self.die_face: list[str] = [WOUND] * (REGULAR_DICE + 1)  # index BONUS_DIE is the bonus die
        self.die_area: list[str] = ["hand"] * REGULAR_DICE + ["box"]
        self.wound_markers = 0
        self.cards: dict[str, int] = {}  # creature -> power level of the one card of that type owned
        self.face_down: list[str] = []  # creature types of cards flipped face down by a Hydra attack
        self.is_out = False
        self.has_rolled = False  # the first roll of the round is done
        self.gryphon_attack = False  # the bonus die joins this player's attack rolls this round

    def copy(self) -> PlayerBoard:
        """An independent copy."""
        new = PlayerBoard.__new__(PlayerBoard)
        new.track = self.track.copy()
        new.die_face = self.die_face.copy()
        new.die_area = self.die_area.copy()
        new.wound_markers = self.wound_markers
        new.cards = self.cards.copy()
        new.face_down = self.face_down.copy()
        new.is_out = self.is_out
        new.has_rolled = self.has_rolled
        new.gryphon_attack = self.gryphon_attack
        return new

    def snapshot(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "track": list(self.track),
            "die_face": list(self.die_face),
            "die_area": list(self.die_area),
            "wound_markers": self.wound_markers,
            "cards": dict(sorted(self.cards.items())),
            "face_down": sorted(self.face_down),
            "is_out": self.is_out,
            "has_rolled": self.has_rolled,
            "gryphon_attack": self.gryphon_attack,
        }

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


class TitanDiceState(GameState):
    """The whole game: boards, stacks, Exodus, round and turn, the phase and its pending context."""

    phase: Phase
    round_number: int
    first_player: int
    turn: int  # whose turn it is
    decider: int  # who decides now (a player hit by an attack decides during the attacker's turn)
    boards: list[PlayerBoard]
    stacks: dict[str, list[int]]  # creature -> card levels, top first
    exodus: list[int]  # solo only: Exodus track per creature, 4 = in its cage, 0 = lost
    end_triggered: bool
    pending: dict[str, Any]  # the context of a multi-step decision; flat, primitives and lists of them
    solo_result: str  # solo only: "", "won" or "lost"

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        return None if self.phase == Phase.GAME_OVER else self.decider

    @property
    def is_solo(self) -> bool:
        """True for the one-player variant against the Exodus board."""
        return self.num_players == 1

    def _clone_own(self, new: GameState) -> None:
        """Deep-copy the boards, stacks, Exodus track and pending context into `new`."""
        new = cast(TitanDiceState, new)
        new.boards = [board.copy() for board in self.boards]
        new.stacks = {creature: levels.copy() for creature, levels in self.stacks.items()}
        new.exodus = self.exodus.copy()
        new.pending = {key: (value.copy() if isinstance(value, list) else value) for key, value in self.pending.items()}

    def _snapshot_own(self) -> dict[str, Any]:
        """Every Titan Dice field, JSON-ready."""
        return {
            "phase": self.phase.value,
            "round_number": self.round_number,
            "first_player": self.first_player,
            "turn": self.turn,
            "decider": self.decider,
            "boards": [board.snapshot() for board in self.boards],
            "stacks": {creature: list(levels) for creature, levels in self.stacks.items()},
            "exodus": list(self.exodus),
            "end_triggered": self.end_triggered,
            "pending": {key: (list(v) if isinstance(v, list) else v) for key, v in sorted(self.pending.items())},
            "solo_result": self.solo_result,
        }


# -- a saved position read back (the shape of `_snapshot_own`) ----------------------------------------
Creature = Literal["chimera", "gryphon", "hydra", "kraken", "minotaur"]
Face = Literal["chimera", "gryphon", "hydra", "kraken", "minotaur", "wound"]
Area = Literal["hand", "active", "spent", "wound", "removed", "attack", "box"]
DICE = REGULAR_DICE + 1
Seat = Count(3)
Level = Count(3, 1)


class BoardFields(Fields):
    """One player board as saved."""

    track: Annotated[list[Count(TRACK_MAX)], Field(min_length=len(CREATURES), max_length=len(CREATURES))]
    die_face: Annotated[list[Face], Field(min_length=DICE, max_length=DICE)]
    die_area: Annotated[list[Area], Field(min_length=DICE, max_length=DICE)]
    wound_markers: Count(20)
    cards: Annotated[dict[Creature, Level], Field(max_length=len(CREATURES))]
    face_down: Annotated[list[Creature], Field(max_length=len(CREATURES))]
    is_out: StrictBool
    has_rolled: StrictBool
    gryphon_attack: StrictBool


class TitanDiceFields(Fields):
    """A Titan Dice position as saved."""

    phase: Phase
    round_number: Count(10_000, 1)
    first_player: Seat
    turn: Seat
    decider: Seat
    boards: Annotated[list[BoardFields], Field(min_length=1, max_length=4)]
    stacks: Annotated[dict[Creature, Annotated[list[Level], Field(max_length=6)]], Field(max_length=len(CREATURES))]
    exodus: Annotated[list[Count(EXODUS_START)], Field(max_length=len(CREATURES))]
    end_triggered: StrictBool
    pending: FlatDict
    solo_result: Literal["", "won", "lost"]


def restore_fields(state: TitanDiceState, own: dict[str, Any]) -> None:
    """Set a state's Titan Dice fields from a saved position; ValueError if it is not one."""
    fields = read_fields(TitanDiceFields, own)
    if len(fields.boards) != state.num_players or max(fields.first_player, fields.turn, fields.decider) >= len(
        fields.boards
    ):
        raise ValueError("its boards do not match its players")
    if set(fields.stacks) != set(CREATURES):
        raise ValueError("it lacks a stack of cards")
    state.phase = fields.phase
    state.round_number = fields.round_number
    state.first_player, state.turn, state.decider = fields.first_player, fields.turn, fields.decider
    state.boards = []
    for saved in fields.boards:
        board = PlayerBoard()
        board.track, board.die_face, board.die_area = list(saved.track), list(saved.die_face), list(saved.die_area)
        board.wound_markers, board.cards, board.face_down = (
            saved.wound_markers,
            dict(saved.cards),
            list(saved.face_down),
        )
        board.is_out, board.has_rolled, board.gryphon_attack = saved.is_out, saved.has_rolled, saved.gryphon_attack
        state.boards.append(board)
    state.stacks = {creature: list(levels) for creature, levels in fields.stacks.items()}
    state.exodus = list(fields.exodus)
    state.end_triggered = fields.end_triggered
    state.pending = {key: (list(value) if isinstance(value, list) else value) for key, value in fields.pending.items()}
    state.solo_result = fields.solo_result


__all__ = ["AREAS", "BONUS_DIE", "Phase", "PlayerBoard", "TitanDiceState"]
