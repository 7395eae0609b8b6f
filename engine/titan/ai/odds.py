"""Titan's fast battle odds: who is likely to win a battle between two known legions, and what each keeps.

The Strong player asks this for every engagement question (attack or not, flee, concede, terms, how dangerous
an enemy stack is), thousands of times a turn, so it cannot play the battle out with the engine (hundreds of
actions). `contest` plays it many times over on an abstract battlefield instead:

- **Strike phases, not hexes.** A battle round is the defender's strike phase (he strikes, the attacker strikes
  back), then the attacker's. Characters slain in a phase strike on until it ends, so each phase is two volleys
  on the characters standing at its start, and who strikes first matters little. Each striker rolls its power
  in dice needing 4 - its skill + the target's skill (hits from a table of the binomial, one draw a strike).
  Not everyone reaches an enemy every phase: each character is in contact with the chance `engaged` (the
  battlefield's crowding and the bots' maneuvers, which the data put at 60%).
- **Focus fire.** Each striker takes the enemy it can most likely kill: the one with the fewest hits left (one
  already hit first, until it falls; a Titan in contact before anyone, as the bots do), at most `per_target`
  strikers on one enemy (no more reach round a hex in practice), then the next. Hits beyond a kill are lost.
- **Time.** The attacker enters at his edge and must cross the battleland: nobody is in contact before the
  `contact` strike phase (till then only rangestrikers shoot, in their own side's phase, at non-lords, with
  half their power in dice). The attacker loses if the defender still stands when round 7 ends.
- **The land.** On a battleland with hazards the defender, who sets up first, often fights from the hex that
  favours him: a Bramble native in Brambles (+1 to strike him), the top of a Slope (a native strikes down with
  a die more, a non-native strikes up with a skill less), a Dune (a native strikes down with two dice more, a
  non-native up with one die less), a Tower wall (a skill more striking down, a skill less up), a Dragon in the
  Volcano (two dice more). A strike uses those terms with the chance `HAZARD_SHARE` of the terrain (times
  `hazard_scale` or `bramble_scale`) that the exchange happens across it, the plain terms otherwise (hazards.md
  and `battlemap.strike_terms`). Non-natives fighting in Tundra stand in Drift now and then and take its hit.
- **Lords and arrivals.** A Titan keeps out of contact while more than `titan_reserve` (attacking:
  `attacker_titan_reserve`) of his side stand, though he is caught in contact now and then all the same
  (`titan_exposed`: the bots' Titans die in battles they should have won), and his fall ends the battle: his
  side loses. His power comes from his player's score. After a strike phase that slew a defender, an attacker
  whose player has an angel elsewhere (`angel`) summons it while he is less than `summon_below` times as strong;
  it strikes from his next strike phase. In round 4 the defender musters his reinforcement (`reinforcement`),
  which fights from the attacker's strike phase of that round.

Calibrated against battles the Standard and baseline players fought (`scripts/battle_odds.py`; the figures are
in docs/benchmarks.md, "Battle odds"). `battle_odds` asks the same question about legions on the
board as a seat knows them: what it has not seen is dealt again (`determinize`) and the answers averaged.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.titan import recruiting
from engine.titan.data import (
    ANGEL,
    ARCHANGEL,
    BATTLE_ROUNDS,
    CHAINS,
    CREATURES,
    LANDS,
    MAX_LEGION,
    MAX_STRIKE_NUMBER,
    REINFORCEMENT_ROUND,
    TITAN,
    character_value,
    power_of,
)
from engine.titan.determinize import determinize
from engine.titan.sides import ATTACKING, DEFENDING
from engine.titan.state import TitanState, seen

if TYPE_CHECKING:
    from engine.core import Rng


@dataclass(frozen=True)
class Odds:
    """How a battle is likely to end. Mutual elimination (or both Titans slain) is what is left of 1."""

    attacker_wins: float  # the defender eliminated (or his Titan slain) and the attacker has survivors
    defender_wins: float  # the attacker eliminated (or his Titan slain), or not done by the end of round 7
    attacker_left: float  # the value (points, power x skill) the attacker's legion keeps, on average
    defender_left: float  # the same for the defender
    time_loss: float = 0.0  # the part of defender_wins where the attacker is still standing when round 7 ends

    @property
    def mutual(self) -> float:
        """The chance both sides are wiped out (or both Titans fall): nobody scores."""
        return max(0.0, 1.0 - self.attacker_wins - self.defender_wins)


@dataclass(frozen=True)
class Model:
    """The abstract battle's constants (tuned on real battles by `scripts/battle_odds.py --tune`)."""

    samples: int = 40  # battles played per question
    sure_after: int = 16  # ... or only this many, if they all end the same way
    contact: int = 2  # the first strike phase with characters in contact (0: the defender's of round 1)
    contact_spread: int = 0  # ... or up to this many phases later (drawn for each battle)
    per_target: int = 2  # at most this many strikers on one enemy in a volley
    titan_reserve: int = 2  # a defending Titan keeps out of contact while more than this many of his side stand
    attacker_titan_reserve: int = 3  # the same for an attacking Titan (7: he fights from the start)
    titan_focus: bool = True  # a Titan in contact is everyone's first target
    titan_exposed: float = 0.2  # the chance a Titan keeping back is caught in contact all the same, a phase
    engaged: float = 0.6  # the chance a character is in contact with an enemy in a strike phase, once any are
    hazard_scale: float = 0.5  # times `HAZARD_SHARE`: how often the defender fights from his hazard
    bramble_scale: float = 1.0  # the same for Brambles (Brush and Jungle) alone
    summon_below: float = 1.5  # an angel is summoned while the attacker is less than this many times stronger
    drift: float = 0.15  # the chance a non-native fighting in Tundra stands in Drift in a strike phase


MODEL = Model()

# How often an exchange happens across the hazard that favours the defender, by terrain. Brambles: for a native
# of them (the attacker's natives find a Bramble hex half as often); Dunes: for a defender native to them (a
# non-native defender behind a dune half as often).
HAZARD_SHARE: dict[str, float] = {
    "Brush": 0.6,
    "Jungle": 0.6,
    "Hills": 0.4,
    "Mountains": 0.5,
    "Desert": 0.5,
    "Tower": 0.6,
}
VOLCANO_SHARE = 0.3  # a defending Dragon fights out of the Volcano (Mountains)
TABLE = 64  # entries of a hit table: hits = table[a uniform draw in 0..TABLE-1]
# The battles' dice: the "minimal standard" generator x -> 48271 x mod (2^31 - 1), inlined in `_battle` for speed
# (the engine's `Rng` costs a microsecond a draw, and a question draws thousands). Its draw x in 1..2^31-2 gives
# x * n >> 31, uniform in 0..n-1, and x < p * 2^31 with the chance p.
LCG_MULTIPLIER, LCG_MODULUS = 48271, 2147483647
NOBODY, TIME = -1, -2  # how a battle may end besides a side's win: mutual elimination, the attacker out of time
PHASES = 2 * BATTLE_ROUNDS  # strike phases in a battle: the defender's, then the attacker's, each round


# -- strike terms --------------------------------------------------------------------------------------------


def _chance(number: int) -> float:
    """The chance one die hits at this strike number (1 or less: every die; above 6: as 6)."""
    return (7 - max(1, min(MAX_STRIKE_NUMBER, number))) / 6.0


@lru_cache(maxsize=4096)
def hit_table(situations: tuple[tuple[float, int, int], ...]) -> tuple[int, ...]:
    """Hits of one strike as a table of `TABLE` equally likely entries (inverse of the distribution at the
    middle of each slice), for a mixture of (weight, dice, strike number) situations."""
    top = max(dice for _, dice, _ in situations)
    mass = [0.0] * (top + 1)
    for weight, dice, number in situations:
        p = _chance(number)
        for hits in range(dice + 1):
            mass[hits] += weight * math.comb(dice, hits) * p**hits * (1 - p) ** (dice - hits)
    table = []
    cumulative, hits = mass[0], 0
    for slot in range(TABLE):
        point = (slot + 0.5) / TABLE
        while cumulative < point and hits < top:
            hits += 1
            cumulative += mass[hits]
        table.append(hits)
    return tuple(table)


def strike_situations(
    terrain: str, striker: str, power: int, striker_side: int, target: str, share: float
) -> tuple[tuple[float, int, int], ...]:
    """A normal strike's (weight, dice, strike number) on this terrain: across the defender's hazard with the
    chance the terrain gives (`share` times `HAZARD_SHARE`), on plain ground otherwise. Rules: hazards.md."""
    s, t = CREATURES[striker], CREATURES[target]
    dice, number = power, 4 - s.skill + t.skill
    defending = striker if striker_side == DEFENDING else target
    chance = HAZARD_SHARE.get(terrain, 0.0) * share
    hazard_dice, hazard_number = dice, number
    if terrain in ("Brush", "Jungle"):
        if t.native_to("Brambles") and not s.native_to("Brambles"):
            chance *= 1.0 if striker_side == ATTACKING else 0.5
            hazard_number += 1
        else:
            chance = 0.0
    elif terrain in ("Hills", "Mountains"):  # the defender on top of a slope
        if striker_side == DEFENDING and s.native_to("Slope"):
            hazard_dice += 1
        elif striker_side == ATTACKING and not s.native_to("Slope"):
            hazard_number += 1
    elif terrain == "Desert":  # the defender behind a dune, in its sand hex
        chance *= 1.0 if CREATURES[defending].native_to("Dune") else 0.5
        if striker_side == DEFENDING and s.native_to("Dune"):
            hazard_dice += 2
        elif striker_side == ATTACKING and not s.native_to("Dune"):
            hazard_dice -= 1
    elif terrain == "Tower":  # the defender inside the walls
        hazard_number += -1 if striker_side == DEFENDING else 1
    situations = [(1.0 - chance, dice, number), (chance, hazard_dice, hazard_number)]
    if terrain == "Mountains" and striker_side == DEFENDING and s.native_to("Volcano"):
        situations = [(w * (1 - VOLCANO_SHARE), d, n) for w, d, n in situations] + [
            (w * VOLCANO_SHARE, d + 2, n) for w, d, n in situations
        ]
    return tuple((w, max(0, d), n) for w, d, n in situations if w > 0)


def rangestrike_situations(striker: str, power: int, target: str) -> tuple[tuple[float, int, int], ...]:
    """A rangestrike's terms: half the power in dice (rounded down), the same strike number as a strike. Only a
    Warlock may rangestrike a lord."""
    s, t = CREATURES[striker], CREATURES[target]
    if not s.rangestrikes or (t.is_lord and not s.magic_missile):
        return ()
    return ((1.0, power // 2, 4 - s.skill + t.skill),)


# -- the abstract battle --------------------------------------------------------------------------------------


class _Side:
    """The fixed facts of one battle side's characters (arrivals last, out of the battle at first)."""

    __slots__ = ("hp", "is_titan", "names", "shoots", "values")

    def __init__(self, names: list[str], score: int) -> None:
        self.names = names
        self.hp = [power_of(name, score) for name in names]
        self.values = [character_value(name, score) for name in names]
        self.is_titan = [name == TITAN for name in names]
        self.shoots = any(CREATURES[name].rangestrikes for name in names)


def _best_reinforcement(terrain: str, defenders: tuple[str, ...]) -> str:
    """The most valuable character the defender could muster in round 4 here, the stock allowing."""
    if terrain not in CHAINS and terrain != "Tower":
        return ""
    options = recruiting.reinforcements(terrain, list(defenders), _FULL_STOCK)
    return max((m.recruit for m in options), key=lambda name: (CREATURES[name].value, name), default="")


_FULL_STOCK = {name: creature.count for name, creature in CREATURES.items()}


def _share(terrain: str, model: Model) -> float:
    return model.bramble_scale if terrain in ("Brush", "Jungle") else model.hazard_scale


def _terrain(land: int | str) -> str:
    return LANDS[land].terrain if isinstance(land, int) else land


@lru_cache(maxsize=65536)
def contest(
    attackers: tuple[str, ...],
    defenders: tuple[str, ...],
    land: int | str,
    attacker_score: int,
    defender_score: int,
    angel: str = "",
    reinforcement: str | None = None,
) -> Odds:
    """The odds of a battle between two known legions on `land` (a masterboard land, or a terrain's name).

    `angel`: the best angel ("Angel" or "Archangel") the attacker's player could summon from another legion
    ("" none). `reinforcement`: what the defender could muster in round 4 (None: the best his legion qualifies
    for on this terrain, the stock allowing; "" none). A pure function of its arguments (its dice are seeded
    from them) and cached: the same question returns the same object."""
    return play_out(attackers, defenders, _terrain(land), attacker_score, defender_score, angel, reinforcement, MODEL)


def play_out(
    attackers: tuple[str, ...],
    defenders: tuple[str, ...],
    terrain: str,
    attacker_score: int,
    defender_score: int,
    angel: str,
    reinforcement: str | None,
    model: Model,
) -> Odds:
    """`contest` under a given `model` (uncached: for tuning)."""
    if not defenders:
        return Odds(1.0 if attackers else 0.0, 0.0, float(_value(attackers, attacker_score)), 0.0)
    if not attackers:
        return Odds(0.0, 1.0, 0.0, float(_value(defenders, defender_score)))
    if reinforcement is None:
        reinforcement = _best_reinforcement(terrain, defenders)
    extra_a = [angel] if angel in (ANGEL, ARCHANGEL) else []
    extra_d = [reinforcement] if reinforcement and len(defenders) < MAX_LEGION else []
    sides = (_Side([*attackers, *extra_a], attacker_score), _Side([*defenders, *extra_d], defender_score))
    present = (len(attackers), len(defenders))
    strikes: list[list[list[tuple[int, ...]]]] = [[], []]
    ranged: list[list[list[tuple[int, ...] | None]]] = [[], []]
    for side in (ATTACKING, DEFENDING):
        other = sides[1 - side]
        for i, name in enumerate(sides[side].names):
            power = sides[side].hp[i]
            strikes[side].append(
                [
                    hit_table(strike_situations(terrain, name, power, side, target, _share(terrain, model)))
                    for target in other.names
                ]
            )
            ranged[side].append(
                [
                    hit_table(situations) if (situations := rangestrike_situations(name, power, target)) else None
                    for target in other.names
                ]
            )
    drift = tuple(
        [
            int(model.drift * LCG_MODULUS) if terrain == "Tundra" and not CREATURES[name].native_to("Drift") else 0
            for name in side.names
        ]
        for side in sides
    )
    # the dice are seeded from the question alone: a pure function, and two models compared on the same dice
    question = (attackers, defenders, terrain, attacker_score, defender_score, angel, reinforcement)
    seed = zlib.crc32(repr(question).encode())
    x = seed % (LCG_MODULUS - 1) + 1  # the generator's state: never 0
    ends = {ATTACKING: 0, DEFENDING: 0, NOBODY: 0, TIME: 0}
    a_left = d_left = 0.0
    n = 0
    while n < model.samples:
        outcome, kept_a, kept_d, x = _battle(sides, present, strikes, ranged, drift, model, x)
        ends[outcome] += 1
        a_left += kept_a
        d_left += kept_d
        n += 1
        if n == model.sure_after and ends[outcome] == n:
            break  # a foregone battle: every playing so far ended the same way
    return Odds(ends[ATTACKING] / n, (ends[DEFENDING] + ends[TIME]) / n, a_left / n, d_left / n, ends[TIME] / n)


def _value(names: tuple[str, ...], score: int) -> int:
    return sum(character_value(name, score) for name in names)


def _battle(
    sides: tuple[_Side, _Side],
    present: tuple[int, int],
    strikes: list[list[list[tuple[int, ...]]]],
    ranged: list[list[list[tuple[int, ...] | None]]],
    drift: tuple[list[int], ...],
    model: Model,
    x: int,
) -> tuple[int, float, float, int]:
    """One battle from the dice's state `x`: (the winning side, -1 for nobody, or -2 for the defender on time;
    the value the attacker keeps; the value the defender keeps; the dice's state after it)."""
    hp = (sides[0].hp, sides[1].hp)
    damage = ([0] * len(hp[0]), [0] * len(hp[1]))
    alive = (list(range(present[0])), list(range(present[1])))
    is_titan = (sides[0].is_titan, sides[1].is_titan)
    values = (sides[0].values, sides[1].values)
    angel = present[0] if len(hp[0]) > present[0] else -1  # the angel the attacker may still summon
    summon = -1  # the phase from which the angel fights (-1: not called)
    reinforcement = present[1] if len(hp[1]) > present[1] else -1
    shooters = sides[0].shoots, sides[1].shoots
    has_titan = any(is_titan[0]), any(is_titan[1])
    drifting = any(drift[0]) or any(drift[1])
    reserves = (model.attacker_titan_reserve, model.titan_reserve)
    per_target, focus = model.per_target, model.titan_focus
    engaged_below = int(model.engaged * LCG_MODULUS)
    exposed_below = int(model.titan_exposed * LCG_MODULUS)
    contact = model.contact
    if model.contact_spread:
        x = x * LCG_MULTIPLIER % LCG_MODULUS
        contact += x * (model.contact_spread + 1) >> 31
    for phase in range(PHASES):
        active = DEFENDING if phase % 2 == 0 else ATTACKING
        if phase == summon:
            alive[ATTACKING].append(angel)
            angel = -1
        if reinforcement >= 0 and phase == 2 * REINFORCEMENT_ROUND - 1 and len(alive[DEFENDING]) < MAX_LEGION:
            alive[DEFENDING].append(reinforcement)
            reinforcement = -1
        in_contact = phase >= contact
        if not in_contact and not shooters[active]:
            continue  # nobody can reach anybody yet
        # who fights: a Titan keeps back while enough of his side stand; in contact, most of each side
        fighting = []
        for side in (ATTACKING, DEFENDING):
            living = alive[side]
            titan_back = has_titan[side] and len(living) - 1 > reserves[side]
            if in_contact:
                chosen = []
                for i in living:
                    x = x * LCG_MULTIPLIER % LCG_MODULUS
                    if x < (exposed_below if titan_back and is_titan[side][i] else engaged_below):
                        chosen.append(i)
                living = chosen
            elif titan_back:
                living = [i for i in living if not is_titan[side][i]]
            fighting.append(living)
        killed = [False, False]
        if in_contact and drifting:
            for side in (ATTACKING, DEFENDING):
                for i in fighting[side]:
                    if drift[side][i]:
                        x = x * LCG_MULTIPLIER % LCG_MODULUS
                        if x >= drift[side][i]:
                            continue
                        damage[side][i] += 1
                        killed[side] = killed[side] or damage[side][i] >= hp[side][i]
        for side in (active, 1 - active) if in_contact else (active,):
            enemy = 1 - side
            targets = fighting[enemy]
            if not targets or not fighting[side]:
                continue
            tables = strikes[side] if in_contact else ranged[side]
            hp_e, dmg_e, titans, worth = hp[enemy], damage[enemy], is_titan[enemy], values[enemy]
            # focus: the enemy with the fewest hits left (one already hit first), a Titan before anyone
            if len(targets) > 1:
                order = sorted(targets, key=lambda j: (not (focus and titans[j]), hp_e[j] - dmg_e[j], -worth[j]))
            else:
                order = targets
            if in_contact:  # down the order: the next enemy once this one falls or has strikers enough
                k, on_it, last = 0, 0, len(order)
                j = order[0]
                for i in fighting[side]:
                    while dmg_e[j] >= hp_e[j] or on_it >= per_target:
                        k += 1
                        if k == last:
                            break
                        j, on_it = order[k], 0
                    if k == last:
                        break
                    on_it += 1
                    x = x * LCG_MULTIPLIER % LCG_MODULUS
                    dmg_e[j] += tables[i][j][x * TABLE >> 31]  # type: ignore[index]
                    if dmg_e[j] >= hp_e[j]:
                        killed[enemy] = True
                continue
            count = [0] * len(hp_e)
            for i in fighting[side]:  # rangestrikes: only some can, and not at lords
                row = tables[i]
                for j in order:
                    if dmg_e[j] < hp_e[j] and count[j] < per_target and row[j] is not None:
                        count[j] += 1
                        x = x * LCG_MULTIPLIER % LCG_MODULUS
                        dmg_e[j] += row[j][x * TABLE >> 31]  # type: ignore[index]
                        if dmg_e[j] >= hp_e[j]:
                            killed[enemy] = True
                        break
        if not (killed[0] or killed[1]):
            continue
        # the slain leave at the end of the phase; a side wiped out, or whose Titan fell, has lost
        titan_down = [False, False]
        for side in (ATTACKING, DEFENDING):
            if killed[side]:
                hp_s, dmg_s = hp[side], damage[side]
                if has_titan[side]:
                    titan_down[side] = any(is_titan[side][i] and dmg_s[i] >= hp_s[i] for i in alive[side])
                alive[side][:] = [i for i in alive[side] if dmg_s[i] < hp_s[i]]
        if titan_down[0] or titan_down[1] or not alive[0] or not alive[1]:
            return (*_ending(alive, titan_down, values), x)
        if killed[DEFENDING] and summon < 0 and angel >= 0 and len(alive[ATTACKING]) < MAX_LEGION:
            mine = sum(values[ATTACKING][i] * (1 - damage[ATTACKING][i] / hp[0][i]) for i in alive[ATTACKING])
            theirs = sum(values[DEFENDING][i] * (1 - damage[DEFENDING][i] / hp[1][i]) for i in alive[DEFENDING])
            if mine < model.summon_below * theirs:  # summoned only while the battle is in doubt (as the bots do)
                summon = phase + 1 if active == DEFENDING else phase + 2  # the attacker's next strike phase
    # time: the attacker has not won by the end of round 7
    return TIME, 0.0, float(sum(values[DEFENDING][i] for i in alive[DEFENDING])), x


def _ending(
    alive: tuple[list[int], list[int]], titan_down: list[bool], values: tuple[list[int], ...]
) -> tuple[int, float, float]:
    """Who won a battle that ended in a strike phase [10.5, 19.3], and what the winner keeps."""
    standing = [
        bool(alive[ATTACKING]) and not titan_down[ATTACKING],
        bool(alive[DEFENDING]) and not titan_down[DEFENDING],
    ]
    if titan_down[ATTACKING] and titan_down[DEFENDING]:
        return NOBODY, 0.0, 0.0
    if standing[ATTACKING] and not standing[DEFENDING]:
        return ATTACKING, float(sum(values[ATTACKING][i] for i in alive[ATTACKING])), 0.0
    if standing[DEFENDING] and not standing[ATTACKING]:
        return DEFENDING, 0.0, float(sum(values[DEFENDING][i] for i in alive[DEFENDING]))
    return NOBODY, 0.0, 0.0


# -- legions on the board, as a seat knows them ----------------------------------------------------------------


def battle_odds(
    state: TitanState, attacker: str, defender: str, seat: int, rng: Rng, samples: int = 8, land: int | None = None
) -> Odds:
    """The odds of legion `attacker` attacking legion `defender` (markers) on `land` (default the defender's:
    the attacker may be elsewhere now, for a move not yet made), as `seat` knows them.

    What the seat has not seen (another player's characters, hence also whether his other legions hold an angel
    to summon) is dealt again `samples` times by `determinize` from `rng`, and the odds averaged; the real
    contents of what it has not seen are never read. When it has seen everything that matters, one question is
    enough."""
    where = state.legions[defender].land if land is None else land
    if _all_seen(state, attacker, defender, seat):
        return _odds_in(state, attacker, defender, where)
    results = [_odds_in(determinize(state, seat, rng), attacker, defender, where) for _ in range(max(1, samples))]
    return mean(results)


def mean(results: Sequence[Odds]) -> Odds:
    """The odds of several worlds (or deals) taken together, each counting alike."""
    n = len(results)
    return Odds(
        sum(r.attacker_wins for r in results) / n,
        sum(r.defender_wins for r in results) / n,
        sum(r.attacker_left for r in results) / n,
        sum(r.defender_left for r in results) / n,
        sum(r.time_loss for r in results) / n,
    )


def _all_seen(state: TitanState, attacker: str, defender: str, seat: int) -> bool:
    """Whether the seat has seen both legions whole and every other legion of the attacker's player (where an
    angel to summon could be)."""
    owner = state.legions[attacker].owner
    return all(
        len(seen(state, legion, seat)) == legion.height
        for legion in state.legions.values()
        if legion.marker in (attacker, defender) or legion.owner == owner
    )


def _odds_in(state: TitanState, attacker: str, defender: str, land: int) -> Odds:
    """`contest` for two legions of a position where every character is known (a seat's own, or a sample)."""
    a, d = state.legions[attacker], state.legions[defender]
    return contest(
        tuple(a.contents),
        tuple(d.contents),
        land,
        state.players[a.owner].score,
        state.players[d.owner].score,
        _angel_to_summon(state, attacker, land),
        _reinforcement(state, defender, land),
    )


def _angel_to_summon(state: TitanState, attacker: str, land: int) -> str:
    """The best angel the attacker's player has in another legion off the battle's land ("" none, or already
    summoned this phase)."""
    if state.summoned:
        return ""
    legion = state.legions[attacker]
    found = ""
    for other in state.legions_of(legion.owner):
        if other.marker == attacker or other.land == land:
            continue
        if ARCHANGEL in other.contents:
            return ARCHANGEL
        if ANGEL in other.contents:
            found = ANGEL
    return found


def _reinforcement(state: TitanState, defender: str, land: int) -> str:
    """What the defender could muster in round 4 on `land`, from the stock as it is ("" none)."""
    legion = state.legions[defender]
    if legion.mustered:
        return ""
    options = recruiting.reinforcements(LANDS[land].terrain, legion.contents, state.stock)
    return max((m.recruit for m in options), key=lambda name: (CREATURES[name].value, name), default="")
