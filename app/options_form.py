"""A form for any game's pydantic Options model: fields to inputs, form values back to a dict."""

from __future__ import annotations

import enum
import typing
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from app.markup import attrs, esc


@dataclass
class OptionField:
    """One variant setting, as the setup form shows it."""

    name: str
    label: str
    kind: Literal["bool", "choice", "int", "text"]
    default: Any
    choices: list[tuple[str, str]]  # (value, label) for kind "choice"
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""


def _label(name: str, title: str | None) -> str:
    """A field's label: its title, or its name in words."""
    return title or name.replace("_", " ").capitalize()


def option_fields(model: type[BaseModel]) -> list[OptionField]:
    """The fields of an Options model that the setup form shows, in declaration order."""
    fields: list[OptionField] = []
    for name, info in model.model_fields.items():
        annotation = info.annotation
        default = info.get_default(call_default_factory=True)
        help_text = info.description or ""
        label = _label(name, info.title)
        origin = typing.get_origin(annotation)
        if annotation is bool:
            fields.append(OptionField(name, label, "bool", bool(default), [], help=help_text))
        elif origin is Literal:
            values = typing.get_args(annotation)
            fields.append(
                OptionField(name, label, "choice", default, [(str(v), str(v)) for v in values], help=help_text)
            )
        elif isinstance(annotation, type) and issubclass(annotation, enum.Enum):
            choices = [(str(m.value), str(m.value).replace("_", " ")) for m in annotation]
            value = default.value if isinstance(default, enum.Enum) else default
            fields.append(OptionField(name, label, "choice", value, choices, help=help_text))
        elif annotation is int:
            low = high = None
            for meta in info.metadata:
                low = getattr(meta, "ge", low)
                high = getattr(meta, "le", high)
            fields.append(OptionField(name, label, "int", default, [], low, high, help=help_text))
        else:
            fields.append(OptionField(name, label, "text", "" if default is None else default, [], help=help_text))
    return fields


def render_fields(fields: list[OptionField], values: dict[str, str], prefix: str = "opt_") -> str:
    """The inputs of the option fields, with current values (strings from the form) or defaults."""
    parts: list[str] = []
    for field in fields:
        key = prefix + field.name
        field_id = "f-" + key
        help_html = f"<small class='help'>{esc(field.help)}</small>" if field.help else ""
        if field.kind == "bool":
            checked = (values.get(key) == "on") if values.get("_submitted") else bool(field.default)
            parts.append(
                f"<label class='check'{attrs(for_=field_id)}>"
                f"<input{attrs(type='checkbox', id=field_id, name=key, checked=checked)}>"
                f"<span>{esc(field.label)}</span></label>{help_html}"
            )
            continue
        current = values.get(key, "" if field.default is None else str(field.default))
        if field.kind == "choice":
            options = "".join(
                f"<option{attrs(value=value, selected=value == current)}>{esc(label)}</option>"
                for value, label in field.choices
            )
            control = f"<select{attrs(id=field_id, name=key)}>{options}</select>"
        elif field.kind == "int":
            number = attrs(type="number", id=field_id, name=key, value=current, min=field.minimum, max=field.maximum)
            control = f"<input{number} step='1'>"
        else:
            control = f"<input{attrs(type='text', id=field_id, name=key, value=current)}>"
        parts.append(
            f"<label class='field'{attrs(for_=field_id)}><span>{esc(field.label)}</span>{control}</label>{help_html}"
        )
    return "".join(parts)


def parse_values(fields: list[OptionField], values: dict[str, str], prefix: str = "opt_") -> dict[str, Any]:
    """Form strings back to option values (the game's Options model validates them)."""
    data: dict[str, Any] = {}
    for field in fields:
        key = prefix + field.name
        if field.kind == "bool":
            data[field.name] = values.get(key) == "on"
        elif key in values:
            raw = values[key].strip()
            if field.kind == "int":
                try:
                    data[field.name] = int(raw)
                except ValueError:
                    raise ValueError(f"{field.label} must be a whole number.") from None
            else:
                data[field.name] = raw
    return data
