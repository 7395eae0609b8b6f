"""Strong's masterboard play (level 2): splits, moves, engagements, the aftermath and musters (see strong.py for
the frame, docs/titan.md "The Strong player: masterboard" for the design).

- A position is valued for the seat as a Titan player weighs it: what each legion can muster now and over next
  turn's rolls (at any height up to six), less what it risks over the opponents' next roll (for each enemy player
  and each of his six rolls, the stack of his that reaches the land, following the signs, with the best chance of
  killing it; the Titan's legion stakes the game), plus what this turn's attacks win or lose (odds times stakes,
  points toward angels counted), an enemy stack likely killed this turn no longer threatening anyone.
- Moves: the engine asks one legion's move at a time; every call plans all the seat's remaining moves together
  (a beam over the legions, the best few destinations of each, no two ending together, split halves parted, one
  teleport, at least one legion moving), the best few plans valued again with the enemies' reach as the plan
  leaves the board (a legion stops an enemy's move), and plays the first move of the best. The plan depends only
  on the position, so the next call carries it on.
- Splits are valued over the six rolls (where each half can go, one of two halves sharing a land must leave);
  the first turn's, from the Tower, with the mulligan counted in.
- Engagement answers (flee, concede, terms) and the order of engagements come from the odds of the battle;
  angels are taken, an angel is summoned after a battle only where it does more than where it was, and a muster
  is the recruit that does most for the legion now and for what it can muster next.

Every battle outcome is asked of one function, `_odds`: a battle on a known land of the calibrated predictor
(`odds.contest`), the quick risk estimates of the strength ratio. It reads only what the seat may know: its own
legions, what it has seen of the others (both legions of a battle are seen whole), their heights, and for the rest
the characters it has not seen (their average, or deals of them).
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any, NamedTuple

from engine.core import Action, Rng
from engine.titan import ai, baseline, flow, masterboard, recruiting
from engine.titan.data import ANGEL, ARCHANGEL, CREATURES, LANDS, MAX_LEGION, TITAN, TOWERS, character_value
from engine.titan.odds import contest
from engine.titan.splits import remainder
from engine.titan.state import Legion, Phase, TitanState, seen, unseen
from engine.titan.strong import Decision

TITAN_STAKE = 400.0  # what killing an enemy Titan's legion wins beyond its characters: the game (or a player out)
OWN_TITAN_STAKE = 600.0  # what losing its own costs: the game; more than a kill wins, since the odds are estimates
ATTACK_AT_LEAST = 0.7  # an attack at lower odds is not made: near even, the defender's land and time favour him
NEXT_TURN = 0.5  # what the legion could muster next turn from a land counts at half its value
POINTS = 0.3  # a point scored, beyond the characters it stands for: toward angels and the Titan's power
TELEPORT_COST = 3.0  # a teleport shows a lord: it must gain something
CANDIDATES = 5  # destinations kept per legion when planning the moves together
BEAM = 12  # partial plans kept while adding one legion after another
RESCORED = 6  # whole plans valued again with the enemies' reach as the plan leaves the board
SPLIT_CANDIDATES = 8  # splits of a legion valued over the six rolls (after a quick first sort)
ENEMY_ATTACKS_FROM = 0.5  # an enemy stack is counted as attacking from these odds, fully from 0.25 more (Standard: 0.8)
TWO_TURNS = 0.15  # a stack that reaches a land only in two turns threatens it this much (it may not come, or be met)
# win chance a^k / (a^k + b^k) for strengths a and b: the baseline's formula with k = 6, not 4, as battles between
# Standard's battle players turned out (40 games: at ratio 1.3 the attacker won 85%, at 1.5 93%)
WIN_EXPONENT = 6.0
UNITS_PER_YIELD = 1  # units of work between yields (each well under 5 ms of CPython: a browser slice stays short)
CALIBRATED = True  # battles on a known land asked of odds.contest (False: the strength ratio, as before; for trials)
SAMPLES = 6  # deals of what the seat has not seen of the two legions, for a battle on a known land


# the chance two rolls make at least so many steps
TWO_DICE_AT_LEAST = {n: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n) / 36 for n in range(13)}


class Odds(NamedTuple):
    """A battle's outcome as the seat may foresee it: each side's chance to win, and the value each side keeps if
    it wins (its characters' value, as points)."""

    attacker_wins: float
    defender_wins: float
    attacker_left: float
    defender_left: float


def _odds(state: TitanState, attacker: Legion, defender: Legion, seat: int, rng: Rng, land: int | None = None) -> Odds:
    """The one place battle outcomes are predicted.

    `attacker` and `defender` may be legions of the board or hypothetical ones (a split half, a legion after a
    summon), read only through what `seat` knows of them; `land` is where the battle would be. A battle on a
    known land (an attack, an engagement's answers) is asked of the calibrated predictor, `odds.contest`, which
    counts the land (a native in his hazard, the defender's reinforcement, an angel to summon) and the Titans'
    power; the quick estimates of how dangerous an enemy stack is (land None, tens of lands a decision) keep the
    strength ratio, `_ratio_odds`."""
    if land is None or not CALIBRATED:
        return _ratio_odds(state, attacker, defender, seat)
    return _drain(_calibrated_odds(state, attacker, defender, seat, rng, land))


def _ratio_odds(state: TitanState, attacker: Legion, defender: Legion, seat: int) -> Odds:
    """The scripted baseline's strength ratio: win chance a^k/(a^k+b^k) (k = WIN_EXPONENT), the winner keeping
    sqrt(a^2 - b^2) of its strength (the loser takes some with it)."""
    average = baseline.hidden_average(state, seat)
    a = _known_strength(state, attacker, seat, average)
    b = _known_strength(state, defender, seat, average)
    wins = 1.0 if b <= 0 else 0.0 if a <= 0 else a**WIN_EXPONENT / (a**WIN_EXPONENT + b**WIN_EXPONENT)
    a_left = math.sqrt(max(a * a - b * b, (0.15 * a) ** 2))
    b_left = math.sqrt(max(b * b - a * a, (0.15 * b) ** 2))
    return Odds(wins, 1.0 - wins, a_left, b_left)


def _calibrated_odds(
    state: TitanState, attacker: Legion, defender: Legion, seat: int, rng: Rng, land: int
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
        for _ in range(SAMPLES):
            hand = list(pool)
            drawn = []
            for _ in range(min(len(hand), a_missing + d_missing)):
                drawn.append(hand.pop(rng.randrange(len(hand))))
            deals.append((tuple(sorted([*a_known, *drawn[:a_missing]])), tuple(sorted([*d_known, *drawn[a_missing:]]))))
    results = []
    for a, d in deals:
        results.append(contest(a, d, terrain, a_score, d_score, angel, _reinforcement(state, defender, d, terrain)))
        yield
    n = len(results)
    return Odds(
        sum(r.attacker_wins for r in results) / n,
        sum(r.defender_wins for r in results) / n,
        sum(r.attacker_left for r in results) / n,
        sum(r.defender_left for r in results) / n,
    )


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


def decide(state: TitanState, seat: int, legal: list[Action], rng: Rng) -> Decision:
    """The action Strong plays on the masterboard."""
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    board = _Board(state, seat, rng)
    yield
    if phase == Phase.SPLIT:
        return (yield from board.split(legal))
    if phase == Phase.MOVE:
        return (yield from board.move(legal))
    if phase == Phase.ENGAGE:
        for action in legal:
            mine = next(lg for lg in state.legions_on(action.land) if lg.owner == seat)
            yield from board.warm_attack(mine, action.land)
        return board.engage_order(legal)
    if phase == Phase.ENGAGEMENT:
        attacker, defender = flow.engagement_legions(state)
        yield from board.warm_odds(attacker, defender, attacker.land)
        return board.engagement(legal)
    if phase == Phase.AFTERMATH:
        return (yield from board.aftermath(legal))
    if phase == Phase.MUSTER:
        return board.muster(legal)
    return ai.choose(state, seat, legal, rng)  # (battle phases go to strong_battle; not reached)


class _Step(NamedTuple):
    """One legion's part in a plan: a move (as the legal Move has it) or staying where it is."""

    marker: str
    land: int
    side: int = 0
    teleport: str = ""
    edge: int = 0
    stay: bool = False


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


class _Board:
    """One masterboard decision: what the seat knows, and caches of what it reckons."""

    def __init__(self, state: TitanState, seat: int, rng: Rng) -> None:
        self.state = state
        self.seat = seat
        self.rng = rng
        self.clock = _Clock()
        self.engaged = flow.engaged_lands(state)
        self.enemy_lands = flow.enemy_lands(state, seat)
        self.own_lands = flow.own_lands(state, seat)
        self.enemies = [lg for marker, lg in sorted(state.legions.items()) if lg.owner != seat]
        self.average = baseline.hidden_average(state, seat)
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
        return OWN_TITAN_STAKE if legion.owner == self.seat else TITAN_STAKE

    def _odds_key(self, attacker: Legion, defender: Legion, land: int | None) -> tuple[Any, ...]:
        return (
            attacker.marker,
            tuple(attacker.contents) if attacker.owner == self.seat else (),
            defender.marker,
            tuple(defender.contents) if defender.owner == self.seat else (),
            land,
        )

    def odds(self, attacker: Legion, defender: Legion, land: int | None = None) -> Odds:
        key = self._odds_key(attacker, defender, land)
        if key not in self._odds:
            self._odds[key] = _odds(self.state, attacker, defender, self.seat, self.rng, land)
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
                wins = self.odds(enemy, legion).attacker_wins
                wins *= min(1.0, max(0.0, (wins - ENEMY_ATTACKS_FROM) / 0.25)) * alive
                if fewest > 6:
                    later = max(later, wins * TWO_DICE_AT_LEAST[fewest])
                    continue
                for roll in range(fewest, 7):
                    best[roll] = max(best[roll], wins)
            now = sum(best) / 6.0
            safe *= (1.0 - now) * (1.0 - TWO_TURNS * later)
        return (1.0 - safe) * (self.value(legion) * (1.0 + POINTS) + self.stake(legion))

    def standing(self, legion: Legion, land: int, moved: bool, reaches: list[list[Reach]]) -> float:
        """A legion of the seat ending its move on `land` (not an enemy's): what it musters now (if it moved) and
        next turn, less what it risks."""
        contents = tuple(legion.contents)
        value = self.recruit(LANDS[land].terrain, contents)[0] if moved else 0.0
        value += NEXT_TURN * self.next_recruits(land, contents)
        return value - self.risk(_at(legion, land), land, reaches)

    def attack(self, legion: Legion, land: int, reaches: list[list[Reach]]) -> tuple[float, float]:
        """What attacking the enemy on `land` is worth (and the chance of winning): the enemy's worth and points
        and a muster there if it wins, less the damage taken and what the winner then risks; its own worth, the
        points it gives and the damage it deals if it loses."""
        enemy = next(lg for lg in self.state.legions_on(land) if lg.owner != self.seat)
        odds = self.odds(legion, enemy, land)
        mine, theirs = self.value(legion), self.value(enemy)
        win = theirs * (1.0 + POINTS) + self.stake(enemy) - (mine - odds.attacker_left)
        win += self.recruit(LANDS[land].terrain, tuple(legion.contents))[0]
        win -= self.risk(_at(legion, land), land, reaches)
        lose = mine * (1.0 + POINTS) + self.stake(legion) - (theirs - odds.defender_left)
        worth = odds.attacker_wins * win - odds.defender_wins * lose
        if odds.attacker_wins < ATTACK_AT_LEAST:
            worth -= 100.0
        return worth, odds.attacker_wins

    def step_value(self, legion: Legion, step: _Step, reaches: list[list[Reach]]) -> float:
        if step.stay:
            return self.standing(legion, legion.land, legion.moved, reaches)
        if step.land in self.enemy_lands:
            return self.attack(legion, step.land, reaches)[0]
        return self.standing(legion, step.land, True, reaches) - (TELEPORT_COST if step.teleport else 0.0)

    # -- split -----------------------------------------------------------------------------------------------------

    def split(self, legal: list[Action]) -> Generator[None, None, Action]:
        splits = [a for a in legal if a.kind == "split"]
        end = [a for a in legal if a.kind == "end_splits"]
        state, seat = self.state, self.seat
        yield from self.warm(set(self.own_lands))
        reaches = self.reaches(set(self.own_lands))
        first = state.first_turns[seat]
        best: tuple[float, Action | None] = (-math.inf, None)
        by_marker: dict[str, list[Any]] = {}
        for action in splits:
            by_marker.setdefault(action.marker, []).append(action)
        for marker, options in sorted(by_marker.items()):
            legion = state.legions[marker]
            if not first and legion.height < MAX_LEGION:
                continue  # a legion of six or fewer can still muster: it keeps its strength together
            if len(options) > SPLIT_CANDIDATES:
                hints = {}
                for action in options:
                    hints[action.leaving] = self._split_hint(legion, action.leaving)
                    if self.clock.due():
                        yield
                options = sorted(options, key=lambda a: (-hints[a.leaving], a.leaving))[:SPLIT_CANDIDATES]
            whole = None if first else (yield from self._over_rolls(legion, None, reaches, first))
            for action in options:
                worth = yield from self._over_rolls(legion, action.leaving, reaches, first)
                gain = worth - (whole if whole is not None else 0.0)
                if whole is None or gain > 0.0:
                    best = max(best, (gain, action), key=lambda pair: pair[0])
        if best[1] is not None:
            return best[1]
        return end[0] if end else splits[0]

    def _split_hint(self, legion: Legion, leaving: tuple[str, ...]) -> float:
        """A quick first sort of a legion's splits: what both parts could muster next turn from where they stand,
        and the bigger part kept strong."""
        kept = remainder(legion.contents, leaving)
        hint = self.next_recruits(legion.land, kept) + self.next_recruits(legion.land, tuple(leaving))
        if TITAN in leaving:
            hint -= 50.0  # the Titan stays with the bigger part
        score = self.state.players[self.seat].score
        return hint + 0.2 * sum(character_value(n, score) for n in kept) - 0.2 * len(leaving)

    def _over_rolls(
        self, legion: Legion, leaving: tuple[str, ...] | None, reaches: list[list[Reach]], mulligan: bool
    ) -> Generator[None, None, float]:
        """A legion (split, if `leaving`) valued over the six rolls: for each, the best places its parts can go
        (two parts on one land: at least one leaves, not to the same land), the part's attacks at their odds. With
        the mulligan, a roll worth less than the average is rolled again."""
        parts = [legion]
        if leaving is not None:
            kept = _with(legion, remainder(legion.contents, leaving))
            parts = [kept, _with(legion, tuple(leaving), marker=legion.marker + "+")]
        worths = []
        for roll in range(1, 7):
            lands = list(self.destinations(legion.land, roll))
            if roll == 6 and mulligan and LANDS[legion.land].is_tower:  # the first turn: a lord in each part
                lands = sorted(set(lands) | set(masterboard.lands_within(legion.land, 6)) - self.own_lands
                               - self.enemy_lands)  # fmt: skip
            choices = []
            for part in parts:
                options = [(self.standing(part, part.land, False, reaches), part.land)]
                for land in lands:
                    if land in self.enemy_lands:
                        yield from self.warm_attack(part, land)
                        options.append((self.attack(part, land, reaches)[0], land))
                    else:
                        options.append((self.standing(part, land, True, reaches), land))
                    if self.clock.due():
                        yield
                choices.append(options)
                if self.clock.due():
                    yield
            if len(parts) == 1:
                worths.append(max(v for v, _ in choices[0]))
                continue
            best = -math.inf
            for v1, l1 in choices[0]:
                for v2, l2 in choices[1]:
                    if l1 == l2 and (lands or l1 != legion.land):
                        continue  # the halves must part (if either can move); never two on one land
                    best = max(best, v1 + v2)
            worths.append(best if best > -math.inf else choices[0][0][0] + choices[1][0][0])
        average = sum(worths) / 6.0
        if mulligan:
            return sum(max(w, average) for w in worths) / 6.0
        return average

    # -- moves -----------------------------------------------------------------------------------------------------

    def move(self, legal: list[Action]) -> Generator[None, None, Action]:
        state = self.state
        moves = [a for a in legal if a.kind == "move"]
        end = next((a for a in legal if a.kind == "end_moves"), None)
        mulligan = next((a for a in legal if a.kind == "mulligan"), None)
        if mulligan is not None:
            worth_now = (yield from self.plan(_steps(moves), end is not None))[0]
            worths = [worth_now]
            for roll in range(1, 7):
                if roll == state.roll:
                    continue
                other = state.clone(record=False)
                other.roll = roll
                board = _Board(other, self.seat, self.rng)
                steps = [_Step(*choice) for choice in flow.move_choices(other)]
                worths.append((yield from board.plan(steps, not flow.must_keep_moving(other)))[0])
            if worth_now < sum(worths) / len(worths):
                return mulligan
        if not moves:
            return end if end is not None else legal[0]
        _worth, plan = yield from self.plan(_steps(moves), end is not None)
        for step in plan:
            if not step.stay and step.side >= 0:  # (a move onto a land another legion leaves comes after it)
                return next(a for a in moves if _step_of(a) == step)
        if end is not None:
            return end
        return moves[0]  # (a plan always moves a legion when one must move)

    def plan(self, steps: list[_Step], may_end: bool) -> Generator[None, None, tuple[float, list[_Step]]]:
        """The best plan for the seat's legions that have not moved: (its worth, a step per legion)."""
        state, seat = self.state, self.seat
        yield from self.warm(set(self.own_lands))
        reaches = self.reaches(set(self.own_lands))
        by_marker: dict[str, list[_Step]] = {lg.marker: [] for lg in state.legions_of(seat) if not lg.moved}
        for step in steps:
            by_marker.setdefault(step.marker, []).append(step)
        self._after_others(by_marker)
        # legions that cannot move first: the land they keep is taken before another legion could stay on it
        unmoved = sorted((lg for lg in state.legions_of(seat) if not lg.moved),
                         key=lambda lg: (bool(by_marker[lg.marker]), lg.marker))  # fmt: skip
        must_move = not may_end and not any(lg.moved for lg in state.legions_of(seat))
        ranked: list[list[tuple[float, _Step]]] = []
        for legion in unmoved:
            options = []
            for step in by_marker[legion.marker]:
                if not step.stay and step.land in self.enemy_lands:
                    yield from self.warm_attack(legion, step.land)
                options.append((self.step_value(legion, step, reaches), step))
                if self.clock.due():
                    yield
            options.sort(key=lambda pair: (-pair[0], pair[1]))
            kept = options[:CANDIDATES]
            stay = _Step(legion.marker, legion.land, stay=True)
            kept.append((self.step_value(legion, stay, reaches), stay))
            ranked.append(kept)
            if self.clock.due():
                yield
        # the beam: partial plans (worth, steps, lands taken, teleported)
        fixed = {lg.land for lg in state.legions_of(seat) if lg.moved}
        beam: list[tuple[float, tuple[_Step, ...], frozenset[int], bool]] = [(0.0, (), frozenset(fixed), False)]
        for options in ranked:
            forced_stay = len(options) == 1
            grown = []
            for worth, taken_steps, taken, teleported in beam:
                before = len(grown)
                for value, step in options:
                    if step.land in taken and not forced_stay:
                        continue
                    if step.teleport and teleported:
                        continue
                    grown.append(
                        (worth + value, (*taken_steps, step), taken | {step.land}, teleported or bool(step.teleport))
                    )
                if len(grown) == before:  # nowhere left for it: it stays (and joins the legion there, as it must)
                    value, stay = options[-1]
                    grown.append((worth + value - 50.0, (*taken_steps, stay), taken, teleported))
            grown.sort(key=lambda item: (-item[0], [s.land for s in item[1]]))
            beam = grown[:BEAM]
            if self.clock.due():
                yield
        plans = [
            item[1]
            for item in beam
            if (not must_move or any(not s.stay for s in item[1])) and _playable(unmoved, item[1])
        ]
        if not plans:
            # only plans that move were allowed and the beam kept none: the best single move, the rest staying
            singles = [(v, s) for options in ranked for v, s in options if not s.stay and s.side >= 0]
            alone = max(singles, key=lambda p: (p[0], -p[1].land))[1] if singles else None
            plans = [
                tuple(
                    alone if alone is not None and lg.marker == alone.marker else _Step(lg.marker, lg.land, stay=True)
                    for lg in unmoved
                )
            ]
        best: tuple[float, list[_Step]] = (-math.inf, list(plans[0]))
        for plan in plans[:RESCORED]:
            worth = yield from self.plan_value(unmoved, plan)
            if worth > best[0]:
                best = (worth, list(plan))
            if self.clock.due():
                yield
        return best

    def _after_others(self, by_marker: dict[str, list[_Step]]) -> None:
        """Add the lands a legion reaches only once another legion of the seat has left them (that one moves
        first): a step with side -1, played after."""
        state = self.state
        if not state.roll:
            return
        lands = {lg.land for lg in state.legions_of(self.seat) if not lg.moved}
        for legion in state.legions_of(self.seat):
            others = lands - {legion.land}
            if legion.moved or not others:
                continue
            friendly = self.own_lands - others - {legion.land}
            reached = masterboard.destination_lands(legion.land, state.roll, friendly, self.enemy_lands, self.engaged)
            for land in reached:
                if land in others:
                    by_marker[legion.marker].append(_Step(legion.marker, land, side=-1))

    def plan_value(self, unmoved: list[Legion], plan: tuple[_Step, ...]) -> Generator[None, None, float]:
        """A whole plan valued with the enemies' reach as it leaves the board (a legion stops an enemy's move, a
        stack likely killed this turn threatens less), the legions that moved already counted too."""
        state, seat = self.state, self.seat
        lands = {lg.land for lg in state.legions_of(seat) if lg.moved} | {step.land for step in plan}
        base = self.reaches(set(self.own_lands))
        killed: dict[str, float] = {}
        for legion, step in zip(unmoved, plan, strict=True):
            if not step.stay and step.land in self.enemy_lands:
                enemy = next(lg for lg in state.legions_on(step.land) if lg.owner != seat)
                killed[enemy.marker] = self.attack(legion, step.land, base)[1]
        for legion in state.legions_of(seat):
            if legion.moved and legion.land in self.enemy_lands:
                enemy = next(lg for lg in state.legions_on(legion.land) if lg.owner != seat)
                yield from self.warm_odds(legion, enemy, legion.land)
                killed[enemy.marker] = self.odds(legion, enemy, legion.land).attacker_wins
        yield from self.warm(lands - self.enemy_lands)
        reaches = self.reaches(lands - self.enemy_lands, killed)
        total = 0.0
        for legion, step in zip(unmoved, plan, strict=True):
            total += self.step_value(legion, step, reaches)
            if self.clock.due():
                yield
        for legion in state.legions_of(seat):
            if legion.moved and legion.land not in self.enemy_lands:
                total += self.standing(legion, legion.land, True, reaches)
        return total

    # -- engagements -----------------------------------------------------------------------------------------------

    def engage_order(self, legal: list[Action]) -> Action:
        """The surest battle first: its points may bring an angel to summon into the harder one."""

        def sureness(action: Any) -> tuple[float, int]:
            legions = self.state.legions_on(action.land)
            mine = next(lg for lg in legions if lg.owner == self.seat)
            theirs = next(lg for lg in legions if lg.owner != self.seat)
            return (self.odds(mine, theirs, action.land).attacker_wins, -action.land)

        return max(legal, key=sureness)

    def fight_worth(self) -> tuple[float, dict[str, float]]:
        """What fighting the engagement is worth to the seat, and the outcomes its terms would give, in the same
        measure (its side's worth kept and the points it gives or takes)."""
        state = self.state
        attacker, defender = flow.engagement_legions(state)
        attacking = attacker.owner == self.seat
        mine, theirs = (attacker, defender) if attacking else (defender, attacker)
        odds = self.odds(attacker, defender, attacker.land)
        win, lose = odds.attacker_wins, odds.defender_wins
        left_mine, left_theirs = odds.attacker_left, odds.defender_left
        if not attacking:
            win, lose, left_mine, left_theirs = lose, win, left_theirs, left_mine
        m, t = self.value(mine), self.value(theirs)
        killed = t * (1.0 + POINTS) + self.stake(theirs)
        lost = m * (1.0 + POINTS) + self.stake(mine)
        fight = win * (killed - (m - left_mine)) - lose * (lost - (t - left_theirs))
        outcomes = {
            "mine": -lost,  # my legion eliminated (conceded, or terms)
            "theirs": killed,  # theirs eliminated, mine whole
            "both": killed - lost + m * POINTS + t * POINTS,  # both gone: nobody scores
            "flee": -m - m * POINTS / 2,  # fled: the attacker scores half
        }
        return fight, outcomes

    def engagement(self, legal: list[Action]) -> Action:
        state = self.state
        attacker, _defender = flow.engagement_legions(state)
        me = "attacker" if attacker.owner == self.seat else "defender"
        fight, outcomes = self.fight_worth()
        options: list[tuple[float, int, Action]] = []
        for action in legal:
            kind = action.kind
            if kind == "fight":
                options.append((fight, 3, action))
            elif kind == "flee":
                options.append((outcomes["flee"], 2, action))
            elif kind == "concede":
                options.append((outcomes["mine"] - 1.0, 0, action))
            elif kind == "accept":
                eliminated = state.engagement["eliminated"]
                losses = state.engagement["losses"]
                worth = outcomes["both"] if eliminated == "both" else outcomes["mine" if eliminated == me else "theirs"]
                if eliminated != me and eliminated != "both":
                    worth -= sum(CREATURES[n].value for n in losses)
                options.append((worth, 4, action))
        # terms: the other's elimination, proposed once when a win is likely (a player short of time may take it)
        proposals = [a for a in legal if a.kind == "propose" and a.eliminated not in (me, "both") and not a.losses]
        win = self._win_chance()
        if proposals and win > 0.8 and state.engagement["proposer"] != self.seat and state.engagement["proposals"] < 2:
            options.append((fight + 0.5, 1, proposals[0]))
        return max(options, key=lambda item: (item[0], item[1]))[2]

    def _win_chance(self) -> float:
        attacker, defender = flow.engagement_legions(self.state)
        odds = self.odds(attacker, defender, attacker.land)
        return odds.attacker_wins if attacker.owner == self.seat else odds.defender_wins

    # -- after an engagement ---------------------------------------------------------------------------------------

    def aftermath(self, legal: list[Action]) -> Generator[None, None, Action]:
        state = self.state
        angels = [a for a in legal if a.kind == "acquire" and a.angel]
        if angels:
            return max(angels, key=lambda a: CREATURES[a.angel].value)
        reinforcements = [a for a in legal if a.kind == "reinforce" and a.creature]
        if reinforcements:
            winner = state.legions[state.aftermath["winner"]]
            return max(reinforcements, key=lambda a: (self._muster_worth(winner, a.creature), a.creature))
        summons = [a for a in legal if a.kind == "summon" and a.donor]
        if not summons:
            return next(a for a in legal if not (getattr(a, "angel", "") or getattr(a, "creature", "")))
        decline = next(a for a in legal if a.kind == "summon" and not a.donor)
        # an angel moves from its donor to the winner only where it does more: the winner's risk and prospects
        # against the donor's, each as it would stand (a donor left alone with nobody is gone)
        winner = state.legions[state.aftermath["winner"]]
        reaches = self.reaches(set(self.own_lands))
        now = self.standing(winner, winner.land, winner.moved, reaches)
        best: tuple[float, Action] = (0.0, decline)
        for action in summons:
            donor = state.legions[action.donor]
            before = now + self.standing(donor, donor.land, donor.moved, reaches)
            stronger = _with(winner, tuple(sorted([*winner.contents, action.angel])))
            after = self.standing(stronger, winner.land, winner.moved, reaches)
            rest = list(donor.contents)
            rest.remove(action.angel)
            if rest:
                after += self.standing(_with(donor, tuple(rest)), donor.land, donor.moved, reaches)
            gain = after - before + 0.25 * CREATURES[action.angel].value  # an angel with the fighting stack
            if gain > best[0]:
                best = (gain, action)
            if self.clock.due():
                yield
        return best[1]

    def _muster_worth(self, legion: Legion, creature: str) -> float:
        """A recruit's value and, at half weight, what the legion could muster next turn with it."""
        contents = tuple(sorted([*legion.contents, creature]))
        return CREATURES[creature].value + NEXT_TURN * self.next_recruits(legion.land, contents)

    def muster(self, legal: list[Action]) -> Action:
        musters = [a for a in legal if a.kind == "muster"]
        if not musters:
            return next(a for a in legal if a.kind == "end_musters")
        return max(
            musters, key=lambda a: (self._muster_worth(self.state.legions[a.marker], a.creature), a.marker, a.creature)
        )


# -- helpers -------------------------------------------------------------------------------------------------------


def _at(legion: Legion, land: int) -> Legion:
    """The legion as it would stand on `land` (a copy when it moves)."""
    if legion.land == land:
        return legion
    moved = legion.copy()
    moved.land = land
    return moved


def _with(legion: Legion, contents: tuple[str, ...], marker: str = "") -> Legion:
    """A hypothetical legion of the seat's: `legion` holding `contents` (a split part, a legion after a summon)."""
    other = legion.copy()
    other.contents = sorted(contents)
    other.known = [[] for _ in legion.known]
    if marker:
        other.marker = marker
    return other


def _playable(unmoved: list[Legion], plan: tuple[_Step, ...]) -> bool:
    """Whether every move onto a land another legion leaves can be played: those legions move off it first, by
    a move of their own that needs nobody else to move."""
    steps = dict(zip((lg.marker for lg in unmoved), plan, strict=True))
    for step in plan:
        if step.side == -1:
            for legion in unmoved:
                if legion.land == step.land and (steps[legion.marker].stay or steps[legion.marker].side == -1):
                    return False
    return True


def _drain(work: Generator[None, None, Any]) -> Any:
    """Run a piece of sliced work to its end at once (for tests and scripts)."""
    while True:
        try:
            next(work)
        except StopIteration as stop:
            return stop.value


def _steps(moves: list[Any]) -> list[_Step]:
    return [_step_of(a) for a in moves]


def _step_of(action: Any) -> _Step:
    return _Step(action.marker, action.land, action.side, action.teleport, action.edge)
