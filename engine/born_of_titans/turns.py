"""Turns (rulings 3, 16, 21, 24-26): the start of a turn, the action limits, what follows a moment to react,
the end of a turn, the next player and the round count."""

from __future__ import annotations

from engine.born_of_titans import challenges, moments, quests
from engine.born_of_titans.data import ACTIONS_PER_TURN, ACTIONS_WITHOUT_CREW
from engine.born_of_titans.state import BornState, Moment, Phase, Turn
from engine.born_of_titans.table import count_crew_roll, hero_name


def regular_limit(state: BornState) -> int:
    """Two actions a turn, one while her Crew is at 0 (ruling 3: checked when an action starts)."""
    return ACTIONS_PER_TURN if state.sheets[state.mover].crew > 0 else ACTIONS_WITHOUT_CREW


def actions_left(state: BornState) -> bool:
    """Whether she may start another action: a regular one under the limit, or one Fair Weather gave her."""
    turn = state.turn_now()
    if turn.over:
        return False
    return turn.regular < regular_limit(state) or turn.extra > 0


def spend_action(state: BornState) -> None:
    """Count an action started: a regular one while any is left, else one of Fair Weather's."""
    turn = state.turn_now()
    if turn.regular < regular_limit(state):
        turn.regular += 1
    else:
        turn.extra -= 1


def begin_turn(state: BornState, seat: int) -> None:
    """Her turn: a Lose Turn counter ends it at once (and is discarded); the Argo is ready; her Quest turns up if
    she stands on it."""
    state.mover = seat
    turn = state.turn = Turn(regular=0, extra=0, argo=False, over=False)
    state.phase = Phase.TURN
    sheet = state.sheets[seat]
    if sheet.lose_turn:
        sheet.lose_turn = False
        state.log.append(f"{hero_name(state, seat)} loses this turn (the Lose Turn counter is discarded).")
        turn.over = True
        return
    quests.reveal_if_here(state, seat)


def end_turn(state: BornState, chosen: bool = False) -> None:
    """The end of her turn: a moment to react (ruling 26 c), then the next player. A turn she ended herself
    (`chosen`) does not ask her at its moment until a counter is played: she could play any before ending it."""
    turn = state.turn_now()
    turn.over = True
    turn.ending = True
    state.phase = Phase.TURN
    if not moments.begin(state, "turn_end", skip=state.mover if chosen else -1):
        next_turn(state)


def next_turn(state: BornState) -> None:
    """The next player clockwise still in the game; a new round when the turn order starts again."""
    order = state.play
    index = order.index(state.mover)
    for step in range(1, len(order) + 1):
        seat = order[(index + step) % len(order)]
        if state.active(seat):
            if (index + step) >= len(order):
                state.round += 1
            begin_turn(state, seat)
            return
    state.phase = Phase.GAME_OVER


def after_moment(state: BornState) -> None:
    """The moment is over: what it held back goes on (a roll counts, the turn passes)."""
    count_crew_roll(state)
    kind = moments.close(state)
    if kind == "challenge_roll":
        challenges.score(state)
    elif kind == "turn_end":
        next_turn(state)


def settle(state: BornState) -> None:
    """After every action: close a moment nobody is left to ask in, start the first turn after the set-up, end a
    turn that is over (lost, or its Hero finished)."""
    for _ in range(4 * state.num_players + 8):
        if state.phase == Phase.REACT and isinstance(state.moment, Moment) and state.moment.over:
            after_moment(state)
            continue
        if state.phase != Phase.TURN:
            return
        if state.mover < 0:
            state.round = 1
            begin_turn(state, state.play[0])
            continue
        turn = state.turn_now()
        if turn.over and not turn.ending:
            end_turn(state)
            continue
        return
