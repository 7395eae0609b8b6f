"""The state of a Titan Race game: the Titans, the traps, the Bonus deck, the dice pool and the flow phase."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any, Literal, cast

from pydantic import Field, StrictBool, StringConstraints

from engine.core import GameState
from engine.core.positions import Count, Fields, FlatDict, Key, Text, copy_flat, read_fields
from engine.titan_race.board import SPACES
from engine.titan_race.data import (
    BONUS_CARDS,
    CIRCUITS,
    DECK,
    FACES,
    GRAND_SLAM_BOARDS,
    HAND_LIMIT,
    LAPS_TO_WIN,
    MAX_LIFE,
    ROWS,
    TITANS,
    TRAP_TOKENS,
)


class Phase(StrEnum):
    """What kind of decision the game waits for (flow as data)."""

    CHOOSE_TITAN = "choose_titan"  # set-up: each player in turn chooses a Titan (2-player: A, B, A, B)
    ORDER_TITANS = "order_titans"  # 2-player set-up: each player chooses which of her Titans races first
    DRAFT = "draft"  # take a die from the pool
    CHOOSE_FACE = "choose_face"  # a purple die (or a purple re-roll): choose which other face to take
    START = "start"  # the first turn: choose the start space A1, C1 or E1
    TURN = "turn"  # move, place the trap / inflict the hit, Ability, Bonus card, pentacle, end the turn
    ANSWER = "answer"  # an effect stopped to ask a Titan's player something (pirates, Shield)
    GAME_OVER = "game_over"


class Titan:
    """One Titan on the race: where it is, its life gauge, lap counter, K.O. status, hand and Ability card."""

    __slots__ = ("ability_used", "hand", "ko", "lap", "life", "name", "owner", "shielded", "space")

    def __init__(self, name: str, owner: int) -> None:
        self.name = name  # a key of data.TITANS
        self.owner = owner  # the seat that plays it
        self.space: str | None = None  # None until the Titan enters the circuit on its first turn
        self.lap = 1  # the lap counter: 1 at the start; 4 (the trophy) completes the third lap
        self.life = TITANS[name].start_life
        self.ko = ""  # "" standing; "ko" knocked out (skull); "recovering" passed its turn, heart side up
        self.hand: list[str] = []  # Bonus cards (keys of data.BONUS_CARDS)
        self.ability_used = False  # the Ability card is face down this turn
        self.shielded = False  # a Shield was played: no Life Point lost to damage until this Titan's next turn

    @property
    def is_ko(self) -> bool:
        """Knocked out (skull side) or waiting to stand up again: immune to damage."""
        return self.ko != ""

    @property
    def max_life(self) -> int:
        """The top of the life gauge."""
        return MAX_LIFE

    @property
    def rows_raced(self) -> int:
        """Race progress: completed laps times 12 plus the row (0 before entering the circuit)."""
        if self.space is None:
            return 0
        return (self.lap - 1) * ROWS + int(self.space[1:])

    def copy(self) -> Titan:
        """An independent copy."""
        new = Titan.__new__(Titan)
        new.name, new.owner, new.space, new.lap = self.name, self.owner, self.space, self.lap
        new.life, new.ko, new.hand, new.ability_used = self.life, self.ko, self.hand.copy(), self.ability_used
        new.shielded = self.shielded
        return new

    def snapshot(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "name": self.name,
            "owner": self.owner,
            "space": self.space,
            "lap": self.lap,
            "life": self.life,
            "ko": self.ko,
            "hand": list(self.hand),
            "ability_used": self.ability_used,
            "shielded": self.shielded,
        }


@dataclass(slots=True)
class Question:
    """What is being decided now in the ANSWER phase: an effect stopped to ask a Titan's player something.

    Who is asked (`titan`), what (`kind`: "pirates" or "shield"; `prompt`), the answers allowed (`options`), the
    effect waiting for the answer and the phase it resumes in. The effect is run again from its start, with the
    answers given so far, once the answer is known (the position saved is the one before the effect: see
    `resolution.resolve`); what is asked is read from here, never found by running the effect.
    """

    titan: int  # the Titan whose player answers
    kind: str
    options: list[str]
    prompt: str
    effect: dict[str, Any]  # the effect waiting for the answer (flat: its kind, titan and fields)
    resume: Phase  # the phase the effect was begun in
    # The cards drawn during the effect before it stopped, (Titan, card) in order: held, not saved (derived again
    # by running the effect once where it is not known: a position read back, a world a bot sampled).
    drawn: list[tuple[int, str]] | None = field(default=None, compare=False, repr=False)

    def copy(self) -> Question:
        """An independent copy."""
        effect = {k: (v.copy() if isinstance(v, list) else v) for k, v in self.effect.items()}
        drawn = None if self.drawn is None else self.drawn.copy()
        return Question(self.titan, self.kind, self.options.copy(), self.prompt, effect, self.resume, drawn)

    def snapshot(self) -> dict[str, Any]:
        """JSON-ready fields, keys sorted (the effect's too)."""
        return {
            "effect": copy_flat(self.effect),
            "kind": self.kind,
            "options": list(self.options),
            "prompt": self.prompt,
            "resume": self.resume.value,
            "titan": self.titan,
        }


class TitanRaceState(GameState):
    """The whole race: circuits, Titans, traps, deck, round and turn, the phase and its pending context."""

    phase: Phase
    circuits: list[str]  # one circuit, or three for the Grand Slam (lap n is raced on circuits[n - 1])
    titans: list[Titan]  # in seat order (2-player variant: A's first, B's first, A's second, B's second)
    pickers: list[int]  # the seat that chooses (and plays) each Titan, in that order
    teams: list[int]  # the team of each seat (every seat its own team outside the team variant)
    traps: list[str]  # "board:space" of each trap on the circuit(s), kept sorted
    deck: list[str]  # Bonus cards, top first (hidden)
    discard: list[str]
    first_titan: int
    round_number: int
    order: list[int]  # this round's turn order (Titan indices from the first Titan)
    turn_index: int  # position in `order` of the Titan whose turn it is
    pool: list[str]  # the dice not yet taken this round (faces)
    turn: dict[str, Any]  # the turn in progress: die, face, moved, extra_done, card_played, rerolled, ...
    question: Question | None  # ANSWER phase: who is asked what, and the effect waiting for the answer
    answers: list[str]  # answers given so far to the effect waiting in `question`
    lap_events: list[list[int]]  # per Titan: [laps gained over the top, laps lost over the bottom]
    winner: int  # the Titan that completed its third lap (-1 while racing)
    shared_hands: bool  # 2-player: one hand per player (a game begun under rules version 1 keeps a hand per Titan)

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        if self.phase == Phase.GAME_OVER:
            return None
        if self.phase == Phase.ANSWER:
            return self.titans[self.asked().titan].owner
        if self.phase == Phase.CHOOSE_TITAN:
            return self.pickers[len(self.titans)]
        if self.phase == Phase.ORDER_TITANS:
            return int(self.turn["ordering"])
        return self.titans[self.acting].owner

    def asked(self) -> Question:
        """The question waiting for an answer (ANSWER phase)."""
        if self.question is None:
            raise ValueError("no question is waiting for an answer")
        return self.question

    @property
    def acting(self) -> int:
        """The Titan whose turn it is (-1 while the Titans are being chosen)."""
        return self.order[self.turn_index] if self.order else -1

    @property
    def is_first_round(self) -> bool:
        """The first turn: no Abilities and no Bonus cards."""
        return self.round_number == 1

    @property
    def shares_hands(self) -> bool:
        """2-player variant (games begun under rules version 2 on): one hand per player for her two Titans."""
        return self.shared_hands

    def hand_holder(self, titan: int) -> int:
        """The Titan whose hand a Titan's cards are in: its own, or (2-player) its player's first Titan's."""
        if not self.shares_hands:
            return titan
        owner = self.titans[titan].owner
        return next(index for index, other in enumerate(self.titans) if other.owner == owner)

    def hand_of(self, titan: int) -> list[str]:
        """The Bonus cards a Titan may play (2-player: its player's one hand)."""
        return self.titans[self.hand_holder(titan)].hand

    def board_of(self, titan: Titan) -> int:
        """The index of the circuit a Titan races on (Grand Slam: its lap; otherwise 0)."""
        return self.board_for_lap(titan.lap)

    def board_for_lap(self, lap: int) -> int:
        """The board a lap is raced on (Grand Slam: lap n on board n - 1, lap 0 on the first; otherwise 0)."""
        if len(self.circuits) == 1:
            return 0
        return max(0, min(GRAND_SLAM_BOARDS - 1, lap - 1))

    def titan_at(self, board: int, space: str) -> int | None:
        """The Titan on a space of a board, if any."""
        for index, titan in enumerate(self.titans):
            if titan.space == space and self.board_of(titan) == board:
                return index
        return None

    def has_trap(self, board: int, space: str) -> bool:
        """True if a trap lies on that space."""
        return f"{board}:{space}" in self.traps

    def circuit(self, board: int) -> str:
        """The circuit id of a board."""
        return self.circuits[board]

    def _clone_own(self, new: GameState) -> None:
        new = cast(TitanRaceState, new)
        new.circuits = self.circuits.copy()
        new.titans = [titan.copy() for titan in self.titans]
        new.pickers = self.pickers.copy()
        new.teams = self.teams.copy()
        new.traps = self.traps.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.order = self.order.copy()
        new.pool = self.pool.copy()
        new.turn = {k: (v.copy() if isinstance(v, list) else v) for k, v in self.turn.items()}
        new.question = None if self.question is None else self.question.copy()
        new.answers = self.answers.copy()
        new.lap_events = [pair.copy() for pair in self.lap_events]

    def _snapshot_own(self) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "circuits": list(self.circuits),
            "titans": [titan.snapshot() for titan in self.titans],
            "pickers": list(self.pickers),
            "teams": list(self.teams),
            "traps": sorted(self.traps),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "first_titan": self.first_titan,
            "round_number": self.round_number,
            "order": list(self.order),
            "turn_index": self.turn_index,
            "pool": list(self.pool),
            "turn": dict(sorted(self.turn.items())),
            "question": {} if self.question is None else self.question.snapshot(),
            "answers": list(self.answers),
            "lap_events": [list(pair) for pair in self.lap_events],
            "winner": self.winner,
            "shared_hands": self.shared_hands,
        }


# -- a saved position read back (the shape of `_snapshot_own`) ----------------------------------------
TitanName = Literal[tuple(TITANS)]  # type: ignore[valid-type]
CardName = Literal[tuple(BONUS_CARDS)]  # type: ignore[valid-type]
CircuitName = Literal[tuple(CIRCUITS)]  # type: ignore[valid-type]
SpaceName = Literal[tuple(SPACES)]  # type: ignore[valid-type]
FaceName = Literal[tuple(FACES)]  # type: ignore[valid-type]
MAX_TITANS = 6
TitanIndex = Count(MAX_TITANS - 1)
TrapSpace = Annotated[str, StringConstraints(strict=True, pattern=r"^[0-2]:[A-F](?:[1-9]|1[0-2])$")]
Cards = Annotated[list[CardName], Field(max_length=len(DECK))]


class TitanFields(Fields):
    """One Titan as saved."""

    name: TitanName
    owner: TitanIndex
    space: SpaceName | None
    lap: Count(LAPS_TO_WIN + 1)
    life: Count(MAX_LIFE)
    ko: Literal["", "ko", "recovering"]
    hand: Annotated[list[CardName], Field(max_length=HAND_LIMIT)]
    ability_used: StrictBool
    shielded: StrictBool


class QuestionFields(Fields):
    """An effect waiting for an answer, as saved."""

    titan: TitanIndex
    kind: Key
    options: Annotated[list[Key], Field(min_length=1, max_length=len(DECK) + 2)]
    prompt: Text
    effect: FlatDict
    resume: Phase


class TitanRaceFields(Fields):
    """A Titan Race position as saved."""

    phase: Phase
    circuits: Annotated[list[CircuitName], Field(min_length=1, max_length=GRAND_SLAM_BOARDS)]
    titans: Annotated[list[TitanFields], Field(max_length=MAX_TITANS)]
    pickers: Annotated[list[TitanIndex], Field(min_length=2, max_length=MAX_TITANS)]
    teams: Annotated[list[TitanIndex], Field(min_length=2, max_length=MAX_TITANS)]
    traps: Annotated[list[TrapSpace], Field(max_length=TRAP_TOKENS)]
    deck: Cards
    discard: Cards
    first_titan: Count(MAX_TITANS - 1, -1)
    round_number: Count(10_000, 1)
    order: Annotated[list[TitanIndex], Field(max_length=MAX_TITANS)]
    turn_index: TitanIndex
    pool: Annotated[list[FaceName], Field(max_length=MAX_TITANS)]
    turn: FlatDict
    question: QuestionFields | Annotated[dict[str, Any], Field(max_length=0)]
    answers: Annotated[list[Key], Field(max_length=20)]
    lap_events: Annotated[list[Annotated[list[Count(100)], Field(min_length=2, max_length=2)]], Field(max_length=6)]
    winner: Count(MAX_TITANS - 1, -1)
    shared_hands: StrictBool


def restore_fields(state: TitanRaceState, own: dict[str, Any]) -> None:
    """Set a state's Titan Race fields from a saved position; ValueError if it is not one."""
    fields = read_fields(TitanRaceFields, own)
    count = len(fields.titans)
    if len(fields.teams) != state.num_players or any(seat >= state.num_players for seat in fields.pickers):
        raise ValueError("its seats do not match its players")
    if count > len(fields.pickers) or len(fields.lap_events) != count or fields.winner >= count:
        raise ValueError("its Titans do not match")
    question = fields.question if isinstance(fields.question, QuestionFields) else None
    if question is not None and question.titan >= count:
        raise ValueError("its question is for a Titan that is not in the race")
    state.phase = fields.phase
    state.circuits = list(fields.circuits)
    state.titans = []
    for saved in fields.titans:
        titan = Titan(saved.name, saved.owner)
        titan.space, titan.lap, titan.life, titan.ko = saved.space, saved.lap, saved.life, saved.ko
        titan.hand, titan.ability_used, titan.shielded = list(saved.hand), saved.ability_used, saved.shielded
        state.titans.append(titan)
    state.pickers, state.teams, state.traps = list(fields.pickers), list(fields.teams), list(fields.traps)
    state.deck, state.discard = list(fields.deck), list(fields.discard)
    state.first_titan, state.round_number = fields.first_titan, fields.round_number
    state.order, state.turn_index, state.pool = list(fields.order), fields.turn_index, list(fields.pool)
    state.turn = {key: (list(value) if isinstance(value, list) else value) for key, value in fields.turn.items()}
    state.question = None
    if question is not None:
        effect = copy_flat(own["question"]["effect"])
        options, resume = list(question.options), question.resume
        state.question = Question(question.titan, question.kind, options, question.prompt, effect, resume)
    state.answers = list(fields.answers)
    state.lap_events = [list(pair) for pair in fields.lap_events]
    state.winner = fields.winner
    state.shared_hands = fields.shared_hands


__all__ = ["CIRCUITS", "Phase", "Question", "Titan", "TitanRaceState"]
