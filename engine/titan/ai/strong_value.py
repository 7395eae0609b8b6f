"""Strong's reckoning of a masterboard position (level 2): the odds of a battle, recruits, enemy reach and risk.

What the decisions of `strong_board.py` and `strong_moves.py` value a position by (see docs/titan.md "The Strong
player: masterboard"): what each legion can muster now and over next turn's rolls (at any height up to six), less
what it risks over the opponents' next roll (for each enemy player and each of his six rolls, the stack of his that
reaches the land, following the signs, with the best chance of killing it; the Titan's legion stakes the game),
plus what this turn's attacks win or lose (odds times stakes, points toward angels counted), an enemy stack likely
killed this turn no longer threatening anyone. Under Battle Titan the stakes, the risk and an attack are
scored as its house rules score them, and only enemies with a turn left before the end threaten (`strong_war`).

Every battle outcome is asked of one function, `_odds`: a battle on a known land of the calibrated predictor
(`odds.contest`), the quick risk estimates of the strength ratio. It reads only what the seat may know: its own
legions, what it has seen of the others (both legions of a battle are seen whole), their heights, and for the rest
the characters it has not seen (their average, or deals of them).
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any, NamedTuple

from engine.core import Rng
from engine.titan import flow, masterboard, recruiting
from engine.titan.ai import baseline, reckoning
from engine.titan.ai.odds import contest, mean
from engine.titan.ai.strong_war import War
from engine.titan.battle_titan.warmongering import battle_titan
from engine.titan.data import ANGEL, ARCHANGEL, CREATURES, LANDS, MAX_LEGION, TITAN, TOWERS, character_value
from engine.titan.state import Legion, TitanState, seen, unseen

TITAN_STAKE = 400.0  # what killing an enemy Titan's legion wins beyond its characters: the game (or a player out)
OWN_TITAN_STAKE = 600.0  # what losing its own costs: the game; more than a kill wins, since the odds are estimates
ATTACK_AT_LEAST = 0.7  # an attack at lower odds is not made: near even, the defender's land and time favour him
NEXT_TURN = 0.5  # what the legion could muster next turn from a land counts at half its value
POINTS = 0.3  # a point scored, beyond the characters it stands for: toward angels and the Titan's power
ENEMY_ATTACKS_FROM = 0.5  # an enemy stack is counted as attacking from these odds, fully from 0.25 more (Standard: 0.8)
TWO_TURNS = 0.15  # a stack that reaches a land only in two turns threatens it this much (it may not come, or be met)
# win chance a^k / (a^k + b^k) for strengths a and b: the baseline's formula with k = 6, not 4, as battles between
# Standard's battle players turned out (40 games: at ratio 1.3 the attacker won 85%, at 1.5 93%)
WIN_EXPONENT = 6.0
UNITS_PER_YIELD = 1  # units of work between yields (each well under 5 ms of CPython: a browser slice stays short)
CALIBRATED = True  # battles on a known land asked of odds.contest (False: the strength ratio, as before; for trials)
SAMPLES = 6  # deals of what the seat has not seen of the two legions, for a battle on a known land
TITAN_RISK_ODDS = True  # the danger to the seat's own Titan's legion asked of the battle played out on its land
RISK_ODDS_ALL = True  # ... and the danger to every legion of the seat's (Standard attacks by those odds)
RISK_SAMPLES = 2  # deals of the unseen for a question of danger (asked of many lands a decision)


# the chance two rolls make at least so many steps
TWO_DICE_AT_LEAST = {n: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n) / 36 for n in range(13)}


class Odds(NamedTuple):
    """A battle's outcome as the seat may foresee it: each side's chance to win, and the value each side keeps if
    it wins (its characters' value, as points)."""

    attacker_wins: float
    defender_wins: float
    attacker_left: float
    defender_left: float
    time_loss: float = 0.0  # the part of defender_wins where the attacker runs out of time (the calibrated odds)


def _odds(
    state: TitanState,
    attacker: Legion,
    defender: Legion,
    seat: int,
    rng: Rng,
    land: int | None = None,
    samples: int = SAMPLES,
) -> Odds:
    """The one place battle outcomes are predicted.

    `attacker` and `defender` may be legions of the board or hypothetical ones (a split half, a legion after a
    summon), read only through what `seat` knows of them; `land` is where the battle would be. A battle on a
    known land (an attack, an engagement's answers) is asked of the calibrated predictor, `odds.contest`, which
    counts the land (a native in his hazard, the defender's reinforcement, an angel to summon) and the Titans'
    power; the quick estimates of how dangerous an enemy stack is (land None, tens of lands a decision) keep the
    strength ratio, `_ratio_odds`."""
    if land is None or not CALIBRATED:
        return _ratio_odds(state, attacker, defender, seat)
    return _drain(_calibrated_odds(state, attacker, defender, seat, rng, land, samples))


def _ratio_odds(state: TitanState, attacker: Legion, defender: Legion, seat: int) -> Odds:
    """The scripted baseline's strength ratio: win chance a^k/(a^k+b^k) (k = WIN_EXPONENT), the winner keeping
    sqrt(a^2 - b^2) of its strength (the loser takes some with it)."""
    average = reckoning.hidden_average(state, seat)
    a = _known_strength(state, attacker, seat, average)
    b = _known_strength(state, defender, seat, average)
    wins = 1.0 if b <= 0 else 0.0 if a <= 0 else a**WIN_EXPONENT / (a**WIN_EXPONENT + b**WIN_EXPONENT)
    a_left = math.sqrt(max(a * a - b * b, (0.15 * a) ** 2))
    b_left = math.sqrt(max(b * b - a * a, (0.15 * b) ** 2))
    return Odds(wins, 1.0 - wins, a_left, b_left)


def _calibrated_odds(
    state: TitanState, attacker: Legion, defender: Legion, seat: int, rng: Rng, land: int, samples: int = SAMPLES
) -> Generator[None, None, Odds]:
    """`odds.contest` on `land` for the two legions as the seat knows them: what it has not seen of them is dealt
    from the characters it has not seen (`unseen`, which the seat knows), `SAMPLES` times with the bot's own dice,
    and the answers averaged. Only what the seat has seen is read, so a deal of what it has not seen again gives
    the same answer. It yields after each question to `contest` (up to 2 ms each when not cached)."""
    a_known, d_known = seen(state, attacker, seat), seen(state, defender, seat)
    a_missing, d_missing = attacker.height - len(a_known), defender.height - len(d_known)
    terrain = LANDS[land].terrain
    a_score, d_score = state.players[attacker.owner].score, state.players[defender.owner].score
    angel = _angel_to_summon(state, attacker, seat, land)
    if a_missing <= 0 and d_missing <= 0:
        deals = [(tuple(sorted(a_known)), tuple(sorted(d_known)))]
    else:
        pool = [name for name, count in unseen(state, seat).items() for _ in range(count)]
        deals = []
        for _ in range(samples):
            hand = list(pool)
            drawn = []
            for _ in range(min(len(hand), a_missing + d_missing)):
                drawn.append(hand.pop(rng.randrange(len(hand))))
            deals.append((tuple(sorted([*a_known, *drawn[:a_missing]])), tuple(sorted([*d_known, *drawn[a_missing:]]))))
    results = []
    for a, d in deals:
        results.append(contest(a, d, terrain, a_score, d_score, angel, _reinforcement(state, defender, d, terrain)))
        yield
    both = mean(results)
    return Odds(both.attacker_wins, both.defender_wins, both.attacker_left, both.defender_left, both.time_loss)


def _angel_to_summon(state: TitanState, attacker: Legion, seat: int, land: int) -> str:
    """The best angel the seat knows the attacker's player to have in another legion off the battle's land."""
    if state.summoned and state.mover == attacker.owner:
        return ""
    found = ""
    for other in state.legions_of(attacker.owner):
        if other.marker == attacker.marker.rstrip("+") or other.land in (land, attacker.land):
            continue
        known = seen(state, other, seat)
        if ARCHANGEL in known:
            return ARCHANGEL
        if ANGEL in known:
            found = ANGEL
    return found


def _reinforcement(state: TitanState, defender: Legion, contents: tuple[str, ...], terrain: str) -> str:
    """What the defender could muster in round 4 on `terrain`, from the stock as it is ("" none)."""
    if defender.mustered:
        return ""
    options = recruiting.reinforcements(terrain, list(contents), state.stock)
    return max((m.recruit for m in options), key=lambda name: (CREATURES[name].value, name), default="")


def _known_strength(state: TitanState, legion: Legion, seat: int, average: float) -> float:
    """A legion's value as the seat knows it (a hypothetical legion of the seat's own: its contents)."""
    if legion.owner == seat:
        score = state.players[seat].score
        return float(sum(character_value(name, score) for name in legion.contents))
    return baseline.strength(state, legion, seat, average)


class _Clock:
    """Says when a slice of work is over: the engine has no clock, so each check marks one unit of work (a plan
    valued, an enemy's reach worked out) and the page's loop times the slices. What it decides never depends on
    where the slices fall."""

    def __init__(self) -> None:
        self.units = 0

    def due(self) -> bool:
        self.units += 1
        return self.units % UNITS_PER_YIELD == 0


Reach = tuple[Legion, dict[int, int], float]  # an enemy stack, land -> fewest steps to enter it, how likely it lives


class Valuation:
    """One masterboard decision's reckoning: what the seat knows, and caches of what it works out."""

    def __init__(self, state: TitanState, seat: int, rng: Rng) -> None:
        self.state = state
        self.seat = seat
        self.rng = rng
        self.clock = _Clock()
        self.engaged = flow.engaged_lands(state)
        self.enemy_lands = flow.enemy_lands(state, seat)
        self.own_lands = flow.own_lands(state, seat)
        self.enemies = [lg for marker, lg in sorted(state.legions.items()) if lg.owner != seat]
        # Battle Titan: scored by its house rules, and only enemies with a turn left before the end threaten
        self.war = War(state, seat) if battle_titan(state) else None
        if self.war is not None:
            self.enemies = [lg for lg in self.enemies if self.war.can_answer(lg.owner)]
        self.average = reckoning.hidden_average(state, seat)
        self._odds: dict[tuple[Any, ...], Odds] = {}
        self._dest: dict[tuple[int, int], list[int]] = {}
        self._recruit: dict[tuple[str, tuple[str, ...]], tuple[float, str]] = {}
        self._next: dict[tuple[int, tuple[str, ...]], float] = {}
        self._reach: dict[tuple[str, frozenset[int]], dict[int, int]] = {}
        self._value: dict[tuple[str, tuple[str, ...]], float] = {}

    # -- what the seat reckons -------------------------------------------------------------------------------------

    def value(self, legion: Legion) -> float:
        """The legion's characters' worth, as the seat knows them."""
        key = (legion.marker, tuple(legion.contents) if legion.owner == self.seat else ())
        if key not in self._value:
            self._value[key] = _known_strength(self.state, legion, self.seat, self.average)
        return self._value[key]

    def stake(self, legion: Legion) -> float:
        """What a legion's loss costs its owner beyond its characters, as the seat knows: the game, for a Titan."""
        if TITAN not in seen(self.state, legion, self.seat):
            return 0.0
        if self.war is not None:
            return self.war.stake(True, legion.owner == self.seat)
        return OWN_TITAN_STAKE if legion.owner == self.seat else TITAN_STAKE

    def _odds_key(self, attacker: Legion, defender: Legion, land: int | None) -> tuple[Any, ...]:
        return (
            attacker.marker,
            tuple(attacker.contents) if attacker.owner == self.seat else (),
            defender.marker,
            tuple(defender.contents) if defender.owner == self.seat else (),
            land,
        )

    def odds(self, attacker: Legion, defender: Legion, land: int | None = None, samples: int = SAMPLES) -> Odds:
        key = self._odds_key(attacker, defender, land)
        if key not in self._odds:
            self._odds[key] = _odds(self.state, attacker, defender, self.seat, self.rng, land, samples)
        return self._odds[key]

    def warm_odds(self, attacker: Legion, defender: Legion, land: int) -> Generator[None, None, None]:
        """Work out the odds of a battle on `land` a slice at a time (`odds` then finds them made): the calibrated
        predictor may take a few milliseconds a question."""
        key = self._odds_key(attacker, defender, land)
        if key in self._odds or not CALIBRATED:
            return
        work = _calibrated_odds(self.state, attacker, defender, self.seat, self.rng, land)
        while True:
            try:
                next(work)
            except StopIteration as stop:
                self._odds[key] = stop.value
                return
            if self.clock.due():
                yield

    def warm_attack(self, legion: Legion, land: int) -> Generator[None, None, None]:
        """`warm_odds` for `legion` attacking the enemy on `land`."""
        enemy = next(lg for lg in self.state.legions_on(land) if lg.owner != self.seat)
        yield from self.warm_odds(legion, enemy, land)

    def destinations(self, land: int, roll: int) -> list[int]:
        """Where one of the seat's legions on `land` could end a normal move with `roll`, the board as it is."""
        key = (land, roll)
        if key not in self._dest:
            self._dest[key] = masterboard.destination_lands(
                land, roll, self.own_lands - {land}, self.enemy_lands, self.engaged
            )
        return self._dest[key]

    def recruit(self, terrain: str, contents: tuple[str, ...]) -> tuple[float, str]:
        """The recruit that does most on `terrain` for a legion of `contents` (0, '' if full or none): its value and,
        at half weight, what the legion could muster with it next turn where it stands."""
        key = (terrain, contents)
        if key not in self._recruit:
            best = (0.0, "")
            if len(contents) < MAX_LEGION:
                for option in recruiting.musters(terrain, contents, self.state.stock):
                    worth = float(CREATURES[option.recruit].value)
                    best = max(best, (worth, option.recruit))
            self._recruit[key] = best
        return self._recruit[key]

    def next_recruits(self, land: int, contents: tuple[str, ...]) -> float:
        """What a legion of `contents` on `land` could muster next turn, over the six rolls."""
        key = (land, contents)
        if key not in self._next:
            total = 0.0
            for roll in range(1, 7):
                total += max(
                    (
                        self.recruit(LANDS[to].terrain, contents)[0]
                        for to in self.destinations(land, roll)
                        if to not in self.enemy_lands
                    ),
                    default=0.0,
                )
            self._next[key] = total / 6.0
        return self._next[key]

    def reach(self, enemy: Legion, stops: frozenset[int]) -> dict[int, int]:
        """Land -> the fewest steps (1-12: next turn, or the one after) in which `enemy` enters it, following the
        signs and stopping on entering a land in `stops`; a tower teleport (a lord seen in a Tower) or a Titan
        teleport (400 points) reaches on a 6."""
        key = (enemy.marker, stops)
        if key not in self._reach:
            steps = dict(masterboard.fewest_steps(enemy.land, stops, self.engaged, limit=12))
            known = seen(self.state, enemy, self.seat)
            if LANDS[enemy.land].is_tower and any(CREATURES[n].is_lord for n in known):
                for land in masterboard.lands_within(enemy.land, 6).keys() | set(TOWERS):
                    if land not in stops:
                        steps[land] = min(steps.get(land, 6), 6)
            if TITAN in known and self.state.players[enemy.owner].score >= 400:
                for land in stops:
                    steps[land] = min(steps.get(land, 6), 6)
            steps.pop(enemy.land, None)
            self._reach[key] = steps
        return self._reach[key]

    def reaches(self, own_lands: set[int], killed: dict[str, float] | None = None) -> list[list[Reach]]:
        """Per enemy player, his stacks with their reach as the seat's legions stand on `own_lands` (the lands of
        every other player stop him too), each weighted by the chance it is still alive (`killed`: this turn's
        attacks)."""
        groups: dict[int, list[Reach]] = {}
        for enemy in self.enemies:
            stops = frozenset(own_lands | {lg.land for lg in self.state.legions.values() if lg.owner not in
                                           (enemy.owner, self.seat)})  # fmt: skip
            alive = 1.0 - (killed or {}).get(enemy.marker, 0.0)
            groups.setdefault(enemy.owner, []).append((enemy, self.reach(enemy, stops), alive))
        return list(groups.values())

    def warm(self, own_lands: set[int]) -> Generator[None, None, None]:
        """Work out each enemy's reach as the seat's legions stand on `own_lands`, a slice at a time (`reaches`
        then finds them made)."""
        for enemy in self.enemies:
            stops = frozenset(own_lands | {lg.land for lg in self.state.legions.values() if lg.owner not in
                                           (enemy.owner, self.seat)})  # fmt: skip
            self.reach(enemy, stops)
            if self.clock.due():
                yield

    def risk(self, legion: Legion, land: int, reaches: list[list[Reach]]) -> float:
        """What `legion` standing on `land` may lose over the opponents' next rolls: for each enemy player and each
        of his six rolls, the stack reaching it with the best chance of killing it (an enemy seldom attacks at
        under even odds), times the legion's worth (and the game, for the Titan's). A stack two turns away counts
        a little (over two rolls), so that a legion does not stand where it will be caught next time."""
        safe = 1.0
        for group in reaches:
            best = [0.0] * 7
            later = 0.0
            for enemy, steps, alive in group:
                fewest = steps.get(land)
                if fewest is None or alive <= 0.0:
                    continue
                wins = self.odds(enemy, legion, self._risk_land(legion, land), RISK_SAMPLES).attacker_wins
                wins *= min(1.0, max(0.0, (wins - ENEMY_ATTACKS_FROM) / 0.25)) * alive
                if fewest > 6:
                    if self.war is None or self.war.can_answer_twice(enemy.owner):
                        later = max(later, wins * TWO_DICE_AT_LEAST[fewest])
                    continue
                for roll in range(fewest, 7):
                    best[roll] = max(best[roll], wins)
            now = sum(best) / 6.0
            safe *= (1.0 - now) * (1.0 - TWO_TURNS * later)
        if self.war is not None:
            return (1.0 - safe) * self.war.lost_to_attack(self.value(legion), self.stake(legion))
        return (1.0 - safe) * (self.value(legion) * (1.0 + POINTS) + self.stake(legion))

    def _risk_land(self, legion: Legion, land: int) -> int | None:
        """Where an enemy's attack on `legion` is reckoned: for the seat's own Titan's legion (the game at stake)
        and, with RISK_ODDS_ALL, any legion of the seat's, the battle played out on `land` (`odds.contest`: its
        terrain, the Titans' power, a reinforcement), as an enemy that picks its attacks by those odds (Standard)
        reckons it; else the quick strength ratio (None)."""
        mine = TITAN_RISK_ODDS and self.war is None and legion.owner == self.seat
        return land if mine and (RISK_ODDS_ALL or TITAN in legion.contents) else None

    def standing(self, legion: Legion, land: int, moved: bool, reaches: list[list[Reach]]) -> float:
        """A legion of the seat ending its move on `land` (not an enemy's): what it musters now (if it moved) and
        next turn, less what it risks."""
        contents = tuple(legion.contents)
        value = self.recruit(LANDS[land].terrain, contents)[0] if moved else 0.0
        value += self.next_turn * self.next_recruits(land, contents)
        return value - self.risk(_at(legion, land), land, reaches)

    def attack(self, legion: Legion, land: int, reaches: list[list[Reach]]) -> tuple[float, float]:
        """What attacking the enemy on `land` is worth (and the chance of winning): the enemy's worth and points
        and a muster there if it wins, less the damage taken and what the winner then risks; its own worth, the
        points it gives and the damage it deals if it loses."""
        enemy = next(lg for lg in self.state.legions_on(land) if lg.owner != self.seat)
        odds = self.odds(legion, enemy, land)
        mine, theirs = self.value(legion), self.value(enemy)
        if self.war is not None:  # as the house rules score it, with the muster and the risk after a win
            after = self.recruit(LANDS[land].terrain, tuple(legion.contents))[0]
            after -= self.risk(_at(legion, land), land, reaches)
            stakes = (self.stake(legion), self.stake(enemy))
            return self.war.attack(mine, theirs, odds, stakes, after), odds.attacker_wins
        win = theirs * (1.0 + POINTS) + self.stake(enemy) - (mine - odds.attacker_left)
        win += self.recruit(LANDS[land].terrain, tuple(legion.contents))[0]
        win -= self.risk(_at(legion, land), land, reaches)
        lose = mine * (1.0 + POINTS) + self.stake(legion) - (theirs - odds.defender_left)
        worth = odds.attacker_wins * win - odds.defender_wins * lose
        if odds.attacker_wins < ATTACK_AT_LEAST:
            worth -= 100.0
        return worth, odds.attacker_wins

    @property
    def next_turn(self) -> float:
        """The weight of what a legion could muster next turn: NEXT_TURN, or nothing when no next turn comes."""
        return NEXT_TURN * (1.0 if self.war is None else self.war.next_turn)


# -- helpers -------------------------------------------------------------------------------------------------------


def _at(legion: Legion, land: int) -> Legion:
    """The legion as it would stand on `land` (a copy when it moves)."""
    if legion.land == land:
        return legion
    moved = legion.copy()
    moved.land = land
    return moved


def _drain(work: Generator[None, None, Any]) -> Any:
    """Run a piece of sliced work to its end at once (for tests and scripts)."""
    while True:
        try:
            next(work)
        except StopIteration as stop:
            return stop.value
