"""In the browser, at 1280x800 and at 390x844: Battle Titan set up through the form (the variant, its
ending and the number of rounds, each with the line saying what it means), two rounds against the Standard
computer played by clicks to the end, and the end screen: who won (or the tie), why the game ended, each
player's reckoning (battle points by kind, half the living, total) and his war trophies. The rules screen has
Battle Titan's page with its tables.

Uses the platform's harness (tests/e2e/conftest.py) and the click-player of test_titan_app.py. Computer seats
pause 20 ms (`?ai-pause=20`).
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import fill_seats, small_targets
from tests.e2e.helpers import FAST, WAIT, step

pytestmark = pytest.mark.e2e

ROUNDS = 2


def set_up_battle_titan(page: Page, shot, size: str) -> None:
    """The form: Titan, Ann against the Standard computer, Battle Titan ending after two rounds."""
    page.click("[data-cmd=new][data-game=titan]")
    page.wait_for_selector("#setup-form")
    fill_seats(page, 2, (0,), {0: "Ann"})
    expect(page.locator("#f-opt_ending")).to_have_count(0)  # Standard Titan by default: no ending asked
    expect(page.locator("#f-opt_variant-note")).to_contain_text("the last Titan left wins")
    page.select_option("#f-opt_variant", "battle")
    expect(page.locator("#f-opt_variant-note")).to_contain_text("nobody is ever out")
    expect(page.locator("#f-opt_ending-note")).to_contain_text("the last round is announced a round ahead")
    page.select_option("#f-opt_ending", "time")  # each ending asks for its own value
    expect(page.locator("#f-opt_minutes")).to_have_value("60")
    expect(page.locator("#f-opt_rounds")).to_have_count(0)
    page.select_option("#f-opt_ending", "extinction")
    expect(page.locator("#f-opt_creature")).to_have_value("Serpent")
    page.select_option("#f-opt_ending", "rounds")
    page.fill("#f-opt_rounds", str(ROUNDS))
    page.locator("#f-opt_rounds").scroll_into_view_if_needed()
    shot(page, f"battle-titan-{size}-setup")
    assert small_targets(page) == []
    page.fill("#setup-seed", "7")
    page.click("[data-cmd=start]")
    page.wait_for_selector("#board .tt, #board .handover", timeout=30_000)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_battle_titan_is_set_up_played_to_its_end_and_its_reckoning_shown(size, request, open_app, shot):
    page: Page = request.getfixturevalue("page" if size == "desktop" else "phone_page")
    open_app(page, FAST)
    set_up_battle_titan(page, shot, size)
    rng = random.Random(7)
    for _ in range(1500):
        if step(page, rng) == "over":
            break
    else:
        raise AssertionError("the game did not end")
    final = page.locator("#actions .tt-final")
    expect(final).to_be_visible()
    head = page.inner_text("#actions .result-list li")
    assert " wins with " in head or " tie with " in head
    expect(page.locator("#status")).to_contain_text(head)
    reason = f"The game ended at the end of round {ROUNDS}: the agreed {ROUNDS} rounds were played"
    expect(final.locator(".tt-final-reason")).to_contain_text(reason)
    cards = final.locator(".tt-final-player")
    expect(cards).to_have_count(2)
    for i in range(2):
        card = cards.nth(i)
        for words in ("Attacks won", "Attacks lost (warmongering)", "Defences won", "Battle points", "Half the living"):
            expect(card.locator("th", has_text=words).first).to_be_visible()
        expect(card.locator(".tt-final-total")).to_contain_text("Total")
        expect(card.locator(".tt-final-trophies")).to_contain_text("War trophies")
    names = cards.locator(".tt-final-name").all_inner_texts()
    assert any("Ann" in name for name in names) and any("Computer" in name for name in names)
    expect(page.locator("#log")).to_contain_text("Battle Titan: the game ends")
    final.scroll_into_view_if_needed()
    shot(page, f"battle-titan-{size}-end")
    shot(page, f"battle-titan-{size}-end-full", full_page=True)

    # The rules screen: Battle Titan's page, its paths and tiers as a table
    page.click("#gamebar [data-cmd=rules]")
    heading = page.locator("#battle-titan-house-rules")
    expect(heading).to_be_visible(timeout=30_000)
    tiers = page.locator(".table-wrap table", has_text="jungle")
    expect(tiers).to_contain_text("Behemoth")
    tiers.scroll_into_view_if_needed()
    shot(page, f"battle-titan-{size}-rules")


def test_the_games_clock_counts_while_shown_and_is_saved_when_hidden(page, open_app):
    """The time ending: the clock runs while the game is on screen, and hiding the page saves it with the game."""
    open_app(page, FAST)
    page.click("[data-cmd=new][data-game=titan]")
    page.wait_for_selector("#setup-form")
    fill_seats(page, 2, (0,), {0: "Ann"})
    page.select_option("#f-opt_variant", "battle")
    page.select_option("#f-opt_ending", "time")
    expect(page.locator("#f-opt_ending-note")).to_contain_text("only while the game is open on screen")
    page.fill("#f-opt_minutes", "5")
    page.click("[data-cmd=start]")
    page.wait_for_selector("#board .tt", timeout=30_000)
    page.wait_for_selector(WAIT, timeout=60_000)  # Ann to play: the computer has moved
    expect(page.locator("#status .spinner")).to_have_count(0)
    page.wait_for_function("!window.titanSaving")
    before = stored_seconds(page)
    page.wait_for_timeout(2500)  # Ann thinks
    page.evaluate(
        "Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    page.wait_for_function("!window.titanSaving")
    assert 2 <= stored_seconds(page) - before <= 60


def stored_seconds(page: Page) -> int:
    """The game's clock as saved in the page's store."""
    from engine.core.save import loads

    keys = page.evaluate("Object.keys(localStorage).filter((key) => key.includes(':save:'))")
    assert len(keys) == 1
    state = loads(page.evaluate(f"JSON.parse(localStorage.getItem({keys[0]!r})).save"))
    assert state.options.ending == "time"
    return int(state.war.seconds)
