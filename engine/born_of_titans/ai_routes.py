"""Route planning for the computer Heroes: expected Move actions between two nodes, and where a Move should end.

A Move never passes a Site, so a route that goes by one is cut there into legs, and the Courses left over at
the end of each leg are lost: `odds.expected_moves` is exact for each leg. The route itself is the cheapest in
Courses where passing a Site costs a little more (the Courses wasted on stopping), and a Sea Monster Site
much more (a Challenge to win before she may go on).

A Hero who plans weighs a Sea Monster Site by her odds instead (`Monsters`: her chance against what may be
there and what the fight costs her): the way through it is the cost of reaching it, the Encounter action and
the fight's price, then either the way on (won) or the way round from the Point she is thrown back to (lost).
It is taken only where that beats going round.
"""

from __future__ import annotations

import heapq
import itertools
import math
from functools import lru_cache

from engine.born_of_titans import board, odds

SITE_TOLL = 2  # Courses a stop at a Site on the way wastes, on average
MONSTER_TOLL = 6  # Courses a Sea Monster in the way is worth (an Encounter action and its risk)
MONSTER_ACTIONS = 1.6  # the actions a Sea Monster on the way costs (its Encounter, sometimes twice)

# Per Sea Monster Site: (the Site, her chance to defeat what is there, the expected price of the fight in actions:
# the Crew it kills, and on a defeat her Gear and Ally and a City to recruit again).
Monsters = tuple[tuple[str, float, float], ...]


@lru_cache(maxsize=256)
def _toward(goal: str, crewless: bool) -> dict[str, str]:
    """For every node, the next node on its cheapest route to `goal` (passing Sites costs a toll)."""
    dist = {goal: 0.0}
    nxt: dict[str, str] = {}
    heap = [(0.0, goal)]
    done: set[str] = set()
    while heap:
        cost, here = heapq.heappop(heap)
        if here in done:
            continue
        done.add(here)
        toll = 0.0
        if here != goal and board.is_site(here):
            toll = MONSTER_TOLL if board.NODES[here].kind == "sea_monster" else SITE_TOLL
        for other in board.NEIGHBOURS[here]:
            step = cost + toll + board.segment_cost(here, other, crewless)
            if step < dist.get(other, math.inf):
                dist[other] = step
                nxt[other] = here
                heapq.heappush(heap, (step, other))
    return nxt


def route(start: str, goal: str, crewless: bool) -> tuple[str, ...]:
    """The planned route from start to goal, both included (() if there is none)."""
    if start == goal:
        return (start,)
    nxt = _toward(goal, crewless)
    path = [start]
    while path[-1] != goal:
        step = nxt.get(path[-1])
        if step is None or len(path) > len(board.NODES):
            return ()
        path.append(step)
    return tuple(path)


@lru_cache(maxsize=20000)
def travel(start: str, goal: str, dice: int, crewless: bool) -> float:
    """Expected actions to travel from start to goal with `dice` Navigation dice (inf if she cannot)."""
    path = route(start, goal, crewless)
    if not path:
        return math.inf
    total = 0.0
    leg: list[int] = []
    for here, there in itertools.pairwise(path):
        leg.append(board.segment_cost(here, there, crewless))
        if there != goal and board.is_site(there):
            total += odds.expected_moves(dice, leg)
            leg = []
            if board.NODES[there].kind == "sea_monster":
                total += MONSTER_ACTIONS
    return total + odds.expected_moves(dice, leg)


def travel_from(
    here: str, goal: str, dice: int, crewless: bool, held_from: str | None = None, monsters: Monsters = ()
) -> float:
    """`travel`, for a Hero standing on `here`; `held_from`: the Point she must go back to first (she stands on a
    Sea Monster Site she has not got past), unless she defeats it; `monsters`: weigh Sea Monsters by her odds."""
    if here == goal:
        return 0.0
    if monsters:
        odds_here = next((m for m in monsters if m[0] == here), None)
        if held_from is not None and odds_here is not None:
            return held(here, held_from, goal, dice, crewless, odds_here[1], odds_here[2])
        return travel_past(here, goal, dice, crewless, monsters)
    direct = travel(here, goal, dice, crewless)
    if held_from is None:
        return direct
    path = route(here, goal, crewless)
    if len(path) > 1 and path[1] == held_from:
        return direct
    back = odds.expected_moves(dice, [board.segment_cost(here, held_from, crewless)])
    return min(direct + MONSTER_ACTIONS, back + travel(held_from, goal, dice, crewless))


def best_end(
    reachable: dict[str, int],
    here: str,
    goal: str,
    dice: int,
    crewless: bool,
    monsters: Monsters = (),
    held_from: str | None = None,
) -> str | None:
    """Where a Move heading for `goal` should end among the `reachable` nodes; None: better to stay.
    With `monsters`, a Sea Monster Site is weighed by her odds there (`held_from`: she is held where she stands)."""
    best, best_cost = None, travel_from(here, goal, dice, crewless, held_from, monsters) if here != goal else 0.0
    odds_at = {site: (chance, price) for site, chance, price in monsters}
    for node in sorted(reachable):
        if node == goal:
            return node
        if node in odds_at:
            path = board.path_to(here, node, reachable[node], crewless)
            came_from = path[-2] if len(path) >= 2 else here
            cost = held(node, came_from, goal, dice, crewless, *odds_at[node])
        elif monsters:
            cost = travel_past(node, goal, dice, crewless, monsters)
        else:
            cost = travel(node, goal, dice, crewless)
        if board.NODES[node].kind == "sea_monster" and node not in odds_at:
            cost += MONSTER_ACTIONS
        if cost < best_cost - 1e-9:
            best, best_cost = node, cost
    return best


def nearest(
    here: str, kinds: tuple[str, ...], dice: int, crewless: bool, monsters: Monsters = ()
) -> list[tuple[float, str]]:
    """The Sites of the given kinds, nearest first, with the expected actions to reach each."""
    found = []
    for node in board.SITES:
        if board.NODES[node].kind in kinds:
            found.append((travel_from(here, node, dice, crewless, None, monsters), node))
    return sorted(found)


# -- Sea Monsters weighed by her odds ------------------------------------------------------------------------------
def through(site: str, came_from: str, goal: str, dice: int, crewless: bool, chance: float, price: float) -> float:
    """Expected actions from a Sea Monster Site she has not got past to `goal` if she challenges it: the
    Encounter and the fight's `price`, then the way on if she wins, else the way round from `came_from` (where
    a defeat or a retreat throws her back). inf if her way on goes back where she came from."""
    path = route(site, goal, crewless)
    if len(path) < 2 or path[1] == came_from:
        return math.inf
    onward = travel(site, goal, dice, crewless)
    return 1.0 + price + chance * onward + (1.0 - chance) * travel(came_from, goal, dice, crewless)


def back_round(site: str, came_from: str, goal: str, dice: int, crewless: bool) -> float:
    """Expected actions from a Sea Monster Site she has not got past to `goal` going back the way she came."""
    back = odds.expected_moves(dice, [board.segment_cost(site, came_from, crewless)])
    return back + travel(came_from, goal, dice, crewless)


def held(site: str, came_from: str, goal: str, dice: int, crewless: bool, chance: float, price: float) -> float:
    """Expected actions from a Sea Monster Site she has not got past: the better of challenging it and going
    back round."""
    return min(
        through(site, came_from, goal, dice, crewless, chance, price), back_round(site, came_from, goal, dice, crewless)
    )


@lru_cache(maxsize=20000)
def travel_past(start: str, goal: str, dice: int, crewless: bool, monsters: Monsters) -> float:
    """`travel` for a Hero who weighs each Sea Monster Site by her odds: the better of the way round and the
    way through each Site of `monsters` (reached, then challenged)."""
    best = travel(start, goal, dice, crewless)
    for site, chance, price in monsters:
        if site in (start, goal):
            continue
        inward = route(start, site, crewless)
        if len(inward) < 2:
            continue
        cost = travel(start, site, dice, crewless) + through(site, inward[-2], goal, dice, crewless, chance, price)
        best = min(best, cost)
    return best
