"""The Demigod and the Sea Monster Sites: through one when her odds are good and it is the shorter way, round
when they are poor; her odds read only from what her seat has seen."""

from __future__ import annotations

import copy

from engine.born_of_titans import ai_routes, ai_seas, board
from engine.born_of_titans.ai_hero import LEVEL1, LEVEL2, Hero, decide
from engine.born_of_titans.ai_know import HIDDEN, me_of, sea_monster_pools
from engine.born_of_titans.data import SEA_MONSTERS
from tests.engine.born_of_titans.helpers import on_quest_view

# At the Bosporus from the Black Sea's west Point, Avernus lies through the strait: 2 Courses through, 5 round.
SITE, BLACK_SEA, BEYOND, GOAL = "bosporus", "p_euxine_w", "p_propontis", "avernus"
GOOD = ((SITE, 1.0, 0.4),)  # a full Crew against any of them: she wins, losing a Crew or so
POOR = ((SITE, 0.1, 3.5),)  # one Crew left: she is all but sure to be Defeated


def test_the_way_through_is_the_shorter_one_here() -> None:
    assert set(board.NEIGHBOURS[SITE]) == {BLACK_SEA, BEYOND}
    assert ai_routes.route(SITE, GOAL, False)[1] == BEYOND
    assert ai_routes.route(BLACK_SEA, GOAL, False)[1] != SITE  # the fixed toll sends every route round


def test_with_good_odds_a_move_ends_at_the_sea_monster_and_with_poor_odds_goes_round() -> None:
    """A Move of one Course from the Black Sea: into the Bosporus when she will get past it, else along the coast
    (the fixed toll alone took her into the strait whatever her odds)."""
    reachable = board.reachable(BLACK_SEA, 1, False)
    assert SITE in reachable
    assert ai_routes.best_end(reachable, BLACK_SEA, GOAL, 6, False, GOOD) == SITE
    poor = ai_routes.best_end(reachable, BLACK_SEA, GOAL, 6, False, POOR)
    assert poor not in (SITE, None)


def test_held_at_the_site_she_weighs_challenging_against_going_back_round() -> None:
    good = ai_routes.travel_from(SITE, GOAL, 6, False, BLACK_SEA, GOOD)
    poor = ai_routes.travel_from(SITE, GOAL, 6, False, BLACK_SEA, POOR)
    back = ai_routes.back_round(SITE, BLACK_SEA, GOAL, 6, False)
    assert good < back - 1.0  # much shorter through
    assert poor == back
    # Going on to where she came from, challenging it gains nothing.
    assert ai_routes.through(SITE, BEYOND, GOAL, 6, False, 1.0, 0.0) == float("inf")


def _at_the_bosporus(crew: int, face: str, attributes: dict[str, int], quest_at: str = GOAL) -> tuple[dict, int, list]:
    view, seat, legal = on_quest_view()
    view = copy.deepcopy(view)
    hero = view["heroes"][seat]
    hero.update(node=SITE, came_from=BLACK_SEA, passage=False, crew=crew, gear=None, ally=None, divine=[])
    hero["attributes"] = dict(attributes)
    for site in view["sites"].values():
        site["quests"] = [q for q in site.get("quests", []) if q["owner"] != seat]
    view["sites"].setdefault(quest_at, {"encounter": None, "sea_monster": None, "quests": []})["quests"].append(
        {"owner": seat, "quest": "slay_the_hydra", "revealed": True, "origin": 1}
    )
    view["sites"].setdefault(SITE, {"encounter": None, "sea_monster": None, "quests": []})["sea_monster"] = face
    return view, seat, legal


def _dares(view: dict, seat: int, legal: list, style, goal: str) -> bool:
    """Whether the Hero of `style` challenges the Sea Monster she stands before, on her way to `goal`."""
    hero = Hero(view, seat, legal, style)
    return ai_seas.dare(view, hero.me, goal, hero.me.totals["navigation"], hero.monsters, style.plan)


HERACLES = {"battle": 8, "navigation": 6, "wits": 4}  # with a Crew counter's +1 each


def test_a_demigod_before_the_sirens_weighs_her_odds_and_what_she_would_lose() -> None:
    """Heracles (Wits 3) before the face-up Sirens (Wits 5 only): with six Crew they cost her about a Crew and she
    gets past; with three she still wins four times in five, but holding Gear and an Ally (a defeat loses both)
    the way round is cheaper; with two she would lose. The fixed rule (a chance of one half) challenged with three."""
    view, seat, legal = _at_the_bosporus(6, "sirens", HERACLES)
    assert me_of(view, seat).quest_node == GOAL
    assert _dares(view, seat, legal, LEVEL2, GOAL)
    view["heroes"][seat]["prophecy"] = 6  # nothing to fetch on the way: she heads for her Quest, and challenges
    assert Hero(view, seat, legal, LEVEL2).goal() == GOAL
    assert decide(view, seat, legal, LEVEL2).kind == "encounter"
    view, seat, legal = _at_the_bosporus(3, "sirens", HERACLES)
    assert _dares(view, seat, legal, LEVEL2, GOAL)
    view["heroes"][seat].update(gear="bow_of_heracles", ally="peleus")
    assert not _dares(view, seat, legal, LEVEL2, GOAL)
    assert _dares(view, seat, legal, LEVEL1, GOAL)  # level 1 keeps its rule of thumb
    view, seat, legal = _at_the_bosporus(2, "sirens", HERACLES)
    assert not _dares(view, seat, legal, LEVEL2, GOAL)


def test_a_demigod_does_not_challenge_a_sea_monster_whose_far_side_is_not_on_her_way() -> None:
    """Her goal lies back the way she came: getting past gains nothing (the fixed rule challenged a face-down
    monster with three Crew or more)."""
    view, seat, legal = _at_the_bosporus(6, HIDDEN, HERACLES)
    behind = "sinope"
    assert ai_routes.route(SITE, behind, False)[1] == BLACK_SEA
    assert not _dares(view, seat, legal, LEVEL2, behind)
    assert _dares(view, seat, legal, LEVEL2, GOAL)
    assert _dares(view, seat, legal, LEVEL1, behind)
    # Her Quest there, full of Crew and Prophecy: she moves back out of the strait.
    view, seat, legal = _at_the_bosporus(6, HIDDEN, HERACLES, quest_at=behind)
    view["heroes"][seat]["prophecy"] = 6
    assert Hero(view, seat, legal, LEVEL2).goal() == behind
    assert decide(view, seat, legal, LEVEL2).kind == "move"


def test_the_odds_at_a_face_down_site_average_the_sea_monsters_not_seen_elsewhere() -> None:
    view, seat, _legal = _at_the_bosporus(6, HIDDEN, HERACLES)
    others = [site for site in board.SEA_MONSTER_SITES if site != SITE]
    for site in others:
        view["sites"].setdefault(site, {"encounter": None, "sea_monster": None, "quests": []})["sea_monster"] = HIDDEN
    assert set(sea_monster_pools(view)[SITE]) == set(SEA_MONSTERS)
    view["sites"][others[0]]["sea_monster"] = "sirens"
    pools = sea_monster_pools(view)
    assert set(pools[SITE]) == set(SEA_MONSTERS) - {"sirens"} and pools[others[0]] == ("sirens",)
    me = me_of(view, seat)
    odds = dict((site, (chance, price)) for site, chance, price in ai_seas.monsters(view, me))
    fights = [ai_seas.fight(me, monster) for monster in pools[SITE]]
    assert odds[SITE][0] == round(sum(f[0] for f in fights) / 3, 2)
    # Heracles fears only the Sirens' song: with them seen elsewhere, the Bosporus costs her less.
    assert odds[SITE][1] < odds[others[0]][1]
