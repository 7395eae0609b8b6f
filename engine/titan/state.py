"""The state of a game of Titan: players, legions, the stock, the turn and, while one is fought, the battle.

A legion's contents are secret: besides its owner, each seat knows only the characters it has seen
(`Legion.known[seat]`, a sub-multiset of the contents); `view.py` draws from that and nothing else. Characters
shown in a legion (`reveal`) are known to be there, at least that many of each; a character joining or leaving in
everyone's sight (`add`, `remove`) is counted in or out of what each seat knows; a split forgets (`forget`).
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias, cast

from pydantic import Field, StrictBool, StrictInt, StringConstraints

from engine.core import GameState
from engine.core.positions import Text
from engine.core.records import Between, Decision, NoDecision, OwnRecord, Record, field
from engine.titan.battle_state import Battle
from engine.titan.battle_titan.war_record import WarRecord, war_fits
from engine.titan.data import CREATURES, STARTING_LEGION, TITAN, TOWERS, power_of
from engine.titan.fields import CharacterName, Characters, Land, MarkerText, SeatIndex
from engine.titan.sides import ATTACKER, DEFENDER


class Phase(StrEnum):
    """What kind of decision the game waits for (flow as data)."""

    SPLIT = "split"  # the mover splits legions (first turn: the 8 must become two 4s, a lord in each)
    MOVE = "move"  # roll for movement, then move legions one at a time (first turn: one mulligan)
    ENGAGE = "engage"  # the mover chooses the next engagement to resolve
    ENGAGEMENT = "engagement"  # before battle: flee, concede, propose or accept terms, or fight
    MANEUVER = "maneuver"  # a battle side moves (and first brings on) its characters
    STRIKE = "strike"  # a battle side strikes and rangestrikes; then the other side strikes back
    CARRY = "carry"  # the striker places the hits left over after a kill
    AFTERMATH = "aftermath"  # after an engagement: summon an angel, muster a reinforcement, take angels
    MUSTER = "muster"  # the mover's legions that moved may muster
    SPAWN = "spawn"  # Battle Titan: a wiped-out player picks his new legion's creatures (respawn.py)
    GAME_OVER = "game_over"


COLOURS: tuple[str, ...] = ("Black", "Blue", "Brown", "Gold", "Green", "Red")
COLOUR_CODES: dict[str, str] = {"Black": "Bk", "Blue": "Bu", "Brown": "Br", "Gold": "Gd", "Green": "Gr", "Red": "Rd"}


# -- what is being decided ---------------------------------------------------------------------------------------


class Engagement(Decision):
    """The engagement being resolved [9]: where, between which legions, and the terms on the table (`proposer`
    -1 while none are; `eliminated` "attacker", "defender" or "both", the survivor giving up `losses`)."""

    land: StrictInt
    attacker: Text  # the loser's marker may be back in the box (the aftermath)
    defender: Text
    proposals: StrictInt = 0
    proposer: StrictInt = -1
    eliminated: Text = ""
    losses: Annotated[list[Text], Field(max_length=40)] = field(default_factory=list)


class Aftermath(Decision):
    """After an engagement: the winning legion and what it may still take (the angels its points earned, a summon
    if the attacker won, a reinforcement if the defender did) [17, 15, 9]."""

    winner: MarkerText
    angels: Annotated[list[Text], Field(max_length=40)]
    summon: StrictBool
    reinforce: StrictBool


if TYPE_CHECKING:  # the towers and colours, which a type checker reads as the ints and strings they are
    Tower: TypeAlias = int
    Colour: TypeAlias = str
else:  # validated against the towers and colours themselves
    Tower = Literal[tuple(TOWERS)]
    Colour = Literal[COLOURS]
Counters = Annotated[int, Between(0, 30)]  # the counters of one character type
SplitFrom = Annotated[str, StringConstraints(strict=True, pattern=r"^((Bk|Bu|Br|Gd|Gr|Rd)(0[1-9]|1[0-2]))?$")]


class Player(Record):
    """One seat's Titan player: tower, colour, score, legion markers not in use, and whether he is still in."""

    tower: Tower
    colour: Colour
    score: Annotated[int, Between(0, 1_000_000)] = 0
    alive: StrictBool = True
    free_markers: Annotated[list[MarkerText], Field(max_length=72)]
    mulligan_used: StrictBool = False

    @classmethod
    def seated(cls, tower: int, colour: str) -> Player:
        """A player at the start: his twelve markers free."""
        code = COLOUR_CODES[colour]
        return cls(tower=tower, colour=colour, free_markers=[f"{code}{number:02d}" for number in range(1, 13)])

    @property
    def titan_power(self) -> int:
        """6 + score // 100 [19.1]."""
        return power_of(TITAN, self.score)

    def take_marker(self) -> str:
        """The lowest free legion marker, now in use (ValueError when none is left)."""
        if not self.free_markers:
            raise ValueError("no legion marker is free")
        return self.free_markers.pop(0)

    def free_marker(self, marker: str) -> None:
        """A marker back among the free ones (kept sorted)."""
        self.free_markers = sorted([*self.free_markers, marker])


class Legion(Record):
    """A stack of 1 to 7 characters under a marker, on a land, and what each other seat knows of it."""

    marker: MarkerText
    owner: SeatIndex
    land: Land
    contents: Characters  # kept sorted
    moved: StrictBool = False  # this turn (a normal move or a teleport)
    # the battleland edge it attacks from, had it entered an enemy's land (-1 none)
    attack_edge: Annotated[int, Between(-1, 5)] = -1
    teleport: Literal["", "tower", "titan"] = ""  # how it moved this turn
    mustered: StrictBool = False  # this turn (a muster or a reinforcement)
    split_from: SplitFrom = ""  # the marker it was split from this turn ("" if none)
    known: Annotated[list[Characters], Field(min_length=2, max_length=6)]  # per seat: the characters it has seen

    @classmethod
    def formed(cls, marker: str, owner: int, land: int, contents: list[str], seats: int) -> Legion:
        """A new legion: nobody but its owner knows what is in it."""
        return cls(marker=marker, owner=owner, land=land, contents=sorted(contents), known=[[] for _ in range(seats)])

    @property
    def height(self) -> int:
        """How many characters it holds (public)."""
        return len(self.contents)

    @property
    def has_titan(self) -> bool:
        return TITAN in self.contents

    @property
    def has_lord(self) -> bool:
        """Titan, Angel or Archangel: no flight from battle, tower teleport allowed."""
        return any(CREATURES[name].is_lord for name in self.contents)

    def knows(self, seat: int) -> list[str]:
        """What `seat` knows of the contents: all of it for the owner."""
        return list(self.contents) if seat == self.owner else list(self.known[seat])

    def reveal(self, seats: list[int] | range, characters: list[str] | None = None) -> None:
        """`seats` are shown `characters` (all the contents if None) in this legion: they know at least that many
        of each to be there (what they knew already is not counted twice). A character joining is `add`."""
        shown = sorted(self.contents if characters is None else characters)
        for seat in seats:
            if seat == self.owner:
                continue
            merged = list(self.known[seat])
            for name in set(shown):
                missing = shown.count(name) - merged.count(name)
                merged.extend([name] * max(0, missing))
            self.known[seat] = sorted(merged)

    def public(self) -> list[str]:
        """What every other seat knows of the contents (shown to all, not only to one engaged player)."""
        others = [known for seat, known in enumerate(self.known) if seat != self.owner]
        if not others:
            return []
        common = list(others[0])
        for known in others[1:]:
            common = [name for name in set(common) for _ in range(min(common.count(name), known.count(name)))]
        return sorted(common)

    def forget(self) -> None:
        """Nobody but the owner knows anything of it (after a split)."""
        self.known = [[] for _ in self.known]

    def add(self, name: str) -> None:
        """A character joins in everyone's sight (mustered, a reinforcement, an angel taken or summoned, one
        going back to its donor): every other seat knows one more of it, besides those it knew."""
        self.contents = sorted([*self.contents, name])
        for seat, known in enumerate(self.known):
            if seat != self.owner:
                self.known[seat] = sorted([*known, name])

    def remove(self, name: str) -> None:
        """A character leaves in everyone's sight (slain, summoned away, given up, sent back): each other seat
        knows one fewer of it. One it had seen goes; of the ones it had not, it learns nothing."""
        self.contents.remove(name)
        for known in self.known:
            if name in known:
                known.remove(name)


def starting_stock(players: int) -> dict[str, int]:
    """The counters left in the box once every player has his starting legion (Titans are not in stock)."""
    stock = {name: creature.count for name, creature in CREATURES.items() if name != TITAN}
    for name in STARTING_LEGION:
        if name != TITAN:
            stock[name] -= players
    return stock


class TitanState(OwnRecord, GameState):
    """A game of Titan between 2 and 6 players."""

    players: Annotated[list[Player], Field(min_length=2, max_length=6)]
    legions: dict[str, Legion] = field(keyed_by="marker")  # by marker; saved as a list in their order
    stock: dict[CharacterName, Counters] = field(sort=True)  # counters left per character type
    slain: dict[CharacterName, Counters] = field(sort=True)  # creatures out of the game for good, per type (public)
    phase: Phase
    mover: SeatIndex  # whose turn it is
    decider: SeatIndex  # who must decide now (the mover, or the other side of an engagement or battle)
    # game turns played, counted from 1 (a game turn: every player once)
    turn_number: Annotated[int, Between(1, 100_000)]
    first_turns: Annotated[list[StrictBool], Field(min_length=2, max_length=6)]  # per seat: still in his first turn
    roll: Annotated[int, Between(0, 6)]  # the movement roll (0 before it is made)
    teleported: StrictBool  # a legion teleported this movement phase
    summoned: StrictBool  # the mover summoned an angel this engagement phase
    order: Annotated[list[SeatIndex], Field(min_length=2, max_length=6)]  # seats in turn order (descending towers)
    winner: Annotated[int, Between(-2, 5)]  # -1 none yet; -2 a draw
    engagement: NoDecision | Engagement  # the engagement being resolved: land, attacker, defender, terms on the table
    aftermath: NoDecision | Aftermath  # after an engagement: the winning legion and what it may still take
    battle: Battle | None  # the battle being fought, or None
    # Battle Titan's points, trophies and counters returned; None (and not saved) in standard Titan, whose
    # positions keep the shape they always had
    war: WarRecord | None = field(absent=True)

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        return None if self.phase == Phase.GAME_OVER else self.decider

    def engagement_now(self) -> Engagement:
        """The engagement being resolved (there is one)."""
        return cast(Engagement, self.engagement)

    def aftermath_now(self) -> Aftermath:
        """The aftermath of the engagement won (there is one)."""
        return cast(Aftermath, self.aftermath)

    def legions_of(self, seat: int) -> list[Legion]:
        """A seat's legions, by marker."""
        return [legion for marker, legion in sorted(self.legions.items()) if legion.owner == seat]

    def legions_on(self, land: int) -> list[Legion]:
        """The legions on a land, by marker."""
        return [legion for marker, legion in sorted(self.legions.items()) if legion.land == land]


def seen(state: TitanState, legion: Legion, seat: int) -> list[str]:
    """What `seat` has seen of a legion: all of it if it is its own or fights on a battleland (in everyone's
    sight), else what it knows."""
    fight = state.battle
    if legion.owner == seat or (fight is not None and legion.marker in (fight.attacker, fight.defender)):
        return legion.contents
    return legion.known[seat]


_BOX = {name: creature.count for name, creature in CREATURES.items() if name != TITAN}


def unseen(state: TitanState, seat: int) -> Counter[str]:
    """The characters in other players' legions that `seat` has not seen, by name (Titans apart): the box less
    the stock, the slain, the seat's own and everything it has seen. In the order of `CREATURES`."""
    counted: dict[str, int] = {}
    for legion in state.legions.values():
        for name in seen(state, legion, seat):
            counted[name] = counted.get(name, 0) + 1
    if state.battle is not None:  # the slain, and those held off the battleland (Battle Titan): all seen
        for name in [*state.battle.gone["attacker"], *state.battle.gone["defender"], *state.battle.held_off()]:
            counted[name] = counted.get(name, 0) + 1
    stock, slain = state.stock, state.slain
    return Counter(
        {
            name: max(0, count - stock.get(name, 0) - slain.get(name, 0) - counted.get(name, 0))
            for name, count in _BOX.items()
        }
    )


# -- reading a saved position back -------------------------------------------------------------------------------


def restore_fields(state: TitanState, own: dict[str, Any]) -> None:
    """Set a state's Titan fields from a saved position (validated by the records); ValueError if it is not one."""
    read = TitanState.read_own(own)
    seats = state.num_players
    if len(read.players) != seats or len(read.first_turns) != seats or sorted(read.order) != list(range(seats)):
        raise ValueError("its players do not match its seats")
    if read.mover >= seats or read.decider >= seats or read.winner >= seats:
        raise ValueError("it names a seat that is not in the game")
    for legion in read.legions.values():
        if legion.owner >= seats or len(legion.known) != seats:
            raise ValueError(f"its legion {legion.marker} is not valid")
    if read.war is not None:
        war_fits(read.war, seats)
    if (read.war is not None) != (getattr(state.options, "variant", "standard") == "battle"):
        raise ValueError("its record of the war does not match its rules")
    battle = read.battle
    if battle is not None:
        if battle.attacker not in read.legions or battle.defender not in read.legions:
            raise ValueError("its battle is between legions that are not on the board")
        if not set(battle.entered) == set(battle.gone) == set(battle.off) == {ATTACKER, DEFENDER}:
            raise ValueError("its position does not read back as written")  # a side left out: saved with both
    state.set_own(read)
