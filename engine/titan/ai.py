"""Titan's computer player of its own design (level 1, "Standard"): sound simple rules in the manner of
Colossus's SimpleAI, over only what its seat may know.

- Masterboard: split a legion of seven (the weakest pair leaves), the first turn keeping pairs that
  recruit, but not where a roll would force a half into a hopeless attack; move each legion where it musters
  best (at any height up to six, now and, at half weight, next turn over the six rolls) and stays out of
  reach of stronger enemies (reach counted over the rolls and the border signs; the Titan's legion keeps out
  of reach of any stack that could kill it); attack an enemy it is clearly stronger than; muster the most
  valuable recruit; take angels, summon when a donor can spare one.
- Engagements: a weak defender without a lord flees; terms that cost the bot nothing are accepted; else
  the battle is fought.
- Battle: each character moves to the hex where what it can deal exceeds what it takes (hazards counted
  through the strike terms), rangestrikers keep their distance, the attacker closes in and the defender
  waits while time is on his side; strikes go where they kill the most value; carries to the best kill.

Enemy legions are judged by what the seat knows of them, the unknown characters counted at the average
value of the characters nobody has shown (`expected_value`).
"""

from __future__ import annotations

import math
from collections import Counter
from functools import cache
from typing import Any, cast

from engine.core import Action, Rng
from engine.core.bots import Bot, Thinking
from engine.core.game import Game, GameState
from engine.titan import battlemap, flow, masterboard, recruiting, slices
from engine.titan.battle import ATTACKER, DEFENDER, Battle, maneuver_actions, unit_power
from engine.titan.data import BATTLE_ROUNDS, CREATURES, LANDS, MAX_LEGION, TITAN, character_value
from engine.titan.state import Legion, Phase, TitanState, unseen

ATTACK_MARGIN = 1.25  # attack only an enemy this many times weaker (at 1.4 Standard waited too long)
NEXT_TURN = 0.5  # a move is worth half what the legion could muster next turn from there, over the rolls
TITAN_DANGER = 150.0  # what an enemy stack that could kill the Titan's legion costs, times its share of rolls
SUMMON_BELOW = 2.0  # an angel is summoned only while the battle side is less than this many times stronger
FLEE_BELOW = 0.6  # a defender without a lord flees a legion this many times stronger (and more)


class TitanBot(Bot):
    """Level 1: the rules of thumb above."""

    level = 1

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        # made in slices (slices.py): the `@slices.unit` reckonings below one step at a time, the same choice
        stable = [state, state.battle, *state.legions.values(), *legal]  # type: ignore[attr-defined]
        return slices.SlicedThinking(lambda dice: choose(cast(TitanState, state), seat, legal, dice), rng, stable)


# -- estimates -------------------------------------------------------------------------------------------------


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


# -- the decision ----------------------------------------------------------------------------------------------------


def choose(state: TitanState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The bot's decision among the legal actions."""
    phase = state.phase
    if phase == Phase.SPLIT:
        return _split(state, seat, legal)
    if phase == Phase.MOVE:
        return _move(state, seat, legal)
    if phase == Phase.ENGAGE:
        return legal[0]
    if phase == Phase.ENGAGEMENT:
        return _engagement(state, seat, legal)
    if phase == Phase.AFTERMATH:
        return _aftermath(state, seat, legal)
    if phase == Phase.MUSTER:
        return _muster(state, seat, legal)
    if phase == Phase.MANEUVER:
        return _maneuver(state, seat, legal)
    if phase == Phase.CARRY:
        return _carry(state, seat, legal)
    return _strike(state, seat, legal)


def _of_kind(legal: list[Action], kind: str) -> list[Any]:
    return [action for action in legal if action.kind == kind]


# -- split -------------------------------------------------------------------------------------------------------------


FIRST_SPLIT = ("Angel", "Gargoyle", "Ogre", "Ogre")  # the Titan keeps two Centaurs and a Gargoyle


def _split(state: TitanState, seat: int, legal: list[Action]) -> Action:
    splits = _of_kind(legal, "split")
    if state.first_turns[seat] and splits:
        return next((a for a in splits if a.leaving == FIRST_SPLIT), splits[0])
    for action in splits:
        legion = state.legions[action.marker]
        if legion.height < MAX_LEGION or _cornered(state, seat, legion, len(action.leaving)):
            continue
        weakest = _weakest_pair(legion)
        if weakest and action.leaving == weakest:
            return action
    return _of_kind(legal, "end_splits")[0]


@slices.unit(0.5)
def _cornered(state: TitanState, seat: int, legion: Legion, leaving: int) -> bool:
    """Whether splitting `legion` could force a half into a hopeless attack: a roll on which every land the
    halves could move to holds an enemy stack that even the bigger half (at its share of the strength) should
    not attack. Split legions must part, so such a roll leaves no choice."""
    mine = fighting_strength(state, legion, seat) * (legion.height - leaving) / legion.height
    friendly = flow.own_lands(state, seat)
    enemy_lands = flow.enemy_lands(state, seat)
    engaged = flow.engaged_lands(state)
    for roll in range(1, 7):
        lands = masterboard.destination_lands(legion.land, roll, friendly, enemy_lands, engaged)
        if lands and all(
            land in enemy_lands
            and any(
                lg.owner != seat and mine < ATTACK_MARGIN * fighting_strength(state, lg, seat)
                for lg in state.legions_on(land)
            )
            for land in lands
        ):
            return True
    return False


def _weakest_pair(legion: Legion) -> tuple[str, ...]:
    """The two least valuable creatures of a legion (a pair of one kind first, so they may recruit)."""
    creatures = sorted(
        (n for n in legion.contents if CREATURES[n].kind == "creature"), key=lambda n: (CREATURES[n].value, n)
    )
    if len(creatures) < 2:
        return ()
    for name in creatures:
        if creatures.count(name) >= 2:
            return (name, name)
    return tuple(sorted(creatures[:2]))


# -- movement ------------------------------------------------------------------------------------------------------


def _recruit_value(state: TitanState, legion: Legion, land: int) -> float:
    """What the legion could muster on `land`: the value of its best recruit (0 if full or nothing). A legion of
    six still musters (to seven)."""
    if legion.height >= MAX_LEGION:
        return 0.0
    options = recruiting.musters(LANDS[land].terrain, legion.contents, state.stock)
    return max((CREATURES[m.recruit].value for m in options), default=0.0)


@slices.unit(1.0)
def _threats(state: TitanState, seat: int) -> list[tuple[float, dict[int, int]]]:
    """Every enemy legion's strength (as the seat knows it) and the lands it reaches next turn -> on how many of
    the six rolls (following the signs on the land borders; a move ends on entering an occupied land)."""
    engaged = flow.engaged_lands(state)
    threats = []
    for legion in state.legions.values():
        if legion.owner == seat:
            continue
        stops = {other.land for other in state.legions.values() if other.owner != legion.owner}
        reach = masterboard.fewest_steps(legion.land, stops, engaged)
        threats.append((fighting_strength(state, legion, seat), {land: 7 - steps for land, steps in reach.items()}))
    return threats


def _danger(threats: list[tuple[float, dict[int, int]]], land: int, strength: float, is_titan: bool) -> float:
    """How much a legion of `strength` on `land` risks next turn: of the enemy stacks that reach it and would
    (nearly) match it, the worst, weighed by the share of rolls on which it reaches; a Titan's legion counts
    treble, and a stack that could kill the Titan costs the game."""
    danger = 0.0
    for enemy, reach in threats:
        rolls = reach.get(land, 0)
        if not rolls or enemy <= 0.7 * strength:
            continue
        share = rolls / 6.0
        worst = share * max(0.0, enemy - 0.7 * strength) * (3.0 if is_titan else 1.0)
        if is_titan:
            worst += share * TITAN_DANGER
        danger = max(danger, worst)
    return danger


@slices.unit(0.2)
def _move_value(state: TitanState, seat: int, action: Any, threats: list[tuple[float, dict[int, int]]]) -> float:
    legion = state.legions[action.marker]
    strength = fighting_strength(state, legion, seat)
    enemies = [lg for lg in state.legions_on(action.land) if lg.owner != seat]
    if enemies:
        enemy = enemies[0]
        enemy_strength = fighting_strength(state, enemy, seat)
        if strength < ATTACK_MARGIN * enemy_strength:
            return -1000.0
        gain = expected_value(state, enemy, seat) + (200.0 if TITAN in enemy.knows(seat) else 0.0)
        return gain - 0.3 * enemy_strength
    value = _recruit_value(state, legion, action.land) + NEXT_TURN * _next_recruits(state, legion, action.land)
    value -= 0.5 * _danger(threats, action.land, strength, legion.has_titan)
    if action.teleport:
        value -= 5.0  # a teleport shows a lord: only when it pays
    return value


@slices.unit(0.5)
def _next_recruits(state: TitanState, legion: Legion, land: int) -> float:
    """What the legion could muster next turn from `land`: its best recruit within each roll's reach, averaged
    over the six rolls (the lands reached as the board stands now)."""
    seat = legion.owner
    friendly = flow.own_lands(state, seat, besides=legion.marker)
    enemy = flow.enemy_lands(state, seat)
    engaged = flow.engaged_lands(state)
    total = 0.0
    for roll in range(1, 7):
        lands = masterboard.destination_lands(land, roll, friendly, enemy, engaged)
        total += max((_recruit_value(state, legion, to) for to in lands if to not in enemy), default=0.0)
    return total / 6.0


@slices.unit(1.0)
def _roll_worth(state: TitanState, seat: int, roll: int) -> float:
    """What a movement roll offers the seat's legions: each one's best recruit among the lands it reaches."""
    engaged = flow.engaged_lands(state)
    enemy = flow.enemy_lands(state, seat)
    total = 0.0
    for legion in state.legions_of(seat):
        friendly = flow.own_lands(state, seat, besides=legion.marker)
        lands = masterboard.destination_lands(legion.land, roll, friendly, enemy, engaged)
        total += max((_recruit_value(state, legion, land) for land in lands if land not in enemy), default=0.0)
    return total


def _move(state: TitanState, seat: int, legal: list[Action]) -> Action:
    mulligan = _of_kind(legal, "mulligan")
    if mulligan:  # the first roll again, if it offers less than a roll does on average
        average = sum(_roll_worth(state, seat, roll) for roll in range(1, 7)) / 6.0
        if _roll_worth(state, seat, state.roll) < average:
            return mulligan[0]
    moves = _of_kind(legal, "move")
    end = _of_kind(legal, "end_moves")
    if not moves:
        return end[0] if end else legal[0]
    threats = _threats(state, seat)
    staying = {
        legion.marker: NEXT_TURN * _next_recruits(state, legion, legion.land)
        - 0.5 * _danger(threats, legion.land, fighting_strength(state, legion, seat), legion.has_titan)
        for legion in state.legions_of(seat)
        if not legion.moved
    }
    values = {id(a): _move_value(state, seat, a, threats) - staying.get(a.marker, 0.0) for a in moves}
    best = max(moves, key=lambda a: (values[id(a)], -a.land))
    best_value = values[id(best)]
    if end and best_value <= 0.5:
        return end[0]
    return best


# -- engagements and what follows -------------------------------------------------------------------------------------


def _engagement(state: TitanState, seat: int, legal: list[Action]) -> Action:
    attacker, defender = flow.engagement_legions(state)
    mine, theirs = (attacker, defender) if attacker.owner == seat else (defender, attacker)
    ratio = fighting_strength(state, mine, seat) / max(1.0, fighting_strength(state, theirs, seat))
    accept = _of_kind(legal, "accept")
    if accept:
        eliminated = state.engagement["eliminated"]
        my_role = "attacker" if mine is attacker else "defender"
        if eliminated not in (my_role, "both") and not state.engagement["losses"]:
            return accept[0]
    flee = _of_kind(legal, "flee")
    if flee and ratio < FLEE_BELOW:
        return flee[0]
    return _of_kind(legal, "fight")[0]


def _aftermath(state: TitanState, seat: int, legal: list[Action]) -> Action:
    acquire = [a for a in _of_kind(legal, "acquire") if a.angel]
    if acquire:
        return max(acquire, key=lambda a: CREATURES[a.angel].value)
    summons = [a for a in _of_kind(legal, "summon") if a.donor and state.legions[a.donor].height >= 3]
    if summons:
        return max(summons, key=lambda a: CREATURES[a.angel].value)
    reinforce = [a for a in _of_kind(legal, "reinforce") if a.creature]
    if reinforce:
        return max(reinforce, key=lambda a: CREATURES[a.creature].value)
    return next(
        action
        for action in legal
        if not (getattr(action, "angel", "") or getattr(action, "donor", "") or getattr(action, "creature", ""))
    )


def _muster(state: TitanState, seat: int, legal: list[Action]) -> Action:
    musters = _of_kind(legal, "muster")
    if musters:
        return max(musters, key=lambda a: (CREATURES[a.creature].value, a.marker))
    return _of_kind(legal, "end_musters")[0]


# -- battle ------------------------------------------------------------------------------------------------------


@cache
def chance_of_hits(dice: int, number: int, hits: int) -> float:
    """The chance that `dice` dice needing `number` score at least `hits` hits."""
    if hits <= 0:
        return 1.0
    if dice < hits:
        return 0.0
    p = (7 - max(1, min(6, number))) / 6.0
    return sum(math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(hits, dice + 1))


def _expected_hits(dice: int, number: int) -> float:
    return max(0, dice) * (7 - max(1, min(6, number))) / 6.0


@slices.unit(0.05)
def _hex_value(state: TitanState, battle: Battle, index: int, label: str, my_side: str) -> float:
    """How good `label` is for character `index`: damage dealt minus damage taken there, and closing in."""
    terrain = battle.map
    unit = battle.units[index]
    power = unit_power(state, battle, unit)
    value = 0.0
    best_strike = 0.0  # a character strikes one enemy: the best of those it touches, a likely kill valued whole
    nearest = 99
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
            kill = chance_of_hits(mine.dice, mine.strike_number, left) * character_value(other.name, 0)
            best_strike = max(best_strike, min(dealt, left) * CREATURES[other.name].skill + kill)
            value -= min(taken, power - unit.hits) * CREATURES[unit.name].skill * (2.0 if unit.name == TITAN else 1.0)
    value += best_strike
    if CREATURES[unit.name].rangestrikes and nearest in (3, 4):
        value += 4.0
    attacking = my_side == ATTACKER
    rounds_left = BATTLE_ROUNDS - battle.round
    # the attacker closes in, the harder the fewer rounds are left (he loses on time); the defender waits
    closing = 1.5 + max(0, 4 - rounds_left) if attacking else (0.2 if rounds_left < 3 else -0.3)
    value -= closing * (nearest if nearest < 99 else 0)
    if battlemap.takes_drift_damage(terrain, unit.name, label):
        value -= 3.0
    return value


def _maneuver(state: TitanState, seat: int, legal: list[Action]) -> Action:
    battle: Battle = state.battle
    my_side = (
        ATTACKER if battle.attacker in state.legions and state.legions[battle.attacker].owner == seat else DEFENDER
    )
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
        by_unit[unit_index], key=lambda a: (_hex_value(state, battle, unit_index, a.hex, my_side), a.hex), reverse=True
    )
    best = ranked[0]
    if entering and len(by_unit) > 1:  # the best hex of those that leave out the fewest (ideally none)
        stuck = {a.hex: left_out(state, battle, unit_index, a.hex) for a in ranked}
        best = min(ranked, key=lambda a: stuck[a.hex])
    if current is not None and not entering:
        stay = _hex_value(state, battle, unit_index, current, my_side)
        if _hex_value(state, battle, unit_index, best.hex, my_side) <= stay:
            others = [a for a in moves if a.unit != unit_index]
            if others:
                # this character is well placed: look at the others before ending the phase
                better = [a for a in others if _hex_value(state, battle, a.unit, a.hex, my_side)
                          > _hex_value(state, battle, a.unit, battle.units[a.unit].hex, my_side) + 0.5]  # fmt: skip
                if better:
                    return max(better, key=lambda a: _hex_value(state, battle, a.unit, a.hex, my_side))
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


def _strike_value(state: TitanState, battle: Battle, action: Any) -> float:
    unit, target = battle.units[action.unit], battle.units[action.target]
    terrain = battle.map
    power = unit_power(state, battle, unit)
    if action.kind == "rangestrike":
        from engine.titan import sight

        terms = sight.rangestrike_terms(
            terrain, unit.name, unit.hex, target.name, target.hex, battle.occupied(), power=power
        )
        number = terms.strike_number
    else:
        terms = battlemap.strike_terms(terrain, unit.name, unit.hex, target.name, target.hex, power=power)
        number = action.number
    left = unit_power(state, battle, target) - target.hits
    hits = _expected_hits(terms.dice, number)
    kill_bonus = character_value(target.name, 0) if hits >= left else 0.0
    titan_bonus = 50.0 if target.name == TITAN else 0.0
    return (
        min(hits, left) * CREATURES[target.name].skill + kill_bonus + titan_bonus - (number - terms.strike_number) * 2
    )


def _strike(state: TitanState, seat: int, legal: list[Action]) -> Action:
    battle: Battle = state.battle
    strikes = _of_kind(legal, "strike") + _of_kind(legal, "rangestrike")
    end = _of_kind(legal, "end_strikes")
    if not strikes:
        return end[0] if end else legal[0]
    best = max(strikes, key=lambda a: (_strike_value(state, battle, a), -a.unit, -a.target))
    if end and best.kind == "rangestrike" and _strike_value(state, battle, best) <= 0:
        return end[0]
    return best


def _carry(state: TitanState, seat: int, legal: list[Action]) -> Action:
    battle: Battle = state.battle
    targets = [a for a in legal if a.target >= 0]
    if not targets:
        return legal[-1]
    hits = battle.carry["hits"]

    def value(action: Any) -> tuple[float, int]:
        target = battle.units[action.target]
        left = unit_power(state, battle, target) - target.hits
        return (character_value(target.name, 0) * (2.0 if hits >= left else 0.5), -action.target)

    return max(targets, key=value)


def make_bot(game: Game, level: int, seed: int) -> Bot | None:
    """The game's own bot for `level` (1 Standard, 2 Strong), or None for the generic ones (0: random)."""
    if level == 2:
        from engine.titan.strong import StrongBot

        return StrongBot(game, seed)
    return TitanBot(game, seed) if level == 1 else None
