"""The host's page and the friend's page in two contexts of one Chromium: the host's Friends panel
makes the invite link, the friend's page opens it and shows a reply code, the host pastes a bad code (said, nothing
changed) then the good one, the friend plays his seat through the host, reloads, and rejoins by the standing offer
with one paste (the friend's page and the WebRTC glue: app/remote/peer.py, app/join.py; the QR codes and the ICE
settings: app/remote/qr.py, app/remote/ice.py)."""

from __future__ import annotations

import time

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, guarded_context, save_shot, wait_ready
from tests.e2e.helpers import NO_MDNS, start_with_a_friend


def test_the_host_invites_a_friend_who_plays_reloads_and_rejoins_with_one_paste(playwright_driver, base_url):
    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_MDNS])
    try:
        host_ctx, friend_ctx = guarded_context(browser, **DESKTOP), guarded_context(browser, **PHONE)
        host, friend = host_ctx.new_page(), friend_ctx.new_page()
        host.goto(base_url + "?ai-pause=40")
        wait_ready(host)
        start_with_a_friend(host)
        started = time.perf_counter()
        host.click("#friends [data-cmd=friend-invite]")
        host.wait_for_selector("#friend-link-1", timeout=20_000)
        link = host.input_value("#friend-link-1")
        assert "#join=" in link and host.locator("#friends .friend-qr svg").count() == 1
        save_shot(host, "remote-host-invite")
        friend.goto(link)
        wait_ready(friend)
        friend.wait_for_selector("#join-reply", timeout=20_000)
        reply = friend.input_value("#join-reply")
        host.fill("#friend-reply-1", "garbage!")
        host.click("#friends [data-cmd=friend-reply]")
        host.wait_for_selector("#friends .friend-message:has-text('cannot be read')", timeout=5_000)
        host.fill("#friend-reply-1", reply)
        host.click("#friends [data-cmd=friend-reply]")
        host.wait_for_selector("#friends-strip:has-text('connected')", timeout=20_000)
        print(f"Invite pressed to the friend connected: {time.perf_counter() - started:.1f} s")
        for _ in range(40):  # Ann plays at the host's table until it is the friend's decision
            if "deciding on another device" in host.inner_text("#status"):
                break
            host.locator("#actions .btn-action").first.click()
            host.wait_for_timeout(100)
        assert "thinking" in host.inner_text("#friends-strip")
        assert host.locator("#actions .btn-action").count() == 0
        friend.wait_for_selector("#actions .btn-action", timeout=15_000)
        save_shot(host, "remote-host-waiting")
        for page in (host, friend):  # each record wrote only what changed (app/paint.py): as whole writes would
            _same_as_written_whole(page)
        lines = host.evaluate("document.querySelectorAll('#log li').length")
        friend.locator("#actions .btn-action").first.click()
        host.wait_for_function("(n) => document.querySelectorAll('#log li').length > n", arg=lines, timeout=10_000)
        friend.reload()  # his page reloads: it answers the standing offer, the host pastes its reply
        wait_ready(friend)
        friend.wait_for_selector("#join-reply", timeout=20_000)
        host.wait_for_selector("#friend-reply-1", timeout=30_000)
        assert "gone" in host.inner_text("#friends-strip") or "dropped" in host.inner_text("#friends-strip")
        host.fill("#friend-reply-1", friend.input_value("#join-reply"))
        host.click("#friends [data-cmd=friend-reply]")
        host.wait_for_selector("#friends-strip:has-text('thinking')", timeout=20_000)
        save_shot(host, "remote-host-rejoined")
        for ctx in (host_ctx, friend_ctx):
            ctx.guard.check()
    finally:
        browser.close()


REGIONS = "() => ['gamebar', 'actions', 'log'].map((id) => document.getElementById(id).innerHTML)"


def _same_as_written_whole(page) -> None:
    """The regions as the moves wrote them (only what changed: the log's new turns put in front) are what one whole
    write gives: the rules opened and closed, the screen is written anew."""
    drawn = page.evaluate(REGIONS)
    assert drawn[2].count("log-turn") >= 2, drawn[2]  # (a log of two turns at least, written move by move)
    page.click("#gamebar [data-cmd=rules]")
    page.wait_for_selector("[data-cmd=back]")
    page.locator("[data-cmd=back]").first.click()
    page.wait_for_selector("#log li")
    assert page.evaluate(REGIONS) == drawn
