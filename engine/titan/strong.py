"""Titan's searching computer player (level 2, "Strong"): the frame its parts plug into.

A decision is a generator: it does one small piece of work between `yield`s (at most a few milliseconds of
CPython, so that a slice of the browser's thinking loop, 15 ms and the unit it ends in, stays well under 50 ms in
Pyodide) and returns the action. `GeneratorThinking` steps it, one `yield` a work unit, so the page stays
responsive however long it thinks.

- The masterboard (split, move, engage, engagement answers, aftermath, muster): `strong_board.decide` (valuing a
  position as `strong_value` reckons it, planning moves with `strong_moves`).
- The battle (maneuver, strike, carry, summons and reinforcements inside it): `strong_battle.decide`.

Both reason only over what the seat may know: the real state is read through the seat's knowledge, and any
simulation runs on copies made by `Titan.determinize(state, seat, rng)` (hidden characters and future dice
dealt from the bot's own RNG). The real state is never changed and its RNG never read.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import cast

from engine.core import Action, Rng
from engine.core.bots import Bot, Thinking
from engine.core.game import GameState
from engine.titan.state import Phase, TitanState

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


def decide(state: TitanState, seat: int, legal: list[Action], rng: Rng) -> Decision:
    """Strong's decision: the battle's part in a battle, else the masterboard's."""
    # The first time, Strong's modules are imported a unit of work each (about 5-9 ms of CPython each, 60 ms in
    # Pyodide together: one slice would block the page that long), apart from the first reckoning of the decision
    if state.phase in BATTLE_PHASES:
        from engine.titan import strong_battle

        yield
        return (yield from strong_battle.decide(state, seat, legal, rng))
    import engine.titan.baseline

    yield
    import engine.titan.odds

    yield
    import engine.titan.strong_value

    yield
    import engine.titan.strong_moves  # noqa: F401

    yield
    from engine.titan import strong_board

    yield
    return (yield from strong_board.decide(state, seat, legal, rng))


class StrongBot(Bot):
    """Level 2: search over determinized worlds within a time budget (see docs/titan.md, "Strong")."""

    level = 2

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        return GeneratorThinking(decide(cast(TitanState, state), seat, legal, rng))
