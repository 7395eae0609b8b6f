"""Battle Titan's record of the war: battle points per player and by kind of result, trophies, counters returned.

Kept in the state only under the Battle Titan variant (`TitanState.war` is None in standard Titan, and its
saves have no such field). Battle points also go into each player's score (Titan power and angels, a
ruling in docs/titan.md), so under the variant `points[seat]` equals the player's score and the sum of his
kinds; the record keeps them apart for the final reckoning, which adds half the value of the living.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool

from engine.core.positions import Count, Fields
from engine.titan.data import CREATURES, TOWERS

# The kinds of result that score (docs/titan.md, "Battle Titan: rulings"): the house rules' 2.B in a word each.
ATTACK_WON = "attack won"  # full points for the enemy dead (half for a flight, as in the standard game)
ATTACK_LOST = "attack lost"  # warmongering: half the greater of the kills and the attackers, at most the enemy
DEFENCE_WON = "defence won"  # half points for the attackers killed
KINDS: tuple[str, ...] = (ATTACK_WON, ATTACK_LOST, DEFENCE_WON)


class WarRecord:
    """Per player: battle points, the same split by kind of result, the trophies (kills by character);
    and the counters that went back to the stock instead of being retired (2.B.3)."""

    __slots__ = (
        "appeared",
        "ends",
        "kinds",
        "points",
        "returned",
        "round_clock",
        "seconds",
        "spawn_answers",
        "spawn_tower",
        "trophies",
    )

    def __init__(self, players: int) -> None:
        self.points = [0] * players
        self.kinds: list[dict[str, int]] = [{} for _ in range(players)]
        self.trophies: list[dict[str, int]] = [{} for _ in range(players)]
        self.returned: dict[str, int] = {}
        self.seconds = 0  # the game's clock: time it has been open (endings.py; only `Titan.add_time` moves it)
        self.round_clock: list[int] = []  # under the time ending, the clock at each round's end (for the replay)
        self.appeared = False  # the ending's creature has been mustered at least once
        self.ends = False  # the agreed end has come: the game ends at the end of this round
        self.spawn_tower = 0  # the Tower drawn for this turn's respawn (0: nobody spawns this turn; respawn.py)
        self.spawn_answers: list[str] = []  # the spawning player's picks so far

    def add_points(self, seat: int, kind: str, points: int) -> None:
        self.points[seat] += points
        self.kinds[seat][kind] = self.kinds[seat].get(kind, 0) + points

    def add_trophies(self, seat: int, names: list[str]) -> None:
        for name in names:
            self.trophies[seat][name] = self.trophies[seat].get(name, 0) + 1

    def add_returned(self, name: str) -> None:
        self.returned[name] = self.returned.get(name, 0) + 1

    def copy(self) -> WarRecord:
        return WarRecord.__new__(WarRecord).take(self)

    def take(self, other: WarRecord | WarRecordFields) -> WarRecord:
        """This record made a copy of `other` (another record, or one's saved fields); returns itself."""
        self.points = list(other.points)
        self.kinds = [dict(kinds) for kinds in other.kinds]
        self.trophies = [dict(trophies) for trophies in other.trophies]
        self.returned = dict(other.returned)
        self.seconds, self.appeared, self.ends = other.seconds, other.appeared, other.ends
        self.spawn_tower, self.spawn_answers = other.spawn_tower, list(other.spawn_answers)
        self.round_clock = list(other.round_clock)
        return self

    def snapshot(self) -> dict[str, Any]:
        """JSON-ready fields (keys sorted, so equal records give equal snapshots); the clock at the rounds' ends
        only once one is kept (under the time ending: a save from before it was kept reads back as written)."""
        fields = {name: _sorted(getattr(self, name)) for name in WarRecord.__slots__}
        if not self.round_clock:
            del fields["round_clock"]
        return fields


def _sorted(value: Any) -> Any:
    """A field, JSON-ready: its lists and dicts anew, the dicts' keys sorted (the record holds ints, bools, names,
    and lists and dicts of them, dicts at most one level down)."""
    if isinstance(value, list):
        return [_sorted(item) for item in value]
    if isinstance(value, dict):
        return dict(sorted(value.items()))
    return value


_Name = Literal[tuple(sorted(CREATURES))]  # type: ignore[valid-type]
_Points = Count(1_000_000)
_Many = Count(100_000)


class WarRecordFields(Fields):
    """The record as saved."""

    points: Annotated[list[_Points], Field(min_length=2, max_length=6)]
    kinds: Annotated[list[dict[Literal[KINDS], _Points]], Field(min_length=2, max_length=6)]  # type: ignore[valid-type]
    trophies: Annotated[list[dict[_Name, _Many]], Field(min_length=2, max_length=6)]
    returned: dict[_Name, _Many]
    seconds: Count(100_000_000) = 0
    appeared: StrictBool = False
    ends: StrictBool = False
    spawn_tower: Literal[(0, *TOWERS)] = 0  # type: ignore[valid-type]
    spawn_answers: Annotated[list[_Name], Field(max_length=8)] = Field(default_factory=list)
    round_clock: Annotated[list[Count(100_000_000)], Field(max_length=10_000)] = Field(default_factory=list)


def restore_record(fields: WarRecordFields, players: int) -> WarRecord:
    """The record from its saved fields; ValueError if they do not fit the players."""
    if not len(fields.points) == len(fields.kinds) == len(fields.trophies) == players:
        raise ValueError("its record of the war does not match its players")
    if fields.round_clock != sorted(fields.round_clock) or fields.round_clock[-1:] > [fields.seconds]:
        raise ValueError("its clock at the ends of rounds does not run forward to its clock")
    return WarRecord.__new__(WarRecord).take(fields)
