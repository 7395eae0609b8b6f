"""The types a saved Titan position's fields are validated against (the records' annotations in `state.py`,
`battle_state.py` and Battle Titan's `war_record.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, TypeAlias

from pydantic import Field, StringConstraints

from engine.core.records import Between
from engine.titan.data import CREATURES, HEX_LABELS, LANDS
from engine.titan.sides import Side

MarkerText = Annotated[str, StringConstraints(strict=True, pattern=r"^(Bk|Bu|Br|Gd|Gr|Rd)(0[1-9]|1[0-2])$")]
if TYPE_CHECKING:  # the keys of the designed data, which a type checker reads as the strings and ints they are
    CharacterName: TypeAlias = str
    Land: TypeAlias = int
    HexLabel: TypeAlias = str
else:  # validated against the keys themselves
    CharacterName = Literal[tuple(sorted(CREATURES))]
    Land = Literal[tuple(sorted(LANDS))]
    HexLabel = Literal[tuple(HEX_LABELS)]
Characters = Annotated[list[CharacterName], Field(max_length=8)]
SeatIndex = Annotated[int, Between(0, 5)]

__all__ = ["CharacterName", "Characters", "HexLabel", "Land", "MarkerText", "SeatIndex", "Side"]
