"""The battle map: geometry, maneuver reach on every battleland, contact, strike terms, carries and drift.

Every expected value below was worked out by hand from battlelands.json and hazards.md (layers of hexes
counted from an edge, each step's cost written down), not computed with the code under test.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.titan import battlemap as bm
from engine.titan.battlemap import (
    DUNE_DICE,
    SLOPE_DICE,
    VOLCANO_DICE,
    WALL_SKILL,
    Hexside,
    StrikeTerms,
    can_carry,
    entry_cost,
    hexside_between,
    in_contact,
    range_between,
    reachable,
    strike_terms,
)
from engine.titan.data import BATTLELANDS, HEX_LABELS, HEX_NEIGHBORS

BRUSH, DESERT, HILLS, JUNGLE, MARSH = (BATTLELANDS[t] for t in ("Brush", "Desert", "Hills", "Jungle", "Marsh"))
MOUNTAINS, PLAINS, SWAMP, TOWER, TUNDRA, WOODS = (
    BATTLELANDS[t] for t in ("Mountains", "Plains", "Swamp", "Tower", "Tundra", "Woods")
)


def hexes(text: str) -> frozenset[str]:
    return frozenset(text.split())


# -- geometry ---------------------------------------------------------------------------------------------------


def test_every_battleland_shares_the_positions_and_no_hexside_has_two_owners():
    for land in BATTLELANDS.values():
        assert {label: (h.x, h.y) for label, h in land.hexes.items()} == {
            label: (h.x, h.y) for label, h in PLAINS.hexes.items()
        }
        for label, hex_ in land.hexes.items():
            for side in hex_.hexsides:
                other = HEX_NEIGHBORS[label][side]
                assert (side + 3) % 6 not in land.hexes[other].hexsides, (land.terrain, label, side)


@pytest.mark.parametrize(
    ("label", "centre"),
    [("A1", (0, 8)), ("A3", (0, 4)), ("B1", (3, 9)), ("B4", (3, 3)), ("C1", (6, 10)), ("D1", (9, 11)),
     ("D6", (9, 1)), ("E3", (12, 6)), ("F1", (15, 9)), ("F4", (15, 3))],
)  # fmt: skip
def test_hex_centres_put_columns_b_d_f_half_a_hex_lower(label, centre):
    assert bm.hex_centre(label) == centre


def test_the_neighbour_table_agrees_with_the_centres():
    offsets = {0: (0, -2), 1: (3, -1), 2: (3, 1), 3: (0, 2), 4: (-3, 1), 5: (-3, -1)}  # sides clockwise from up
    for label, sides in HEX_NEIGHBORS.items():
        x, y = bm.hex_centre(label)
        for side, other in sides.items():
            assert bm.hex_centre(other) == (x + offsets[side][0], y + offsets[side][1])
            assert bm.side_towards(label, other) == side and bm.neighbour(label, side) == other
    assert bm.neighbour("A1", 3) is None
    with pytest.raises(ValueError, match="not adjacent"):
        bm.side_towards("A1", "A3")


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [("A1", "A1", 1), ("A1", "A2", 2), ("A1", "B1", 2), ("A1", "A3", 3), ("A1", "C2", 3), ("A1", "B3", 3),
     ("B1", "B4", 4), ("A1", "C4", 4), ("D4", "B1", 4), ("A1", "D6", 6), ("A1", "F1", 6), ("A1", "F4", 6),
     ("D1", "D6", 6), ("C3", "E3", 3)],
)  # fmt: skip
def test_range_counts_both_end_hexes(a, b, expected):
    assert range_between(a, b) == expected == range_between(b, a)


@pytest.mark.parametrize(
    ("land", "a", "b", "expected"),
    [
        (HILLS, "B2", "B1", Hexside("Slope", "B1")),  # B1 is the upper hex
        (HILLS, "B1", "B2", Hexside("Slope", "B1")),
        (DESERT, "C3", "B2", Hexside("Dune", "B2")),  # the sand hex owns the dune
        (DESERT, "B1", "B2", Hexside("Cliff", "B2")),
        (TOWER, "D3", "D4", Hexside("Wall", "D4")),
        (TOWER, "C3", "D3", None),
        (PLAINS, "A1", "A2", None),
    ],
)
def test_hexside_between_names_the_feature_and_its_owner(land, a, b, expected):
    assert hexside_between(land, a, b) == expected


@pytest.mark.parametrize(
    ("land", "a", "b", "expected"),
    [
        (DESERT, "B1", "B2", False),  # a cliff: adjacent but not in contact
        (DESERT, "D3", "D4", False),
        (MOUNTAINS, "B1", "C2", False),
        (MOUNTAINS, "C3", "D4", False),
        (MOUNTAINS, "E2", "F2", False),
        (DESERT, "B2", "C3", True),  # a dune does not break contact
        (HILLS, "B1", "B2", True),
        (TOWER, "C3", "C2", True),
        (PLAINS, "A1", "A3", False),  # not adjacent
    ],
)
def test_contact_is_adjacency_except_across_a_cliff(land, a, b, expected):
    assert in_contact(land, a, b) is expected


# -- the cost of one step -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("land", "name", "from_hex", "to_hex", "landing", "expected"),
    [
        (PLAINS, "Centaur", "A1", "A2", True, 1),
        (WOODS, "Centaur", "B3", "A3", True, None),  # a Tree: nobody enters
        (WOODS, "Gargoyle", "B3", "A3", True, None),  # ... nor lands
        (WOODS, "Gargoyle", "B3", "A3", False, 1),  # but a flyer passes over
        (MARSH, "Centaur", "A2", "A3", True, None),  # Bog: non-natives may not enter
        (MARSH, "Ogre", "A2", "A3", True, 1),
        (MARSH, "Gargoyle", "A2", "A3", True, None),
        (MARSH, "Gargoyle", "A2", "A3", False, 1),
        (MARSH, "Wyvern", "A2", "A3", True, 1),
        (MOUNTAINS, "Gargoyle", "D5", "D4", False, None),  # the Volcano: not even flown over
        (MOUNTAINS, "Dragon", "D5", "D4", True, 1),
        (MOUNTAINS, "Dragon", "D5", "D4", False, 1),
        (BRUSH, "Centaur", "A2", "A3", True, 2),  # Brambles slow non-natives
        (BRUSH, "Gargoyle", "A2", "A3", True, 1),
        (BRUSH, "Wyvern", "A2", "A3", True, 2),  # ... flyers too when landing
        (BRUSH, "Wyvern", "A2", "A3", False, 1),
        (TUNDRA, "Centaur", "A2", "A1", True, 2),  # Drift
        (TUNDRA, "Troll", "A2", "A1", True, 1),
        (DESERT, "Centaur", "A3", "A2", True, 2),  # Sand slows non-native walkers
        (DESERT, "Lion", "A3", "A2", True, 1),
        (DESERT, "Gargoyle", "A3", "A2", True, 1),  # ... not flyers
        (DESERT, "Centaur", "B3", "B2", True, 2),  # up a dune: Sand's 2, the dune adds nothing
        (DESERT, "Lion", "B1", "B2", True, None),  # a Cliff, going up
        (DESERT, "Lion", "B2", "B1", True, None),  # ... and going down (Colossus; Slugathon allows it)
        (DESERT, "Gargoyle", "B2", "B1", True, 1),
        (HILLS, "Centaur", "B2", "B1", True, 2),  # up a slope, non-native
        (HILLS, "Ogre", "B2", "B1", True, 1),
        (HILLS, "Centaur", "B1", "B2", True, 1),  # down a slope
        (HILLS, "Gargoyle", "B2", "B1", True, 1),
        (HILLS, "Centaur", None, "B1", True, 1),  # from off the board: no hexside crossed
        (TOWER, "Ogre", "C2", "C3", True, 2),  # up a wall, everyone
        (TOWER, "Ogre", "C3", "C2", True, 1),
        (TOWER, "Gargoyle", "C2", "C3", True, 1),
        (PLAINS, "Centaur", None, "A1", True, 1),
    ],
)
def test_entry_costs_of_every_hazard(land, name, from_hex, to_hex, landing, expected):
    assert entry_cost(land, name, from_hex, to_hex, landing=landing) == expected


def test_a_walker_may_not_enter_an_occupied_hex_and_a_flyer_may_not_land_there():
    assert entry_cost(PLAINS, "Centaur", "A1", "A2", {"A2"}) is None
    assert entry_cost(PLAINS, "Gargoyle", "A1", "A2", {"A2"}) is None
    assert entry_cost(PLAINS, "Gargoyle", "A1", "A2", {"A2"}, landing=False) == 1


# -- reach: for each battleland, the hexes a character can reach from its entry with its skill ------------------------

# Layers counted from an edge on a bare map: edge 3 (D1 C1 B1 A1) -> A2 B2 C2 D2 E1 -> A3 B3 C3 D3 E2 F1 ->
# B4 C4 D4 E3 F2 -> C5 D5 E4 F3 -> D6 E5 F4; edge 1 and edge 4: one column per layer (F, E, D ... / A, B, C ...);
# edge 5 (A3 B4 C5 D6) -> A2 B3 C4 D5 E5 -> A1 B2 C3 D4 E4 F4 -> ...; edge 0 (D6 E5 F4) -> C5 D5 E4 F3 ->
# B4 C4 D4 E3 F2 -> A3 B3 C3 D3 E2 F1; edge 2 (F1 E1 D1) -> F2 E2 D2 C1 -> F3 E3 D3 C2 B1.
REACH_FROM_AN_EDGE = [
    # Plains: no hazards, the layers themselves
    ("Plains", "Centaur", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 C3 D3 E2 F1 B4 C4 D4 E3 F2"),
    ("Plains", "Ogre", 1, set(), "F1 F2 F3 F4 E1 E2 E3 E4 E5"),
    # A2 and B2 taken: A1 -> B1, A3 -> B3 B4
    ("Plains", "Ogre", 4, {"A2", "B2"}, "A1 A3 B1 B3 B4"),
    # every edge hex taken: a walker cannot come on, a flyer flies over them (1) and lands in column B (1)
    ("Plains", "Ogre", 4, {"A1", "A2", "A3"}, ""),
    ("Plains", "Guardian", 4, {"A1", "A2", "A3"}, "B1 B2 B3 B4"),
    # Brush, a non-native walker of skill 4: D1 2; B2 D2 E1 3; A3 4 (A2 2 + 2); C4 E3 cost 5; F2 5
    ("Brush", "Centaur", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 C3 D3 E2 F1 B4 D4"),
    ("Brush", "Gargoyle", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 C3 D3 E2 F1"),  # a native flyer
    # a non-native flyer of skill 3: lands in D1 for 2, B2 D2 for 1 + 2; A3 would be 2 + 2
    ("Brush", "Wyvern", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 B3 C3 D3 E2 F1"),
    ("Brush", "Cyclops", 1, set(), "F1 F2 F3 F4 E1 E2 E3 E4 E5"),  # a native walker of skill 2
    # Desert, a sand native of skill 3: the cliffs (B1|B2, E1|E2, C3|D4, D3|D4) leave other ways at this depth
    ("Desert", "Lion", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 C3 D3 E2 F1"),
    # a non-native walker of skill 4: A1 D1 2; A2 B2 E1 4 (sand after sand); B3 4 via C3; A3 5; D4 only over cliffs
    ("Desert", "Centaur", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 B3 C3 D3 E2 F1 C4 E3 F2"),
    ("Desert", "Gargoyle", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 C3 D3 E2 F1"),  # flyers: no sand, no cliff
    # Hills, a non-native walker of skill 4: B1 1 from off the board; D2 3 (up); B3 4 (up); C2 C4 F2 Trees; E3 5
    ("Hills", "Centaur", 3, set(), "A1 B1 C1 D1 A2 B2 D2 E1 A3 B3 C3 D3 E2 F1 B4 D4"),
    ("Hills", "Troll", 3, set(), "A1 B1 C1 D1 A2 B2 E1"),  # skill 2, non-native: D2 would cost 3
    ("Hills", "Ogre", 3, set(), "A1 B1 C1 D1 A2 B2 D2 E1"),  # skill 2, slope native
    ("Hills", "Gargoyle", 3, set(), "A1 B1 C1 D1 A2 B2 D2 E1 A3 B3 C3 D3 E2 F1"),  # flyer: all but the Tree C2
    # Jungle, a non-native flyer of skill 4 from edge 1: F 1, E 2, D 3 (D4 Brambles 4), C 4 (C1 C3 C5 Brambles 5)
    ("Jungle", "Ranger", 1, set(), "F1 F2 F4 E1 E2 E3 E4 E5 D1 D2 D4 D5 D6 C2 C4"),
    ("Jungle", "Behemoth", 1, set(), "F1 F2 F4 E1 E2 E3 E4 E5 D1 D2 D4 D5 D6"),  # native walker, skill 3; Trees
    # a non-native walker of skill 2 from edge 5: B4 Tree, C5 Brambles 2, A2 3 (1 + 2), C4 only after C5
    ("Jungle", "Troll", 5, set(), "A3 C5 D6 B3 D5 E5"),
    # Marsh, bog natives go anywhere; a non-native walker of skill 4 goes round A3 C2 C3 E1 E3
    ("Marsh", "Ogre", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1"),
    ("Marsh", "Centaur", 3, set(), "A1 B1 C1 D1 A2 B2 D2 B3 D3 E2 B4 C4 D4 F1 F2"),
    ("Marsh", "Gargoyle", 3, set(), "A1 B1 C1 D1 A2 B2 D2 B3 D3 E2 F1"),  # flies over the bogs, lands elsewhere
    ("Marsh", "Wyvern", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 C3 D3 E2 F1"),  # bog native flyer
    # Mountains, a non-native walker of skill 4: up-slopes into B4 C4 D3 E3 F1 cost 2, B1|C2 and E2|F2 are cliffs
    ("Mountains", "Centaur", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 C3 E2 D3 F1"),
    # a slope native of skill 4: the bare layers less the Volcano D4
    ("Mountains", "Minotaur", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 C3 D3 E2 F1 B4 C4 E3 F2"),
    ("Mountains", "Dragon", 1, set(), "F1 F2 F3 F4 E1 E2 E3 E4 E5 D1 D2 D3 D4 D5 D6"),  # lands in the Volcano
    ("Mountains", "Gargoyle", 1, set(), "F1 F2 F3 F4 E1 E2 E3 E4 E5 D1 D2 D3 D5 D6"),
    # Swamp: bogs B2 C5 D1 D3 F2, Trees C2 C4 E4
    ("Swamp", "Troll", 5, set(), "A3 B4 C5 D6 A2 B3 D5 E5"),  # bog native, skill 2
    ("Swamp", "Warbear", 5, set(), "A3 B4 D6 A2 B3 D5 E5 A1 C3 D4 F4"),  # non-native, skill 3
    ("Swamp", "Wyvern", 2, set(), "F1 E1 D1 F2 E2 D2 C1 F3 E3 D3 B1"),  # bog native flyer, skill 3
    ("Swamp", "Gargoyle", 2, set(), "F1 E1 E2 D2 C1 F3 E3 B1"),
    # Tower: walls slow walkers going up (natives included): C3 D3 cost 4, C4 E3 5, D4 6
    ("Tower", "Centaur", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 E2 F1 C3 D3 B4 F2"),
    ("Tower", "Warbear", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 E2 F1"),
    ("Tower", "Gargoyle", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 C3 D3 E2 F1"),  # flyers are not slowed
    # Tundra, a non-native walker of skill 4: A1 2; B2 C2 E1 3; A2 3; D3 4; F2 5; C4 D4 5
    ("Tundra", "Centaur", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 C3 D3 E2 F1 E3"),
    ("Tundra", "Troll", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1"),  # drift native, skill 2
    # a non-native flyer of skill 4: landing in Drift costs 2, so C4 and F2 (3 + 2) are out
    ("Tundra", "Griffon", 3, set(), "A1 B1 C1 D1 A2 B2 C2 D2 E1 A3 B3 C3 D3 E2 F1 B4 D4 E3"),
    # Woods: Trees A3 C3 D1 E3 E5; a walker of skill 3 enters by A1 B1 C1 only and reaches E1 through D2
    ("Woods", "Warbear", 3, set(), "A1 B1 C1 A2 B2 C2 D2 B3 D3 E2 E1"),
    ("Woods", "Angel", 0, set(), "D6 F4 C5 D5 E4 F3 B4 C4 D4 F2 B3 D3 E2 F1"),  # a flyer of skill 4 from edge 0
]  # fmt: skip


@pytest.mark.parametrize(("terrain", "name", "edge", "occupied", "expected"), REACH_FROM_AN_EDGE)
def test_reach_when_entering_from_an_edge(terrain, name, edge, occupied, expected):
    assert reachable(BATTLELANDS[terrain], name, None, occupied, edge=edge) == hexes(expected)


def test_every_battleland_and_skill_2_3_4_is_covered():
    assert {case[0] for case in REACH_FROM_AN_EDGE} == set(BATTLELANDS)
    skills = {bm.CREATURES[case[1]].skill for case in REACH_FROM_AN_EDGE}
    assert skills == {2, 3, 4}


REACH_FROM_A_HEX = [
    # Desert, a non-native walker with 2 points from C3: D4 is beyond a cliff, B2 sand 2, A2 D4 D5 sand 3
    ("Desert", "Centaur", "C3", 2, "C4 D3 C2 B3 B2 C5 B4 E3 E2 D2 C1 B1 A3"),
    # a walker standing on the cliff's owner still may not walk down it (D4 -> D3, C3)
    ("Desert", "Lion", "D4", 1, "D5 E4 E3 C4"),
    # Hills, a flyer of skill 2 from C5 reaches C3 only over the Tree C4
    ("Hills", "Guardian", "C5", None, "D6 D5 B4 E5 E4 D4 C3 B3 A3"),
    # Mountains, a flyer with 2 points from D5 may not fly over the Volcano to D3; a Dragon may, and land in it
    ("Mountains", "Gargoyle", "D5", 2, "D6 E5 E4 C4 C5 F4 F3 E3 C3 B3 B4"),
    ("Mountains", "Dragon", "D5", 2, "D6 E5 E4 C4 C5 F4 F3 E3 C3 B3 B4 D4 D3"),
    # Tower, the defender in D4 walks down its walls for 1 each: the ring and every hex next to it
    ("Tower", "Ogre", "D4", None, "D5 E4 E3 D3 C3 C4 D6 E5 C5 F4 F3 F2 E2 D2 C2 B2 B3 B4"),
]  # fmt: skip


@pytest.mark.parametrize(("terrain", "name", "start", "points", "expected"), REACH_FROM_A_HEX)
def test_reach_from_a_hex(terrain, name, start, points, expected):
    assert reachable(BATTLELANDS[terrain], name, start, points=points) == hexes(expected)


def test_a_character_in_contact_may_not_move_and_one_across_a_cliff_may():
    assert reachable(PLAINS, "Centaur", "D3", {"D4"}, enemies={"D4"}) == frozenset()
    # B2 and B1 in the Desert are across a cliff: not in contact, so the Lion moves (A1 2, B3 C2 C3 1 ...)
    assert "C3" in reachable(DESERT, "Lion", "B2", {"B1"}, enemies={"B1"})
    # a friend next to it does not stop it, but blocks its hex
    assert "D4" not in reachable(PLAINS, "Centaur", "D3", {"D4"})
    assert len(reachable(PLAINS, "Centaur", "D3", {"D4"})) > 0


def test_reach_needs_a_start_or_an_edge():
    with pytest.raises(ValueError, match="no start hex"):
        reachable(PLAINS, "Centaur", None)


# -- normal strikes ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("striker_skill", "chart"),
    [(1, (5, 6, 6)), (2, (4, 5, 6)), (3, (3, 4, 5)), (4, (2, 3, 4)), (5, (1, 2, 3))],
)
def test_the_printed_strike_chart(striker_skill, chart):
    assert tuple(bm.strike_number(striker_skill, target_skill) for target_skill in (2, 3, 4)) == chart


@pytest.mark.parametrize(
    ("striker", "target", "expected"),
    [
        ("Ogre", "Lion", StrikeTerms(6, 5)),
        ("Ogre", "Centaur", StrikeTerms(6, 6)),
        ("Centaur", "Ogre", StrikeTerms(3, 2)),
    ],
)
def test_the_worked_examples_of_the_strike_rules(striker, target, expected):
    assert strike_terms(PLAINS, striker, "D3", target, "D4") == expected


STRIKES = [
    # Brambles (Brush: B2, D1, D2 Brambles; B3 Plains)
    ("Brush", "Centaur", "B2", "Ogre", "B3", StrikeTerms(3, 3)),  # non-native out of Brambles: skill 3
    ("Brush", "Gargoyle", "B2", "Centaur", "B3", StrikeTerms(4, 5)),  # a native striking out: no change
    ("Brush", "Centaur", "B3", "Cyclops", "B2", StrikeTerms(3, 3)),  # at a native in Brambles: +1
    ("Brush", "Gargoyle", "B3", "Cyclops", "B2", StrikeTerms(4, 3)),  # native striker: no +1
    ("Brush", "Centaur", "B3", "Ogre", "B2", StrikeTerms(3, 2)),  # a non-native in Brambles: no +1
    ("Brush", "Centaur", "D1", "Serpent", "D2", StrikeTerms(3, 4)),  # both: 4 - 3 + 2 + 1
    ("Brush", "Ogre", "D1", "Centaur", "D2", StrikeTerms(6, 6)),  # 4 - 1 + 4 = 7, capped
    # Slope (Hills: B1 above B2)
    ("Hills", "Ogre", "B1", "Centaur", "B2", StrikeTerms(7, 6, frozenset({SLOPE_DICE}))),  # native down: +1 die
    ("Hills", "Centaur", "B1", "Ogre", "B2", StrikeTerms(3, 2)),  # non-native down: no change
    ("Hills", "Centaur", "B2", "Ogre", "B1", StrikeTerms(3, 3)),  # non-native up: skill -1
    ("Hills", "Ogre", "B2", "Centaur", "B1", StrikeTerms(6, 6)),  # native up: no change
    ("Hills", "Lion", "B2", "Troll", "B1", StrikeTerms(5, 3)),
    # Dune (Desert: B2 owns the dune toward C3)
    ("Desert", "Lion", "B2", "Centaur", "C3", StrikeTerms(7, 5, frozenset({DUNE_DICE}))),  # native down: +2 dice
    ("Desert", "Centaur", "B2", "Lion", "C3", StrikeTerms(3, 3)),  # non-native down: no change
    ("Desert", "Centaur", "C3", "Lion", "B2", StrikeTerms(2, 3, up_dune=True)),  # non-native up: -1 die
    ("Desert", "Lion", "C3", "Centaur", "B2", StrikeTerms(5, 5, up_dune=True)),  # native up: no change
    # Wall (Tower: C3 owns the walls toward C2 and B2; none between C3 and D3)
    ("Tower", "Centaur", "C3", "Ogre", "C2", StrikeTerms(3, 1, frozenset({WALL_SKILL}))),  # down: skill +1
    ("Tower", "Ogre", "C2", "Centaur", "C3", StrikeTerms(6, 6)),  # up: skill -1, 4 - 1 + 4 = 7 capped
    ("Tower", "Centaur", "C2", "Centaur", "C3", StrikeTerms(3, 5)),
    ("Tower", "Centaur", "C3", "Centaur", "D3", StrikeTerms(3, 4)),
    # Volcano (Mountains: D4, every side a slope down but the cliff toward C3)
    ("Mountains", "Dragon", "D4", "Centaur", "D3", StrikeTerms(12, 5, frozenset({VOLCANO_DICE, SLOPE_DICE}))),
    ("Mountains", "Centaur", "D3", "Dragon", "D4", StrikeTerms(3, 4)),  # up a slope at the Dragon
    # Drift, Bog, Sand and Tree have no effect on a strike
    ("Tundra", "Centaur", "A1", "Troll", "A2", StrikeTerms(3, 2)),
    ("Marsh", "Ogre", "A3", "Centaur", "A2", StrikeTerms(6, 6)),
    ("Desert", "Centaur", "A1", "Lion", "A2", StrikeTerms(3, 3)),
]  # fmt: skip


@pytest.mark.parametrize(("terrain", "striker", "striker_hex", "target", "target_hex", "expected"), STRIKES)
def test_strike_terms_for_every_hazard_and_hexside(terrain, striker, striker_hex, target, target_hex, expected):
    assert strike_terms(BATTLELANDS[terrain], striker, striker_hex, target, target_hex) == expected


def test_a_titan_strikes_with_the_power_given():
    assert strike_terms(PLAINS, "Titan", "D3", "Ogre", "D4", power=9) == StrikeTerms(9, 2)
    with pytest.raises(ValueError, match="pass power"):
        strike_terms(PLAINS, "Titan", "D3", "Ogre", "D4")


@pytest.mark.parametrize(
    ("terrain", "a", "b"), [("Desert", "B2", "B1"), ("Mountains", "D4", "C3"), ("Plains", "A1", "A3")]
)
def test_no_strike_across_a_cliff_or_out_of_contact(terrain, a, b):
    with pytest.raises(ValueError, match="not in contact"):
        strike_terms(BATTLELANDS[terrain], "Dragon", a, "Centaur", b)


def test_a_striker_may_forgo_its_hexside_bonus_but_not_the_volcano():
    assert strike_terms(HILLS, "Ogre", "B1", "Centaur", "B2", forgo_bonus=True) == StrikeTerms(6, 6)
    assert strike_terms(TOWER, "Centaur", "C3", "Ogre", "C2", forgo_bonus=True) == StrikeTerms(3, 2)
    assert strike_terms(MOUNTAINS, "Dragon", "D4", "Centaur", "D3", forgo_bonus=True) == StrikeTerms(
        11, 5, frozenset({VOLCANO_DICE})
    )


# -- carries ---------------------------------------------------------------------------------------------------------


def test_carries_need_no_higher_strike_number_and_no_fewer_dice():
    at_lion = strike_terms(PLAINS, "Ogre", "D3", "Lion", "D4")  # 6 dice at 5
    assert can_carry(at_lion, strike_terms(PLAINS, "Ogre", "D3", "Troll", "C3"))  # 6 at 4
    assert not can_carry(at_lion, strike_terms(PLAINS, "Ogre", "D3", "Centaur", "E3"))  # 6 at 6
    assert can_carry(replace(at_lion, strike_number=6), strike_terms(PLAINS, "Ogre", "D3", "Centaur", "E3"))


def test_hits_do_not_carry_up_a_dune_unless_the_strike_went_up_one():
    at_ogre = strike_terms(DESERT, "Lion", "C3", "Ogre", "D3")  # 5 dice at 3
    up_the_dune = strike_terms(DESERT, "Lion", "C3", "Ogre", "B2")  # 5 dice at 3, up the dune of B2
    assert (at_ogre, up_the_dune) == (StrikeTerms(5, 3), StrikeTerms(5, 3, up_dune=True))
    assert not can_carry(at_ogre, up_the_dune)
    assert can_carry(up_the_dune, at_ogre)


def test_a_hazard_bonus_carries_only_where_it_applies_too():
    # Hills: the Ogre in B1 strikes down slopes at B2 and A1: both with the slope die
    assert can_carry(
        strike_terms(HILLS, "Ogre", "B1", "Centaur", "B2"), strike_terms(HILLS, "Ogre", "B1", "Ogre", "A1")
    )
    # Tower: the Centaur in C3 strikes down the wall at B2 (skill 5: 3) and could hit an Ogre in D3 at 2, but
    # without the wall's skill; giving the bonus up (4) it may carry there
    down_the_wall = strike_terms(TOWER, "Centaur", "C3", "Centaur", "B2")
    level = strike_terms(TOWER, "Centaur", "C3", "Ogre", "D3")
    assert (down_the_wall, level) == (StrikeTerms(3, 3, frozenset({WALL_SKILL})), StrikeTerms(3, 2))
    assert not can_carry(down_the_wall, level)
    assert can_carry(strike_terms(TOWER, "Centaur", "C3", "Centaur", "B2", forgo_bonus=True), level)
    assert can_carry(down_the_wall, strike_terms(TOWER, "Centaur", "C3", "Ogre", "C2"))  # down a wall too: 1


def test_a_striker_may_announce_the_strike_number_of_another_enemy_in_contact():
    enemies = {"D4": "Lion", "E3": "Centaur", "C3": "Troll", "D5": "Centaur"}  # D5 is not next to D3
    assert bm.announceable_strike_numbers(PLAINS, "Ogre", "D3", "Lion", "D4", enemies) == (5, 6)
    assert bm.announceable_strike_numbers(PLAINS, "Ogre", "D3", "Troll", "C3", enemies) == (4, 5, 6)
    assert bm.announceable_strike_numbers(PLAINS, "Ogre", "D3", "Centaur", "E3", enemies) == (6,)


# -- drift ------------------------------------------------------------------------------------------------------------


def test_drift_hits_every_non_native_in_drift_at_the_start_of_a_strike_phase():
    characters = {"A1": "Centaur", "B2": "Troll", "C2": "Giant", "C3": "Ogre", "E1": "Angel", "F2": "Titan"}
    assert bm.drift_damage(TUNDRA, characters) == hexes("A1 E1 F2")  # Tundra Drift: A1 B2 C2 E1 F2 ...
    assert bm.drift_damage(PLAINS, characters) == frozenset()


def test_every_label_is_on_every_battleland():
    assert all(set(land.hexes) == set(HEX_LABELS) for land in BATTLELANDS.values())
