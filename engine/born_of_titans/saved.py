"""A saved Born of Titans position read back: its fields validated by the records they are declared as
(`BornState`, records.py), then the facts between fields that no one field can say."""

from __future__ import annotations

from typing import Any

from engine.born_of_titans.state import PILES, BornState, Challenge, Moment, MoveRoll, Phase, Turn


def restore_fields(state: BornState, own: dict[str, Any]) -> None:
    """Set a state's fields from a saved position; ValueError if it is not one (invariants are checked after)."""
    read = BornState.read_own(own)
    n = state.num_players
    if len(read.sheets) != n or len(read.seen) != n:
        raise ValueError("its sheets do not match its players")
    for seats in (read.selection, read.play):
        if sorted(seats) != list(range(n)):
            raise ValueError("its turn order does not match its players")
    for value in (read.hubris, read.mover, read.winner, *read.placing, *read.places):
        if value >= n:
            raise ValueError("it names a seat that is not in the game")
    if set(read.placed) != set(read.encounters) or any(number > read.serial for number in read.placed.values()):
        raise ValueError("its Cities' serial numbers do not match their counters")
    read.values["piles"] = {kind: read.piles.get(kind, []) for kind in PILES}  # every kind, in the piles' order
    state.set_own(read)
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
