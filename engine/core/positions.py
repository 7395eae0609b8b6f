"""Shared pieces for reading a saved position back: bounded JSON types and one way to report a bad field.

Each game declares its own fields as records (`engine/core/records.py`), annotated with these types; the
pydantic model that validates a saved position at restore is derived from those annotations, and a bad field
is reported by `bad_field`, as `read_fields` reports it for a model written by hand.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints, ValidationError

Text = Annotated[str, StringConstraints(strict=True, max_length=400)]
Key = Annotated[str, StringConstraints(strict=True, max_length=40)]
Scalar = StrictBool | StrictInt | Text | None
# A flat JSON object of a rule in progress: scalars and short lists of scalars.
FlatDict = Annotated[dict[Key, Scalar | Annotated[list[Scalar], Field(max_length=40)]], Field(max_length=40)]


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
