"""A saved Born of Titans position read back: the shape of `BornState._snapshot_own`, validated before use (the
Crew Sheets and the decisions under way by their records, records.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from engine.born_of_titans.records import MAX_SEATS, FaceKey, NodeId
from engine.born_of_titans.state import (
    COUNTERS,
    PILES,
    BornState,
    Challenge,
    Ended,
    Moment,
    MoveRoll,
    Phase,
    Sheet,
    Turn,
)
from engine.core.positions import Count, Fields, read_fields
from engine.core.records import NoDecision, Record, field

Id = Count(COUNTERS - 1)
Seat = Count(MAX_SEATS - 1)
Ids = Annotated[list[Id], Field(max_length=COUNTERS)]
Die = Count(6, 1)


PENDING = ("turn", "move", "challenge", "moment", "ended")


class Pending(Record):
    """The decisions under way in a saved position, read back as the records the state holds (state.py)."""

    turn: NoDecision | Turn
    move: NoDecision | MoveRoll
    challenge: NoDecision | Challenge
    moment: NoDecision | Moment
    ended: Ended | None = field(default=None, absent=True)


class BornFields(Fields):
    phase: Phase
    sheets: Annotated[list[Sheet], Field(min_length=2, max_length=MAX_SEATS)]
    faces: Annotated[list[FaceKey], Field(min_length=COUNTERS, max_length=COUNTERS)]
    piles: dict[Literal[tuple(PILES)], Ids]  # type: ignore[valid-type]
    encounters: Annotated[dict[NodeId, Id], Field(max_length=40)]
    placed: Annotated[dict[NodeId, Count(10_000_000, 1)], Field(max_length=40)]
    serial: Count(10_000_000)
    sea_monsters: Annotated[dict[NodeId, Id], Field(max_length=10)]
    aside: Count(COUNTERS - 1, -1)
    face_up: Ids
    seen: Annotated[list[Ids], Field(max_length=MAX_SEATS)]
    hubris: Count(MAX_SEATS - 1, -1)
    hubris_step: Count(2)
    selection: Annotated[list[Seat], Field(max_length=MAX_SEATS)]
    play: Annotated[list[Seat], Field(max_length=MAX_SEATS)]
    placing: Annotated[list[Seat], Field(max_length=MAX_SEATS)]
    mover: Count(MAX_SEATS - 1, -1)
    round: Count(1_000_000)
    turn: Any  # these five: Pending
    move: Any
    challenge: Any
    rolls: Annotated[list[Annotated[list[Die], Field(max_length=1000)]], Field(max_length=1000)]
    ended: Any = None
    moment: Any
    offer: Annotated[list[Id], Field(max_length=2)]
    restock: Annotated[list[NodeId], Field(max_length=40)]
    looks: Annotated[list[tuple[Seat, NodeId]], Field(max_length=8)]
    places: Annotated[list[Seat], Field(max_length=MAX_SEATS)]
    winner: Count(MAX_SEATS - 1, -1)


def restore_fields(state: BornState, own: dict[str, Any]) -> None:
    """Set a state's fields from a saved position; ValueError if it is not one (invariants are checked after)."""
    fields = read_fields(BornFields, own)
    pending = Pending.restore({name: own[name] for name in PENDING if name in own})
    n = state.num_players
    if len(fields.sheets) != n or len(fields.seen) != n:
        raise ValueError("its sheets do not match its players")
    for seats in (fields.selection, fields.play):
        if sorted(seats) != list(range(n)):
            raise ValueError("its turn order does not match its players")
    for value in (fields.hubris, fields.mover, fields.winner, *fields.placing, *fields.places):
        if value >= n:
            raise ValueError("it names a seat that is not in the game")
    state.phase = fields.phase
    state.sheets = list(fields.sheets)
    state.faces = list(fields.faces)
    state.piles = {kind: list(own["piles"].get(kind, [])) for kind in PILES}
    state.encounters = dict(own["encounters"])
    state.placed = dict(own["placed"])
    state.serial = fields.serial
    if set(state.placed) != set(state.encounters) or any(number > state.serial for number in state.placed.values()):
        raise ValueError("its Cities' serial numbers do not match their counters")
    state.sea_monsters = dict(own["sea_monsters"])
    state.aside = fields.aside
    state.face_up = set(fields.face_up)
    state.seen = [set(known) for known in fields.seen]
    state.hubris, state.hubris_step = fields.hubris, fields.hubris_step
    state.selection, state.play, state.placing = list(fields.selection), list(fields.play), list(fields.placing)
    state.mover, state.round = fields.mover, fields.round
    state.turn, state.move, state.challenge = pending.turn, pending.move, pending.challenge
    state.rolls = [list(roll) for roll in fields.rolls]
    state.ended, state.moment = pending.ended, pending.moment
    state.offer = list(fields.offer)
    state.restock = list(fields.restock)
    state.looks = [list(look) for look in own["looks"]]
    state.places = list(fields.places)
    state.winner = fields.winner
    _check_flow(state)


def _check_flow(state: BornState) -> None:
    """What the phase needs to be decided at all (the invariants check the rest)."""
    phase = state.phase
    if phase == Phase.REACT and not isinstance(state.moment, Moment):
        raise ValueError("a moment to react without its moment")
    if phase == Phase.MOVE and not isinstance(state.move, MoveRoll):
        raise ValueError("a Move without its roll")
    if phase == Phase.CHALLENGE and not isinstance(state.challenge, Challenge):
        raise ValueError("a Challenge without its record")
    if phase == Phase.RESTOCK and not state.restock:
        raise ValueError("a restock with no City to ask about")
    if phase in (Phase.TURN, Phase.MOVE, Phase.CHALLENGE, Phase.UNDERWORLD, Phase.ALLY, Phase.SACRIFICE) and (
        state.mover < 0 or not isinstance(state.turn, Turn)
    ):
        raise ValueError("a turn with nobody to take it")
    if any(len(pile) != len(set(pile)) for pile in state.piles.values()):
        raise ValueError("a counter twice in a pile")
    if sum(1 for sheet in state.sheets if sheet.hero is None) and phase not in (Phase.CHOOSE_HERO,):
        raise ValueError("a Hero is missing")
