"""Titan Dice (being built)."""
