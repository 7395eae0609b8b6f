"""This edition's rulings and designed content for Titan Race, for the docs and the in-app rules screen."""

from __future__ import annotations

from typing import Any

RULINGS: list[str] = []


def designed_values() -> dict[str, Any]:
    """This edition's designed content, JSON-ready."""
    return {}


def rules_markdown() -> str:
    """The designed content and rulings as markdown."""
    return ""
