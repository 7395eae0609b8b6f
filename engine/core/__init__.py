"""What every game shares: RNG, the game contract, save strings, undo, bots, errors."""

from engine.core.errors import IllegalAction, InvalidSave
from engine.core.game import Action, Game, GameState, NoOptions, Seat
from engine.core.rng import Rng, ScriptedRng

__all__ = [
    "Action",
    "Game",
    "GameState",
    "IllegalAction",
    "InvalidSave",
    "NoOptions",
    "Rng",
    "ScriptedRng",
    "Seat",
]
