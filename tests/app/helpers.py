"""What the app tests share: async test bodies run in their own loop, the computer seats let finish, Titan games
played to a battle or at random, Born of Titans' moments to react, and a button of the settings pressed."""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Iterator
from typing import Any

from engine.born_of_titans import GAME as BORN
from engine.core import Seat
from engine.core.bots import make_bot
from engine.core.game import GameState
from engine.registry import GAMES
from engine.titan.state import TitanState

TITAN = GAMES["titan"]


@functools.cache
def battle_for(seats: tuple[Seat, ...], seed: int = 1) -> GameState:
    """A game played by Standard bots until Ann (seat 0) must decide inside a battle."""
    for attempt in range(seed, seed + 40):
        state = TITAN.new_game(2, None, attempt, list(seats))
        players = [make_bot(TITAN, 1, seat) for seat in range(2)]
        while not state.is_over and not (state.battle is not None and state.current_player == 0):  # type: ignore[attr-defined]
            seat = state.current_player
            assert seat is not None
            state = TITAN.apply(state, players[seat].choose(state, seat))
        if not state.is_over:
            return state
    raise AssertionError("no battle found")


AGAINST_COMPUTER = (Seat(name="Ann", hints=True), Seat(name="Bob", kind="ai", level=1))


def play(coroutine_function):
    """Run an async test body in its own event loop."""

    @functools.wraps(coroutine_function)
    def run(monkeypatch, *args, **kwargs):
        return asyncio.run(coroutine_function(monkeypatch, *args, **kwargs))

    return run


def pressed(app: Any, controller: Any, name: str, item_id: str = "") -> None:
    """Press the button of command `name` (on the item `item_id`, if given)."""
    node = type("Node", (), {})()
    controller.dom.attribute = lambda _node, attr: item_id if attr == "data-id" else None
    controller.COMMANDS[name](app, controller.Pressed(name, node, None))


def titan_game(players: int, seed: int, names: list[str] | None = None, ai: bool = False) -> TitanState:
    """A fresh Titan game for these names (Ann, Bob...), the seats after the first computer players if `ai`."""
    names = names or ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:players]
    seats = [Seat(name=name, kind="ai" if ai and i else "human") for i, name in enumerate(names)]
    state = TITAN.new_game(players, None, seed, seats)
    assert isinstance(state, TitanState)
    return state


def walk(state: TitanState, steps: int, seed: int) -> Iterator[TitanState]:
    """Random legal play (engagements fought more often than conceded), yielding each state."""
    rng = random.Random(seed)
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        legal = TITAN.legal_actions(state)
        keep = [a for a in legal if a.kind not in ("concede", "flee")] or legal
        state = TITAN.apply(state, rng.choice(keep))  # type: ignore[assignment]
    yield state


BORN_NAMES = ("Ann", "Bob", "Cyd")


def born_seats(humans: int) -> list[Seat]:
    """Ann, Bob and Cyd: the first `humans` of them human, the others computer players of level 1."""
    return [Seat(name=n) if i < humans else Seat(name=n, kind="ai", level=1) for i, n in enumerate(BORN_NAMES)]


def can_play(state: GameState) -> bool:
    """The seat asked holds a Divine counter it could play now."""
    return any(action.kind == "play_divine" for action in BORN.legal_actions(state))


@functools.cache
def moment(humans: int, playable: bool, other_than_mover: bool, kind: str = "") -> GameState:
    """A moment to react (random play), asking a seat that can (or cannot) play a Divine counter now; the seat asked
    is another than the mover, or the mover herself (seat 0 then); of `kind` if given."""
    for seed in range(1, 80):
        state = BORN.new_game(3, BORN.Options(), seed, born_seats(humans))
        rng = random.Random(seed)
        for _ in range(900):
            if state.is_over:
                break
            if str(state.phase) == "react" and can_play(state) == playable:
                mover = BORN.view(state, None)["mover"]
                asked = state.current_player
                of_kind = not kind or BORN.view(state, None)["moment"]["kind"] == kind
                if (asked != mover) == other_than_mover and (other_than_mover or asked == 0) and of_kind:
                    return state
            state = BORN.apply(state, rng.choice(BORN.legal_actions(state)))
    raise AssertionError("no such moment found")


async def settle(app: Any, ticks: int = 4000) -> None:
    """Let the computer seats' loop run until no computer decision is pending (at most `ticks` turns of the loop)."""
    for _ in range(ticks):
        await asyncio.sleep(0)
        if not any(not task.done() for task in app.tasks if task.get_coro().__name__ == "run_ai"):
            return
