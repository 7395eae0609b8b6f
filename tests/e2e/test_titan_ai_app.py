"""In the browser, at 1280x800 and at 390x844: the set-up says how each computer level plays; a Titan game
against the computer is started, a battle opened from a save string, and "Fight this battle for me" hands it to the
computer, which plays several of the player's decisions at the computer seats' pace; Stop hands it back, and the
next decision waits for the player.

Uses the platform's harness (tests/e2e/conftest.py). Computer seats pause 250 ms (`?ai-pause=250`): slow enough to
see the decisions go by and press Stop mid-battle.
"""

from __future__ import annotations

import functools

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import small_targets

pytestmark = pytest.mark.e2e

PACED = "?ai-pause=250"
STOP = "#status [data-cmd=stop-stand-in]"
OFFER = "#actions [data-cmd=fight-for-me]"


@functools.cache
def battle_save() -> str:
    """Ann (human, with hints) against Bob (the Standard computer), turn 3: Bob's six attack Ann's five, Ann to
    bring hers on (about 36 decisions of Ann's before the battle ends, played by the Standard bots)."""
    from engine.core import Seat, save
    from engine.core.bots import make_bot
    from engine.registry import GAMES

    game = GAMES["titan"]
    state = game.new_game(2, None, 1, [Seat(name="Ann", hints=True), Seat(name="Bob", kind="ai", level=1)])
    players = [make_bot(game, 1, seat) for seat in range(2)]
    while not (state.battle is not None and state.current_player == 0):  # type: ignore[attr-defined]
        seat = state.current_player
        assert seat is not None and not state.is_over
        state = game.apply(state, players[seat].choose(state, seat))
    return save.dumps(state)


def levels() -> list[str]:
    """Titan's levels as the app offers them: Random, Standard (and Strong, once offered)."""
    from engine.core.bots import bot_levels
    from engine.registry import GAMES

    return [name for _level, name in bot_levels(GAMES["titan"])]


def decisions(page: Page) -> int:
    """Computer decisions the page has played so far."""
    return int(page.evaluate("window.titanAiDecisions || 0"))


def serious(violations: list[dict]) -> list[str]:
    return [v["id"] for v in violations if v.get("impact") in ("serious", "critical")]


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] + box["width"] <= size["width"]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_set_up_says_how_each_level_plays_and_the_computer_fights_a_battle_until_stopped(
    size, request, open_app, shot, axe
):
    page: Page = request.getfixturevalue("page" if size == "desktop" else "phone_page")
    open_app(page, PACED)
    page.click("[data-cmd=new][data-game=titan]")
    page.wait_for_selector("#setup-form")
    line = page.locator("#seat1-level-note")
    expect(page.locator("#seat1-level option")).to_have_text(levels())
    expect(line).to_contain_text("Plays by rules of thumb")
    assert page.get_attribute("#seat1-level", "aria-describedby") == "seat1-level-note"
    page.select_option("#seat1-level", "0")
    expect(line).to_have_text("Plays any legal move at random: to learn the rules against.")
    page.select_option("#seat1-level", "1")
    expect(page.locator("#seat1-level-note")).to_contain_text("Plays by rules of thumb")
    page.locator("#seat1-level-note").scroll_into_view_if_needed()
    shot(page, f"titan-ai-{size}-setup")
    page.fill("#setup-seed", "5")
    page.click("[data-cmd=start]")
    page.wait_for_selector("#board .tt")  # a game against the Standard computer

    # A battle, from a save string (Home, "Open a save string")
    page.click("#gamebar [data-cmd=home]")
    page.click("[data-cmd=import]")
    page.fill("#import-text", battle_save())
    page.click("[data-cmd=import-submit]")
    page.wait_for_selector("#board .tt-battle")
    expect(page.locator(OFFER)).to_be_visible()
    expect(page.locator("#stand-in-level option")).to_have_text(levels()[1:])  # the levels above Random
    strongest = levels()[-1]  # chosen by default, and the hint's level
    shot(page, f"titan-ai-{size}-offer")
    assert small_targets(page) == []
    assert serious(axe(page)) == []

    before = decisions(page)
    page.click(OFFER)
    expect(page.locator(STOP)).to_be_visible()
    expect(page.locator("#status")).to_contain_text(f"{strongest} is fighting this battle for Ann")
    expect(page.locator("#log")).to_contain_text(f"Ann hands this battle to the computer ({strongest}).")
    page.wait_for_function(f"(window.titanAiDecisions || 0) >= {before + 4}", timeout=60_000)
    assert in_view(page, STOP)  # always in sight while it runs
    assert serious(axe(page)) == []
    shot(page, f"titan-ai-{size}-fighting")
    expect(page.locator("#board .tt-battle")).to_be_visible()  # still the battle: Stop comes mid-battle
    page.click(STOP)
    expect(page.locator(STOP)).to_have_count(0)
    expect(page.locator("#log")).to_contain_text("Ann takes the battle back from the computer (Stop).")

    # The next decision is Ann's: her choices wait (and the computer plays none for her)
    page.wait_for_selector("#actions .btn-action", timeout=60_000)
    expect(page.locator("#status")).to_contain_text("Ann")
    expect(page.locator("#status .spinner")).to_have_count(0)
    stopped_at = decisions(page)
    page.wait_for_timeout(1500)
    assert decisions(page) == stopped_at
    expect(page.locator("#board .tt-battle")).to_be_visible()
    expect(page.locator(OFFER)).to_be_visible()  # and she may hand it over again
    shot(page, f"titan-ai-{size}-stopped")

    # A hint: marked (on the map where the choice is made, and its button) and said in words
    page.click("#actions [data-cmd=hint]")
    expect(page.locator("#hint-text")).to_contain_text(f"{strongest} would play \u201c", timeout=60_000)
    expect(page.locator("#screen .is-hinted").first).to_be_attached()
    words = page.inner_text("#hint-text")
    marked = page.locator("#actions .btn-action.is-hinted")
    if marked.count():  # a choice with a button: the button says what the words say
        assert marked.first.locator(".btn-label > span").first.inner_text() in words
    shot(page, f"titan-ai-{size}-hint")
