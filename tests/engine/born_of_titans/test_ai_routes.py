"""The computer Heroes' route planning: expected actions between nodes and where a Move should end."""

from __future__ import annotations

import itertools
import math

from engine.born_of_titans import ai_routes, board, odds


def test_route_joins_its_ends_by_segments() -> None:
    for start in board.QUEST_SITES.values():
        for goal in board.QUEST_SITES.values():
            path = ai_routes.route(start, goal, False)
            assert path[0] == start and path[-1] == goal
            for here, there in itertools.pairwise(path):
                assert there in board.NEIGHBOURS[here]


def test_travel_is_exact_along_a_route_of_points() -> None:
    """Between two Sites with only Points between them, travel is the exact expected Moves of that route."""
    for start in board.QUEST_SITES.values():
        for goal in board.SITES:
            path = ai_routes.route(start, goal, False)
            if len(path) > 2 and not any(board.is_site(node) for node in path[1:-1]):
                costs = [board.segment_cost(a, b, False) for a, b in itertools.pairwise(path)]
                assert ai_routes.travel(start, goal, 6, False) == odds.expected_moves(6, costs)
                return
    raise AssertionError("no route of Points only was found")


def test_travel_grows_with_distance_and_falls_with_dice() -> None:
    a, b = board.QUEST_SITES[1], board.QUEST_SITES[4]
    assert ai_routes.travel(a, a, 6, False) == 0.0 and ai_routes.travel_from(a, a, 6, False) == 0.0
    assert ai_routes.travel(a, b, 8, False) < ai_routes.travel(a, b, 5, False)
    assert ai_routes.travel(a, b, 6, True) > ai_routes.travel(a, b, 6, False)  # no Crew: the sea costs as land
    assert ai_routes.travel(a, b, 1, True) == math.inf  # one die never pays for a segment of two


def test_best_end_takes_the_goal_when_it_can_and_never_goes_back() -> None:
    start, goal = board.QUEST_SITES[3], board.QUEST_SITES[4]
    reachable = board.reachable(start, 30, False)
    assert ai_routes.best_end(reachable, start, goal, 6, False) == goal
    short = board.reachable(start, 1, False)
    end = ai_routes.best_end(short, start, goal, 6, False)
    if end is not None:
        assert ai_routes.travel(end, goal, 6, False) < ai_routes.travel(start, goal, 6, False)
