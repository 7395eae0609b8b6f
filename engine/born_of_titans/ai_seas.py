"""The Sea Monster Sites as a planning Hero weighs them: her odds against what may be there, what a defeat
would cost her, and whether to challenge the one she stands before.

A level-1 Hero goes round every Sea Monster Site (ai_routes' fixed toll); a level-2 one goes through where her
chance is good and the way through much shorter, so routes through a Sea Monster are taken when they pay.
"""

from __future__ import annotations

from typing import Any

from engine.born_of_titans import ai_routes, odds
from engine.born_of_titans.ai_know import HIDDEN, Me, chance_against, numbers_of, sea_monster_pools
from engine.born_of_titans.data import ATTRIBUTES

CREW_ACTIONS = 0.5  # what a Crew lost costs her in actions (recruiting takes an action for one or two)
DEFEAT_ACTIONS = 2.0  # on top of the Crew: a defeat leaves her with none, and a City is out of her way
KEPT_ACTIONS = 1.5  # what her Gear, or her Ally, is worth in actions (a defeat loses both)


def fight(me: Me, monster: str) -> tuple[float, float]:
    """Her chance against one Sea Monster (her best attribute, no Prophecy committed) and the fight's expected
    price in actions: the Crew it kills, and on a defeat her Gear and Ally and the way to a City."""
    totals, numbers = me.totals, numbers_of(monster, "sea_monster")
    best: tuple[float, float] = (0.0, 0.0)
    for attribute in ATTRIBUTES:
        needed = numbers[attribute]
        if needed is None:
            continue
        dice = totals[attribute]
        chance = odds.win_chance(dice, needed, me.crew)
        if chance >= best[0]:
            best = (chance, odds.expected_crew_lost(dice, needed, me.crew))
    chance, crew_lost = best
    kept = bool(me.hero.get("gear")) + bool(me.hero.get("ally"))
    defeat = (DEFEAT_ACTIONS if me.crew > 0 else 0.0) + KEPT_ACTIONS * kept
    return chance, CREW_ACTIONS * crew_lost + (1.0 - chance) * defeat


def monsters(view: dict[str, Any], me: Me) -> ai_routes.Monsters:
    """Each Sea Monster Site with her chance there and the fight's price, averaged over what it may hold
    (rounded, so the routes are remembered)."""
    found = []
    for site, pool in sorted(sea_monster_pools(view).items()):
        fights = [fight(me, monster) for monster in pool]
        chance = sum(f[0] for f in fights) / len(fights)
        price = sum(f[1] for f in fights) / len(fights)
        found.append((site, round(chance, 2), round(price, 1)))
    return tuple(found)


def dare(view: dict[str, Any], me: Me, goal: str | None, dice: int, odds_at: ai_routes.Monsters, plan: bool) -> bool:
    """Whether to challenge the Sea Monster she stands before, on her way to `goal`. A Hero who plans does when
    challenging it is expected to get her there sooner than going back round; else on a fair chance against
    the face-up monster, or with a fair Crew against a face-down one."""
    hero = me.hero
    node, came_from = hero.get("node"), hero.get("came_from")
    mine = next((m for m in odds_at if m[0] == node), None)
    if plan and goal is not None and came_from is not None and mine is not None:
        crewless = me.crew <= 0
        challenge = ai_routes.through(node, came_from, goal, dice, crewless, mine[1], mine[2])
        return challenge < ai_routes.back_round(node, came_from, goal, dice, crewless)
    face = (view["sites"].get(node) or {}).get("sea_monster")
    if face in (None, HIDDEN):
        return me.crew >= 3
    return chance_against(me.totals, numbers_of(face, "sea_monster"), me.crew, 0) >= 0.5
