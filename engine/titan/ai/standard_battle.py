"""Standard's battle play (level 1, `standard.py`): each character to the hex where what it deals outweighs what it
takes, strikes where they kill the most value, a higher strike number when the carry it opens pays.

- Maneuvers: the most valuable character able to move goes to its best hex (the kill it threatens, the blows it
  takes or, in the standard game, the kill it helps make and half its chance to die there times its worth,
  hazards, closing in as the attacker with the rounds running out, waiting as the defender); characters
  coming on leave room for the rest; an angel is summoned only while the battle is in doubt.
- Strikes: each legal strike is valued over its dice, hit count by hit count: the damage and the kill on its
  target and, for the hits beyond the kill, the best enemy they may carry to. A higher strike number is
  announced when that carry is worth more than the chance it costs on the first target.
- Carries: to the enemy they kill, else the most valuable.
"""

from __future__ import annotations

import math
from typing import Any

from engine.core import Action
from engine.titan import battlemap
from engine.titan.ai import slices
from engine.titan.ai.reckoning import chance_at_least, chance_of_hits, left_out
from engine.titan.battle import Battle, unit_power
from engine.titan.data import BATTLE_ROUNDS, CREATURES, TITAN, character_value
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import TitanState

SUMMON_BELOW = 2.0  # an angel is summoned only while the battle side is less than this many times stronger
HOPELESS = 0.5  # under Battle Titan an attacker this many times as strong as the defence (or less) keeps away
WEIGH_DEATH = True  # the standard game: a hex is charged the chance to die there times the character's worth
DEATH_WEIGHT = 0.5  # (in battles of Standard against the club player 0.5 did best of 0.25-2)
TITAN_DEATH = 100.0  # ... a Titan's worth: his value and this (the game)
TITAN_STRIKE = 50.0  # a strike at the enemy Titan is worth this much more (under Battle Titan, only its value)


def _of_kind(legal: list[Action], kind: str) -> list[Any]:
    return [action for action in legal if action.kind == kind]


def _allies_blows(state: TitanState, battle: Battle, index: int, target: Any) -> list[tuple[int, int]]:
    """The strikes (dice, strike number) the other characters of `index`'s side in contact with `target` deal it."""
    unit = battle.units[index]
    blows = []
    for i, ally in enumerate(battle.units):
        if i == index or ally.side != unit.side or ally.hex is None or ally.slain:
            continue
        if battlemap.in_contact(battle.map, ally.hex, target.hex):
            terms = battlemap.strike_terms(
                battle.map, ally.name, ally.hex, target.name, target.hex, power=unit_power(state, battle, ally)
            )
            blows.append((terms.dice, terms.strike_number))
    return blows


def _owner(state: TitanState, battle: Battle, side: str) -> int:
    return state.legions[battle.attacker if side == ATTACKER else battle.defender].owner


def _expected_hits(dice: int, number: int) -> float:
    return max(0, dice) * (7 - max(1, min(6, number))) / 6.0


@slices.unit(0.05)
def _hex_value(
    state: TitanState,
    battle: Battle,
    index: int,
    label: str,
    my_side: str,
    hold_off: bool = False,
    weigh_death: bool = False,
) -> float:
    """How good `label` is for character `index`: damage dealt minus damage taken there, and closing in
    (`hold_off`: a hopeless attacker under Battle Titan keeps its distance instead, as a defender does;
    `weigh_death`, the standard game: the chance it dies there, from the blows of every enemy it touches, times
    its value, a Titan's with the game besides, weighed instead of the damage it takes)."""
    terrain = battle.map
    unit = battle.units[index]
    power = unit_power(state, battle, unit)
    value = 0.0
    best_strike = 0.0  # a character strikes one enemy: the best of those it touches, a likely kill valued whole
    nearest = 99
    blows: list[tuple[int, int]] = []  # the strikes of the enemies it touches: (dice, strike number)
    for other in battle.units:
        if other.side == my_side or other.hex is None or other.slain:
            continue
        distance = battlemap.range_between(label, other.hex)
        nearest = min(nearest, distance)
        if battlemap.in_contact(terrain, label, other.hex):
            mine = battlemap.strike_terms(terrain, unit.name, label, other.name, other.hex, power=power)
            theirs = battlemap.strike_terms(
                terrain, other.name, other.hex, unit.name, label, power=unit_power(state, battle, other)
            )
            other_power = unit_power(state, battle, other)
            left = other_power - other.hits
            dealt = _expected_hits(mine.dice, mine.strike_number)
            taken = _expected_hits(theirs.dice, theirs.strike_number)
            if weigh_death:  # the kill it helps make, with the blows of its side's characters beside that enemy
                allies = _allies_blows(state, battle, index, other)
                with_it = chance_at_least([*allies, (mine.dice, mine.strike_number)], left)
                kill = (with_it - chance_at_least(allies, left)) * character_value(other.name, 0)
            else:
                kill = chance_of_hits(mine.dice, mine.strike_number, left) * character_value(other.name, 0)
            best_strike = max(best_strike, min(dealt, left) * CREATURES[other.name].skill + kill)
            blows.append((theirs.dice, theirs.strike_number))
            if not weigh_death:
                titan = 2.0 if unit.name == TITAN else 1.0
                value -= min(taken, power - unit.hits) * CREATURES[unit.name].skill * titan
    value += best_strike
    if weigh_death and blows:
        worth = character_value(unit.name, state.players[_owner(state, battle, unit.side)].score)
        worth += TITAN_DEATH if unit.name == TITAN else 0.0
        value -= DEATH_WEIGHT * chance_at_least(blows, power - unit.hits) * worth
    if CREATURES[unit.name].rangestrikes and nearest in (3, 4):
        value += 4.0
    attacking = my_side == ATTACKER
    rounds_left = BATTLE_ROUNDS - battle.round
    # the attacker closes in, the harder the fewer rounds are left (he loses on time); the defender waits
    closing = 1.5 + max(0, 4 - rounds_left) if attacking and not hold_off else (0.2 if rounds_left < 3 else -0.3)
    value -= closing * (nearest if nearest < 99 else 0)
    if battlemap.takes_drift_damage(terrain, unit.name, label):
        value -= 3.0
    return value


def maneuver(state: TitanState, seat: int, legal: list[Action], points: bool = False) -> Action:
    """`points`: under Battle Titan, where an attacker that cannot win keeps away: lost on time, his attack
    still scores (2.B.1) and the defender scores nothing; killed, the defender scores half of him."""
    battle: Battle = state.battle
    my_side = (
        ATTACKER if battle.attacker in state.legions and state.legions[battle.attacker].owner == seat else DEFENDER
    )
    hold_off = (
        points
        and my_side == ATTACKER
        and _side_strength(state, battle, ATTACKER) < HOPELESS * _side_strength(state, battle, DEFENDER)
    )
    weigh_death = WEIGH_DEATH and not points
    for kind, field in (("reinforce", "creature"), ("summon", "donor")):
        offers = [a for a in _of_kind(legal, kind) if getattr(a, field)]
        if kind == "summon":
            # only while the battle is in doubt, and from a donor that keeps two or more
            in_doubt = _side_strength(state, battle, my_side) < SUMMON_BELOW * _side_strength(
                state, battle, DEFENDER if my_side == ATTACKER else ATTACKER
            )
            offers = [a for a in offers if in_doubt and state.legions[a.donor].height >= 3]
        if offers:
            return max(offers, key=lambda a: CREATURES[getattr(a, "creature", "") or a.angel].value)
        if _of_kind(legal, kind):
            return _of_kind(legal, kind)[-1]
    moves = _of_kind(legal, "maneuver")
    if not moves:
        return _of_kind(legal, "end_maneuver")[0] if _of_kind(legal, "end_maneuver") else legal[0]
    # Characters waiting to come on must come on (or they are lost): they first, the most valuable first,
    # each to a hex that still leaves room for all the others to come on.
    entering = [a for a in moves if battle.units[a.unit].hex is None]
    pool = entering or moves
    by_unit: dict[int, list[Any]] = {}
    for action in pool:
        by_unit.setdefault(action.unit, []).append(action)
    score = state.players[seat].score
    unit_index = max(by_unit, key=lambda i: (character_value(battle.units[i].name, score), -i))
    unit = battle.units[unit_index]
    current = unit.hex
    ranked = sorted(
        by_unit[unit_index],
        key=lambda a: (_hex_value(state, battle, unit_index, a.hex, my_side, hold_off, weigh_death), a.hex),
        reverse=True,
    )
    best = ranked[0]
    if entering and len(by_unit) > 1:  # the best hex of those that leave out the fewest (ideally none)
        fewest = len(battle.units) + 1
        for action in ranked:  # best first: the first that leaves nobody out will do
            stuck = left_out(state, battle, unit_index, action.hex)
            if stuck < fewest:
                best, fewest = action, stuck
            if stuck == 0:
                break
    if current is not None and not entering:
        stay = _hex_value(state, battle, unit_index, current, my_side, hold_off, weigh_death)
        if _hex_value(state, battle, unit_index, best.hex, my_side, hold_off, weigh_death) <= stay:
            others = [a for a in moves if a.unit != unit_index]
            if others:
                # this character is well placed: look at the others before ending the phase
                def moves_up(a: Any) -> bool:
                    there = _hex_value(state, battle, a.unit, a.hex, my_side, hold_off, weigh_death)
                    here = battle.units[a.unit].hex
                    return there > _hex_value(state, battle, a.unit, here, my_side, hold_off, weigh_death) + 0.5

                better = [a for a in others if moves_up(a)]
                if better:
                    return max(
                        better, key=lambda a: _hex_value(state, battle, a.unit, a.hex, my_side, hold_off, weigh_death)
                    )
            end = _of_kind(legal, "end_maneuver")
            return end[0] if end else best
    return best


def _side_strength(state: TitanState, battle: Battle, side: str) -> float:
    """What a battle side still fights with: each living character's value in proportion to its hits left."""
    total = 0.0
    for unit in battle.units:
        if unit.side == side and not unit.slain:
            power = unit_power(state, battle, unit)
            total += CREATURES[unit.name].skill * max(0, power - unit.hits)
    return total


def _hit_chances(dice: int, number: int) -> list[float]:
    """The chance of exactly k hits, k = 0..dice, for `dice` dice needing `number`."""
    p = (7 - max(1, min(6, number))) / 6.0
    return [math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(max(0, dice) + 1)]


def _hits_worth(state: TitanState, battle: Battle, index: int, hits: int) -> float:
    """What `hits` hits on character `index` are worth: the damage (skill a hit) and, if they kill, its value."""
    target = battle.units[index]
    left = unit_power(state, battle, target) - target.hits
    return min(hits, left) * CREATURES[target.name].skill + (character_value(target.name, 0) if hits >= left else 0.0)


def _carry_options(state: TitanState, battle: Battle, action: Any, terms: battlemap.StrikeTerms) -> list[int]:
    """The enemies the hits of `action` beyond the kill could carry to, at the strike number it announces."""
    unit = battle.units[action.unit]
    power = unit_power(state, battle, unit)
    rolled = battlemap.StrikeTerms(terms.dice, action.number, terms.bonuses, terms.up_dune)
    options = []
    for index, other in enumerate(battle.units):
        if index == action.target or other.side == unit.side or other.hex is None or other.slain:
            continue
        if not battlemap.in_contact(battle.map, unit.hex, other.hex):
            continue
        direct = battlemap.strike_terms(battle.map, unit.name, unit.hex, other.name, other.hex, power=power)
        if battlemap.can_carry(rolled, direct):
            options.append(index)
    return options


def _terms(state: TitanState, battle: Battle, action: Any) -> battlemap.StrikeTerms:
    """The dice and the strike number the target itself calls for (a rangestrike's through the line of sight)."""
    unit, target = battle.units[action.unit], battle.units[action.target]
    power = unit_power(state, battle, unit)
    if action.kind == "rangestrike":
        from engine.titan import sight

        return sight.rangestrike_terms(
            battle.map, unit.name, unit.hex, target.name, target.hex, battle.occupied(), power=power
        )
    return battlemap.strike_terms(battle.map, unit.name, unit.hex, target.name, target.hex, power=power)


def _strike_value(state: TitanState, battle: Battle, action: Any, points: bool = False) -> float:
    """Which enemy a character strikes: the hits it expects there (times the target's skill), the target's
    whole value where it expects to kill, and a bonus on the Titan (not under Battle Titan, `points`: killing
    him ends nothing, he scores his value)."""
    target = battle.units[action.target]
    terms = _terms(state, battle, action)
    left = unit_power(state, battle, target) - target.hits
    hits = _expected_hits(terms.dice, terms.strike_number)
    kill_bonus = character_value(target.name, 0) if hits >= left else 0.0
    titan_bonus = TITAN_STRIKE if target.name == TITAN and not points else 0.0
    return min(hits, left) * CREATURES[target.name].skill + kill_bonus + titan_bonus


def _number_value(state: TitanState, battle: Battle, action: Any) -> float:
    """A strike at the number it announces, over its dice hit count by hit count: the damage and the kill on its
    target and the hits beyond the kill carried to the enemy they are worth most on. A higher number than the
    target calls for lowers the chance on the target; it pays only through the carry it opens."""
    terms = _terms(state, battle, action)
    target = battle.units[action.target]
    left = unit_power(state, battle, target) - target.hits
    carries = _carry_options(state, battle, action, terms)
    value = 0.0
    for hits, chance in enumerate(_hit_chances(terms.dice, action.number)):
        worth = _hits_worth(state, battle, action.target, hits)
        if hits > left and carries:
            worth += max(_hits_worth(state, battle, other, hits - left) for other in carries)
        value += chance * worth
    return value - 0.01 * (action.number - terms.strike_number)  # no higher number for nothing


def strike(state: TitanState, seat: int, legal: list[Action], points: bool = False) -> Action:
    battle: Battle = state.battle
    strikes = _of_kind(legal, "strike")
    plain = [a for a in strikes if a.number == _terms(state, battle, a).strike_number] + _of_kind(legal, "rangestrike")
    end = _of_kind(legal, "end_strikes")
    if not plain:
        return end[0] if end else legal[0]
    best = max(plain, key=lambda a: (_strike_value(state, battle, a, points), -a.unit, -a.target))
    if best.kind == "rangestrike":
        return end[0] if end and _strike_value(state, battle, best, points) <= 0 else best
    # the striker and its target chosen, the number: a higher one where the carry it opens pays
    numbers = [a for a in strikes if a.unit == best.unit and a.target == best.target]
    return max(numbers, key=lambda a: (_number_value(state, battle, a), -a.number))


def carry(state: TitanState, seat: int, legal: list[Action]) -> Action:
    battle: Battle = state.battle
    targets = [a for a in legal if a.target >= 0]
    if not targets:
        return legal[-1]
    hits = battle.carrying().hits

    def value(action: Any) -> tuple[float, int]:
        target = battle.units[action.target]
        left = unit_power(state, battle, target) - target.hits
        return (character_value(target.name, 0) * (2.0 if hits >= left else 0.5), -action.target)

    return max(targets, key=value)
