"""Standard's decisions made a slice at a time: its costly reckonings one at a time, the same choice as in one piece.

Standard (`standard.py`) decides with plain functions, not a generator, and a move or a maneuver among many choices
costs it up to 20 ms of CPython (50 ms in the page's Pyodide): one task too long for the page. Rather than
rewrite it as generators, its costly reckonings are marked `@unit(weight)`: pure functions of the position
(where each legion reaches and what it musters there, the danger on a land, a hex's value, who an entry shuts
out). `SlicedThinking.step` runs the whole decision again each time, with the reckonings already made
remembered; when a step has done its share of new ones it stops (`_Later`) and the next step goes on from
there. The last run, with everything remembered, is the decision made in one piece: the same reckonings give
the same answers, and each run starts from a copy of the bot's dice. A reckoning is remembered only when its
arguments are plain values or objects of the position (the state, its battle, its legions, the legal
actions, a remembered answer), which no bot changes while it decides; any other call is simply made.

Outside a `SlicedThinking` step (Strong asking Standard, a test, a script) the marked functions are called as
they are.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from engine.core import Action, Rng
from engine.core.bots import Thinking

F = TypeVar("F", bound=Callable[..., Any])
PLAIN = (int, float, str, bool, type(None), tuple, frozenset)  # hashable values (tuples and frozensets of them)

_active: _Memo | None = None  # the memo of the step running now (one at a time: the page has one thread)


class _Later(BaseException):  # a BaseException, so that no `except Exception` in a decision eats it
    """This step has done its share of new reckonings: the decision goes on at the next step."""


class _Memo:
    """What one decision has reckoned so far, and what the step running now may still add."""

    def __init__(self, stable: list[Any]) -> None:
        self.results: dict[tuple[Any, ...], Any] = {}
        self.held: list[Any] = list(stable)  # kept alive, so an id in a key always means the same object
        self.stable: set[int] = {id(obj) for obj in stable}
        self.budget = 0.0
        self.spent = 0.0

    def key(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, ...] | None:
        """The key of a call, or None if one of its arguments is neither a plain value nor a stable object."""
        parts: list[Any] = [fn]
        for arg in args:
            if id(arg) in self.stable:
                parts.append(("id", id(arg)))
            elif isinstance(arg, PLAIN):
                try:
                    hash(arg)
                except TypeError:
                    return None
                parts.append(arg)
            else:
                return None
        return tuple(parts)

    def call(self, fn: Callable[..., Any], weight: float, args: tuple[Any, ...]) -> Any:
        key = self.key(fn, args)
        if key is None:
            return fn(*args)
        if key in self.results:
            return self.results[key]
        if self.spent > 0 and self.spent + weight > self.budget:
            raise _Later
        result = fn(*args)
        self.spent += weight
        self.results[key] = result
        if not isinstance(result, PLAIN):
            self.held.append(result)
            self.stable.add(id(result))
        return result


def unit(weight: float) -> Callable[[F], F]:
    """Mark a costly reckoning of a decision that depends only on its arguments (and is not changed by its
    callers): inside a `SlicedThinking` step it is made once and remembered. `weight` is its work in units of
    about a millisecond of CPython; a step makes reckonings up to its `max_work` of them (at least one)."""

    def mark(fn: F) -> F:
        @functools.wraps(fn)
        def reckon(*args: Any, **kwargs: Any) -> Any:
            memo = _active
            if memo is None or kwargs:
                return fn(*args, **kwargs)
            return memo.call(fn, weight, args)

        return reckon  # type: ignore[return-value]

    return mark


class SlicedThinking(Thinking):
    """A decision of plain functions (`decide(rng)`) made over several steps, its `@unit` reckonings remembered.

    `stable` are the objects that stay as they are while it decides (the state, its battle and legions, the
    legal actions): calls with them as arguments are remembered."""

    def __init__(self, decide: Callable[[Rng], Action], rng: Rng, stable: list[Any]) -> None:
        super().__init__()
        self._decide = decide
        self._rng = rng
        self._memo = _Memo(stable)
        self.steps = 0  # steps taken (runs of the decision), for tests

    def step(self, max_work: int) -> bool:
        """Run the decision with up to `max_work` units of new reckonings (at least one); True once it is made."""
        global _active
        if self._action is not None:
            return True
        memo = self._memo
        memo.budget, memo.spent = float(max(1, max_work)), 0.0
        outer, _active = _active, memo
        self.steps += 1
        try:
            self._action = self._decide(Rng(self._rng.state, self._rng.draws))
        except _Later:
            return False
        finally:
            _active = outer
        return True

    @property
    def progress(self) -> float:
        """A guess: the reckonings made so far against a typical decision's (about 40)."""
        if self._action is not None:
            return 1.0
        return min(0.95, len(self._memo.results) / 40)
