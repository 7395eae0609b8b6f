"""The app's parts talk through events: the order of their effects at each thing the page does, pinned (a save
before the computer thinks, the clock reset before the computer stops, ...)."""

from __future__ import annotations

import asyncio
import functools
import types
from collections.abc import Callable
from typing import Any

import pytest

from engine.core import Seat
from engine.registry import GAMES
from tests.app.fake_page import FakePage, controller_with

DICE = GAMES["titan_dice"]

# The effects followed, by part and method: a call is written down as "part.method" when it starts.
TRACED: dict[str, tuple[str, tuple[str, ...]]] = {
    "GameClock": ("clock", ("reset", "flush")),
    "ComputerSeats": ("computer", ("stop", "schedule", "run_ai")),
    "StoredGame": ("stored", ("autosave", "follow_other_tab")),
    "Friends": ("friends", ("start", "end", "changed")),
    "Table": ("table", ("render", "show", "focus_first_choice")),
    "Notices": ("notices", ("notify",)),
}


def traced(monkeypatch: pytest.MonkeyPatch, page: FakePage | None = None) -> tuple[Any, list[str]]:
    """An app on a fake page whose parts write each followed call into the list returned."""
    controller = controller_with(page or FakePage(), monkeypatch)
    calls = trace(controller, monkeypatch)
    app = controller.App()
    app.computer.pause = 0.0
    return app, calls


def trace(controller: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The parts' classes write each followed call into the list returned, for the apps made from now on
    (`stored.autosave` says whether it saves the time alone; `friends.changed` is written only while a session with
    friends is open)."""
    calls: list[str] = []
    for name, (part, methods) in TRACED.items():
        cls = getattr(controller, name)
        for method in methods:
            original = getattr(cls, method)

            def wrapper(self: Any, *args: Any, _name: str = f"{part}.{method}", _original: Callable = original,
                        **kwargs: Any) -> Any:  # fmt: skip
                if _name != "friends.changed" or self.session is not None:  # (without a session it does nothing)
                    calls.append(
                        _name + ("(time_only)" if kwargs.get("time_only") or (args and args[0] is True) else "")
                    )
                return _original(self, *args, **kwargs)

            monkeypatch.setattr(cls, method, functools.wraps(original)(wrapper))
    return calls


async def settle(app: Any, ticks: int = 4000) -> None:
    """Let the page's tasks run until none is left."""
    for _ in range(ticks):
        await asyncio.sleep(0)
        if all(task.done() for task in app.tasks):
            return


def dice_game(kinds: tuple[str, str] = ("human", "ai")) -> Any:
    """Titan Dice, Ann (human) against Bob (the computer, level 1)."""
    seats = [Seat(name=name, kind=kind, level=1) for name, kind in zip(("Ann", "Bob"), kinds, strict=True)]
    return DICE.new_game(2, None, 7, seats)


def play(body: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(body)
    def run(monkeypatch: pytest.MonkeyPatch) -> None:
        asyncio.run(body(monkeypatch))

    return run


# What the table does after a move of its own, a computer's, and what showing the game screen again does.
OPENED = ["clock.reset", "computer.stop", "friends.start", "friends.end", "table.show", "table.render",
          "stored.autosave", "table.focus_first_choice", "computer.schedule"]  # fmt: skip
HUMAN_MOVE = ["table.render", "stored.autosave", "table.focus_first_choice", "computer.schedule"]
COMPUTER_MOVE = ["table.render", "stored.autosave"]
SHOWN_AGAIN = ["table.show", "table.render", "computer.schedule"]
LEFT = ["computer.stop", "clock.flush"]  # the game screen left for another


def computer_turn(calls: list[str]) -> int:
    """How many computer moves `calls` holds, once checked to be a human's move, the computer's moves one after
    another (each drawn, then saved), and the keyboard given back to the human."""
    assert calls[: len(HUMAN_MOVE)] == HUMAN_MOVE and calls[len(HUMAN_MOVE)] == "computer.run_ai"
    moves = calls[len(HUMAN_MOVE) + 1 : -1]
    assert calls[-1] == "table.focus_first_choice" and moves and len(moves) % len(COMPUTER_MOVE) == 0
    assert moves == COMPUTER_MOVE * (len(moves) // len(COMPUTER_MOVE))
    return len(moves) // len(COMPUTER_MOVE)


def race_game() -> Any:
    """Titan Race, Ann (human) against Bob (the computer, level 1): Ann chooses her Titan first."""
    return GAMES["titan_race"].new_game(2, None, 7, [Seat(name="Ann"), Seat(name="Bob", kind="ai", level=1)])


@play
async def test_a_game_opened_is_drawn_then_saved_then_its_computer_seats_start(monkeypatch: pytest.MonkeyPatch) -> None:
    app, calls = traced(monkeypatch)
    app.table.begin(dice_game(), new_entry=True)
    assert calls == OPENED
    calls.clear()
    await settle(app)
    app.home.show()
    assert calls == LEFT
    calls.clear()
    app.stored.open(app.stored.saver.entry_id)  # the same game opened again from the home screen
    assert calls == OPENED


@play
async def test_a_move_is_drawn_then_saved_before_the_computer_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    app, calls = traced(monkeypatch)
    app.table.begin(race_game(), new_entry=True)
    await settle(app)
    calls.clear()
    app.table.play_index("0")  # Ann chooses her Titan: Bob chooses his, takes a die, starts and moves
    await settle(app)
    assert computer_turn(calls) >= 2
    calls.clear()
    app.table.play_index("0")  # Ann takes a die: still Ann's decision
    assert calls == HUMAN_MOVE


@play
async def test_an_undo_stops_the_computer_before_the_position_goes_back(monkeypatch: pytest.MonkeyPatch) -> None:
    app, calls = traced(monkeypatch)
    app.table.begin(race_game(), new_entry=True)
    for _ in range(3):
        app.table.play_index("0")
        await settle(app)
    calls.clear()
    before = app.table.state
    app.table.undo()
    assert app.table.state.moves < before.moves
    assert calls == ["computer.stop", "table.render", "stored.autosave", "notices.notify",
                     "computer.schedule"]  # fmt: skip


@play
async def test_a_change_taken_from_elsewhere_is_drawn_saved_then_played_on(monkeypatch: pytest.MonkeyPatch) -> None:
    app, calls = traced(monkeypatch)
    app.table.begin(race_game(), new_entry=True)
    for _ in range(3):
        app.table.play_index("0")
        await settle(app)
    before = app.table.state
    game = app.table.game
    calls.clear()
    app.table.take(game.apply(before, game.legal_actions(before)[0]))  # a friend's move, say
    assert calls == ["table.render", "table.focus_first_choice", "stored.autosave",
                     "computer.schedule"]  # fmt: skip
    calls.clear()
    app.table.take(before)  # a friend's Undo
    assert calls == [
        "computer.stop",
        "table.render",
        "table.focus_first_choice",
        "stored.autosave",
        "computer.schedule",
    ]
    app.home.show()
    calls.clear()
    app.table.take(game.apply(before, game.legal_actions(before)[0]))  # taken off the game screen
    assert calls == ["stored.autosave", "computer.schedule"]


@play
async def test_leaving_the_game_screen_stops_the_computer_then_saves_the_time(monkeypatch: pytest.MonkeyPatch) -> None:
    app, calls = traced(monkeypatch)
    app.table.begin(dice_game(), new_entry=True)
    for leave, back in (
        (app.replay.show, app.replay.leave),
        (app.new_game.show, app.router.go_back),
        (app.settings.show, app.router.go_back),
    ):
        app.router.back_to = "game"
        await settle(app)
        calls.clear()
        leave()
        assert calls == LEFT
        calls.clear()
        back()
        assert calls == SHOWN_AGAIN
    calls.clear()
    app.dialogs.open_rules()
    await settle(app)
    assert calls[:2] == LEFT


@play
async def test_the_clock_saves_the_time_alone_before_the_computer_thinks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    page = FakePage()
    hidden = types.SimpleNamespace(now=False)
    page_functions = page.functions

    def functions() -> dict[str, Any]:
        return {**page_functions(), "is_hidden": lambda: hidden.now}

    page.functions = functions  # type: ignore[method-assign]
    app, calls = traced(monkeypatch, page)
    seats = [Seat(name="Ann"), Seat(name="Bob")]
    titan = GAMES["titan"]
    app.table.begin(titan.new_game(2, {"variant": "battle", "ending": "time", "minutes": 5}, 5, seats), new_entry=True)
    app.clock.pending_ms = 5000.0  # five seconds counted
    calls.clear()
    hidden.now = True
    app.clock.on_visibility()
    assert calls == ["clock.flush", "stored.autosave(time_only)", "computer.schedule"]


@play
async def test_another_tabs_move_stops_the_computer_then_is_drawn_then_played_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.saving import Saver

    app, calls = traced(monkeypatch)
    app.table.begin(dice_game(), new_entry=True)
    store, entry_id = app.stored.store, app.stored.saver.entry_id
    there = Saver(store, lambda: 1_000, lambda: "other")
    there.track(store.get(entry_id))
    state = app.table.state
    there.save(DICE, DICE.apply(state, DICE.legal_actions(state)[0]))  # a move in another tab
    calls.clear()
    app.stored.follow_other_tab()
    assert calls == ["stored.follow_other_tab", "computer.stop", "table.render", "notices.notify",
                     "computer.schedule"]  # fmt: skip


@play
async def test_the_friends_pages_follow_the_positions_drawn_while_their_game_is_open(monkeypatch: pytest.MonkeyPatch):
    from tests.app.remote_helpers import Host

    calls = trace(controller_with(FakePage(), monkeypatch), monkeypatch)
    host = Host(monkeypatch)
    host.start("titan_dice", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    assert host.session is not None and calls[-6:] == ["table.show", "table.render", "friends.changed",
                                                       "stored.autosave", "table.focus_first_choice",
                                                       "computer.schedule"]  # fmt: skip
    calls.clear()
    host.table.play_index("0")  # Ann rolls
    assert calls == ["table.render", "friends.changed", "stored.autosave", "table.focus_first_choice",
                     "computer.schedule"]  # fmt: skip
    await host.settle()
    host.app.home.show()
    state = host.table.state
    calls.clear()
    host.table.take(host.table.game.apply(state, host.table.game.legal_actions(state)[0]))  # a friend's, say
    assert calls == ["friends.changed", "stored.autosave", "computer.schedule"]
    calls.clear()
    host.table.begin(dice_game(("human", "human")), new_entry=True)  # another game: the session ends
    assert host.session is None and calls[:4] == ["clock.reset", "computer.stop", "friends.start", "friends.end"]
    assert "friends.changed" not in calls
    from app.events import PositionDrawn

    assert host.app.events.subscribers(PositionDrawn) == 0  # the ended session's following is dropped


# -- the bus itself ---------------------------------------------------------------------------------------------
def test_subscribers_are_called_at_once_in_the_order_they_subscribed() -> None:
    from app.events import DecisionAsked, Events, GameClosed, ScreenShown

    events, heard = Events(), []
    events.subscribe(ScreenShown, lambda event: heard.append(("first", event.screen)))
    events.subscribe(ScreenShown, lambda event: heard.append(("second", event.screen)))
    events.subscribe(GameClosed, lambda event: heard.append(("closed", "")))
    events.announce(ScreenShown("home"))
    heard.append(("announcer", "goes on"))
    assert heard == [("first", "home"), ("second", "home"), ("announcer", "goes on")]
    events.announce(DecisionAsked(dice_game()))  # no subscriber: nothing happens
    assert events.subscribers(ScreenShown) == 2 and events.subscribers(DecisionAsked) == 0


def test_a_subscriber_that_raises_silences_neither_the_others_nor_the_announcer(capsys: pytest.CaptureFixture) -> None:
    from app.events import Events, GameClosed

    events, heard = Events(), []

    def broken(event: GameClosed) -> None:
        raise RuntimeError("a bug in one part")

    events.subscribe(GameClosed, lambda event: heard.append("before"))
    events.subscribe(GameClosed, broken)
    events.subscribe(GameClosed, lambda event: heard.append("after"))
    events.announce(GameClosed())
    heard.append("announcer")
    assert heard == ["before", "after", "announcer"]
    assert "RuntimeError: a bug in one part" in capsys.readouterr().err  # reported, as the page reports a bug


def test_unsubscribed_handlers_hear_no_more_and_changes_during_an_announcement_count_from_the_next() -> None:
    from app.events import Events, GameClosed

    events, heard = Events(), []

    def late(event: GameClosed) -> None:
        heard.append("late")

    def first(event: GameClosed) -> None:
        heard.append("first")
        events.unsubscribe(GameClosed, second)  # (still called this time)
        events.subscribe(GameClosed, late)  # (called from the next announcement)

    def second(event: GameClosed) -> None:
        heard.append("second")

    events.subscribe(GameClosed, first)
    events.subscribe(GameClosed, second)
    events.announce(GameClosed())
    assert heard == ["first", "second"]
    heard.clear()
    events.unsubscribe(GameClosed, first)
    events.unsubscribe(GameClosed, first)  # (twice: nothing more happens)
    events.announce(GameClosed())
    assert heard == ["late"]


def test_events_are_frozen_records() -> None:
    import dataclasses

    from app.events import PositionChanged

    event = PositionChanged(dice_game(), time_only=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.time_only = False  # type: ignore[misc]


def test_in_the_tests_a_part_that_raises_on_an_event_fails_its_test(monkeypatch: pytest.MonkeyPatch) -> None:
    app, calls = traced(monkeypatch)
    from app.events import GameClosed

    def broken(event: GameClosed) -> None:
        raise RuntimeError("a bug in one part")

    app.events.subscribe(GameClosed, broken)
    with pytest.raises(RuntimeError, match="a bug in one part"):
        app.table.begin(dice_game(), new_entry=True)
    assert calls == ["clock.reset", "computer.stop"]  # the others were called first
