"""Battle Titan's end screen: the head (ties as ties), the reason the game ended, each player's reckoning and
trophies; names escaped; standard Titan keeps the usual result."""

from __future__ import annotations

import asyncio
import copy
import random
from typing import Any

from app.gameview import render_regions, result_lines
from app.views.titan_final import final_html, final_lines
from engine.core import Seat
from engine.registry import GAMES
from tests.app.fake_page import FakePage, controller_with

GAME = GAMES["titan"]


def finished(options: dict[str, Any], seed: int = 3, names: tuple[str, ...] = ("Ann", "Bob")) -> Any:
    """A Battle Titan game played by random choices to its agreed end."""
    state = GAME.new_game(len(names), {"variant": "battle", **options}, seed, [Seat(name=n) for n in names])
    chooser = random.Random(seed)
    while not state.is_over:
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    return state


def test_the_end_screen_gives_each_players_reckoning_the_reason_and_the_trophies():
    state = finished({"ending": "rounds", "rounds": 2})
    view = GAME.view(state, None)
    war = view["war"]
    html = final_html(view)
    assert "The game ended at the end of round 2: the agreed 2 rounds were played" in html
    for kind in ("Attacks won", "Attacks lost (warmongering)", "Defences won", "Battle points", "Half the living"):
        assert html.count(kind) == 2
    assert html.count("War trophies") == 2 and "Titan 12" in html  # a Titan at power 6 is worth 24: half 12
    for seat in (0, 1):
        total = war["totals"][seat]
        card = html.split(f'data-seat="{seat}"')[1].split("</li>")[0]
        assert f">{total:g}<" in card and f"<td>{war['points'][seat]}</td>" in card
        kills = war["trophies"][seat]
        assert all(name in card for name in kills) or "none" in card
    lines = result_lines(GAME, state)
    best = max(war["totals"])
    assert lines[0].endswith(f"with {best:g}.") and ("wins" in lines[0] or "tie" in lines[0])
    assert lines[1].startswith("The game ended")
    assert final_html(GAME.view(GAME.new_game(2, None, 3), None)) == ""  # standard Titan: the usual result
    assert final_lines(GAME.view(state, None))[0] == lines[0]


def test_ties_are_shown_as_ties_and_names_are_escaped():
    state = finished({"ending": "rounds", "rounds": 1}, names=("Ann <b>", "Bob & Co", "Cy"))
    view = copy.deepcopy(GAME.view(state, None))
    war = view["war"]
    war["points"], war["totals"] = [40, 40, 10], [41.5, 41.5, 12.0]
    war["trophies"][0] = {"Ogre": 2, "Centaur": 1}
    html = final_html(view)
    assert "Ann <b>" not in html and "Ann &lt;b&gt;" in html and "Bob &amp; Co" in html
    assert final_lines(view)[0] == "Ann <b> and Bob & Co tie with 41.5."
    assert html.count("tt-final-badge'>tie<") == 2 and "winner<" not in html
    assert "Centaur, Ogre ×2" in html or "Ogre ×2, Centaur" in html
    assert html.index('data-seat="0"') < html.index('data-seat="1"') < html.index('data-seat="2"')
    war["totals"] = [12.0, 41.5, 50.5]
    assert final_lines(view)[0] == "Cy wins with 50.5."
    again = final_html(view)  # best first
    assert again.index('data-seat="2"') < again.index('data-seat="1"') < again.index('data-seat="0"')
    assert again.count("tt-final-badge'>winner<") == 1 and "'>tie<" not in again


def test_each_ending_gives_its_reason():
    view = GAME.view(finished({"ending": "rounds", "rounds": 1}), None)
    for end, words in (
        ({"ending": "time", "seconds": 3725, "limit": 3600}, "the agreed 60 minutes were up (the game was open 62:05)"),
        ({"ending": "appearance", "creature": "Lion"}, "the first Lion was mustered"),
        ({"ending": "extinction", "creature": "Lion"}, "the Lion died out"),
    ):
        view["war"]["end"], view["war"]["ends"] = end, True
        assert words in final_lines(view)[1]
    view["war"]["end"], view["war"]["ends"] = {"ending": "extinction", "creature": "Lion", "last_round": 80}, False
    assert "round 80 is the latest end, and it came before the Lion's dying out" in final_lines(view)[1]


def test_the_finished_games_screen_shows_the_reckoning(monkeypatch: Any) -> None:
    state = finished({"ending": "rounds", "rounds": 2})
    regions = render_regions(GAME, state, rolled=False)
    assert "Battle Titan: the final reckoning" in regions.actions and "New game" in regions.actions
    assert regions.actions.count("<li>") == 1  # the head only: the rest is in the reckoning
    assert result_lines(GAME, state)[0] in regions.status
    from app.views.titan import status_hint
    from tests.app.boards import board_context

    assert status_hint(board_context(GAME, state, 0)) == result_lines(GAME, state)[0]  # nobody stands last

    async def body() -> None:
        page = FakePage()
        app = controller_with(page, monkeypatch).App()
        app.table.begin(state, new_entry=True)
        assert "the final reckoning" in page.html["actions"] and "War trophies" in page.html["actions"]

    asyncio.run(body())
