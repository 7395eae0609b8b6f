"""Regression: opening the site does not resume a finished game, and Back from a game to the set-up form shows that
game's form (it showed Titan Dice's after a Titan game opened from the saved games). The app runs for real on a
fake page (tests/app/fake_page.py)."""

from __future__ import annotations

import importlib
import re
from typing import Any

from engine.core import Seat
from engine.core.bots import make_bot
from engine.registry import CATALOG, GAMES
from tests.app.fake_page import FakePage, controller_with


def app_with(monkeypatch: Any, page: FakePage, session: dict[str, str]) -> Any:
    app = controller_with(page, monkeypatch).App()
    dom = importlib.import_module("app.dom")  # (importable once the fake page stands in for the browser)
    monkeypatch.setattr(dom, "session_get", session.get)
    monkeypatch.setattr(dom, "session_set", session.__setitem__)
    return app


def finished_dice() -> Any:
    game = GAMES["titan_dice"]
    state = game.new_game(2, None, 3, [Seat(name="Ann"), Seat(name="Bob")])
    bots = [make_bot(game, 1, seat) for seat in range(2)]
    while not state.is_over:
        seat = state.current_player
        state = game.apply(state, bots[seat].choose(state, seat))
    return state


def test_opening_the_site_resumes_the_tabs_game_while_it_goes_on_but_not_once_it_is_finished(monkeypatch):
    page, session = FakePage(), {}
    app = app_with(monkeypatch, page, session)
    app.table.begin(GAMES["titan_dice"].new_game(2, None, 1, [Seat(name="Ann"), Seat(name="Bob")]), new_entry=True)
    going_on = app.stored.saver.entry_id
    app.table.begin(finished_dice(), new_entry=True)
    finished = app.stored.saver.entry_id
    assert session and going_on != finished
    store = app.stored.store.backend

    def reopened(entry_id: str, reload: bool = False) -> str:
        page2 = FakePage()
        again = app_with(monkeypatch, page2, {"titan-table:open": entry_id})
        monkeypatch.setattr(importlib.import_module("app.dom"), "is_reload", lambda: reload)
        again.stored.store.backend = store
        again.router.open_first()
        return page2.html["screen"]

    assert "id='home-title'" not in reopened(going_on)  # opening the site again goes back to the game
    assert "id='home-title'" in reopened(finished)  # a finished one stays in the saved games, home is shown
    assert "id='home-title'" in reopened("gone")
    assert "id='home-title'" not in reopened(going_on, reload=True)
    assert "id='home-title'" not in reopened(finished, reload=True)  # a reload shows what was on screen


def test_back_to_the_set_up_form_from_a_game_shows_that_games_form(monkeypatch):
    page = FakePage()
    app = app_with(monkeypatch, page, {})
    app.table.begin(GAMES["titan"].new_game(2, None, 1, [Seat(name="Ann"), Seat(name="Bob")]),
                    new_entry=True)  # fmt: skip
    monkeypatch.setattr(
        importlib.import_module("app.dom"), "event_state", lambda event: {"app": 1, "screen": "setup", "n": 1}
    )
    app.router.on_popstate(None)
    chosen = re.search(r"<option value=['\"](\w+)['\"] selected>", page.html["screen"])
    assert chosen and chosen.group(1) == "titan"


def test_the_titan_card_on_the_home_screen_mentions_battle_titan():
    assert "Battle Titan" in CATALOG["titan"].line
