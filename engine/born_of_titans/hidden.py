"""A copy of the game a seat could believe in (for bots): what it has not seen dealt again, new dice."""

from __future__ import annotations

from engine.born_of_titans.state import IDS, BornState
from engine.core import Rng


def determinize(state: BornState, seat: int, rng: Rng) -> BornState:
    """Every counter whose face `seat` does not know (face-down counters it has not seen, the piles, the others'
    Divine counters, the set-aside Sea Monster) gets a face dealt anew from the unseen faces of its kind; the
    future dice come from the bot's RNG. What the seat knows stays as it is."""
    copy = state.clone(record=False)
    if not isinstance(copy, BornState):
        return copy
    for ids in IDS.values():
        unseen = [cid for cid in ids if not state.visible(seat, cid)]
        # Sorted first, so the deal depends only on which faces are unseen, never on where they really are.
        faces = sorted(state.faces[cid] for cid in unseen)
        for index in range(len(faces) - 1, 0, -1):
            other = rng.randrange(index + 1)
            faces[index], faces[other] = faces[other], faces[index]
        for cid, face in zip(unseen, faces, strict=True):
            copy.faces[cid] = face
    copy.rng = Rng(rng.next64())
    return copy
