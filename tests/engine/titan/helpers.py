"""Helpers for Titan tests: a fresh game, actions played through the contract, legions put on the board."""

from __future__ import annotations

from typing import Any, cast

from engine.core import Action, Seat
from engine.titan.game import Titan
from engine.titan.state import Legion, TitanState, starting_stock
from tests.engine import helpers

GAME = Titan()


def new(players: int = 2, seed: int = 1) -> TitanState:
    """A fresh game for Ann, Bob, Cy...: the towers drawn, the first split to make."""
    state = GAME.new_game(
        players, None, seed, [Seat(name=name) for name in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")[:players]]
    )
    assert isinstance(state, TitanState)
    return state


def act(state: TitanState, action: Action | dict[str, Any]) -> TitanState:
    """Apply one action through the full contract, checking the invariants."""
    return cast(TitanState, helpers.act(GAME, state, action))


def find(state: TitanState, kind: str, **fields: Any) -> Action:
    """The one legal action of this kind whose fields match (fails the test otherwise)."""
    return helpers.find(GAME, state, kind, **fields)


def do(state: TitanState, kind: str, **fields: Any) -> TitanState:
    """Apply the one legal action of this kind whose fields match."""
    return act(state, find(state, kind, **fields))


def place(state: TitanState, marker: str, owner: int, land: int, contents: list[str]) -> Legion:
    """Put a legion on the board (its characters taken from the stock)."""
    for name in contents:
        if name != "Titan":
            state.stock[name] -= 1
    if marker in state.players[owner].free_markers:
        state.players[owner].free_markers.remove(marker)
    legion = Legion.formed(marker, owner, land, contents, state.num_players)
    state.legions[marker] = legion
    return legion


def clear_board(state: TitanState) -> None:
    """No legion on the board, every counter back in the stock, markers free, past the first turns."""
    state.legions = {}
    state.stock = starting_stock(0)
    for seat, player in enumerate(state.players):
        player.free_markers = [
            f"{player.free_markers[0][:2] if player.free_markers else 'Bk'}{n:02d}" for n in range(1, 13)
        ]
        state.first_turns[seat] = False
