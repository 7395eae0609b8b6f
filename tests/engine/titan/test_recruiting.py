"""Mustering: what each terrain's chain and the Tower give a legion, and which recruiters it shows.

The chains are written out here from the Mastercharts (rules-summary 12, recruits.json) and every expected
muster was worked out by hand from them: like or down shows the lowest held creature that will do, up
shows the chain's number of the creature just below, a Tower's basics show nothing.
"""

from __future__ import annotations

import json

import pytest

from engine.titan import data
from engine.titan.recruiting import (
    Muster,
    can_muster,
    musters,
    recruiter_sets,
    recruits_of,
    reinforcements,
)

FULL = {name: 10 for name in data.CREATURE_NAMES}  # a stock with plenty of everything


def shown(*pairs: tuple[str, tuple[str, ...]]) -> list[Muster]:
    return [Muster(recruit, recruiters) for recruit, recruiters in pairs]


RECRUITS_PER_TERRAIN = [
    ("Brush", ("Gargoyle", "Cyclops", "Gorgon")),
    ("Desert", ("Lion", "Griffon", "Hydra")),
    ("Hills", ("Ogre", "Minotaur", "Unicorn")),
    ("Jungle", ("Gargoyle", "Cyclops", "Behemoth", "Serpent")),
    ("Marsh", ("Ogre", "Troll", "Ranger")),
    ("Mountains", ("Lion", "Minotaur", "Dragon", "Colossus")),
    ("Plains", ("Centaur", "Lion", "Ranger")),
    ("Swamp", ("Troll", "Wyvern", "Hydra")),
    ("Tundra", ("Troll", "Warbear", "Giant", "Colossus")),
    ("Woods", ("Centaur", "Warbear", "Unicorn")),
    ("Tower", ("Centaur", "Gargoyle", "Ogre", "Warlock", "Guardian")),
]


@pytest.mark.parametrize(("terrain", "recruits"), RECRUITS_PER_TERRAIN)
def test_what_each_terrain_can_give(terrain, recruits):
    assert recruits_of(terrain) == recruits


G, L, M, D, C = "Gargoyle", "Lion", "Minotaur", "Dragon", "Colossus"

CHAIN_CASES = [
    # (terrain, legion, expected musters in chain order)
    # Brush: Gargoyle, 2 Gargoyles -> Cyclops, 2 Cyclopes -> Gorgon
    ("Brush", [G], [(G, (G,))]),
    ("Brush", [G, G], [(G, (G,)), ("Cyclops", (G, G))]),
    ("Brush", ["Cyclops"], [(G, ("Cyclops",)), ("Cyclops", ("Cyclops",))]),
    (
        "Brush",
        ["Cyclops", "Cyclops"],
        [(G, ("Cyclops",)), ("Cyclops", ("Cyclops",)), ("Gorgon", ("Cyclops", "Cyclops"))],
    ),
    ("Brush", ["Gorgon"], [(G, ("Gorgon",)), ("Cyclops", ("Gorgon",)), ("Gorgon", ("Gorgon",))]),
    # Desert: Lion, 3 Lions -> Griffon, 2 Griffons -> Hydra
    ("Desert", [L, L], [(L, (L,))]),
    ("Desert", [L, L, L], [(L, (L,)), ("Griffon", (L, L, L))]),
    (
        "Desert",
        ["Griffon", "Griffon"],
        [(L, ("Griffon",)), ("Griffon", ("Griffon",)), ("Hydra", ("Griffon", "Griffon"))],
    ),
    ("Desert", ["Hydra"], [(L, ("Hydra",)), ("Griffon", ("Hydra",)), ("Hydra", ("Hydra",))]),
    # Hills: Ogre, 3 Ogres -> Minotaur, 2 Minotaurs -> Unicorn
    ("Hills", ["Ogre", "Ogre"], [("Ogre", ("Ogre",))]),
    ("Hills", ["Ogre", "Ogre", "Ogre"], [("Ogre", ("Ogre",)), (M, ("Ogre", "Ogre", "Ogre"))]),
    ("Hills", [M, M], [("Ogre", (M,)), (M, (M,)), ("Unicorn", (M, M))]),
    ("Hills", ["Unicorn"], [("Ogre", ("Unicorn",)), (M, ("Unicorn",)), ("Unicorn", ("Unicorn",))]),
    # Jungle: Gargoyle, 2 Gargoyles -> Cyclops, 3 Cyclopes -> Behemoth, 2 Behemoths -> Serpent
    ("Jungle", [G, G], [(G, (G,)), ("Cyclops", (G, G))]),
    ("Jungle", ["Cyclops", "Cyclops"], [(G, ("Cyclops",)), ("Cyclops", ("Cyclops",))]),
    (
        "Jungle",
        ["Cyclops", "Cyclops", "Cyclops"],
        [(G, ("Cyclops",)), ("Cyclops", ("Cyclops",)), ("Behemoth", ("Cyclops", "Cyclops", "Cyclops"))],
    ),
    (
        "Jungle",
        ["Behemoth", "Behemoth"],
        [(G, ("Behemoth",)), ("Cyclops", ("Behemoth",)), ("Behemoth", ("Behemoth",)), ("Serpent", ("Behemoth",) * 2)],
    ),
    (
        "Jungle",
        ["Serpent"],
        [(G, ("Serpent",)), ("Cyclops", ("Serpent",)), ("Behemoth", ("Serpent",)), ("Serpent", ("Serpent",))],
    ),
    # Marsh: Ogre, 2 Ogres -> Troll, 2 Trolls -> Ranger
    ("Marsh", ["Ogre", "Ogre"], [("Ogre", ("Ogre",)), ("Troll", ("Ogre", "Ogre"))]),
    ("Marsh", ["Troll", "Troll"], [("Ogre", ("Troll",)), ("Troll", ("Troll",)), ("Ranger", ("Troll", "Troll"))]),
    ("Marsh", ["Ranger"], [("Ogre", ("Ranger",)), ("Troll", ("Ranger",)), ("Ranger", ("Ranger",))]),
    # Mountains: Lion, 2 Lions -> Minotaur, 2 Minotaurs -> Dragon, 2 Dragons -> Colossus
    ("Mountains", [M, M], [(L, (M,)), (M, (M,)), (D, (M, M))]),
    ("Mountains", [D, D], [(L, (D,)), (M, (D,)), (D, (D,)), (C, (D, D))]),
    ("Mountains", [D, C], [(L, (D,)), (M, (D,)), (D, (D,)), (C, (C,))]),  # the lowest that will do is shown
    # Plains: Centaur, 2 Centaurs -> Lion, 2 Lions -> Ranger
    ("Plains", ["Centaur", "Centaur"], [("Centaur", ("Centaur",)), (L, ("Centaur", "Centaur"))]),
    ("Plains", [L, L], [("Centaur", (L,)), (L, (L,)), ("Ranger", (L, L))]),
    ("Plains", ["Ranger"], [("Centaur", ("Ranger",)), (L, ("Ranger",)), ("Ranger", ("Ranger",))]),
    # Swamp: Troll, 3 Trolls -> Wyvern, 2 Wyverns -> Hydra
    ("Swamp", ["Troll", "Troll"], [("Troll", ("Troll",))]),
    ("Swamp", ["Troll"] * 3, [("Troll", ("Troll",)), ("Wyvern", ("Troll",) * 3)]),
    ("Swamp", ["Wyvern", "Wyvern"], [("Troll", ("Wyvern",)), ("Wyvern", ("Wyvern",)), ("Hydra", ("Wyvern", "Wyvern"))]),
    # Tundra: Troll, 2 Trolls -> Warbear, 2 Warbears -> Giant, 2 Giants -> Colossus
    ("Tundra", ["Troll", "Troll"], [("Troll", ("Troll",)), ("Warbear", ("Troll", "Troll"))]),
    (
        "Tundra",
        ["Warbear", "Warbear"],
        [("Troll", ("Warbear",)), ("Warbear", ("Warbear",)), ("Giant", ("Warbear",) * 2)],
    ),
    (
        "Tundra",
        ["Giant", "Giant"],
        [("Troll", ("Giant",)), ("Warbear", ("Giant",)), ("Giant", ("Giant",)), (C, ("Giant",) * 2)],
    ),
    ("Tundra", [C], [("Troll", (C,)), ("Warbear", (C,)), ("Giant", (C,)), (C, (C,))]),
    # Woods: Centaur, 3 Centaurs -> Warbear, 2 Warbears -> Unicorn
    ("Woods", ["Centaur", "Centaur"], [("Centaur", ("Centaur",))]),
    ("Woods", ["Centaur"] * 3, [("Centaur", ("Centaur",)), ("Warbear", ("Centaur",) * 3)]),
    (
        "Woods",
        ["Warbear", "Warbear"],
        [("Centaur", ("Warbear",)), ("Warbear", ("Warbear",)), ("Unicorn", ("Warbear",) * 2)],
    ),
    ("Woods", ["Unicorn"], [("Centaur", ("Unicorn",)), ("Warbear", ("Unicorn",)), ("Unicorn", ("Unicorn",))]),
]


@pytest.mark.parametrize(("terrain", "legion", "expected"), CHAIN_CASES)
def test_mustering_like_down_and_up_each_chain(terrain, legion, expected):
    assert musters(terrain, legion, FULL) == shown(*expected)


def test_the_rulebook_example_in_the_mountains():
    # Two Lions give a Minotaur (and a Lion), never a Dragon.
    assert musters("Mountains", [L, L], FULL) == shown((L, (L,)), (M, (L, L)))
    assert recruiter_sets("Mountains", [L, L], D) == []
    # A Colossus gives any of the four.
    assert musters("Mountains", [C], FULL) == shown((L, (C,)), (M, (C,)), (D, (C,)), (C, (C,)))


OTHER_CHAINS = [
    # creatures of other chains never help, even where the same name tops two chains
    ("Brush", [L, L, "Ranger"]),
    ("Mountains", ["Behemoth", "Serpent", "Ogre", "Ogre", "Ogre"]),
    ("Marsh", [L, L]),  # two Lions give a Ranger in the Plains, not in the Marsh
    ("Plains", ["Troll", "Troll"]),  # two Trolls give a Ranger in the Marsh, not in the Plains
    ("Desert", ["Wyvern", "Wyvern"]),  # two Wyverns give a Hydra in the Swamp, not in the Desert
    ("Swamp", ["Griffon", "Griffon"]),
    ("Woods", [M, M]),  # two Minotaurs give a Unicorn in the Hills only
    ("Hills", ["Centaur", "Centaur", "Centaur"]),
    ("Tundra", [D, D]),  # two Dragons give a Colossus in the Mountains only
    ("Jungle", ["Ogre", "Ogre", "Ogre"]),
]


@pytest.mark.parametrize(("terrain", "legion"), OTHER_CHAINS)
def test_creatures_of_other_chains_do_not_help(terrain, legion):
    assert musters(terrain, legion, FULL) == []
    assert not can_muster(terrain, legion, FULL)


def test_every_sufficient_set_is_listed_least_revealing_first():
    legion = [L, L, M, C]
    assert recruiter_sets("Mountains", legion, L) == [(L,), (M,), (C,)]
    assert recruiter_sets("Mountains", legion, M) == [(M,), (C,), (L, L)]
    assert recruiter_sets("Mountains", legion, D) == [(C,)]  # one Minotaur is not two
    assert recruiter_sets("Mountains", legion, C) == [(C,)]
    assert recruiter_sets("Mountains", legion, "Ogre") == []  # not of this terrain


def test_an_empty_stock_takes_a_choice_away():
    stock = dict(FULL, Minotaur=0)
    assert musters("Mountains", [L, L], stock) == shown((L, (L,)))
    assert musters("Mountains", [L, L], {"Minotaur": 1}) == shown((M, (L, L)))  # a missing name: none left
    assert musters("Mountains", [L, L], {}) == []
    assert not can_muster("Mountains", [L, L], {})


def test_lords_and_demilords_recruit_nothing_outside_a_tower():
    for terrain in data.CHAINS:
        assert musters(terrain, ["Titan", "Angel", "Archangel", "Guardian", "Warlock"], FULL) == []


# -- the Tower ---------------------------------------------------------------------------------------------

BASICS = [("Centaur", ()), ("Gargoyle", ()), ("Ogre", ())]

TOWER_CASES = [
    # basics with no recruiter, whatever the legion holds
    (["Angel", "Centaur"], []),
    ([L, L], []),  # no Lion or Minotaur in a Tower
    (["Ogre", "Ogre", "Centaur", "Centaur"], []),  # no three alike
    # a Warlock from the Titan or a Warlock, the Warlock shown first so the Titan stays hidden
    (["Titan", "Angel"], [("Warlock", ("Titan",))]),
    (["Warlock"], [("Warlock", ("Warlock",))]),
    (["Titan", "Warlock"], [("Warlock", ("Warlock",))]),
    # a Guardian from three identical creatures or a Guardian
    (["Ogre", "Ogre", "Ogre"], [("Guardian", ("Ogre", "Ogre", "Ogre"))]),
    (["Guardian"], [("Guardian", ("Guardian",))]),
    (["Guardian", G, G, G], [("Guardian", ("Guardian",))]),
    ([C, C, C, L, L, L], [("Guardian", (C, C, C))]),
    # three identical lords or demi-lords do not count
    (["Angel", "Angel", "Angel"], []),
    (["Warlock", "Warlock", "Warlock"], [("Warlock", ("Warlock",))]),
    (
        ["Titan", "Angel", "Angel", "Angel", "Ogre", "Ogre", "Ogre"],
        [("Warlock", ("Titan",)), ("Guardian", ("Ogre",) * 3)],
    ),
]


@pytest.mark.parametrize(("legion", "special"), TOWER_CASES)
def test_mustering_in_a_tower(legion, special):
    assert musters("Tower", legion, FULL) == shown(*BASICS, *special)


def test_every_sufficient_set_in_a_tower():
    assert recruiter_sets("Tower", ["Titan", "Warlock"], "Warlock") == [("Warlock",), ("Titan",)]
    assert recruiter_sets("Tower", ["Guardian", C, C, C, L, L, L], "Guardian") == [("Guardian",), (C, C, C), (L, L, L)]
    assert recruiter_sets("Tower", [], "Ogre") == [()]
    assert recruiter_sets("Tower", ["Titan"], L) == []


def test_an_empty_stock_in_a_tower():
    stock = dict(FULL, Warlock=0, Ogre=0)
    assert musters("Tower", ["Titan"], stock) == shown(("Centaur", ()), ("Gargoyle", ()))


def test_guardians_and_warlocks_nowhere_but_a_tower():
    for terrain in data.CHAINS:
        assert "Guardian" not in recruits_of(terrain) and "Warlock" not in recruits_of(terrain)
        assert recruiter_sets(terrain, ["Titan", "Warlock", "Guardian", "Ogre", "Ogre", "Ogre"], "Guardian") == []
        assert recruiter_sets(terrain, ["Titan", "Warlock"], "Warlock") == []


def test_the_reference_states_the_tower_rules_implemented_here():
    tower = json.loads((data.REFERENCE / "recruits.json").read_text(encoding="utf-8"))["terrains"]["Tower"]
    assert tower["basic"] == ["Centaur", "Gargoyle", "Ogre"]
    assert {rule["creature"]: rule["needs_any_of"] for rule in tower["special"]} == {
        "Guardian": [{"same_creature_count": 3, "of_class": "creature"}, {"creature": "Guardian", "count": 1}],
        "Warlock": [{"creature": "Titan", "count": 1}, {"creature": "Warlock", "count": 1}],
    }


# -- the defender's reinforcement, and the input ----------------------------------------------------------------


def test_a_reinforcement_follows_the_muster_rules_with_the_living_characters():
    living = [L, L, L]  # a Desert defender whose Hydra was slain
    assert reinforcements("Desert", living, FULL) == shown((L, (L,)), ("Griffon", (L, L, L)))
    assert reinforcements("Tower", ["Titan"], {"Warlock": 1}) == shown(("Warlock", ("Titan",)))


def test_a_legion_may_be_given_as_counts():
    assert musters("Mountains", {L: 2}, FULL) == musters("Mountains", [L, L], FULL)


def test_unknown_names_are_refused():
    with pytest.raises(ValueError, match="no terrain called 'Ocean'"):
        musters("Ocean", [L], FULL)
    with pytest.raises(ValueError, match="no character called 'Dwarf'"):
        musters("Mountains", ["Dwarf"], FULL)
