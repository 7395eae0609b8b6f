"""A decision of Titan's Strong player (strong.py) as a generator: it does one small piece of work between `yield`s
and returns the action; `GeneratorThinking` steps it, one `yield` a work unit, so the page stays responsive however
long it thinks. The masterboard's part (strong_board.py) and the battle's (strong_battle.py) are such generators.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import cast

from engine.core import Action
from engine.core.bots import Thinking
from engine.titan.state import Phase

Decision = Generator[None, None, Action]  # yields once per work unit, returns the chosen action

BATTLE_PHASES = frozenset({Phase.MANEUVER, Phase.STRIKE, Phase.CARRY})


class GeneratorThinking(Thinking):
    """A decision in progress driven by a generator: each `yield` is one unit of work."""

    def __init__(self, decision: Decision, expected_units: int = 100) -> None:
        super().__init__()
        self._decision = decision
        self._units = 0
        self._expected = max(1, expected_units)

    def step(self, max_work: int) -> bool:
        if self._action is not None:
            return True
        for _ in range(max(1, max_work)):
            try:
                next(self._decision)
            except StopIteration as stop:
                self._action = cast(Action, stop.value)
                return True
            self._units += 1
        return False

    @property
    def progress(self) -> float:
        if self._action is not None:
            return 1.0
        return min(0.95, self._units / self._expected)
