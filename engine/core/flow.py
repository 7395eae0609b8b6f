"""A game's flow as data, as boardgame.io's flow is: for each phase, the decisions it offers, the play of each kind
of decision it takes and why one of those may be refused now (docs/engine-contract.md, "Flow as data").

Titan, Titan Dice and Titan Race each keep one table of these rows (`phases.FLOW`: a `Step` per `Phase`); the game
lists its legal decisions with `Step.choices`, plays one with `play_in_row` and asks `Step.refusals` for the words
of a refusal. Born of Titans' rows (`choices.STEPS`) carry the words of what the phase waits for as well.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from engine.core.errors import IllegalAction
from engine.core.game import Action, GameState

S = TypeVar("S", bound=GameState)


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """A phase of the flow: what it offers (the legal decisions of the player to move, in a stable order), how each
    kind of decision it takes is played on the state (a copy, in place), and why one of those kinds may be refused
    while the phase takes it (the reason shown; None: the game's usual words)."""

    choices: Callable[[S], list[Action]]
    plays: Mapping[type[Action], Callable[[S, Any], None]]
    refusals: Mapping[type[Action], Callable[[S, Any], str | None]] = field(
        default_factory=lambda: MappingProxyType({})
    )

    def refusal(self, state: S, action: Action) -> str | None:
        """Why this row refuses `action` now, if it says (None: no words of its own)."""
        reason = self.refusals.get(type(action))
        return reason(state, action) if reason is not None else None


def play_in_row(step: Step[S], state: S, action: Action, refused: Callable[[S, Action], str]) -> None:
    """Carry out `action` by the play its phase's row gives its kind; a kind the row does not take raises
    IllegalAction with `refused(state, action)`'s words before anything changes."""
    carry_out = step.plays.get(type(action))
    if carry_out is None:
        raise IllegalAction(refused(state, action))
    carry_out(state, action)
