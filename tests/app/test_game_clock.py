"""Battle Titan's clock in the page: time counts only while the game is on screen, goes into the game in whole
seconds at each move, undo, hide and leave, is saved with it, and a time-only save never beats another tab's move."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

from app.saving import Saver
from app.storage import MemoryBackend, SaveStore
from engine.core import Seat
from engine.core.save import loads
from engine.registry import GAMES
from tests.app.fake_page import FakePage, controller_with

GAME = GAMES["titan"]
TIMED = {"variant": "battle", "ending": "time", "minutes": 5}


class Page:
    """The fake page's clock and visibility, moved by the test."""

    def __init__(self) -> None:
        self.ms = 0.0
        self.hidden = False

    def wait(self, seconds: float) -> None:
        self.ms += seconds * 1000


def timed_app(monkeypatch: Any, options: dict[str, Any] = TIMED, kinds: tuple[str, str] = ("human", "human")):
    page, clock = FakePage(), Page()
    controller = controller_with(page, monkeypatch)
    monkeypatch.setattr(controller.dom, "perf_now", lambda: clock.ms)
    monkeypatch.setattr(controller.dom, "is_hidden", lambda: clock.hidden)
    app = controller.App()
    app.computer.pause = 0.0
    seats = [Seat(name=name, kind=kind, level=0) for name, kind in zip(("Ann", "Bob"), kinds, strict=True)]
    app.table.begin(GAME.new_game(2, options, 5, seats), new_entry=True)
    return app, clock


def move(app: Any) -> None:
    """The human asked takes the device ("I am X") and plays the first choice."""
    app.table.reveal()
    history = len(app.table.state.history)
    app.table.play_index("0")
    assert len(app.table.state.history) == history + 1


def seconds(state: Any) -> int:
    return int(state.war.seconds)


def stored_seconds(app: Any) -> int:
    return seconds(loads(app.stored.store.get(app.stored.saver.entry_id).save))


def test_time_counts_while_the_game_is_shown_and_goes_into_it_at_each_move(monkeypatch: Any) -> None:
    async def body() -> None:
        app, clock = timed_app(monkeypatch)
        clock.wait(12.5)
        move(app)
        assert seconds(app.table.state) == 12 and stored_seconds(app) == 12  # saved with the move
        clock.hidden = True
        app.clock.on_visibility()
        clock.wait(600)  # a hidden page counts nothing
        clock.hidden = False
        app.clock.on_visibility()
        clock.wait(3.5)  # with the half second carried: 4 more
        move(app)
        assert seconds(app.table.state) == 16 and stored_seconds(app) == 16

    asyncio.run(body())


def test_hiding_or_leaving_the_game_saves_its_time_and_the_home_screen_counts_none(monkeypatch: Any) -> None:
    async def body() -> None:
        app, clock = timed_app(monkeypatch)
        clock.wait(7.2)
        clock.hidden = True
        app.clock.on_visibility()  # no move: the time is saved alone
        assert seconds(app.table.state) == 7 and stored_seconds(app) == 7
        clock.hidden = False
        app.clock.on_visibility()
        clock.wait(9)
        app.home.show()
        assert seconds(app.table.state) == 16 and stored_seconds(app) == 16
        clock.wait(300)  # on the home screen
        assert app.stored.open(app.stored.saver.entry_id)
        clock.wait(1)
        move(app)
        assert seconds(app.table.state) == 17

    asyncio.run(body())


def test_an_undo_never_gives_time_back(monkeypatch: Any) -> None:
    async def body() -> None:
        app, clock = timed_app(monkeypatch)
        clock.wait(20)
        move(app)
        clock.wait(5)
        app.table.undo()
        assert app.table.state.history == [] and seconds(app.table.state) == 25 and stored_seconds(app) == 25

    asyncio.run(body())


def test_the_computers_thinking_counts_and_other_endings_keep_no_clock(monkeypatch: Any) -> None:
    async def body() -> None:
        app, clock = timed_app(monkeypatch, kinds=("ai", "ai"))
        clock.wait(30)  # the computer thinks
        for _ in range(200):
            await asyncio.sleep(0)
            if app.table.state.history:
                break
        assert app.table.state.history and seconds(app.table.state) == 30
        app.computer.stop()
        app, clock = timed_app(monkeypatch, options={"variant": "battle", "ending": "rounds", "rounds": 2})
        clock.wait(30)
        move(app)
        assert seconds(app.table.state) == 0

    asyncio.run(body())


def test_a_time_only_save_never_writes_over_another_tabs_move_nor_splits_the_game() -> None:
    store, ids = SaveStore(MemoryBackend()), itertools.count()
    here, there = (Saver(store, lambda: 1_000, lambda: f"game{next(ids)}") for _ in range(2))
    state = GAME.new_game(2, TIMED, 5)
    here.track_new()
    here.save(GAME, state)
    there.track(store.get(here.entry_id))
    moved = GAME.apply(state, GAME.legal_actions(state)[0])
    there.save(GAME, moved)  # the other tab moves
    from app.saving import finish_now

    done = finish_now(here.write(GAME, GAME.add_time(state, 40), time_only=True))
    assert done.follow and done.notice is None
    assert loads(store.get(here.entry_id).save) == moved and len(store.listing().games) == 1
    kept_apart = here.save(GAME, GAME.add_time(state, 40))  # a move's save would keep this tab's game apart
    assert kept_apart.notice is not None and len(store.listing().games) == 2


def test_another_tabs_time_only_save_is_followed_without_saying_it_was_played_on(monkeypatch: Any) -> None:
    async def body() -> None:
        app, _clock = timed_app(monkeypatch)
        store, entry_id = app.stored.store, app.stored.saver.entry_id
        there = Saver(store, lambda: 1_000, lambda: "other")
        there.track(store.get(entry_id))
        there.save(GAME, GAME.add_time(app.table.state, 30))  # the other tab's clock went on
        app.stored.follow_other_tab()
        assert seconds(app.table.state) == 30 and not app.notices.shown
        state = app.table.state
        there.track(store.get(entry_id))
        there.save(GAME, GAME.apply(state, GAME.legal_actions(state)[0]))  # a move there
        app.stored.follow_other_tab()
        assert len(app.table.state.history) == 1 and "played on in another tab" in app.notices.shown[-1][1]

    asyncio.run(body())
