"""Titan Dice components and this edition's designed values, as typed literal tables (no logic)."""

from __future__ import annotations

from typing import Final

# The five creature types, in the rulebook's order; also the order of the tracks on a player board.
CREATURES: Final[tuple[str, ...]] = ("chimera", "gryphon", "hydra", "kraken", "minotaur")

# The six faces of every die (regular and bonus alike): the five creatures and the wound.
WOUND: Final[str] = "wound"
FACES: Final[tuple[str, ...]] = (*CREATURES, WOUND)

# Opposite sides of a die (designed: the faces above numbered 1..6, opposite sides summing to 7).
# Chimera 2 CONVERT flips a die to this side.
OPPOSITE_FACE: Final[dict[str, str]] = {
    "chimera": "wound",
    "gryphon": "minotaur",
    "hydra": "kraken",
    "kraken": "hydra",
    "minotaur": "gryphon",
    "wound": "chimera",
}

REGULAR_DICE: Final[int] = 5  # regular dice per player
BONUS_DIE: Final[int] = 5  # the index of a player's bonus die (regular dice are 0..4)
TRACK_START: Final[int] = 1  # creatures on each track at set-up
TRACK_MAX: Final[int] = 4  # four collected: the type is caged
WOUNDS_TO_GO_OUT: Final[int] = 3  # three wounds and you are out of the round
CAGED_TYPES_TO_END: Final[int] = 3  # three caged types trigger the end of the game
ATTACK_SET: Final[int] = 3  # three of a kind trigger an attack

# Card cost: a card of power level N costs N + COST_OVER_LEVEL matching dice and/or captured creatures.
COST_OVER_LEVEL: Final[int] = 1

# Each regular stack, top (level 1) to bottom (level 3).
STACK_LEVELS: Final[tuple[int, ...]] = (1, 2, 2, 3)
# With fewer than this many players, one level-2 card of each stack is removed ("as denoted on the cards").
FULL_STACK_PLAYERS: Final[int] = 3
SMALL_STACK_LEVELS: Final[tuple[int, ...]] = (1, 2, 3)
# The solo Kraken cards (Retract, Recoil, Wrestle); the box holds 4 regular + 3 solo Kraken cards.
SOLO_KRAKEN_LEVELS: Final[tuple[int, ...]] = (1, 2, 3)
# Solo: "choose two creature cards from each type" -- the option `solo_cards` picks which two levels
# (the same for every type; Kraken uses the solo cards of those levels). This edition's default is 1 and 2.
SOLO_STACK_CHOICES: Final[dict[str, tuple[int, int]]] = {"1-2": (1, 2), "1-3": (1, 3), "2-3": (2, 3)}
SOLO_STACK_DEFAULT: Final[str] = "1-2"
SOLO_STACK_LEVELS: Final[tuple[int, ...]] = SOLO_STACK_CHOICES[SOLO_STACK_DEFAULT]

# Card abilities by (creature, level): (name, rulebook text).
ABILITIES: Final[dict[tuple[str, int], tuple[str, str]]] = {
    ("chimera", 1): ("Alter", "Re-roll up to two of your active dice."),
    ("chimera", 2): ("Convert", "Flip up to three of your active dice to their opposite sides."),
    ("chimera", 3): ("Transform", "Change up to four of your active dice to any side."),
    ("hydra", 1): ("Swap", "Lose one creature to collect a different creature."),
    ("hydra", 2): (
        "Trade",
        "Lose one creature. Collect up to two other creatures. Collected creatures may be the same type.",
    ),
    ("hydra", 3): ("Exchange", "Lose one creature. Collect up to three of one other creature."),
    ("gryphon", 1): (
        "Rescue",
        "Roll your bonus die, collect one creature from the result. If the result is a wound, gain a wound token.",
    ),
    ("gryphon", 2): (
        "Reinforce",
        "Roll your bonus die and add it to your active dice pool to use as a regular die for the remainder of "
        "the round. Any time a wound is rolled on this die, move it and one of your wound dice (if any) to your "
        "spent dice. Return the bonus die when you are OUT of the round.",
    ),
    ("gryphon", 3): (
        "Redemption",
        "Re-roll any of your wounds. As long as the new result is not a wound, collect the creature shown and "
        "add that die to your spent dice pool.",
    ),
    ("kraken", 1): (
        "Sabotage",
        "Roll a bonus die to determine a creature type. If the result is a wound, choose any creature type. "
        "Each opposing player loses one of that creature.",
    ),
    ("kraken", 2): (
        "Capsize",
        "Roll a bonus die to determine a creature type. If the result is a wound, choose any creature type. "
        "Each opposing player loses ALL of that creature type.",
    ),
    ("kraken", 3): (
        "Piracy",
        "Roll a bonus die to determine a creature type. If the result is a wound, choose any creature type. "
        "Each opposing player loses all of that creature. You collect those creatures on your track. If no "
        "creatures are collected from other players, collect one creature of your choice.",
    ),
    ("minotaur", 1): (
        "Catch",
        "Collect one creature from a die in your active dice area. Remove the die from play until the end of "
        "the round.",
    ),
    ("minotaur", 2): (
        "Trap",
        "Collect one creature from a die in your active dice area. Add the chosen die to your spent dice area.",
    ),
    ("minotaur", 3): ("Ensnare", "Collect up to two of any creatures."),
}

# The solo-only Kraken cards, by level: (name, rulebook text).
SOLO_KRAKEN_ABILITIES: Final[dict[int, tuple[str, str]]] = {
    1: (
        "Retract",
        "Roll a bonus die to determine a creature type. If the result is a wound, choose any creature type. "
        "Move that creature one space closer to the cage on the Exodus card.",
    ),
    2: (
        "Recoil",
        "Roll a bonus die to determine a creature type. If the result is a wound, choose any creature type. "
        "Move that creature two spaces closer to the cage on the Exodus card.",
    ),
    3: (
        "Wrestle",
        "Roll a bonus die to determine a creature type. If the result is a wound, choose any creature type. "
        "Move that creature into the cage on the Exodus card.",
    ),
}

# Attack abilities by the face rolled three times: (name, rulebook text).
ATTACKS: Final[dict[str, str]] = {
    "chimera": "All remaining players must move the dice in their active pool to their spent pool.",
    "hydra": "All remaining players must flip one of their creature cards face down until the end of this round.",
    "gryphon": "Add your bonus die to attack rolls for the rest of this round.",
    "kraken": "All remaining players must lose one creature of their choice on their creature track. "
    "Caged creatures are not affected by this.",
    "minotaur": "All remaining players must remove one of their regular dice (from their active or spent pool) "
    "for the rest of this round.",
    "wound": "All remaining players gain one wound token.",
}

# Solo: the Exodus board's markers start in their cages (space 4) and move left; at 0 a creature is lost.
EXODUS_START: Final[int] = 4
NPC_MAX_DICE: Final[int] = 5  # the NPC rolls one die per round number, at most five
