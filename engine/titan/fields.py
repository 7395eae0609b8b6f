"""The types a saved Titan position's fields are validated against (the records' annotations in `state.py`,
`battle_state.py` and Battle Titan's `war_record.py`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from engine.core.positions import Count
from engine.titan.data import CREATURES, HEX_LABELS, LANDS

MarkerText = Annotated[str, StringConstraints(strict=True, pattern=r"^(Bk|Bu|Br|Gd|Gr|Rd)(0[1-9]|1[0-2])$")]
CharacterName = Literal[tuple(sorted(CREATURES))]  # type: ignore[valid-type]
Characters = Annotated[list[CharacterName], Field(max_length=8)]
Land = Literal[tuple(sorted(LANDS))]  # type: ignore[valid-type]
HexLabel = Literal[tuple(HEX_LABELS)]  # type: ignore[valid-type]
SeatIndex = Count(5)
Side = Literal["attacker", "defender"]
