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

# The kinds of result that score (docs/titan.md, "Battle Titan: rulings"): the seed's 2.B in a word each.
ATTACK_WON = "attack won"  # full points for the enemy dead (half for a flight, as in the standard game)
ATTACK_LOST = "attack lost"  # warmongering: at least half the attackers' value, at most the enemy legion's
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
        new = WarRecord.__new__(WarRecord)
        new.points = list(self.points)
        new.kinds = [dict(kinds) for kinds in self.kinds]
        new.trophies = [dict(trophies) for trophies in self.trophies]
        new.returned = dict(self.returned)
        new.seconds, new.appeared, new.ends = self.seconds, self.appeared, self.ends
        new.spawn_tower, new.spawn_answers = self.spawn_tower, list(self.spawn_answers)
        return new

    def snapshot(self) -> dict[str, Any]:
        """JSON-ready fields (keys sorted, so equal records give equal snapshots)."""
        return {
            "points": list(self.points),
            "kinds": [dict(sorted(kinds.items())) for kinds in self.kinds],
            "trophies": [dict(sorted(trophies.items())) for trophies in self.trophies],
            "returned": dict(sorted(self.returned.items())),
            "seconds": self.seconds,
            "appeared": self.appeared,
            "ends": self.ends,
            "spawn_tower": self.spawn_tower,
            "spawn_answers": list(self.spawn_answers),
        }


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


def restore_record(fields: WarRecordFields, players: int) -> WarRecord:
    """The record from its saved fields; ValueError if they do not fit the players."""
    if not len(fields.points) == len(fields.kinds) == len(fields.trophies) == players:
        raise ValueError("its record of the war does not match its players")
    record = WarRecord(players)
    record.points = list(fields.points)
    record.kinds = [dict(kinds) for kinds in fields.kinds]
    record.trophies = [dict(trophies) for trophies in fields.trophies]
    record.returned = dict(fields.returned)
    record.seconds, record.appeared, record.ends = fields.seconds, fields.appeared, fields.ends
    record.spawn_tower, record.spawn_answers = fields.spawn_tower, list(fields.spawn_answers)
    return record
