"""Titan Race (2-6 players, six circuits, 2-player, teams and Grand Slam variants): the game object.

Not registered yet (the app cannot draw it); tests import `GAME` directly.
"""

from engine.titan_race.game import TitanRace

GAME = TitanRace()

__all__ = ["GAME", "TitanRace"]
