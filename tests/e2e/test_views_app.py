"""The views in the browser: the summary of the other seats' turns in view at a human's turn on a phone,
one tap on a Titan Race list button, the hints checkbox's size, Back from a Titan game, a finished game not
resumed when the site is opened again."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from engine.core import Seat, save
from engine.core.bots import make_bot
from engine.registry import GAMES
from tests.e2e.conftest import fill_seats, small_targets
from tests.e2e.conftest import wait_for_human as wait_for_racer
from tests.e2e.helpers import click_race_choice, new_born, new_race

FAST = "?ai-pause=20"
BOX = "(el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }"


def in_window(page: Page, selector: str) -> bool:
    left, top, right, bottom = page.locator(selector).first.evaluate(BOX)
    width, height = page.viewport_size["width"], page.viewport_size["height"]  # type: ignore[index]
    return (
        right > left
        and bottom > top
        and left >= -0.5
        and top >= -0.5
        and right <= width + 0.5
        and bottom <= height + 0.5
    )


def test_on_a_phone_the_summary_of_the_computers_turns_is_in_view_at_anns_turn_and_goes_once_she_acts(
    phone_page, open_app, shot
):
    page = open_app(phone_page, FAST)
    new_born(page, seed="22", players=3)
    for _ in range(40):  # Ann plays her choices (the first each time) until the computers have had turns
        page.wait_for_selector("#actions .btn-action")
        if page.locator("#actions .since li", has_text="(Computer").count():
            break
        page.locator("#actions .btn-action").first.click()
    since = page.locator("#actions .since")
    expect(since).to_be_visible()
    expect(since.locator("summary")).to_have_text("Since your last turn")
    lines = since.locator("li").all_inner_texts()
    assert 1 <= len(lines) <= 4 and any("(Computer" in line for line in lines), lines
    assert in_window(page, "#actions .since li")  # in the choices sheet, not 1,450 px down with the log
    assert small_targets(page) == []  # its folding heading too is 44 px high
    shot(page, "views-since-born-phone")
    page.locator("#actions .btn-action").first.click()
    page.wait_for_selector("#actions .btn-action, #actions .waiting")
    if page.locator("#actions .btn-action").count() and not page.locator("#status .status-thinking").count():
        expect(page.locator("#actions .since")).to_have_count(0)  # her own move is not told back to her


def test_a_titan_race_list_button_plays_with_one_tap_on_a_touch_screen(phone_page, open_app):
    page = open_app(phone_page, FAST)
    new_race(page, seed="77", players=2, circuit="kaldheira")
    for _ in range(60):
        assert wait_for_racer(page)
        if page.locator("#board [data-preview-of]").count() and page.locator("#actions .btn-action").count():
            break
        click_race_choice(page)
    button = page.locator("#actions .btn-action").first
    index = button.get_attribute("data-action")
    assert page.locator(f"#board [data-preview-of='{index}']").count()  # a move with a preview on the board
    lines = page.locator("#log li").count()
    button.tap()
    expect(page.locator("#log li")).not_to_have_count(lines)  # played by the one tap
    expect(page.locator("#status")).not_to_contain_text("tap it again")


PLACE_ABOVE_SHEET_JS = """(el) => {
  const sheet = document.querySelector('.actions-box').getBoundingClientRect();
  const box = el.getBoundingClientRect();
  window.scrollBy(0, box.bottom - sheet.top + 4);
}"""


def test_a_moves_preview_tapped_on_the_board_is_brought_clear_of_the_choices_sheet(phone_page, open_app, shot):
    page = open_app(phone_page, FAST)
    new_race(page, seed="77", players=2, circuit="kaldheira")
    for _ in range(60):
        assert wait_for_racer(page)
        if page.locator("#board .tr-target-move").count() >= 1:
            break
        click_race_choice(page)
    target = page.locator("#board .tr-target-move").first
    index = target.get_attribute("data-action")
    target.evaluate(PLACE_ABOVE_SHEET_JS)  # the target just above the sheet: the Titan's start is under it
    target.tap()
    expect(page.locator("#status")).to_contain_text("tap it again to play it")
    preview = page.locator(f"#board [data-preview-of='{index}']")
    expect(preview).to_be_visible()
    bottom = preview.evaluate("(el) => el.getBoundingClientRect().bottom")
    sheet_top = page.locator(".actions-box").evaluate("(el) => el.getBoundingClientRect().top")
    assert bottom <= sheet_top + 1, (bottom, sheet_top)
    shot(page, "views-race-preview-phone")


def test_the_hints_checkbox_is_24_px_and_back_from_a_titan_game_shows_titans_form(phone_page, open_app, shot):
    page = open_app(phone_page, FAST)
    expect(page.locator(".game-card", has_text="Titan").filter(has_text="Battle Titan")).to_have_count(1)
    page.click("[data-cmd=new][data-game=titan]")
    page.wait_for_selector("#setup-form")
    width, height = page.locator("#setup-hints").evaluate("(el) => [el.offsetWidth, el.offsetHeight]")
    assert width >= 24 and height >= 24, (width, height)
    shot(page, "views-setup-phone")
    fill_seats(page, 2, (0,), None)
    page.click("[data-cmd=start]")
    page.wait_for_selector("#board .tt")
    page.reload()  # the game goes on in this tab: a reload resumes it (the form as filled is gone)
    page.wait_for_selector("#board .tt")
    page.go_back()
    page.wait_for_selector("#setup-form")
    assert page.locator("#setup-game").input_value() == "titan"


def finished_save() -> str:
    game = GAMES["titan_dice"]
    state = game.new_game(2, None, 3, [Seat(name="Ann"), Seat(name="Bob")])
    bots = [make_bot(game, 1, seat) for seat in range(2)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = game.apply(state, bots[seat].choose(state, seat))
    return save.dumps(state)


def test_a_finished_game_is_not_resumed_when_the_site_is_opened_again(page, open_app):
    open_app(page, f"{FAST}#save={finished_save()}")
    page.wait_for_selector("#actions .result")
    page.reload()  # a reload shows what was on the screen: the end of the game
    page.wait_for_selector("#actions .result")
    open_app(page)  # the site opened again in this tab (its session remembers the game)
    page.wait_for_selector("#home-title")
    expect(page.locator(".saved-list")).to_contain_text("Finished")
    expect(page.locator("#board")).to_have_count(0)
