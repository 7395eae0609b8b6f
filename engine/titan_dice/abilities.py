"""Creature card abilities, each carried out as a sequence of small decisions (phases of the flow)."""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Action
from engine.core.records import of_kind
from engine.titan_dice.actions import ChooseDie, ChooseFace, ChooseType, CollectCreature, Finish, LoseCreature, make
from engine.titan_dice.data import (
    BONUS_DIE,
    CREATURES,
    EXODUS_START,
    FACES,
    OPPOSITE_FACE,
    REGULAR_DICE,
    TRACK_MAX,
    WOUND,
    WOUNDS_TO_GO_OUT,
)
from engine.titan_dice.flow import (
    after_roll,
    collect,
    end_turn,
    face_list,
    gain_wound_marker,
    go_out,
    lose,
    place_rolled,
    plural,
    roll_dice,
    roll_face,
)
from engine.titan_dice.rules import ability_of, exodus_lost
from engine.titan_dice.state import AbilityUnderWay, NoDecision, Phase, TitanDiceState


class DiceStep(NamedTuple):
    """An ability that chooses dice: how many at most, at least, and from which area."""

    most: int
    least: int
    area: str


class CollectStep(NamedTuple):
    """An ability that collects creatures one at a time: how many at most, at least, all of one type?"""

    most: int
    least: int
    same_type: bool


DICE_STEPS: dict[str, DiceStep] = {
    "Alter": DiceStep(2, 0, "active"),
    "Convert": DiceStep(3, 0, "active"),
    "Transform": DiceStep(4, 0, "active"),
    "Redemption": DiceStep(REGULAR_DICE, 0, "wound"),
    "Catch": DiceStep(1, 1, "active"),
    "Trap": DiceStep(1, 1, "active"),
}

COLLECT_STEPS: dict[str, CollectStep] = {
    "Swap": CollectStep(1, 1, False),
    "Trade": CollectStep(2, 0, False),
    "Exchange": CollectStep(3, 0, True),
    "Ensnare": CollectStep(2, 0, False),
    "Piracy": CollectStep(1, 1, False),  # only when no creatures were taken from other players
}

HYDRA_ABILITIES = ("Swap", "Trade", "Exchange")
KRAKEN_ABILITIES = ("Sabotage", "Capsize", "Piracy", "Retract", "Recoil", "Wrestle")


def is_feasible(state: TitanDiceState, seat: int, creature: str, level: int, dice: int, creatures: int) -> bool:
    """Can the ability be carried out in full after paying `dice` and `creatures` of the card's type?"""
    board = state.boards[seat]
    name = ability_of(creature, level, state.is_solo)[0]
    if name in HYDRA_ABILITIES:
        return sum(board.track) - creatures >= 1  # there must be a creature left to lose
    if name in ("Catch", "Trap"):
        return len(board.dice_in("active")) - dice >= 1  # a die must be left to catch
    if name == "Reinforce":
        return board.die_area[BONUS_DIE] != "removed"
    return True


def start_ability(state: TitanDiceState, seat: int, creature: str, level: int) -> None:
    """Begin carrying out a card's ability (already paid for)."""
    name = ability_of(creature, level, state.is_solo)[0]
    board = state.boards[seat]
    state.log.append(f"{state.name(seat)} uses {creature.title()} {level}: {name}.")
    pending = state.pending = AbilityUnderWay(ability=name, creature=creature, level=level)
    if name in DICE_STEPS:
        pending.chosen = []
        state.phase = Phase.CHOOSE_DICE
        _advance_dice(state, seat)
    elif name in HYDRA_ABILITIES:
        state.phase = Phase.LOSE_CREATURE
    elif name == "Ensnare":
        _begin_collect(state, seat, "")
    elif name == "Rescue":
        face = roll_face(state)
        state.log.append(f"{state.name(seat)} rolls a bonus die: {face.title()}.")
        if face == WOUND:
            state.log.append(f"{state.name(seat)} gains a wound token.")
            if gain_wound_marker(state, seat):
                end_turn(state)
                return
        elif collect(board, face):
            state.log.append(f"{state.name(seat)} collects a {face.title()}.")
        else:
            state.log.append(f"{state.name(seat)}'s {face.title()} is already caged; nothing is collected.")
        finish_ability(state)
    elif name == "Reinforce":
        roll_dice(state, seat, [BONUS_DIE], "rolls the bonus die into the active pool")
        after_roll(state, seat, Phase.AFTER_ACTION)
    elif name in KRAKEN_ABILITIES:
        face = roll_face(state)
        state.log.append(f"{state.name(seat)} rolls a bonus die: {face.title()}.")
        if face == WOUND:
            pending.rolled = WOUND
            state.phase = Phase.CHOOSE_TYPE
        else:
            kraken_effect(state, seat, face)


def finish_ability(state: TitanDiceState) -> None:
    """The ability is complete: capture or end the turn next."""
    state.pending = NoDecision()
    state.phase = Phase.AFTER_ACTION


def _under_way(state: TitanDiceState) -> AbilityUnderWay:
    """The ability being carried out (in an ability's phases)."""
    return of_kind(state.pending, AbilityUnderWay)


def _chosen(pending: AbilityUnderWay) -> list[int]:
    """The dice chosen so far (an ability choosing dice)."""
    return of_kind(pending.chosen, list)


def _picks(pending: AbilityUnderWay) -> list[str]:
    """The creatures collected so far (a collect step)."""
    return of_kind(pending.picks, list)


# -- legal decisions: one function per ability phase (engine/titan_dice/phases.py) --------------------------
def choose_dice_actions(state: TitanDiceState) -> list[Action]:
    """An ability choosing dice: one die per face not chosen yet, and Finish once enough are chosen."""
    pending = _under_way(state)
    name = pending.ability
    actions: list[Action] = [
        make(ChooseDie, die=die, face=state.boards[state.decider].die_face[die])
        for die in dice_choices(state, state.decider)
    ]
    if len(_chosen(pending)) >= DICE_STEPS[name].least:
        actions.append(make(Finish, ability=name))
    return actions


def choose_face_actions(state: TitanDiceState) -> list[Action]:
    """Transform: every side but the one the chosen die shows."""
    die = of_kind(_under_way(state).die, int)
    current = state.boards[state.decider].die_face[die]
    return [make(ChooseFace, die=die, face=f) for f in FACES if f != current]


def lose_creature_actions(state: TitanDiceState) -> list[Action]:
    """A Hydra ability: every type of which the player has a creature to lose."""
    board = state.boards[state.decider]
    return [make(LoseCreature, creature=c) for c, value in zip(CREATURES, board.track, strict=True) if value > 0]


def collect_actions(state: TitanDiceState) -> list[Action]:
    """An ability collecting: the types still to collect, and Finish once enough are collected."""
    pending = _under_way(state)
    actions: list[Action] = [make(CollectCreature, creature=c) for c in collect_choices(state, state.decider)]
    if len(_picks(pending)) >= COLLECT_STEPS[pending.ability].least:
        actions.append(make(Finish, ability=pending.ability))
    return actions


def choose_type_actions(state: TitanDiceState) -> list[Action]:
    """A Kraken ability rolled a wound: every creature type (solo: every one Exodus has not lost)."""
    if state.is_solo:
        lost = exodus_lost(state)
        return [make(ChooseType, creature=c) for c in CREATURES if c not in lost]
    return [make(ChooseType, creature=c) for c in CREATURES]


def dice_choices(state: TitanDiceState, seat: int) -> list[int]:
    """Dice the current dice step may choose: one per distinct face (lowest index), not chosen yet."""
    pending = _under_way(state)
    step = DICE_STEPS[pending.ability]
    chosen = _chosen(pending)
    board = state.boards[seat]
    seen: set[str] = set()
    choices = []
    for die in board.dice_in(step.area):
        face = board.die_face[die]
        if die in chosen or face in seen:
            continue
        seen.add(face)
        choices.append(die)
    return choices


def collect_choices(state: TitanDiceState, seat: int) -> list[str]:
    """Creature types the current collect step may still collect (not caged, not the type just lost)."""
    pending = _under_way(state)
    step = COLLECT_STEPS[pending.ability]
    board = state.boards[seat]
    picks = _picks(pending)
    types = [c for c in CREATURES if c != pending.lost and board.track[CREATURES.index(c)] < TRACK_MAX]
    if step.same_type and picks:
        types = [c for c in types if c == picks[0]]
    return types


# -- carrying out the decisions: one function per decision (engine/titan_dice/phases.py) ----------------
def choose_die(state: TitanDiceState, action: ChooseDie) -> None:
    """A die chosen: Transform asks for its new side next; Convert flips it, Catch and Trap collect its creature."""
    seat = state.decider
    board = state.boards[seat]
    pending = _under_way(state)
    name = pending.ability
    if name == "Transform":
        pending.die = action.die
        state.phase = Phase.CHOOSE_FACE
        return
    _chosen(pending).append(action.die)
    if name == "Convert":
        new_face = OPPOSITE_FACE[action.face]
        state.log.append(f"{state.name(seat)} flips a {action.face.title()} die to {new_face.title()}.")
        if _turn_die(state, seat, action.die, new_face):
            return
    elif name in ("Catch", "Trap"):
        collect(board, action.face)
        board.die_area[action.die] = "removed" if name == "Catch" else "spent"
        where = "removes the die from play this round" if name == "Catch" else "moves the die to spent"
        state.log.append(f"{state.name(seat)} collects a {action.face.title()} and {where}.")
    _advance_dice(state, seat)


def choose_face(state: TitanDiceState, action: ChooseFace) -> None:
    """Transform: turn the chosen die to the chosen side, then choose the next die."""
    seat = state.decider
    board = state.boards[seat]
    pending = _under_way(state)
    old = board.die_face[action.die]
    _chosen(pending).append(action.die)
    pending.die = None
    state.log.append(f"{state.name(seat)} changes a {old.title()} die to {action.face.title()}.")
    state.phase = Phase.CHOOSE_DICE
    if _turn_die(state, seat, action.die, action.face):
        return
    _advance_dice(state, seat)


def finish_choosing(state: TitanDiceState, _action: Finish) -> None:
    """No more dice: carry out the ability with the dice chosen."""
    _complete_dice(state, state.decider)


def finish_collecting(state: TitanDiceState, _action: Finish) -> None:
    """No more creatures: the ability is complete."""
    finish_ability(state)


def lose_creature(state: TitanDiceState, action: LoseCreature) -> None:
    """A Hydra ability: lose the chosen creature, then collect (never that type back)."""
    seat = state.decider
    lose(state.boards[seat], action.creature)
    state.log.append(f"{state.name(seat)} loses a {action.creature.title()}.")
    _begin_collect(state, seat, action.creature)


def collect_creature(state: TitanDiceState, action: CollectCreature) -> None:
    """Collect one creature; the ability is complete once its most are collected or nothing is left."""
    seat = state.decider
    pending = _under_way(state)
    collect(state.boards[seat], action.creature)
    _picks(pending).append(action.creature)
    state.log.append(f"{state.name(seat)} collects a {action.creature.title()}.")
    if len(_picks(pending)) >= COLLECT_STEPS[pending.ability].most or not collect_choices(state, seat):
        finish_ability(state)


def choose_type(state: TitanDiceState, action: ChooseType) -> None:
    """A Kraken ability rolled a wound: carry it out on the chosen type."""
    seat = state.decider
    state.log.append(f"{state.name(seat)} chooses {action.creature.title()}.")
    kraken_effect(state, seat, action.creature)


def _turn_die(state: TitanDiceState, seat: int, die: int, face: str) -> bool:
    """Turn an active die to a side (Convert, Transform). A wound side goes where a rolled wound goes (the
    bonus die: to spent with a wound die); three wounds put the seat OUT. True if it did (the turn is over)."""
    board = state.boards[seat]
    if face != WOUND:
        board.die_face[die] = face
        return False
    place_rolled(state, seat, die, face)
    if board.wounds() < WOUNDS_TO_GO_OUT:
        return False
    go_out(state, seat, f"{state.name(seat)} has {board.wounds()} wounds and is OUT.")
    end_turn(state)
    return True


def _advance_dice(state: TitanDiceState, seat: int) -> None:
    """Complete a dice step once its maximum is chosen or nothing is left to choose."""
    pending = _under_way(state)
    step = DICE_STEPS[pending.ability]
    if len(_chosen(pending)) >= step.most or not dice_choices(state, seat):
        _complete_dice(state, seat)


def _complete_dice(state: TitanDiceState, seat: int) -> None:
    """Roll what a re-rolling ability chose, then end the ability."""
    pending = _under_way(state)
    name = pending.ability
    chosen = list(_chosen(pending))
    if name in ("Alter", "Redemption") and not chosen:
        state.log.append(f"{state.name(seat)} re-rolls nothing.")
    if name == "Alter" and chosen:
        roll_dice(state, seat, chosen, "re-rolls")
        after_roll(state, seat, Phase.AFTER_ACTION)
        return
    if name == "Redemption" and chosen:
        board = state.boards[seat]
        faces = [roll_face(state) for _ in chosen]
        state.log.append(f"{state.name(seat)} re-rolls {plural(len(chosen), 'wound')}: {face_list(faces)}.")
        for die, face in zip(chosen, faces, strict=True):
            board.die_face[die] = face
            if face != WOUND:
                board.die_area[die] = "spent"
                gained = collect(board, face)
                state.log.append(
                    f"{state.name(seat)} collects a {face.title()}." if gained else f"{face.title()} is already caged."
                )
    finish_ability(state)


def _begin_collect(state: TitanDiceState, seat: int, lost: str) -> None:
    """Start a collect step (after losing `lost`, which may not be collected back)."""
    pending = _under_way(state)
    pending.lost = lost
    pending.picks = []
    state.phase = Phase.COLLECT
    if not collect_choices(state, seat):
        state.log.append(f"{state.name(seat)} has nothing left to collect.")
        finish_ability(state)


def kraken_effect(state: TitanDiceState, seat: int, creature: str) -> None:
    """Carry out a Kraken card on the chosen or rolled creature type."""
    name = _under_way(state).ability
    if name in ("Retract", "Recoil", "Wrestle"):
        index = CREATURES.index(creature)
        if state.exodus[index] <= 0:
            state.log.append(f"The Exodus {creature.title()} is already lost; nothing moves.")
        else:
            step = {"Retract": 1, "Recoil": 2, "Wrestle": EXODUS_START}[name]
            before = state.exodus[index]
            state.exodus[index] = min(EXODUS_START, before + step)
            state.log.append(
                f"The Exodus {creature.title()} moves {plural(state.exodus[index] - before, 'space')} toward its cage."
            )
        finish_ability(state)
        return
    taken = 0
    for k in range(1, state.num_players):
        victim = (seat + k) % state.num_players
        board = state.boards[victim]
        index = CREATURES.index(creature)
        if board.track[index] >= TRACK_MAX:
            state.log.append(f"{state.name(victim)}'s {creature.title()} is caged and safe.")
            continue
        lost = lose(board, creature, 1 if name == "Sabotage" else TRACK_MAX)
        taken += lost
        state.log.append(f"{state.name(victim)} loses {lost} {creature.title()}.")
    if name == "Piracy":
        gained = collect(state.boards[seat], creature, taken) if taken else 0
        if taken:
            state.log.append(f"{state.name(seat)} collects {gained} of the {taken} {creature.title()} taken.")
        if not gained:  # none collected from the others (none taken, or your own track is caged)
            state.log.append(f"No creatures were collected; {state.name(seat)} collects one creature of their choice.")
            _begin_collect(state, seat, "")
            return
    finish_ability(state)
