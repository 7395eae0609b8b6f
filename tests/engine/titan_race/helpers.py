"""Helpers for Titan Race tests: games with chosen Titans, positions built directly, finding legal actions."""

from __future__ import annotations

from typing import Any, cast

import pytest

from engine.core import Action, IllegalAction, ScriptedRng
from engine.titan_race import GAME
from engine.titan_race.data import FACE_EXTRA, FACES
from engine.titan_race.state import Phase, TitanRaceState, Turn
from tests.engine import helpers

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def new(
    titans: tuple[str, ...] = ("grinder", "rassik"),
    circuit: str = "kaldheira",
    seed: int = 0,
    players: int | None = None,
    **options: Any,
) -> TitanRaceState:
    """A fresh game with these Titans in seat order."""
    if players is None:
        players = 2 if options.get("variant") == "two_player" else len(titans)
    state = GAME.new_game(
        players,
        {"circuit": circuit, "titans": list(titans), **options},
        seed=seed,
        seats=[{"name": n} for n in NAMES[:players]],
    )
    assert isinstance(state, TitanRaceState)
    return state


def index_of(state: TitanRaceState, name: str) -> int:
    """The index of a Titan by its key."""
    return next(i for i, t in enumerate(state.titans) if t.name == name)


def titan(state: TitanRaceState, name: str):
    """A Titan by its key."""
    return state.titans[index_of(state, name)]


def position(
    state: TitanRaceState,
    spaces: dict[str, str | None],
    acting: str,
    face: str = "yellow",
    hands: dict[str, list[str]] | None = None,
    round_number: int = 2,
) -> TitanRaceState:
    """A copy where the Titans stand on these spaces and `acting` has drafted `face` (TURN phase).

    Hands default to empty (the cards go back to the deck); traps are cleared.
    """
    state = state.clone()
    assert isinstance(state, TitanRaceState)
    for t in state.titans:
        state.deck += t.hand
        t.hand = []
    state.deck += state.discard
    state.discard = []
    state.deck.sort()
    for name, space in spaces.items():
        titan(state, name).space = space
    for name, cards in (hands or {}).items():
        for card in cards:
            state.deck.remove(card)
            titan(state, name).hand.append(card)
    state.traps = []
    state.round_number = round_number
    acting_index = index_of(state, acting)
    state.first_titan = acting_index
    state.order = [(acting_index + k) % len(state.titans) for k in range(len(state.titans))]
    state.turn_index = 0
    state.pool = [face] * (len(state.titans) - 1)
    state.turn = Turn(
        die=face,
        face=face,
        penalty=False,
        moved=False,
        extra_done=face not in FACE_EXTRA,
        card_played=False,
        rerolled=False,
        pentacle=False,
    )
    state.titans[acting_index].ability_used = False
    state.phase = Phase.TURN
    return state


def trap(state: TitanRaceState, *spaces: str, board: int = 0) -> None:
    """Put traps on spaces (in place)."""
    for space in spaces:
        state.traps.append(f"{board}:{space}")
    state.traps.sort()


def script(state: TitanRaceState, *faces: str) -> None:
    """The next dice rolled in `state` show these faces, in order."""
    state.rng = ScriptedRng([FACES.index(face) for face in faces])


def act(state: TitanRaceState, action: Action | dict[str, Any], settle: bool = True) -> TitanRaceState:
    """Apply one action through the full contract, checking the invariants.

    With `settle`, a Shield question whose only answer is "no" (asked of every Titan hit while a Shield
    may be in a hand, ruling 16) is answered at once, as a player without a Shield would.
    """
    new_state = cast(TitanRaceState, helpers.act(GAME, state, action))
    while settle and new_state.phase == Phase.ANSWER and new_state.asked().options == ["no"]:
        new_state = act(new_state, {"kind": "answer", "choice": "no"}, settle=False)
    return new_state


def find(state: TitanRaceState, kind: str, **fields: Any) -> Action:
    """The one legal action of this kind whose fields match (fails the test otherwise)."""
    return helpers.find(GAME, state, kind, **fields)


def do(state: TitanRaceState, kind: str, **fields: Any) -> TitanRaceState:
    """Apply the one legal action of this kind whose fields match."""
    return act(state, find(state, kind, **fields))


def move(state: TitanRaceState, *steps: str) -> TitanRaceState:
    """Take the die's move along this route."""
    return do(state, "move", steps=tuple(steps))


def legal(state: TitanRaceState, kind: str) -> list[Action]:
    """The legal actions of one kind."""
    return [a for a in GAME.legal_actions(state) if a.kind == kind]


def described(state: TitanRaceState) -> list[str]:
    """The legal actions, described."""
    return [a.describe() for a in GAME.legal_actions(state)]


def refused(state: TitanRaceState, action: Action | dict[str, Any], match: str | None = None) -> None:
    """The action is refused with IllegalAction and the state is unchanged."""
    before = state.snapshot()
    with pytest.raises(IllegalAction, match=match):
        GAME.apply(state, action)
    assert state.snapshot() == before


def where(state: TitanRaceState) -> dict[str, str | None]:
    """Every Titan's space."""
    return {t.name: t.space for t in state.titans}


def lives(state: TitanRaceState) -> dict[str, int]:
    """Every Titan's Life Points."""
    return {t.name: t.life for t in state.titans}
