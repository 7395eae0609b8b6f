"""Helpers for Titan Dice tests: scripted dice, positions built directly, finding legal actions."""

from __future__ import annotations

from typing import Any, cast

import pytest

from engine.core import Action, IllegalAction, ScriptedRng
from engine.titan_dice import GAME
from engine.titan_dice.data import CREATURES, FACES, REGULAR_DICE
from engine.titan_dice.state import NoDecision, Phase, TitanDiceState
from tests.engine import helpers


def new(num_players: int = 2, seed: int = 0) -> TitanDiceState:
    """A fresh game."""
    state = GAME.new_game(num_players, seed=seed, seats=[{"name": n} for n in ["Ann", "Bob", "Cy", "Di"][:num_players]])
    assert isinstance(state, TitanDiceState)
    return state


def script(state: TitanDiceState, *faces: str) -> None:
    """The next dice rolled in `state` show these faces, in order."""
    state.rng = ScriptedRng([FACES.index(face) for face in faces])


def act(state: TitanDiceState, action: Action | dict[str, Any]) -> TitanDiceState:
    """Apply one action through the full contract, checking the invariants."""
    return cast(TitanDiceState, helpers.act(GAME, state, action))


def do(state: TitanDiceState, kind: str, **fields: Any) -> TitanDiceState:
    """Apply the one legal action of this kind whose fields match."""
    return act(state, find(state, kind, **fields))


def find(state: TitanDiceState, kind: str, **fields: Any) -> Action:
    """The one legal action of this kind whose fields match (fails the test otherwise)."""
    return helpers.find(GAME, state, kind, **fields)


def kinds(state: TitanDiceState) -> list[str]:
    """The legal actions, described."""
    return [a.describe() for a in GAME.legal_actions(state)]


def legal(state: TitanDiceState, kind: str) -> list[Action]:
    """The legal actions of one kind."""
    return [a for a in GAME.legal_actions(state) if a.kind == kind]


def refused(state: TitanDiceState, action: Action | dict[str, Any], match: str = "") -> None:
    """The action is refused with IllegalAction and the state is unchanged."""
    before = state.snapshot()
    with pytest.raises(IllegalAction, match=match):
        GAME.apply(state, action)
    assert state.snapshot() == before


def position(
    state: TitanDiceState,
    seat: int = 0,
    active: tuple[str, ...] = (),
    spent: tuple[str, ...] = (),
    wounds: int = 0,
    removed: int = 0,
    track: tuple[int, ...] | None = None,
    cards: dict[str, int] | None = None,
    phase: Phase = Phase.ACTION,
) -> TitanDiceState:
    """Put a seat in a phase (default: action) with these dice (regular dice in order; others removed)."""
    state = state.clone()
    assert isinstance(state, TitanDiceState)
    board = state.boards[seat]
    placed = (
        [(face, "active") for face in active]
        + [(face, "spent") for face in spent]
        + [("wound", "wound")] * wounds
        + [("chimera", "removed")] * removed
    )
    assert len(placed) <= REGULAR_DICE
    placed += [("chimera", "removed")] * (REGULAR_DICE - len(placed))  # unspecified dice: out of play
    for die, (face, area) in enumerate(placed):
        board.die_face[die] = face
        board.die_area[die] = area
    board.has_rolled = True
    if track is not None:
        board.track = list(track)
    if cards is not None:
        for creature, level in cards.items():
            if creature in board.cards:
                state.stacks[creature].append(board.cards.pop(creature))
                state.stacks[creature].sort()
            state.stacks[creature].remove(level)
            board.cards[creature] = level
    state.turn = state.decider = seat
    state.phase = phase
    state.pending = NoDecision()
    return state


def give_card(state: TitanDiceState, seat: int, creature: str, level: int) -> None:
    """Move a card of that level from its stack to a seat (in place)."""
    board = state.boards[seat]
    if creature in board.cards:
        state.stacks[creature].append(board.cards.pop(creature))
        state.stacks[creature].sort()
    state.stacks[creature].remove(level)
    board.cards[creature] = level


def track(state: TitanDiceState, seat: int = 0) -> dict[str, int]:
    """A seat's creature track as a dict."""
    return dict(zip(CREATURES, state.boards[seat].track, strict=True))


def areas(state: TitanDiceState, seat: int = 0) -> list[str]:
    """Where a seat's six dice are."""
    return list(state.boards[seat].die_area)


def faces_in(state: TitanDiceState, seat: int, area: str) -> list[str]:
    """Faces of a seat's dice in an area."""
    board = state.boards[seat]
    return [board.die_face[d] for d in board.dice_in(area)]


def attacker_ready(players=3):
    """Seat 0 is OUT and about to attack; seats 1.. are still in with some dice."""
    state = position(new(players), active=("hydra",), phase=Phase.ATTACK_ROLL)
    board = state.boards[0]
    board.is_out = True
    board.die_area = ["attack"] * 5 + ["box"]
    for seat in range(1, players):
        state = position(state, seat, active=("hydra", "kraken"), spent=("chimera", "chimera"), wounds=1)
    state.turn = state.decider = 0
    state.phase = Phase.ATTACK_ROLL
    return state
