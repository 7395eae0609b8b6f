"""The scripted baseline of Born of Titans: sound simple rules, from its seat's view (real views set to each case)."""

from __future__ import annotations

import engine.born_of_titans  # noqa: F401  (registers the game)
from engine.born_of_titans.actions import (
    EndTurn,
    Keep,
    Move,
    PassMoment,
    PlayDivine,
    Recruit,
    Retreat,
    Roll,
    Sacrifice,
)
from engine.born_of_titans.baseline import choose
from engine.registry import get_game
from tests.engine.born_of_titans.helpers import first_view

GAME = get_game("born_of_titans")


def _view(found) -> dict:
    return first_view(found, level=-1, seed=2)


def test_it_passes_at_moments_unless_aphrodites_pair_wins_its_quest() -> None:
    view = _view(lambda v, s: v["phase"] == "challenge" and v["challenge"]["foe_kind"] == "quest")
    seat = view["challenge"]["seat"]
    view["phase"] = "react"
    view["moment"] = {"kind": "challenge_start", "asked": seat, "roll_owner": None}
    other = 1 - seat
    legal = [
        PassMoment(),
        PlayDivine(counter="ares", pair=True, target=other),
        PlayDivine(counter="athena", target=seat),
    ]
    assert choose(view, seat, legal) == PassMoment()
    pair = PlayDivine(counter="aphrodite", pair=True, target=seat)
    assert choose(view, seat, [*legal, pair]) == pair


def test_it_commits_all_its_prophecy_and_retreats_before_defeat() -> None:
    view = _view(lambda v, s: v["phase"] == "challenge" and v["challenge"]["attribute"] is not None)
    seat = view["challenge"]["seat"]
    rolls = [Roll(commit=k) for k in range(3)]
    view["heroes"][seat]["crew"] = 4
    assert choose(view, seat, rolls) == Roll(commit=2)
    view["heroes"][seat]["crew"] = 1  # the next miss would leave her at 0 Crew
    assert choose(view, seat, [*rolls, Retreat()]) == Retreat()
    view["heroes"][seat]["crew"] = 2
    assert choose(view, seat, [*rolls, Retreat()]) == Roll(commit=2)


def test_holding_hubris_it_recruits_then_sacrifices_for_hera() -> None:
    view = _view(lambda v, s: v["phase"] == "turn" and v["heroes"][s]["in_city"])
    seat = view["mover"]
    view["hubris"] = seat
    legal = [Move(), Recruit(crew=2), Sacrifice(), EndTurn()]
    view["heroes"][seat]["crew"] = 4
    assert choose(view, seat, legal) == Recruit(crew=2)
    view["heroes"][seat]["crew"] = 6
    assert choose(view, seat, legal) == Sacrifice()
    view["hubris"] = None
    assert choose(view, seat, [Sacrifice(), EndTurn()]) == EndTurn()
    view["phase"] = "sacrifice"
    assert choose(view, seat, [Keep(divine="ares"), Keep(divine="hera")]) == Keep(divine="hera")
