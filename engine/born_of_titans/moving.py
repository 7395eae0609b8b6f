"""The Move action (rulings 5-8): the Navigation roll, Courses, where they reach, and arriving."""

from __future__ import annotations

from functools import lru_cache

from engine.born_of_titans import board, moments
from engine.born_of_titans.state import BornState, MoveRoll, Phase
from engine.born_of_titans.table import hero_name, roll, successes, totals
from engine.core.records import NoDecision


def start(state: BornState) -> None:
    """Roll her Navigation (Hero + Ally + Crew counter while she has Crew + Gear); each Success is a Course."""
    seat = state.mover
    count = totals(state, seat)["navigation"]
    dice = roll(state, count)
    state.move = MoveRoll(dice=dice, mod=0)
    state.log.append(f"{hero_name(state, seat)} rolls {count} Navigation dice: {_successes_words(successes(dice))}.")
    state.phase = Phase.MOVE
    moments.begin(state, "move_roll", roll_owner=seat, skip=seat)  # her Move's decision follows: she plays there


def _successes_words(count: int) -> str:
    return "1 Success" if count == 1 else f"{count} Successes"


def courses(state: BornState) -> int:
    """The Courses of the Move in progress: its Successes and Poseidon's change, never below 0."""
    move = state.move
    if not isinstance(move, MoveRoll):
        return 0
    return max(0, successes(move.dice) + move.mod)


def first_steps(state: BornState, seat: int) -> tuple[str, ...] | None:
    """Where her first segment may go: from a Sea Monster Site not yet passed, only back the way she came
    (ruling 8); None: anywhere."""
    sheet = state.sheets[seat]
    node = sheet.node
    if node is None or node not in state.sea_monsters or sheet.passage:
        return None
    return (sheet.came_from,) if sheet.came_from else ()


def reachable(state: BornState, seat: int, budget: int) -> dict[str, int]:
    """Every node she can reach with `budget` Courses (not where she stands), with its cost."""
    sheet = state.sheets[seat]
    if sheet.node is None or budget <= 0:
        return {}
    return dict(_reachable(sheet.node, budget, sheet.crew == 0, first_steps(state, seat)))


@lru_cache(maxsize=4096)
def _reachable(start: str, budget: int, crewless: bool, first: tuple[str, ...] | None) -> tuple[tuple[str, int], ...]:
    """The map's search, remembered (the legal list, the legality check and the view all ask it)."""
    found = board.reachable(start, budget, crewless, first)
    return tuple((node, cost) for node, cost in found.items() if node != start)


def _came_from(state: BornState, seat: int, node: str, budget: int) -> str:
    """The node she stepped from to reach `node` on the cheapest way there."""
    sheet = state.sheets[seat]
    path = board.path_to(str(sheet.node), node, budget, sheet.crew == 0, first_steps(state, seat))
    return path[-2] if len(path) >= 2 else str(sheet.node)


def move_to(state: BornState, node: str) -> None:
    """End the Move on `node` (the Courses left are lost, ruling 7)."""
    seat = state.mover
    sheet = state.sheets[seat]
    budget = courses(state)
    came_from = _came_from(state, seat, node, budget)
    state.log.append(f"{hero_name(state, seat)} moves to {board.NODES[node].name}.")
    sheet.node = node
    sheet.came_from = came_from
    sheet.passage = False
    sheet.in_city = board.NODES[node].kind == "city" and node not in state.encounters
    state.move = NoDecision()
    state.phase = Phase.TURN


def stop(state: BornState) -> None:
    """End the Move where she stands."""
    state.log.append(f"{hero_name(state, state.mover)} stays at {_where(state, state.mover)}.")
    state.move = NoDecision()
    state.phase = Phase.TURN


def _where(state: BornState, seat: int) -> str:
    node = state.sheets[seat].node
    return board.NODES[node].name if node else "nowhere"
