"""Undo: take back your own decisions, back to the last roll or other revealed chance event."""

from __future__ import annotations

from engine.core.game import Game, GameState


def undo_steps(state: GameState, seat: int) -> int:
    """How many trailing actions an undo by `seat` takes back (0: nothing may be undone).

    An undo takes back the most recent decision of `seat`, together with any
    decisions of computer seats made after it. It never takes back an action
    that drew randomness (a roll, a shuffle: its result has been seen), nor a
    decision of another human seat.
    """
    last = len(state.history) - 1
    for index in range(last, -1, -1):
        actor = state.actors[index]
        if state.chance[index]:
            return 0
        if actor == seat:
            return last - index + 1
        if actor < 0 or not state.seats[actor].is_ai:
            return 0
    return 0


def undo(game: Game, state: GameState, seat: int) -> GameState:
    """The state before the last decision of `seat` (see `undo_steps`), replayed from the start."""
    steps = undo_steps(state, seat)
    if steps == 0:
        return state
    return game.replay(
        state.num_players, state.options, state.seed, state.seats, state.history[: len(state.history) - steps]
    )
