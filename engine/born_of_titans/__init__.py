"""Born of Titans (2-4 players): Heroes of the Greek myths on Quests around the Mediterranean (registered)."""

from engine.born_of_titans.game import BornOfTitans
from engine.registry import register

GAME = register(BornOfTitans())

__all__ = ["GAME", "BornOfTitans"]
