"""The computer Heroes' Divine counters: Aphrodite's pair on a hard Quest of their own, the Fates and Ares against
a leader's Challenge, Poseidon against a leader's Move (real views of a seeded game, set to each case)."""

from __future__ import annotations

from typing import Any

import engine.born_of_titans  # noqa: F401  (registers the game)
from engine.born_of_titans import board
from engine.born_of_titans.actions import PassMoment, PlayDivine
from engine.born_of_titans.ai_hero import LEVEL1, LEVEL2, decide
from engine.born_of_titans.ai_know import me_of
from engine.registry import get_game
from tests.engine.born_of_titans.helpers import first_view

GAME = get_game("born_of_titans")


def _first_view(found) -> dict:
    return first_view(found, level=2, seed=1)


def _quest_challenge() -> dict[str, Any]:
    def found(view, seat):
        ch = view["challenge"]
        return view["phase"] == "challenge" and ch["foe_kind"] == "quest" and ch["attribute"] is None

    return _first_view(found)


def _moment(view: dict[str, Any], kind: str, asked: int, owner: int | None = None) -> None:
    view["phase"] = "react"
    view["current"] = asked
    view["moment"] = {"kind": kind, "asked": asked, "roll_owner": owner}


def test_aphrodites_pair_wins_a_hard_quest_and_is_kept_for_an_easy_one() -> None:
    view = _quest_challenge()
    seat = view["challenge"]["seat"]
    _moment(view, "challenge_start", seat)
    hero = view["heroes"][seat]
    hero.update(crew=2, prophecy=0, attributes={"battle": 2, "navigation": 2, "wits": 2}, divine=["aphrodite"] * 2)
    pair = PlayDivine(counter="aphrodite", pair=True, target=seat)
    legal = [PassMoment(), pair, PlayDivine(counter="aphrodite", pair=False, target=seat)]
    assert decide(view, seat, legal, LEVEL2) == pair
    assert decide(view, seat, legal, LEVEL1) == pair
    hero.update(crew=6, prophecy=6, attributes={"battle": 12, "navigation": 12, "wits": 12})
    assert decide(view, seat, legal, LEVEL2) == PassMoment()


def test_the_fates_undo_a_leaders_winning_roll_and_ares_weakens_his_attack() -> None:
    view = _quest_challenge()
    them = view["challenge"]["seat"]
    me = 1 - them
    view["seat"] = me
    view["heroes"][them].update(quests={"1": "cretan_bull", "2": "slay_the_hydra"}, crew=3, prophecy=0)
    view["heroes"][them].pop("divine", None)
    view["heroes"][me]["divine"] = ["fates", "ares", "ares"]
    ch = view["challenge"]
    numbers = ch["numbers"]
    attribute = next(a for a in ("battle", "navigation", "wits") if numbers[a] is not None)
    ch.update(
        attribute=attribute, monster_attribute=attribute, needed=numbers[attribute], successes=numbers[attribute] - 2
    )
    ch.update(rolls=[[5, 6, 1, 2]], last_roll=[5, 6, 1, 2], pending=True)
    _moment(view, "challenge_roll", me, them)
    fates = PlayDivine(counter="fates", target=them, detail=(0, 1))
    legal = [PassMoment(), PlayDivine(counter="fates", target=them, detail=(2, 3)), fates]
    assert decide(view, me, legal, LEVEL2) == fates  # the two Successes that would win, rolled again
    # At the start of his Challenge, Ares's pair: three Crew an attack leaves him a roll.
    ch.update(attribute=None, monster_attribute=None, needed=None, successes=0, rolls=[], last_roll=[], pending=False)
    view["heroes"][them]["attributes"] = {"battle": 5, "navigation": 5, "wits": 5}
    _moment(view, "challenge_start", me, None)
    ares = PlayDivine(counter="ares", pair=True, target=them)
    assert decide(view, me, [PassMoment(), PlayDivine(counter="ares", target=them), ares], LEVEL2) == ares


def test_poseidon_takes_two_courses_from_a_leader_about_to_reach_his_quest() -> None:
    def found(view, seat):
        other = 1 - seat
        node = view["heroes"][other]["node"]
        quest = me_of(view, other).quest_node
        return view["phase"] == "turn" and node and quest and node != quest and board.distance(node, quest) >= 3

    view = _first_view(found)
    me = view["seat"]
    them = 1 - me
    quest = me_of(view, them).quest_node
    need = board.distance(view["heroes"][them]["node"], quest)
    view["mover"] = them
    view["heroes"][them]["quests"] = {"1": "cretan_bull"}
    view["heroes"][me]["divine"] = ["poseidon"]
    view["move"] = {"dice": [6] * need, "courses": need, "reachable": {}}
    _moment(view, "move_roll", me, them)
    less = PlayDivine(counter="poseidon", target=them, detail=-2)
    legal = [PassMoment(), PlayDivine(counter="poseidon", target=them, detail=2), less]
    assert decide(view, me, legal, LEVEL2) == less
    view["move"]["courses"] = need + 2  # two to spare: taking two changes nothing
    view["move"]["dice"] = [6] * (need + 2)
    assert decide(view, me, legal, LEVEL2) == PassMoment()


def test_level2_hands_hubris_to_a_leader_at_the_start_of_her_quest_challenge() -> None:
    view = _quest_challenge()
    them = view["challenge"]["seat"]
    me = 1 - them
    view["seat"] = me
    view["heroes"][them].update(quests={"1": "cretan_bull", "2": "slay_the_hydra"}, crew=6, prophecy=2)
    view["heroes"][them].pop("divine", None)
    view["heroes"][me]["divine"] = ["hera", "hera"]
    view["hubris"] = None
    _moment(view, "challenge_start", me)
    hera = PlayDivine(counter="hera", pair=True, target=them, detail=them)
    legal = [PassMoment(), PlayDivine(counter="hera", pair=True, target=me, detail=me), hera]
    assert decide(view, me, legal, LEVEL2) == hera  # Hubris forbids her completing it (ruling 20)
    assert decide(view, me, legal, LEVEL1) == PassMoment()  # level 1 plays the obvious counters only


def test_holding_hubris_in_her_own_quest_challenge_she_sheds_it_or_leaves_committing_nothing() -> None:
    from engine.born_of_titans.actions import Retreat, Roll

    view = _quest_challenge()
    seat = view["challenge"]["seat"]
    view["hubris"] = seat
    hero = view["heroes"][seat]
    hero.update(crew=6, prophecy=4, divine=["hera", "aphrodite", "aphrodite"])
    view["challenge"].update(attribute="battle", monster_attribute="battle", needed=5, rolls=[[1, 2]])
    hera = PlayDivine(counter="hera", pair=False, target=seat)
    aphrodite = PlayDivine(counter="aphrodite", pair=True, target=seat)
    rolls = [Roll(commit=k) for k in range(5)]
    for level in (LEVEL1, LEVEL2):
        assert decide(view, seat, [*rolls, Retreat(), aphrodite, hera], level) == hera
        assert decide(view, seat, [*rolls, Retreat(), aphrodite], level) == Retreat()
        assert decide(view, seat, [*rolls, aphrodite], level) == Roll(commit=0)


def test_the_fates_roll_her_own_poor_crew_die_again_and_the_others_pass() -> None:
    view = _quest_challenge()
    seat = view["challenge"]["seat"]
    view["challenge"] = None
    view["heroes"][seat].update(crew=1, divine=["fates", "muses"])
    _moment(view, "crew_for_hire", seat, seat)
    view["moment"]["dice"] = [1]
    fates = PlayDivine(counter="fates", target=seat, detail=(0,))
    muses = PlayDivine(counter="muses", target=seat, detail=0)
    legal = [PassMoment(), fates, muses]
    assert decide(view, seat, legal, LEVEL1) == fates
    view["moment"]["dice"] = [3]
    assert decide(view, seat, legal, LEVEL2) == muses and decide(view, seat, legal, LEVEL1) == PassMoment()
    view["moment"]["dice"] = [5]
    assert decide(view, seat, legal, LEVEL2) == PassMoment()  # 1 + 5 fills her six


def test_poseidon_adds_two_courses_to_her_own_move_roll_at_her_moves_decision() -> None:
    """Rules version 2: her own Move roll's moment does not ask her; she plays on it at her Move's decision."""
    from engine.born_of_titans.actions import MoveTo, Stop
    from engine.born_of_titans.ai_hero import Hero

    def found(view, seat):
        node, quest = view["heroes"][seat]["node"], me_of(view, seat).quest_node
        return view["phase"] == "turn" and node and quest and node != quest and board.distance(node, quest) >= 3

    view = _first_view(found)
    me = view["seat"]
    view["mover"], view["current"], view["phase"], view["moment"] = me, me, "move", None
    view["heroes"][me]["divine"] = ["poseidon"]
    need = Hero(view, me, [Stop()], LEVEL2)._courses_wanted(me)
    assert need is not None and need >= 2
    view["move"] = {"dice": [6] * (need - 2) + [1, 1], "courses": need - 2, "reachable": {}}
    more = PlayDivine(counter="poseidon", target=me, detail=2)
    legal = [
        MoveTo(node=str(view["heroes"][me]["node"])),
        Stop(),
        more,
        PlayDivine(counter="poseidon", target=me, detail=-2),
    ]
    assert decide(view, me, legal, LEVEL2) == more
