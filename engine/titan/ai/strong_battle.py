"""Strong's battle play (level 2): the legion's placements searched together, strikes ordered for the kill.

Everything here is computed from exact dice distributions (a strike of d dice needing n hits k times with the
binomial chance; several strikes at one enemy add up by convolution), over the battle as `battle.py` plays it:
strike numbers and dice from `battlemap.strike_terms` (hazards, hexsides, natives), rangestrikes from
`sight.rangestrike_terms` (line of sight through the characters placed). Both legions of a battle are public,
so the battle's own decisions need nothing hidden; the only masterboard look (is a summon's donor left in
danger?) goes through Standard's estimates, which read the seat's knowledge only. No dice are drawn: the
decision is a function of the position alone.

- **Maneuver.** The engine asks for one character's move at a time; each time, the moves of every character
  still to move are planned together. Each character's hexes (its reachable ones and staying put) are
  pruned to its best few by the whole-legion score with only it moved; a beam search then places the
  characters one by one (the most valuable first), each partial placement scored; a pass of single changes
  polishes the best. The plan's first move that is legal now is played, or the phase ends when the plan
  keeps everyone where they stand. See `Evaluation` for the score.
- **Strikes.** Each legal strike (target and strike number announced) and rangestrike is valued by its
  outcomes, hit count by hit count: the damage or kill it makes, the hits a kill carries to the best
  second enemy, and what the strikers still to strike then add, allotted greedily on the new hits. This
  brings the weakest striker that may already do the job first, and takes a higher strike number only when
  the carry it opens pays for the lower chance.
- **Carries** go where they add the most (a kill first), with the strikers still to strike in view.
- **Summons and reinforcements.** A reinforcement is always mustered (the best one). An angel is summoned
  while the battle is in doubt or time is short for the attacker, from the donor least in danger on the
  masterboard that keeps two characters, never leaving the Titan's legion in danger.
- Never concedes: a defender's losses score the same as a concession, and an attacker losing on time gives
  the defender nothing.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from functools import cache
from typing import Any

from engine.core import Action, Rng
from engine.titan import battlemap, sight
from engine.titan.actions import Carry, EndManeuver, EndStrikes, Maneuver, Rangestrike, Reinforce, Strike, Summon
from engine.titan.ai import reckoning, standard, standard_battle
from engine.titan.ai.strong_decision import Decision
from engine.titan.ai.strong_war import battle_stakes
from engine.titan.battle import Battle, other_side, unit_power
from engine.titan.battle_titan.warmongering import battle_titan
from engine.titan.data import BATTLE_ROUNDS, CREATURES, HEX_LABELS, HEX_NEIGHBORS, TITAN
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import TitanState

DAMAGE = 0.5  # a hit that does not kill is worth this share of the hit's part of the character's value
OWN_TITAN_STAKE = 200.0  # losing the Titan loses the game: on top of its points
ENEMY_TITAN_STAKE = 200.0  # killing the enemy Titan puts him out (less with more players left)
TIME_EFFICIENCY = 0.6  # the share of his full striking power an attacker brings to bear, round after round
DEFENDER_TIME = 1.0  # a defender's gain: the attacker's chance to run out of time times his legion's worth
NEXT_PHASE = 0.5  # the enemy's coming phase counts this much (he moves first, and may not engage)
CANDIDATES = 6  # hexes kept per character for the beam
BEAM = 10  # placements kept at each step of the beam
EVALS_PER_YIELD = 6  # placements scored between yields (each ~0.1-0.3 ms of CPython, rarely up to 2 ms): the
# engine has no clock, so the slices are counted in work; the page's loop times them


# -- dice ------------------------------------------------------------------------------------------------------------


@cache
def hit_chances(dice: int, number: int) -> tuple[float, ...]:
    """The chance of exactly k hits, k = 0..dice, for `dice` dice needing `number`."""
    p = (7 - max(1, min(6, number))) / 6.0
    dice = max(0, dice)
    return tuple(math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1))


def add_strike(dist: list[float], chances: tuple[float, ...], cap: int) -> list[float]:
    """The hits on an enemy (`dist`, hits 0..cap, cap meaning cap or more) after one more strike's `chances`."""
    new = [0.0] * (cap + 1)
    for i, a in enumerate(dist):
        if a == 0.0:
            continue
        for j, b in enumerate(chances):
            new[min(cap, i + j)] += a * b
    return new


# -- what hits are worth ------------------------------------------------------------------------------------------


class Target:
    """An enemy as a target: what each number of further hits on it is worth (a kill at `left` or more)."""

    __slots__ = ("left", "table")

    def __init__(self, worth: float, stake: float, power: int, hits: int) -> None:
        self.left = max(0, power - hits)

        def worn(x: int) -> float:  # the value lost to x hits short of death: damage, and a Titan's peril
            share = x / power
            return worth * DAMAGE * share + stake * 0.5 * share * share

        base = worn(hits)
        whole = worth + stake
        self.table = [(whole if hits + k >= power else worn(hits + k)) - base for k in range(self.left + 1)]

    def expected(self, dist: list[float]) -> float:
        return sum(p * v for p, v in zip(dist, self.table, strict=False))


def allot(
    strikers: list[tuple[float, list[tuple[int, tuple[float, ...]]]]], targets: dict[int, Target]
) -> tuple[float, dict[int, list[float]], float]:
    """Strikers given to targets greedily (those with the fewest choices first), each where it adds the most
    expected value given the strikes already allotted; returns the expected value, each target's hits (from
    the strikers sure to strike) and the expected number of hits that count (short of each target's death).

    `strikers`: (weight, [(target, hit chances)]); a weight below 1 counts a striker that may not be there."""
    dists: dict[int, list[float]] = {}
    total = 0.0
    landed = 0.0
    for weight, options in sorted(strikers, key=lambda s: len(s[1])):
        best_gain, best = 0.0, None
        for target, chances in options:
            info = targets[target]
            if info.left == 0:
                continue
            dist = dists.get(target) or [1.0] + [0.0] * info.left
            new = add_strike(dist, chances, info.left)
            gain = info.expected(new) - info.expected(dist)
            if gain > best_gain:
                best_gain, best = gain, (target, new, dist)
        if best is not None:
            target, new, old = best
            if weight >= 1.0:
                dists[target] = new
            total += weight * best_gain
            landed += weight * sum(k * (p - q) for k, (p, q) in enumerate(zip(new, old, strict=True)))
    return total, dists, landed


# -- the position as the search sees it ---------------------------------------------------------------------------


class Side:
    """What the search needs of the battle, computed once per decision."""

    def __init__(self, state: TitanState, seat: int) -> None:
        battle: Battle = state.battle
        self.state, self.battle, self.land = state, battle, battle.map
        mine = state.legions.get(battle.attacker)
        self.me = ATTACKER if mine is not None and mine.owner == seat else DEFENDER
        self.them = other_side(self.me)
        alive = sum(1 for p in state.players if p.alive)
        own_stake, enemy_stake = OWN_TITAN_STAKE, ENEMY_TITAN_STAKE if alive <= 2 else ENEMY_TITAN_STAKE * 0.75
        if battle_titan(state):  # nobody is out: a Titan is no longer the game (strong_war)
            own_stake, enemy_stake = battle_stakes()
        self.power = {i: unit_power(state, battle, u) for i, u in enumerate(battle.units)}
        self.worth: dict[int, float] = {}
        self.stake: dict[int, float] = {}
        for i, unit in enumerate(battle.units):
            self.worth[i] = float(self.power[i] * CREATURES[unit.name].skill)
            titan = unit.name == TITAN
            self.stake[i] = (own_stake if unit.side == self.me else enemy_stake) if titan else 0.0
        self.ours = [i for i, u in enumerate(battle.units) if u.side == self.me and not u.slain]
        self.enemies = [i for i, u in enumerate(battle.units) if u.side == self.them and not u.slain and u.hex]
        self.enemy_hex = {i: battle.units[i].hex for i in self.enemies}
        # which enemies a character standing in a hex would be in contact with
        self.touching: dict[str, list[int]] = {
            label: [e for e, at in self.enemy_hex.items() if battlemap.in_contact(self.land, label, at)]
            for label in HEX_LABELS
        }
        self._strike: dict[tuple[int, str, int], tuple[float, ...]] = {}
        self._struck: dict[tuple[int, int, str], tuple[float, ...]] = {}
        self._plain: dict[tuple[int, int], tuple[float, ...]] = {}
        self.round = battle.round
        # the attacker's strike phases left, this one included when he maneuvers now
        self.phases_left = BATTLE_ROUNDS - battle.round + 1

    def unit(self, index: int) -> Any:
        return self.battle.units[index]

    def strikes(self, mine: int, label: str, enemy: int) -> tuple[float, ...]:
        """Our character `mine` in `label` striking enemy `enemy` where it stands (its own strike number)."""
        key = (mine, label, enemy)
        if key not in self._strike:
            u, e = self.unit(mine), self.unit(enemy)
            terms = battlemap.strike_terms(self.land, u.name, label, e.name, e.hex, power=self.power[mine])
            self._strike[key] = hit_chances(terms.dice, terms.strike_number)
        return self._strike[key]

    def struck(self, enemy: int, mine: int, label: str) -> tuple[float, ...]:
        """Enemy `enemy` striking our `mine` standing in `label`."""
        key = (enemy, mine, label)
        if key not in self._struck:
            u, e = self.unit(mine), self.unit(enemy)
            terms = battlemap.strike_terms(self.land, e.name, e.hex, u.name, label, power=self.power[enemy])
            self._struck[key] = hit_chances(terms.dice, terms.strike_number)
        return self._struck[key]

    def plain(self, striker: int, target: int) -> tuple[float, ...]:
        """A strike on open ground (for contacts the enemy may make next phase, hexes not known yet)."""
        key = (striker, target)
        if key not in self._plain:
            s, t = self.unit(striker), self.unit(target)
            number = battlemap.strike_number(CREATURES[s.name].skill, CREATURES[t.name].skill)
            self._plain[key] = hit_chances(self.power[striker], number)
        return self._plain[key]

    def target(self, index: int, weight: float = 1.0) -> Target:
        unit = self.unit(index)
        return Target(self.worth[index] * weight, self.stake[index] * weight, self.power[index], unit.hits)

    def strength(self, side: str) -> float:
        """A side's fighting worth: each living character's value in proportion to its hits left."""
        return sum(
            self.worth[i] * (self.power[i] - u.hits) / self.power[i]
            for i, u in enumerate(self.battle.units)
            if u.side == side and not u.slain
        )


# -- the maneuver: scoring a placement ----------------------------------------------------------------------------


class Evaluation:
    """The score of a placement of our characters (index -> hex; None: not on the battleland), our strike
    phase next:

    our strikes (exact distributions, allotted greedily; rangestrikes through the lines of sight the placement
    leaves) minus the enemy's strikes back (every enemy in contact strikes, slain or not), plus, at half
    weight, the enemy's coming phase: the contacts made strike again (the enemy's counted by its chance to
    survive ours), and each enemy free to move strikes the character of ours it could reach that it hurts
    most. Characters left off the battleland are lost; drift costs a hit. The attacker is pulled towards the
    enemy the harder the fewer rounds are left (he loses everything on time); in the last round he wins if
    every enemy falls in this strike phase (the chances of the kills multiplied) and otherwise loses every
    character, so his losses to the strikes back count only in the winning case; before it he pays for his
    chance of losing on time (`_time_loss`) times everything he has, so that nobody hangs back once the hits
    still needed come near what the rounds left can bring. The defender gains the attacker's chance of running
    out of time, counted after the attacker's strikes back and his coming phase, times the attacker's worth;
    weaker than the attacker, he keeps his distance while time runs for him.
    """

    def __init__(self, side: Side) -> None:
        self.side = side
        s = side
        self.enemy_targets = {e: s.target(e) for e in s.enemies}
        self.last_round = s.me == ATTACKER and s.round >= BATTLE_ROUNDS
        self.own_targets = {i: s.target(i) for i in s.ours}
        self.lost = {i: s.worth[i] + s.stake[i] for i in s.ours}
        # what an attack lost on time costs: every character still standing, the Titan with its stake
        self.everything = sum(s.target(i).table[-1] for i in s.ours)
        # the hits the attacker still has to land, and what he lands a strike when all his characters fight
        self.needed = sum(s.power[e] - s.unit(e).hits for e in s.enemies)
        self.rate = sum(
            max((sum(k * p for k, p in enumerate(s.plain(i, e))) for e in s.enemies), default=0.0) for i in s.ours
        )
        # the same for the attacker when we defend: our hits left, and what he lands a strike all engaged
        self.own_left = sum(s.power[i] - s.unit(i).hits for i in s.ours)
        self.enemy_rate = sum(
            max((sum(k * p for k, p in enumerate(s.plain(e, i))) for i in s.ours), default=0.0) for e in s.enemies
        )
        self.enemy_everything = sum(t.table[-1] for t in self.enemy_targets.values())
        # where each enemy could strike from next phase if free to move: hexes in contact with its reach
        occupied = {u.hex for u in s.battle.units if u.hex is not None and u.side == s.them}
        self.zone: dict[int, set[str]] = {}
        for e in s.enemies:
            unit = s.unit(e)
            reach = battlemap.reachable(s.land, unit.name, unit.hex, occupied - {unit.hex})
            zone: set[str] = set()
            for label in (*reach, unit.hex):
                zone.update(n for n in HEX_NEIGHBORS[label].values() if battlemap.in_contact(s.land, label, n))
            self.zone[e] = zone
        if s.me == ATTACKER:
            self.pull = 6.0 / max(1, s.phases_left)
        else:
            self.pull = -0.3 if s.strength(s.me) < s.strength(s.them) else 0.3
        self.count = 0
        self._since = 0

    def due(self) -> bool:
        """Whether it is time to yield: `EVALS_PER_YIELD` placements scored since the last yield."""
        if self.count - self._since >= EVALS_PER_YIELD:
            self._since = self.count
            return True
        return False

    def __call__(self, placement: dict[int, str | None]) -> float:
        self.count += 1
        s = self.side
        land = s.land
        occupied = {h for h in placement.values() if h is not None} | set(s.enemy_hex.values())
        ours: list[tuple[float, list[tuple[int, tuple[float, ...]]]]] = []
        theirs: dict[int, list[tuple[int, tuple[float, ...]]]] = {}
        score = 0.0
        engaged_enemies: set[int] = set()
        for i, label in placement.items():
            if label is None:
                score -= self.lost[i]
                continue
            unit = s.unit(i)
            contacts = s.touching[label]
            if contacts:
                ours.append((1.0, [(e, s.strikes(i, label, e)) for e in contacts]))
                for e in contacts:
                    theirs.setdefault(e, []).append((i, s.struck(e, i, label)))
                    engaged_enemies.add(e)
            else:
                if CREATURES[unit.name].rangestrikes and s.me == s.battle.active:
                    options = self._rangestrikes(i, label, occupied)
                    if options:
                        ours.append((1.0, options))
                if s.enemy_hex:
                    nearest = min(battlemap.range_between(label, at) for at in s.enemy_hex.values())
                    score -= self.pull * (nearest - 2)
            if battlemap.takes_drift_damage(land, unit.name, label):
                score -= self.own_targets[i].table[min(1, self.own_targets[i].left)]
        dealt, dists, _ = allot(ours, self.enemy_targets)
        taken, _, taken_hits = allot([(1.0, options) for options in theirs.values()], self.own_targets)
        if self.last_round:  # the battle ends now: won if every enemy falls, else all is lost on time
            won = math.prod(dists[e][-1] if e in dists else 0.0 for e in s.enemies)
            return score + dealt - won * taken - (1.0 - won) * self.everything
        score += dealt - taken
        if s.me == ATTACKER:
            score -= self._time_loss(dists) * self.everything
        # the enemy's coming phase
        survive = {e: 1.0 - (dists[e][-1] if e in dists else 0.0) for e in s.enemies}
        coming: list[tuple[float, list[tuple[int, tuple[float, ...]]]]] = []
        for e in s.enemies:
            if e in engaged_enemies:
                coming.append((survive[e], theirs[e]))
            else:
                reachable = [
                    (i, s.plain(e, i)) for i, label in placement.items() if label is not None and label in self.zone[e]
                ]
                if reachable:
                    coming.append((survive[e] * 0.999, reachable))
        threat, _, threat_hits = allot(coming, self.own_targets)
        score += NEXT_PHASE * (dealt - threat)
        if s.me == DEFENDER and DEFENDER_TIME:
            # the attacker's chance to run out of time, after his strikes back now and his coming phase
            later = TIME_EFFICIENCY * self.enemy_rate * 2 * (BATTLE_ROUNDS - s.round)
            short = self.own_left - taken_hits - threat_hits - later
            score += DEFENDER_TIME * 0.5 * math.erfc(-short / math.sqrt(2.0 * max(1.0, later))) * self.enemy_everything
        return score

    def _time_loss(self, dists: dict[int, list[float]]) -> float:
        """The attacker's chance to run out of time: the hits still needed after this strike phase against what
        his later strikes may land (each round a strike and a strike back, at `TIME_EFFICIENCY` of what all his
        characters would land engaged), the total taken as roughly normal."""
        s = self.side
        dealt = sum(k * p for dist in dists.values() for k, p in enumerate(dist))
        later = TIME_EFFICIENCY * self.rate * 2 * (BATTLE_ROUNDS - s.round)
        short = self.needed - dealt - later
        return 0.5 * math.erfc(-short / math.sqrt(2.0 * max(1.0, later)))

    def _rangestrikes(self, i: int, label: str, occupied: set[str]) -> list[tuple[int, tuple[float, ...]]]:
        s = self.side
        unit = s.unit(i)
        enemies = {at: s.unit(e).name for e, at in s.enemy_hex.items()}
        options = []
        for e, at in s.enemy_hex.items():
            name = s.unit(e).name
            if sight.can_rangestrike(s.land, unit.name, label, name, at, occupied, enemies):
                terms = sight.rangestrike_terms(s.land, unit.name, label, name, at, occupied, power=s.power[i])
                options.append((e, hit_chances(terms.dice, terms.strike_number)))
        return options


def plan_maneuver(
    state: TitanState, seat: int, legal: list[Action]
) -> Generator[None, None, tuple[dict[int, str | None], list[int]]]:
    """The placement of every character of ours (index -> hex), those still to move planned together, and the
    order they were placed in (a generator: one yield per unit of work)."""
    side = Side(state, seat)
    evaluate = Evaluation(side)
    yield
    battle = side.battle
    moves: dict[int, list[str]] = {}
    for action in legal:
        if isinstance(action, Maneuver):
            moves.setdefault(action.unit, []).append(action.hex)
    # lines of sight are worked out once per pair of hexes (and cached): up to 5 ms each the first time, so
    # those the rangestrikers' hexes will need are worked out first, one between yields
    for i, hexes in moves.items():
        if not CREATURES[battle.units[i].name].rangestrikes:
            continue
        here = battle.units[i].hex
        for label in [*hexes, *([here] if here is not None else [])]:
            for at in side.enemy_hex.values():
                if 3 <= battlemap.range_between(label, at) <= 4:
                    sight.sight_paths(label, at)
                    yield
    base: dict[int, str | None] = {i: battle.units[i].hex for i in side.ours}
    choices: dict[int, list[str | None]] = {}
    for i, hexes in moves.items():
        here = battle.units[i].hex
        options: list[str | None] = ([here] if here is not None else []) + hexes
        scored = []
        for label in options:
            trial = dict(base)
            trial[i] = label
            scored.append((evaluate(trial), label == here, label))
            if evaluate.due():
                yield
        scored.sort(key=lambda t: (t[0], t[1], t[2] or ""), reverse=True)
        keep = CANDIDATES + (2 if here is None else 0)  # entering characters need room for one another
        choices[i] = [label for _, _, label in scored[:keep]]
        if here is not None and here not in choices[i]:
            choices[i].append(here)
    order = sorted(choices, key=lambda i: (-(side.worth[i] + side.stake[i]), i))
    # the beam: placements of the first k characters in `order`, the rest where they stand (or off, entering)
    start = {i: (None if i in choices and battle.units[i].hex is None else base[i]) for i in side.ours}
    beam: list[tuple[float, dict[int, str | None]]] = [(evaluate(start), start)]
    for i in order:
        grown: list[tuple[float, dict[int, str | None]]] = []
        for _, placement in beam:
            used = {h for j, h in placement.items() if j != i and h is not None}
            for label in choices[i]:
                if label in used:
                    continue
                trial = dict(placement)
                trial[i] = label
                grown.append((evaluate(trial), trial))
                if evaluate.due():
                    yield
        if not grown:  # nowhere left for it: it stays (or is lost)
            grown = beam
        grown.sort(key=lambda t: (t[0], _key(t[1])), reverse=True)
        beam = grown[:BEAM]
    score, best = beam[0]
    # polish: one character at a time to any of its hexes, while that helps
    for _ in range(2):
        better = False
        for i in order:
            used = {h for j, h in best.items() if j != i and h is not None}
            here = battle.units[i].hex
            for label in ([here] if here is not None else []) + moves[i]:
                if label in used or label == best[i]:
                    continue
                trial = dict(best)
                trial[i] = label
                value = evaluate(trial)
                if evaluate.due():
                    yield
                if value > score + 1e-9:
                    score, best, better = value, trial, True
        if not better:
            break
    return best, order


def _key(placement: dict[int, str | None]) -> tuple[str, ...]:
    """A stable tie-break between placements of equal score."""
    return tuple(placement[i] or "" for i in sorted(placement))


def maneuver(state: TitanState, seat: int, legal: list[Action]) -> Decision:
    moves = [a for a in legal if isinstance(a, Maneuver)]
    end = next((a for a in legal if isinstance(a, EndManeuver)), None)
    if not moves:
        yield
        return end if end is not None else standard.choose(state, seat, legal, None)
    plan, order = yield from plan_maneuver(state, seat, legal)
    battle: Battle = state.battle
    wanted = [Maneuver(unit=i, hex=plan[i]) for i in order if plan[i] is not None and plan[i] != battle.units[i].hex]
    legal_set = set(moves)
    playable = [a for a in wanted if a in legal_set]
    entering = [a for a in playable if battle.units[a.unit].hex is None]
    if entering and len({a.unit for a in moves if battle.units[a.unit].hex is None}) > 1:
        # who comes on first may shut others out of the edge: the planned entry that leaves the fewest out
        left_out = {}
        for action in entering:
            yield
            left_out[action] = reckoning.left_out(state, battle, action.unit, action.hex)
        return min(entering, key=lambda a: left_out[a])
    if playable:
        return playable[0]
    if end is not None:
        return end
    return moves[0]  # the Tower's set-up: someone must still be placed


# -- strikes and carries ------------------------------------------------------------------------------------------


class StrikePlan:
    """The strike phase from where it stands: what our strikers still to strike can do, for the outcomes of one."""

    def __init__(self, state: TitanState, seat: int, legal: list[Action]) -> None:
        self.side = side = Side(state, seat)
        self.battle = side.battle
        self.options: dict[int, list[Action]] = {}
        self._chances: dict[int, tuple[float, ...]] = {}
        for action in legal:
            if isinstance(action, (Strike, Rangestrike)):
                self.options.setdefault(action.unit, []).append(action)

    def chances(self, action: Strike | Rangestrike) -> tuple[float, ...]:
        if id(action) not in self._chances:
            self._chances[id(action)] = self._terms(action)
        return self._chances[id(action)]

    def _terms(self, action: Strike | Rangestrike) -> tuple[float, ...]:
        s = self.side
        u, t = s.unit(action.unit), s.unit(action.target)
        if isinstance(action, Rangestrike):
            terms = sight.rangestrike_terms(
                s.land, u.name, u.hex, t.name, t.hex, self.battle.occupied(), power=s.power[action.unit]
            )
            return hit_chances(terms.dice, terms.strike_number)
        terms = battlemap.strike_terms(s.land, u.name, u.hex, t.name, t.hex, power=s.power[action.unit])
        return hit_chances(terms.dice, action.number)

    def rest(self, hits: dict[int, int], besides: int) -> float:
        """What the strikers other than `besides` add on enemies carrying `hits` more (their best targets)."""
        s = self.side
        targets = {e: Target(s.worth[e], s.stake[e], s.power[e], s.unit(e).hits + hits.get(e, 0)) for e in s.enemies}
        strikers = []
        for unit, actions in self.options.items():
            if unit == besides:
                continue
            best: dict[int, tuple[float, ...]] = {}
            for action in actions:
                chances = self.chances(action)
                if action.target not in best or sum(k * p for k, p in enumerate(chances)) > sum(
                    k * p for k, p in enumerate(best[action.target])
                ):
                    best[action.target] = chances
            strikers.append((1.0, list(best.items())))
        value, _, _ = allot(strikers, targets)
        return value

    def gain(self, target: int, hits: int, already: dict[int, int]) -> float:
        """The value of `hits` more hits on `target`, over the hits `already` dealt in this look-ahead."""
        s = self.side
        before = s.unit(target).hits + already.get(target, 0)
        info = Target(s.worth[target], s.stake[target], s.power[target], before)
        return info.table[min(hits, info.left)]

    def carry_targets(self, action: Strike) -> list[int]:
        s = self.side
        u, t = s.unit(action.unit), s.unit(action.target)
        own = battlemap.strike_terms(s.land, u.name, u.hex, t.name, t.hex, power=s.power[action.unit])
        rolled = battlemap.StrikeTerms(own.dice, action.number, own.bonuses, own.up_dune)
        out = []
        for e in s.touching.get(u.hex, []):
            if e == action.target:
                continue
            o = s.unit(e)
            terms = battlemap.strike_terms(s.land, u.name, u.hex, o.name, o.hex, power=s.power[action.unit])
            if battlemap.can_carry(rolled, terms):
                out.append(e)
        return out

    def value(self, action: Strike | Rangestrike) -> float:
        """The expected value of a strike and of everything our strikers still do after it, outcome by outcome."""
        s = self.side
        left = s.power[action.target] - s.unit(action.target).hits
        carries = self.carry_targets(action) if isinstance(action, Strike) else []
        total = 0.0
        cache: dict[tuple[int, int], float] = {}
        for k, p in enumerate(self.chances(action)):
            if p < 1e-9:
                continue
            hits = {action.target: min(k, left)}
            value = self.gain(action.target, k, {})
            extra = k - left
            if extra > 0 and carries:
                best_after = -1.0
                for c in carries:
                    key = (c, extra)
                    if key not in cache:
                        more = dict(hits)
                        more[c] = extra
                        cache[key] = self.gain(c, extra, hits) + self.rest(more, action.unit)
                    best_after = max(best_after, cache[key])
                value += best_after
            else:
                value += self.rest(hits, action.unit)
            total += p * value
        return total


def strike(state: TitanState, seat: int, legal: list[Action]) -> Decision:
    plan = StrikePlan(state, seat, legal)
    actions = [a for a in legal if isinstance(a, (Strike, Rangestrike))]
    end = next((a for a in legal if isinstance(a, EndStrikes)), None)
    if not actions:
        yield
        return end if end is not None else standard.choose(state, seat, legal, None)
    best, best_value = actions[0], -1.0
    for action in actions:
        yield
        value = plan.value(action)
        # ties: the weaker striker first (it leaves the stronger free to follow up), then the lower index
        weaker = plan.side.worth[action.unit]
        if value > best_value + 1e-9 or (abs(value - best_value) <= 1e-9 and weaker < plan.side.worth[best.unit]):
            best, best_value = action, value
    return best


def carry(state: TitanState, seat: int, legal: list[Action]) -> Decision:
    battle: Battle = state.battle
    hits, striker = battle.carrying().hits, battle.carrying().striker
    targets = [a for a in legal if isinstance(a, Carry) and a.target >= 0]
    if not targets:
        yield
        return next(a for a in legal if isinstance(a, Carry))
    plan = StrikePlan(state, seat, _strikes_left(state))
    best, best_value = targets[0], -1.0
    for action in targets:
        yield
        left = plan.side.power[action.target] - battle.units[action.target].hits
        value = plan.gain(action.target, hits, {}) + plan.rest({action.target: min(hits, left)}, striker)
        if value > best_value + 1e-9:
            best, best_value = action, value
    return best


def _strikes_left(state: TitanState) -> list[Action]:
    """The strikes our side will still have once the carry is placed (asked of the engine on a copy)."""
    from engine.titan.battle import strike_actions

    return strike_actions(state, state.battle)


# -- summons and reinforcements -------------------------------------------------------------------------------------


def summon_or_reinforce(state: TitanState, seat: int, legal: list[Action]) -> Action | None:
    reinforce = [a for a in legal if isinstance(a, Reinforce)]
    if reinforce:
        offers = [a for a in reinforce if a.creature]
        if offers:
            return max(offers, key=lambda a: (CREATURES[a.creature].value, a.creature))
        return reinforce[-1]
    summons = [a for a in legal if isinstance(a, Summon)]
    if not summons:
        return None
    decline = next(a for a in summons if not a.donor)
    side = Side(state, seat)
    mine, theirs = side.strength(side.me), side.strength(side.them)
    short_of_time = side.phases_left <= 3
    if mine >= standard_battle.SUMMON_BELOW * theirs and not short_of_time:
        return decline  # the battle is won without it
    threats = reckoning.threats(state, seat)
    best, best_key = decline, None
    for action in summons:
        if not action.donor:
            continue
        donor = state.legions[action.donor]
        if donor.height < 3:
            continue  # a donor left with one character is easy prey
        strength = reckoning.fighting_strength(state, donor, seat) - CREATURES[action.angel].value
        danger = reckoning.danger(threats, donor.land, strength, donor.has_titan)
        if danger > 0 and donor.has_titan:
            continue  # never strip the Titan's legion into danger
        key = (-danger, CREATURES[action.angel].value, action.donor)
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


# -- the decision ------------------------------------------------------------------------------------------------


def decide(state: TitanState, seat: int, legal: list[Action], rng: Rng) -> Decision:
    """Strong's battle decision (maneuver, strike, carry, and the summons and reinforcements offered in them)."""
    del rng  # nothing is left to chance: the decision is the position's
    from engine.titan.state import Phase

    if any(isinstance(a, (Summon, Reinforce)) for a in legal):
        yield  # a summon looks at the masterboard's dangers: a unit of work of its own
        offer = summon_or_reinforce(state, seat, legal)
        if offer is not None:
            return offer
    if state.phase == Phase.MANEUVER:
        return (yield from maneuver(state, seat, legal))
    if state.phase == Phase.CARRY:
        return (yield from carry(state, seat, legal))
    return (yield from strike(state, seat, legal))
