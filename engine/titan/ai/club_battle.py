"""The club player's battle play (engine/titan/ai/club.py: rules of thumb of a club player, the yardstick Standard is
measured against):

- `Field.hex_worth`: every character weighs on each reachable hex the kills it helps make next round (the rise in
  each enemy's chance to die, times its worth) against its chance to die there times its own worth; the attacker
  closes in harder each round (`closing`); a clearly weaker side keeps out of contact (`clearly_weaker`).
- `strike_target`: strike the target most likely to die this phase (every striker that can reach it counted),
  carry to the kill (`carry_target`), rangestrike whenever possible.
- `summon_wanted`: summon an angel after the first kill (when the rules offer it) unless the battle is won.

It reads only what its seat may know (`sight`), as the rest of the club player does.
"""

from __future__ import annotations

from typing import Any

from engine.core import Action
from engine.titan import battlemap, sight
from engine.titan.ai.baseline import TITAN_STAKE
from engine.titan.ai.reckoning import chance_of_hits, left_out
from engine.titan.battle import Battle, unit_power
from engine.titan.data import CREATURES, TITAN, character_value
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import TitanState

WON = 3.0  # a battle side this many times stronger than the other has won it: no angel summoned
WEAKER = 0.6  # a battle side with less than this share of the other's strength is clearly weaker
CLOSE_BASE, CLOSE_STEP = 1.0, 1.5  # the attacker's pull toward the enemy a hex: the base and its rise a round
BATTLE_TITAN_STAKE = TITAN_STAKE / 4  # what a Titan's death in battle costs beyond his value


def hits_distribution(strikes: list[tuple[int, int]], cap: int) -> list[float]:
    """The chance of each number of hits 0..cap (the last: cap or more) from strikes of (dice, strike number)."""
    dist = [1.0] + [0.0] * cap
    for dice, number in strikes:
        p = (7 - max(1, min(6, number))) / 6.0
        for _ in range(max(0, dice)):
            new = [0.0] * (cap + 1)
            for k, chance in enumerate(dist):
                if chance:
                    new[k] += chance * (1 - p)
                    new[min(cap, k + 1)] += chance * p
            dist = new
    return dist


def chance_to_die(strikes: list[tuple[int, int]], left: int) -> float:
    """The chance that strikes of (dice, strike number) deal at least `left` hits."""
    if left <= 0:
        return 1.0
    return hits_distribution(strikes, left)[left]


def clearly_weaker(mine: float, theirs: float) -> bool:
    """A battle side with much less strength left than the other keeps out of contact."""
    return mine < WEAKER * theirs


def summon_wanted(mine: float, theirs: float) -> bool:
    """An angel is summoned (when the rules offer it, after the first kill) unless the battle is won."""
    return mine < WON * theirs


def closing(battle_round: int) -> float:
    """The attacker's pull toward the enemy, per hex of distance: harder each round."""
    return CLOSE_BASE + CLOSE_STEP * battle_round


class Field:
    """One battle decision: both legions are in everyone's sight."""

    def __init__(self, state: TitanState, seat: int) -> None:
        self.state = state
        self.battle: Battle = state.battle
        battle = self.battle
        self.side = ATTACKER if state.legions[battle.attacker].owner == seat else DEFENDER
        self.map = battle.map
        self.power = [unit_power(state, battle, unit) for unit in battle.units]
        scores = {
            ATTACKER: state.players[state.legions[battle.attacker].owner].score,
            DEFENDER: state.players[state.legions[battle.defender].owner].score,
        }
        self.value = [character_value(u.name, scores[u.side]) for u in battle.units]
        self.mine = [i for i, u in enumerate(battle.units) if u.side == self.side and not u.slain]
        self.theirs = [i for i, u in enumerate(battle.units) if u.side != self.side and not u.slain]

    def left(self, index: int) -> int:
        return self.power[index] - self.battle.units[index].hits

    def worth(self, index: int) -> float:
        """A character's worth: its value, and the game for a Titan."""
        return self.value[index] + (BATTLE_TITAN_STAKE if self.battle.units[index].name == TITAN else 0.0)

    def side_strength(self, indices: list[int]) -> float:
        return sum(self.value[i] * self.left(i) / max(1, self.power[i]) for i in indices)

    def _terms(self, striker: int, at: str, target: int, target_hex: str) -> tuple[int, int]:
        unit, other = self.battle.units[striker], self.battle.units[target]
        terms = battlemap.strike_terms(self.map, unit.name, at, other.name, target_hex, power=self.power[striker])
        return terms.dice, terms.strike_number

    def _in_contact(self, a: str, b: str) -> bool:
        return battlemap.range_between(a, b) == 2 and battlemap.in_contact(self.map, a, b)

    # -- maneuvers
    def hex_worth(self, index: int, label: str) -> float:
        """`hex_worth`: the kills character `index` helps make next round from `label` (each enemy in contact:
        how much its chance to die rises with this character's blows, times its worth; the best of them, since
        a character strikes one), less its chance to die there times its worth; the attacker's pull toward the
        enemy; a clearly weaker side out of contact; drift avoided."""
        battle = self.battle
        unit = battle.units[index]
        placed = {i: battle.units[i].hex for i in self.mine if battle.units[i].hex and i != index}
        helps, blows, nearest = 0.0, [], 99
        for other in self.theirs:
            there = battle.units[other].hex
            if there is None:
                continue
            distance = battlemap.range_between(label, there)
            nearest = min(nearest, distance)
            if not self._in_contact(label, there):
                continue
            others = [self._terms(i, h, other, there) for i, h in placed.items() if self._in_contact(h, there)]
            before = chance_to_die(others, self.left(other))
            after = chance_to_die([*others, self._terms(index, label, other, there)], self.left(other))
            helps = max(helps, (after - before) * self.worth(other))
            blows.append(self._terms(other, there, index, label))
        if not blows and CREATURES[unit.name].rangestrikes:
            helps = self._rangestrike_help(index, label)
        value = helps - chance_to_die(blows, self.left(index)) * self.worth(index)
        mine, theirs = self.side_strength(self.mine), self.side_strength(self.theirs)
        if clearly_weaker(mine, theirs):
            value -= 100.0 * len(blows)
            if nearest < 99:
                value += 0.5 * min(nearest, 6)
        elif self.side == ATTACKER and nearest < 99:
            value -= closing(battle.round) * max(0, nearest - 2)
        if battlemap.takes_drift_damage(self.map, unit.name, label):
            value -= self.value[index] / max(1, self.power[index]) * 1.5
        return value

    def _rangestrike_help(self, index: int, label: str) -> float:
        battle = self.battle
        name = battle.units[index].name
        occupied = battle.occupied(index) | {label}
        living = {battle.units[o].hex: battle.units[o].name for o in self.theirs if battle.units[o].hex}
        best = 0.0
        for target_hex in sight.rangestrike_targets(self.map, name, label, living, occupied):
            other = next(o for o in self.theirs if battle.units[o].hex == target_hex)
            terms = sight.rangestrike_terms(
                self.map, name, label, battle.units[other].name, target_hex, occupied, power=self.power[index]
            )
            kill = chance_of_hits(terms.dice, terms.strike_number, self.left(other))
            best = max(best, kill * self.worth(other))
        return best

    def maneuver(self, by_kind: dict[str, list[Any]]) -> Action:
        reinforce = [a for a in by_kind.get("reinforce", []) if a.creature]
        if reinforce:
            return max(reinforce, key=lambda a: CREATURES[a.creature].value)
        if by_kind.get("summon"):
            offers = [a for a in by_kind["summon"] if a.donor]
            if offers and summon_wanted(self.side_strength(self.mine), self.side_strength(self.theirs)):
                return max(offers, key=lambda a: (CREATURES[a.angel].value, self.state.legions[a.donor].height))
            return next(a for a in by_kind["summon"] if not a.donor)
        if by_kind.get("reinforce"):
            return by_kind["reinforce"][-1]
        moves = by_kind.get("maneuver", [])
        end = by_kind.get("end_maneuver", [])
        if not moves:
            return end[0] if end else by_kind["concede"][0]
        entering = [a for a in moves if self.battle.units[a.unit].hex is None]
        if entering:
            return self._enter(entering)
        best_gain, best = 0.5, None
        current: dict[int, float] = {}
        for action in moves:
            if action.unit not in current:
                current[action.unit] = self.hex_worth(action.unit, self.battle.units[action.unit].hex)
            gain = self.hex_worth(action.unit, action.hex) - current[action.unit]
            if gain > best_gain:
                best_gain, best = gain, action
        if best is None:
            return end[0] if end else moves[0]
        return best

    def _enter(self, entering: list[Any]) -> Action:
        """Characters coming on: the most valuable first, to its best hex among those leaving room for the rest."""
        unit = max({a.unit for a in entering}, key=lambda i: (self.value[i], -i))
        options = sorted((a for a in entering if a.unit == unit), key=lambda a: (-self.hex_worth(unit, a.hex), a.hex))
        if len({a.unit for a in entering}) == 1:
            return options[0]
        best, fewest = options[0], len(self.battle.units) + 1
        for action in options:  # best first: the first that leaves nobody out will do
            stuck = left_out(self.state, self.battle, unit, action.hex)
            if stuck < fewest:
                best, fewest = action, stuck
            if stuck == 0:
                break
        return best

    # -- strikes
    def _strike_terms(self, action: Any) -> tuple[int, int]:
        battle = self.battle
        unit, target = battle.units[action.unit], battle.units[action.target]
        if action.kind == "rangestrike":
            terms = sight.rangestrike_terms(
                self.map, unit.name, unit.hex, target.name, target.hex, battle.occupied(), power=self.power[action.unit]
            )
            return terms.dice, terms.strike_number
        return self._terms(action.unit, unit.hex, action.target, target.hex)

    def strike(self, by_kind: dict[str, list[Any]]) -> Action:
        plain = [a for a in by_kind.get("strike", []) if a.number == self._strike_terms(a)[1]]
        options = plain + by_kind.get("rangestrike", [])
        if not options:
            return by_kind["end_strikes"][0] if by_kind.get("end_strikes") else by_kind["strike"][0]
        return strike_target(self, options)

    def carry(self, by_kind: dict[str, list[Any]]) -> Action:
        targets = [a for a in by_kind.get("carry", []) if a.target >= 0]
        if not targets:
            return by_kind["carry"][-1]
        return carry_target(self, targets, self.battle.carrying().hits)


def strike_target(field: Field, options: list[Any]) -> Any:
    """The target most likely to die this phase (all the strikes still to come at it counted; ties: the most
    valuable), struck first by the striker with the fewest other targets, then the weakest."""
    terms = {id(a): field._strike_terms(a) for a in options}
    by_target: dict[int, list[Any]] = {}
    for action in options:
        by_target.setdefault(action.target, []).append(action)
    targets_of: dict[int, set[int]] = {}
    for action in options:
        targets_of.setdefault(action.unit, set()).add(action.target)

    def dies(target: int) -> tuple[float, float]:
        best: dict[int, tuple[int, int]] = {}  # one strike a striker
        for action in by_target[target]:
            dice, number = terms[id(action)]
            if action.unit not in best or (dice, -number) > (best[action.unit][0], -best[action.unit][1]):
                best[action.unit] = (dice, number)
        return chance_to_die(list(best.values()), field.left(target)), field.worth(target)

    target = max(by_target, key=lambda t: (*dies(t), -t))
    return min(
        by_target[target],
        key=lambda a: (
            len(targets_of[a.unit]),
            -chance_to_die([terms[id(a)]], field.left(target)),
            field.value[a.unit],
            a.unit,
            a.kind,
        ),
    )


def carry_target(field: Field, targets: list[Any], hits: int) -> Any:
    """Carried hits go to the most valuable enemy they kill, else the most valuable."""
    return max(targets, key=lambda a: (hits >= field.left(a.target), field.worth(a.target), -a.target))
