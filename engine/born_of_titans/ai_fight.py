"""The computer Hero in a Challenge (attribute, Prophecy, retreat, Lion Skin) and at her offers (Ally, Divine
counter kept, Cities restocked): the part of `ai_hero.Hero` that fights and chooses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.born_of_titans import ai_routes, odds
from engine.born_of_titans.ai_know import Me, foe_numbers
from engine.born_of_titans.data import ALLIES, ATTRIBUTES, DIVINE, ENCOUNTERS


class Fighter:
    """Decisions inside a Challenge and at offers; mixed into `ai_hero.Hero` (which sets view, seat, by, me,
    style, legal and `_divine`)."""

    view: dict[str, Any]
    seat: int
    legal: list[Any]
    by: dict[str, list[Any]]
    me: Me
    style: Any
    _divine: Callable[[], Any | None]  # the Divine counter to play now, if any (Hero's method)

    # -- Challenges -----------------------------------------------------------------------------------------
    def _challenge(self) -> Any:
        by, me = self.by, self.me
        chosen = self._divine()
        if chosen is not None:
            return chosen
        ch = self.view["challenge"]
        quest = ch["foe_kind"] == "quest"
        if "choose_match" in by:
            totals = me.totals
            return max(
                by["choose_match"],
                key=lambda a: odds.win_chance(
                    totals[a.hero_attribute] + me.prophecy, ch["numbers"][a.monster_attribute] or 99, me.crew
                ),
            )
        if "choose_attribute" in by:
            bonus = me.prophecy + ch.get("athena_dice", 0)
            return max(
                by["choose_attribute"],
                key=lambda a: odds.win_chance(
                    me.totals[a.attribute] + bonus, ch["numbers"][a.attribute] or 99, me.crew, ch.get("kills", 1)
                ),
            )
        if quest and self.view.get("hubris") == self.seat:
            # Ruling 20: holding Hubris she cannot complete it; away at the first chance, nothing committed.
            if "retreat" in by:
                return by["retreat"][0]
            return min(by.get("roll") or self.legal, key=lambda a: getattr(a, "commit", 0))
        left = ch["needed"] - ch["successes"]
        dice = self._challenge_dice(ch)
        kills = ch.get("kills", 1)
        if "lion_skin" in by and me.crew <= kills and (quest or kills > 1) and ch.get("rolls"):
            return by["lion_skin"][0]
        if "dragons_teeth" in by and me.crew <= 2 and ch.get("rolls"):
            return by["dragons_teeth"][0]
        if "retreat" in by and self._retreat(ch, dice, left, kills, quest):
            return by["retreat"][0]
        return self._roll(ch, dice, left, kills, quest)

    def _challenge_dice(self, ch: dict[str, Any]) -> int:
        attribute = ch.get("attribute") or "battle"
        return int(self.me.totals[attribute]) + ch.get("committed", 0) + ch.get("athena_dice", 0)

    def _retreat(self, ch: dict[str, Any], dice: int, left: int, kills: int, quest: bool) -> bool:
        me = self.me
        crew = me.crew if not ch.get("lion_skin") else 99
        p = odds.win_chance(dice + me.prophecy, left, crew, kills if not ch.get("lion_skin") else 1)
        if not self.style.plan:
            return crew <= kills and p < 0.5
        stake = 10.0 if quest else 2.5
        loss_on_defeat = 1.5 + (2.0 if me.hero.get("gear") else 0.0) + (1.5 if me.hero.get("ally") else 0.0)
        lost = odds.expected_crew_lost(dice + me.prophecy, left, crew, kills)
        go_on = p * stake - (1 - p) * loss_on_defeat - 0.4 * lost
        return go_on < 0.15 * stake * (0.5 if quest else 1.0)

    def _roll(self, ch: dict[str, Any], dice: int, left: int, kills: int, quest: bool) -> Any:
        me = self.me
        rolls = sorted(self.by.get("roll", []), key=lambda a: a.commit)
        if not rolls:
            return self.legal[0]
        most = rolls[-1].commit
        if self.style.plan:
            point = self.style.prophecy_point if quest else 0.05
            if quest and me.done == 2:
                point = 0.0
            crew = me.crew if not ch.get("lion_skin") else 99
            want = odds.prophecy_to_commit(dice, left, crew, kills, most, point)
        else:
            want = most if quest or (me.crew <= 2) else 0
        return next((a for a in rolls if a.commit >= want), rolls[-1])

    # -- offers ---------------------------------------------------------------------------------------------
    def _ally(self) -> Any:
        offer = (self.view.get("offer") or {}).get("ally")
        current = self.me.hero.get("ally")
        if offer is None or "take_ally" not in self.by:
            return self.legal[0]
        if current is None:
            return self.by["take_ally"][0]
        return self.by["take_ally" if self._ally_worth(offer) > self._ally_worth(current) else "refuse_ally"][0]

    def _ally_worth(self, key: str) -> float:
        ally = ALLIES.get(key) or ENCOUNTERS[key].ally
        numbers = foe_numbers(self.view, self.me)
        worth = 0.6 * ally.navigation
        for attribute in ATTRIBUTES:
            usable = sum(1 for n in numbers if n.get(attribute) is not None) / len(numbers)
            worth += usable * getattr(ally, attribute)
        return worth

    def _sacrifice(self) -> Any:
        hand = list(self.me.hero.get("divine") or [])

        def worth(action: Any) -> float:
            key = action.divine
            base = DIVINE_WORTH.get(key, 1.0)
            if DIVINE[key].family == "god" and key in hand:
                base += 2.0  # a pair
            if key == "hera" and self.view.get("hubris") == self.seat:
                base += 3.0
            return base

        return max(self.by["keep"], key=worth)

    def _restock(self) -> Any:
        me = self.me
        node = me.hero.get("node")
        for action in self.by["restock"]:
            near = (
                node is not None
                and ai_routes.travel(node, action.city, max(1, int(me.totals["navigation"])), False) <= 2.0
            )
            if self.style.plan and action.place == (not near):
                return action
            if not self.style.plan and action.place:
                return action
        return self.legal[0]


DIVINE_WORTH = {
    "aphrodite": 4.0,
    "athena": 3.0,
    "ares": 2.5,
    "fates": 2.5,
    "furies": 2.0,
    "poseidon": 2.0,
    "apollo": 1.5,
    "muses": 1.2,
    "hera": 1.0,
}
