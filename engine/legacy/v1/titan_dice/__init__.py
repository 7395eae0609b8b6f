"""Titan Dice as it was under rules version 1, frozen: format-1 saves of it are replayed with these rules."""

from engine.legacy.v1.titan_dice.game import TitanDice

GAME = TitanDice()

__all__ = ["GAME", "TitanDice"]
