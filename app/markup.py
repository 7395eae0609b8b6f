"""Small helpers to build HTML/SVG markup as strings, escaping every text on the way in."""

from __future__ import annotations

import html


def esc(text: object) -> str:
    """Escape any text (names, log lines, save data) for HTML or SVG content and attribute values."""
    return html.escape(str(text), quote=True)


def attrs(**values: object) -> str:
    """Render keyword arguments as escaped attributes: `class_` -> `class`, `data_x` -> `data-x`.

    None and False drop the attribute; True renders a bare attribute.
    """
    parts: list[str] = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if value is True:
            parts.append(name)
        else:
            parts.append(f'{name}="{esc(value)}"')
    return (" " + " ".join(parts)) if parts else ""


def button(label: str, *, cls: str = "btn", disabled: bool = False, title: str | None = None, **data: object) -> str:
    """A real <button type="button"> with an escaped label and data-* attributes."""
    data_attrs = {f"data_{key}": value for key, value in data.items()}
    return (
        f"<button{attrs(type='button', class_=cls, disabled=disabled, title=title, **data_attrs)}>{esc(label)}</button>"
    )
