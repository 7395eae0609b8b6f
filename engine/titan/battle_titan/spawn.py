"""Battle Titan's spawn: the characters of a wiped-out player's new Titan legion (the house rules' 4.C and 1-5).

Pure and independent of the game's state: the caller gives two counters of character name -> count,

- `alive`: how many are alive on the masterboard now, in anyone's legions. "In play" in the house rules means
  this (its asterisk): recruited but all dead does not count;
- `stock`: the counters that may be taken. The engine's stock leaves the Titans out; the caller puts
  under "Titan" the spare Titan counters it allows (the box holds six, one per player), because the
  house rules' point 5 can hand out a second Titan. The player's own Titan never comes from the stock.

`spawn_offer(alive, stock)` builds the legion slot by slot in a fixed order: the Angel, then the plains,
marsh and jungle paths, each path's strong slot before its weak one. Each slot's character is taken
out of a copy of the stock before the next slot is decided, so two slots never take the same last
counter. Where the house rules give the player a choice, the offer stops at that slot: `offer.choice` says
which slot, by which rule, and the options (each in the stock at that point; a choice of one option
is not asked). The game asks the player, a computer player too, and calls `answer(offer, pick)`,
which checks the pick and goes on to the next choice or to the end. One choice at a time because the
slots share the stock: what a later slot falls back to depends on what an earlier answer took.

`offer.answers` are the picks so far: `spawn_offer(alive, stock, answers)` rebuilds the same offer from
them (a save keeps the answers) and raises `SpawnError` for a pick that was not offered, and
`spawn_legion(alive, stock, answers)` also insists that every choice is answered. Once `offer.done`:
`offer.legion` is the legion (the own Titan first; eight characters unless the stock runs out),
`offer.taken` what it takes from the stock, `offer.extra_titans` how many Titans beyond his own it
holds (they come fully powered: the game gives them their owner's Titan power), and each of
`offer.slots` names the rule that filled it, for the log. The rulings: docs/titan.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from engine.titan.data import (
    ANGEL,
    ARCHANGEL,
    CREATURE_NAMES,
    SPAWN_BASICS_GONE,
    SPAWN_PATHS,
    SPAWN_STRONG_GONE,
    TITAN,
    TerrainPath,
)

# The rule that filled a slot (Slot.rule, Choice.rule): the house rules' points, and this edition's rulings.
AS_START = "as at the start"  # the Angel
AS_IN_PLAY = "as in play"  # the highest tier in play (strong), its precursor (weak), or the basic
FALLBACK_1 = "fallback 1"  # the weak is gone: its tier from another path
FALLBACK_2 = "fallback 2"  # every basic is gone: the house rules' list, first available
FALLBACK_3 = "fallback 3"  # the strong is gone, the next tier not in play: one of the next tier
FALLBACK_4 = "fallback 4"  # the strong and the next tier are gone: its tier from another path
FALLBACK_5 = "fallback 5"  # nothing of the strong's tier left: Hydra, Archangel, Titan, first available
LOWER_TIER = "lower tier"  # ruling: the weak's tier is gone on every path: the tier below
ANGEL_GONE = "Archangel for the Angel"  # ruling: no Angel left
LAST_RESORT = "last resort"  # ruling: nothing the house rules name is left: any character in the stock

FIRST, CHOOSE = "first", "choose"  # a rung gives the first available, or the player's choice of them


class SpawnError(ValueError):
    """An answer that the spawn offer did not ask for."""


@dataclass(frozen=True)
class Slot:
    """One settled place in the spawn legion."""

    path: str  # "plains", "marsh", "jungle"; "" for the Angel's place
    role: str  # "lord", "strong", "weak" or "basic" (a path with nothing above its basic in play)
    creature: str
    rule: str
    chosen: bool = False  # picked by the player


@dataclass(frozen=True)
class Choice:
    """The open slot the player must fill now: one of `options`."""

    path: str
    role: str
    rule: str
    options: tuple[str, ...]


@dataclass(frozen=True)
class SpawnOffer:
    """The spawn legion as far as the answers go: the settled slots and the next choice, if any."""

    alive: Mapping[str, int]
    stock: Mapping[str, int]
    answers: tuple[str, ...]
    slots: tuple[Slot, ...]
    choice: Choice | None

    @property
    def done(self) -> bool:
        return self.choice is None

    @property
    def legion(self) -> tuple[str, ...]:
        """The player's own Titan and the settled slots' characters, in slot order."""
        return (TITAN, *(slot.creature for slot in self.slots))

    @property
    def taken(self) -> Counter[str]:
        """The counters the settled slots take out of the stock."""
        return Counter(slot.creature for slot in self.slots)

    @property
    def extra_titans(self) -> int:
        """Titans beyond the player's own (the house rules: all come fully powered)."""
        return self.taken[TITAN]


# -- the ladders: each slot's rules, tried in order ----------------------------------------------------------

Rung = tuple[str, str, Sequence[str]]  # (rule, FIRST or CHOOSE, candidates)


def _tier_of(path: TerrainPath, tier: int) -> str | None:
    return next((name for step, name in path.steps if step == tier), None)


def _elsewhere(path: TerrainPath, tier: int) -> list[str]:
    """The creatures of `tier` on the other paths, in path order (the Colossus twice for the jungle)."""
    return [name for other in SPAWN_PATHS if other is not path and (name := _tier_of(other, tier)) is not None]


def _last_resort(left: Counter[str]) -> Rung:
    return (LAST_RESORT, CHOOSE, [name for name in CREATURE_NAMES if left[name] > 0])


def _weak_ladder(path: TerrainPath, index: int, left: Counter[str]) -> Iterator[Rung]:
    """A weak (or basic) slot: the creature, its tier elsewhere, lower tiers, the house rules' list, anything."""
    tier, own = path.steps[index]
    yield AS_IN_PLAY, FIRST, [own]
    yield FALLBACK_1, CHOOSE, _elsewhere(path, tier)
    for lower in range(tier - 1, 0, -1):
        below = _tier_of(path, lower)
        yield LOWER_TIER, FIRST, [below] if below else []
        yield LOWER_TIER, CHOOSE, _elsewhere(path, lower)
    yield FALLBACK_2, FIRST, SPAWN_BASICS_GONE
    yield _last_resort(left)


def _strong_ladder(path: TerrainPath, index: int, left: Counter[str]) -> Iterator[Rung]:
    """A strong slot: the highest in play, the next tier (never in play: the strong is the highest in play),
    its tier elsewhere, the house rules' last list, anything."""
    tier, strong = path.steps[index]
    yield AS_IN_PLAY, FIRST, [strong]
    yield FALLBACK_3, FIRST, [path.steps[index + 1][1]] if index + 1 < len(path.steps) else []
    yield FALLBACK_4, CHOOSE, _elsewhere(path, tier)
    yield FALLBACK_5, FIRST, SPAWN_STRONG_GONE
    yield _last_resort(left)


def _angel_ladder(left: Counter[str]) -> Iterator[Rung]:
    yield AS_START, FIRST, [ANGEL]
    yield ANGEL_GONE, FIRST, [ARCHANGEL]
    yield _last_resort(left)


def _slot_ladders(alive: Mapping[str, int], left: Counter[str]) -> Iterator[tuple[str, str, Iterator[Rung]]]:
    """(path, role, ladder) for the seven slots after the Titan, in the order the stock is taken."""
    yield "", "lord", _angel_ladder(left)
    for path in SPAWN_PATHS:
        in_play = [i for i, (_tier, name) in enumerate(path.steps) if alive.get(name, 0) > 0]
        highest = max(in_play, default=0)
        if highest == 0:  # nothing above the basic in play: two basics, as at the game's start
            yield path.name, "basic", _weak_ladder(path, 0, left)
            yield path.name, "basic", _weak_ladder(path, 0, left)
        else:
            yield path.name, "strong", _strong_ladder(path, highest, left)
            yield path.name, "weak", _weak_ladder(path, highest - 1, left)


# -- building the offer --------------------------------------------------------------------------------------


def _counts(counter: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType({name: int(count) for name, count in counter.items() if int(count) > 0})


def spawn_offer(alive: Mapping[str, int], stock: Mapping[str, int], answers: Sequence[str] = ()) -> SpawnOffer:
    """The spawn legion settled as far as `answers` (the player's picks, in the order asked) allow."""
    alive, stock, answers = _counts(alive), _counts(stock), tuple(answers)
    left: Counter[str] = Counter(stock)
    slots: list[Slot] = []
    asked = 0
    for path, role, ladder in _slot_ladders(alive, left):
        for rule, kind, candidates in ladder:
            options = tuple(dict.fromkeys(name for name in candidates if left[name] > 0))  # each name once
            if not options:
                continue
            if kind == FIRST or len(options) == 1:
                slots.append(Slot(path, role, options[0], rule))
                left[options[0]] -= 1
                break
            if asked == len(answers):
                return SpawnOffer(alive, stock, answers, tuple(slots), Choice(path, role, rule, options))
            pick = answers[asked]
            if pick not in options:
                raise SpawnError(f"{pick!r} is not one of {', '.join(options)} for the {path} {role} slot")
            asked += 1
            slots.append(Slot(path, role, pick, rule, chosen=True))
            left[pick] -= 1
            break
        # a ladder that finds nothing means the stock is empty: the legion is short of this slot
    if asked < len(answers):
        raise SpawnError(f"{len(answers) - asked} answer(s) more than the spawn asked for")
    return SpawnOffer(alive, stock, answers, tuple(slots), None)


def answer(offer: SpawnOffer, pick: str) -> SpawnOffer:
    """The offer once the player picks `pick` for its open choice (SpawnError if it was not offered)."""
    if offer.choice is None:
        raise SpawnError("the spawn legion has no choice left to make")
    if pick not in offer.choice.options:
        raise SpawnError(f"{pick!r} is not one of {', '.join(offer.choice.options)}")
    return spawn_offer(offer.alive, offer.stock, (*offer.answers, pick))


def spawn_legion(alive: Mapping[str, int], stock: Mapping[str, int], answers: Sequence[str]) -> SpawnOffer:
    """The finished spawn legion for these answers (SpawnError if one is wrong, or a choice is left open)."""
    offer = spawn_offer(alive, stock, answers)
    if offer.choice is not None:
        raise SpawnError(f"the {offer.choice.path} {offer.choice.role} slot is still to be chosen")
    return offer
