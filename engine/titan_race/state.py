"""The state of a Titan Race game: the Titans, the traps, the Bonus deck, the dice pool and the flow phase."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool

from engine.core import GameState
from engine.core.positions import Key, Text
from engine.core.records import Between, Decision, NoDecision, OwnRecord, ReadOwn, Record, field, of_kind
from engine.titan_race.data import DECK, GRAND_SLAM_BOARDS, HAND_LIMIT, LAPS_TO_WIN, MAX_LIFE, ROWS, TITANS, TRAP_TOKENS
from engine.titan_race.records import (
    MAX_TITANS,
    AbilityEffect,
    CardEffect,
    CardName,
    Cards,
    CircuitName,
    FaceName,
    MoveEffect,
    Ordering,
    PayEffect,
    Phase,
    SpaceEffect,
    SpaceName,
    TitanIndex,
    TitanName,
    TrapSpace,
    Turn,
)


class Titan(Record):
    """One Titan on the race: where it is, its life gauge, lap counter, K.O. status, hand and Ability card."""

    name: TitanName  # a key of data.TITANS
    owner: TitanIndex  # the seat that plays it
    space: SpaceName | None = None  # None until the Titan enters the circuit on its first turn
    lap: Annotated[int, Between(0, LAPS_TO_WIN + 1)] = 1  # 1 at the start; 4 (the trophy) completes the third lap
    life: Annotated[int, Between(0, MAX_LIFE)]
    ko: Literal["", "ko", "recovering"] = ""  # "ko" knocked out (skull); "recovering" passed its turn, heart side up
    hand: Annotated[list[CardName], Field(max_length=HAND_LIMIT)] = field(default_factory=list)  # Bonus cards
    ability_used: StrictBool = False  # the Ability card is face down this turn
    shielded: StrictBool = False  # a Shield was played: no Life Point lost to damage until this Titan's next turn

    @classmethod
    def entering(cls, name: str, owner: int) -> Titan:
        """A Titan as it is chosen: off the circuit, on lap 1, its life gauge at its start."""
        return cls(name=name, owner=owner, life=TITANS[name].start_life)

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


class Question(Decision):
    """What is being decided now in the ANSWER phase: an effect stopped to ask a Titan's player something.

    Who is asked (`titan`), what (`kind`: "pirates" or "shield"; `prompt`), the answers allowed (`options`), the
    effect waiting for the answer and the phase it resumes in. The effect is run again from its start, with the
    answers given so far, once the answer is known (the position saved is the one before the effect: see
    `resolution.resolve`); what is asked is read from here, never found by running the effect.
    """

    titan: TitanIndex  # the Titan whose player answers
    kind: Key
    options: Annotated[list[Key], Field(min_length=1, max_length=len(DECK) + 2)]
    prompt: Text
    effect: MoveEffect | SpaceEffect | PayEffect | AbilityEffect | CardEffect  # the effect waiting for the answer
    resume: Phase  # the phase the effect was begun in


NO_QUESTION = NoDecision()  # no question waiting (it holds nothing: one serves every state)
NO_TURN = NoDecision()  # no turn under way: the Titans are being chosen (one serves every state)


class HeldDraws(GameState):
    """What a Titan Race state holds without saving it (a base of `TitanRaceState`, outside its records)."""

    # The cards drawn during the effect waiting on `question` before it stopped, (Titan, card) in order; None where
    # not known (a position read back, a world a bot sampled): `resolution.own_draws` runs the effect once then.
    drawn: list[tuple[int, str]] | None = None


class TitanRaceState(OwnRecord, HeldDraws):
    """The whole race: circuits, Titans, traps, deck, round and turn, the phase and its pending context."""

    phase: Phase
    # one circuit, or three for the Grand Slam (lap n is raced on circuits[n - 1])
    circuits: Annotated[list[CircuitName], Field(min_length=1, max_length=GRAND_SLAM_BOARDS)]
    # in seat order (2-player variant: A's first, B's first, A's second, B's second)
    titans: Annotated[list[Titan], Field(max_length=MAX_TITANS)]
    pickers: Annotated[list[TitanIndex], Field(min_length=2, max_length=MAX_TITANS)]  # who chooses each Titan
    teams: Annotated[list[TitanIndex], Field(min_length=2, max_length=MAX_TITANS)]  # the team of each seat
    traps: Annotated[list[TrapSpace], Field(max_length=TRAP_TOKENS)] = field(sort=True)  # "board:space", sorted
    deck: Cards  # Bonus cards, top first (hidden)
    discard: Cards
    first_titan: Annotated[int, Between(-1, MAX_TITANS - 1)]
    round_number: Annotated[int, Between(1, 10_000)]
    order: Annotated[list[TitanIndex], Field(max_length=MAX_TITANS)]  # this round's turn order (Titan indices)
    turn_index: TitanIndex  # position in `order` of the Titan whose turn it is
    pool: Annotated[list[FaceName], Field(max_length=MAX_TITANS)]  # the dice not yet taken this round (faces)
    # the turn in progress (2-player set-up: the player ordering her Titans; {} while the Titans are chosen)
    turn: NoDecision | Ordering | Turn
    question: NoDecision | Question  # ANSWER phase: who is asked what, and the effect waiting for the answer
    answers: Annotated[list[Key], Field(max_length=20)]  # answers given so far to the effect waiting in `question`
    # per Titan: [laps gained over the top, laps lost over the bottom]
    lap_events: Annotated[
        list[Annotated[list[Annotated[int, Between(0, 100)]], Field(min_length=2, max_length=2)]],
        Field(max_length=MAX_TITANS),
    ]
    winner: Annotated[int, Between(-1, MAX_TITANS - 1)]  # the Titan that completed its third lap (-1 while racing)
    # 2-player: one hand per player (a game begun under rules version 1 keeps a hand per Titan)
    shared_hands: StrictBool

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
            return self.ordering_now().ordering
        return self.titans[self.acting].owner

    def turn_now(self) -> Turn:
        """The Titan's turn in progress (the DRAFT, CHOOSE_FACE, START and TURN phases, and an ANSWER within them)."""
        turn = self.turn
        if turn.__class__ is not Turn:  # (`of_kind`, inlined: read on every decision of a turn)
            raise TypeError(f"Turn expected, not {type(turn).__name__}")
        return turn

    def ordering_now(self) -> Ordering:
        """The player ordering her Titans (ORDER_TITANS phase)."""
        return of_kind(self.turn, Ordering)

    def asked(self) -> Question:
        """The question waiting for an answer (ANSWER phase)."""
        if not isinstance(self.question, Question):
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


def check_own(state: TitanRaceState, read: ReadOwn) -> None:
    """The facts between fields of a saved position that no one field says; ValueError if they do not hold."""
    count = len(read.titans)
    if len(read.teams) != state.num_players or any(seat >= state.num_players for seat in read.pickers):
        raise ValueError("its seats do not match its players")
    if count > len(read.pickers) or len(read.lap_events) != count or read.winner >= count:
        raise ValueError("its Titans do not match")
    if isinstance(read.question, Question) and read.question.titan >= count:
        raise ValueError("its question is for a Titan that is not in the race")


__all__ = ["NO_QUESTION", "NO_TURN", "Ordering", "Phase", "Question", "Titan", "TitanRaceState", "Turn"]
