"""The summary "What happened since your last turn": at a human seat's decision, a few lines above its choices say
what the other seats did since it last decided, from the log alone; they go once it acts (app/since.py)."""

from __future__ import annotations

import asyncio
import functools
import re
import types
from typing import Any

from app.gameview import render_regions
from app.since import log_mark, summary_lines, turns_since
from app.views import view_module
from engine.core import Seat
from engine.core.bots import make_bot
from engine.core.game import Game, GameState
from engine.registry import GAMES
from tests.app.fake_page import FakePage, controller_with
from tests.app.helpers import play

ANN_AND_COMPUTERS = [
    Seat(name="Ann"),
    Seat(name="Computer 1", kind="ai", level=1),
    Seat(name="Computer 2", kind="ai", level=1),
]


async def settle(app: Any, ticks: int = 20000) -> None:
    for _ in range(ticks):
        await asyncio.sleep(0)
        if not any(not task.done() for task in app.tasks if task.get_coro().__name__ == "run_ai"):
            return


def since_block(html: str) -> list[str]:
    """The summary's lines in the choices' markup ([] when there is none)."""
    block = re.search(r"<details class='since'.*?</details>", html)
    return re.findall(r"<li>(.*?)</li>", block.group(0)) if block else []


def played_until(game: Game, state: GameState, stop: Any, moves: int = 3000) -> GameState:
    """`state` played on by Standard bots until `stop(state)`."""
    bots = [make_bot(game, 1, seat) for seat in range(state.num_players)]
    for _ in range(moves):
        if state.is_over or stop(state):
            return state
        seat = state.current_player
        assert seat is not None
        state = game.apply(state, bots[seat].choose(state, seat))
    raise AssertionError("never reached")


def test_every_game_sums_up_each_turn_since_the_seats_last_decision_in_a_line():
    for game_id in ("titan_dice", "titan_race", "titan", "born_of_titans"):
        game = GAMES[game_id]
        state = game.new_game(3, None, 5, list(ANN_AND_COMPUTERS))
        state = played_until(game, state, lambda s: s.current_player == 0 and s.moves > 0)
        bots = make_bot(game, 1, 0)
        after = game.apply(state, bots.choose(state, 0))
        mark = log_mark(after)
        others = played_until(game, after, lambda s: s.current_player != 0)
        back = played_until(game, others, lambda s: s.current_player == 0)
        turns = turns_since(back, mark)
        assert turns and sum(len(lines) for _, lines in turns) == len(back.log) - len(after.log), game_id
        told = summary_lines(turns, view_module(game_id).turn_summary)
        assert 1 <= len(told) <= 4, (game_id, told)
        headings = {heading for heading, _ in turns}
        for line in told:  # each turn's line begins with its heading ('Round 2: Computer 1: ...')
            assert line.endswith("earlier turns: see the log.") or any(line.startswith(h + ": ") for h in headings)
        # the seat's own decision is not told back to it
        assert turns_since(after, mark) == []
        assert turns_since(back, log_mark(back)) == []


def test_a_mark_names_its_turn_so_a_long_games_log_cut_at_its_start_still_finds_it():
    game = GAMES["titan"]
    state = game.new_game(2, None, 3, [Seat(name="Ann"), Seat(name="Bob", kind="ai", level=1)])
    state = played_until(game, state, lambda s: len(s.log) > 200 and s.current_player == 0)
    mark = log_mark(state)
    later = played_until(
        game, game.apply(state, make_bot(game, 1, 0).choose(state, 0)), lambda s: s.moves > state.moves + 60
    )
    assert later.turns[0] != state.turns[0]  # the log lost its first turns (Titan keeps about 240 lines)
    lines = [line for _, group in turns_since(later, mark) for line in group]
    assert lines and lines == later.log[len(later.log) - len(lines) :]


def test_titan_tells_who_was_slain_and_how_many_hits_each_took_in_a_battle_phase():
    told = view_module("titan").turn_summary(
        [
            "Round 2: Bu01 maneuvers.",
            "Cyclops moves from E2 to D3.",
            "Cyclops (D3) strikes Lion (C3): needs 5, rolls 6, 3, 4, 3, 5, 2, 3, 4, 6: 3 hits.",
            "Ranger (F4) strikes Angel (E5): needs 4, rolls 2, 6, 5, 5: 3 hits.",
            "Angel is slain.",
            "Ranger (F3) rangestrikes Ranger (D5): needs 4, rolls 1, 1: 0 hits.",
            "Ogre (F2) strikes Troll (E3): needs 4, rolls 6, 6: 2 hits.",
            "Ogre is slain.",
        ]
    )
    assert told == ["slain: Angel, Ogre", "hits on Lion 3, Angel 3, Troll 2"]


def test_titan_counts_hits_carried_over_with_the_strikes_so_the_battles_outcome_stays_in_the_line():
    """Seen in the browser: a battle with carries told '1 hit carried to Ogre (F2)' once a carry, which pushed
    who won off the end of the line ('…')."""
    lines = [
        "Bu02 musters a Lion in 139, showing Lion.",
        "Troll (D4) strikes Ogre (F2): needs 4, rolls 6, 5, 2, 4: 3 hits.",
        "1 hit carried to Ogre (F2).",
        "Cyclops (E3) strikes Gargoyle (D5): needs 3, rolls 6, 5, 4, 1, 1, 2, 3, 4, 5: 6 hits.",
        "Gargoyle is slain.",
        "3 hits carried to Cyclops (D5).",
        "2 hits carried to Angel (E4).",
        "Bu02 wins in 139; Bob scores 76.",
    ]
    told = view_module("titan").turn_summary(lines)
    assert told == ["musters Lion", "slain: Gargoyle", "hits on Ogre 4, Gargoyle 6, Cyclops 3, Angel 2", lines[-1][:-1]]
    assert summary_lines([("Turn 3: Bob", lines)], view_module("titan").turn_summary) == [
        "Turn 3: Bob: musters Lion; slain: Gargoyle; hits on Ogre 4, Gargoyle 6, Cyclops 3, Angel 2; "
        "Bu02 wins in 139; Bob scores 76."
    ]


def test_a_turn_with_more_to_tell_than_fits_ends_with_the_ellipsis_and_no_full_stop_after_it():
    told = summary_lines([("Round 2: Bob", [f"Thing {n} happens." for n in range(1, 8)])])
    assert told == [
        "Round 2: Bob: Thing 1 happens; Thing 2 happens; Thing 3 happens; Thing 4 happens; Thing 5 happens; \u2026"
    ]


def test_titan_counts_splits_and_moves_and_never_names_what_went_into_a_split_legion():
    told = view_module("titan").turn_summary(
        [
            "Ann's first turn: split the starting legion into two of four.",  # what comes, not what happened
            "Bob splits Bu01 on 29: Bu08 takes 2, Bu01 keeps 5.",
            "Bob rolls a 3 for movement.",
            "Bob moves Bu04 from 26 to 125.",
            "Bob moves Bu08 from 29 to 1000.",
            "Bu04 musters a Behemoth in 125, showing Behemoth.",
        ]
    )
    assert told == ["splits 1 legion, moves 2 legions, musters Behemoth"]


def test_born_of_titans_says_where_a_run_of_moves_ended_and_drops_the_dice():
    told = view_module("born_of_titans").turn_summary(
        [
            "Heracles rolls 6 Navigation dice: 1 Success.",
            "Heracles moves to Iberian Sea.",
            "Heracles rolls 6 Navigation dice: 4 Successes.",
            "Heracles moves to Off Melite.",
            "Heracles challenges Drive off the Stymphalian Birds.",
            "Heracles defeats Drive off the Stymphalian Birds.",
            "Heracles ends her turn.",
        ]
    )
    assert told == [
        "Heracles moves to Off Melite",
        "Heracles challenges Drive off the Stymphalian Birds",
        "Heracles defeats Drive off the Stymphalian Birds",
    ]
    heading = "Round 3: Heracles (Computer 1)"
    assert summary_lines([(heading, ["Heracles moves to Delphi.", "Heracles ends her turn."])], view_module(
        "born_of_titans"
    ).turn_summary) == ["Round 3: Heracles (Computer 1): moves to Delphi."]  # fmt: skip


def test_a_players_name_in_the_summary_is_escaped():
    game = GAMES["titan_dice"]
    state = game.new_game(2, None, 1, [Seat(name="Ann"), Seat(name="<b>Bo</b>", kind="ai", level=1)])
    mark = log_mark(state)
    state = played_until(
        game, played_until(game, state, lambda s: s.current_player != 0), lambda s: s.current_player == 0
    )
    actions = render_regions(game, state, since=mark).actions
    assert "&lt;b&gt;Bo&lt;/b&gt;" in actions and "<b>Bo</b>" not in actions


@play
async def test_the_summary_shows_at_the_humans_turn_and_goes_once_she_acts(monkeypatch):
    page = FakePage()
    app = controller_with(page, monkeypatch).App()
    app.computer.pause = 0.0
    game = GAMES["titan_dice"]
    state = game.new_game(3, None, 2, list(ANN_AND_COMPUTERS))
    app.table.begin(state, new_entry=True)
    await settle(app)
    assert app.table.decision().seat == 0
    for _ in range(40):  # Ann plays her turns until the computers have played one in between
        legal = app.table.legal
        app.table.play_index(str(legal.index(make_bot(game, 1, 0).choose(app.table.state, 0))))
        await settle(app)
        if since_block(page.html["actions"]):
            break
    told = since_block(page.html["actions"])
    assert told and any(line.startswith("Round ") and "Computer" in line for line in told), told
    assert "Since your last turn" in page.html["actions"]
    assert app.table.decision().seat == 0
    before = app.table.state
    app.table.play_index(str(app.table.legal.index(make_bot(game, 1, 0).choose(before, 0))))
    await settle(app)
    if app.table.state.current_player == 0 and app.table.state.moves == before.moves + 1:
        assert since_block(page.html["actions"]) == []  # she acted: the summary is gone


@play
async def test_in_hot_seat_the_summary_comes_after_the_pass_screen_for_the_seat_that_takes_the_device(monkeypatch):
    page = FakePage()
    app = controller_with(page, monkeypatch).App()
    app.computer.pause = 0.0
    press = functools.partial(app.command, node=None, event=types.SimpleNamespace(preventDefault=lambda: None))
    game = GAMES["titan"]
    seats = [Seat(name="Ann"), Seat(name="Bob"), Seat(name="Computer 2", kind="ai", level=1)]
    app.table.begin(game.new_game(3, None, 4, seats), new_entry=True)
    bots = [make_bot(game, 1, seat) for seat in range(3)]
    seen_summary = False
    for _ in range(120):
        await settle(app)
        state = app.table.state
        if state.is_over:
            break
        if "Pass the device" in page.html["board"]:
            assert since_block(page.html["actions"]) == []  # nothing told before the seat holds the device
            press("reveal")
        seat = app.table.decision().seat
        told = since_block(page.html["actions"])
        if told and seat == 0 and any("Bob" in line for line in told):
            seen_summary = True
            break
        app.table.play_index(str(app.table.legal.index(bots[seat].choose(app.table.state, seat))))
    assert seen_summary


ADDED_WORDS = {
    "splits",
    "legion",
    "legions",
    "moves",
    "musters",
    "slain",
    "hits",
    "on",
    "earlier",
    "turns",
    "see",
    "the",
    "log",
    "twice",
    "times",
}  # fmt: skip  (the only words a game's summary adds to its log's)


def words(text: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[A-Za-z]+", text)}


def test_a_summary_says_nothing_its_seat_could_not_read_in_the_log_in_every_game():
    """Built from the log alone (which every seat sees): every word of a summary is a word of the log's lines since
    the mark, or of their turns' headings, or one of the few the summaries add, so no face-down counter, hidden
    legion's contents or other seat's hand can reach it."""
    for game_id in ("titan_dice", "titan_race", "titan", "born_of_titans"):
        game = GAMES[game_id]
        seats = [Seat(name="Ann"), Seat(name="Bob"), Seat(name="Cy")]  # hot-seat: secrets are guarded
        state = game.new_game(3, None, 11, seats)
        bots = [make_bot(game, 1, seat) for seat in range(3)]
        marks = {seat: log_mark(state) for seat in range(3)}
        told = 0
        for _ in range(400):
            if state.is_over:
                break
            seat = state.current_player
            turns = turns_since(state, marks[seat])
            for line in summary_lines(turns, view_module(game_id).turn_summary):
                readable = set().union(*(words(heading) | words(" ".join(lines)) for heading, lines in turns))
                assert words(line) <= readable | ADDED_WORDS | {str(n) for n in range(10)}, (game_id, line)
                told += 1
            state = game.apply(state, bots[seat].choose(state, seat))
            marks[seat] = log_mark(state)
        assert told > 10, game_id
