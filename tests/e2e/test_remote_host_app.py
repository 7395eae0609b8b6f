"""The host's page in the browser: a seat "a friend on another device" at set-up, the game shown with
the Friends panel and the strip, the friend's decision awaited, axe, a phone. (The invite's WebRTC round trip is
tested with the friend's page, tests/e2e/test_remote_handshake.py and after the merge.)"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.helpers import XSS, start_with_a_friend


def test_a_friends_seat_at_the_host_page(page, open_app, axe, shot):
    open_app(page, "?ai-pause=40")
    page.click("[data-cmd=new]")
    page.wait_for_selector("#setup-form")
    page.select_option("#setup-game", "titan_dice")
    expect(page.locator("#seat1-kind option[value=friend]")).to_have_text("A friend on another device")
    page.click("[data-cmd=home]")
    start_with_a_friend(page)
    strip = page.locator("#friends-strip")
    expect(strip).to_contain_text(f"{XSS}: not joined yet")
    expect(page.locator("#friends [data-cmd=friend-invite]")).to_have_text("Invite")
    shot(page, "remote-host-desktop")
    # Ann plays until it is the friend's decision: the host's page waits for it
    for _ in range(40):
        if "deciding on another device" in (page.locator("#status").inner_text() or ""):
            break
        page.locator("#actions .btn-action").first.click()
        page.wait_for_timeout(50)
    expect(page.locator("#status")).to_contain_text(f"{XSS} is deciding on another device…")
    assert page.locator("#actions .btn-action").count() == 0
    assert page.evaluate("document.querySelectorAll('img').length") == 0  # the name is text, never markup
    violations = [v for v in axe(page) if v["impact"] in ("serious", "critical")]
    assert violations == [], violations


def test_a_friends_seat_on_a_phone(phone_page, open_app, shot):
    open_app(phone_page, "?ai-pause=40")
    start_with_a_friend(phone_page)
    expect(phone_page.locator("#friends-strip")).to_be_visible()
    phone_page.locator("#friends").scroll_into_view_if_needed()
    shot(phone_page, "remote-host-phone")
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
