"""Capturing, and the purchase / exchange / activate deals with their payment."""

from __future__ import annotations

from engine.core import Action
from engine.core.records import of_kind
from engine.titan_dice import abilities, flow
from engine.titan_dice.actions import Activate, Capture, Exchange, Purchase, make
from engine.titan_dice.data import CREATURES
from engine.titan_dice.rules import ability_of, can_pay, card_cost, payment_splits
from engine.titan_dice.state import Deal, NoDecision, Phase, PlayerBoard, TitanDiceState


def capture_actions(board: PlayerBoard) -> list[Action]:
    """One capture per creature type among the active dice."""
    counts = board.active_counts()
    return [make(Capture, creature=c, count=counts[c]) for c in CREATURES if counts.get(c)]


def deal_actions(state: TitanDiceState, seat: int) -> list[Action]:
    """Purchases, exchanges and activations the seat can pay for, in that order."""
    board = state.boards[seat]
    counts = board.active_counts()
    purchases: list[Action] = []
    exchanges: list[Action] = []
    activations: list[Action] = []
    for index, creature in enumerate(CREATURES):
        budget = counts.get(creature, 0) + board.track[index]  # matching dice and creatures
        stack = state.stacks[creature]
        owned = board.cards.get(creature)
        if owned is None:
            if stack and budget >= card_cost(stack[0]):
                purchases.append(make(Purchase, creature=creature, level=stack[0]))
            continue
        if creature in board.face_down:
            continue  # a face-down card can neither be used nor exchanged
        for level in sorted(set(stack)):  # any card of the stack, not only the top one
            if level != owned and budget >= card_cost(level):
                exchanges.append(make(Exchange, creature=creature, level=level, give_level=owned, from_seat=-1))
        for k in range(1, state.num_players):
            other = (seat + k) % state.num_players
            theirs = state.boards[other].cards.get(creature)
            if (
                theirs is not None
                and theirs != owned
                and budget >= card_cost(theirs)
                and state.boards[other].has_usable_card(creature)
            ):
                exchanges.append(make(Exchange, creature=creature, level=theirs, give_level=owned, from_seat=other))
        if budget >= card_cost(owned) and any(
            abilities.is_feasible(state, seat, creature, owned, d, m)
            for d, m in payment_splits(board, creature, card_cost(owned))
        ):
            name = ability_of(creature, owned, state.is_solo)[0]
            activations.append(make(Activate, creature=creature, level=owned, ability=name))
    return [*purchases, *exchanges, *activations]


def allowed_splits(state: TitanDiceState, seat: int) -> list[tuple[int, int]]:
    """The payments (dice, creatures) allowed for the pending deal."""
    pending = of_kind(state.pending, Deal)
    board = state.boards[seat]
    splits = payment_splits(board, pending.creature, card_cost(pending.level))
    if pending.deal == "activate":
        splits = [
            (d, m) for d, m in splits if abilities.is_feasible(state, seat, pending.creature, pending.level, d, m)
        ]
    return splits


def deal_refusal(state: TitanDiceState, action: Purchase | Exchange | Activate) -> str | None:
    """Why a purchase, exchange or activation may not be made: a card of the type owned already (buying), the
    card face down (exchanging, activating), or its cost not in hand; None when none of these holds."""
    board = state.boards[state.decider]
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
    return None


def capture_refusal(state: TitanDiceState, action: Capture) -> str | None:
    """Why a capture may not be made: no active die shows the creature."""
    if not state.boards[state.decider].active_count(action.creature):
        return f"You have no active {action.creature.title()} dice to capture."
    return None


def capture(state: TitanDiceState, seat: int, creature: str) -> None:
    """Collect one creature per matching active die; the turn ends and the seat is OUT."""
    board = state.boards[seat]
    count = board.active_count(creature)
    gained = flow.collect(board, creature, count)
    wasted = f" ({count - gained} wasted: the track is full)" if gained < count else ""
    flow.go_out(state, seat, f"{state.name(seat)} captures {gained} {creature.title()}{wasted} and is OUT.")
    flow.end_turn(state)


def begin_deal(state: TitanDiceState, seat: int, action: Purchase | Exchange | Activate) -> None:
    """Note the chosen purchase, exchange or activation; pay next (at once if there is only one way)."""
    state.pending = Deal(
        deal=action.kind,
        creature=action.creature,
        level=action.level,
        from_seat=action.from_seat if isinstance(action, Exchange) else -1,
    )
    splits = allowed_splits(state, seat)
    if len(splits) == 1:
        pay(state, seat, *splits[0])
    else:
        state.phase = Phase.PAYMENT


def pay(state: TitanDiceState, seat: int, dice: int, creatures: int) -> None:
    """Spend matching active dice (regular dice first) and captured creatures, then complete the deal."""
    board = state.boards[seat]
    pending = of_kind(state.pending, Deal)
    creature, level = pending.creature, pending.level
    paying = [d for d in board.dice_in("active") if board.die_face[d] == creature][:dice]
    for die in paying:
        board.die_area[die] = "spent"
    flow.lose(board, creature, creatures)
    parts = []
    if dice:
        parts.append(f"{dice} {creature.title()} {'die' if dice == 1 else 'dice'}")
    if creatures:
        parts.append(f"{creatures} captured {creature.title()}")
    paid = " and ".join(parts)
    name = state.name(seat)
    if pending.deal == "activate":
        state.log.append(f"{name} pays {paid}.")
        abilities.start_ability(state, seat, creature, level)
        return
    if pending.deal == "purchase":
        state.stacks[creature].pop(0)
        state.log.append(f"{name} buys {creature.title()} {level} for {paid}.")
    else:
        given = board.cards[creature]
        source = pending.from_seat
        if source < 0:
            stack = state.stacks[creature]
            stack.remove(level)
            stack.append(given)
            stack.sort()  # the stack stays ordered by level, lowest on top
            owner = "the stack's"
        else:
            state.boards[source].cards[creature] = given
            owner = f"{state.name(source)}'s"
        state.log.append(
            f"{name} exchanges {creature.title()} {given} for {owner} {creature.title()} {level}, paying {paid}."
        )
    board.cards[creature] = level
    state.pending = NoDecision()
    state.phase = Phase.AFTER_ACTION
