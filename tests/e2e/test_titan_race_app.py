"""The app in the browser: Titan Race played through clicks to the end, a Grand Slam saved, reopened by link
in a fresh context and finished, the pass-the-device screen in a two-human game, a phone screenshot, axe.

Uses the platform's harness (tests/e2e/conftest.py): served on 127.0.0.1, other requests blocked, console
errors fail the test. Computer seats pause 40 ms (`?ai-pause=40`).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import save_string, small_targets, wait_for_human, wait_ready
from tests.e2e.helpers import click_race_choice, new_race

pytestmark = pytest.mark.e2e

FAST = "?ai-pause=40"
MAX_CLICKS = 900
XSS = "<img src=x onerror=alert(1)>"


def play_to_end(page: Page, limit: int = MAX_CLICKS) -> int:
    """Play the human seats to the end of the game; returns the number of clicks."""
    clicks = 0
    while clicks < limit and wait_for_human(page):
        click_race_choice(page)
        clicks += 1
    return clicks


def test_race_against_ai_to_the_end(page, open_app, shot):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_app(page, FAST)
    new_race(page, circuit="moltenchest")
    seen: set[str] = set()
    clicks = 0
    while clicks < MAX_CLICKS and wait_for_human(page):
        if clicks == 12:
            shot(page, "tr-game-desktop", full_page=True)
        seen.add(click_race_choice(page))
        clicks += 1
    assert clicks < MAX_CLICKS
    expect(page.locator("#actions .result")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Game over")
    assert {"#board .tr-die-btn", "#board .tr-target-move"} <= seen  # played on the board itself
    assert not dialogs
    result = page.locator("#actions .result").inner_text()
    assert "1. " in result and "completed the third lap" in result and "points" not in result  # places, laps
    shot(page, "tr-game-over-desktop", full_page=True)


def test_home_starts_a_game_and_opens_its_rules_from_its_card(page, open_app, shot):
    open_app(page, FAST)
    expect(page.locator(".game-card")).to_have_count(4)
    shot(page, "app-home-games-desktop", full_page=True)
    page.click("[data-cmd=rules][data-game=titan_race]")
    expect(page.locator(".rulebook h3").first).to_be_visible()
    headings = page.locator(".rulebook h3").all_inner_texts()
    assert "VARIANTS" in headings and headings.index("CONCEPT AND GOAL OF THE GAME") < headings.index("VARIANTS")
    page.go_back()
    page.click("[data-cmd=new][data-game=titan_race]")
    page.wait_for_selector("#f-opt_variant")
    assert page.locator("#setup-game").input_value() == "titan_race"
    page.click("[data-cmd=start]")
    page.wait_for_selector("#board .tr, #board .handover")


def test_move_preview_shows_on_hover(page, open_app, shot):
    open_app(page, FAST)
    new_race(page, seed="31", circuit="estenggaard")
    for _ in range(40):
        wait_for_human(page)
        target = page.locator("#board .tr-target-move")
        if target.count():
            break
        click_race_choice(page)
    target = page.locator("#board .tr-target-move").first
    index = target.get_attribute("data-action")
    preview = page.locator(f"#board .tr-pv-{index}")
    target.hover()
    expect(preview).to_be_visible()
    shot(page, "tr-move-preview-desktop")
    page.mouse.move(2, 2)
    expect(preview).to_be_hidden()
    button = page.locator(f"#actions [data-action='{index}']")
    button.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # keyboard focus on its button shows the preview too
    expect(button).to_be_focused()
    expect(preview).to_be_visible()


def test_grand_slam_saved_reopened_by_link_and_finished(page, open_app, new_context, base_url, shot):
    open_app(page, FAST)
    new_race(page, seed="777", variant="grand_slam", circuit="lagoon")
    expect(page.locator("#board .tr-circuit")).to_have_count(3)
    clicks = 0
    while clicks < 30 and wait_for_human(page):
        click_race_choice(page)
        clicks += 1
    wait_for_human(page)
    text = save_string(page)
    log = page.inner_text("#log")
    other = new_context().new_page()
    other.goto(f"{base_url}{FAST}#save={text}")
    wait_ready(other)
    other.wait_for_selector("#board .tr")
    assert other.inner_text("#log") == log
    expect(other.locator("#board .tr-circuit")).to_have_count(3)
    shot(other, "tr-grand-slam-desktop", full_page=True)
    play_to_end(other)
    expect(other.locator("#status")).to_contain_text("Game over")


def test_pass_the_device_between_two_humans(page, open_app, shot):
    open_app(page, FAST)
    new_race(page, seed="5", players=2, humans=(0, 1), names={0: "Ann", 1: XSS})
    reveal = page.locator("#actions [data-cmd=reveal]")
    expect(reveal).to_be_visible()
    expect(page.locator("#board .tr-circuit")).to_have_count(0)  # nothing of the game behind the screen
    shot(page, "tr-pass-device-desktop")
    names = set()
    for _ in range(30):
        wait_for_human(page)
        if reveal.count():
            label = reveal.inner_text()
            names.add(label)
            reveal.click()
            expect(page.locator("#board .tr-circuit")).to_have_count(1)
            assert "Your Bonus cards" in page.inner_text("#board") or "choose a Titan" in page.inner_text("#status")
            continue
        click_race_choice(page)
    assert names == {"I am Ann", f"I am {XSS}"}
    assert page.locator("img[src=x]").count() == 0


def test_phone_and_axe(phone_page, open_app, shot, axe):
    page = phone_page
    open_app(page, FAST)
    new_race(page, seed="1234", players=3, circuit="ban_kog")
    for _ in range(10):
        wait_for_human(page)
        click_race_choice(page)
    wait_for_human(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert small_targets(page) == []  # every button, folding heading and field: 44 x 44 px at least
    shot(page, "tr-game-phone")
    shot(page, "tr-game-phone-full", full_page=True)
    violations = [v for v in axe(page) if v.get("impact") in ("serious", "critical")]
    assert not violations, violations
    page.click("#gamebar [data-cmd=rules]")
    page.wait_for_selector(".rulebook p")
    expect(page.locator(".rulebook")).to_contain_text("Grand Slam")  # the rulebook (variants first)
    expect(page.locator("#screen")).to_contain_text("Kaldheira")  # this edition's designed values and rulings
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_phone_a_tap_shows_a_moves_path_and_a_second_tap_plays_it(phone_page, open_app, shot):
    page = phone_page
    open_app(page, FAST)
    new_race(page, seed="77", players=2, circuit="kaldheira")
    for _ in range(60):
        assert wait_for_human(page)
        if page.locator("#board .tr-target-move").count() >= 2:
            break
        click_race_choice(page)  # a mouse click plays at once
    targets = page.locator("#board .tr-target-move")
    assert targets.count() >= 2
    log_lines = page.locator("#log li").count()
    first = targets.nth(0)
    index = first.get_attribute("data-action")
    first.tap()
    expect(page.locator("#status")).to_contain_text("tap it again to play it")
    preview = page.locator(f"#board [data-preview-of='{index}']")
    expect(preview).to_be_visible()
    assert page.locator("#log li").count() == log_lines  # not played yet
    second = targets.nth(1)
    second_index = second.get_attribute("data-action")
    second.tap()  # compare another
    expect(page.locator(f"#board [data-preview-of='{second_index}']")).to_be_visible()
    expect(preview).to_be_hidden()
    shot(page, "tr-phone-tap-preview")
    assert page.locator("#log li").count() == log_lines
    page.locator(f"#board [data-action='{second_index}']").tap()  # the second tap on it plays it
    expect(page.locator("#log li")).not_to_have_count(log_lines)
    # The choices panel folds away to show the whole board, and comes back.
    wait_for_human(page)
    page.tap("[data-cmd=toggle-choices]")
    expect(page.locator("#actions")).to_be_hidden()
    expect(page.locator("[data-cmd=toggle-choices]")).to_have_attribute("aria-expanded", "false")
    page.tap("[data-cmd=toggle-choices]")
    expect(page.locator("#actions")).to_be_visible()
    # A game in progress replays from its start too, and fits the phone.
    page.click("#gamebar [data-cmd=replay]")
    expect(page.locator(".replay-position")).to_have_text("The start")
    page.click("[data-cmd=replay-end]")
    expect(page.locator(".replay-position")).to_contain_text("Move ")
    page.click("[data-cmd=replay-back]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert small_targets(page) == []
    shot(page, "tr-replay-phone")
    page.click("#gamebar [data-cmd=replay-exit]")
    expect(page.locator("#actions .btn-action").first).to_be_visible()
