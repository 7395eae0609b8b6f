"""The state of a Born of Titans game: the Crew Sheets, every counter by its serial id and where it lies, the flow
(its records: records.py)."""

from __future__ import annotations

from typing import Any, cast

from engine.born_of_titans.data import LOSE_TURN_COUNTERS
from engine.born_of_titans.records import (
    COUNTERS,
    IDS,
    KINDS,
    PILES,
    START_FACES,
    Challenge,
    Ended,
    Moment,
    MoveRoll,
    Phase,
    Quest,
    Sheet,
    Turn,
)
from engine.core import GameState
from engine.core.records import NoDecision


class BornState(GameState):
    """The whole game: sheets per seat, counters (faces by id and their places), the turn and what it waits for."""

    phase: Phase
    sheets: list[Sheet]
    faces: list[str]  # the face (a data key) of each counter id
    piles: dict[str, list[int]]  # face-down piles by kind, ids kept sorted (draws are random: no order to hide)
    encounters: dict[str, int]  # City -> its Encounter counter
    placed: dict[str, int]  # City -> the serial number of the counter placed there (the view's encounter_id)
    serial: int  # serial numbers given so far (every counter placed face down on a City gets the next)
    sea_monsters: dict[str, int]  # Sea Monster Site -> its Sea Monster
    aside: int  # the fourth Sea Monster, set aside unseen
    face_up: set[int]  # counters turned face up (all see them)
    seen: list[set[int]]  # per seat: face-down counters it has seen that have not moved since
    hubris: int  # the seat holding Hubris (-1: in the box)
    hubris_step: int  # 0 no Quest completed yet, 1 the first completed, 2 someone has completed her second
    selection: list[int]  # seats in selection order
    play: list[int]  # seats in turn order
    placing: list[int]  # seats whose Quest waits to be placed (by each one's left neighbour), first first
    mover: int  # the seat whose turn it is (-1 during set-up)
    round: int
    turn: NoDecision | Turn
    move: NoDecision | MoveRoll
    challenge: NoDecision | Challenge
    rolls: list[list[int]]  # the Challenge's rolls so far
    ended: Ended | None  # the Challenge just over, kept until the next decision
    moment: NoDecision | Moment
    offer: list[int]  # Sacrifice: the Divine counters drawn; Ally: the Ally's counter
    restock: list[str]  # Cities still to be asked about after a completed Quest
    looks: list[list[Any]]  # [seat, site] of the latest Prophecy looks (public: who looked where)
    places: list[int]  # seats in the order they completed their third Quest
    winner: int

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

    def _clone_own(self, new: GameState) -> None:
        new = cast(BornState, new)
        new.sheets = [sheet.copy() for sheet in self.sheets]
        new.faces = list(self.faces)
        new.piles = {kind: list(ids) for kind, ids in self.piles.items()}
        new.encounters = dict(self.encounters)
        new.placed = dict(self.placed)
        new.sea_monsters = dict(self.sea_monsters)
        new.face_up = set(self.face_up)
        new.seen = [set(known) for known in self.seen]
        new.selection = list(self.selection)
        new.play = list(self.play)
        new.placing = list(self.placing)
        new.turn = self.turn.copy()
        new.move = self.move.copy()
        new.challenge = self.challenge.copy()
        new.rolls = [list(roll) for roll in self.rolls]
        new.ended = None if self.ended is None else self.ended.copy()
        new.moment = self.moment.copy()
        new.offer = list(self.offer)
        new.restock = list(self.restock)
        new.looks = [list(look) for look in self.looks]
        new.places = list(self.places)

    def _snapshot_own(self) -> dict[str, Any]:
        own = {
            "phase": self.phase.value,
            "sheets": [sheet.snapshot() for sheet in self.sheets],
            "faces": list(self.faces),
            "piles": {kind: list(ids) for kind, ids in sorted(self.piles.items())},
            "encounters": dict(sorted(self.encounters.items())),
            "placed": dict(sorted(self.placed.items())),
            "serial": self.serial,
            "sea_monsters": dict(sorted(self.sea_monsters.items())),
            "aside": self.aside,
            "face_up": sorted(self.face_up),
            "seen": [sorted(known) for known in self.seen],
            "hubris": self.hubris,
            "hubris_step": self.hubris_step,
            "selection": list(self.selection),
            "play": list(self.play),
            "placing": list(self.placing),
            "mover": self.mover,
            "round": self.round,
            "turn": self.turn.snapshot(),
            "move": self.move.snapshot(),
            "challenge": self.challenge.snapshot(),
            "rolls": [list(roll) for roll in self.rolls],
            "moment": self.moment.snapshot(),
            "offer": list(self.offer),
            "restock": list(self.restock),
            "looks": [list(look) for look in self.looks],
            "places": list(self.places),
            "winner": self.winner,
        }
        if self.ended is not None:  # only while there is one: a position without it reads as one saved before
            own["ended"] = self.ended.snapshot()  # the game kept it
        return own

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
