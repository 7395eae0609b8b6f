"""Readable refusals and invariant checks for Titan Dice states."""

from __future__ import annotations

from typing import Any

from engine.core import Action
from engine.titan_dice.data import (
    BONUS_DIE,
    CREATURES,
    EXODUS_START,
    FACES,
    REGULAR_DICE,
    TRACK_MAX,
    WOUND,
    WOUNDS_TO_GO_OUT,
)
from engine.titan_dice.phases import FLOW
from engine.titan_dice.rules import ability_of, deck_levels, solo_pair
from engine.titan_dice.state import (
    AbilityUnderWay,
    AttackKeeping,
    AttackUnderWay,
    Deal,
    ExodusWounds,
    FirstWounds,
    NoDecision,
    Phase,
    TitanDiceState,
)
from engine.titan_dice.view import status_sentence

# Where a regular die may be: OUT; before the first roll of the round; during its wound re-roll; otherwise.
OUT_AREAS = frozenset({"attack", "removed"})
UNROLLED_AREAS = frozenset({"hand"})
REROLL_AREAS = frozenset({"hand", "active"})
IN_AREAS = frozenset({"active", "spent", "wound", "removed"})
BONUS_AREAS = frozenset({"box", "active", "spent", "removed", "attack"})


def why_illegal(state: TitanDiceState, action: Action) -> str:
    """A reason a player can read for refusing an action: the game is over, its phase does not take it (phases.FLOW),
    or its phase's reason (a card not affordable, no die to capture with)."""
    if state.phase == Phase.GAME_OVER:
        return "The game is over."
    step = FLOW[state.phase]
    if type(action) not in step.plays:  # a decision of another phase
        return f"\u201c{action.describe()}\u201d is not possible now. {status_sentence(state)}."
    return (
        step.refusal(state, action) or f"\u201c{action.describe()}\u201d is not allowed now. {status_sentence(state)}."
    )


def invariant_violations(state: TitanDiceState, scores: list[float]) -> list[str]:
    """Broken invariants of a state; empty when all is well."""
    problems: list[str] = []
    over = state.phase == Phase.GAME_OVER
    for seat, board in enumerate(state.boards):
        who = f"seat {seat}"
        if len(board.track) != len(CREATURES) or min(board.track) < 0 or max(board.track) > TRACK_MAX:
            problems.append(f"{who}: track out of range {board.track}")
        if len(board.die_area) != REGULAR_DICE + 1 or len(board.die_face) != REGULAR_DICE + 1:
            problems.append(f"{who}: wrong number of dice")
            continue
        rerolling = state.phase == Phase.WOUND_REROLL and state.turn == seat
        if board.is_out:
            allowed = OUT_AREAS
        elif not board.has_rolled:
            allowed = UNROLLED_AREAS
        else:
            allowed = REROLL_AREAS if rerolling else IN_AREAS
        for die in range(REGULAR_DICE):
            area, face = board.die_area[die], board.die_face[die]
            if area not in allowed:
                problems.append(f"{who}: die {die} is in {area!r} (out={board.is_out}, rolled={board.has_rolled})")
            elif (area == "wound" and face != WOUND) or (area == "active" and face == WOUND):
                problems.append(f"{who}: die {die} is {area} showing {face}")
        bonus = board.die_area[BONUS_DIE]
        if bonus not in BONUS_AREAS:
            problems.append(f"{who}: bonus die in {bonus!r}")
        if (bonus == "attack") != board.gryphon_attack:
            problems.append(f"{who}: bonus die {bonus} but gryphon_attack={board.gryphon_attack}")
        if board.is_out and bonus not in ("box", "attack", "removed"):
            problems.append(f"{who}: OUT with the bonus die {bonus}")
        if bonus == "active" and board.die_face[BONUS_DIE] == WOUND:
            problems.append(f"{who}: the active bonus die shows a wound")
        if board.is_out and board.wound_markers:
            problems.append(f"{who}: OUT but still holds wound markers")
        if not board.is_out and not over and board.wounds() >= WOUNDS_TO_GO_OUT:
            problems.append(f"{who}: {board.wounds()} wounds but not OUT")
        if any(c not in board.cards for c in board.face_down) or len(set(board.face_down)) != len(board.face_down):
            problems.append(f"{who}: face-down cards {board.face_down} not owned or repeated")
        if not set(board.cards) <= set(CREATURES):
            problems.append(f"{who}: unknown card types {sorted(board.cards)}")
        if scores[seat] != sum(board.track) + sum(board.cards.values()):
            problems.append(f"{who}: score {scores[seat]} is not the rulebook count")
    for creature in CREATURES:
        stack = state.stacks[creature]
        held = [b.cards[creature] for b in state.boards if creature in b.cards]
        if sorted(stack + held) != sorted(deck_levels(creature, state.num_players, solo_pair(state.options, creature))):
            problems.append(f"{creature}: cards not conserved (stack {stack}, held {held})")
        if any(stack[k] > stack[k + 1] for k in range(len(stack) - 1)):
            problems.append(f"{creature}: stack out of order {stack}")
    if state.is_solo and (len(state.exodus) != len(CREATURES) or any(not 0 <= v <= EXODUS_START for v in state.exodus)):
        problems.append(f"exodus out of range {state.exodus}")
    if not over and not 0 <= state.decider < state.num_players:
        problems.append(f"decider {state.decider} out of range")
    elif not over:
        problems += pending_problems(state)
    return problems


def _dice(value: list[Any], count: int = REGULAR_DICE) -> bool:
    """Distinct die numbers below `count`."""
    return len(set(value)) == len(value) and all(type(die) is int and 0 <= die < count for die in value)


def pending_problems(state: TitanDiceState) -> list[str]:
    """The decision under way fits its phase and names what is there (empty when it does)."""
    from engine.titan_dice.abilities import COLLECT_STEPS, DICE_STEPS, HYDRA_ABILITIES, KRAKEN_ABILITIES

    pending, phase, seat = state.pending, state.phase, state.decider
    board = state.boards[seat]
    wrong = [f"the {phase} phase's record is not one"]
    if phase == Phase.ATTACK_VICTIM:
        if not isinstance(pending, AttackUnderWay):
            return wrong
        attacker, victims = pending.attacker, pending.victims
        if not (
            0 <= attacker < state.num_players
            and attacker == state.turn
            and victims
            and victims[0] == seat
            and _dice(victims, state.num_players)
            and attacker not in victims
            and pending.face in ("hydra", "kraken", "minotaur")
            and all(face in FACES for face in pending.faces)
            and len(pending.faces) <= REGULAR_DICE
        ):
            return wrong
        return []
    if seat != state.turn and not (state.is_solo and phase in (Phase.NPC_ROLL, Phase.NPC_WOUND)):
        return [f"seat {seat} decides in seat {state.turn}'s turn"]
    if phase == Phase.NPC_WOUND:
        if not isinstance(pending, ExodusWounds):
            return wrong
        npc = pending.npc_roll
        if not (all(face in FACES for face in npc) and 1 <= pending.wounds <= npc.count(WOUND)):
            return wrong
        return []
    if phase == Phase.WOUND_REROLL:
        hand = board.dice_in("hand")
        if not (isinstance(pending, FirstWounds) and pending.wound_dice and _dice(pending.wound_dice)):
            return wrong
        if sorted(pending.wound_dice) != sorted(hand) or any(board.die_face[die] != WOUND for die in hand):
            return ["the wounds to re-roll are not the dice that show them"]
        return []
    if phase == Phase.PAYMENT:
        if not isinstance(pending, Deal):
            return wrong
        deal, creature, level, source = pending.deal, pending.creature, pending.level, pending.from_seat
        if creature not in CREATURES or (creature, level) not in _LEVELS:
            return wrong
        stack = state.stacks[creature]
        if deal == "purchase":
            fits = source == -1 and creature not in board.cards and stack[:1] == [level]
        elif deal == "activate":
            fits = source == -1 and board.cards.get(creature) == level and creature not in board.face_down
        elif deal == "exchange":
            held = state.boards[source].cards.get(creature) if 0 <= source < state.num_players else None
            fits = creature in board.cards and source != seat and (level in stack if source == -1 else held == level)
        else:
            fits = False
        return [] if fits else ["the card being paid for is not there"]
    if phase == Phase.ATTACK_KEEP:
        if not (isinstance(pending, AttackKeeping) and _dice(pending.aside, REGULAR_DICE + 1)):
            return wrong
        return [] if set(pending.aside) <= set(board.dice_in("attack")) else wrong
    if phase not in (Phase.CHOOSE_DICE, Phase.CHOOSE_FACE, Phase.LOSE_CREATURE, Phase.COLLECT, Phase.CHOOSE_TYPE):
        return [] if isinstance(pending, NoDecision) else [f"a pending record in the {phase} phase"]
    # an ability under way: the card's own, and each step's record
    if not isinstance(pending, AbilityUnderWay):
        return wrong
    creature, level, name = pending.creature, pending.level, pending.ability
    if creature not in CREATURES or (creature, level) not in _LEVELS:
        return wrong
    if ability_of(creature, level, state.is_solo)[0] != name:
        return ["the ability under way is not its card's"]
    # each step's fields are there once the ability reaches it
    missing = {
        Phase.CHOOSE_DICE: pending.chosen is None,
        Phase.CHOOSE_FACE: pending.chosen is None or pending.die is None,
        Phase.LOSE_CREATURE: False,
        Phase.COLLECT: pending.lost is None or pending.picks is None,
        Phase.CHOOSE_TYPE: pending.rolled is None,
    }
    if missing[phase]:
        return wrong
    if phase in (Phase.CHOOSE_DICE, Phase.CHOOSE_FACE):
        chosen = pending.chosen or []
        if name not in DICE_STEPS or not _dice(chosen, REGULAR_DICE + 1):
            return wrong
        if len(chosen) > DICE_STEPS[name].most:
            return wrong
        if phase == Phase.CHOOSE_FACE and not 0 <= (pending.die or 0) <= REGULAR_DICE:
            return wrong
    if phase == Phase.LOSE_CREATURE and name not in HYDRA_ABILITIES:
        return wrong
    if phase == Phase.COLLECT:
        picks = pending.picks or []
        if name not in COLLECT_STEPS or pending.lost not in ("", *CREATURES):
            return wrong
        if len(picks) > COLLECT_STEPS[name].most or not all(pick in CREATURES for pick in picks):
            return wrong
    if phase == Phase.CHOOSE_TYPE and (name not in KRAKEN_ABILITIES or pending.rolled != WOUND):
        return wrong
    return []


def _levels() -> set[tuple[str, int]]:
    from engine.titan_dice.data import ABILITIES, SOLO_KRAKEN_ABILITIES

    return set(ABILITIES) | {("kraken", level) for level in SOLO_KRAKEN_ABILITIES}


_LEVELS = _levels()
