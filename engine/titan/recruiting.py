"""Mustering [18] and the defender's reinforcement [14]: what a legion may muster on a terrain, and whom it shows.

A terrain's chain (`data.CHAINS`, lowest creature first) qualifies a legion for (rules-summary 12):

- a creature of the chain if it holds one of that creature or of any creature higher in the chain
  (mustering "like" or "down"; it shows that one character);
- the next creature up if it holds the chain's number of the creature just below (mustering "up"; it
  shows that many). Steps are never skipped and creatures of other chains never help.

In a Tower [18.5] a Centaur, Gargoyle or Ogre needs no recruiter; a Warlock needs the Titan or a Warlock;
a Guardian needs three identical creatures (creatures only: not lords, not demi-lords) or a Guardian.
Nothing else is mustered in a Tower, and Guardians and Warlocks nowhere else. Lords recruit nothing but the
Titan's Warlock. A character whose stock is empty cannot be taken; the legion may take another it
qualifies for [18, section 14].

Only one sufficient set of recruiters has to be shown [18.4]: `recruiter_sets` lists every one, and
`musters` proposes the first, the one that reveals least (a single character before a pair or three; the
lowest of the chain that will do; a Warlock before the Titan, whose whereabouts stay secret).

Left to the caller: only a legion that moved this turn (or a defender, section 9) musters; at most one new
character per legion per game turn; the legion holds at most 6 characters when it musters (judged then,
not when it moved); and the muster phase comes after every engagement of the turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TypeAlias

from engine.titan.data import CHAINS, CREATURES, GUARDIAN, TITAN, TOWER_BASIC, TOWER_GUARDIAN_SAME, WARLOCK

TOWER = "Tower"
TOWER_SPECIAL: tuple[str, ...] = (WARLOCK, GUARDIAN)  # after the basics: the order of their values, 20 and 24

Contents: TypeAlias = Iterable[str] | Mapping[str, int]  # a legion: its characters' names, or name -> how many


@dataclass(frozen=True)
class Muster:
    """A character a legion may muster and one sufficient set of recruiters to show (empty: none needed)."""

    recruit: str
    recruiters: tuple[str, ...]


def _counts(legion: Contents) -> Counter[str]:
    counts = Counter(legion) if not isinstance(legion, Mapping) else Counter(dict(legion))
    for name in counts:
        if name not in CREATURES:
            raise ValueError(f"no character called {name!r}")
    return counts


def _check_terrain(terrain: str) -> None:
    if terrain != TOWER and terrain not in CHAINS:
        raise ValueError(f"no terrain called {terrain!r}")


def recruits_of(terrain: str) -> tuple[str, ...]:
    """Every character that can be mustered on `terrain`, lowest first (a Tower: its basics, Warlock, Guardian)."""
    _check_terrain(terrain)
    if terrain == TOWER:
        return TOWER_BASIC + TOWER_SPECIAL
    return tuple(step.creature for step in CHAINS[terrain])


def _chain_sets(terrain: str, counts: Counter[str], recruit: str) -> list[tuple[str, ...]]:
    steps = CHAINS[terrain]
    names = [step.creature for step in steps]
    if recruit not in names:
        return []
    place = names.index(recruit)
    # Like or down: one of the recruit itself or of anything above it, lowest first.
    sets: list[tuple[str, ...]] = [(name,) for name in names[place:] if counts[name] >= 1]
    # Up: the step's number of the creature just below (the first step has nothing below it).
    if place > 0 and counts[names[place - 1]] >= steps[place].needs:
        sets.append((names[place - 1],) * steps[place].needs)
    return sets


def _tower_sets(counts: Counter[str], recruit: str) -> list[tuple[str, ...]]:
    if recruit in TOWER_BASIC:
        return [()]
    if recruit == WARLOCK:
        return [(name,) for name in (WARLOCK, TITAN) if counts[name] >= 1]
    if recruit == GUARDIAN:
        sets: list[tuple[str, ...]] = [(GUARDIAN,)] if counts[GUARDIAN] >= 1 else []
        sets.extend(
            (name,) * TOWER_GUARDIAN_SAME
            for name in sorted(counts)
            if CREATURES[name].kind == "creature" and counts[name] >= TOWER_GUARDIAN_SAME
        )
        return sets
    return []


def recruiter_sets(terrain: str, legion: Contents, recruit: str) -> list[tuple[str, ...]]:
    """Every sufficient set of recruiters in `legion` for `recruit` on `terrain`, the least revealing first.

    Empty when the legion does not qualify; `[()]` for a Tower's basic creature, which needs no recruiter.
    Stock is not looked at here.
    """
    _check_terrain(terrain)
    counts = _counts(legion)
    if terrain == TOWER:
        return _tower_sets(counts, recruit)
    return _chain_sets(terrain, counts, recruit)


def musters(terrain: str, legion: Contents, stock: Mapping[str, int]) -> list[Muster]:
    """Every character in stock that `legion` qualifies to muster on `terrain`, lowest first, with recruiters to show.

    `stock` maps a character to its counters left (a missing name has none). The caller checks that the
    legion may muster at all (moved this turn, at most 6 characters, not yet mustered this turn).
    """
    counts = _counts(legion)
    options: list[Muster] = []
    for recruit in recruits_of(terrain):
        if stock.get(recruit, 0) <= 0:
            continue
        sets = recruiter_sets(terrain, counts, recruit)
        if sets:
            options.append(Muster(recruit, sets[0]))
    return options


def can_muster(terrain: str, legion: Contents, stock: Mapping[str, int]) -> bool:
    """Whether `legion` qualifies for at least one character in stock on `terrain`."""
    return bool(musters(terrain, legion, stock))


def reinforcements(terrain: str, living: Contents, stock: Mapping[str, int]) -> list[Muster]:
    """What a defender may bring in as a reinforcement [14]: the same rule as mustering, by the living characters.

    The caller passes only the characters still alive in the legion and checks the rest: the defender's
    4th maneuver phase (or after a win, section 9), fewer than 7 living characters, one per battle, counting
    as that legion's muster of the turn. Characters slain in this engagement are not back in the stock yet.
    """
    return musters(terrain, living, stock)
