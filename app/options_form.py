"""A form for any game's pydantic Options model: fields to inputs, form values back to a dict.

A field's `json_schema_extra` may say how the form shows it:
- `labels`: {value: label} for a choice's values (never a raw id on screen);
- `players`: the player counts it applies to (shown only then);
- `when`: {other option: [values]}: shown only while another option has one of those values;
- `seats`: its numeric choices are seats, offered only up to the player count;
- `count`: a tuple of choices is shown as that many selects (`empty`: the label of "none chosen");
- `notes`: {value: line} for a choice: the line under it says what the chosen value means (and follows it);
- `form`: False keeps it off the form.
A field the form does not show keeps its default.
"""

from __future__ import annotations

import enum
import typing
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any, Literal

from pydantic import BaseModel

from app.markup import attrs, esc


@dataclass
class OptionField:
    """One variant setting, as the setup form shows it."""

    name: str
    label: str
    kind: Literal["bool", "choice", "choices", "int", "text"]
    default: Any
    choices: list[tuple[str, str]]  # (value, label) for kind "choice"
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    players: tuple[int, ...] = ()  # shown only with these player counts (empty: with any)
    when: dict[str, tuple[str, ...]] = dataclass_field(default_factory=dict)  # shown only while these options so read
    seats: bool = False  # numeric choices are seats: only those up to the player count are offered
    count: int = 0  # kind "choices": how many selects
    empty: str = ""  # kind "choices": the label of the "none chosen" entry
    notes: dict[str, str] = dataclass_field(default_factory=dict)  # kind "choice": what each value means
    on_form: bool = True
    refresh: bool = False  # another field depends on it: the form is redrawn when it changes

    def is_shown(self, num_players: int | None, values: dict[str, str], fields: list[OptionField]) -> bool:
        """Does the form show this field, for this player count and these form values?"""
        if not self.on_form:
            return False
        if self.players and num_players is not None and num_players not in self.players:
            return False
        defaults = {f.name: "" if f.default is None else str(f.default) for f in fields}
        return all(values.get(PREFIX + name, defaults.get(name, "")) in allowed for name, allowed in self.when.items())

    def offered(self, num_players: int | None) -> list[tuple[str, str]]:
        """The choices offered for this player count."""
        if not self.seats or num_players is None:
            return self.choices
        return [(value, label) for value, label in self.choices if not value.isdigit() or int(value) <= num_players]


PREFIX = "opt_"


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
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        labels = extra.get("labels") or {}
        if annotation is bool:
            fields.append(OptionField(name, label, "bool", bool(default), [], help=help_text))
        elif origin is Literal:
            values = typing.get_args(annotation)
            choices = [(str(v), str(labels.get(str(v), v))) for v in values]
            fields.append(OptionField(name, label, "choice", default, choices, help=help_text))
        elif origin is tuple and extra.get("count") and typing.get_origin(typing.get_args(annotation)[0]) is Literal:
            values = typing.get_args(typing.get_args(annotation)[0])
            choices = [(str(v), str(labels.get(str(v), v))) for v in values]
            fields.append(OptionField(name, label, "choices", default, choices, help=help_text))
            fields[-1].count, fields[-1].empty = int(extra["count"]), str(extra.get("empty", "—"))
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
        shown = fields[-1]
        shown.players = tuple(extra.get("players") or ())
        shown.when = {key: tuple(str(v) for v in allowed) for key, allowed in (extra.get("when") or {}).items()}
        shown.seats = bool(extra.get("seats"))
        shown.on_form = extra.get("form", True) is not False
        shown.notes = {str(value): str(line) for value, line in (extra.get("notes") or {}).items()}
    for shown in fields:
        shown.refresh = shown.refresh or bool(shown.notes)  # its line follows the value chosen
        for name in shown.when:
            for other in fields:
                other.refresh = other.refresh or other.name == name
    return fields


def render_fields(
    fields: list[OptionField], values: dict[str, str], num_players: int | None = None, prefix: str = PREFIX
) -> str:
    """The inputs of the option fields shown for this player count and these values, with current values
    (strings from the form) or defaults."""
    parts: list[str] = []
    for field in fields:
        if not field.is_shown(num_players, values, fields):
            continue
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
        if field.kind == "choices":
            parts.append(_render_choices(field, values, key, field_id, help_html))
            continue
        current = values.get(key, "" if field.default is None else str(field.default))
        if field.notes.get(current):
            help_html = f"<small class='help'{attrs(id=field_id + '-note')}>{esc(field.notes[current])}</small>"
        if field.kind == "choice":
            options = "".join(
                f"<option{attrs(value=value, selected=value == current)}>{esc(label)}</option>"
                for value, label in field.offered(num_players)
            )
            refresh = "1" if field.refresh else None
            control = f"<select{attrs(id=field_id, name=key, data_refresh=refresh)}>{options}</select>"
        elif field.kind == "int":
            number = attrs(type="number", id=field_id, name=key, value=current, min=field.minimum, max=field.maximum)
            control = f"<input{number} step='1'>"
        else:
            control = f"<input{attrs(type='text', id=field_id, name=key, value=current)}>"
        parts.append(
            f"<label class='field'{attrs(for_=field_id)}><span>{esc(field.label)}</span>{control}</label>{help_html}"
        )
    return "".join(parts)


def _render_choices(field: OptionField, values: dict[str, str], key: str, field_id: str, help_html: str) -> str:
    """A tuple of choices as `count` numbered selects (each may be left at "none chosen")."""
    defaults = [str(v) for v in (field.default or ())]
    selects = []
    for index in range(field.count):
        current = values.get(f"{key}_{index}", defaults[index] if index < len(defaults) else "")
        options = f"<option{attrs(value='', selected=current == '')}>{esc(field.empty)}</option>" + "".join(
            f"<option{attrs(value=value, selected=value == current)}>{esc(label)}</option>"
            for value, label in field.choices
        )
        name = f"{field.label} {index + 1}"
        selects.append(
            f"<select{attrs(id=f'{field_id}-{index}', name=f'{key}_{index}', aria_label=name)}>{options}</select>"
        )
    return (
        f"<fieldset class='field choices'><legend>{esc(field.label)}</legend>{''.join(selects)}</fieldset>{help_html}"
    )


def parse_values(
    fields: list[OptionField], values: dict[str, str], num_players: int | None = None, prefix: str = PREFIX
) -> dict[str, Any]:
    """Form strings back to option values (the game's Options model validates them); a field the form does
    not show keeps its default."""
    data: dict[str, Any] = {}
    for field in fields:
        if not field.is_shown(num_players, values, fields):
            continue
        key = prefix + field.name
        if field.kind == "bool":
            data[field.name] = values.get(key) == "on"
        elif field.kind == "choices":
            chosen = [values.get(f"{key}_{index}", "").strip() for index in range(field.count)]
            data[field.name] = tuple(value for value in chosen if value)
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
