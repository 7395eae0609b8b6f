"""Battle Titan's record of the war: battle points per player and by kind of result, trophies, counters returned.

Kept in the state only under the Battle Titan variant (`TitanState.war` is None in standard Titan, and its
saves have no such field). Battle points also go into each player's score (Titan power and angels, a
ruling in docs/titan.md), so under the variant `points[seat]` equals the player's score and the sum of his
kinds; the record keeps them apart for the final reckoning, which adds half the value of the living.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias

from pydantic import Field, StrictBool

from engine.core.records import Between, Record, field
from engine.titan.data import TOWERS
from engine.titan.fields import CharacterName

# The kinds of result that score (docs/titan.md, "Battle Titan: rulings"): the house rules' 2.B in a word each.
ATTACK_WON = "attack won"  # full points for the enemy dead (half for a flight, as in the standard game)
ATTACK_LOST = "attack lost"  # warmongering: half the greater of the kills and the attackers, at most the enemy
DEFENCE_WON = "defence won"  # half points for the attackers killed
KINDS: tuple[str, ...] = (ATTACK_WON, ATTACK_LOST, DEFENCE_WON)

if TYPE_CHECKING:  # the kinds and the towers, which a type checker reads as the strings and ints they are
    _Kind: TypeAlias = str
    _SpawnTower: TypeAlias = int
else:  # validated against the kinds and the towers themselves (0: none drawn)
    _Kind = Literal[KINDS]
    _SpawnTower = Literal[(0, *TOWERS)]
_Points = Annotated[int, Between(0, 1_000_000)]
_Many = Annotated[int, Between(0, 100_000)]
_Seconds = Annotated[int, Between(0, 100_000_000)]


class WarRecord(Record):
    """Per player: battle points, the same split by kind of result, the trophies (kills by character);
    and the counters that went back to the stock instead of being retired (2.B.3)."""

    points: Annotated[list[_Points], Field(min_length=2, max_length=6)]
    kinds: Annotated[list[dict[_Kind, _Points]], Field(min_length=2, max_length=6)]
    trophies: Annotated[list[dict[CharacterName, _Many]], Field(min_length=2, max_length=6)]
    returned: dict[CharacterName, _Many]
    seconds: _Seconds = 0  # the game's clock: time it has been open (endings.py; only `Titan.add_time`)
    # under the time ending, the clock at each round's end (for the replay); saved once one is kept
    round_clock: Annotated[list[_Seconds], Field(max_length=10_000)] = field(default_factory=list)
    appeared: StrictBool = False  # the ending's creature has been mustered at least once
    ends: StrictBool = False  # the agreed end has come: the game ends at the end of this round
    spawn_tower: _SpawnTower = 0  # the Tower drawn for this turn's respawn
    spawn_answers: Annotated[list[CharacterName], Field(max_length=8)] = field(default_factory=list)  # the picks so far

    @classmethod
    def begun(cls, players: int) -> WarRecord:
        """The record at the start of a game: nothing scored, taken or returned."""
        return cls(
            points=[0] * players, kinds=[{} for _ in range(players)], trophies=[{} for _ in range(players)], returned={}
        )

    def add_points(self, seat: int, kind: str, points: int) -> None:
        self.points[seat] += points
        self.kinds[seat][kind] = self.kinds[seat].get(kind, 0) + points

    def add_trophies(self, seat: int, names: list[str]) -> None:
        for name in names:
            self.trophies[seat][name] = self.trophies[seat].get(name, 0) + 1

    def add_returned(self, name: str) -> None:
        self.returned[name] = self.returned.get(name, 0) + 1

    def snapshot(self) -> dict[str, Any]:
        """JSON-ready fields, keys sorted and every dict's keys sorted (equal records give equal snapshots); the
        clock at the rounds' ends only once one is kept (a save from before it was kept reads back as written)."""
        fields = {spec.name: _sorted(getattr(self, spec.name)) for spec in sorted(_FIELDS, key=lambda f: f.name)}
        if not self.round_clock:
            del fields["round_clock"]
        return fields


_FIELDS = WarRecord.__record_fields__


def _sorted(value: Any) -> Any:
    """A field, JSON-ready: its lists and dicts anew, the dicts' keys sorted (the record holds ints, bools, names,
    and lists and dicts of them, dicts at most one level down)."""
    if isinstance(value, list):
        return [_sorted(item) for item in value]
    if isinstance(value, dict):
        return dict(sorted(value.items()))
    return value


def war_fits(record: WarRecord, players: int) -> None:
    """ValueError if a record read back from a save does not fit the players, or its clock runs backwards."""
    if not len(record.points) == len(record.kinds) == len(record.trophies) == players:
        raise ValueError("its record of the war does not match its players")
    if record.round_clock != sorted(record.round_clock) or record.round_clock[-1:] > [record.seconds]:
        raise ValueError("its clock at the ends of rounds does not run forward to its clock")
