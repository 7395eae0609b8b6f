"""Exact dice odds of Born of Titans: Challenges (win, Crew lost, rolls needed) and Moves (Courses, travel time).

Every die succeeds on 4-6, one chance in two, so the Successes of a roll of n dice follow the binomial law
B(n, 1/2). A Challenge is a race between the Successes piling up and the Crew running out: each short roll
costs `kills` Crew (one; two or three under Ares), and the Hero is Defeated when a loss leaves her at 0 (a
Hero with no Crew at all is Defeated by her first miss). The dice of a roll do not change while she fights
(the Crew counter's attribute counts while any Crew is left, and the last loss ends the Challenge), so the
odds are a dynamic programme over (Successes still needed, Crew left), cached.

A Move is one roll of the Navigation dice; each Success is a Course, a sea segment costs one and a land
segment two, and a Move ends at a Site, so Courses left over at the end of a Move are lost. `expected_moves`
follows a route segment by segment: it is exact for a route whose costs are known.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

ATTRIBUTES = ("battle", "navigation", "wits")


@lru_cache(maxsize=64)
def roll_chances(dice: int) -> tuple[float, ...]:
    """The chance of each number of Successes 0..dice when rolling `dice` dice (4-6 succeed)."""
    dice = max(0, dice)
    scale = 0.5**dice
    return tuple(math.comb(dice, k) * scale for k in range(dice + 1))


@lru_cache(maxsize=64)
def at_least(dice: int, successes: int) -> float:
    """The chance that `dice` dice give at least `successes` Successes."""
    if successes <= 0:
        return 1.0
    chances = roll_chances(dice)
    return sum(chances[successes:]) if successes <= dice else 0.0


@dataclass(frozen=True)
class ChallengeOdds:
    """The odds of a Challenge fought to its end without retreating."""

    win: float  # the chance to defeat the monster before the Hero is Defeated
    crew_lost: float  # the Crew expected to be lost (all of it when Defeated)
    rolls: int  # the most rolls she can make before a miss defeats her


def rolls_allowed(crew: int, kills: int) -> int:
    """How many rolls a Hero with `crew` Crew can make, each miss costing `kills`, before she is Defeated."""
    if crew <= 0:
        return 1
    return -(-crew // max(1, kills))


@lru_cache(maxsize=20000)
def win_chance(dice: int, needed: int, crew: int, kills: int = 1) -> float:
    """The chance to score `needed` Successes before a miss leaves the Hero at 0 Crew."""
    if needed <= 0:
        return 1.0
    chances = roll_chances(dice)
    total = at_least(dice, needed)
    left = crew - kills
    if left > 0:
        for scored in range(min(needed, dice + 1)):
            total += chances[scored] * win_chance(dice, needed - scored, left, kills)
    return total


@lru_cache(maxsize=20000)
def expected_crew_lost(dice: int, needed: int, crew: int, kills: int = 1) -> float:
    """The Crew a Hero expects to lose fighting on to the end (all she has if Defeated)."""
    if needed <= 0:
        return 0.0
    chances = roll_chances(dice)
    left = crew - kills
    total = 0.0
    for scored in range(min(needed, dice + 1)):
        if left > 0:
            total += chances[scored] * (kills + expected_crew_lost(dice, needed - scored, left, kills))
        else:
            total += chances[scored] * max(0, crew)
    return total


@lru_cache(maxsize=20000)
def win_within(dice: int, needed: int, rolls: int) -> float:
    """The chance to score `needed` Successes within `rolls` rolls (Crew aside)."""
    if needed <= 0:
        return 1.0
    if rolls <= 0:
        return 0.0
    chances = roll_chances(dice)
    total = at_least(dice, needed)
    for scored in range(min(needed, dice + 1)):
        total += chances[scored] * win_within(dice, needed - scored, rolls - 1)
    return total


def challenge_odds(dice: int, needed: int, crew: int, kills: int = 1) -> ChallengeOdds:
    """The odds of a Challenge of `dice` dice a roll, `needed` Successes, `crew` Crew, `kills` Crew an attack."""
    return ChallengeOdds(
        win_chance(dice, needed, crew, kills), expected_crew_lost(dice, needed, crew, kills), rolls_allowed(crew, kills)
    )


def best_attribute(
    totals: dict[str, int], numbers: dict[str, int | None], crew: int, kills: int = 1, bonus: int = 0
) -> tuple[str | None, float]:
    """The usable attribute with the best chance to win (and that chance); (None, 0) if none is usable.

    `totals` are the Hero's attribute totals, `numbers` the foe's Challenge numbers (None: unusable), `bonus`
    dice added to every roll (committed Prophecy, Athena)."""
    best: tuple[str | None, float] = (None, 0.0)
    for attribute in ATTRIBUTES:
        needed = numbers.get(attribute)
        if needed is None:
            continue
        chance = win_chance(totals.get(attribute, 0) + bonus, needed, crew, kills)
        if best[0] is None or chance > best[1]:
            best = (attribute, chance)
    return best


def prophecy_to_commit(dice: int, needed: int, crew: int, kills: int, prophecy: int, point_value: float) -> int:
    """How many of `prophecy` points to commit: the number that best trades the win chance against the points.

    Each point committed is a die more in every roll and is spent whatever happens; `point_value` is what the
    player would give for keeping a point, in win chance of this Challenge (0: commit all that helps)."""
    best_points, best_score = 0, win_chance(dice, needed, crew, kills)
    for points in range(1, max(0, prophecy) + 1):
        score = win_chance(dice + points, needed, crew, kills) - points * point_value
        if score > best_score + 1e-12:
            best_points, best_score = points, score
    return best_points


def _advance(costs: tuple[int, ...], courses: int) -> int:
    """How many whole segments of `costs` (from the first) `courses` Courses pay for."""
    spent, index = 0, 0
    while index < len(costs) and spent + costs[index] <= courses:
        spent += costs[index]
        index += 1
    return index


@lru_cache(maxsize=4096)
def _moves_along(dice: int, costs: tuple[int, ...]) -> float:
    """Expected Moves to cover the segments `costs`, the Courses left over at the end of each Move lost."""
    if not costs:
        return 0.0
    # E = 1 + stay * E + sum(p(s) * E(after s)): a roll too short for the next segment leaves her in place.
    chances = roll_chances(dice)
    stay, rest = 0.0, 1.0
    for scored, chance in enumerate(chances):
        index = _advance(costs, scored)
        if index == 0:
            stay += chance
        else:
            rest += chance * _moves_along(dice, costs[index:])
    return math.inf if stay >= 1.0 - 1e-12 else rest / (1.0 - stay)


def expected_moves(dice: int, costs: Sequence[int]) -> float:
    """Expected Move actions to travel a route whose segments cost `costs` Courses each (inf if she never can)."""
    return _moves_along(max(0, dice), tuple(costs))


def reach_chance(dice: int, cost: int) -> float:
    """The chance that one Move of `dice` Navigation dice pays for `cost` Courses."""
    return at_least(dice, cost)


@lru_cache(maxsize=4096)
def _reach_within(dice: int, costs: tuple[int, ...], moves: int) -> float:
    if not costs:
        return 1.0
    if moves <= 0:
        return 0.0
    chances = roll_chances(dice)
    return sum(
        chance * _reach_within(dice, costs[_advance(costs, scored) :], moves - 1)
        for scored, chance in enumerate(chances)
    )


def reach_within(dice: int, costs: Sequence[int], moves: int) -> float:
    """The chance to travel a route of segment `costs` within `moves` Move actions."""
    return _reach_within(max(0, dice), tuple(costs), moves)


def expected_turns(dice: int, costs: Sequence[int], actions_per_turn: int = 2) -> float:
    """Expected turns of Moves to travel a route (each turn `actions_per_turn` Moves): Moves over actions."""
    return expected_moves(dice, costs) / max(1, actions_per_turn)
