"""The club player (issue 22): a scripted Titan player of the rules of thumb a club player would recognise, the
yardstick Standard is measured against (level `CLUB`, `C` in `scripts/ai_strength.py`; not offered in the app).
Each rule is a small function of its own:

- `first_split`: the first split weighed by what each half can muster from the Tower (over the six rolls, the
  two halves to two different lands, or one staying).
- `shed_pair`: a legion of seven sends away its weakest pair, a matching pair first (not where a roll could
  force a half into a hopeless attack, `split_cornered`: split legions must part; and of two that must part,
  `parting_first` moves the one with somewhere to go first).
- `mulligan_wanted`: a first roll worse than the average roll (what the legions could muster) is rolled again.
- `place_worth`: each legion goes where it musters best (now, and half of next turn's over the rolls) and stays
  out of reach of enemies that would beat it (the chance one reaches it times the chance it wins, times the
  legion's worth and, for the Titan's, the game).
- `attack_wanted`: an attack only at an estimated 70% chance to win (85% with the Titan); the estimate
  (`attack_chance`) from the battle played out on an abstract battlefield (`odds.py`).
- `flees`, `costs_nothing`: the stronger side fights, a lordless defender facing twice its strength flees,
  terms that cost nothing are accepted; never concede, never propose.
- `best_muster`, `best_angel`: muster the most valuable creature, take every angel.
- `hex_worth` (battle): every character weighs on each reachable hex the kills it helps make next round
  (the rise in each enemy's chance to die, times its worth) against its chance to die there times its own
  worth; the attacker closes in harder each round (`closing`); a clearly weaker side keeps out of contact
  (`clearly_weaker`).
- `strike_target`: strike the target most likely to die this phase (every striker that can reach it counted),
  carry to the kill (`carry_target`), rangestrike whenever possible.
- `summon_wanted`: summon an angel after the first kill (when the rules offer it) unless the battle is won.

It reads only what its seat may know: its own legions, what it has seen of the others (`seen`), their heights,
and the average of the characters it has not seen for the rest (the same reckonings as `baseline.py`).
"""

from __future__ import annotations

from typing import Any, cast

from engine.core import Action, Rng
from engine.core.bots import Bot, Thinking
from engine.core.game import GameState
from engine.titan import battlemap, flow, masterboard, odds, respawn, sight
from engine.titan.ai import CLUB, chance_of_hits, left_out
from engine.titan.baseline import TITAN_STAKE, _Board, grouped, hidden_average, recruit_value, strength, win_chance
from engine.titan.battle import ATTACKER, DEFENDER, Battle, unit_power
from engine.titan.data import CREATURES, LANDS, MAX_LEGION, TITAN, character_value
from engine.titan.state import Legion, Phase, TitanState, seen

ATTACK_AT = 0.7  # an attack only at this estimated chance to win
TITAN_ATTACK_AT = 0.85  # with the Titan
ODDS_SAMPLES = 4  # deals of what the seat has not seen, for the odds of an attack
LOSS = 2.0  # a legion caught costs its value twice: lost, and scored by the enemy (angels, the Titan's power)
FLEE_AT = 2.0  # a lordless defender facing this many times its strength flees
WON = 3.0  # a battle side this many times stronger than the other has won it: no angel summoned
WEAKER = 0.6  # a battle side with less than this share of the other's strength is clearly weaker
CLOSE_BASE, CLOSE_STEP = 1.0, 1.5  # the attacker's pull toward the enemy a hex: the base and its rise a round
BATTLE_TITAN_STAKE = TITAN_STAKE / 4  # what a Titan's death in battle costs beyond his value


class ClubBot(Bot):
    """Level `CLUB`: the rules of thumb above, decided at once."""

    level = CLUB

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        return Thinking(choose(cast(TitanState, state), seat, legal, rng))


def choose(state: TitanState, seat: int, legal: list[Action], rng: Rng | None = None) -> Action:
    """The club player's decision among the legal actions of `seat` (`rng`: its own dice, for estimating the
    odds of a battle over what it has not seen)."""
    by_kind = grouped(legal)
    phase = state.phase
    if phase == Phase.SPAWN:
        picks = by_kind["spawn"]
        return next(a for a in picks if a.creature == respawn.best_pick([a.creature for a in picks]))
    if phase == Phase.SPLIT:
        return _split(state, seat, by_kind)
    if phase == Phase.MOVE:
        return _move(state, seat, by_kind, rng or Rng(state.moves))
    if phase == Phase.ENGAGE:
        return by_kind["engage"][0]
    if phase == Phase.ENGAGEMENT:
        return _engagement(state, seat, by_kind)
    if phase == Phase.AFTERMATH:
        return _aftermath(state, by_kind, legal)
    if phase == Phase.MUSTER:
        return best_muster(by_kind.get("muster", [])) or by_kind["end_musters"][0]
    field = _Field(state, seat)
    if phase == Phase.MANEUVER:
        return field.maneuver(by_kind)
    if phase == Phase.CARRY:
        return field.carry(by_kind)
    return field.strike(by_kind)


# -- splits ----------------------------------------------------------------------------------------------------------


def first_split(state: TitanState, seat: int, splits: list[Any]) -> Any:
    """The first split: the one whose two halves can muster most from the Tower, averaged over the six rolls."""
    legion = state.legions[splits[0].marker]

    def worth(action: Any) -> float:
        leaving = list(action.leaving)
        staying = list(legion.contents)
        for name in leaving:
            staying.remove(name)
        return split_worth(state, seat, legion, (tuple(sorted(staying)), tuple(sorted(leaving))))

    return max(splits, key=lambda a: (round(worth(a), 6), tuple(sorted(a.leaving))))


def split_worth(state: TitanState, seat: int, legion: Legion, halves: tuple[tuple[str, ...], ...]) -> float:
    """What two halves in the Tower could muster this turn, averaged over the rolls: the same roll moves both,
    to two different lands, or one of them stays (and musters nothing)."""
    friendly = flow.own_lands(state, seat, besides=legion.marker)
    enemy = flow.enemy_lands(state, seat)
    engaged = flow.engaged_lands(state)
    total = 0.0
    for roll in range(1, 7):
        lands = [
            land
            for land in masterboard.destination_lands(legion.land, roll, friendly, enemy, engaged)
            if land not in enemy
        ]
        worth = {(h, land): recruit_value(LANDS[land].terrain, list(h), state.stock) for h in halves for land in lands}
        best = max((worth[h, land] for h in halves for land in lands), default=0.0)  # one moves, one stays
        for a in lands:
            for b in lands:
                if a != b:
                    best = max(best, worth[halves[0], a] + worth[halves[1], b])
        total += best
    return total / 6.0


def shed_pair(contents: list[str]) -> tuple[str, ...]:
    """The two creatures a legion of seven sends away: its weakest matching pair, else its two weakest."""
    creatures = sorted((n for n in contents if CREATURES[n].kind == "creature"), key=lambda n: (CREATURES[n].value, n))
    for name in creatures:
        if creatures.count(name) >= 2:
            return (name, name)
    return tuple(sorted(creatures[:2]))


def _split(state: TitanState, seat: int, by_kind: dict[str, list[Any]]) -> Action:
    splits = by_kind.get("split", [])
    if state.first_turns[seat] and splits:
        return first_split(state, seat, splits)
    for action in splits:
        legion = state.legions[action.marker]
        if (
            legion.height >= MAX_LEGION
            and tuple(sorted(action.leaving)) == shed_pair(legion.contents)
            and not split_cornered(state, seat, legion, len(action.leaving))
        ):
            return action
    if by_kind.get("end_splits"):
        return by_kind["end_splits"][0]
    return min(splits, key=lambda a: (len(a.leaving), tuple(a.leaving)))  # a split is due (a spawn of eight)


# -- the masterboard -----------------------------------------------------------------------------------------------


def roll_worth(state: TitanState, seat: int, roll: int) -> float:
    """What a movement roll offers the seat's legions: each one's best recruit among the lands it reaches."""
    engaged = flow.engaged_lands(state)
    enemy = flow.enemy_lands(state, seat)
    total = 0.0
    for legion in state.legions_of(seat):
        friendly = flow.own_lands(state, seat, besides=legion.marker)
        lands = masterboard.destination_lands(legion.land, roll, friendly, enemy, engaged)
        total += max(
            (recruit_value(LANDS[land].terrain, legion.contents, state.stock) for land in lands if land not in enemy),
            default=0.0,
        )
    return total


def mulligan_wanted(state: TitanState, seat: int) -> bool:
    """A first roll worse than the average roll is rolled again."""
    average = sum(roll_worth(state, seat, roll) for roll in range(1, 7)) / 6.0
    return roll_worth(state, seat, state.roll) < average


def attack_wanted(chance: float, titan: bool) -> bool:
    """An attack only at an estimated 70% chance to win, 85% with the Titan."""
    return chance >= (TITAN_ATTACK_AT if titan else ATTACK_AT)


def attack_chance(state: TitanState, seat: int, legion: Legion, enemy: Legion, land: int, rng: Rng) -> float:
    """The estimated chance that `legion` attacking `enemy` on `land` wins: the battle played out many times on
    an abstract battlefield (`odds.battle_odds`), what the seat has not seen dealt again a few times."""
    estimate = odds.battle_odds(state, legion.marker, enemy.marker, seat, rng, samples=ODDS_SAMPLES, land=land)
    return estimate.attacker_wins


class _ClubBoard(_Board):
    """One masterboard decision (the enemies' reach and strength, computed once, as the baseline's)."""

    rng: Rng = Rng(0)

    def risk(self, land: int, mine: float, titan: bool) -> float:
        """What a legion of strength `mine` on `land` risks next turn: the chance a stack that would beat it
        reaches it (each enemy stack taken apart), times the legion and the points the enemy scores for it
        (and the game, for the Titan's)."""
        safe = 1.0
        for theirs, reach in self.threats:
            rolls = reach.get(land, 0)
            if rolls:
                safe *= 1.0 - rolls / 6.0 * win_chance(theirs, mine)
        return (1.0 - safe) * (LOSS * mine + (TITAN_STAKE if titan else 0.0))

    def place_worth(self, legion: Legion, land: int, moved: bool) -> float:
        """A legion on `land`: what it musters there (if it moved), half of what it could muster next turn from
        there, less what it risks from the enemies that reach it and would beat it."""
        mine = strength(self.state, legion, self.seat, self.average)
        now = recruit_value(LANDS[land].terrain, legion.contents, self.state.stock) if moved else 0.0
        return now + 0.5 * self.next_recruits(legion, land) - self.risk(land, mine, legion.has_titan)

    def move_value(self, action: Any) -> float:
        state, seat = self.state, self.seat
        legion = state.legions[action.marker]
        enemies = [lg for lg in state.legions_on(action.land) if lg.owner != seat]
        if not enemies:
            return self.place_worth(legion, action.land, moved=True) - (5.0 if action.teleport else 0.0)
        mine = strength(state, legion, seat, self.average)
        theirs = strength(state, enemies[0], seat, self.average)
        chance = attack_chance(state, seat, legion, enemies[0], action.land, self.rng)
        if not attack_wanted(chance, legion.has_titan):
            return -1000.0
        prize = 1.5 * theirs + (TITAN_STAKE if TITAN in seen(state, enemies[0], seat) else 0.0)
        prize += recruit_value(LANDS[action.land].terrain, legion.contents, state.stock)
        stake = mine + (TITAN_STAKE if legion.has_titan else 0.0)
        return chance * prize - (1.0 - chance) * stake - 0.3 * min(mine, theirs)

    def stay_value(self, legion: Legion) -> float:
        return self.place_worth(legion, legion.land, moved=False)


def _move(state: TitanState, seat: int, by_kind: dict[str, list[Any]], rng: Rng) -> Action:
    if by_kind.get("mulligan") and mulligan_wanted(state, seat):
        return by_kind["mulligan"][0]
    moves = by_kind.get("move", [])
    end = by_kind.get("end_moves", [])
    if not moves:
        return end[0] if end else by_kind["mulligan"][0]
    board = _ClubBoard(state, seat)
    board.rng = rng
    values = {id(a): board.move_value(a) for a in moves}
    moves = parting_first(state, seat, moves, values)
    staying = {marker: board.stay_value(state.legions[marker]) for marker in {a.marker for a in moves}}
    gains = [(values[id(a)] - staying[a.marker], a) for a in moves]
    gain, best = max(gains, key=lambda pair: (pair[0], -pair[1].land, pair[1].marker))
    if end and gain <= 0.0:
        return end[0]
    return best


def parting_first(state: TitanState, seat: int, moves: list[Any], values: dict[int, float]) -> list[Any]:
    """Two legions on one land must part (a split): if one of them has only hopeless moves (attacks it should not
    make), the other moves now, before anything else leaves it no choice."""
    by_land: dict[int, list[str]] = {}
    for legion in state.legions_of(seat):
        if not legion.moved:
            by_land.setdefault(legion.land, []).append(legion.marker)
    for markers in by_land.values():
        if len(markers) != 2:
            continue
        best = {m: max((values[id(a)] for a in moves if a.marker == m), default=-1000.0) for m in markers}
        for stuck, other in (markers, markers[::-1]):
            if best[stuck] <= -1000.0 < best[other]:
                return [a for a in moves if a.marker == other]
    return moves


def split_cornered(state: TitanState, seat: int, legion: Legion, leaving: int) -> bool:
    """Whether splitting `legion` could force a half into a hopeless attack: a roll on which every land it could
    move to holds an enemy stack the bigger half should not attack (split legions must part)."""
    average = hidden_average(state, seat)
    mine = strength(state, legion, seat, average) * (legion.height - leaving) / legion.height
    friendly = flow.own_lands(state, seat)
    enemy_lands = flow.enemy_lands(state, seat)
    engaged = flow.engaged_lands(state)
    for roll in range(1, 7):
        lands = masterboard.destination_lands(legion.land, roll, friendly, enemy_lands, engaged)
        if lands and all(
            land in enemy_lands
            and any(
                lg.owner != seat
                and not attack_wanted(win_chance(mine, strength(state, lg, seat, average)), legion.has_titan)
                for lg in state.legions_on(land)
            )
            for land in lands
        ):
            return True
    return False


# -- engagements and what follows ------------------------------------------------------------------------------------


def flees(mine: float, theirs: float, has_lord: bool) -> bool:
    """A lordless defender facing twice its strength (or more) flees."""
    return not has_lord and theirs >= FLEE_AT * mine


def costs_nothing(engagement: dict[str, Any], my_role: str) -> bool:
    """Terms that eliminate only the other side and take nothing from this one."""
    return engagement["eliminated"] not in (my_role, "both") and not engagement["losses"]


def _engagement(state: TitanState, seat: int, by_kind: dict[str, list[Any]]) -> Action:
    attacker, defender = flow.engagement_legions(state)
    mine, theirs = (attacker, defender) if attacker.owner == seat else (defender, attacker)
    my_role = "attacker" if mine is attacker else "defender"
    if by_kind.get("accept") and costs_nothing(state.engagement, my_role):
        return by_kind["accept"][0]
    average = hidden_average(state, seat)
    has_lord = any(CREATURES[name].is_lord for name in mine.contents)
    if by_kind.get("flee") and flees(
        strength(state, mine, seat, average), strength(state, theirs, seat, average), has_lord
    ):
        return by_kind["flee"][0]
    return by_kind["fight"][0]


def best_muster(musters: list[Any]) -> Any:
    """The muster of the most valuable creature (None if there is none)."""
    return max(musters, key=lambda a: (CREATURES[a.creature].value, a.marker)) if musters else None


def best_angel(acquires: list[Any]) -> Any:
    """Every angel offered is taken: the most valuable (None if none is offered)."""
    angels = [a for a in acquires if a.angel]
    return max(angels, key=lambda a: CREATURES[a.angel].value) if angels else None


def _aftermath(state: TitanState, by_kind: dict[str, list[Any]], legal: list[Action]) -> Action:
    angel = best_angel(by_kind.get("acquire", []))
    if angel is not None:
        return angel
    winner = state.legions[state.aftermath["winner"]]
    summons = [a for a in by_kind.get("summon", []) if a.donor and state.legions[a.donor].height >= 3]
    if summons and winner.height <= 5:
        return max(summons, key=lambda a: (CREATURES[a.angel].value, state.legions[a.donor].height, a.donor))
    reinforce = [a for a in by_kind.get("reinforce", []) if a.creature]
    if reinforce:
        return max(reinforce, key=lambda a: CREATURES[a.creature].value)
    return next(
        a for a in legal if not (getattr(a, "angel", "") or getattr(a, "donor", "") or getattr(a, "creature", ""))
    )


# -- battle ----------------------------------------------------------------------------------------------------------


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


class _Field:
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
        return carry_target(self, targets, int(self.battle.carry["hits"]))


def strike_target(field: _Field, options: list[Any]) -> Any:
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


def carry_target(field: _Field, targets: list[Any], hits: int) -> Any:
    """Carried hits go to the most valuable enemy they kill, else the most valuable."""
    return max(targets, key=lambda a: (hits >= field.left(a.target), field.worth(a.target), -a.target))
