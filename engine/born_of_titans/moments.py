"""Moments to react (ruling 26): who is asked, in which order, and when a moment is over.

A moment asks the players still in the game who hold a Divine counter (how many each holds is public, so
skipping a player with none tells nothing), in turn order from the player whose turn it is. After a counter
is played everyone is asked again from the next player; the moment ends when all have passed in a row.

The player whose turn it is is not asked at the moments of her own making that lie between two decisions of hers
(rules version 2): after her own Move roll (her Move's decision follows, where she may play any counter on the
roll) and at the end of a turn she ended herself (she could play any counter before ending it). Her asking there is
folded into those decisions (`skip`); once anybody plays a counter at the moment, everyone is asked again, her too.
A moment of rules version 1 has no `skip` and asks her as it did.
"""

from __future__ import annotations

from engine.born_of_titans.state import BornState, Moment, Phase
from engine.core.records import NoDecision

KINDS = ("challenge_start", "challenge_roll", "move_roll", "crew_for_hire", "dragons_teeth", "turn_end")
OUTSIDE_CHALLENGES = ("move_roll", "crew_for_hire", "dragons_teeth")  # rolls dropped by `moments = "challenges"`
CREW_ROLLS = ("crew_for_hire", "dragons_teeth")  # one die of Crew, waiting in `moment.dice` (ruling 27)


def can_react(state: BornState, seat: int) -> bool:
    """A seat is asked at moments while it is in the game and holds a Divine counter."""
    return state.active(seat) and bool(state.sheets[seat].divine)


def _is_asked(state: BornState, seat: int, skip: int) -> bool:
    """`seat` is asked at this moment: it could react, and its asking is not folded into its own next decision."""
    return seat != skip and can_react(state, seat)


def _next_asked(state: BornState, after: int, include: bool, skip: int = -1) -> int | None:
    """The first seat clockwise from `after` (itself first if `include`) that is asked at this moment."""
    for step in range(0 if include else 1, state.num_players + 1):
        seat = (after + step) % state.num_players
        if _is_asked(state, seat, skip):
            return seat
    return None


def begin(state: BornState, kind: str, roll_owner: int = -1, skip: int = -1) -> bool:
    """Open a moment to react; False (and nothing changes) when nobody could be asked. `skip`: the mover, whose
    asking is folded into her own decision next to the moment (not asked until a counter is played)."""
    if kind in OUTSIDE_CHALLENGES and state.options.moments == "challenges":  # type: ignore[attr-defined]
        return False
    first = _next_asked(state, state.mover, include=True, skip=skip)
    if first is None:
        return False
    state.moment = Moment(kind=kind, asked=first, passes=0, roll_owner=roll_owner, back=state.phase, skip=skip)
    state.phase = Phase.REACT
    return True


def passed(state: BornState) -> bool:
    """The asked seat passes; True when the moment is over (everyone asked passed in a row)."""
    moment = state.moment_now()
    skip = -1 if moment.skip is None else moment.skip
    moment.passes += 1
    askers = sum(1 for seat in range(state.num_players) if _is_asked(state, seat, skip))
    following = _next_asked(state, moment.asked, include=False, skip=skip)
    if following is None or moment.passes >= askers:
        return True
    moment.asked = following
    return False


def played(state: BornState, seat: int) -> bool:
    """A counter was played by `seat` at the moment: everyone is asked again from the next player (the mover too).
    True when nobody is left to ask (the moment is over)."""
    moment = state.moment_now()
    moment.passes = 0
    if moment.skip is not None:  # a moment of rules version 1 has none
        moment.skip = -1
    following = _next_asked(state, seat, include=False)
    if following is None:
        return True
    moment.asked = following
    return False


def close(state: BornState) -> str:
    """End the moment: its kind (for what follows); the phase goes back to where the moment began."""
    moment = state.moment
    kind, state.phase = (moment.kind, moment.back) if isinstance(moment, Moment) else ("", Phase.TURN)
    state.moment = NoDecision()
    return kind
