"""Splitting [4.3]: the parts a legion may be split into, and the first turn's 4 + 4."""

from __future__ import annotations

import pytest

from engine.titan.data import STARTING_LEGION
from engine.titan.splits import remainder, split_options, sub_multisets


def test_the_first_turn_splits_the_eight_into_two_fours_with_a_lord_each():
    options = split_options(STARTING_LEGION, first_turn=True)
    # the Angel leaves with three of Centaur, Centaur, Gargoyle, Gargoyle, Ogre, Ogre: 6 ways with a pair, 1 without
    assert options == [
        ("Angel", "Centaur", "Centaur", "Gargoyle"),
        ("Angel", "Centaur", "Centaur", "Ogre"),
        ("Angel", "Centaur", "Gargoyle", "Gargoyle"),
        ("Angel", "Centaur", "Gargoyle", "Ogre"),
        ("Angel", "Centaur", "Ogre", "Ogre"),
        ("Angel", "Gargoyle", "Gargoyle", "Ogre"),
        ("Angel", "Gargoyle", "Ogre", "Ogre"),
    ]
    for part in options:
        assert "Titan" in remainder(STARTING_LEGION, part) and len(remainder(STARTING_LEGION, part)) == 4


@pytest.mark.parametrize(
    ("contents", "expected"),
    [
        (["Ogre", "Troll", "Troll"], []),  # 3 cannot split: each part needs 2
        (["Ogre", "Ogre", "Troll", "Troll"], [("Ogre", "Ogre"), ("Ogre", "Troll")]),  # OO|TT once, OT|OT once
        (["Lion", "Ogre", "Titan", "Troll"], [("Lion", "Ogre"), ("Lion", "Titan"), ("Lion", "Troll")]),
        (
            ["Lion", "Lion", "Lion", "Ogre", "Ogre"],
            [("Lion", "Lion"), ("Lion", "Ogre"), ("Ogre", "Ogre"), ("Lion", "Lion", "Lion"), ("Lion", "Lion", "Ogre"),
             ("Lion", "Ogre", "Ogre")],
        ),
    ],
)  # fmt: skip
def test_later_splits_leave_at_least_two_on_each_side_and_list_each_split_once(contents, expected):
    assert split_options(contents) == expected


def test_seven_distinct_characters_split_in_every_way_once():
    contents = ["A", "B", "C", "D", "E", "F", "G"]
    # 2 to 5 of 7 leave: C(7,2) + C(7,3) + C(7,4) + C(7,5) = 21 + 35 + 35 + 21
    assert len(split_options(contents)) == 112
    assert sub_multisets(["Ogre", "Ogre", "Troll"], 2) == [("Ogre", "Ogre"), ("Ogre", "Troll")]
    with pytest.raises(ValueError, match="does not hold"):
        remainder(["Ogre"], ("Troll",))
