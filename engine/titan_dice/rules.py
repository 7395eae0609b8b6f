"""Pure queries about a Titan Dice position: costs, card abilities, payments, scores."""

from __future__ import annotations

from typing import Any

from engine.titan_dice.data import (
    ABILITIES,
    CAGED_TYPES_TO_END,
    COST_OVER_LEVEL,
    CREATURES,
    FULL_STACK_PLAYERS,
    NPC_MAX_DICE,
    SMALL_STACK_LEVELS,
    SOLO_KRAKEN_ABILITIES,
    SOLO_STACK_CHOICES,
    SOLO_STACK_DEFAULT,
    STACK_LEVELS,
    TRACK_MAX,
)
from engine.titan_dice.state import PlayerBoard, TitanDiceState


def card_cost(level: int) -> int:
    """Dice and/or creatures needed to buy, exchange for, or activate a card of this level."""
    return level + COST_OVER_LEVEL


def ability_of(creature: str, level: int, solo: bool) -> tuple[str, str]:
    """(name, text) of the ability of a card; solo games use the solo Kraken cards."""
    if solo and creature == "kraken":
        return SOLO_KRAKEN_ABILITIES[level]
    return ABILITIES[(creature, level)]


def solo_pair(options: Any, creature: str) -> str:
    """The two card levels a solo stack of this type holds ("1-2", "1-3" or "2-3"): its own option, else
    the option for every type."""
    return getattr(options, f"solo_{creature}", "") or getattr(options, "solo_cards", SOLO_STACK_DEFAULT)


def deck_levels(creature: str, num_players: int, solo_cards: str = SOLO_STACK_DEFAULT) -> tuple[int, ...]:
    """The levels of the cards of one type in play for this player count (and solo choice), top first."""
    if num_players == 1:
        return SOLO_STACK_CHOICES[solo_cards]
    return STACK_LEVELS if num_players >= FULL_STACK_PLAYERS else SMALL_STACK_LEVELS


def payment_splits(board: PlayerBoard, creature: str, cost: int) -> list[tuple[int, int]]:
    """Every (dice, creatures) pair that pays `cost` of a type, fewest dice first."""
    dice = board.active_count(creature)
    creatures = board.track[CREATURES.index(creature)]
    return [(d, cost - d) for d in range(max(0, cost - creatures), min(dice, cost) + 1)]


def can_pay(board: PlayerBoard, creature: str, cost: int) -> bool:
    """True if active dice and captured creatures of the type cover the cost."""
    return board.active_count(creature) + board.track[CREATURES.index(creature)] >= cost


def board_score(board: PlayerBoard) -> int:
    """The rulebook's count: one point per creature on the tracks and per creature icon (level) on cards."""
    return sum(board.track) + sum(board.cards.values())


def caged_count(board: PlayerBoard) -> int:
    """How many creature types are caged."""
    return sum(1 for value in board.track if value >= TRACK_MAX)


def round_potential(board: PlayerBoard) -> float:
    """What a board may still gain this round, in points, for the bots' heuristic.

    A player still in the round: the best capture its active dice offer (up to the cage), a little for
    each other active die, less the risk its wounds carry (three put it OUT). An OUT player: the attacks
    its dice may still make. Face-down cards cannot be used, removed dice cannot be rolled.
    """
    removed = sum(1 for area in board.die_area if area == "removed")
    unusable = 0.4 * len(board.face_down) + 0.2 * removed
    if board.is_out:
        return 0.15 * len(board.dice_in("attack")) - unusable
    counts = board.active_counts()
    best = max(
        (
            min(count, TRACK_MAX - board.track[CREATURES.index(face)])
            for face, count in counts.items()
            if face in CREATURES
        ),
        default=0,
    )
    active = sum(counts.values())
    return 0.8 * best + 0.15 * (active - best) - 0.5 * board.wounds() - unusable


def triggers_end(board: PlayerBoard) -> bool:
    """True once a board has caged enough types to trigger the end of the game."""
    return caged_count(board) >= CAGED_TYPES_TO_END


def npc_dice(round_number: int) -> int:
    """How many dice the solo NPC rolls in a round."""
    return min(round_number, NPC_MAX_DICE)


def exodus_lost(state: TitanDiceState) -> list[str]:
    """The Exodus creatures already lost (solo)."""
    return [c for c, value in zip(CREATURES, state.exodus, strict=True) if value <= 0]


def turn_order(state: TitanDiceState) -> list[int]:
    """Seats in this round's turn order, from the first player clockwise."""
    n = state.num_players
    return [(state.first_player + k) % n for k in range(n)]


def players_in(state: TitanDiceState) -> list[int]:
    """Seats not OUT this round, clockwise from the current turn's seat."""
    n = state.num_players
    order = [(state.turn + k) % n for k in range(n)]
    return [seat for seat in order if not state.boards[seat].is_out]


def ranked_winner(state: TitanDiceState) -> int:
    """The winner: most points; a tie goes to the player later in the final round's turn order."""
    order = turn_order(state)
    return max(order, key=lambda seat: (board_score(state.boards[seat]), order.index(seat)))
