"""Titan Race components and this edition's designed content, as typed literal tables (no logic).

The rulebook prints the geometry, the die actions, the Abilities and the circuit effects; it does not
print the circuit layouts, the 13 Bonus cards, the Titans' colours or the die faces' colours. Those
are designed here, in one place, and shown in the in-app rules (see rulings.py).
"""

from __future__ import annotations

from typing import Final, NamedTuple

# -- the board ---------------------------------------------------------------------------------------
# 12 rows (1-12, bottom to top) and 6 columns (A-F). Only the spaces whose column and row fit exist:
# A1, C1, E1, B2, D2, F2, A3, ... (column index from 0 plus row is odd): 36 spaces in all.
COLUMNS: Final[str] = "ABCDEF"
ROWS: Final[int] = 12
START_SPACES: Final[tuple[str, ...]] = ("A1", "C1", "E1")

# Directions: (column change, row change). "Straight ahead" is two rows up in the same column; a
# diagonal step is one row up and one column left or right. The last three point behind.
DIRECTIONS: Final[dict[str, tuple[int, int]]] = {
    "N": (0, 2),  # straight ahead
    "NW": (-1, 1),  # diagonally left
    "NE": (1, 1),  # diagonally right
    "S": (0, -2),  # straight back
    "SW": (-1, -1),  # diagonally back left
    "SE": (1, -1),  # diagonally back right
}
FORWARD: Final[tuple[str, ...]] = ("N", "NW", "NE")  # the three spaces "before" a Titan
BACKWARD: Final[tuple[str, ...]] = ("S", "SW", "SE")  # the three spaces "behind" a Titan
DIRECTION_WORDS: Final[dict[str, str]] = {
    "N": "straight",
    "NW": "left",
    "NE": "right",
    "S": "back",
    "SW": "back left",
    "SE": "back right",
}

# -- the race ---------------------------------------------------------------------------------------
LAPS_TO_WIN: Final[int] = 3  # the lap counter starts on 1; completing lap 3 puts it on the trophy (4)
MAX_LIFE: Final[int] = 6  # the top of every life gauge
HAND_LIMIT: Final[int] = 2  # Bonus cards a Titan may hold
TRAP_TOKENS: Final[int] = 15  # the supply; at most this many traps are ever on the circuit(s)
GRAND_SLAM_BOARDS: Final[int] = 3

# -- the dice (designed colours) ------------------------------------------------------------------------
# Each face's colour and its movement routes (sequences of steps). The red face also places a trap on
# one of the three spaces behind you; the green face also inflicts 1 damage on one of the three spaces
# before you; the purple face is any other face, for a Life Point.
FACES: Final[tuple[str, ...]] = ("yellow", "red", "blue", "green", "brown", "purple")
PURPLE: Final[str] = "purple"
FACE_ROUTES: Final[dict[str, tuple[tuple[str, ...], ...]]] = {
    "yellow": (("N", "N"),),
    "red": (("N",),),
    "blue": (("N", "NW"), ("N", "NE"), ("NW", "N"), ("NE", "N")),
    "green": (("NW", "NW"), ("NE", "NE")),
    "brown": (("NW", "NW", "NW"), ("NE", "NE", "NE")),
}
FACE_EXTRA: Final[dict[str, str]] = {"red": "trap", "green": "hit"}
FACE_TEXT: Final[dict[str, str]] = {
    "yellow": "Move 2 spaces straight ahead.",
    "red": "Move 1 space straight ahead AND, before or after your move, place a Trap token on one of the "
    "three spaces behind you.",
    "blue": "Move 1 space straight ahead, then 1 space diagonally (left or right); or 1 space diagonally, "
    "then 1 space straight ahead.",
    "green": "Move 2 spaces diagonally in the same direction AND, before or after your move, inflict 1 damage "
    "on one of the three spaces before you (a Titan loses 1 Life Point; a trap is destroyed).",
    "brown": "Move 3 spaces diagonally in the same direction.",
    "purple": "Take the action of any one of the other five faces AND lose 1 Life Point (Chtooloo loses nothing).",
}


# -- the Titans (designed colours) -------------------------------------------------------------------------
class TitanSpec(NamedTuple):
    """A Titan: its rider, its colour, its starting (and restarting) life, its Ability."""

    name: str
    rider: str
    colour: str
    start_life: int
    ability: str


TITANS: Final[dict[str, TitanSpec]] = {
    "grinder": TitanSpec("Grinder", "She'ena", "red", 6, "Place a trap on an adjacent space."),
    "rassik": TitanSpec(
        "Rassik",
        "Salah",
        "yellow",
        6,
        "Kick off of a Titan in one of the spaces behind you to advance 1 space (straight or diagonally).",
    ),
    "craken": TitanSpec("Craken", "Captain Braxlix", "blue", 6, "Swap places with an adjacent Titan."),
    "ragnarok": TitanSpec("Ragnarok", "Olaf", "brown", 6, "Move an adjacent Titan 1 space in any direction."),
    "slaugg": TitanSpec("Slaugg", "Lord Greed", "green", 6, "Inflict 1 damage on each of the three spaces before you."),
    "chtooloo": TitanSpec(
        "Chtooloo",
        "Kaq'hn",
        "purple",
        4,
        "Inflict 1 damage on an adjacent Titan, then gain 1 Life Point (not at full life; the target must be "
        "able to lose a Life Point).",
    ),
}
TITAN_ORDER: Final[tuple[str, ...]] = tuple(TITANS)


# -- the circuits (designed layouts) ------------------------------------------------------------------------
class CircuitSpec(NamedTuple):
    """A circuit: its name and which spaces carry which feature (each feature empty where it does not apply)."""

    name: str
    effect: str
    bonus: tuple[str, ...]  # Bonus spaces: draw a card when you traverse one
    lava: tuple[str, ...] = ()  # lose 1 Life Point on entering
    pirates: tuple[str, ...] = ()  # discard a Bonus card or lose 1 Life Point on entering
    super_ramps: tuple[tuple[str, str], ...] = ()  # (space, "NW" or "NE"): a step that way jumps 2 spaces
    multi_ramps: tuple[str, ...] = ()  # any forward step from here jumps 1 space
    statues: tuple[str, ...] = ()  # entering fires: 1 damage on each of the six adjacent spaces
    pentacle: tuple[str, ...] = ()  # ending your die move here: you may pay 1 Life Point to re-roll
    ice: tuple[str, ...] = ()  # entering slides on to the first space that is not ice


# Every layout keeps the rulebook's example on its circuit playing out as printed (see the tests).
CIRCUITS: Final[dict[str, CircuitSpec]] = {
    # C3 -> D4 -> E5 -> F6 crosses two lava spaces (E5, F6).
    "kaldheira": CircuitSpec(
        name="Kaldheira, the pools of doom",
        effect="lava",
        lava=("E5", "F6", "B8", "A9", "D10", "C11"),
        bonus=("B4", "F8", "D12"),
    ),
    # A7 -> B8 -> C9 -> D10 (three diagonal right) crosses two pirate spaces (B8, C9).
    "lagoon": CircuitSpec(
        name="Dead Man's Lagoon",
        effect="pirates",
        pirates=("E3", "F4", "B8", "C9", "E11", "D12"),
        bonus=("C5", "F10", "A11"),
    ),
    # A3 is a super-ramp to the right: a step right jumps B4 and C5 to land on D6.
    "moltenchest": CircuitSpec(
        name="Moltenchest, the forbidden foundry",
        effect="ramps",
        super_ramps=(("A3", "NE"), ("F8", "NW"), ("C9", "NE")),
        multi_ramps=("D2", "E7", "B10"),
        bonus=("E5", "B6", "D12"),
    ),
    # Stepping into D6 fires at C5, D4, E5, C7, D8 and E7.
    "ban_kog": CircuitSpec(
        name="The ruins of Ban-Kog",
        effect="statues",
        statues=("F2", "D6", "A9", "E11"),
        bonus=("E3", "B6", "D10"),
    ),
    # D4 -> D6 ends on the pentacle; a yellow re-roll goes on to D10, on the pentacle again (ruling 3).
    "anglieh": CircuitSpec(
        name="Ang'lieh, the Eye of the unfathomable void of the Deep One",
        effect="pentacle",
        pentacle=("D6", "B8", "F8", "D10", "C11", "E11"),
        bonus=("E3", "A5", "B12"),
    ),
    # D2 -> D4 is ice: slide over D6 (ice) and stop on D8. D2 is ice too, so no Titan stops there on its way up
    # from C1 or E1 (the first turn's blue die made D2 -> D8 a jackpot: E1 +11 to +14 points from fair).
    "estenggaard": CircuitSpec(
        name="The icy plains of Estenggaard",
        effect="ice",
        ice=("B2", "D2", "D4", "D6", "A9", "A11", "E9", "F10"),
        bonus=("C5", "F6", "B12"),
    ),
}
CIRCUIT_ORDER: Final[tuple[str, ...]] = tuple(CIRCUITS)

CIRCUIT_EFFECTS: Final[dict[str, str]] = {
    "lava": "As soon as you enter a lava space (moving or pushed), you lose 1 Life Point. A trap placed on lava "
    "triggers at once and is discarded.",
    "pirates": "Whenever you traverse a Pirate space (moving or pushed), discard a Bonus card or lose 1 Life "
    "Point; several Pirate spaces attack several times.",
    "ramps": "A step in a Ramp's direction from a Ramp space jumps over spaces for free: a SUPER-Ramp (left or "
    "right only) jumps two, a MULTI-Ramp (any forward direction) jumps one.",
    "statues": "Stepping onto a Fire Statue (moving or pushed) inflicts 1 damage on each of the six adjacent "
    "spaces. A trap on a statue does not fire it.",
    "pentacle": "Ending your die move on the pentacle, you may lose 1 Life Point to re-roll your die and take "
    "the new action; no Ability or Bonus card after a re-roll. Being pushed onto it gives nothing.",
    "ice": "Entering an ice space (moving or pushed), you slide on to the first space that is not ice, in the "
    "direction you were moving. Traps on ice do not slide.",
}


# -- the Bonus cards (designed: the rulebook names only Tribal Trap) -------------------------------------------
class CardSpec(NamedTuple):
    """A Bonus card: its name, copies in the deck, when it may be played, what it does."""

    name: str
    copies: int
    timing: str  # "own": on your turn, before or after your move; "reaction": whenever its text says
    text: str


BONUS_CARDS: Final[dict[str, CardSpec]] = {
    "tribal_trap": CardSpec("Tribal Trap", 1, "own", "Place a trap on an adjacent space."),
    "lucky_charm": CardSpec(
        "Lucky Charm",
        1,
        "own",
        "Before your move (and before its trap or hit), re-roll the die you took and take the new face's action "
        "instead.",
    ),
    "elixir": CardSpec("Elixir", 2, "own", "Gain 2 Life Points (never above your gauge)."),
    "winged_boots": CardSpec(
        "Winged Boots",
        1,
        "own",
        "Move 1 space straight ahead, flying: you do not slide on ice. Only while you are last in the race: no "
        "Titan is behind you (fewer laps, or the same lap and a lower row).",
    ),
    "sidestep": CardSpec(
        "Sidestep",
        1,
        "own",
        "Move 1 space diagonally, left or right. Only while another Titan is ahead of you in the race (more laps, "
        "or the same lap and a higher row).",
    ),
    "grappling_hook": CardSpec(
        "Grappling Hook",
        1,
        "own",
        "Swap places with a Titan on one of the two spaces diagonally before you (not straight ahead).",
    ),
    "thunderbolt": CardSpec(
        "Thunderbolt", 1, "own", "Inflict 1 damage on each of the six spaces around you (traps there explode)."
    ),
    "voodoo_doll": CardSpec(
        "Voodoo Doll", 1, "own", "Any one Titan on the circuit loses 1 Life Point (this targets Titans only)."
    ),
    "gust_of_wind": CardSpec(
        "Gust of Wind",
        1,
        "own",
        "Push a Titan on an adjacent space 2 spaces straight away from you (a chain reaction: it loses 1 Life Point).",
    ),
    "hourglass": CardSpec(
        "Hourglass",
        1,
        "own",
        "Once you have used your Ability this turn: flip its card face up (you may use it again) and gain 1 "
        "Life Point.",
    ),
    "shield": CardSpec(
        "Shield",
        2,
        "reaction",
        "On any turn (yours or another's), when you would lose a Life Point to damage, a push, a trap or the "
        "circuit, play this card: you lose none to these until your next turn begins.",
    ),
}
DECK: Final[tuple[str, ...]] = tuple(card for card, spec in BONUS_CARDS.items() for _ in range(spec.copies))
