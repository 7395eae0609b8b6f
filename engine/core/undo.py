"""Undo: take back your own decisions, back to the last roll or other revealed chance event.

Each state returned by `Game.apply` links to the state before it (`previous`) unless its action drew
randomness; an undo walks that chain back. Nothing is replayed, so an undo costs the same on move
10 and on move 5,000.
"""

from __future__ import annotations

from engine.core.game import GameState


def undo_steps(state: GameState, seat: int) -> int:
    """How many trailing actions an undo by `seat` takes back (0: nothing may be undone).

    An undo takes back the most recent decision of `seat`, together with any
    decisions of computer seats made after it. It never takes back an action
    that drew randomness (a roll, a shuffle: its result has been seen), nor a
    decision of another human seat, and nothing once the game is over.
    """
    if state.is_over:
        return 0
    steps = 0
    node = state
    while node.previous is not None:
        steps += 1
        actor = node.last_actor
        if actor == seat:
            return steps
        if actor < 0 or not node.seats[actor].is_ai:
            return 0
        node = node.previous
    return 0


def undo(state: GameState, seat: int) -> GameState:
    """The state before the last decision of `seat` (see `undo_steps`); `state` itself if there is none."""
    node, steps = state, undo_steps(state, seat)
    while steps and node.previous is not None:
        node, steps = node.previous, steps - 1
    return node
