"""A scripted Titan player of sound simple rules (in the manner of Colossus's SimpleAI): the yardstick the
computer players are measured against (`scripts/ai_strength.py --game titan --pairings 1-B`). Not offered in
the app.

- Split: the first turn keeps a pair in each half (the Titan with the Gargoyles, the Angel with the Ogres); later
  a legion of seven sheds its weakest pair (a pair of one kind first, so both halves may recruit up).
- Mulligan: a first roll of 2 or 5 (the poorest lands out of a Tower) is rolled again.
- Move: each legion is valued where it could end: what it could muster there (at any height up to six), plus
  half what it could muster next turn averaged over the six rolls, less the risk there. The risk is the chance
  an enemy stack reaches it next turn (over the six rolls, following the signs on the land borders: a move
  stops on entering an occupied land, so an enemy that can enter it within r steps reaches it on every roll
  from r up) times the chance that stack would beat it, times what would be lost (a Titan's legion: the game).
  An attack is valued by the chance of winning it (from the ratio of the two legions' strengths) against what
  each side stakes. The legion whose best move gains most on standing still moves; none gaining, moving ends.
- Engagements: a defender without a lord flees a stack it would very likely lose to; terms that eliminate the
  other side are accepted; a side very likely to win proposes the other's elimination once; else it fights.
- Battle: every character closes in on (or, defending while time is on its side, waits for) the enemy it can
  most likely kill, striking on the best terms it can reach and avoiding blows it cannot return; the Titan stays
  out of contact unless the battle is lost otherwise; rangestrikers keep their distance; hazards that wound are
  avoided. Strikes go where a kill is likeliest (the most valuable kill first, the weakest striker that will do),
  carries where they kill. An angel is summoned while the battle is still in doubt.

It reads only what its seat may know: its own legions, what it has seen of the others (`seen`), their heights,
and the average of the characters it has not seen for the rest.
"""

from __future__ import annotations

from typing import Any

from engine.core import Action
from engine.titan import battlemap, flow, masterboard, recruiting, sight
from engine.titan.ai.reckoning import chance_of_hits, hidden_average, left_out  # shared reckoning, not strategy
from engine.titan.battle import Battle, unit_power
from engine.titan.battle_titan import respawn
from engine.titan.data import BATTLE_ROUNDS, CREATURES, LANDS, MAX_LEGION, TITAN, TOWERS, character_value
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Legion, Phase, TitanState, seen

TITAN_STAKE = 400.0  # what losing the Titan's legion costs beyond its value: the game
WIN_EXPONENT = 4.0  # win chance = a^k / (a^k + b^k) for strengths a and b (ratio 1.3: 74%, 2: 94%)
ATTACK_AT_LEAST = 0.7  # a normal legion attacks only at this win chance or better
TITAN_ATTACKS_AT_LEAST = 0.85  # the Titan's legion only at this one
FLEE_BELOW = 0.25  # a defender without a lord flees below this win chance
PROPOSE_ABOVE = 0.85  # above this win chance a side proposes the other's elimination (once)
SUMMON_BELOW = 2.0  # an angel is summoned while the strength ratio is below this
MULLIGAN_ROLLS = (2, 5)
FIRST_SPLIT = ("Angel", "Centaur", "Ogre", "Ogre")  # the Titan keeps a Centaur and the two Gargoyles


def grouped(actions: list[Action]) -> dict[str, list[Any]]:
    """The legal actions by their kind, in their order (the scripted players decide phase by phase)."""
    by_kind: dict[str, list[Any]] = {}
    for action in actions:
        by_kind.setdefault(str(getattr(action, "kind", "")), []).append(action)
    return by_kind


def choose(state: TitanState, actions: list[Action]) -> Action:
    """The scripted decision among the legal `actions` of the player to move."""
    seat = state.decider
    by_kind = grouped(actions)
    phase = state.phase
    if phase == Phase.SPAWN:
        picks = by_kind["spawn"]
        return next(a for a in picks if a.creature == respawn.best_pick([a.creature for a in picks]))
    if phase == Phase.SPLIT:
        return _split(state, seat, by_kind)
    if phase == Phase.MOVE:
        return _Board(state, seat).move(by_kind)
    if phase == Phase.ENGAGE:
        return by_kind["engage"][0]
    if phase == Phase.ENGAGEMENT:
        return _engagement(state, seat, by_kind)
    if phase == Phase.AFTERMATH:
        return _aftermath(state, seat, by_kind, actions)
    if phase == Phase.MUSTER:
        musters = by_kind.get("muster", [])
        if musters:
            return max(musters, key=lambda a: (CREATURES[a.creature].value, a.marker))
        return by_kind["end_musters"][0]
    if phase == Phase.MANEUVER:
        return _Field(state, seat).maneuver(by_kind)
    if phase == Phase.CARRY:
        return _Field(state, seat).carry(by_kind)
    return _Field(state, seat).strike(by_kind)


# -- what the seat knows -----------------------------------------------------------------------------------------


def strength(state: TitanState, legion: Legion, seat: int, average: float) -> float:
    """A legion's value as the seat knows it: what it has seen, the rest at the average of the unseen."""
    score = state.players[legion.owner].score
    known = seen(state, legion, seat)
    return sum(character_value(name, score) for name in known) + (legion.height - len(known)) * average


def known_titan(state: TitanState, legion: Legion, seat: int) -> bool:
    """Whether the seat knows the legion holds a Titan."""
    return TITAN in seen(state, legion, seat)


def win_chance(mine: float, theirs: float) -> float:
    """The chance the stronger side wins, from the ratio of strengths (SimpleAI's estimator, made smooth)."""
    if theirs <= 0:
        return 1.0
    if mine <= 0:
        return 0.0
    a, b = mine**WIN_EXPONENT, theirs**WIN_EXPONENT
    return a / (a + b)


# -- split ---------------------------------------------------------------------------------------------------------


def _split(state: TitanState, seat: int, by_kind: dict[str, list[Any]]) -> Action:
    splits = by_kind.get("split", [])
    if state.first_turns[seat] and splits:
        return next((a for a in splits if tuple(sorted(a.leaving)) == FIRST_SPLIT), splits[0])
    for action in splits:
        legion = state.legions[action.marker]
        if legion.height >= MAX_LEGION and tuple(sorted(action.leaving)) == weakest_pair(legion.contents):
            return action
    return by_kind["end_splits"][0]


def weakest_pair(contents: list[str]) -> tuple[str, ...]:
    """The two creatures a full legion sheds: the lowest pair of one kind, else its two weakest creatures."""
    creatures = sorted((n for n in contents if CREATURES[n].kind == "creature"), key=lambda n: (CREATURES[n].value, n))
    for name in creatures:
        if creatures.count(name) >= 2 and CREATURES[name].value <= CREATURES[creatures[0]].value * 1.6:
            return (name, name)
    return tuple(sorted(creatures[:2]))


# -- the masterboard ---------------------------------------------------------------------------------------------


def recruit_value(terrain: str, contents: list[str], stock: dict[str, int]) -> float:
    """The value of the best character the legion could muster on this terrain (0 if full or nothing)."""
    if len(contents) >= MAX_LEGION:
        return 0.0
    return float(max((CREATURES[m.recruit].value for m in recruiting.musters(terrain, contents, stock)), default=0))


class _Board:
    """One masterboard decision: the enemies' reach and strength, computed once."""

    def __init__(self, state: TitanState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.average = hidden_average(state, seat)
        self.engaged = flow.engaged_lands(state)
        self.threats: list[tuple[float, dict[int, int]]] = []  # (strength, land -> rolls of six reaching it)
        for legion in state.legions.values():
            if legion.owner == seat:
                continue
            stops = {lg.land for lg in state.legions.values() if lg.owner != legion.owner}
            reach = {
                land: 7 - steps for land, steps in masterboard.fewest_steps(legion.land, stops, self.engaged).items()
            }
            known = seen(state, legion, seat)
            if LANDS[legion.land].is_tower and any(CREATURES[n].is_lord for n in known):
                for land in masterboard.lands_within(legion.land, 6).keys() | set(TOWERS):
                    reach[land] = max(reach.get(land, 0), 1)  # a tower teleport on a 6
            if TITAN in known and state.players[legion.owner].score >= 400:
                for land in stops:
                    reach[land] = max(reach.get(land, 0), 1)  # a Titan teleport on a 6
            self.threats.append((strength(state, legion, seat, self.average), reach))
        self._next: dict[tuple[int, tuple[str, ...]], float] = {}

    def risk(self, land: int, mine: float, titan: bool) -> float:
        """What a legion of strength `mine` on `land` may lose next turn: the chance a stack that would beat
        it reaches it (each enemy stack taken apart), times its value (and the game, for the Titan's)."""
        safe = 1.0
        for theirs, reach in self.threats:
            rolls = reach.get(land, 0)
            if rolls:
                safe *= 1.0 - rolls / 6.0 * win_chance(theirs, mine)
        return (1.0 - safe) * (mine + (TITAN_STAKE if titan else 0.0))

    def next_recruits(self, legion: Legion, land: int) -> float:
        """What the legion could muster next turn from `land`, averaged over the six rolls."""
        key = (land, tuple(legion.contents))
        if key not in self._next:
            friendly = flow.own_lands(self.state, self.seat, besides=legion.marker)
            enemy = flow.enemy_lands(self.state, self.seat)
            total = 0.0
            for roll in range(1, 7):
                lands = masterboard.destination_lands(land, roll, friendly, enemy, self.engaged)
                total += max(
                    (
                        recruit_value(LANDS[to].terrain, legion.contents, self.state.stock)
                        for to in lands
                        if to not in enemy
                    ),
                    default=0.0,
                )
            self._next[key] = total / 6.0
        return self._next[key]

    def move_value(self, action: Any) -> float:
        state, seat = self.state, self.seat
        legion = state.legions[action.marker]
        mine = strength(state, legion, seat, self.average)
        titan = legion.has_titan
        enemies = [lg for lg in state.legions_on(action.land) if lg.owner != seat]
        if enemies:
            enemy = enemies[0]
            theirs = strength(state, enemy, seat, self.average)
            chance = win_chance(mine, theirs)
            if chance < (TITAN_ATTACKS_AT_LEAST if titan else ATTACK_AT_LEAST):
                return -1000.0
            # the prize: the legion gone, its points scored (toward angels and the Titan's power), a muster there
            prize = 1.5 * theirs + (TITAN_STAKE if known_titan(state, enemy, seat) else 0.0)
            prize += recruit_value(LANDS[action.land].terrain, legion.contents, state.stock)
            stake = mine + (TITAN_STAKE if titan else 0.0)
            return chance * prize - (1.0 - chance) * stake - 0.3 * min(mine, theirs)
        terrain = LANDS[action.land].terrain
        value = recruit_value(terrain, legion.contents, state.stock)
        value += 0.5 * self.next_recruits(legion, action.land)
        return value - self.risk(action.land, mine, titan)

    def stay_value(self, legion: Legion) -> float:
        mine = strength(self.state, legion, self.seat, self.average)
        return 0.5 * self.next_recruits(legion, legion.land) - self.risk(legion.land, mine, legion.has_titan)

    def move(self, by_kind: dict[str, list[Any]]) -> Action:
        state = self.state
        if by_kind.get("mulligan") and state.roll in MULLIGAN_ROLLS:
            return by_kind["mulligan"][0]
        moves = by_kind.get("move", [])
        end = by_kind.get("end_moves", [])
        if not moves:
            return end[0] if end else by_kind["mulligan"][0]
        staying = {marker: self.stay_value(state.legions[marker]) for marker in {a.marker for a in moves}}
        gains = [(self.move_value(a) - staying[a.marker], a) for a in moves]
        gain, best = max(gains, key=lambda pair: (pair[0], -pair[1].land, pair[1].marker))
        if end and gain <= 0.0:
            return end[0]
        return best


# -- engagements ---------------------------------------------------------------------------------------------------


def _engagement(state: TitanState, seat: int, by_kind: dict[str, list[Any]]) -> Action:
    attacker, defender = flow.engagement_legions(state)
    mine, theirs = (attacker, defender) if attacker.owner == seat else (defender, attacker)
    other = DEFENDER if mine is attacker else ATTACKER
    average = hidden_average(state, seat)
    chance = win_chance(strength(state, mine, seat, average), strength(state, theirs, seat, average))
    if by_kind.get("accept") and state.engagement_now().eliminated == other:
        return by_kind["accept"][0]
    if by_kind.get("flee") and chance < FLEE_BELOW:
        return by_kind["flee"][0]
    proposals = [a for a in by_kind.get("propose", []) if a.eliminated == other and not a.losses]
    if proposals and chance > PROPOSE_ABOVE and state.engagement_now().proposals == 0:
        return proposals[0]
    return by_kind["fight"][0]


def _aftermath(state: TitanState, seat: int, by_kind: dict[str, list[Any]], actions: list[Action]) -> Action:
    in_place = respawn.angel_in_place(state, actions)  # Battle Titan: a spawned eight's angel
    if in_place is not None:
        return in_place
    angels = [a for a in by_kind.get("acquire", []) if a.angel]
    if angels:
        return max(angels, key=lambda a: CREATURES[a.angel].value)
    winner = state.legions[state.aftermath_now().winner]
    summons = [a for a in by_kind.get("summon", []) if a.donor and state.legions[a.donor].height >= 3]
    if summons and winner.height <= 5:
        return max(summons, key=lambda a: (CREATURES[a.angel].value, state.legions[a.donor].height, a.donor))
    reinforce = [a for a in by_kind.get("reinforce", []) if a.creature]
    if reinforce:
        return max(reinforce, key=lambda a: CREATURES[a.creature].value)
    return next(
        a for a in actions if not (getattr(a, "angel", "") or getattr(a, "donor", "") or getattr(a, "creature", ""))
    )


# -- battle ----------------------------------------------------------------------------------------------------


def expected_hits(dice: int, number: int) -> float:
    return max(0, dice) * (7 - max(1, min(6, number))) / 6.0


class _Field:
    """One battle decision: both legions are in everyone's sight."""

    def __init__(self, state: TitanState, seat: int) -> None:
        self.state = state
        self.battle: Battle = state.battle
        battle = self.battle
        self.side = ATTACKER if state.legions[battle.attacker].owner == seat else DEFENDER
        self.map = battle.map
        self.power = [unit_power(state, battle, unit) for unit in battle.units]
        score = [state.players[state.legions[battle.attacker].owner].score,
                 state.players[state.legions[battle.defender].owner].score]  # fmt: skip
        self.value = [character_value(u.name, score[0] if u.side == ATTACKER else score[1]) for u in battle.units]
        self.mine = [i for i, u in enumerate(battle.units) if u.side == self.side and not u.slain]
        self.theirs = [i for i, u in enumerate(battle.units) if u.side != self.side and not u.slain]

    def left(self, index: int) -> int:
        return self.power[index] - self.battle.units[index].hits

    def side_strength(self, indices: list[int]) -> float:
        return sum(self.value[i] * self.left(i) / max(1, self.power[i]) for i in indices)

    # -- maneuvers
    def maneuver(self, by_kind: dict[str, list[Any]]) -> Action:
        battle = self.battle
        reinforce = [a for a in by_kind.get("reinforce", []) if a.creature]
        if reinforce:
            return max(reinforce, key=lambda a: CREATURES[a.creature].value)
        if by_kind.get("summon"):
            summons = [a for a in by_kind["summon"] if a.donor and self.state.legions[a.donor].height >= 3]
            ratio = self.side_strength(self.mine) / max(1.0, self.side_strength(self.theirs))
            if summons and ratio < SUMMON_BELOW:
                return max(summons, key=lambda a: (CREATURES[a.angel].value, self.state.legions[a.donor].height))
            return next(a for a in by_kind["summon"] if not a.donor)
        if by_kind.get("reinforce"):
            return by_kind["reinforce"][-1]
        moves = by_kind.get("maneuver", [])
        end = by_kind.get("end_maneuver", [])
        if not moves:
            return end[0] if end else by_kind["concede"][0]
        entering = [a for a in moves if battle.units[a.unit].hex is None]
        if entering:
            return self._enter(entering)
        best_gain, best = 0.5, None
        current: dict[int, float] = {}
        for action in moves:
            unit = action.unit
            if unit not in current:
                current[unit] = self.hex_value(unit, battle.units[unit].hex)
            gain = self.hex_value(unit, action.hex) - current[unit]
            if gain > best_gain:
                best_gain, best = gain, action
        if best is None:
            return end[0] if end else moves[0]
        return best

    def _enter(self, entering: list[Any]) -> Action:
        """Characters coming on: the most valuable first, to its best hex among those leaving room for the rest."""
        battle = self.battle
        unit = max({a.unit for a in entering}, key=lambda i: (self.value[i], -i))
        options = sorted((a for a in entering if a.unit == unit), key=lambda a: (-self.hex_value(unit, a.hex), a.hex))
        waiting = {a.unit for a in entering}
        if len(waiting) > 1:
            free = {a.hex for a in entering}
            if len(free) <= len(waiting) + 1:
                return min(options, key=lambda a: left_out(self.state, battle, unit, a.hex))
        return options[0]

    def hex_value(self, index: int, label: str | None) -> float:
        """How good `label` is for character `index`: the kill it threatens and the blows it takes there, the
        time left, closing in (attacking) or waiting (defending), rangestrikes, hazards."""
        if label is None:
            return -1000.0
        battle, terrain = self.battle, self.map
        unit = battle.units[index]
        name = unit.name
        creature = CREATURES[name]
        left = self.left(index)
        offence, taken, nearest = 0.0, 0.0, 99
        worth = self.value[index] + (TITAN_STAKE / 4 if name == TITAN else 0.0)  # the Titan: the game at stake
        for other in self.theirs:
            enemy = battle.units[other]
            if enemy.hex is None:
                continue
            distance = battlemap.range_between(label, enemy.hex)
            nearest = min(nearest, distance)
            if distance != 2 or not battlemap.in_contact(terrain, label, enemy.hex):
                continue
            mine = battlemap.strike_terms(terrain, name, label, enemy.name, enemy.hex, power=self.power[index])
            theirs = battlemap.strike_terms(terrain, enemy.name, enemy.hex, name, label, power=self.power[other])
            their_left = self.left(other)
            kill = chance_of_hits(mine.dice, mine.strike_number, their_left)
            damage = min(expected_hits(mine.dice, mine.strike_number), their_left) / max(1, their_left)
            offence = max(offence, self.value[other] * (kill + 0.4 * damage))
            hurt = expected_hits(theirs.dice, theirs.strike_number)
            taken += worth * (
                0.4 * min(hurt, left) / max(1, left) + 0.6 * chance_of_hits(theirs.dice, theirs.strike_number, left)
            )
        attacking = self.side == ATTACKER
        rounds_left = BATTLE_ROUNDS - battle.round
        mine_strength = self.side_strength(self.mine)
        their_strength = self.side_strength(self.theirs)
        caution = 1.0
        if name == TITAN:
            # the Titan stays back, unless its side must win quickly and cannot without it
            caution = 1.5 if not (attacking and rounds_left <= 2) and mine_strength > their_strength * 0.7 else 0.6
        value = offence - caution * taken
        if creature.rangestrikes and nearest > 2:
            occupied = battle.occupied(index) | {label}
            living = {battle.units[o].hex: battle.units[o].name for o in self.theirs if battle.units[o].hex}
            targets = sight.rangestrike_targets(terrain, name, label, living, occupied)
            best = 0.0
            for target_hex in targets:
                other = next(o for o in self.theirs if battle.units[o].hex == target_hex)
                terms = sight.rangestrike_terms(
                    terrain, name, label, battle.units[other].name, target_hex, occupied, power=self.power[index]
                )
                best = max(
                    best, expected_hits(terms.dice, terms.strike_number) / max(1, self.left(other)) * self.value[other]
                )
            value += best
        if nearest < 99:
            if attacking:
                urgency = 2.0 + 2.0 * max(0, 4 - rounds_left)
                value -= urgency * max(0, nearest - 2) * (0.3 if name == TITAN else 1.0)
            elif their_strength > 0 and mine_strength > 1.5 * their_strength:
                value -= 1.0 * max(0, nearest - 2)  # a much stronger defender goes for the kill
        if battlemap.takes_drift_damage(terrain, name, label):
            value -= self.value[index] / max(1, self.power[index]) * 1.5
        return value

    # -- strikes
    def strike(self, by_kind: dict[str, list[Any]]) -> Action:
        battle, terrain = self.battle, self.map
        options: list[tuple[float, float, Any]] = []
        for action in by_kind.get("strike", []):
            unit, target = battle.units[action.unit], battle.units[action.target]
            terms = battlemap.strike_terms(
                terrain, unit.name, unit.hex, target.name, target.hex, power=self.power[action.unit]
            )
            if action.number != terms.strike_number:
                continue  # a higher number, for a carry: not for this player
            options.append((*self._strike_worth(action.unit, action.target, terms.dice, terms.strike_number), action))
        for action in by_kind.get("rangestrike", []):
            unit, target = battle.units[action.unit], battle.units[action.target]
            terms = sight.rangestrike_terms(
                terrain, unit.name, unit.hex, target.name, target.hex, battle.occupied(), power=self.power[action.unit]
            )
            options.append((*self._strike_worth(action.unit, action.target, terms.dice, terms.strike_number), action))
        if not options:
            return by_kind["end_strikes"][0] if by_kind.get("end_strikes") else by_kind["strike"][0]
        kills = [o for o in options if o[1] >= 0.5]
        if kills:
            # the most valuable likely kill, struck by the weakest striker that still very likely makes it
            target_worth = max(o[0] for o in kills)
            best = max((o for o in kills if o[0] == target_worth), key=lambda o: (o[1], -o[2].unit))
            good = [o for o in kills if o[2].target == best[2].target and o[1] >= best[1] - 0.1]
            return min(good, key=lambda o: (self.value[o[2].unit], o[2].unit))[2]
        # no likely kill: strikers with a single choice first, each at the target it hurts most
        return max(options, key=lambda o: (o[0], -self.value[o[2].unit], -o[2].unit, -o[2].target))[2]

    def _strike_worth(self, unit: int, target: int, dice: int, number: int) -> tuple[float, float]:
        left = self.left(target)
        kill = chance_of_hits(dice, number, left)
        damage = min(expected_hits(dice, number), left) / max(1, left)
        bonus = 2.0 if self.battle.units[target].name == TITAN else 1.0
        return self.value[target] * bonus * (kill + 0.3 * damage), kill

    def carry(self, by_kind: dict[str, list[Any]]) -> Action:
        battle = self.battle
        targets = [a for a in by_kind.get("carry", []) if a.target >= 0]
        if not targets:
            return by_kind["carry"][-1]
        hits = battle.carrying().hits

        def worth(action: Any) -> tuple[float, int]:
            left = self.left(action.target)
            return (
                self.value[action.target] * (2.0 if hits >= left else min(hits, left) / max(1, left)),
                -action.target,
            )

        return max(targets, key=worth)
