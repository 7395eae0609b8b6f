"""Divine counters (rulings 26-33): which may be played now, on whom, and what each does alone or as a pair."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.born_of_titans import challenges, moments
from engine.born_of_titans.actions import PlayDivine
from engine.born_of_titans.data import DIVINE, FURIES_CREW
from engine.born_of_titans.state import BornState, Challenge, Moment, MoveRoll, Phase, Turn
from engine.born_of_titans.table import discard, gain_prophecy, hero_name, lose_crew, roll, successes

CHALLENGE_COUNTERS = ("athena", "aphrodite", "ares")
POSEIDON_COURSES = 2
ATHENA_DICE = 2
APHRODITE_LESS = 2


def player(state: BornState) -> int | None:
    """Who may play a counter now: the asked seat at a moment, the mover at her own decisions, else nobody."""
    if state.phase == Phase.REACT:
        return state.moment_now().asked
    if state.phase in (Phase.TURN, Phase.MOVE, Phase.CHALLENGE):
        return state.mover
    return None


def roll_in_play(state: BornState) -> tuple[list[int], int] | None:
    """The roll just made that Muses, Fates (and Poseidon alone, a Move roll) may change, and whose it is: a
    Challenge roll, a Move roll, or the die of Crew for Hire or the Dragon's Teeth (ruling 27)."""
    moment = state.moment if state.phase == Phase.REACT else None
    kind = moment.kind if isinstance(moment, Moment) else ""
    if isinstance(moment, Moment) and kind in moments.CREW_ROLLS and moment.dice:
        return moment.dice, moment.roll_owner
    if kind == "challenge_roll" and state.rolls:
        return state.rolls[-1], state.challenge_now().seat
    if (kind == "move_roll" or state.phase == Phase.MOVE) and isinstance(state.move, MoveRoll):
        return state.move.dice, state.mover
    return None


def _in_challenge(state: BornState) -> bool:
    """A Challenge is under way at a moment of it (its start or after a roll) or at its Hero's decision."""
    if not isinstance(state.challenge, Challenge):
        return False
    if state.phase == Phase.REACT:
        return isinstance(state.moment, Moment) and state.moment.kind in ("challenge_start", "challenge_roll")
    return state.phase == Phase.CHALLENGE


def _heroes(state: BornState) -> list[int]:
    """Seats whose Hero is still in play."""
    return [seat for seat in range(state.num_players) if state.active(seat) and state.sheets[seat].hero]


def options(state: BornState) -> list[PlayDivine]:
    """Every Divine play open to the player who may play now (Fates offered as the k lowest failures or
    successes; any set of dice is accepted by `is_legal`)."""
    seat = player(state)
    if seat is None or not state.sheets[seat].divine:
        return []
    held = Counter(state.faces[cid] for cid in state.sheets[seat].divine)
    found: list[PlayDivine] = []
    for face in sorted(held):
        pairs = (False, True) if DIVINE[face].family == "god" and held[face] >= 2 else (False,)
        for pair in pairs:
            found += [PlayDivine(counter=face, pair=pair, target=target, detail=detail)
                      for target, detail in _targets(state, seat, face, pair)]  # fmt: skip
    return found


def _targets(state: BornState, seat: int, face: str, pair: bool) -> list[tuple[int, Any]]:
    """(target, detail) of each way to play `face` now."""
    if face in CHALLENGE_COUNTERS:
        if not _in_challenge(state):
            return []
        challenge = state.challenge_now()
        challenger = challenge.seat
        if face == "athena" and pair and (challenge.attribute or challenge.any_attribute):
            return []  # Athena's pair only at the start of a Challenge, before the attribute is chosen
        return [(challenger, None)]
    if face in ("muses", "fates") or (face == "poseidon" and not pair):
        found = roll_in_play(state)
        if found is None:
            return []
        dice, owner = found
        if face == "poseidon":
            if not isinstance(state.move, MoveRoll) or dice is not state.move.dice:
                return []  # Poseidon alone changes a Move roll only
            return [(owner, POSEIDON_COURSES), (owner, -POSEIDON_COURSES)]
        if face == "muses":
            values = sorted({die for die in dice if die < 6})
            return [(owner, dice.index(value)) for value in values]
        return [(owner, indices) for indices in _fates_choices(dice)]
    if face == "hera":
        if not pair:
            return [(state.hubris, None)] if state.hubris >= 0 else []
        return [(other, other) for other in _heroes(state) if other != state.hubris]
    if face == "poseidon":
        if state.lose_turn_pile() <= 0:
            return []
        return [(other, None) for other in _heroes(state) if not state.sheets[other].lose_turn]
    if face == "apollo":
        return [(other, None) for other in _heroes(state)]
    if face == "furies":
        mine = len(state.sheets[seat].quests)
        return [
            (other, None) for other in _heroes(state) if other == state.hubris or len(state.sheets[other].quests) > mine
        ]
    return []


def _fates_choices(dice: list[int]) -> list[tuple[int, ...]]:
    """The k lowest failures and the k lowest successes, for each k."""
    choices: list[tuple[int, ...]] = []
    for failed in (True, False):
        chosen = sorted((die, index) for index, die in enumerate(dice) if (die < 4) == failed)
        for k in range(1, len(chosen) + 1):
            choices.append(tuple(sorted(index for _, index in chosen[:k])))
    return choices


def is_legal(state: BornState, action: PlayDivine) -> bool:
    """Listed, or a Fates play on any set of the dice just rolled (dice of one kind count alike)."""
    if action in options(state):
        return True
    if action.counter != "fates" or action.pair or not isinstance(action.detail, tuple) or not action.detail:
        return False
    listed = [option for option in options(state) if option.counter == "fates"]
    found = roll_in_play(state)
    if not listed or found is None or action.target != listed[0].target:
        return False
    dice = found[0]
    indices = action.detail
    return list(indices) == sorted(set(indices)) and all(0 <= index < len(dice) for index in indices)


def play(state: BornState, action: PlayDivine) -> None:
    """Play the counter(s): back face down to the pile; then the effect; then the moment asks again."""
    seat = int(player(state))  # type: ignore[arg-type]
    sheet = state.sheets[seat]
    count = 2 if action.pair else 1
    for _ in range(count):
        cid = next(c for c in sheet.divine if state.faces[c] == action.counter)
        sheet.divine.remove(cid)
        discard(state, cid)
    name = DIVINE[action.counter].name
    what = f"two {name} counters" if action.pair else name
    state.log.append(f"{hero_name(state, seat)} plays {what} on {hero_name(state, action.target)}.")
    at_moment = state.phase == Phase.REACT
    ends = _effect(state, seat, action)
    if ends:
        return  # the effect ended the moment and what it was about
    if at_moment and state.phase == Phase.REACT and moments.played(state, seat):
        state.moment_now().over = True  # nobody is left to ask: the caller closes the moment
    elif not at_moment and state.phase == Phase.MOVE and _changes_the_roll(action):
        # A new roll (Fates), or hers changed at her Move's decision: the others may react to it (ruling 26).
        moments.begin(state, "move_roll", roll_owner=state.mover, skip=state.mover)


def _changes_the_roll(action: PlayDivine) -> bool:
    """Muses, Fates and Poseidon alone change the Move roll in play."""
    return action.counter in ("muses", "fates") or (action.counter == "poseidon" and not action.pair)


def _effect(state: BornState, seat: int, action: PlayDivine) -> bool:
    """Carry out a counter's effect; True if it ended the moment (a Challenge won or lost, a turn lost)."""
    face, pair, target = action.counter, action.pair, action.target
    challenge = state.challenge
    name = hero_name(state, target)
    if face == "athena":
        challenge = state.challenge_now()
        if pair:
            challenge.any_attribute = True
            state.log.append(f"{name} may roll any attribute against any of the foe's numbers.")
        else:
            challenge.athena_dice += ATHENA_DICE
            state.log.append(f"{name} rolls two more dice in this Challenge.")
    elif face == "aphrodite":
        if pair:
            _close_moment(state)
            challenges.victory(state)
            return True
        challenge = state.challenge_now()
        challenge.less += APHRODITE_LESS
        state.log.append(f"The foe needs {challenges.needed(state) or 'two fewer'} Successes now.")
        if state.phase == Phase.CHALLENGE and state.rolls and challenge.successes >= challenges.needed(state):
            challenges.victory(state)
            return True
    elif face == "ares":
        challenge = state.challenge_now()
        challenge.kills = max(challenge.kills, 3 if pair else 2)
        state.log.append(f"Each attack kills {challenge.kills} of {name}'s Crew in this Challenge.")
    elif face == "muses":
        dice, _ = roll_in_play(state)  # type: ignore[misc]
        dice[action.detail] = min(6, dice[action.detail] + 1)  # type: ignore[index]
        state.log.append(f"The Muses turn a die to {dice[action.detail]}: {successes(dice)} Successes.")  # type: ignore[index]
    elif face == "fates":
        dice, _ = roll_in_play(state)  # type: ignore[misc]
        indices = list(action.detail)  # type: ignore[arg-type]
        for index, value in zip(indices, roll(state, len(indices)), strict=True):
            dice[index] = value
        state.log.append(f"The Fates roll {len(indices)} dice again: {successes(dice)} Successes.")
    elif face == "poseidon":
        if pair:
            if target == state.mover and state.phase != Phase.GAME_OVER:
                before = isinstance(state.turn, Turn) and state.turn.over
                challenges.lose_a_turn(state, target)
                if isinstance(state.turn, Turn) and state.turn.over and not before:
                    return True
            else:
                challenges.lose_a_turn(state, target)
        else:
            move = state.move_now()
            move.mod += int(action.detail)  # type: ignore[arg-type]
            state.log.append(f"Poseidon changes the Move by {int(action.detail):+d} Courses.")  # type: ignore[arg-type]
    elif face == "hera":
        if pair:
            state.hubris = int(action.detail)  # type: ignore[arg-type]
            state.log.append(f"Hera gives the Hubris counter to {hero_name(state, state.hubris)}.")
        else:
            state.hubris = -1
            state.log.append(f"Hera takes the Hubris counter from {name}.")
    elif face == "apollo":
        gained = gain_prophecy(state, target, 3 if pair else 1)
        state.log.append(f"{name} gains {gained} Prophecy.")
    elif face == "furies":
        sheet = state.sheets[target]
        lose_crew(state, target, FURIES_CREW)
        state.log.append(f"The Furies kill {name}'s Crew: {sheet.crew} left.")
        if sheet.crew == 0 and isinstance(challenge, Challenge) and challenge.seat == target and _in_challenge(state):
            _close_moment(state)
            challenges.defeat(state)
            return True
    return False


def _close_moment(state: BornState) -> None:
    """End a moment under way (what it was about has ended)."""
    if isinstance(state.moment, Moment):
        moments.close(state)
