"""The offer "Fight this battle for me": a human seat in a battle hands it to the computer, which plays that seat's
decisions with the computer seats' own loop until the battle ends; Stop (and Undo, a new game, leaving the
screen) hands it back at once. The app runs for real, drawing into a fake page (tests/app/fake_page.py).
"""

from __future__ import annotations

import asyncio
import re
import types
from typing import Any

from app import ai
from app.decision import StandIn
from app.gameview import log_with_notes, render_regions
from engine.core import Seat
from engine.core.bots import make_bot
from engine.registry import GAMES
from engine.titan.game import Titan
from tests.app.fake_page import FakePage, controller_with
from tests.app.helpers import AGAINST_COMPUTER, battle_for, play

GAME = GAMES["titan"]
WITH_STRONG = [(0, "Random"), (1, "Standard"), (2, "Strong")]


HOT_SEAT = (Seat(name="Ann"), Seat(name="Bob"))


class Run:
    """The app on a fake page, and a way to let its computer loop run a while."""

    def __init__(self, monkeypatch: Any) -> None:
        self.page = FakePage()
        self.controller = controller_with(self.page, monkeypatch)
        self.app = self.controller.App()
        self.app.computer.pause = 0.0

    async def settle(self, ticks: int = 4000) -> None:
        """Let the computer loop play until nobody's turn changes any more (or `ticks` yields)."""
        for _ in range(ticks):
            await asyncio.sleep(0)
            if not any(not task.done() for task in self.app.tasks if task.get_coro().__name__ == "run_ai"):
                return

    def press(self, command: str) -> None:
        """A click on a button with this data-cmd."""
        self.app.command(command, None, types.SimpleNamespace(preventDefault=lambda: None))

    @property
    def log(self) -> str:
        return self.page.html["log"]


def test_the_offer_is_shown_to_the_human_in_a_battle_with_the_levels_above_random(monkeypatch):
    state = battle_for(AGAINST_COMPUTER)
    actions = render_regions(GAME, state).actions
    assert 'data-cmd="fight-for-me"' in actions and "Fight this battle for me" in actions
    offered = [name for level, name in ai.bot_levels(GAME) if level >= 1]
    assert re.findall(r"<option[^>]*>([^<]+)</option>", actions) == offered  # Standard (and Strong once offered)
    monkeypatch.setattr(Titan, "bot_levels", lambda self: WITH_STRONG)
    actions = render_regions(GAME, state).actions
    assert re.findall(r"<option[^>]*>([^<]+)</option>", actions) == ["Standard", "Strong"]
    assert re.search(r"<option value=\"2\" selected>Strong</option>", actions)  # the strongest by default
    outside = GAME.new_game(2, None, 1, list(AGAINST_COMPUTER))
    assert "fight-for-me" not in render_regions(GAME, outside).actions  # no battle: no offer
    dice = GAMES["titan_dice"]
    assert dice.battle_key(dice.new_game(2, None, 1)) is None  # a game without battles never offers it


def test_titan_names_a_battle_until_it_ends():
    state = battle_for(AGAINST_COMPUTER)
    key = GAME.battle_key(state)
    assert key is not None and str(state.battle.land) in key  # type: ignore[attr-defined]
    players = [make_bot(GAME, 1, seat) for seat in range(2)]
    keys = set()
    while state.battle is not None:  # type: ignore[attr-defined]
        keys.add(GAME.battle_key(state))
        seat = state.current_player
        assert seat is not None
        state = GAME.apply(state, players[seat].choose(state, seat))
    assert keys == {key} and GAME.battle_key(state) is None


@play
async def test_the_computer_fights_the_battle_and_hands_back_when_it_ends(monkeypatch):
    run = Run(monkeypatch)
    run.app.table.begin(battle_for(AGAINST_COMPUTER), new_entry=True)
    assert "fight-for-me" in run.page.html["actions"]
    played_for: list[tuple[int, int]] = []
    think = ai.think

    async def counting(game, state, seat, level, **options):
        played_for.append((seat, level))
        return await think(game, state, seat, level, **options)

    monkeypatch.setattr(ai, "think", counting)
    run.page.values["stand-in-level"] = "1"
    run.press("fight-for-me")
    assert "Standard is fighting this battle for Ann" in run.page.html["status"]
    assert 'data-cmd="stop-stand-in"' in run.page.html["status"]  # Stop, in the status line
    assert "Ann hands this battle to the computer (Standard)." in run.log
    assert run.page.focused[-1] == "[data-cmd='stop-stand-in']"
    await run.settle()
    state = run.app.table.state
    assert (0, 1) in played_for and (1, 1) in played_for  # Ann's decisions, and Bob's, by the computer
    assert (
        run.app.computer.stand_in is None and GAME.battle_key(state) is None
    )  # the battle is over, and so is the stand-in
    over = re.search(r"The battle is over: (.*?)Ann decides again\.", run.log)
    assert over, run.log  # who won and what it scored, from the log of the move that ended it
    assert re.search(r"wins in \S+; \w+ scores \d+\.|nobody scores|destroyed|concedes", over.group(1)), over.group(1)
    assert "stop-stand-in" not in run.page.html["status"]
    if not state.is_over:  # the game goes on: the next decision of Ann's is hers (the aftermath, her musters)
        assert state.current_player == 0 and "data-action" in run.page.html["actions"]


@play
async def test_stop_cancels_the_thinking_and_the_next_decision_is_the_players(monkeypatch):
    run = Run(monkeypatch)
    state = battle_for(AGAINST_COMPUTER)
    run.app.table.begin(state, new_entry=True)
    run.press("fight-for-me")
    generation = run.app.computer.generation
    run.press("stop-stand-in")  # before the computer made Ann's decision
    assert run.app.computer.generation > generation  # the loop thinking for her is stale
    await run.settle()
    assert run.app.table.state is state  # nothing was played for her
    assert run.app.computer.stand_in is None and "stop-stand-in" not in run.page.html["status"]
    assert "data-action" in run.page.html["actions"] and "fight-for-me" in run.page.html["actions"]
    assert "Ann takes the battle back from the computer (Stop)." in run.log


@play
async def test_stop_while_the_other_side_decides_lets_it_play_on_then_waits_for_the_player(monkeypatch):
    run = Run(monkeypatch)
    run.app.table.begin(battle_for(AGAINST_COMPUTER), new_entry=True)
    run.press("fight-for-me")
    for _ in range(2000):  # until the computer has played for Ann and Bob (the computer seat) is to decide
        await asyncio.sleep(0)
        if run.app.table.state.current_player == 1:
            break
    assert run.app.table.state.current_player == 1 and run.app.table.state.battle is not None
    assert "stop-stand-in" in run.page.html["status"]  # Stop stays in sight while the other side decides
    run.press("stop-stand-in")
    await run.settle()
    state = run.app.table.state
    assert state.current_player == 0 or state.is_over  # Bob played on; it stopped at Ann's decision
    assert run.app.computer.stand_in is None and "data-action" in run.page.html["actions"]


@play
async def test_undo_a_new_game_and_leaving_the_screen_hand_the_battle_back(monkeypatch):
    run = Run(monkeypatch)
    state = battle_for(AGAINST_COMPUTER)
    for leave in ("undo", "home", "open"):
        run.app.table.begin(state, new_entry=True)
        run.press("fight-for-me")
        for _ in range(3000):  # the computer plays a decision or more for Ann (a stand-in decision to undo)
            await asyncio.sleep(0)
            if run.app.table.state.last_human == 0 and run.app.table.state is not state:
                break
        assert run.app.computer.stand_in is not None
        if leave == "undo":
            run.app.table.undo()
            assert "Ann takes the battle back from the computer (Undo)." in run.log
        elif leave == "home":
            run.press("home")
        else:
            run.app.table.begin(state, new_entry=False)  # a save opened
        assert run.app.computer.stand_in is None
        await run.settle()
        if leave != "home":
            current = run.app.table.state
            assert current.current_player == 0 and GAME.battle_key(current) is not None  # Ann decides herself
            assert "data-action" in run.page.html["actions"]


@play
async def test_in_hot_seat_only_the_seat_at_the_device_hands_over_its_own_battle(monkeypatch):
    run = Run(monkeypatch)
    state = battle_for(HOT_SEAT)
    run.app.table.begin(state, new_entry=True)
    assert "fight-for-me" not in run.page.html["actions"]  # the pass-the-device screen: nobody holds it yet
    run.app.table.shown_seat = 1  # Bob holds the device while Ann is to decide
    run.press("fight-for-me")
    assert run.app.computer.stand_in is None
    run.press("reveal")  # the device passes to Ann
    assert run.app.table.shown_seat == 0 and "fight-for-me" in run.page.html["actions"]
    run.press("fight-for-me")
    assert run.app.computer.stand_in is not None and run.app.computer.stand_in.seat == 0
    for _ in range(3000):  # the computer decides for Ann; then Bob, a human, must decide
        await asyncio.sleep(0)
        if run.app.table.state.current_player == 1:
            break
    assert run.app.table.state.current_player == 1
    assert "Pass the device to Bob" in run.page.html["board"]  # Bob decides himself, as ever
    run.app.table.shown_seat = 1
    run.app.table.render(rolled=False)
    assert "fight-for-me" in run.page.html["actions"]  # Bob may hand over his own side too, for himself
    assert "stop-stand-in" not in run.page.html["status"]  # but Ann's Stop is hers: not while Bob decides
    run.press("stop-stand-in")
    assert run.app.computer.stand_in is not None


def test_the_computer_playing_for_a_hot_seat_player_needs_no_pass_the_device_screen():
    state = battle_for(HOT_SEAT)
    stand_in = StandIn(seat=0, level=1, level_name="Standard", battle=GAME.battle_key(state) or "")
    plain = render_regions(GAME, state, shown=1)
    assert "Pass the device to Ann" in plain.board
    handed = render_regions(GAME, state, shown=1, stand_in=stand_in)
    assert "Pass the device to Ann" not in handed.board and "data-action" not in handed.actions
    assert handed.status_text == "Standard is fighting this battle for Ann…"


def test_the_page_s_own_log_lines_fall_where_they_happened():
    lines = ["a", "b", "c", "d"]
    turns = [(0, "Turn 1"), (2, "Turn 2")]
    merged, moved, last = log_with_notes(lines, turns, 1, [(1, "x"), (4, "y"), (9, "gone")])
    assert merged == ["a", "x", "b", "c", "d", "y"]
    assert moved == [(0, "Turn 1"), (3, "Turn 2")]
    assert last == 2  # "d" (the last move's line) and the note after it
    assert log_with_notes(lines, turns, 1, []) == (lines, turns, 1)


def test_the_stand_in_is_not_saved(monkeypatch):
    async def body() -> None:
        run = Run(monkeypatch)
        run.app.table.begin(battle_for(AGAINST_COMPUTER), new_entry=True)
        saved = run.app.stored.store.get(run.app.stored.saver.entry_id).save
        run.press("fight-for-me")
        run.app.stored.autosave()
        assert run.app.stored.store.get(run.app.stored.saver.entry_id).save == saved  # nothing of it in the saved game

    asyncio.run(body())
