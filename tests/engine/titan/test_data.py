"""The components of Titan as the engine reads them: the reference copies, and the facts they must give."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.titan import data
from engine.titan.data import BATTLELANDS, CHAINS, CREATURES, EDGES, HEX_LABELS, HEX_NEIGHBORS, LANDS, TOWERS

SHARED = Path(__file__).resolve().parents[4] / "shared" / "reference" / "titan"


@pytest.mark.parametrize("name", ["creatures.json", "masterboard.json", "recruits.json", "battlelands.json"])
def test_the_engine_reads_the_reference_files_unchanged(name):
    if not (SHARED / name).exists():
        pytest.skip("../shared/reference/titan is not beside this checkout")
    assert (data.REFERENCE / name).read_bytes() == (SHARED / name).read_bytes()


def test_the_character_chart():
    # (power, skill, flies, rangestrikes) of the 1982 character chart
    chart = {
        "Angel": (6, 4, True, False), "Archangel": (9, 4, True, False), "Behemoth": (8, 3, False, False),
        "Centaur": (3, 4, False, False), "Colossus": (10, 4, False, False), "Cyclops": (9, 2, False, False),
        "Dragon": (9, 3, True, True), "Gargoyle": (4, 3, True, False), "Giant": (7, 4, False, True),
        "Gorgon": (6, 3, True, True), "Griffon": (5, 4, True, False), "Guardian": (12, 2, True, False),
        "Hydra": (10, 3, False, True), "Lion": (5, 3, False, False), "Minotaur": (4, 4, False, True),
        "Ogre": (6, 2, False, False), "Ranger": (4, 4, True, True), "Serpent": (18, 2, False, False),
        "Troll": (8, 2, False, False), "Unicorn": (6, 4, False, False), "Warbear": (6, 3, False, False),
        "Warlock": (5, 4, False, True), "Wyvern": (7, 3, True, False),
    }  # fmt: skip
    for name, (power, skill, flies, ranged) in chart.items():
        creature = CREATURES[name]
        assert (creature.power, creature.skill, creature.flies, creature.rangestrikes) == (power, skill, flies, ranged)
        assert creature.value == power * skill
    assert {n for n, c in CREATURES.items() if c.is_lord} == {"Titan", "Angel", "Archangel"}
    assert {n for n, c in CREATURES.items() if c.is_demilord} == {"Guardian", "Warlock"}
    assert {n for n, c in CREATURES.items() if c.returns_to_stock} == {"Angel", "Archangel", "Guardian", "Warlock"}
    assert sum(c.count for c in CREATURES.values()) == 424  # the Titans: one per colour
    assert CREATURES["Warlock"].magic_missile and not CREATURES["Giant"].magic_missile
    assert sorted(data.STARTING_LEGION) == [
        "Angel",
        "Centaur",
        "Centaur",
        "Gargoyle",
        "Gargoyle",
        "Ogre",
        "Ogre",
        "Titan",
    ]


def test_titan_power_and_value_follow_the_score():
    assert data.titan_power(0) == 6 and data.titan_power(327) == 9 and data.titan_power(1163) == 17
    assert data.character_value("Titan", 0) == 24 and data.character_value("Titan", 399) == 36
    assert data.range_strength("Dragon") == 4 and data.range_strength("Warlock") == 2


def test_the_masterboard_is_96_lands_joined_both_ways():
    assert len(LANDS) == 96 and TOWERS == (100, 200, 300, 400, 500, 600)
    assert sum(len(land.neighbors) == 2 for land in LANDS.values()) == 24  # the outer ring
    for land in LANDS.values():
        sides = {0, 2, 4} if land.inverted else {1, 3, 5}
        assert set(land.neighbors) <= sides and len(land.neighbors) >= 2  # neighbours touch long sides only
        assert land.inverted == ((land.x + land.y) % 2 == 0)
        for side, other in land.neighbors.items():
            assert LANDS[other].neighbors[(side + 3) % 6] == land.label  # the same border seen from both lands
        for sign in land.exits:
            assert land.neighbors[sign.side] == sign.to
        if land.block_side is not None:
            assert any(e.kind == "BLOCK" and e.side == land.block_side for e in land.exits)
        assert set(land.attacker_edge.values()) <= {1, 3, 5}
        assert all((side - land.label_side) % 6 == edge for side, edge in land.attacker_edge.items()) or land.is_tower
    for tower in TOWERS:
        assert LANDS[tower].is_tower and [e.kind for e in LANDS[tower].exits] == ["ARROW"] * 3
        assert set(LANDS[tower].attacker_edge.values()) == {3}


def test_recruit_chains_of_the_mastercharts():
    compact = {terrain: [(s.creature, s.needs) for s in steps] for terrain, steps in CHAINS.items()}
    assert compact["Mountains"] == [("Lion", 1), ("Minotaur", 2), ("Dragon", 2), ("Colossus", 2)]
    assert compact["Plains"] == [("Centaur", 1), ("Lion", 2), ("Ranger", 2)]
    assert set(compact) == {t for t in data.TERRAINS if t != "Tower"}
    assert data.TOWER_BASIC == ("Centaur", "Gargoyle", "Ogre")


def test_every_battleland_has_the_27_hexes_and_edges():
    assert len(HEX_LABELS) == 27 and set(BATTLELANDS) == set(data.TERRAINS)
    for land in BATTLELANDS.values():
        assert set(land.hexes) == set(HEX_LABELS)
    for label, sides in HEX_NEIGHBORS.items():
        for side, other in sides.items():
            assert HEX_NEIGHBORS[other][(side + 3) % 6] == label
    assert [len(EDGES[e]) for e in range(6)] == [3, 4, 3, 4, 3, 4]
    assert BATTLELANDS["Tower"].defender_start == ("C3", "C4", "D3", "D4", "D5", "E3", "E4")
    assert BATTLELANDS["Mountains"].hexes["D4"].terrain == "Volcano"


def test_the_rulings_page_and_the_in_app_rulings_say_the_same():
    from engine.titan.rulings import RULINGS, rules_markdown

    doc = (Path(__file__).resolve().parents[3] / "docs" / "titan.md").read_text(encoding="utf-8")
    assert rules_markdown().split("\n", 2)[2] in doc
    assert len(RULINGS) >= 10
