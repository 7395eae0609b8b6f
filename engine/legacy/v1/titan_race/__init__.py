"""Titan Race as it was under rules version 1, frozen: format-1 saves of it are replayed with these rules."""

from engine.legacy.v1.titan_race.game import TitanRace

GAME = TitanRace()

__all__ = ["GAME", "TitanRace"]
