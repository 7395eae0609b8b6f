"""Shared pieces for reading a saved position back: bounded JSON types and one way to report a bad field.

Each game describes its own fields (`GameState._snapshot_own()`) as a pydantic model built from these,
and `Game.restore_own` validates the saved fields against it before it sets anything.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints, ValidationError

Text = Annotated[str, StringConstraints(strict=True, max_length=400)]
Key = Annotated[str, StringConstraints(strict=True, max_length=40)]
Scalar = StrictBool | StrictInt | Text | None
# A flat JSON object of a rule in progress: scalars and short lists of scalars.
FlatDict = Annotated[dict[Key, Scalar | Annotated[list[Scalar], Field(max_length=40)]], Field(max_length=40)]


def copy_flat(record: dict[str, Any]) -> dict[str, Any]:
    """A copy of a flat record (a `FlatDict`: scalars and lists of scalars), its keys in sorted order."""
    return {key: (list(value) if isinstance(value, list) else value) for key, value in sorted(record.items())}


def Count(high: int, low: int = 0) -> Any:  # noqa: N802 - reads as a type in the models
    """A plain int (never a bool) from `low` to `high`."""
    return Annotated[StrictInt, Field(ge=low, le=high)]


class Fields(BaseModel):
    """Base of the models of saved fields: exact keys, nothing extra."""

    model_config = ConfigDict(extra="forbid", frozen=True)


M = TypeVar("M", bound=BaseModel)


def read_fields(model: type[M], data: Any) -> M:
    """`data` validated by `model`; ValueError naming the first bad field (short, never the value)."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise bad_field(error) from None


def bad_field(error: ValidationError) -> ValueError:
    """The ValueError reporting a failed validation: its first bad field (short, never the value)."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first.get("loc", ()))[:80] or "value"
    return ValueError(f"its field {where} is not valid ({first.get('msg', 'invalid')[:80]})")
