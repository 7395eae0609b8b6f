"""Readable refusals and invariant checks for Titan Dice states."""

from __future__ import annotations

from engine.core import Action
from engine.titan_dice.actions import Activate, Capture, Exchange, Purchase
from engine.titan_dice.data import (
    BONUS_DIE,
    CREATURES,
    EXODUS_START,
    REGULAR_DICE,
    TRACK_MAX,
    WOUND,
    WOUNDS_TO_GO_OUT,
)
from engine.titan_dice.rules import can_pay, card_cost, deck_levels, solo_pair
from engine.titan_dice.state import Phase, TitanDiceState
from engine.titan_dice.view import status_sentence

# Which action kinds each phase accepts (for readable refusals).
PHASE_KINDS: dict[Phase, tuple[str, ...]] = {
    Phase.NPC_ROLL: ("roll_exodus",),
    Phase.NPC_WOUND: ("move_exodus",),
    Phase.FIRST_ROLL: ("roll_five",),
    Phase.WOUND_REROLL: ("reroll_wounds", "keep_wounds"),
    Phase.ROLL: ("roll",),
    Phase.ACTION: ("capture", "purchase", "exchange", "activate", "pass"),
    Phase.PAYMENT: ("pay",),
    Phase.CHOOSE_DICE: ("choose_die", "finish"),
    Phase.CHOOSE_FACE: ("choose_face",),
    Phase.LOSE_CREATURE: ("lose_creature",),
    Phase.COLLECT: ("collect_creature", "finish"),
    Phase.CHOOSE_TYPE: ("choose_type",),
    Phase.AFTER_ACTION: ("capture", "end_turn"),
    Phase.ATTACK_ROLL: ("attack_roll",),
    Phase.ATTACK_KEEP: ("attack_reroll", "attack_keep"),
    Phase.ATTACK_VICTIM: ("flip_card", "lose_creature", "remove_die"),
    Phase.GAME_OVER: (),
}

# Where a regular die may be: OUT; before the first roll of the round; during its wound re-roll; otherwise.
OUT_AREAS = frozenset({"attack", "removed"})
UNROLLED_AREAS = frozenset({"hand"})
REROLL_AREAS = frozenset({"hand", "active"})
IN_AREAS = frozenset({"active", "spent", "wound", "removed"})
BONUS_AREAS = frozenset({"box", "active", "spent", "removed", "attack"})


def why_illegal(state: TitanDiceState, action: Action) -> str:
    """A reason a player can read for refusing an action."""
    kind = getattr(action, "kind", "")
    if state.phase == Phase.GAME_OVER:
        return "The game is over."
    if kind not in PHASE_KINDS[state.phase]:
        return f"\u201c{action.describe()}\u201d is not possible now. {status_sentence(state)}."
    board = state.boards[state.decider]
    if isinstance(action, Purchase | Exchange | Activate):
        creature = action.creature
        if isinstance(action, Purchase) and creature in board.cards:
            return f"You already own a {creature.title()} card; you may only exchange it."
        if not isinstance(action, Purchase) and creature in board.face_down:
            return f"Your {creature.title()} card is face down this round."
        if not can_pay(board, creature, card_cost(action.level)):
            return (
                f"{creature.title()} {action.level} costs {card_cost(action.level)} {creature.title()} dice "
                f"and/or captured {creature.title()}; you have {board.active_count(creature)} dice and "
                f"{board.track[CREATURES.index(creature)]} captured."
            )
    if isinstance(action, Capture) and not board.active_count(action.creature):
        return f"You have no active {action.creature.title()} dice to capture."
    return f"\u201c{action.describe()}\u201d is not allowed now. {status_sentence(state)}."


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
    return problems
