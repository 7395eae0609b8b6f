"""Strong's move planner (level 2): all the seat's remaining moves planned together, the first of the best played.

The engine asks one legion's move at a time; every call plans all the seat's remaining moves together (a beam over
the legions, the best few destinations of each, no two ending together, split halves parted, one teleport, at least
one legion moving), the best few plans valued again with the enemies' reach as the plan leaves the board (a legion
stops an enemy's move), and plays the first move of the best. The plan depends only on the position, so the next
call carries it on. A first turn's mulligan is taken when the roll is worth less than the six rolls' average.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any, NamedTuple

from engine.core import Action
from engine.titan import flow, masterboard
from engine.titan.ai.strong_value import Reach, Valuation
from engine.titan.state import Legion

TELEPORT_COST = 3.0  # a teleport shows a lord: it must gain something
CANDIDATES = 5  # destinations kept per legion when planning the moves together
BEAM = 12  # partial plans kept while adding one legion after another
RESCORED = 6  # whole plans valued again with the enemies' reach as the plan leaves the board


class _Step(NamedTuple):
    """One legion's part in a plan: a move (as the legal Move has it) or staying where it is."""

    marker: str
    land: int
    side: int = 0
    teleport: str = ""
    edge: int = 0
    stay: bool = False


class MovePlanner(Valuation):
    """A masterboard decision that can plan the seat's moves."""

    def step_value(self, legion: Legion, step: _Step, reaches: list[list[Reach]]) -> float:
        if step.stay:
            return self.standing(legion, legion.land, legion.moved, reaches)
        if step.land in self.enemy_lands:
            return self.attack(legion, step.land, reaches)[0]
        return self.standing(legion, step.land, True, reaches) - (TELEPORT_COST if step.teleport else 0.0)

    def move(self, legal: list[Action]) -> Generator[None, None, Action]:
        state = self.state
        moves = [a for a in legal if a.kind == "move"]
        end = next((a for a in legal if a.kind == "end_moves"), None)
        mulligan = next((a for a in legal if a.kind == "mulligan"), None)
        if mulligan is not None:
            worth_now = (yield from self.plan(_steps(moves), end is not None))[0]
            worths = [worth_now]
            for roll in range(1, 7):
                if roll == state.roll:
                    continue
                other = state.clone(record=False)
                other.roll = roll
                board = MovePlanner(other, self.seat, self.rng)
                steps = [_Step(*choice) for choice in flow.move_choices(other)]
                worths.append((yield from board.plan(steps, not flow.must_keep_moving(other)))[0])
            if worth_now < sum(worths) / len(worths):
                return mulligan
        if not moves:
            return end if end is not None else legal[0]
        _worth, plan = yield from self.plan(_steps(moves), end is not None)
        for step in plan:
            if not step.stay and step.side >= 0:  # (a move onto a land another legion leaves comes after it)
                return next(a for a in moves if _step_of(a) == step)
        if end is not None:
            return end
        return moves[0]  # (a plan always moves a legion when one must move)

    def plan(self, steps: list[_Step], may_end: bool) -> Generator[None, None, tuple[float, list[_Step]]]:
        """The best plan for the seat's legions that have not moved: (its worth, a step per legion)."""
        state, seat = self.state, self.seat
        yield from self.warm(set(self.own_lands))
        reaches = self.reaches(set(self.own_lands))
        by_marker: dict[str, list[_Step]] = {lg.marker: [] for lg in state.legions_of(seat) if not lg.moved}
        for step in steps:
            by_marker.setdefault(step.marker, []).append(step)
        self._after_others(by_marker)
        # legions that cannot move first: the land they keep is taken before another legion could stay on it
        unmoved = sorted((lg for lg in state.legions_of(seat) if not lg.moved),
                         key=lambda lg: (bool(by_marker[lg.marker]), lg.marker))  # fmt: skip
        must_move = not may_end and not any(lg.moved for lg in state.legions_of(seat))
        ranked: list[list[tuple[float, _Step]]] = []
        for legion in unmoved:
            options = []
            for step in by_marker[legion.marker]:
                if not step.stay and step.land in self.enemy_lands:
                    yield from self.warm_attack(legion, step.land)
                options.append((self.step_value(legion, step, reaches), step))
                if self.clock.due():
                    yield
            options.sort(key=lambda pair: (-pair[0], pair[1]))
            kept = options[:CANDIDATES]
            stay = _Step(legion.marker, legion.land, stay=True)
            kept.append((self.step_value(legion, stay, reaches), stay))
            ranked.append(kept)
            if self.clock.due():
                yield
        # the beam: partial plans (worth, steps, lands taken, teleported)
        fixed = {lg.land for lg in state.legions_of(seat) if lg.moved}
        beam: list[tuple[float, tuple[_Step, ...], frozenset[int], bool]] = [(0.0, (), frozenset(fixed), False)]
        for options in ranked:
            forced_stay = len(options) == 1
            grown = []
            for worth, taken_steps, taken, teleported in beam:
                before = len(grown)
                for value, step in options:
                    if step.land in taken and not forced_stay:
                        continue
                    if step.teleport and teleported:
                        continue
                    grown.append(
                        (worth + value, (*taken_steps, step), taken | {step.land}, teleported or bool(step.teleport))
                    )
                if len(grown) == before:  # nowhere left for it: it stays (and joins the legion there, as it must)
                    value, stay = options[-1]
                    grown.append((worth + value - 50.0, (*taken_steps, stay), taken, teleported))
            grown.sort(key=lambda item: (-item[0], [s.land for s in item[1]]))
            beam = grown[:BEAM]
            if self.clock.due():
                yield
        plans = [
            item[1]
            for item in beam
            if (not must_move or any(not s.stay for s in item[1])) and _playable(unmoved, item[1])
        ]
        if not plans:
            # only plans that move were allowed and the beam kept none: the best single move, the rest staying
            singles = [(v, s) for options in ranked for v, s in options if not s.stay and s.side >= 0]
            alone = max(singles, key=lambda p: (p[0], -p[1].land))[1] if singles else None
            plans = [
                tuple(
                    alone if alone is not None and lg.marker == alone.marker else _Step(lg.marker, lg.land, stay=True)
                    for lg in unmoved
                )
            ]
        best: tuple[float, list[_Step]] = (-math.inf, list(plans[0]))
        for plan in plans[:RESCORED]:
            worth = yield from self.plan_value(unmoved, plan)
            if worth > best[0]:
                best = (worth, list(plan))
            if self.clock.due():
                yield
        return best

    def _after_others(self, by_marker: dict[str, list[_Step]]) -> None:
        """Add the lands a legion reaches only once another legion of the seat has left them (that one moves
        first): a step with side -1, played after."""
        state = self.state
        if not state.roll:
            return
        lands = {lg.land for lg in state.legions_of(self.seat) if not lg.moved}
        for legion in state.legions_of(self.seat):
            others = lands - {legion.land}
            if legion.moved or not others:
                continue
            friendly = self.own_lands - others - {legion.land}
            reached = masterboard.destination_lands(legion.land, state.roll, friendly, self.enemy_lands, self.engaged)
            for land in reached:
                if land in others:
                    by_marker[legion.marker].append(_Step(legion.marker, land, side=-1))

    def plan_value(self, unmoved: list[Legion], plan: tuple[_Step, ...]) -> Generator[None, None, float]:
        """A whole plan valued with the enemies' reach as it leaves the board (a legion stops an enemy's move, a
        stack likely killed this turn threatens less), the legions that moved already counted too."""
        state, seat = self.state, self.seat
        lands = {lg.land for lg in state.legions_of(seat) if lg.moved} | {step.land for step in plan}
        base = self.reaches(set(self.own_lands))
        killed: dict[str, float] = {}
        for legion, step in zip(unmoved, plan, strict=True):
            if not step.stay and step.land in self.enemy_lands:
                enemy = next(lg for lg in state.legions_on(step.land) if lg.owner != seat)
                killed[enemy.marker] = self.attack(legion, step.land, base)[1]
        for legion in state.legions_of(seat):
            if legion.moved and legion.land in self.enemy_lands:
                enemy = next(lg for lg in state.legions_on(legion.land) if lg.owner != seat)
                yield from self.warm_odds(legion, enemy, legion.land)
                killed[enemy.marker] = self.odds(legion, enemy, legion.land).attacker_wins
        yield from self.warm(lands - self.enemy_lands)
        reaches = self.reaches(lands - self.enemy_lands, killed)
        total = 0.0
        for legion, step in zip(unmoved, plan, strict=True):
            total += self.step_value(legion, step, reaches)
            if self.clock.due():
                yield
        for legion in state.legions_of(seat):
            if legion.moved and legion.land not in self.enemy_lands:
                total += self.standing(legion, legion.land, True, reaches)
        return total


def _playable(unmoved: list[Legion], plan: tuple[_Step, ...]) -> bool:
    """Whether every move onto a land another legion leaves can be played: those legions move off it first, by
    a move of their own that needs nobody else to move."""
    steps = dict(zip((lg.marker for lg in unmoved), plan, strict=True))
    for step in plan:
        if step.side == -1:
            for legion in unmoved:
                if legion.land == step.land and (steps[legion.marker].stay or steps[legion.marker].side == -1):
                    return False
    return True


def _steps(moves: list[Any]) -> list[_Step]:
    return [_step_of(a) for a in moves]


def _step_of(action: Any) -> _Step:
    return _Step(action.marker, action.land, action.side, action.teleport, action.edge)
