"""Titan Dice (1-4 players, with the solo variant against Exodus): create the game and register it."""

from engine.registry import register
from engine.titan_dice.game import TitanDice

GAME = register(TitanDice())

__all__ = ["GAME", "TitanDice"]
