"""The state of a game of Titan: players, legions, the stock, the turn and, while one is fought, the battle.

A legion's contents are secret: besides its owner, each seat knows only the characters it has seen
(`Legion.known[seat]`, a sub-multiset of the contents); `view.py` draws from that and nothing else. Characters
shown in a legion (`reveal`) are known to be there, at least that many of each; a character joining or leaving in
everyone's sight (`add`, `remove`) is counted in or out of what each seat knows; a split forgets (`forget`).
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Annotated, Any, Literal, cast

from pydantic import Field, StrictBool, StrictInt, StringConstraints

from engine.core import GameState
from engine.core.positions import Count, Fields, FlatDict, Text, copy_flat, read_fields
from engine.core.records import Decision, NoDecision, field
from engine.titan.battle_state import Battle, Unit
from engine.titan.battle_titan.war_record import WarRecord, WarRecordFields, restore_record
from engine.titan.data import CREATURES, HEX_LABELS, LANDS, STARTING_LEGION, TITAN, TOWERS, power_of


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

    land: Land
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


def read_decision(kind: type[Decision], data: Any) -> Any:
    """A saved pending decision read back ({}: none; validated, ValueError naming the first bad field)."""
    return NoDecision() if data == {} else kind.restore(data)


class Player:
    """One seat's Titan player: tower, colour, score, legion markers not in use, and whether he is still in."""

    __slots__ = ("alive", "colour", "free_markers", "mulligan_used", "score", "tower")

    def __init__(self, tower: int, colour: str) -> None:
        self.tower = tower
        self.colour = colour
        self.score = 0
        self.alive = True
        code = COLOUR_CODES[colour]
        self.free_markers = [f"{code}{number:02d}" for number in range(1, 13)]
        self.mulligan_used = False

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

    def copy(self) -> Player:
        """An independent copy."""
        new = Player.__new__(Player)
        new.tower, new.colour, new.score, new.alive = self.tower, self.colour, self.score, self.alive
        new.free_markers, new.mulligan_used = self.free_markers.copy(), self.mulligan_used
        return new

    def snapshot(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "tower": self.tower,
            "colour": self.colour,
            "score": self.score,
            "alive": self.alive,
            "free_markers": list(self.free_markers),
            "mulligan_used": self.mulligan_used,
        }


class Legion:
    """A stack of 1 to 7 characters under a marker, on a land, and what each other seat knows of it."""

    __slots__ = (
        "attack_edge",
        "contents",
        "known",
        "land",
        "marker",
        "moved",
        "mustered",
        "owner",
        "split_from",
        "teleport",
    )

    def __init__(self, marker: str, owner: int, land: int, contents: list[str], seats: int) -> None:
        self.marker = marker
        self.owner = owner
        self.land = land
        self.contents = sorted(contents)
        self.moved = False  # this turn (a normal move or a teleport)
        self.attack_edge = -1  # the battleland edge it attacks from, had it entered an enemy's land (-1 none)
        self.teleport = ""  # "", "tower" or "titan": how it moved this turn
        self.mustered = False  # this turn (a muster or a reinforcement)
        self.split_from = ""  # the marker it was split from this turn ("" if none)
        self.known: list[list[str]] = [[] for _ in range(seats)]  # per seat: the characters it has seen

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

    def copy(self) -> Legion:
        """An independent copy."""
        new = Legion.__new__(Legion)
        new.marker, new.owner, new.land, new.contents = self.marker, self.owner, self.land, self.contents.copy()
        new.moved, new.attack_edge, new.teleport = self.moved, self.attack_edge, self.teleport
        new.mustered, new.split_from = self.mustered, self.split_from
        new.known = [list(k) for k in self.known]
        return new

    def snapshot(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "marker": self.marker,
            "owner": self.owner,
            "land": self.land,
            "contents": list(self.contents),
            "moved": self.moved,
            "attack_edge": self.attack_edge,
            "teleport": self.teleport,
            "mustered": self.mustered,
            "split_from": self.split_from,
            "known": [list(k) for k in self.known],
        }


def starting_stock(players: int) -> dict[str, int]:
    """The counters left in the box once every player has his starting legion (Titans are not in stock)."""
    stock = {name: creature.count for name, creature in CREATURES.items() if name != TITAN}
    for name in STARTING_LEGION:
        if name != TITAN:
            stock[name] -= players
    return stock


class TitanState(GameState):
    """A game of Titan between 2 and 6 players."""

    players: list[Player]
    legions: dict[str, Legion]  # by marker
    stock: dict[str, int]  # counters left per character type
    slain: dict[str, int]  # creatures out of the game for good, per type (public)
    phase: Phase
    mover: int  # whose turn it is
    decider: int  # who must decide now (the mover, or the other side of an engagement or battle)
    turn_number: int  # game turns played, counted from 1 (a game turn: every player once)
    first_turns: list[bool]  # per seat: still in his very first turn
    roll: int  # the movement roll (0 before it is made)
    teleported: bool  # a legion teleported this movement phase
    summoned: bool  # the mover summoned an angel this engagement phase
    order: list[int]  # seats in turn order (descending towers)
    winner: int  # -1 none yet; -2 a draw
    engagement: NoDecision | Engagement  # the engagement being resolved: land, attacker, defender, terms on the table
    aftermath: NoDecision | Aftermath  # after an engagement: the winning legion and what it may still take
    battle: Battle | None  # the battle being fought, or None
    war: WarRecord | None  # Battle Titan's points, trophies and counters returned; None in standard Titan

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

    def _clone_own(self, new: GameState) -> None:
        """Deep-copy the players, legions, stock and record of the slain into `new`."""
        new = cast(TitanState, new)
        new.players = [player.copy() for player in self.players]
        new.legions = {marker: legion.copy() for marker, legion in self.legions.items()}
        new.stock = dict(self.stock)
        new.slain = dict(self.slain)
        new.first_turns = list(self.first_turns)
        new.order = list(self.order)
        new.engagement = self.engagement.copy()
        new.aftermath = self.aftermath.copy()
        new.battle = None if self.battle is None else self.battle.copy()
        new.war = None if self.war is None else self.war.copy()

    def _snapshot_own(self) -> dict[str, Any]:
        """Every Titan field, JSON-ready (the record of the war only under Battle Titan: standard positions
        keep the shape they always had)."""
        war = {} if self.war is None else {"war": self.war.snapshot()}
        return {
            "players": [player.snapshot() for player in self.players],
            "legions": [self.legions[marker].snapshot() for marker in sorted(self.legions)],
            "stock": dict(sorted(self.stock.items())),
            "slain": dict(sorted(self.slain.items())),
            "phase": self.phase.value,
            "mover": self.mover,
            "decider": self.decider,
            "turn_number": self.turn_number,
            "first_turns": list(self.first_turns),
            "roll": self.roll,
            "teleported": self.teleported,
            "summoned": self.summoned,
            "order": list(self.order),
            "winner": self.winner,
            "engagement": self.engagement.snapshot(),
            "aftermath": self.aftermath.snapshot(),
            "battle": None if self.battle is None else self.battle.snapshot(),
            **war,
        }


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


MarkerText = Annotated[str, StringConstraints(strict=True, pattern=r"^(Bk|Bu|Br|Gd|Gr|Rd)(0[1-9]|1[0-2])$")]
CharacterName = Literal[tuple(sorted(CREATURES))]  # type: ignore[valid-type]
Land = Literal[tuple(sorted(LANDS))]  # type: ignore[valid-type]
Characters = Annotated[list[CharacterName], Field(max_length=8)]
SeatIndex = Count(5)


class PlayerFields(Fields):
    tower: Literal[tuple(TOWERS)]  # type: ignore[valid-type]
    colour: Literal[COLOURS]  # type: ignore[valid-type]
    score: Count(1_000_000)
    alive: StrictBool
    free_markers: Annotated[list[MarkerText], Field(max_length=72)]
    mulligan_used: StrictBool


class LegionFields(Fields):
    marker: MarkerText
    owner: SeatIndex
    land: Literal[tuple(sorted(LANDS))]  # type: ignore[valid-type]
    contents: Characters
    moved: StrictBool
    attack_edge: Count(5, -1)
    teleport: Literal["", "tower", "titan"]
    mustered: StrictBool
    split_from: Annotated[str, StringConstraints(strict=True, pattern=r"^((Bk|Bu|Br|Gd|Gr|Rd)(0[1-9]|1[0-2]))?$")]
    known: Annotated[list[Characters], Field(min_length=2, max_length=6)]


class UnitFields(Fields):
    name: CharacterName
    side: Literal["attacker", "defender"]
    hex: Literal[tuple(HEX_LABELS)] | None  # type: ignore[valid-type]
    hits: Count(100)
    slain: StrictBool
    done: StrictBool


class BattleFields(Fields):
    land: Literal[tuple(sorted(LANDS))]  # type: ignore[valid-type]
    attacker: MarkerText
    defender: MarkerText
    attacker_edge: Count(5)
    defender_edge: Count(5)
    round: Count(7, 1)
    active: Literal["attacker", "defender"]
    step: Literal["maneuver", "strike", "strikeback"]
    units: Annotated[list[UnitFields], Field(max_length=16)]
    entered: dict[Literal["attacker", "defender"], StrictBool]
    carry: FlatDict
    gone: dict[Literal["attacker", "defender"], Annotated[list[CharacterName], Field(max_length=16)]]
    kill_this_phase: StrictBool
    summon: Literal["no", "offer", "used"]
    reinforce: Literal["no", "offer", "used"]
    last_roll: FlatDict = Field(default_factory=dict)  # absent from positions saved before it was shown
    off: dict[Literal["attacker", "defender"], Characters] = Field(default_factory=dict)  # Battle Titan (rules 3)


class TitanFields(Fields):
    """A Titan position as saved."""

    players: Annotated[list[PlayerFields], Field(min_length=2, max_length=6)]
    legions: Annotated[list[LegionFields], Field(max_length=72)]
    stock: dict[CharacterName, Count(30)]
    slain: dict[CharacterName, Count(30)]
    phase: Phase
    mover: SeatIndex
    decider: SeatIndex
    turn_number: Count(100_000, 1)
    first_turns: Annotated[list[StrictBool], Field(min_length=2, max_length=6)]
    roll: Count(6)
    teleported: StrictBool
    summoned: StrictBool
    order: Annotated[list[SeatIndex], Field(min_length=2, max_length=6)]
    winner: Count(5, -2)
    engagement: FlatDict
    aftermath: FlatDict
    battle: BattleFields | None
    war: WarRecordFields | None = None  # Battle Titan only


def restore_fields(state: TitanState, own: dict[str, Any]) -> None:
    """Set a state's Titan fields from a saved position; ValueError if it is not one."""
    fields = read_fields(TitanFields, own)
    seats = state.num_players
    if len(fields.players) != seats or len(fields.first_turns) != seats or sorted(fields.order) != list(range(seats)):
        raise ValueError("its players do not match its seats")
    if fields.mover >= seats or fields.decider >= seats or fields.winner >= seats:
        raise ValueError("it names a seat that is not in the game")
    state.players = []
    for saved in fields.players:
        player = Player(saved.tower, saved.colour)
        player.score, player.alive = saved.score, saved.alive
        player.free_markers, player.mulligan_used = list(saved.free_markers), saved.mulligan_used
        state.players.append(player)
    state.legions = {}
    for saved_legion in fields.legions:
        if saved_legion.owner >= seats or len(saved_legion.known) != seats or saved_legion.marker in state.legions:
            raise ValueError(f"its legion {saved_legion.marker} is not valid")
        legion = Legion(saved_legion.marker, saved_legion.owner, saved_legion.land, list(saved_legion.contents), seats)
        legion.contents = list(saved_legion.contents)
        legion.moved, legion.attack_edge, legion.teleport = (
            saved_legion.moved,
            saved_legion.attack_edge,
            saved_legion.teleport,
        )
        legion.mustered, legion.split_from = saved_legion.mustered, saved_legion.split_from
        legion.known = [list(k) for k in saved_legion.known]
        state.legions[legion.marker] = legion
    state.stock = dict(fields.stock)
    state.slain = dict(fields.slain)
    state.phase = fields.phase
    state.mover, state.decider, state.turn_number = fields.mover, fields.decider, fields.turn_number
    state.first_turns, state.roll = list(fields.first_turns), fields.roll
    state.teleported, state.summoned = fields.teleported, fields.summoned
    state.order, state.winner = list(fields.order), fields.winner
    state.engagement = read_decision(Engagement, own["engagement"])
    state.aftermath = read_decision(Aftermath, own["aftermath"])
    state.war = None
    if fields.war is not None:
        state.war = restore_record(fields.war, seats)
    if (state.war is not None) != (getattr(state.options, "variant", "standard") == "battle"):
        raise ValueError("its record of the war does not match its rules")
    state.battle = None
    if fields.battle is not None:
        saved_battle = fields.battle
        if saved_battle.attacker not in state.legions or saved_battle.defender not in state.legions:
            raise ValueError("its battle is between legions that are not on the board")
        battle = Battle.__new__(Battle)
        battle.land, battle.attacker, battle.defender = saved_battle.land, saved_battle.attacker, saved_battle.defender
        battle.attacker_edge, battle.defender_edge = saved_battle.attacker_edge, saved_battle.defender_edge
        battle.round, battle.active, battle.step = saved_battle.round, saved_battle.active, saved_battle.step
        battle.units = []
        for saved_unit in saved_battle.units:
            unit = Unit(saved_unit.name, saved_unit.side)
            unit.hex, unit.hits, unit.slain, unit.done = (
                saved_unit.hex,
                saved_unit.hits,
                saved_unit.slain,
                saved_unit.done,
            )
            battle.units.append(unit)
        battle.entered = {"attacker": False, "defender": False, **saved_battle.entered}
        battle.carry = copy_flat(own["battle"]["carry"])
        battle.gone = {
            "attacker": [],
            "defender": [],
            **{side: list(names) for side, names in saved_battle.gone.items()},
        }
        battle.kill_this_phase = saved_battle.kill_this_phase
        battle.summon, battle.reinforce = saved_battle.summon, saved_battle.reinforce
        battle.last_roll = copy_flat(own["battle"].get("last_roll", {}))
        battle.off = {"attacker": [], "defender": [], **{side: list(names) for side, names in saved_battle.off.items()}}
        state.battle = battle
