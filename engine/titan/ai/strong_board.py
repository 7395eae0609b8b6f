"""Strong's masterboard play (level 2): splits, moves, engagements, the aftermath and musters.

See strong.py for the frame, docs/titan.md "The Strong player: masterboard" for the design.

- A position is valued as `strong_value.py` reckons it; moves are planned by `strong_moves.py`.
- Splits are valued over the six rolls (where each half can go, one of two halves sharing a land must leave);
  the first turn's, from the Tower, with the mulligan counted in.
- Engagement answers (flee, concede, terms) and the order of engagements come from the odds of the battle;
  angels are taken, an angel is summoned after a battle only where it does more than where it was, and a muster
  is the recruit that does most for the legion now and for what it can muster next.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

from engine.core import Action, Rng
from engine.titan import flow, masterboard
from engine.titan.ai import standard
from engine.titan.ai.strong_decision import Decision
from engine.titan.ai.strong_moves import MovePlanner
from engine.titan.ai.strong_moves import _steps as _steps  # (tests plan with it)
from engine.titan.ai.strong_value import POINTS, Reach
from engine.titan.ai.strong_value import _drain as _drain  # (tests and scripts run sliced work with it)
from engine.titan.ai.strong_value import _odds as _odds  # (tests ask the odds with it)
from engine.titan.ai.strong_war import spawn_pick
from engine.titan.battle_titan import respawn
from engine.titan.battle_titan.warmongering import war
from engine.titan.data import CREATURES, LANDS, MAX_LEGION, TITAN, character_value
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.splits import remainder
from engine.titan.state import Legion, Phase, TitanState

SPLIT_CANDIDATES = 8  # splits of a legion valued over the six rolls (after a quick first sort)


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
    if phase == Phase.SPAWN:
        return (yield from board.spawn(legal))
    return standard.choose(state, seat, legal, rng)  # (battle phases go to strong_battle; not reached)


class _Board(MovePlanner):
    """One masterboard decision: the seat's splits, moves, engagements, aftermath and musters."""

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
        if self.war is not None:  # Battle Titan: what its house rules score
            stakes = (self.stake(mine), self.stake(theirs))
            fight = self.war.attack(m, t, odds, stakes) if attacking else self.war.defence(m, t, odds, stakes)
            return fight, self.war.outcomes(attacking, m, t, stakes)
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
        me = ATTACKER if attacker.owner == self.seat else DEFENDER
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
                eliminated, losses = state.engagement_now().eliminated, state.engagement_now().losses
                worth = outcomes["both"] if eliminated == "both" else outcomes["mine" if eliminated == me else "theirs"]
                if eliminated != me and eliminated != "both":
                    worth -= sum(CREATURES[n].value for n in losses)
                options.append((worth, 4, action))
        # terms: the other's elimination, proposed once when a win is likely (a player short of time may take it)
        proposals = [a for a in legal if a.kind == "propose" and a.eliminated not in (me, "both") and not a.losses]
        win = self._win_chance()
        terms = state.engagement_now()
        if proposals and win > 0.8 and terms.proposer != self.seat and terms.proposals < 2:
            options.append((fight + 0.5, 1, proposals[0]))
        return max(options, key=lambda item: (item[0], item[1]))[2]

    def _win_chance(self) -> float:
        attacker, defender = flow.engagement_legions(self.state)
        odds = self.odds(attacker, defender, attacker.land)
        return odds.attacker_wins if attacker.owner == self.seat else odds.defender_wins

    # -- Battle Titan's spawn -------------------------------------------------------------------------------------

    def spawn(self, legal: list[Action]) -> Generator[None, None, Action]:
        """The spawn's open choice: the creature worth most with what the new legion could then muster from its
        Tower next turn (its Titan and angel aside: the legion of eight is split, or fights, first)."""
        tower = war(self.state).spawn_tower

        def worth(contents: tuple[str, ...]) -> float:
            fighting = tuple(name for name in contents if not CREATURES[name].is_lord)
            return self.next_turn * self.next_recruits(tower, fighting)

        offer = respawn.offer(self.state)
        for action in legal:  # what each pick could muster, worked out a unit at a time
            worth(tuple(sorted([*offer.legion, action.creature])))
            yield
        pick = spawn_pick(offer, [a.creature for a in legal], worth)
        return next(a for a in legal if a.creature == pick)

    # -- after an engagement ---------------------------------------------------------------------------------------

    def aftermath(self, legal: list[Action]) -> Generator[None, None, Action]:
        state = self.state
        in_place = respawn.angel_in_place(state, legal)  # Battle Titan: a spawned eight's angel
        if in_place is not None:
            return in_place
        angels = [a for a in legal if a.kind == "acquire" and a.angel]
        if angels:
            return max(angels, key=lambda a: CREATURES[a.angel].value)
        reinforcements = [a for a in legal if a.kind == "reinforce" and a.creature]
        if reinforcements:
            winner = state.legions[state.aftermath_now().winner]
            return max(reinforcements, key=lambda a: (self._muster_worth(winner, a.creature), a.creature))
        summons = [a for a in legal if a.kind == "summon" and a.donor]
        if not summons:
            return next(a for a in legal if not (getattr(a, "angel", "") or getattr(a, "creature", "")))
        decline = next(a for a in legal if a.kind == "summon" and not a.donor)
        # an angel moves from its donor to the winner only where it does more: the winner's risk and prospects
        # against the donor's, each as it would stand (a donor left alone with nobody is gone)
        winner = state.legions[state.aftermath_now().winner]
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
        return CREATURES[creature].value + self.next_turn * self.next_recruits(legion.land, contents)

    def muster(self, legal: list[Action]) -> Action:
        musters = [a for a in legal if a.kind == "muster"]
        if not musters:
            return next(a for a in legal if a.kind == "end_musters")
        return max(
            musters, key=lambda a: (self._muster_worth(self.state.legions[a.marker], a.creature), a.marker, a.creature)
        )


# -- helpers -------------------------------------------------------------------------------------------------------


def _with(legion: Legion, contents: tuple[str, ...], marker: str = "") -> Legion:
    """A hypothetical legion of the seat's: `legion` holding `contents` (a split part, a legion after a summon)."""
    other = legion.copy()
    other.contents = sorted(contents)
    other.known = [[] for _ in legion.known]
    if marker:
        other.marker = marker
    return other
