"""This edition's map of Born of Titans: its Sites, its segments, land and sea, and how far a Move goes."""

from __future__ import annotations

import itertools

import pytest

from engine.born_of_titans import board
from engine.born_of_titans.board import (
    CITIES,
    NEIGHBOURS,
    NODES,
    ORACLES,
    QUEST_SITES,
    SEA_MONSTER_SITES,
    SEGMENTS,
    SITES,
    UNDERWORLD_SITES,
    distance,
    is_land_segment,
    is_site,
    path_to,
    reachable,
    segment_cost,
)


def _segments_of(path: tuple[str, ...]) -> list[tuple[str, str]]:
    return list(itertools.pairwise(path))


def test_sites_of_each_kind_as_the_issue_asks():
    assert len(UNDERWORLD_SITES) == 3
    assert len(SEA_MONSTER_SITES) == 3
    assert 9 <= len(CITIES) <= 11 and "mesembria" in CITIES
    assert 3 <= len(ORACLES) <= 4
    assert sorted(QUEST_SITES) == [1, 2, 3, 4, 5, 6]
    numbers = [node.number for node in NODES.values() if node.kind == "quest"]
    assert sorted(numbers) == [1, 2, 3, 4, 5, 6]
    assert all(NODES[key].number is None for key in NODES if NODES[key].kind != "quest")
    assert set(SITES) == set(CITIES + ORACLES + UNDERWORLD_SITES + SEA_MONSTER_SITES + tuple(QUEST_SITES.values()))
    assert all(node.kind in board.KINDS for node in NODES.values())
    assert 40 <= len(board.POINTS) <= 80


def test_ids_and_names_unique_and_keys_match():
    assert all(key == node.id for key, node in NODES.items())
    assert len({node.name for node in NODES.values()}) == len(NODES)
    assert all(key.isidentifier() and key == key.lower() for key in NODES)


def test_only_sea_monster_sites_lie_at_sea():
    assert {key for key in SITES if not NODES[key].land} == set(SEA_MONSTER_SITES)
    assert any(NODES[key].land for key in board.POINTS) and any(not NODES[key].land for key in board.POINTS)


def test_segments_never_join_two_sites_nor_repeat():
    assert not [pair for pair in SEGMENTS if is_site(pair[0]) and is_site(pair[1])]
    assert len({frozenset(pair) for pair in SEGMENTS}) == len(SEGMENTS)
    for a, b in SEGMENTS:
        assert b in NEIGHBOURS[a] and a in NEIGHBOURS[b]
    assert sum(len(others) for others in NEIGHBOURS.values()) == 2 * len(SEGMENTS)


def test_every_node_reaches_every_other_through_points():
    for start in NODES:
        assert set(reachable(start, 999, False)) == set(NODES) - {start}, start


def test_land_when_both_ends_are_land_else_sea():
    assert is_land_segment("athens", "b_boeotia")  # a City and a land Point
    assert is_land_segment("b_aetolia", "b_thessaly")  # two land Points
    assert not is_land_segment("athens", "p_saronic")  # a land City and a sea Point
    assert not is_land_segment("p_hellespont", "b_hebrus")  # a sea Point and a land Point
    assert not is_land_segment("messina", "p_aeolian")  # a Sea Monster Site is at sea
    for a, b in SEGMENTS:
        assert is_land_segment(a, b) == is_land_segment(b, a) == (NODES[a].land and NODES[b].land)


def test_costs_sea_one_land_two_and_crewless_two():
    assert segment_cost("athens", "p_saronic", crewless=False) == 1
    assert segment_cost("athens", "b_boeotia", crewless=False) == 2
    assert segment_cost("athens", "p_saronic", crewless=True) == 2
    assert segment_cost("athens", "b_boeotia", crewless=True) == 2
    assert reachable("athens", 1, False) == {"p_saronic": 1}
    assert reachable("athens", 1, True) == {}
    assert reachable("athens", 2, True) == {"p_saronic": 2, "b_isthmus": 2, "b_boeotia": 2}


def test_a_site_stops_movement():
    # Avernus stands between the Bay of Naples and Lucania: the only way on by land goes through it.
    assert set(NEIGHBOURS["b_lucania"]) == {"avernus", "p_tarentum"}
    far = reachable("p_campania", 3, False)
    assert far["avernus"] == 1
    assert "b_lucania" not in far  # 1 + 2 through Avernus would do, but a Move never passes a Site
    assert distance("p_campania", "b_lucania") > 3
    # No cheapest path, wherever it goes, passes a Site on its way.
    for start in ("athens", "p_nile", "quest_6"):
        for goal in NODES:
            path = path_to(start, goal, 999, False)
            assert not [key for key in path[1:-1] if is_site(key)], (start, goal, path)


def test_a_move_may_leave_from_a_site():
    assert reachable("messina", 1, False) == {"p_aeolian": 1, "p_ionian_w": 1}


def test_first_steps_only_back_the_way_she_came():
    held = reachable("messina", 3, False, first_steps=("p_aeolian",))
    assert "p_aeolian" in held and "p_ionian_w" not in held and "syracuse" not in held
    assert path_to("messina", "syracuse", 3, False) == ("messina", "p_ionian_w", "syracuse")
    assert path_to("messina", "syracuse", 3, False, first_steps=("p_aeolian",)) == ()
    assert all(path[1] == "p_aeolian" for goal in held for path in [path_to("messina", goal, 3, False, ("p_aeolian",))])


def test_sea_monsters_guard_short_cuts_with_a_longer_way_round():
    for monster in SEA_MONSTER_SITES:
        one, other = NEIGHBOURS[monster]
        assert len(NEIGHBOURS[monster]) == 2
        around = distance(one, other)
        assert around is not None and around >= 4, (monster, around)  # never through the monster's Site


def test_path_to_is_the_cheapest_and_stable():
    path = path_to("athens", "delphi", 10, False)
    assert path == ("athens", "b_boeotia", "delphi")
    assert sum(segment_cost(a, b, False) for a, b in _segments_of(path)) == distance("athens", "delphi") == 4
    assert path_to("athens", "delphi", 3, False) == ()
    assert distance("athens", "athens") == 0
    for start, goal in itertools.product(("troy", "p_ionian", "quest_1"), SITES):
        if start != goal:
            first = path_to(start, goal, 999, False)
            assert first == path_to(start, goal, 999, False)
            assert sum(segment_cost(a, b, False) for a, b in _segments_of(first)) == distance(start, goal)


def test_example_of_play_distances():
    # "She rolls nine Navigation dice for five Successes ... moves four spaces to" Quest Site 3.
    quest_3 = QUEST_SITES[3]
    four_away = [key for key in NODES if distance(key, quest_3) == 4]
    assert "sinope" in four_away
    path = path_to("sinope", quest_3, 5, False)
    assert len(path) == 5 and not any(is_land_segment(a, b) for a, b in _segments_of(path))
    assert reachable("sinope", 5, False)[quest_3] == 4
    # "She rolls five Successes again and chooses to move to Mesembria, three Sea spaces away."
    assert distance(quest_3, "mesembria") == 3
    path = path_to(quest_3, "mesembria", 5, False)
    assert len(path) == 4 and not any(is_land_segment(a, b) for a, b in _segments_of(path))
    assert not any(is_site(key) for key in path[1:-1])
    assert reachable(quest_3, 5, False)["mesembria"] == 3


def test_distances_between_sites_fit_a_game_of_a_few_turns():
    trips = [distance(a, b) for a, b in itertools.combinations(SITES, 2)]
    assert all(trip is not None and trip >= 2 for trip in trips)
    assert sum(3 <= trip <= 12 for trip in trips) / len(trips) >= 0.6
    assert max(trips) <= 28


@pytest.mark.parametrize("kind", ["city", "oracle", "underworld", "quest", "sea_monster"])
def test_map_markdown_names_every_site_of_each_kind(kind):
    text = board.map_markdown()
    assert f"{len(SITES)} Sites" in text and f"{len(board.POINTS)} Points" in text
    assert f"{len(SEGMENTS)} segments" in text
    for key in SITES:
        if NODES[key].kind == kind:
            assert f"- {NODES[key].name}: " in text
