"""Strong's board decisions (scaffolding: Standard's choice until the search is written; see strong.py)."""

from __future__ import annotations

from engine.core import Action, Rng
from engine.titan import ai
from engine.titan.state import TitanState
from engine.titan.strong import Decision


def decide(state: TitanState, seat: int, legal: list[Action], rng: Rng) -> Decision:
    """The action Strong plays (for now Standard's)."""
    yield
    return ai.choose(state, seat, legal, rng)
