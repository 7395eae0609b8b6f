"""The state of a Titan Race game: the Titans, the traps, the Bonus deck, the dice pool and the flow phase."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, cast

from engine.core import GameState
from engine.titan_race.data import CIRCUITS, GRAND_SLAM_BOARDS, MAX_LIFE, ROWS, TITANS


class Phase(StrEnum):
    """What kind of decision the game waits for (flow as data)."""

    CHOOSE_TITAN = "choose_titan"  # set-up: each player in turn chooses a Titan (2-player: A, B, A, B)
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
    question: dict[str, Any]  # ANSWER phase: who is asked what, and the effect waiting for the answer
    answers: list[str]  # answers given so far to the effect waiting in `question`
    lap_events: list[list[int]]  # per Titan: [laps gained over the top, laps lost over the bottom]
    winner: int  # the Titan that completed its third lap (-1 while racing)

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        if self.phase == Phase.GAME_OVER:
            return None
        if self.phase == Phase.ANSWER:
            return self.titans[self.question["titan"]].owner
        if self.phase == Phase.CHOOSE_TITAN:
            return self.pickers[len(self.titans)]
        return self.titans[self.acting].owner

    @property
    def acting(self) -> int:
        """The Titan whose turn it is (-1 while the Titans are being chosen)."""
        return self.order[self.turn_index] if self.order else -1

    @property
    def is_first_round(self) -> bool:
        """The first turn: no Abilities and no Bonus cards."""
        return self.round_number == 1

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
        new.question = {k: (v.copy() if isinstance(v, list | dict) else v) for k, v in self.question.items()}
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
            "question": _plain(self.question),
            "answers": list(self.answers),
            "lap_events": [list(pair) for pair in self.lap_events],
            "winner": self.winner,
        }


def _plain(value: Any) -> Any:
    """A JSON-ready deep copy of nested dicts and lists."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in sorted(value.items())}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


__all__ = ["CIRCUITS", "Phase", "Titan", "TitanRaceState"]
