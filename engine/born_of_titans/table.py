"""The table's small moves shared by every rule: dice, drawing and discarding counters, a Hero's totals and losses."""

from __future__ import annotations

import bisect
from typing import Any

from engine.born_of_titans.data import (
    ALLIES,
    ATTRIBUTES,
    CREWS,
    DIVINE,
    ENCOUNTERS,
    GEAR,
    HEROES,
    MAX_CREW,
    MAX_PROPHECY,
    QUESTS,
    SEA_MONSTERS,
    SUCCESS_FROM,
)
from engine.born_of_titans.state import BornState, Challenge, Moment


def roll(state: BornState, count: int) -> list[int]:
    """`count` dice from the game's RNG."""
    return [state.rng.randrange(6) + 1 for _ in range(max(0, count))]


def successes(dice: list[int]) -> int:
    """Dice showing 4-6."""
    return sum(1 for die in dice if die >= SUCCESS_FROM)


def hero_name(state: BornState, seat: int) -> str:
    """'Atalanta' (or the player's name before she has chosen)."""
    hero = state.sheets[seat].hero
    return HEROES[hero].name if hero else state.name(seat)


def counter_name(state: BornState, cid: int) -> str:
    """The printed name of a counter's face."""
    face, kind = state.faces[cid], state.kind(cid)
    if kind == "encounter":
        return ENCOUNTERS[face].name
    if kind == "sea_monster":
        return SEA_MONSTERS[face].name
    if kind == "quest":
        return QUESTS[face].name
    if kind == "gear":
        return GEAR[face].name
    return DIVINE[face].name


def draw(state: BornState, kind: str) -> int | None:
    """A random counter of a face-down pile (None: the pile is empty, and nothing is drawn)."""
    pile = state.piles[kind]
    if not pile:
        return None
    cid = pile.pop(state.rng.randrange(len(pile)))
    state.moved(cid)
    return cid


def discard(state: BornState, cid: int) -> None:
    """A counter back to its pile, face down (the pile is unordered: draws are random)."""
    state.face_up.discard(cid)
    state.moved(cid)
    bisect.insort(state.piles[state.kind(cid)], cid)


def reveal(state: BornState, cid: int) -> None:
    """Turn a counter face up for everyone."""
    state.face_up.add(cid)


def totals(state: BornState, seat: int) -> dict[str, int]:
    """Her Battle, Navigation and Wits now: Hero + Ally + Crew counter (while she has Crew) + Gear."""
    sheet = state.sheets[seat]
    if sheet.hero is None:
        return dict.fromkeys(ATTRIBUTES, 0)
    parts: list[Any] = [HEROES[sheet.hero]]
    if sheet.crew > 0 and sheet.crew_counter:
        parts.append(CREWS[sheet.crew_counter])
    if sheet.ally is not None:
        parts.append(ALLIES[state.faces[sheet.ally]])
    if sheet.gear is not None:
        parts.append(GEAR[state.faces[sheet.gear]])
    return {attribute: sum(getattr(part, attribute) for part in parts) for attribute in ATTRIBUTES}


def gear_power(state: BornState, seat: int) -> str:
    """The printed power of her Gear ("" if none or a plain one)."""
    gear = state.sheets[seat].gear
    return GEAR[state.faces[gear]].power if gear is not None else ""


def gain_crew(state: BornState, seat: int, amount: int) -> int:
    """Up to `amount` more Crew (at most six); how many she gained."""
    sheet = state.sheets[seat]
    gained = max(0, min(amount, MAX_CREW - sheet.crew))
    sheet.crew += gained
    return gained


def committed(state: BornState, seat: int) -> int:
    """Prophecy she has committed in the Challenge under way: still on her track until it ends (ruling 14)."""
    challenge = state.challenge
    return challenge.committed if isinstance(challenge, Challenge) and challenge.seat == seat else 0


def track_prophecy(state: BornState, seat: int) -> int:
    """Her Prophecy track as the rulebook counts it: the points she may still use and those committed."""
    return state.sheets[seat].prophecy + committed(state, seat)


def hire_crew(state: BornState, seat: int, die: int, source: str) -> None:
    """A die's worth of Crew (at most six): Crew for Hire or the Dragon's Teeth, once its moment has passed."""
    sheet = state.sheets[seat]
    gained = gain_crew(state, seat, die)
    state.log.append(f"{hero_name(state, seat)} gains {gained} Crew from {source} ({sheet.crew} now).")


def count_crew_roll(state: BornState) -> None:
    """The Crew roll waiting in the moment counts (its moment is over, or cut short by a lost turn)."""
    moment = state.moment
    if isinstance(moment, Moment) and moment.kind in ("crew_for_hire", "dragons_teeth") and moment.dice:
        source = "Crew for Hire" if moment.kind == "crew_for_hire" else "the Dragon's Teeth"
        hire_crew(state, moment.roll_owner, moment.dice[0], source)
        moment.dice = []


def gain_prophecy(state: BornState, seat: int, amount: int) -> int:
    """Up to `amount` more Prophecy (at most six on her track, committed points counted); how many she gained."""
    sheet = state.sheets[seat]
    gained = max(0, min(amount, MAX_PROPHECY - track_prophecy(state, seat)))
    sheet.prophecy += gained
    return gained


def lose_crew(state: BornState, seat: int, amount: int) -> bool:
    """Kill up to `amount` Crew; at 0 she loses her Gear and Ally (ruling 11). True if she is now at 0."""
    sheet = state.sheets[seat]
    before = sheet.crew
    sheet.crew = max(0, sheet.crew - amount)
    if before > 0 and sheet.crew == 0:
        lose_gear_and_ally(state, seat, "with the last of her Crew")
    return sheet.crew == 0


def lose_gear_and_ally(state: BornState, seat: int, why: str) -> None:
    """Her Gear and her Ally go back face down into their piles."""
    sheet = state.sheets[seat]
    lost = []
    if sheet.gear is not None:
        lost.append(counter_name(state, sheet.gear))
        discard(state, sheet.gear)
        sheet.gear = None
    if sheet.ally is not None:
        lost.append(counter_name(state, sheet.ally))
        discard(state, sheet.ally)
        sheet.ally = None
    if lost:
        state.log.append(f"{hero_name(state, seat)} loses {' and '.join(lost)} {why}.")


def foe_numbers(state: BornState, cid: int) -> dict[str, int | None]:
    """The Challenge numbers of a monster, Sea Monster or Quest counter (None: not by that attribute)."""
    face, kind = state.faces[cid], state.kind(cid)
    if kind == "encounter":
        record: Any = ENCOUNTERS[face].monster
    elif kind == "sea_monster":
        record = SEA_MONSTERS[face]
    else:
        record = QUESTS[face]
    return {attribute: getattr(record, attribute) for attribute in ATTRIBUTES}
