"""What happened in the page, announced to the parts that follow it: the table and the screens announce, the saver,
the computer seats, the game's clock and the friends' host subscribe (docs/app.md, "The parts talk through events").

An event is a small frozen record named by what happened. `Events.announce` calls each subscriber of its kind at
once, in the order they subscribed, and returns when all are done: what the announcer does next comes after them,
as a call would. A subscriber that raises is reported (`report_failures`: its traceback printed, as the page does for
an engine bug) once the others have been called, and the announcer goes on: one part's bug never silences another
part nor the table. (The tests' fake page makes the report raise, so that a bug fails its test.) Plain Python: no
browser, no clock.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.game import GameState


@dataclass(frozen=True)
class Event:
    """Something that happened in the page (each kind below names what)."""


@dataclass(frozen=True)
class GameClosed(Event):
    """The game at the table, if any, is put away: another is about to be opened (the clock's count and the
    computer's thinking on it end)."""


@dataclass(frozen=True)
class GameOpened(Event):
    """The table holds a game newly opened (new, stored, shared or imported), before it is drawn."""

    state: GameState


@dataclass(frozen=True)
class PositionDrawn(Event):
    """The table drew `state` on the game screen (or took it while another screen is shown): what the friends' pages
    are sent."""

    state: GameState


@dataclass(frozen=True)
class PositionChanged(Event):
    """The game in play stands somewhere new and is drawn: a game opened, a move (a human's, the computer's, a
    friend's), an undo, a seat handed over; or only its clock went on (`time_only`). What is saved."""

    state: GameState
    time_only: bool = False


@dataclass(frozen=True)
class PositionReplaced(Event):
    """The position in play is about to be replaced by one not reached from it by a move: an undo (here or from a
    friend's device) or the game as another tab stored it. Thinking on it is moot."""


@dataclass(frozen=True)
class DecisionAsked(Event):
    """The table shows the game waiting for its next decision (after a move, an undo, a game opened, the game
    screen shown again, its clock saved): whoever answers it may start."""

    state: GameState


@dataclass(frozen=True)
class ScreenShown(Event):
    """A screen other than the game's is about to be drawn (`screen`: home, setup, settings, replay or rules)."""

    screen: str


def report_failures(event: Event, failures: list[Exception]) -> None:
    """The subscribers of `event` that raised: each one's traceback printed (the page goes on)."""
    for failure in failures:
        print(f"A part failed on {type(event).__name__}:", file=sys.stderr)
        traceback.print_exception(failure)


E = TypeVar("E", bound=Event)
Handler = Callable[[Any], object]


class Events:
    """The page's subscriptions, by kind of event, each kind's in the order they were made."""

    def __init__(self) -> None:
        self.handlers: dict[type[Event], list[Handler]] = {}

    def subscribe(self, kind: type[E], handler: Callable[[E], object]) -> Callable[[E], object]:
        """Call `handler` with each event of `kind` announced from now on, after the earlier subscribers; the
        handler is returned, to `unsubscribe` it."""
        self.handlers.setdefault(kind, []).append(handler)
        return handler

    def unsubscribe(self, kind: type[E], handler: Callable[[E], object]) -> None:
        """No more events of `kind` for `handler` (one it never subscribed, or no longer: nothing happens)."""
        handlers = self.handlers.get(kind, [])
        for index, subscribed in enumerate(handlers):
            if subscribed is handler:
                del handlers[index]
                return

    def announce(self, event: Event) -> None:
        """Call the subscribers of the event's kind, in the order they subscribed (those subscribed or unsubscribed
        meanwhile: from the next announcement); those that raised are reported once all were called."""
        failures: list[Exception] = []
        for handler in tuple(self.handlers.get(type(event), ())):
            try:
                handler(event)
            except Exception as failure:
                failures.append(failure)
        if failures:
            report_failures(event, failures)

    def subscribers(self, kind: type[Event]) -> int:
        """How many handlers follow `kind` now."""
        return len(self.handlers.get(kind, ()))
