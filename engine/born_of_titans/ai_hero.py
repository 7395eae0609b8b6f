"""The computer Hero's decisions, phase by phase, from its seat's view: levels 1 and 2 differ by a `Style`.

Level 1 plays sound rules of thumb: straight for its Quest, a City when its Crew runs short, a Challenge when
the odds are fair, the obvious Divine counters. Level 2 plans: it weighs each way to its Quest (straight, by a
City to recruit, by an Oracle) by the expected actions to complete it, commits Prophecy by the exact odds with
its next Quest in mind, places the others' Quests where they take longest to reach, and plays every Divine
counter where it counts (ai_divine.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.born_of_titans import ai_divine, ai_routes, ai_seas, board
from engine.born_of_titans.ai_fight import Fighter
from engine.born_of_titans.ai_know import (
    HIDDEN,
    PATIENCE,
    Me,
    chance_against,
    may_shed,
    me_of,
    quest_chance,
    would_take_hubris,
)
from engine.born_of_titans.data import ATTRIBUTES, ENCOUNTERS, HEROES

RETRY_ACTIONS = 6.0  # what a lost Quest Challenge costs in actions (recruiting again, coming back)


@dataclass(frozen=True)
class Style:
    """What separates the levels."""

    plan: bool  # weigh detours by expected actions (else: a City only when Crew is short)
    go_at: float  # the least chance to complete the Quest at which she challenges it
    short_crew: int  # Crew at or below which she makes for a City
    prophecy_point: float  # a Prophecy point kept, in win chance of a Quest Challenge (0: commit all that helps)
    divine: ai_divine.DivineStyle = field(default_factory=ai_divine.DivineStyle)


LEVEL1 = Style(plan=False, go_at=0.35, short_crew=3, prophecy_point=0.0, divine=ai_divine.DivineStyle())
LEVEL2 = Style(
    plan=True,
    go_at=0.45,
    short_crew=3,
    prophecy_point=0.012,
    divine=ai_divine.DivineStyle(moves=True, clever=True),
)


def kinds(legal: list[Any]) -> dict[str, list[Any]]:
    """The legal actions by kind."""
    found: dict[str, list[Any]] = {}
    for action in legal:
        found.setdefault(action.kind, []).append(action)
    return found


def dice_of(me: Me) -> int:
    return int(me.totals["navigation"])


class Hero(Fighter):
    """One decision of a computer Hero of some `style`, from `view` (its seat's) and the legal actions."""

    def __init__(self, view: dict[str, Any], seat: int, legal: list[Any], style: Style) -> None:
        self.view = view
        self.seat = seat
        self.legal = legal
        self.by = kinds(legal)
        self.style = style
        self.me = me_of(view, seat)
        # A Hero who plans weighs each Sea Monster Site by her odds there (ai_seas.py); else she goes round.
        self.monsters = ai_seas.monsters(view, self.me) if style.plan else ()

    # -- the entry point ------------------------------------------------------------------------------------
    def decide(self) -> Any:
        phase = self.view["phase"]
        handler = getattr(self, "_" + phase, None)
        chosen = handler() if handler is not None else None
        return chosen if chosen is not None else self.legal[0]

    def _divine(self) -> Any | None:
        return ai_divine.play(self.view, self.seat, self.legal, self.style.divine, self._courses_wanted)

    def _courses_wanted(self, seat: int) -> int | None:
        """Courses `seat` needs from the Move roll on the table to reach its Quest's Site (None: out of reach)."""
        hero = self.view["heroes"][seat]
        node = hero.get("node")
        target = me_of(self.view, seat).quest_node if seat != self.seat else self.goal()
        if node is None or target is None or target == node:
            return None
        return board.distance(node, target, hero["crew"] <= 0)

    # -- set-up ---------------------------------------------------------------------------------------------
    def _choose_hero(self) -> Any:
        def score(action: Any) -> float:
            hero = HEROES[action.hero]
            return 1.2 * hero.navigation + max(hero.battle, hero.wits) + 0.5 * min(hero.battle, hero.wits)

        return max(self.by["choose_hero"], key=score)

    def _choose_start(self) -> Any:
        sites = list(board.QUEST_SITES.values())

        def spread(action: Any) -> tuple[float, float]:
            ways = [ai_routes.travel(action.site, other, 6, False) for other in sites]
            return max(ways), sum(ways)

        return min(self.by["choose_start"], key=spread)

    def _place_quest(self) -> Any:
        owner = self._right()
        hero = self.view["heroes"][owner]
        node = hero.get("node")
        if node is None:
            return self.by["place_quest"][0]
        dice = max(1, int(hero["attributes"]["navigation"]))
        crewless = hero["crew"] <= 0

        def far(action: Any) -> float:
            return ai_routes.travel(node, action.site, dice, crewless)

        return max(self.by["place_quest"], key=far)

    def _right(self) -> int:
        """The player to her right still in the game: the one whose Quest she places."""
        heroes = self.view["heroes"]
        for step in range(1, len(heroes)):
            other = (self.seat - step) % len(heroes)
            if heroes[other].get("finished") is None:
                return other
        return self.seat

    # -- the turn -------------------------------------------------------------------------------------------
    def goal(self) -> str | None:
        """Where she is heading now: her Quest, or a City or Oracle on the way."""
        me = self.me
        quest = me.quest_node
        node = me.hero.get("node")
        if quest is None or node is None:
            return quest
        dice = max(1, dice_of(me))
        crewless = me.crew <= 0
        hubris = self.view.get("hubris") == self.seat
        # Standing at her Quest without daring it, she must go and get stronger: staying would stall the game.
        balk = not self._waiting_for_hera() and not self._dare_quest(at=quest)
        if not self.style.plan:
            if me.crew <= self.style.short_crew or hubris or balk:
                cities = self._cities(node, dice, crewless)
                if cities:
                    return cities[0][1]
            return quest
        return self._planned_goal(node, quest, dice, crewless, hubris, balk)

    def _cities(self, origin: str, dice: int, crewless: bool) -> list[tuple[float, str]]:
        """The Cities nearest `origin` first, less one she stands at the gates of with no Encounter left to
        open them (another Hero took it: she must leave and come back)."""
        found = ai_routes.nearest(origin, ("city",), dice, crewless, self.monsters)
        return [(cost, city) for cost, city in found if not self._shut(city) and not self._barred(city)]

    def _shut(self, city: str) -> bool:
        """Whether she stands at the gates of `city` with no Encounter left to open them."""
        hero = self.me.hero
        return hero.get("node") == city and not hero.get("in_city") and not self._gate(city)

    def _barred(self, city: str) -> bool:
        """Whether a Monster she can see at the City's gates is one she will not fight: going there (and away
        again, and back) would get her nowhere. A Hero with no Crew, Gear or Ally has nothing to lose by it."""
        face = (self.view["sites"].get(city) or {}).get("encounter")
        if face in (None, HIDDEN) or ENCOUNTERS[face].kind != "monster":
            return False
        me = self.me
        if me.crew <= 0 and not me.hero.get("gear") and not me.hero.get("ally"):
            return False
        numbers = {a: getattr(ENCOUNTERS[face].monster, a) for a in ATTRIBUTES}
        return chance_against(me.totals, numbers, me.crew) < 0.6

    def _planned_goal(self, node: str, quest: str, dice: int, crewless: bool, hubris: bool, balk: bool) -> str:
        me = self.me
        direct = ai_routes.travel_from(node, quest, dice, crewless, self._held_from(), self.monsters)
        if self._waiting_for_hera():
            # Hubris bars her Quest (or her Quest would bring it): Gather Humility where she has seen it, else
            # sacrifice for Hera at a City near her Quest.
            if self.view.get("hubris") == self.seat:
                humble = [
                    (ai_routes.travel_from(node, city, dice, crewless, self._held_from(), self.monsters), city)
                    for city, site in self.view["sites"].items()
                    if site.get("encounter") == "gather_humility"
                ]
                if humble:
                    return min(humble)[1]
            cities = self._cities(quest, dice, False)
            return cities[0][1] if cities else quest
        p_now = quest_chance(self.view, me)
        best_cost = math.inf if balk else direct + 1 + (1 - p_now) * RETRY_ACTIONS
        best = quest
        for kind in ("city", "oracle"):
            for cost_there, site in ai_routes.nearest(node, (kind,), dice, crewless, self.monsters)[:4]:
                # The City she stands at counts (at its gates, its Encounter first): skipping it, she went
                # on to the next and back, and a game between two Heroes at 0 Crew stalled.
                if (kind == "oracle" and site == node) or (kind == "city" and (self._shut(site) or self._barred(site))):
                    continue
                if kind == "city":
                    gain = min(6 - me.crew, 4)
                    if gain <= 0:
                        continue
                    stop_actions = 1 if gain <= 2 else 2
                    if self._gate(site):
                        stop_actions += 1
                    p_after = quest_chance(self.view, me, crew=me.crew + gain)
                    onward = ai_routes.travel_from(
                        site, quest, max(1, dice + (1 if crewless else 0)), False, None, self.monsters
                    )
                else:
                    gain = min(6 - me.prophecy, 2)
                    if gain <= 0:
                        continue
                    stop_actions = 1
                    p_after = quest_chance(self.view, me, prophecy=me.prophecy + gain)
                    onward = ai_routes.travel_from(site, quest, dice, crewless, None, self.monsters)
                cost = cost_there + stop_actions + onward + 1 + (1 - p_after) * RETRY_ACTIONS
                if cost < best_cost - 0.25:
                    best, best_cost = site, cost
        return best

    def _look(self) -> Any | None:
        """Level 2 spends a Prophecy point to see its next Quest while still on the way (to plan for it), when it
        has points to spare."""
        me = self.me
        if not self.style.plan or me.quest is not None or me.quest_node is None or me.prophecy < 3:
            return None
        node = me.hero.get("node")
        if node is None or ai_routes.travel(node, me.quest_node, max(1, dice_of(me)), me.crew <= 0) < 1.5:
            return None
        return next((a for a in self.by.get("look", []) if a.site == me.quest_node), None)

    def _waiting_for_hera(self) -> bool:
        """Level 2 waits for Hera while Hubris bars her Quest, or while completing it would bring Hubris (her
        second Quest, before anyone else's): holding it she could not complete her third."""
        view, me = self.view, self.me
        if not self.style.plan:
            return view.get("hubris") == self.seat and not self._holds("hera")
        if view.get("hubris") == self.seat:
            return not (self._holds("hera") and may_shed(view, self.seat))
        if me.done != 1 or not would_take_hubris(view, self.seat) or self._holds("hera"):
            return False
        return view.get("round", 0) < PATIENCE and view["piles"].get("divine", 0) > 0

    def _gate(self, city: str) -> bool:
        """Whether an Encounter waits at the gates of `city`."""
        site = self.view["sites"].get(city) or {}
        return site.get("encounter") is not None

    def _holds(self, counter: str) -> bool:
        return counter in (self.me.hero.get("divine") or [])

    def _held_from(self) -> str | None:
        hero = self.me.hero
        node = hero.get("node")
        if node and board.NODES[node].kind == "sea_monster" and not hero.get("passage"):
            return hero.get("came_from")
        return None

    def _turn(self) -> Any:
        by, me = self.by, self.me
        chosen = self._divine()
        if chosen is not None:
            return chosen
        if "argo" in by and me.prophecy < 6:
            return by["argo"][0]
        if "dragons_teeth" in by and me.crew <= 2:
            return by["dragons_teeth"][0]
        look = self._look()
        if look is not None:
            return look
        node = me.hero.get("node")
        kind = board.NODES[node].kind if node else None
        goal = self.goal()
        if "encounter" in by:
            if node == me.quest_node:
                if self._dare_quest():
                    return by["encounter"][0]
            elif kind == "sea_monster":
                if goal != node and ai_seas.dare(
                    self.view, me, goal, max(1, dice_of(me)), self.monsters, self.style.plan
                ):
                    return by["encounter"][0]
            elif kind == "city" and self._want_city(node, goal):
                return by["encounter"][0]
        if "recruit" in by and me.crew < 6:
            want = 6 - me.crew
            if goal == node or me.crew <= self.style.short_crew + 1 or (self.style.plan and want >= 2):
                return self._recruit(want)
        if "sacrifice" in by and self._want_sacrifice():
            return by["sacrifice"][0]
        if "prophecy" in by and me.prophecy <= 4:
            return by["prophecy"][0]
        if "move" in by and goal is not None and goal != node:
            return by["move"][0]
        return self._end_turn()

    def _end_turn(self) -> Any:
        """End the turn; where ending is not offered (a Move is), a Move that will stay where it is."""
        by = self.by
        return (by.get("end_turn") or by.get("move") or self.legal)[0]

    def _recruit(self, want: int) -> Any:
        options = sorted(self.by["recruit"], key=lambda a: a.crew)
        return next((a for a in options if a.crew >= min(2, want)), options[-1])

    def _want_city(self, node: str, goal: str | None) -> bool:
        """Whether to deal with the Encounter at this City's gates (to get in, or for what it is)."""
        me = self.me
        face = (self.view["sites"].get(node) or {}).get("encounter")
        if face not in (None, HIDDEN):
            encounter = ENCOUNTERS[face]
            if encounter.kind == "monster":
                if self._barred(node):
                    return False
            elif encounter.event in ("lose_turn", "lose_crew") or (
                encounter.event == "allys_quest" and me.hero.get("ally")
            ):
                return goal == node and me.crew <= 1
            elif encounter.kind == "ally" or encounter.event in ("crew_for_hire", "fair_weather", "gain_prophecy"):
                return True
        if me.crew <= 1 and face == HIDDEN:
            return goal == node
        return goal == node or me.crew <= self.style.short_crew + 1

    def _want_sacrifice(self) -> bool:
        me = self.me
        hand = int(me.hero.get("divine_count", 0))
        if self.view["piles"].get("divine", 0) <= 0:
            return False
        if self._waiting_for_hera():
            return True  # looking for Hera, to shed Hubris
        if not self.style.plan:
            return me.crew >= 5 and hand < 2
        return me.crew >= 5 and hand < 4

    def _dare_quest(self, at: str | None = None) -> bool:
        """Whether to challenge her Quest now (standing `at` its Site: where she stands if not given)."""
        me = self.me
        if self._waiting_for_hera():
            return False
        if me.quest is None:
            return True  # not yet turned up where she stands: nothing to weigh it by
        p = quest_chance(self.view, me)
        p = max(p, self._divine_help(p))
        if p >= self.style.go_at or not self._stronger_elsewhere():
            return True
        if not self.style.plan:
            return me.crew > self.style.short_crew and p >= 0.2
        # A weak chance is still worth it when a City is far and time presses.
        node = at or me.hero.get("node")
        cities = ai_routes.nearest(node, ("city",), max(1, dice_of(me)), me.crew <= 0)
        far = cities[0][0] if cities else 99.0
        full = quest_chance(self.view, me, crew=6)
        return p >= 0.3 and full - p < 0.15 * far

    def _stronger_elsewhere(self) -> bool:
        """Whether a City (Crew) or, for a Hero who plans, an Oracle (Prophecy) could still make her stronger:
        if not, waiting gains nothing and she challenges her Quest at any chance."""
        me = self.me
        return me.crew < 6 or (self.style.plan and me.prophecy < 6)

    def _divine_help(self, p: float) -> float:
        """What her Divine counters would make of a chance `p` at her Quest."""
        hand = list(self.me.hero.get("divine") or [])
        if hand.count("aphrodite") >= 2:
            return 1.0
        help_ = p
        if "aphrodite" in hand or "athena" in hand:
            help_ = min(1.0, p + 0.2)
        return help_

    # -- moving ---------------------------------------------------------------------------------------------
    def _move(self) -> Any:
        chosen = self._divine()
        if chosen is not None:
            return chosen
        me = self.me
        move = self.view.get("move") or {}
        reachable = dict(move.get("reachable") or {})
        goal = self.goal()
        node = me.hero.get("node")
        if goal is None or node is None or not reachable:
            return self.by.get("stop", self.legal)[0]
        if node == goal:
            return self.by.get("stop", self.legal)[0]
        end = ai_routes.best_end(
            reachable, node, goal, max(1, dice_of(me)), me.crew <= 0, self.monsters, self._held_from()
        )
        if end is not None:
            for action in self.by.get("move_to", []):
                if action.node == end:
                    return action
        return self.by.get("stop", self.legal)[0]

    def _underworld(self) -> Any:
        node = self.me.hero.get("node")
        dice = max(1, dice_of(self.me))
        return min(self.by["underworld"], key=lambda a: ai_routes.travel(node, a.site, dice, self.me.crew <= 0))

    def _react(self) -> Any:
        chosen = self._divine()
        return chosen if chosen is not None else self.by.get("pass_moment", self.legal)[0]


def decide(view: dict[str, Any], seat: int, legal: list[Any], style: Style) -> Any:
    """The decision of a computer Hero of `style` for `seat` among `legal`, from its `view`."""
    return Hero(view, seat, legal, style).decide()


__all__ = ["LEVEL1", "LEVEL2", "Style", "decide", "kinds"]
