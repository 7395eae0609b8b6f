"""Rangestrikes: paths of the line between hex centres, line of sight on every battleland, legality and terms.

Every expected value was worked out by hand from battlelands.json and hazards.md ("Line of sight for a
rangestrike, step by step"): the path from the centres (x 3 per column, y 2 per row, columns B D F one lower),
then each hexside crossed classified as striker atop, target atop or middle.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from engine.titan.battlemap import VOLCANO_DICE, Hexside, StrikeTerms, hexside_between, is_adjacent, range_between
from engine.titan.data import BATTLELANDS
from engine.titan.sight import (
    can_rangestrike,
    has_line_of_sight,
    is_hexspine,
    open_paths,
    path_blocker,
    rangestrike_refusal,
    rangestrike_targets,
    rangestrike_terms,
    sight_paths,
)

PLAINS, WOODS, DESERT = BATTLELANDS["Plains"], BATTLELANDS["Woods"], BATTLELANDS["Desert"]


@pytest.mark.parametrize(
    ("a", "b", "paths"),
    [
        ("A1", "A3", ["A1 A2 A3"]),  # straight up
        ("A1", "C4", ["A1 B2 B3 C4"]),  # range 4, two steps up-right and one up: up-right, up, up-right
        ("D4", "B1", ["D4 C3 C2 B1"]),  # crosses the C3|C2 side at its middle: no hexspine
        ("A1", "C2", ["A1 B2 C2", "A1 B1 C2"]),  # along the B2|B1 side: left (upper) path first
        ("C2", "A1", ["C2 B1 A1", "C2 B2 A1"]),  # the other way round, left is now the lower side
        ("A3", "B2", ["A3 B3 B2", "A3 A2 B2"]),  # along the A2|B3 side, going down-right
        ("E3", "D2", ["E3 E2 D2", "E3 D3 D2"]),
    ],
)
def test_the_paths_of_a_line_between_hex_centres(a, b, paths):
    assert sight_paths(a, b) == tuple(tuple(path.split()) for path in paths)
    assert is_hexspine(a, b) is (len(paths) == 2)


LINES_OF_SIGHT = [
    # Plains: nothing but characters
    ("Plains", "A1", "A3", "", True),  # A2 empty
    ("Plains", "A1", "A3", "A2", False),  # a character in between, at the same level
    ("Plains", "A1", "C2", "B2", True),  # hexspine: the B1 side is clear
    ("Plains", "A1", "C2", "B1 B2", False),  # both sides taken
    ("Plains", "A1", "C4", "B3", False),  # A1 B2 B3 C4
    ("Plains", "A1", "C4", "B1", True),  # B1 is off the line
    # Brush: Brambles cost skill but do not block
    ("Brush", "B3", "D5", "", True),  # through C4
    ("Brush", "D3", "F2", "E2", True),  # hexspine E2|E3: the Brambles side E3 is open
    # Desert: dunes and cliffs
    ("Desert", "B2", "B4", "", True),  # B2 owns the dune toward B3: striker atop
    ("Desert", "B4", "B2", "", True),  # target atop the same dune
    ("Desert", "C3", "A1", "", False),  # C3 B2 A1: up into B2's dune on the first step, a middle one
    ("Desert", "A1", "A3", "", False),  # A2's dune toward A3 is crossed between the two ends
    ("Desert", "D4", "D2", "", True),  # D4 atop its cliff toward D3
    ("Desert", "D4", "D2", "D3", True),  # D3 stands at the foot of the striker's cliff
    ("Desert", "D2", "D4", "D3", True),  # ... and of the target's
    ("Desert", "D3", "D5", "", False),  # D3 D4 D5: D4's cliff crossed from the striker's side: a middle cliff
    ("Desert", "D4", "B2", "", True),  # D4 C3 B2: striker atop a cliff, target atop a dune
    ("Desert", "D4", "B2", "C3", True),  # C3 at the foot of the cliff
    ("Desert", "A2", "D5", "", True),  # A2 B3 C4 D5: each end atop its own dune
    ("Desert", "B2", "B4", "B3", False),  # atop a dune is not atop a cliff: B3 blocks
    ("Desert", "E1", "E3", "E2", True),  # E1 atop its cliff, E2 at its foot
    # Hills: slopes, Trees and elevation (B1 B3 D2 E3 D6 at 1, Trees C2 C4 F2)
    ("Hills", "B1", "D3", "", False),  # B1 C2 D3: the Tree C2
    ("Hills", "B3", "B1", "", True),  # B3 B2 B1: both ends atop a slope
    ("Hills", "B1", "B3", "B2", True),  # B2 (level 0) is lower than both ends (level 1)
    ("Hills", "A1", "C1", "", False),  # A1 B1 C1: both slopes of B1 in the middle, no end atop one
    ("Hills", "D2", "D4", "", True),  # D2 atop its slope toward D3
    ("Hills", "D2", "D4", "D3", False),  # D3 is level 0 like the target: it blocks
    ("Hills", "A2", "C3", "", True),  # hexspine B2|B3: the B2 side crosses nothing
    ("Hills", "A2", "C3", "B2", False),  # the B3 side crosses two middle slopes
    ("Hills", "B1", "D2", "", True),  # hexspine C1|C2: C2 is a Tree, C1 has B1 and D2 atop their slopes
    ("Hills", "E3", "D2", "", True),  # hexspine D3|E2: both ends atop on either side
    # Jungle: Trees B4 D3 F3
    ("Jungle", "D2", "D4", "", False),  # the Tree D3
    ("Jungle", "C3", "E3", "", True),  # hexspine D3|D4: the Brambles side D4 is open
    ("Jungle", "C3", "E3", "D4", False),  # ... unless someone stands there
    # Marsh: bogs do not block
    ("Marsh", "C1", "C4", "", True),  # C1 C2 C3 C4, two bogs
    ("Marsh", "A1", "C2", "B1 B2", False),
    # Mountains: B1 2, B2 1, B3 0, B4 1; D3 1, D4 2 (Volcano), D5 1, D6 2; cliffs B1|C2, D4|C3, F2|E2
    ("Mountains", "B1", "B4", "", True),  # three slopes, both ends atop one
    ("Mountains", "B1", "B4", "B3", True),  # B3 (0) is lower than both ends (2 and 1)
    ("Mountains", "B1", "B4", "B2", False),  # B2 (1) is not lower than B4 (1)
    ("Mountains", "D6", "D3", "", False),  # three slopes, only the striker atop one
    ("Mountains", "D3", "D6", "", False),  # three slopes, only the target atop one
    ("Mountains", "D3", "D5", "", False),  # D4's two slopes in the middle, neither end atop
    ("Mountains", "D6", "D4", "", True),  # D6 D5 D4: both ends atop
    ("Mountains", "F4", "C3", "", False),  # F4 E4 D4 C3: D4's cliff in the middle, not both ends atop cliffs
    ("Mountains", "A1", "D2", "", False),  # A1 B1 C2 D2: B1's slope and cliff in the middle
    ("Mountains", "B1", "E2", "", True),  # B1 C2 D2 E2: B1 atop its cliff
    ("Mountains", "B1", "E2", "C2", True),  # C2 at the foot of that cliff
    ("Mountains", "B1", "E2", "D2", False),  # D2 (0) is not lower than E2 (0)
    ("Mountains", "D4", "D2", "", True),  # the Volcano atop its slope; D3's slope toward D2 in the middle
    ("Mountains", "D2", "D4", "", True),  # up into D3's slope (middle), target atop its slope
    ("Mountains", "D4", "B2", "C3", True),  # D4 atop its cliff, C3 at its foot, B2 atop its slope
    ("Mountains", "D4", "F3", "", True),  # hexspine E3|E4, both down from the Volcano
    # Swamp: Trees C2 C4 E4, bogs do not block
    ("Swamp", "B1", "D3", "", False),  # the Tree C2
    ("Swamp", "A1", "C3", "", True),  # over the bog B2
    ("Swamp", "B3", "D4", "", True),  # hexspine C3|C4: C3 open
    ("Swamp", "B3", "D4", "C3", False),  # and C4 is a Tree
    # Tower: walls (ring C3 C4 D3 D5 E3 E4 at 1, D4 at 2)
    ("Tower", "C3", "A1", "", True),  # striker atop C3's wall
    ("Tower", "A1", "C3", "", True),  # target atop it
    ("Tower", "B2", "D4", "", False),  # B2 C3 D4: the first step climbs C3's wall
    ("Tower", "D4", "B2", "", False),  # D4 C3 B2: the last step comes down C3's wall
    ("Tower", "D4", "B1", "", True),  # D4 C3 C2 B1: two walls, D4 atop one, B1 not at the foot of a wall
    ("Tower", "B1", "D4", "", True),  # the same walls the other way: the target is atop
    ("Tower", "C3", "E3", "", True),  # hexspine D3|D4: through D3, no wall
    ("Tower", "C3", "E3", "D3", False),  # D3 taken; the D4 side climbs D4's wall first
    ("Tower", "D4", "D6", "", False),  # D4 D5 D6: comes down D5's wall last
    ("Tower", "C3", "C5", "", False),  # C3 C4 C5: comes down C4's wall last
    ("Tower", "E3", "E1", "", True),  # E3 atop its wall toward E2
    # Tundra: drift does not block
    ("Tundra", "A1", "C3", "", True),
    ("Tundra", "A1", "C3", "B2", False),
    # Woods: Trees A3 C3 D1 E3 E5
    ("Woods", "B2", "D4", "", False),  # the Tree C3
    ("Woods", "D3", "F2", "", True),  # hexspine E2|E3: E3 is a Tree, E2 open
    ("Woods", "D3", "F2", "E2", False),
    ("Woods", "E2", "E4", "", False),  # the Tree E3
]  # fmt: skip


@pytest.mark.parametrize(("terrain", "striker_hex", "target_hex", "occupied", "expected"), LINES_OF_SIGHT)
def test_line_of_sight(terrain, striker_hex, target_hex, occupied, expected):
    land = BATTLELANDS[terrain]
    characters = {striker_hex, target_hex, *occupied.split()}
    assert has_line_of_sight(land, striker_hex, target_hex, characters) is expected


def _cliffs() -> list[tuple[str, str, str]]:
    """(terrain, owner, foot) for every Cliff hexside of every battleland."""
    cliffs = []
    for terrain, land in sorted(BATTLELANDS.items()):
        for label in land.hexes:
            for other in land.hexes:
                if not is_adjacent(label, other):
                    continue
                hexside = hexside_between(land, label, other)
                if hexside is not None and hexside.feature == "Cliff" and hexside.owner == label:
                    cliffs.append((terrain, label, other))
    return cliffs


def test_line_of_sight_never_crosses_a_cliff_to_or_from_its_foot_desert_d4_d3():
    """hazards.md, Cliff: a rangestrike may cross a cliff only if one end stands atop it and the other is not
    at its foot. Desert D4 owns the cliff toward D3: no sight either way between the two."""
    assert hexside_between(DESERT, "D4", "D3") == Hexside("Cliff", "D4")
    assert not has_line_of_sight(DESERT, "D4", "D3")
    assert not has_line_of_sight(DESERT, "D3", "D4")
    assert path_blocker(DESERT, ("D4", "D3")) == "D3 stands at the foot of D4's cliff"
    assert path_blocker(DESERT, ("D3", "D4")) == "D3 stands at the foot of D4's cliff"
    assert has_line_of_sight(DESERT, "D4", "D2")  # atop the cliff, the target past its foot


def test_every_cliff_of_every_battleland_blocks_sight_between_its_two_hexes():
    cliffs = _cliffs()
    assert {terrain for terrain, _, _ in cliffs} == {"Desert", "Mountains"}
    assert ("Desert", "D4", "D3") in cliffs and ("Mountains", "B1", "C2") in cliffs
    for terrain, owner, foot in cliffs:
        land = BATTLELANDS[terrain]
        assert not has_line_of_sight(land, owner, foot), (terrain, owner, foot)
        assert not has_line_of_sight(land, foot, owner), (terrain, foot, owner)


def test_every_battleland_has_line_of_sight_cases():
    assert {case[0] for case in LINES_OF_SIGHT} == set(BATTLELANDS)
    assert len(LINES_OF_SIGHT) >= 40


@pytest.mark.parametrize(
    ("terrain", "path", "reason"),
    [
        ("Woods", "B2 C3 D4", "a Tree in C3"),
        ("Tower", "B2 C3 D4", "the first step climbs the wall of C3"),
        ("Tower", "D4 C3 B2", "the last step comes down the wall of C3"),
        ("Hills", "A1 B1 C1", "a Slope in between and neither end atop an obstacle"),
        ("Mountains", "D6 D5 D4 D3", "three or more obstacles and not both ends atop one"),
        ("Mountains", "F4 E4 D4 C3", "a Cliff or Dune in between and not both ends atop a cliff"),
    ],
)
def test_a_blocked_path_says_why(terrain, path, reason):
    assert path_blocker(BATTLELANDS[terrain], tuple(path.split())) == reason


# -- who may rangestrike whom ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("terrain", "striker", "striker_hex", "target", "target_hex", "others", "enemies", "expected"),
    [
        ("Plains", "Giant", "A1", "Ogre", "A3", "", "", True),
        ("Plains", "Centaur", "A1", "Ogre", "A3", "", "", False),  # not a rangestriker
        ("Plains", "Giant", "A1", "Ogre", "A3", "", "B1", False),  # in contact with an enemy in B1
        ("Plains", "Giant", "A1", "Ogre", "A2", "", "", False),  # adjacent: range 2
        ("Plains", "Gorgon", "B1", "Ogre", "B4", "", "", False),  # range 4, skill 3
        ("Plains", "Giant", "B1", "Ogre", "B4", "", "", True),  # range 4, skill 4
        ("Plains", "Giant", "A1", "Ogre", "D6", "", "", False),  # range 6
        ("Plains", "Giant", "A1", "Titan", "A3", "", "", False),  # lords are no targets
        ("Plains", "Giant", "A1", "Angel", "A3", "", "", False),
        ("Plains", "Giant", "A1", "Guardian", "A3", "", "", True),  # demi-lords are
        ("Plains", "Giant", "A1", "Ogre", "A3", "A2", "", False),  # a character in between
        # Desert B2|B1 is a cliff: not in contact, so the Giant in B2 may rangestrike B4 past the enemy in B1
        ("Desert", "Giant", "B2", "Ogre", "B4", "", "B1", True),
        # the Warlock: no line of sight needed, lords allowed, still range 3-4 and not in contact
        ("Plains", "Warlock", "A1", "Titan", "A3", "", "", True),
        ("Plains", "Warlock", "A1", "Ogre", "A3", "A2", "", True),  # past a character
        ("Woods", "Warlock", "B2", "Ogre", "D4", "", "", True),  # through the Tree C3
        ("Woods", "Giant", "B2", "Ogre", "D4", "", "", False),
        ("Plains", "Warlock", "B1", "Ogre", "B4", "", "", True),  # range 4
        ("Plains", "Warlock", "A1", "Ogre", "D6", "", "", False),  # range 6
        ("Plains", "Warlock", "A1", "Ogre", "A3", "", "B1", False),  # in contact
        ("Desert", "Warlock", "B2", "Ogre", "B1", "", "B1", False),  # adjacent across a cliff: never
    ],
)  # fmt: skip
def test_who_may_rangestrike_whom(terrain, striker, striker_hex, target, target_hex, others, enemies, expected):
    land = BATTLELANDS[terrain]
    enemy_hexes = {target_hex, *enemies.split()}
    occupied = {striker_hex, *others.split()} | enemy_hexes
    assert can_rangestrike(land, striker, striker_hex, target, target_hex, occupied, enemy_hexes) is expected


def test_a_refusal_names_the_reason():
    refuse = rangestrike_refusal
    assert refuse(DESERT, "Warlock", "B2", "Ogre", "B1", {"B1"}, {"B1"}) == "Ogre in B1 is adjacent to B2"
    assert refuse(PLAINS, "Giant", "A1", "Titan", "A3", {"A3"}, {"A3"}) == (
        "Titan is a lord: only a Warlock may rangestrike it"
    )
    assert refuse(WOODS, "Giant", "B2", "Ogre", "D4", {"D4"}, {"D4"}) == "no line of sight from B2 to D4"


def test_rangestrike_targets():
    enemies = {"A3": "Ogre", "B4": "Centaur", "D6": "Troll", "C2": "Titan"}
    occupied = {"A1", "B3", *enemies}  # a friend in B3 stands on the line A1 A2 B3 B4
    assert rangestrike_targets(PLAINS, "Giant", "A1", enemies, occupied) == {"A3"}
    assert rangestrike_targets(PLAINS, "Warlock", "A1", enemies, occupied) == {"A3", "B4", "C2"}


# -- rangestrike terms ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("terrain", "striker", "striker_hex", "target", "target_hex", "occupied", "expected"),
    [
        ("Plains", "Giant", "A1", "Ogre", "A3", "", StrikeTerms(3, 2)),  # 7 // 2 dice, 4 - 4 + 2
        ("Plains", "Giant", "B1", "Centaur", "B4", "", StrikeTerms(3, 5)),  # range 4: skill 3
        ("Plains", "Warlock", "B1", "Centaur", "B4", "", StrikeTerms(2, 4)),  # no range penalty
        # the Dragon in the Volcano: 4 + 2 dice; at a Dragon in the Volcano: +1 (not for a Warlock)
        ("Mountains", "Dragon", "D4", "Ogre", "D2", "", StrikeTerms(6, 3, frozenset({VOLCANO_DICE}))),
        ("Mountains", "Giant", "D2", "Dragon", "D4", "", StrikeTerms(3, 4)),
        ("Mountains", "Warlock", "D2", "Dragon", "D4", "", StrikeTerms(2, 3)),
        # Brush: the Brambles C4 between B3 and D5 cost non-natives 1 skill
        ("Brush", "Giant", "B3", "Ogre", "D5", "", StrikeTerms(3, 3)),
        ("Brush", "Dragon", "B3", "Ogre", "D5", "", StrikeTerms(4, 4)),
        ("Brush", "Gorgon", "B3", "Ogre", "D5", "", StrikeTerms(3, 3)),  # a native: no loss
        # a Brambles native in Brambles (D5): +1, unless the rangestriker is native or a Warlock
        ("Brush", "Giant", "B3", "Cyclops", "D5", "", StrikeTerms(3, 4)),
        ("Brush", "Gorgon", "B3", "Cyclops", "D5", "", StrikeTerms(3, 3)),
        ("Brush", "Warlock", "B3", "Cyclops", "D5", "", StrikeTerms(2, 2)),
        # hexspine E2|E3 (E3 Brambles): the Giant takes the E2 side, unless a character stands there
        ("Brush", "Giant", "D3", "Ogre", "F2", "", StrikeTerms(3, 2)),
        ("Brush", "Giant", "D3", "Ogre", "F2", "E2", StrikeTerms(3, 3)),
        # Jungle: hexspine D3|D4, the Tree D3 leaves only the Brambles D4 (the striker's own C3 does not count)
        ("Jungle", "Giant", "C3", "Ogre", "E3", "", StrikeTerms(3, 3)),
        # Tower: 1 skill per wall climbed
        ("Tower", "Giant", "A1", "Ogre", "C3", "", StrikeTerms(3, 3)),  # one wall up
        ("Tower", "Giant", "B1", "Ogre", "D4", "", StrikeTerms(3, 5)),  # range 4 and two walls up: skill 1
        ("Tower", "Giant", "D4", "Ogre", "B1", "", StrikeTerms(3, 3)),  # range 4, the walls go down
        ("Tower", "Warlock", "B1", "Ogre", "D4", "", StrikeTerms(2, 2)),
    ],
)  # fmt: skip
def test_rangestrike_terms(terrain, striker, striker_hex, target, target_hex, occupied, expected):
    land = BATTLELANDS[terrain]
    characters = {striker_hex, target_hex, *occupied.split()}
    assert rangestrike_terms(land, striker, striker_hex, target, target_hex, characters) == expected


def test_rangestrike_terms_need_a_path_and_the_range():
    with pytest.raises(ValueError, match="no line of sight"):
        rangestrike_terms(WOODS, "Giant", "B2", "Ogre", "D4")
    with pytest.raises(ValueError, match="range 2"):
        rangestrike_terms(PLAINS, "Warlock", "A1", "Ogre", "A2")


def test_in_the_tower_the_walls_climbed_equal_the_rise_on_every_open_path():
    # hazards.md: on every path line of sight allows in the Tower battleland, the walls crossed going up equal
    # the target's elevation less the rangestriker's (when positive), and no open path climbs through D4
    tower = BATTLELANDS["Tower"]
    for striker_hex in tower.hexes:
        for target_hex in tower.hexes:
            if not 3 <= range_between(striker_hex, target_hex) <= 4:
                continue
            rise = max(0, tower.hexes[target_hex].elevation - tower.hexes[striker_hex].elevation)
            for path in open_paths(tower, striker_hex, target_hex):
                assert "D4" not in path[1:-1]
                climbed = sum(
                    hexside_between(tower, here, there) == Hexside("Wall", there) for here, there in pairwise(path)
                )
                assert climbed == rise, path
