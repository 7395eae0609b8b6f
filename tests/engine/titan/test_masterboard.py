"""Masterboard movement: the signs on the borders, the lands a roll reaches, teleports and entry edges.

Every expected value below was worked out by hand from the printed exits of the lands (masterboard.json,
`exits`: to, sign, side) and the rules (rules-summary 5), never by the code under test. A Destination is
(land, side of that land crossed on entering it); the side entered is the exit's side + 3, mod 6.
"""

from __future__ import annotations

import pytest

from engine.titan.data import Exit
from engine.titan.masterboard import (
    Destination,
    attacker_edge,
    can_make_normal_move,
    can_tower_teleport,
    defender_edge,
    destination_lands,
    first_step_exits,
    lands_within,
    normal_moves,
    onward_exits,
    titan_teleport_edges,
    titan_teleports,
    tower_teleports,
)


def moves(*pairs: tuple[int, int]) -> list[Destination]:
    return sorted(Destination(land, side) for land, side in pairs)


# -- the signs ----------------------------------------------------------------------------------------------

FIRST_STEP = [
    # a Block is the only way out, whatever else the land has
    (4, (Exit(103, "BLOCK", 3),)),
    (1000, (Exit(1, "BLOCK", 3),)),
    (3000, (Exit(15, "BLOCK", 1),)),
    # no Block: the Arch and the triple arrow both
    (1, (Exit(1000, "ARCH", 0), Exit(2, "ARROWS", 2))),
    (7, (Exit(8, "ARROWS", 0), Exit(2, "ARCH", 4))),
    # a Tower's three arrows
    (100, (Exit(3, "ARROW", 1), Exit(101, "ARROW", 3), Exit(41, "ARROW", 5))),
    (200, (Exit(10, "ARROW", 0), Exit(108, "ARROW", 2), Exit(6, "ARROW", 4))),
    # an outer land with its one triple arrow
    (102, (Exit(101, "ARROWS", 5),)),
]


@pytest.mark.parametrize(("land", "exits"), FIRST_STEP)
def test_the_signs_a_legion_may_start_by(land, exits):
    assert first_step_exits(land) == exits


ONWARD = [
    # (land, side entered through, signs it may continue by): arrows only, never straight back
    (1000, 3, (Exit(2000, "ARROW", 1), Exit(6000, "ARROW", 5))),  # came in from 1 over the Arch
    (1000, 1, (Exit(6000, "ARROW", 5),)),  # came round the inner ring from 2000
    (1000, 5, (Exit(2000, "ARROW", 1),)),  # came round from 6000
    (100, 1, (Exit(101, "ARROW", 3), Exit(41, "ARROW", 5))),  # came into the Tower from 3
    (200, 0, (Exit(108, "ARROW", 2), Exit(6, "ARROW", 4))),  # came into the Tower from 10
    (2, 5, (Exit(3, "ARROWS", 3),)),  # its Arch to 7 is for starting only
    (4, 5, (Exit(5, "ARROWS", 1),)),  # its Block to 103 is for starting only
    (103, 0, (Exit(102, "ARROWS", 4),)),
    (102, 1, (Exit(101, "ARROWS", 5),)),
]


@pytest.mark.parametrize(("land", "entered_by", "exits"), ONWARD)
def test_the_signs_a_legion_may_continue_by(land, entered_by, exits):
    assert onward_exits(land, entered_by) == exits


# -- the lands a roll reaches ---------------------------------------------------------------------------

ROLLS = [
    # Hills 4 has a Block to 103: it must go down to the outer ring, never along its triple arrow to 5.
    (4, 1, [(103, 0)]),
    (4, 2, [(102, 1)]),
    (4, 3, [(101, 2)]),
    (4, 4, [(142, 1)]),
    (4, 5, [(141, 2)]),
    (4, 6, [(140, 1)]),
    # Plains 1 starts by its Arch into Mountains 1000 or its triple arrow to 2; in the inner ring the
    # arrows lead both ways round, so 4000 is reached through two different sides on a 4.
    (1, 1, [(2, 5), (1000, 3)]),
    (1, 2, [(3, 0), (2000, 4), (6000, 2)]),
    (1, 3, [(4, 5), (3000, 3), (5000, 3)]),
    (1, 4, [(5, 4), (4000, 2), (4000, 4)]),
    (1, 5, [(6, 3), (3000, 5), (5000, 1)]),
    (1, 6, [(7, 2), (2000, 0), (6000, 0)]),
    # An inner land leaves by its Block only, then follows the middle ring.
    (1000, 1, [(1, 0)]),
    (1000, 2, [(2, 5)]),
    (3000, 1, [(15, 4)]),
    # Tower 100: three arrows out, to 3, 101 and 41, then each ring onward.
    (100, 1, [(3, 4), (41, 2), (101, 0)]),
    (100, 2, [(4, 5), (42, 3), (142, 1)]),
    (100, 3, [(1, 4), (5, 4), (141, 2)]),
    (100, 4, [(2, 5), (6, 3), (140, 1)]),
    (100, 5, [(3, 0), (7, 2), (139, 2)]),
    (100, 6, [(4, 5), (8, 3), (138, 3)]),
    # Brush 3 enters Tower 100 by its Arch (through side 1) and chooses 101 or 41, never back to 3.
    (3, 2, [(5, 4), (41, 2), (101, 0)]),
    # An outer land with its single triple arrow.
    (102, 1, [(101, 2)]),
    (102, 5, [(139, 2)]),
]


@pytest.mark.parametrize(("start", "roll", "expected"), ROLLS)
def test_the_lands_a_roll_reaches_on_an_empty_board(start, roll, expected):
    assert normal_moves(start, roll) == moves(*expected)


SPIN_CYCLES = [
    # 3 -Arch- 100 - 41 - 42 - 1 - 2 - 3 (also 3 - 4 ... 9, and 3 - 100 - 101 ... 139)
    (3, [(3, 0), (9, 4), (139, 2)]),
    # 7 -Arch- 2 - 3 - 4 - 5 - 6 - 7 (also 7 - 8 ... 13)
    (7, [(7, 2), (13, 2)]),
    # 10 -Arch- 200 - 6 - 7 - 8 - 9 - 10 (also 10 - 11 ... 16, and 10 - 200 - 108 ... 104)
    (10, [(10, 5), (16, 3), (104, 1)]),
    # 14 -Arch- 9 - 10 - 11 - 12 - 13 - 14 (also 14 - 15 ... 20)
    (14, [(14, 1), (20, 1)]),
]


@pytest.mark.parametrize(("start", "expected"), SPIN_CYCLES)
def test_a_six_can_bring_a_legion_round_to_where_it_started(start, expected):
    assert normal_moves(start, 6) == moves(*expected)


def test_a_spin_cycle_cannot_end_on_a_legion_left_behind_by_a_split():
    assert normal_moves(7, 6, friendly={7}) == moves((13, 2))


def test_a_move_stops_on_entering_an_enemy_and_keeps_the_side_it_crossed():
    # From 100 on a 6 the path 101 - 142 - 141 stops at the enemy on 141 after three steps.
    assert normal_moves(100, 6, enemy={141}) == moves((4, 5), (8, 3), (141, 2))
    # On the path 100 - 41 - 42 the enemy on 42 is entered at the second step: that move ends there.
    assert normal_moves(100, 6, enemy={42}) == moves((8, 3), (42, 3), (138, 3))
    # Both ways round the inner ring reach the enemy on 4000 after four steps: the mover picks the side.
    assert normal_moves(1, 6, enemy={4000}) == moves((7, 2), (4000, 2), (4000, 4))
    # An enemy on the exact last step is entered like any land.
    assert normal_moves(4, 3, enemy={101}) == moves((101, 2))


def test_friendly_legions_may_be_passed_but_not_ended_on():
    # 100 - 3 - 4 passes the friend on 3; 100 - 41 - 42 would end on the friend on 42.
    assert normal_moves(100, 2, friendly={3, 42}) == moves((4, 5), (142, 1))
    assert destination_lands(4, 3, friendly={103, 102}) == [101]


def test_an_engaged_land_is_neither_entered_nor_passed():
    assert normal_moves(100, 2, engaged={3}) == moves((42, 3), (142, 1))
    assert normal_moves(100, 1, engaged={3}) == moves((41, 2), (101, 0))
    assert normal_moves(4, 6, engaged={102}) == []
    # An enemy sharing a land with one of the mover's legions is an engagement waiting, listed or not.
    assert normal_moves(100, 2, friendly={3}, enemy={3}) == moves((42, 3), (142, 1))


def test_whether_a_legion_can_make_a_normal_move():
    assert can_make_normal_move(4, 1)
    assert not can_make_normal_move(4, 1, friendly={103})  # its only land holds a friend
    assert can_make_normal_move(4, 2, friendly={103})  # passing the friend
    assert not can_make_normal_move(4, 2, engaged={103})
    assert not can_make_normal_move(102, 1, friendly={101})
    assert can_make_normal_move(102, 1, enemy={101})


@pytest.mark.parametrize("roll", [0, 7, -1])
def test_a_roll_is_one_to_six(roll):
    with pytest.raises(ValueError, match="roll"):
        normal_moves(1, roll)


def test_an_unknown_land_is_refused():
    with pytest.raises(ValueError, match="no land 43"):
        normal_moves(43, 1)


# -- teleports ------------------------------------------------------------------------------------------------

# Lands within 6 borders of Tower 100, signs ignored, worked out ring by ring:
WITHIN_SIX_OF_100 = {
    1: {3, 41, 101},
    2: {2, 4, 40, 42, 102, 142},
    3: {1, 5, 7, 37, 39, 103, 141},
    4: {6, 8, 36, 38, 104, 106, 138, 140, 1000},
    5: {9, 35, 105, 107, 137, 139, 200, 600, 2000, 6000},
    6: {10, 14, 30, 34, 108, 136, 3000, 5000},
}
ALL_WITHIN_SIX_OF_100 = set().union(*WITHIN_SIX_OF_100.values())
OTHER_TOWERS_BEYOND_SIX = {300, 400, 500}


def test_lands_within_a_distance_ignore_the_signs():
    assert lands_within(100, 2) == {100: 0, 3: 1, 41: 1, 101: 1, 2: 2, 4: 2, 40: 2, 42: 2, 102: 2, 142: 2}
    assert lands_within(100, 6) == {land: ring for ring, lands in WITHIN_SIX_OF_100.items() for land in lands} | {
        100: 0
    }


def test_a_tower_teleport_reaches_every_empty_land_within_six_and_every_empty_tower():
    assert tower_teleports(100, 6, ["Angel", "Ogre"]) == sorted(ALL_WITHIN_SIX_OF_100 | OTHER_TOWERS_BEYOND_SIX)


def test_a_tower_teleport_passes_occupied_lands_but_never_lands_on_one():
    # Every neighbour of 100 occupied: the count passes through them all the same.
    occupied_friend, occupied_enemies = {41}, {3, 101, 500, 3000}
    expected = (ALL_WITHIN_SIX_OF_100 | OTHER_TOWERS_BEYOND_SIX) - occupied_friend - occupied_enemies
    assert tower_teleports(100, 6, ["Titan"], friendly=occupied_friend, enemy=occupied_enemies) == sorted(expected)
    assert 2 in expected and 142 in expected and 5000 in expected


TOWER_TELEPORT_ALLOWED = [
    (100, 6, ["Titan", "Ogre"], True),
    (100, 6, ["Angel"], True),
    (100, 6, ["Archangel", "Centaur"], True),
    (100, 5, ["Titan"], False),  # only on a 6
    (100, 6, ["Guardian", "Warlock", "Ogre"], False),  # demi-lords are not lords
    (3, 6, ["Titan"], False),  # only from a Tower
]


@pytest.mark.parametrize(("start", "roll", "characters", "allowed"), TOWER_TELEPORT_ALLOWED)
def test_who_may_tower_teleport(start, roll, characters, allowed):
    assert can_tower_teleport(start, roll, characters) is allowed
    assert bool(tower_teleports(start, roll, characters)) is allowed


def test_a_titan_teleport_reaches_every_enemy_not_engaged():
    assert titan_teleports({133, 5, 20}, engaged={20}) == [5, 133]
    assert titan_teleports(set()) == []
    assert titan_teleport_edges(5) == (1, 3, 5)
    assert titan_teleport_edges(300) == (3,)


# -- entry side and battleland edges ----------------------------------------------------------------------------

EDGES = [
    # (land, side entered through, attacker's edge, defender's edge): (side - label side) mod 6, opposite + 3
    (1, 0, 3, 0),  # label side 3
    (1, 2, 5, 2),
    (1, 4, 1, 4),
    (7, 2, 3, 0),  # label side 5
    (7, 4, 5, 2),
    (4000, 2, 5, 2),  # label side 3: the two sides of the inner-ring example
    (4000, 4, 1, 4),
    (141, 2, 5, 2),  # label side 3
    (13, 0, 5, 2),  # label side 1
    (12, 1, 3, 0),  # label side 4
    # a Tower: always edge 3 for the attacker, 0 for the defender, whatever the side
    (100, 1, 3, 0),
    (100, 5, 3, 0),
    (300, 1, 3, 0),
    (600, 4, 3, 0),
]


@pytest.mark.parametrize(("land", "side", "attacker", "defender"), EDGES)
def test_the_battleland_edges_for_an_entry_side(land, side, attacker, defender):
    assert attacker_edge(land, side) == attacker
    assert defender_edge(land, side) == defender


def test_an_entry_side_must_be_a_border_of_the_land():
    with pytest.raises(ValueError, match="no border on side 1"):
        attacker_edge(1, 1)
