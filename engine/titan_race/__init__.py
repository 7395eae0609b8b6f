"""Titan Race (2-6 players, six circuits, 2-player, teams and Grand Slam variants): the game object (registered)."""

from engine.registry import register
from engine.titan_race.game import TitanRace

GAME = register(TitanRace())

__all__ = ["GAME", "TitanRace"]
