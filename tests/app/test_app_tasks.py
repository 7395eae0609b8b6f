"""The app keeps each task it starts referenced while it runs (the event loop holds only a weak reference) and
drops it once it is done, so a long game does not pile up thousands of finished tasks."""

from __future__ import annotations

import asyncio
from typing import Any

from engine.core import Seat
from engine.registry import GAMES
from tests.app.fake_page import FakePage, controller_with


def test_a_task_is_kept_while_it_runs_and_dropped_when_done(monkeypatch: Any) -> None:
    async def body() -> None:
        app = controller_with(FakePage(), monkeypatch).App()
        app.tasks.clear()  # (the start-up notices' timers)
        go = asyncio.Event()

        async def waiting() -> None:
            await go.wait()

        app.spawn(waiting())
        await asyncio.sleep(0)
        assert len(app.tasks) == 1 and not next(iter(app.tasks)).done()  # running: kept
        go.set()
        for _ in range(3):
            await asyncio.sleep(0)
        assert app.tasks == set()  # done: dropped

    asyncio.run(body())


def test_a_game_against_the_computer_leaves_no_finished_task(monkeypatch: Any) -> None:
    async def body() -> None:
        app = controller_with(FakePage(), monkeypatch).App()
        app.computer.pause = 0.0
        game = GAMES["titan_dice"]
        seats = [Seat(name="Ann", kind="ai", level=0), Seat(name="Bob", kind="ai", level=0)]
        app.table.begin(game.new_game(2, None, 3, seats), new_entry=True)
        for _ in range(3000):  # the computer seats play a while, a task for each of their loops and notices
            await asyncio.sleep(0)
        assert app.table.state.history, "the computer seats did not play"
        assert not any(task.done() for task in app.tasks)

    asyncio.run(body())
