"""Titan's searching computer player (level 2, "Strong"): the frame its parts plug into.

A decision is a generator: it does one small piece of work between `yield`s (at most a few milliseconds of
CPython, so that a slice of the browser's thinking loop, 15 ms and the unit it ends in, stays well under 50 ms in
Pyodide) and returns the action (strong_decision.py). `GeneratorThinking` steps it, one `yield` a work unit, so
the page stays responsive however long it thinks.

- The masterboard (split, move, engage, engagement answers, aftermath, muster): `strong_board.decide` (valuing a
  position as `strong_value` reckons it, planning moves with `strong_moves`).
- The battle (maneuver, strike, carry, summons and reinforcements inside it): `strong_battle.decide`.

Both reason only over what the seat may know: the real state is read through the seat's knowledge, and any
simulation runs on copies made by `Titan.determinize(state, seat, rng)` (hidden characters and future dice
dealt from the bot's own RNG). The real state is never changed and its RNG never read.
"""

from __future__ import annotations

from typing import cast

from engine.core import Action, Rng
from engine.core.bots import Bot, Thinking
from engine.core.game import GameState
from engine.titan.ai.strong_decision import BATTLE_PHASES, Decision, GeneratorThinking
from engine.titan.state import TitanState


def decide(state: TitanState, seat: int, legal: list[Action], rng: Rng) -> Decision:
    """Strong's decision: the battle's part in a battle, else the masterboard's."""
    # The first time, Strong's modules are imported a unit of work each (about 5-9 ms of CPython each, 60 ms in
    # Pyodide together: one slice would block the page that long), apart from the first reckoning of the decision
    if state.phase in BATTLE_PHASES:
        from engine.titan.ai import strong_battle

        yield
        return (yield from strong_battle.decide(state, seat, legal, rng))
    import engine.titan.ai.baseline

    yield
    import engine.titan.ai.odds

    yield
    import engine.titan.ai.strong_value

    yield
    import engine.titan.ai.strong_moves  # noqa: F401

    yield
    from engine.titan.ai import strong_board

    yield
    return (yield from strong_board.decide(state, seat, legal, rng))


class StrongBot(Bot):
    """Level 2: search over determinized worlds within a time budget (see docs/titan.md, "Strong")."""

    level = 2

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        return GeneratorThinking(decide(cast(TitanState, state), seat, legal, rng))
