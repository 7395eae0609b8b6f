"""The set-up: a computer seat's level select lists the game's levels, and a line under it says how the
chosen level plays; the lines come from the engine (`Game.bot_level_notes`, else the generic ones)."""

from __future__ import annotations

import re

import pytest

from app.setup_form import default_setup, read_form
from app.setup_screen import setup_html
from engine.core import bots
from engine.registry import GAMES
from engine.titan.game import Titan

WITH_STRONG = [(0, "Random"), (1, "Standard"), (2, "Strong")]


def level_select(html: str, seat: int) -> str:
    found = re.search(rf"<select[^>]*id=\"seat{seat}-level\"[^>]*>(.*?)</select>", html)
    assert found, html
    return found.group(0)


def level_line(html: str, seat: int) -> str:
    found = re.search(rf"<small class='help level-note' id=\"seat{seat}-level-note\">(.*?)</small>", html)
    assert found, html
    return found.group(1)


def titan_form(level: str) -> dict[str, str]:
    return {"game": "titan", "num_players": "2", "seat0_name": "Ann", "seat0_kind": "human",
            "seat1_name": "Computer 1", "seat1_kind": "ai", "seat1_level": level}  # fmt: skip


def test_a_titan_computer_seat_offers_random_and_standard_each_with_its_line():
    html = setup_html(default_setup(GAMES, "titan"))
    select = level_select(html, 1)
    names = [name for _level, name in bots.bot_levels(GAMES["titan"])]
    assert names[:2] == ["Random", "Standard"] and set(names) <= {"Random", "Standard", "Strong"}
    assert re.findall(r">([^<]+)</option>", select) == names
    assert 'aria-describedby="seat1-level-note"' in select
    assert 'data-refresh="1"' in select  # a new choice redraws the form, and with it the line
    assert level_line(html, 1).startswith("Plays by rules of thumb")  # the default seat plays Standard
    assert "seat0-level" not in html  # a human seat has no level
    _game, random_seat = read_form(GAMES, titan_form("0"), None)
    assert level_line(setup_html(random_seat), 1) == "Plays any legal move at random: to learn the rules against."


def test_strong_appears_with_its_line_once_titan_offers_it(monkeypatch):
    monkeypatch.setattr(Titan, "bot_levels", lambda self: WITH_STRONG)
    html = setup_html(read_form(GAMES, titan_form("2"), None)[1])
    assert re.findall(r">([^<]+)</option>", level_select(html, 1)) == ["Random", "Standard", "Strong"]
    assert level_line(html, 1).startswith("Searches")
    assert "what the Strong computer would play" in html  # and hints think at Strong


def test_a_game_without_levels_of_its_own_gets_the_generic_lines():
    html = setup_html(default_setup(GAMES, "titan_dice"))
    assert re.findall(r">([^<]+)</option>", level_select(html, 1)) == ["Easy", "Hard"]
    assert level_line(html, 1) == bots.LEVEL_NOTES[1]
    assert bots.level_notes(GAMES["titan_dice"]) == {1: bots.LEVEL_NOTES[1], 2: bots.LEVEL_NOTES[2]}


def test_the_lines_are_escaped_and_a_level_without_one_gets_none(monkeypatch):
    monkeypatch.setattr(Titan, "bot_level_notes", lambda self: {1: "Beats <b>you</b> & more"})
    html = setup_html(default_setup(GAMES, "titan"))
    assert level_line(html, 1) == "Beats &lt;b&gt;you&lt;/b&gt; &amp; more"
    html = setup_html(read_form(GAMES, titan_form("0"), None)[1])
    assert "seat1-level-note" not in html  # Random has no line here: no empty line, no dangling describedby


@pytest.mark.parametrize("game_id", ["titan", "titan_dice", "titan_race", "born_of_titans"])
def test_every_offered_level_has_a_line(game_id: str):
    game = GAMES[game_id]
    notes = bots.level_notes(game)
    assert sorted(notes) == [level for level, _name in bots.bot_levels(game)]
    assert all(line.strip() and len(line) < 160 for line in notes.values())  # one line, readable on a phone
