"""Titan, the standard rules (Avalon Hill, 1982), for 2-6 players: the game object (registered).

Design, state of the work and rulings: docs/titan.md.
"""

from engine.registry import register
from engine.titan.game import Titan

GAME = register(Titan())

__all__ = ["GAME", "Titan"]
