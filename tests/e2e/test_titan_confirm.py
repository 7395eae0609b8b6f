"""A Titan battle is never lost by one tap unawares: Bob's Titan and four Gargoyles come on through
the Plains' edge A1 B1 C1 D1; three Gargoyles stand on A1 B1 C1. Picking the fourth names the hex that would
leave the Titan off (D1); "Done maneuvering" then asks first, naming the Titan, in a dialog whose "Go back"
changes nothing, and only its confirming button ends the phase. With a mouse at 1280x800 and by touch at
390x844 (where the first tap on D1 tells what it costs, the second plays it).

Uses the platform's harness (tests/e2e/conftest.py): served on 127.0.0.1, other requests blocked, console
errors fail the test.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

FAST = "?ai-pause=20"


def _stranding_save() -> tuple[str, int]:
    """The position (two humans: Ann defends, Bob attacks and is to maneuver), and the fourth Gargoyle."""
    from engine.core import save
    from tests.engine.titan.helpers import gargoyles, three_gargoyles_on

    state = three_gargoyles_on()
    return save.dumps(state), gargoyles(state)[3]


def _open(page: Page, open_app, text: str) -> None:
    open_app(page, FAST)
    page.click("[data-cmd=import]")
    page.fill("#import-text", text)
    page.click("[data-cmd=import-submit]")
    page.click("#actions [data-cmd=reveal]")  # "I am Bob"
    page.wait_for_selector("#board .tt-battle")


def _press(page: Page, selector: str, touch: bool) -> None:
    locator = page.locator(selector).first
    locator.evaluate("(el) => el.scrollIntoView({block: 'center', inline: 'center'})")
    if touch:
        locator.tap()
    else:
        locator.click()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_move_that_strands_the_titan_says_so_and_done_asks_before_it_eliminates(size, new_context, open_app, shot):
    touch = size == "phone"
    page = new_context(phone=touch).new_page()
    text, fourth = _stranding_save()
    _open(page, open_app, text)
    # picking the fourth Gargoyle: the panel and the lit hex say what D1 costs
    _press(page, f"#tt-panel [data-select='unit:{fourth}']", touch)
    warning = page.locator("#tt-panel .tt-warning")
    expect(warning).to_contain_text("At D1: the Titan could then not come on")
    d1 = page.locator("#board .tt-target[aria-label*=' on at D1']")
    expect(d1).to_have_attribute("aria-label", "Bring the Gargoyle on at D1 \u2014 the Titan could then not come on")
    shot(page, f"titan-confirm-{size}-warning")
    _press(page, "#board .tt-target[aria-label*=' on at D1']", touch)
    if touch:  # the first tap tells what it costs; the second plays it
        expect(page.locator("#status")).to_contain_text("The Titan could then not come on. Tap it again to choose it.")
        _press(page, "#board .tt-target[aria-label*=' on at D1']", touch)
    expect(page.locator("#log")).to_contain_text("Gargoyle enters on D1.")
    # "Done maneuvering" asks first, naming the Titan; "Go back" changes nothing
    done = "#actions .btn-action:has-text('Done maneuvering')"
    _press(page, done, touch)
    dialog = page.locator("#dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Lose your Titan and the game?")
    expect(dialog).to_contain_text("The Titan was never brought on the battleland: ending now eliminates it.")
    expect(dialog).to_contain_text("Bob is out of the game")
    expect(page.locator("#dialog [data-cmd=close-dialog]")).to_be_focused()  # Enter goes back
    shot(page, f"titan-confirm-{size}-dialog")
    _press(page, "#dialog [data-cmd=close-dialog]", touch)
    expect(dialog).to_be_hidden()
    assert "never came on" not in page.inner_text("#log")
    # with the keyboard too: Enter on "Done" asks, Escape goes back
    page.locator(done).focus()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert "never came on" not in page.inner_text("#log")
    # and the confirming button plays it
    _press(page, done, touch)
    expect(dialog).to_be_visible()
    _press(page, "#dialog [data-cmd=confirm-choice]", touch)
    expect(dialog).to_be_hidden()
    expect(page.locator("#log")).to_contain_text("Titan never came on the battleland and is eliminated.")
    expect(page.locator("#actions .result")).to_contain_text("Ann wins")


def test_a_hinted_split_is_drawn_and_marked_on_the_map_as_the_words_say(page, open_app):
    from tests.e2e.conftest import fill_seats

    open_app(page, FAST)
    page.click("[data-cmd=new][data-game=titan]")
    page.wait_for_selector("#setup-form")
    fill_seats(page, 2, (0,), None)
    expect(page.locator("#setup-form")).to_contain_text("what the Strong computer would play")
    page.check("#setup-hints")
    page.fill("#setup-seed", "7")
    page.click("[data-cmd=start]")
    page.wait_for_selector("#board .tt")
    page.click("[data-cmd=hint]")
    expect(page.locator("#hint-text")).to_contain_text("Strong would play \u201cSplit", timeout=60_000)
    expect(page.locator("#hint-text")).to_contain_text("(marked)")
    marked = page.locator("#tt-panel .tt-split .btn-primary.is-hinted")  # the split's halves, its button marked
    expect(marked).to_be_visible()
    expect(marked).to_have_text(re.compile(r"^Split (Bk|Bu|Br|Gd|Gr|Rd)\d\d$"))
