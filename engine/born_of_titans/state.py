"""The state of a Born of Titans game: the Crew Sheets, every counter by its serial id and where it lies, the flow
(its records: records.py)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field

from engine.born_of_titans.data import LOSE_TURN_COUNTERS
from engine.born_of_titans.records import (
    COUNTERS,
    IDS,
    KINDS,
    MAX_SEATS,
    PILES,
    START_FACES,
    Challenge,
    Die,
    Ended,
    FaceKey,
    Id,
    Moment,
    MoveRoll,
    NodeId,
    Phase,
    PileKind,
    Quest,
    Seat,
    SeatOrNone,
    Sheet,
    Turn,
)
from engine.core import GameState
from engine.core.records import Between, NoDecision, OwnRecord, field


def _as_tuple(value: Any) -> Any:
    """A saved [seat, site] read back as a pair (kept as a list)."""
    return tuple(value) if isinstance(value, list) else value


def _as_set(value: Any) -> Any:
    """A saved list of ids read back as the set the state holds (a set is saved sorted)."""
    return set(value) if isinstance(value, list) else value


IdSet = Annotated[set[Id], BeforeValidator(_as_set), Field(max_length=COUNTERS)]
Look = Annotated[tuple[Seat, NodeId], BeforeValidator(_as_tuple), AfterValidator(list)]  # [seat, site]


class BornState(OwnRecord, GameState):
    """The whole game: sheets per seat, counters (faces by id and their places), the turn and what it waits for.
    Each field is declared once here: copying, saving and validated restoring are derived (engine/core/records.py)."""

    phase: Phase
    sheets: Annotated[list[Sheet], Field(min_length=2, max_length=MAX_SEATS)]
    faces: Annotated[list[FaceKey], Field(min_length=COUNTERS, max_length=COUNTERS)]  # each counter id's face
    # Face-down piles by kind, ids kept sorted (draws are random: no order to hide).
    piles: dict[PileKind, Annotated[list[Id], Field(max_length=COUNTERS)]] = field(sort=True)
    encounters: Annotated[dict[NodeId, Id], Field(max_length=40)] = field(sort=True)  # City -> its Encounter
    # City -> the serial number of the counter placed there (the view's encounter_id).
    placed: Annotated[dict[NodeId, Annotated[int, Between(1, 10_000_000)]], Field(max_length=40)] = field(sort=True)
    serial: Annotated[int, Between(0, 10_000_000)]  # serial numbers given so far (each counter placed on a City)
    sea_monsters: Annotated[dict[NodeId, Id], Field(max_length=10)] = field(sort=True)  # Sea Monster Site -> its own
    aside: Annotated[int, Between(-1, COUNTERS - 1)]  # the fourth Sea Monster, set aside unseen
    face_up: IdSet  # counters turned face up (all see them)
    seen: Annotated[list[IdSet], Field(max_length=MAX_SEATS)]  # per seat: face-down counters seen, not moved since
    hubris: SeatOrNone  # the seat holding Hubris (-1: in the box)
    hubris_step: Annotated[int, Between(0, 2)]  # 0 none completed yet, 1 the first, 2 someone has her second
    selection: Annotated[list[Seat], Field(max_length=MAX_SEATS)]  # seats in selection order
    play: Annotated[list[Seat], Field(max_length=MAX_SEATS)]  # seats in turn order
    placing: Annotated[list[Seat], Field(max_length=MAX_SEATS)]  # seats whose Quest waits to be placed, first first
    mover: SeatOrNone  # the seat whose turn it is (-1 during set-up)
    round: Annotated[int, Between(0, 1_000_000)]
    turn: NoDecision | Turn
    move: NoDecision | MoveRoll
    challenge: NoDecision | Challenge
    rolls: Annotated[list[Annotated[list[Die], Field(max_length=1000)]], Field(max_length=1000)]  # this Challenge's
    moment: NoDecision | Moment
    offer: Annotated[list[Id], Field(max_length=2)]  # Sacrifice: the Divine counters drawn; Ally: the Ally's counter
    restock: Annotated[list[NodeId], Field(max_length=40)]  # Cities still to be asked about after a completed Quest
    looks: Annotated[list[Look], Field(max_length=8)]  # the latest Prophecy looks (public: who looked where)
    places: Annotated[list[Seat], Field(max_length=MAX_SEATS)]  # seats in the order they completed three Quests
    winner: SeatOrNone
    # The Challenge just over, kept until the next decision; saved only while there is one (a position without it
    # reads as one saved before the game kept it).
    ended: Ended | None = field(default=None, absent=True)

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        phase = self.phase
        if phase == Phase.GAME_OVER:
            return None
        if phase == Phase.CHOOSE_HERO:
            return self.selection[sum(1 for s in self.sheets if s.hero is not None)]
        if phase == Phase.CHOOSE_START:
            return self.selection[sum(1 for s in self.sheets if s.node is not None)]
        if phase == Phase.PLACE_QUEST:
            return self.left(self.placing[0])
        if phase == Phase.REACT:
            return self.moment_now().asked
        return self.mover

    def challenge_now(self) -> Challenge:
        """The Challenge under way (the caller knows there is one)."""
        challenge = self.challenge
        if not isinstance(challenge, Challenge):
            raise RuntimeError("no Challenge under way")
        return challenge

    def moment_now(self) -> Moment:
        """The moment to react under way (the caller knows there is one)."""
        moment = self.moment
        if not isinstance(moment, Moment):
            raise RuntimeError("no moment under way")
        return moment

    def turn_now(self) -> Turn:
        """The mover's turn (the caller knows the set-up is over)."""
        turn = self.turn
        if not isinstance(turn, Turn):
            raise RuntimeError("no turn under way")
        return turn

    def move_now(self) -> MoveRoll:
        """The Move under way (the caller knows there is one)."""
        move = self.move
        if not isinstance(move, MoveRoll):
            raise RuntimeError("no Move under way")
        return move

    def active(self, seat: int) -> bool:
        """Still in the game (not finished)."""
        return self.sheets[seat].finished is None

    def left(self, seat: int) -> int:
        """The next player clockwise still in the game (the player to her left)."""
        for step in range(1, self.num_players + 1):
            other = (seat + step) % self.num_players
            if self.active(other) or other == seat:
                return other
        return seat

    def visible(self, seat: int | None, cid: int) -> bool:
        """Whether `seat` knows the face of counter `cid`."""
        if cid in self.face_up:
            return True
        if seat is None:
            return False
        return cid in self.seen[seat] or cid in self.sheets[seat].divine

    def moved(self, cid: int) -> None:
        """A counter left its place: whoever saw it face down no longer knows which it is."""
        for known in self.seen:
            known.discard(cid)

    # -- small shared reads ---------------------------------------------------------------------------------
    def kind(self, cid: int) -> str:
        """The kind of a counter by its id."""
        return KINDS[cid]

    def place_encounter(self, city: str, cid: int) -> None:
        """A counter face down on a City, with a new serial number: the number says which placement it is, never
        which counter (a counter back from the pile is not known again by its number)."""
        self.encounters[city] = cid
        self.serial += 1
        self.placed[city] = self.serial

    def clear_encounter(self, city: str) -> None:
        """The City's counter leaves it: whoever stands at its gates is in the City now (ruling 9: a City with no
        Encounter counter is entered)."""
        self.encounters.pop(city, None)
        self.placed.pop(city, None)
        for sheet in self.sheets:
            if sheet.node == city:
                sheet.in_city = True

    def lose_turn_pile(self) -> int:
        """Lose Turn counters not on a Hero."""
        return LOSE_TURN_COUNTERS - sum(1 for sheet in self.sheets if sheet.lose_turn)


def new_state(game_id: str, num_players: int, options: Any, seed: int, seats: list[Any]) -> BornState:
    """An empty table: every counter in its pile, nobody chosen yet (set-up fills it in)."""
    state = BornState(game_id, num_players, options, seed, seats)
    state.phase = Phase.CHOOSE_HERO
    state.sheets = [Sheet() for _ in range(num_players)]
    state.faces = list(START_FACES)
    state.piles = {kind: list(IDS[kind]) for kind in PILES}
    state.encounters = {}
    state.placed = {}
    state.serial = 0
    state.sea_monsters = {}
    state.aside = -1
    state.face_up = set()
    state.seen = [set() for _ in range(num_players)]
    state.hubris = -1
    state.hubris_step = 0
    state.selection = []
    state.play = []
    state.placing = []
    state.mover = -1
    state.round = 0
    state.turn = NoDecision()
    state.move = NoDecision()
    state.challenge = NoDecision()
    state.rolls = []
    state.ended = None
    state.moment = NoDecision()
    state.offer = []
    state.restock = []
    state.looks = []
    state.places = []
    state.winner = -1
    return state


__all__ = [
    "COUNTERS",
    "IDS",
    "KINDS",
    "PILES",
    "START_FACES",
    "BornState",
    "Challenge",
    "Ended",
    "Moment",
    "MoveRoll",
    "Phase",
    "Quest",
    "Sheet",
    "Turn",
    "new_state",
]
