"""Writing only what changed (app/paint.py): after any sequence of records, the page holds exactly what one whole
write of each region would give, and a record that changes little writes little (the log's old turns are kept)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.gameview import record_regions
from app.paint import Painter
from app.remote.record import seat_record
from app.screens import log_html, log_items
from engine.core.game import GameState, Seat
from engine.registry import GAMES
from tests.app.fake_page import top_items


class FakePage:
    """Each region's content as the page would hold it; the log as its children. Counts what is written."""

    def __init__(self) -> None:
        self.html: dict[str, str] = {}
        self.children: dict[str, list[str]] = {}
        self.written = 0  # characters of markup written

    def set_html(self, element_id: str, markup: str) -> None:
        self.html[element_id] = markup
        self.children[element_id] = top_items(markup) if element_id == "log" else [markup]
        self.written += len(markup)

    def splice_html(self, element_id: str, drop_first: int, drop_last: int, markup: str) -> None:
        children = self.children[element_id]
        assert drop_first + drop_last <= len(children)
        children = children[drop_first : len(children) - drop_last]
        self.children[element_id] = top_items(markup) + children if markup else children
        self.html[element_id] = "".join(self.children[element_id])
        self.written += len(markup)


def test_the_log_items_joined_are_the_log() -> None:
    lines = [f"line {n} <&>" for n in range(260)]
    turns = [(n, f"Turn {n // 7}") for n in range(3, 260, 7)]
    for last in (0, 1, 5):
        assert "".join(log_items(lines, turns, last_lines=last)) == log_html(lines, turns, last_lines=last)
        assert "".join(log_items(lines, [], last_lines=last)) == log_html(lines, [], last_lines=last)
    assert "".join(log_items([])) == log_html([])


@pytest.mark.parametrize("game_id", ["titan_dice", "titan_race", "titan", "born_of_titans"])
def test_after_any_sequence_of_records_the_page_is_what_whole_writes_give(game_id: str) -> None:
    game = GAMES[game_id]
    seed = 7_700 + len(game_id)
    state: GameState = game.new_game(2, seed=seed, seats=[Seat(name="Ann"), Seat(name="Bob")])
    chooser = random.Random(seed)
    page, whole = FakePage(), FakePage()
    painter = Painter(page)
    previous: dict[str, Any] | None = None
    kept = log_written = log_whole = 0
    for step in range(600):
        record = seat_record(game, state, step % 3 % 2)  # (now one seat's screen, now the other's)
        regions = record_regions(game, record, previous=previous)
        previous = regions.view
        for element_id, markup in (("status", regions.status), ("board", regions.board), ("actions", regions.actions)):
            painter.html(element_id, markup)
            whole.set_html(element_id, markup)
        before = page.written
        painter.log(regions.log, regions.log_items)
        whole.set_html("log", regions.log)
        kept += page.written - before < len(regions.log)
        log_written += page.written - before
        log_whole += len(regions.log)
        assert page.html == whole.html, (game_id, step)
        if step % 97 == 50:
            painter.forget()  # (the page changed a region: the next write is whole, and still right)
        if state.is_over:
            break
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    assert kept > step // 2, (kept, step)
    assert log_written < log_whole * 0.5, (log_written, log_whole)


def test_a_region_written_alike_is_not_written_again_and_reset_writes_it_whole() -> None:
    page = FakePage()
    painter = Painter(page)
    assert painter.html("status", "<p>a</p>") and not painter.html("status", "<p>a</p>")
    painter.reset()
    assert painter.html("status", "<p>a</p>")
    old = log_items([f"l{n}" for n in range(300)], [(n, f"T{n}") for n in range(0, 300, 3)])
    painter.log("".join(old), old)
    new = log_items([f"l{n}" for n in range(301)], [(n, f"T{n}") for n in range(0, 301, 3)], last_lines=1)
    before = page.written
    painter.log("".join(new), new)
    assert page.html["log"] == "".join(new)
    assert page.written - before < 1_000  # (the new turn, the four open ones, the one folded: not the 200 lines)
