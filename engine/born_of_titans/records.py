"""The records a Born of Titans position is made of, each field declared once (engine/core/records.py derives
copying, saving and validated restoring): the phase, every counter's serial id, the types a saved position is
validated against, and the decisions under way. `state.BornState` holds them."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from engine.born_of_titans.board import NODES
from engine.born_of_titans.data import (
    CREWS,
    DIVINE_PILE,
    ENCOUNTER_PILE,
    GEAR_PILE,
    HEROES,
    MAX_CREW,
    MAX_PROPHECY,
    QUEST_PILE,
    SEA_MONSTER_PILE,
)
from engine.core.positions import Text
from engine.core.records import Between, Decision, Record, field


class Phase(StrEnum):
    """What kind of decision the game waits for (flow as data: choices.STEPS has a row for each; docs/born-of-titans.md,
    the phases table)."""

    CHOOSE_HERO = "choose_hero"
    CHOOSE_START = "choose_start"
    PLACE_QUEST = "place_quest"
    TURN = "turn"
    MOVE = "move"
    UNDERWORLD = "underworld"
    CHALLENGE = "challenge"
    ALLY = "ally"
    SACRIFICE = "sacrifice"
    RESTOCK = "restock"
    REACT = "react"
    GAME_OVER = "game_over"


# Every counter that can be face down has a serial id; its kind is fixed by the id, its face is the state's
# (`faces`), so a bot's copy can deal the faces it has not seen anew.
PileKind = Literal["encounter", "sea_monster", "quest", "divine", "gear"]
PILES: dict[PileKind, tuple[str, ...]] = {
    "encounter": ENCOUNTER_PILE,
    "sea_monster": SEA_MONSTER_PILE,
    "quest": QUEST_PILE,
    "divine": DIVINE_PILE,
    "gear": GEAR_PILE,
}
KINDS: tuple[str, ...] = tuple(kind for kind, pile in PILES.items() for _ in pile)
START_FACES: tuple[str, ...] = tuple(key for pile in PILES.values() for key in pile)
IDS: dict[str, range] = {}
_first = 0
for _kind, _pile in PILES.items():
    IDS[_kind] = range(_first, _first + len(_pile))
    _first += len(_pile)
COUNTERS = len(KINDS)
MAX_SEATS = 4

# The types a saved position is validated against (a field's annotation is its validation type).
if TYPE_CHECKING:  # the names are known only at run time: to the type checker they are strings
    NodeId = str
    FaceKey = str
    HeroKey = str
    CrewKey = str
else:
    NodeId = Literal[tuple(NODES)]
    FaceKey = Literal[tuple(sorted(set(START_FACES)))]
    HeroKey = Literal[tuple(HEROES)]
    CrewKey = Literal[tuple(CREWS)]
ShieldKey = Literal["1", "2", "3", "4", "5", "6"]  # a Shield of the Crew Sheet, numbered as the Quest Sites
Id = Annotated[int, Between(0, COUNTERS - 1)]
Seat = Annotated[int, Between(0, MAX_SEATS - 1)]
SeatOrNone = Annotated[int, Between(-1, MAX_SEATS - 1)]  # -1: no seat
Die = Annotated[int, Between(1, 6)]
Attribute = Literal["", "battle", "navigation", "wits"]  # "": not chosen yet
FoeKind = Literal["encounter", "sea_monster", "quest"]
Outcome = Literal["won", "retreated", "defeated"]
MomentKind = Literal["challenge_start", "challenge_roll", "move_roll", "crew_for_hire", "dragons_teeth", "turn_end"]


# -- the decisions under way (each NoDecision while there is none, saved as {}) ------------------------------------
class Turn(Decision):
    """The mover's turn so far (NoDecision during the set-up)."""

    regular: Annotated[int, Between(0, 10)]  # regular actions used
    extra: Annotated[int, Between(0, 100)]  # actions Fair Weather gave her, still to use
    argo: bool  # the Argo used this turn
    over: bool  # no action left to start (ended, lost, or her Hero finished)
    ending: bool | None = field(default=None, absent=True)  # she ended it (set once, as it ends): its moment follows


class MoveRoll(Decision):
    """The Move in progress: its Navigation roll and Poseidon's change of its Courses."""

    dice: Annotated[list[Die], Field(max_length=60)]
    mod: Annotated[int, Between(-60, 60)]


class Challenge(Decision):
    """The Challenge in progress: who, where, the foe, the attribute chosen, and the Divine counters' effects."""

    seat: Seat
    node: NodeId
    foe: Id
    foe_kind: FoeKind
    attribute: Attribute  # the Hero's attribute rolled
    monster_attribute: Attribute  # the foe's number it is rolled against (another under Athena's pair)
    successes: Annotated[int, Between(0, 1000)]
    committed: Annotated[int, Between(0, MAX_PROPHECY * 50)]  # Prophecy committed (a die each, every roll)
    kills: Annotated[int, Between(1, 3)]  # Crew each attack kills (Ares)
    athena_dice: Annotated[int, Between(0, 1000)]
    any_attribute: bool  # Athena's pair: any of her totals against any of the foe's numbers
    lion_skin: bool  # the Nemean Lion Skin worn: no Crew lost to attacks
    less: Annotated[int, Between(0, 1000)]  # Aphrodite: the foe's number lowered by


class Ended(Decision):
    """The Challenge just over, shown until the next decision (a position saved before the game kept it has none)."""

    seat: Seat
    foe: FaceKey  # by face: the counter may go back face down to its pile
    foe_name: Text
    foe_kind: FoeKind
    attribute: Attribute
    successes: Annotated[int, Between(0, 1000)]
    needed: Annotated[int, Between(0, 1000)]
    last_roll: Annotated[list[Die], Field(max_length=1000)]
    rolls: Annotated[int, Between(0, 1000)]
    outcome: Outcome


class Moment(Decision):
    """A moment to react in progress (ruling 26): its kind, who is asked, passes in a row, whose roll it is, the
    phase it goes back to, and what rules version 2 added (absent from a moment of version 1)."""

    kind: MomentKind
    asked: Seat
    passes: Annotated[int, Between(0, MAX_SEATS * 2)]
    roll_owner: SeatOrNone
    back: Phase
    over: bool | None = field(default=None, absent=True)  # set once all asked have passed in a row
    dice: Annotated[list[Die], Field(max_length=1)] | None = field(default=None, absent=True)  # a Crew roll to count
    skip: SeatOrNone | None = field(default=None, absent=True)  # the mover, asked once a counter is played (-1: none)


# -- the Crew Sheets -------------------------------------------------------------------------------------------
class Quest(Record):
    """Her current Quest: its counter, the Site it lies on, the number of the Quest Site it came from (the Shield
    it fills), and whether it has turned up."""

    __record_sorted_keys__ = True  # saved with its keys in sorted order

    id: Id
    site: NodeId
    origin: Annotated[int, Between(1, 6)]
    revealed: bool


class Sheet(Record):
    """One player's Hero and Crew Sheet: Crew, Prophecy, where the Hero stands, her counters and her Quest."""

    hero: HeroKey | None = None  # a key of data.HEROES
    crew_counter: CrewKey | None = None  # a key of data.CREWS (face up)
    crew: Annotated[int, Between(0, MAX_CREW)] = 0
    prophecy: Annotated[int, Between(0, MAX_PROPHECY)] = 0
    node: NodeId | None = None  # where the Hero stands (None: not on the map)
    came_from: NodeId | None = None  # the Point she last left to reach the Site she stands on
    in_city: bool = False  # inside the City she stands on (its Encounter dealt with)
    passage: bool = False  # has defeated the Sea Monster of the Site she stands on
    quests: Annotated[dict[ShieldKey, Id], Field(max_length=6)] = field(default_factory=dict, sort=True)  # completed
    gear: Id | None = None  # counter id (face up)
    ally: Id | None = None  # counter id of an ally Encounter (face up)
    divine: Annotated[list[Id], Field(max_length=COUNTERS)] = field(default_factory=list)  # face down to the others
    lose_turn: bool = False
    finished: Annotated[int, Between(1, MAX_SEATS)] | None = None  # her place once she has completed three Quests
    quest: Quest | None = None  # None while unplaced
