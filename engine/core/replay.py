"""A game stepped through from its start: the states its recorded moves lead to.

`GameState.history` holds every move since the start as its index in `legal_actions` (kept by
`Game.step`, saved as the save's "h"); a game opened from a save made under older rules, or from a
position alone, has none. The replay rebuilds the start from the seats, options and seed, plays the
moves, and checks that it arrives at the very position (and log) of the game it replays. What a game changes
between its moves without a move (Battle Titan's clock) is brought in by `Game.replay_between_moves`, from
what the game keeps of it.
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.game import Game, GameState


class ReplayError(ValueError):
    """The moves of a game do not lead to its position (a damaged or foreign history)."""


def can_replay(state: GameState) -> bool:
    """True when the game's moves since the start are all known."""
    return state.history is not None and len(state.history) == state.moves


def replay_states(game: Game, state: GameState) -> list[GameState]:
    """The start and the state after each move, the last one the game's own position; ReplayError otherwise.

    The states carry their log; their turn headings are the game's, up to their log's length.
    """
    if state.history is None or not can_replay(state):
        raise ReplayError("The moves of this game were not all kept, so it cannot be replayed.")
    current = game.new_game(state.num_players, state.options, state.seed, state.seats)
    current.history, current.turns = [], []
    current = game.replay_between_moves(current, state)
    states = [current]
    for number, index in enumerate(state.history, start=1):
        legal = game.legal_actions(current) if not current.is_over else []
        if not 0 <= index < len(legal):
            raise ReplayError(f"Move {number} of this game's record is not a move of its position.")
        following = current.clone()
        try:
            game.apply_unchecked(following, legal[index])
        except IllegalAction as error:  # pragma: no cover - legal_actions lists legal moves
            raise ReplayError(f"Move {number}: {error}") from None
        following.history = state.history[:number]
        following.turns = [turn for turn in state.turns if turn[0] <= len(following.log)]
        current = game.replay_between_moves(following, state)
        states.append(current)
    if current.position() != state.position():  # (the log may read differently: its wording is not a rule)
        raise ReplayError("This game's moves do not lead to its position, so it cannot be replayed.")
    return states
