"""Circuit geometry: space names, steps in the six directions with wrapping, and the zones around a space."""

from __future__ import annotations

from typing import Final

from engine.legacy.v1.titan_race.data import BACKWARD, COLUMNS, DIRECTIONS, FORWARD, ROWS

Space = str  # a space's name, e.g. "D4"


def space_name(column: int, row: int) -> Space:
    """'D4' for column 3 (from 0) and row 4."""
    return f"{COLUMNS[column]}{row}"


def is_space(column: int, row: int) -> bool:
    """True where a column (from 0) and a row (1-12) fit: column plus row is odd."""
    return 0 <= column < len(COLUMNS) and 1 <= row <= ROWS and (column + row) % 2 == 1


SPACES: Final[tuple[Space, ...]] = tuple(
    space_name(column, row) for row in range(1, ROWS + 1) for column in range(len(COLUMNS)) if is_space(column, row)
)
COORDINATES: Final[dict[Space, tuple[int, int]]] = {
    space_name(c, r): (c, r) for r in range(1, ROWS + 1) for c in range(len(COLUMNS)) if is_space(c, r)
}


def _step(space: Space, direction: str) -> tuple[Space, int]:
    """One step with the board's wrapping: (the space reached, laps gained: +1 over the top, -1 over the bottom).

    Leaving a side re-enters on the other side one row on (a diagonal step always changes row); leaving
    the top re-enters at the bottom, leaving the bottom re-enters at the top.
    """
    column, row = COORDINATES[space]
    d_column, d_row = DIRECTIONS[direction]
    column = (column + d_column) % len(COLUMNS)
    row += d_row
    laps = 0
    if row > ROWS:
        row -= ROWS
        laps = 1
    elif row < 1:
        row += ROWS
        laps = -1
    return space_name(column, row), laps


# The step table: (space, direction) -> (space reached, laps gained).
STEP: Final[dict[tuple[Space, str], tuple[Space, int]]] = {
    (space, direction): _step(space, direction) for space in SPACES for direction in DIRECTIONS
}


def step(space: Space, direction: str) -> tuple[Space, int]:
    """The space one step away in a direction, and the laps gained (+1 top, -1 bottom, else 0)."""
    return STEP[(space, direction)]


def before(space: Space) -> list[Space]:
    """The three spaces before a space (straight, left, right)."""
    return [STEP[(space, d)][0] for d in FORWARD]


def behind(space: Space) -> list[Space]:
    """The three spaces behind a space (straight back, back left, back right)."""
    return [STEP[(space, d)][0] for d in BACKWARD]


def adjacent(space: Space) -> list[Space]:
    """The six spaces around a space: before, then behind."""
    return before(space) + behind(space)


def direction_between(origin: Space, target: Space) -> str | None:
    """The direction of an adjacent space from a space (None if not adjacent)."""
    for direction in DIRECTIONS:
        if STEP[(origin, direction)][0] == target:
            return direction
    return None


def route_end(space: Space, steps: tuple[str, ...]) -> Space:
    """Where a plain sequence of steps ends (no circuit effects, no pushes)."""
    for direction in steps:
        space = STEP[(space, direction)][0]
    return space


def route_spaces(space: Space, steps: tuple[str, ...]) -> list[Space]:
    """The spaces a plain sequence of steps enters, in order (no circuit effects)."""
    path = []
    for direction in steps:
        space = STEP[(space, direction)][0]
        path.append(space)
    return path
