"""A plain board for any game without a view of its own: the engine's view as a readable table."""

from __future__ import annotations

import json
from typing import Any

from app.markup import esc
from app.views import BoardContext


def _value(value: Any) -> str:
    """A compact text form of a view value."""
    if isinstance(value, str | int | float | bool) or value is None:
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def render_board(ctx: BoardContext) -> str:
    """The view's fields as a definition list, each value escaped."""
    rows = "".join(
        f"<div class='kv'><dt>{esc(key.replace('_', ' '))}</dt><dd>{esc(_value(value))}</dd></div>"
        for key, value in ctx.view.items()
    )
    return f"<dl class='generic-board'>{rows}</dl>"
