"""The choices a bot weighs: the legal ones less those that are strictly pointless (never better than another)."""

from __future__ import annotations

from engine.born_of_titans import challenges
from engine.born_of_titans.actions import (
    ChooseAttribute,
    DragonsTeeth,
    EndTurn,
    Move,
    PlayDivine,
    Recruit,
)
from engine.born_of_titans.data import MAX_CREW, MAX_PROPHECY
from engine.born_of_titans.divine import roll_in_play
from engine.born_of_titans.moments import CREW_ROLLS
from engine.born_of_titans.moving import courses
from engine.born_of_titans.state import BornState, Challenge, Moment
from engine.born_of_titans.table import foe_numbers, totals, track_prophecy
from engine.core import Action


def sensible(state: BornState, actions: list[Action]) -> list[Action]:
    """Drop: Recruit 1 when 2 fit; the Dragon's Teeth at six Crew; an attribute another beats on both counts (as
    many dice or more against as few Successes or fewer); Divine plays that change nothing (Apollo at six
    Prophecy, Muses on a die that stays what it was or on a Crew die whose Crew would not fit, Furies on a Hero
    with no Crew, Aphrodite alone where one Success is needed, Poseidon taking Courses from none); ending the turn
    while a Move is open (a Move may stay where it is). (A look that could show nothing new is not legal.)"""
    kept = [action for action in actions if not _pointless(state, action, actions)]
    return kept or actions


def _pointless(state: BornState, action: Action, actions: list[Action]) -> bool:
    if isinstance(action, Recruit):
        return action.crew == 1 and Recruit(crew=2) in actions
    if isinstance(action, DragonsTeeth):
        return state.sheets[state.mover].crew >= MAX_CREW
    if isinstance(action, EndTurn):
        return Move() in actions
    if isinstance(action, ChooseAttribute):
        return _dominated(state, action.attribute, actions)
    if isinstance(action, PlayDivine):
        return _divine_pointless(state, action)
    return False


def _dominated(state: BornState, attribute: str, actions: list[Action]) -> bool:
    """Another attribute rolls at least as many dice against at most as many Successes, one of them strictly."""
    challenge = state.challenge_now()
    have = totals(state, challenge.seat)
    need = foe_numbers(state, challenge.foe)
    for other in actions:
        if not isinstance(other, ChooseAttribute) or other.attribute == attribute:
            continue
        more = have[other.attribute] >= have[attribute]
        fewer = (need[other.attribute] or 0) <= (need[attribute] or 0)
        strictly = have[other.attribute] > have[attribute] or (need[other.attribute] or 0) < (need[attribute] or 0)
        if more and fewer and strictly:
            return True
    return False


def _divine_pointless(state: BornState, action: PlayDivine) -> bool:
    target = state.sheets[action.target]
    if action.counter == "apollo":
        return track_prophecy(state, action.target) >= MAX_PROPHECY
    if action.counter == "furies":
        return target.crew == 0
    if action.counter == "muses":
        found = roll_in_play(state)
        if found is None:
            return True
        die = found[0][int(action.detail)]  # type: ignore[arg-type]
        if isinstance(state.moment, Moment) and state.moment.kind in CREW_ROLLS:
            return target.crew + die >= MAX_CREW  # one more Crew would not fit
        return die != 3
    if action.counter == "aphrodite" and not action.pair:
        challenge = state.challenge
        chosen = isinstance(challenge, Challenge) and challenge.monster_attribute
        return challenges.needed(state) == 1 if chosen else False
    if action.counter == "poseidon" and not action.pair:
        return int(action.detail) < 0 and courses(state) == 0  # type: ignore[arg-type]
    return False
