"""The reckoning Titan's computer players share: what a seat knows of a legion's worth, which enemy stacks reach a land
next turn and what standing there risks, the chance of hits from a strike, and who an entry into a battle leaves
out. Plain estimates over what the seat may know, no strategy: Standard (standard.py, standard_battle.py), Strong
(strong_battle.py), the baseline (baseline.py) and the club player (club_battle.py) reckon with them.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import cache

from engine.titan import flow, masterboard
from engine.titan.ai import slices, standard_war
from engine.titan.ai.standard_war import Outlook
from engine.titan.battle import Battle, maneuver_actions
from engine.titan.data import CREATURES, LANDS, TITAN, TOWERS, character_value
from engine.titan.state import Legion, TitanState, unseen

TITAN_DANGER = 150.0  # what an enemy stack that could kill the Titan's legion costs, times its share of rolls


# -- what a seat knows of a legion ----------------------------------------------------------------------------------


def hidden_average(state: TitanState, seat: int) -> float:
    """The average value of a character this seat has not seen (what an unknown slot is worth)."""
    pool = unseen(state, seat)
    total = sum(pool.values())
    return sum(CREATURES[name].value * count for name, count in pool.items()) / total if total else 0.0


def expected_value(state: TitanState, legion: Legion, seat: int) -> float:
    """A legion's value as `seat` knows it (unknown characters at the average hidden value)."""
    score = state.players[legion.owner].score
    if legion.owner == seat:
        return float(sum(character_value(name, score) for name in legion.contents))
    known = legion.knows(seat)
    unknown = legion.height - len(known)
    return sum(character_value(name, score) for name in known) + unknown * hidden_average(state, seat)


def fighting_strength(state: TitanState, legion: Legion, seat: int) -> float:
    """Power x skill summed, with a Titan counted a little above its value (it must be protected)."""
    return expected_value(state, legion, seat)


@slices.unit(1.0)
def threats(state: TitanState, seat: int, teleports: bool = False) -> list[tuple[float, dict[int, int]]]:
    """Every enemy legion's strength (as the seat knows it) and the lands it reaches next turn -> on how many of
    the six rolls (following the signs on the land borders; a move ends on entering an occupied land)."""
    engaged = flow.engaged_lands(state)
    threats = []
    for legion in state.legions.values():
        if legion.owner == seat:
            continue
        stops = {other.land for other in state.legions.values() if other.owner != legion.owner}
        reach = {land: 7 - steps for land, steps in masterboard.fewest_steps(legion.land, stops, engaged).items()}
        if teleports:
            teleport_reach(state, seat, legion, stops, reach)
        threats.append((fighting_strength(state, legion, seat), reach))
    return threats


def teleport_reach(state: TitanState, seat: int, legion: Legion, stops: set[int], reach: dict[int, int]) -> None:
    """An enemy's teleports on a 6, as far as the seat knows them: from a Tower with a lord it has seen, to any
    land within six and any Tower; his Titan, once seen and his score 400, onto any of the seat's legions."""
    known = legion.knows(seat)
    if LANDS[legion.land].is_tower and any(CREATURES[name].is_lord for name in known):
        for land in masterboard.lands_within(legion.land, 6).keys() | set(TOWERS):
            reach[land] = max(reach.get(land, 0), 1)
    if TITAN in known and state.players[legion.owner].score >= 400:
        for land in stops:
            reach[land] = max(reach.get(land, 0), 1)


def danger(
    threats: list[tuple[float, dict[int, int]]], land: int, strength: float, is_titan: bool, view: Outlook | None = None
) -> float:
    """How much a legion of `strength` on `land` risks next turn: of the enemy stacks that reach it and would
    (nearly) match it, the worst, weighed by the share of rolls on which it reaches; a Titan's legion counts
    treble, and a stack that could kill the Titan costs the game (under Battle Titan: the points at stake)."""
    risk = 0.0
    for enemy, reach in threats:
        rolls = reach.get(land, 0)
        if view is not None:
            risk = max(risk, standard_war.danger(view, enemy, rolls / 6.0, strength, is_titan))
            continue
        if not rolls or enemy <= 0.7 * strength:
            continue
        share = rolls / 6.0
        worst = share * max(0.0, enemy - 0.7 * strength) * (3.0 if is_titan else 1.0)
        if is_titan:
            worst += share * TITAN_DANGER
        risk = max(risk, worst)
    return risk


# -- strikes and entries in a battle --------------------------------------------------------------------------------


@cache
def chance_of_hits(dice: int, number: int, hits: int) -> float:
    """The chance that `dice` dice needing `number` score at least `hits` hits."""
    if hits <= 0:
        return 1.0
    if dice < hits:
        return 0.0
    p = (7 - max(1, min(6, number))) / 6.0
    return sum(math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(hits, dice + 1))


def chance_at_least(strikes: list[tuple[int, int]], hits: int) -> float:
    """The chance that strikes of (dice, strike number) together score at least `hits` hits."""
    if hits <= 0:
        return 1.0
    dist = [1.0] + [0.0] * hits  # the chance of k hits so far, the last: `hits` or more
    for dice, number in strikes:
        p = (7 - max(1, min(6, number))) / 6.0
        for _ in range(max(0, dice)):
            new = [0.0] * (hits + 1)
            for k, chance in enumerate(dist):
                new[k] += chance * (1 - p)
                new[min(hits, k + 1)] += chance * p
            dist = new
    return dist[hits]


@slices.unit(1.0)
def left_out(state: TitanState, battle: Battle, index: int, label: str) -> int:
    """Once character `index` has come on at `label`, how many others of its side still waiting could not come
    on? Tried greedily: the one with the fewest hexes first, to the hex the fewest others could use."""
    probe = battle.copy()
    probe.units[index].hex, probe.units[index].done = label, True
    side = probe.active
    stuck: set[int] = set()
    for _ in range(len(probe.units)):
        pending = [
            i
            for i, u in enumerate(probe.units)
            if u.side == side and u.hex is None and not u.done and not u.slain and i not in stuck
        ]
        if not pending:
            break
        options: dict[int, list[str]] = {i: [] for i in pending}
        for action in maneuver_actions(state, probe):
            if action.unit in options:
                options[action.unit].append(action.hex)
        stuck |= {i for i, hexes in options.items() if not hexes}
        placeable = [i for i in pending if options[i]]
        if not placeable:
            break
        contest = Counter(h for i in placeable for h in options[i])
        tight = min(placeable, key=lambda i: (len(options[i]), i))
        probe.units[tight].hex = min(options[tight], key=lambda h: (contest[h], h))
        probe.units[tight].done = True
    return len(stuck)
