"""The two sides of an engagement and of a battle, defined once: their names (as saved, shown and offered in
terms: `Propose.eliminated`) and their index in the tables the computer players lay out by side."""

from __future__ import annotations

from typing import Final, Literal

Side = Literal["attacker", "defender"]
ATTACKER: Final[Side] = "attacker"
DEFENDER: Final[Side] = "defender"
SIDES: Final[tuple[Side, Side]] = (ATTACKER, DEFENDER)
# A side's index in a table laid out by side (`SIDES[ATTACKING] == ATTACKER`): the battles `ai/odds.py` plays out.
ATTACKING: Final = SIDES.index(ATTACKER)
DEFENDING: Final = SIDES.index(DEFENDER)
