"""The friend's page in the browser (app/join.py, app/remote/peer.py): opened at an invite link made from a raw
host's offer in another context of the same Chromium, it shows a reply code; the code, copied as a player would,
connects the two; the host (a HostSession in this test's Python, its data channel in the other page) sends the
seat's record, and the friend's page draws it and plays a choice through the host. Nothing leaves 127.0.0.1."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest

from app.remote.host import HostSession
from app.remote.invite import invite_fragment
from app.remote.sdpcode import decode, encode
from engine.core.game import Seat
from engine.registry import GAMES
from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    guarded_context,
    run_axe,
    save_shot,
    small_targets,
    wait_ready,
)
from tests.e2e.helpers import NO_MDNS, OFFER


class PageChannel:
    """The host's data channel, in the host's page: what the HostSession sends goes out on it."""

    def __init__(self, page) -> None:
        self.page = page
        self.closed = False

    def send(self, text: str) -> None:
        self.page.evaluate("(text) => window.rtc.channel.send(text)", text)

    def close(self) -> None:
        self.closed = True
        self.page.evaluate("window.rtc.channel.close()")


def release_of(base_url: str) -> str:
    with urllib.request.urlopen(base_url + "sw.js") as response:  # the page's own server, on 127.0.0.1
        return re.search(r'"version":\s*"([0-9a-f]+)"', response.read().decode()).group(1)


def pump(host_page, link, until, timeout: float = 10.0) -> None:
    """Hand the host what its channel received, until `until()` holds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for text in host_page.evaluate("window.rtc.got.splice(0)"):
            link.receive(text)
        if until():
            return
        time.sleep(0.05)
    raise AssertionError("the host never got what it waited for")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_friend_joins_through_the_invite_link_and_plays_through_the_host(
    phone: bool, playwright_driver, base_url
) -> None:
    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_MDNS])
    try:
        host_ctx = guarded_context(browser, **DESKTOP)
        friend_ctx = guarded_context(browser, **(PHONE if phone else DESKTOP))
        host_page, friend = host_ctx.new_page(), friend_ctx.new_page()
        game = GAMES["titan_dice"]
        state = game.new_game(2, seed=7, seats=[Seat(name="Ann <b>"), Seat(name="Bob")])
        session = HostSession(game, state, release=release_of(base_url), clock=time.monotonic)
        token = session.invite(0)
        start = time.perf_counter()
        offer = encode(host_page.evaluate(OFFER))
        friend.goto(base_url + "#" + invite_fragment(token, offer))
        wait_ready(friend)
        friend.wait_for_selector("#join-reply", timeout=20_000)
        assert "Send this reply code back to the host" in friend.inner_text("#screen")
        save_shot(friend, f"remote-guest-reply-{'phone' if phone else 'desktop'}")
        assert run_axe(friend) == [] and small_targets(friend) == []
        reply = friend.input_value("#join-reply")
        assert friend.evaluate("location.hash") == ""  # the token is not left in the address bar
        sdp, is_answer = decode(reply)
        assert is_answer
        host_page.evaluate("async (sdp) => window.rtc.pc.setRemoteDescription({type: 'answer', sdp})", sdp)
        host_page.wait_for_function("window.rtc.channel.readyState === 'open'", timeout=15_000)
        link = session.connect(PageChannel(host_page))
        pump(host_page, link, lambda: link.seat == 0)
        friend.wait_for_selector("#actions .btn-action", timeout=15_000)
        elapsed = time.perf_counter() - start
        status = friend.inner_text("#status")
        assert "Ann <b>" in status  # the host's texts are escaped: the name shows as typed
        assert friend.locator("#status b").count() == 0
        before = session.state.moves
        choices = friend.locator("#actions .btn-action")
        assert choices.count() == len(game.legal_actions(session.state))
        save_shot(friend, f"remote-guest-table-{'phone' if phone else 'desktop'}")
        first_pos = friend.evaluate("window.titanGuestPos")
        choices.first.click()
        pump(host_page, link, lambda: session.state.moves > before)
        friend.wait_for_function("(pos) => window.titanGuestPos !== pos", arg=first_pos, timeout=10_000)
        assert friend.locator("#log li").count() > 0
        save_shot(friend, f"remote-guest-played-{'phone' if phone else 'desktop'}")
        print(f"invite link to the friend's first record: {elapsed * 1000:.0f} ms; reply code {len(reply)} chars")
        # The host ends the connection: the friend's page says so and how to rejoin.
        host_page.evaluate("window.rtc.pc.close()")
        friend.wait_for_selector(".join-alert", timeout=30_000)
        assert "rejoin" in friend.inner_text(".join-alert").lower()
        save_shot(friend, f"remote-guest-lost-{'phone' if phone else 'desktop'}")
        for ctx in (host_ctx, friend_ctx):
            ctx.guard.check()
        assert session.faults == []
    finally:
        browser.close()


def bench(page, call: str, *args):
    """A `titanBench` hook of the host's page (app/bench.py), its JSON answer read."""
    return json.loads(page.evaluate(f"(args) => window.titanBench.{call}(...args)", list(args)))


def reply_of(friend, previous: str = "") -> str:
    friend.wait_for_function(
        "(old) => { const el = document.querySelector('#join-reply'); return el && el.value && el.value !== old; }",
        arg=previous,
        timeout=30_000,
    )
    return friend.input_value("#join-reply")


def test_a_friend_joins_a_host_made_of_the_apps_own_peer_code_and_rejoins_after_a_reload_with_its_standing_offer(
    playwright_driver, base_url
) -> None:
    """Both sides through app/remote/peer.py: the host a HostSession in a page (app/bench.py's hooks), a Born of
    Titans game 350 moves in (its records over 16,000 characters: they go in parts and are joined); the friend
    plays, reloads, and joins again by the standing offer the host sent: only a reply code goes back."""
    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_MDNS])
    try:
        host_ctx, friend_ctx = guarded_context(browser, **DESKTOP), guarded_context(browser, **PHONE)
        host_page, friend = host_ctx.new_page(), friend_ctx.new_page()
        host_page.goto(base_url + "?bench")
        wait_ready(host_page)
        started = bench(host_page, "hostStart", "born_of_titans", 2, 5, 350)
        seat = started["current"]
        assert started["release"] == release_of(base_url)
        start = time.perf_counter()
        invite = bench(host_page, "hostInvite", seat)
        assert invite["state"] == "connecting" and invite["fragment"].startswith("join=")
        friend.goto(base_url + "#" + invite["fragment"])
        wait_ready(friend)
        ready = time.perf_counter()
        reply = reply_of(friend)
        replied = time.perf_counter()
        assert bench(host_page, "hostReply", seat, "1" + reply[1:-4])["error"]  # a cut code: refused, in words
        pasted = time.perf_counter()
        assert bench(host_page, "hostReply", seat, reply) == {"error": ""}
        friend.wait_for_selector("#actions .btn-action", timeout=30_000)
        joined = time.perf_counter() - start
        seated = time.perf_counter() - pasted
        status = bench(host_page, "hostStatus")
        assert status["joined"] == [seat] and status["faults"] == []
        assert friend.locator("#log li").count() > 100  # the whole log came, in parts
        moves = status["moves"]
        pos = friend.evaluate("window.titanGuestPos")
        clicked = time.perf_counter()
        friend.locator("#actions .btn-action").first.click()
        friend.wait_for_function("(pos) => window.titanGuestPos !== pos", arg=pos, timeout=10_000)
        round_trip = time.perf_counter() - clicked
        assert bench(host_page, "hostStatus")["moves"] > moves
        friend.click("#gamebar [data-cmd=rules]")  # the rules of the friend's game, and back: still seated
        friend.wait_for_selector("[data-cmd=back]", timeout=15_000)
        assert "Born of Titans" in friend.inner_text("#screen")
        friend.click("[data-cmd=back]")
        friend.wait_for_selector("#gamebar [data-cmd=join-undo]", timeout=5_000)
        assert bench(host_page, "hostStatus")["joined"] == [seat]
        save_shot(friend, "remote-guest-born-phone")

        spare = bench(host_page, "hostSpare", seat)  # a standing offer, sent while the friend is connected
        assert spare["state"] == "connecting" and spare["code"]
        friend.wait_for_function(
            "() => Object.entries(localStorage).some(([k, v]) => k.startsWith('titan-table:join:') && "
            "JSON.parse(v).spare)",
            timeout=10_000,
        )
        friend.reload()  # the friend's page reloads: it joins the same seat, answering the standing offer
        wait_ready(friend)
        again = reply_of(friend)
        assert again != reply
        assert bench(host_page, "hostReply", seat, again) == {"error": ""}
        friend.wait_for_selector("#actions .btn-action, #actions .waiting", timeout=30_000)
        status = bench(host_page, "hostStatus")
        assert status["joined"] == [seat] and status["faults"] == []
        print(
            f"Born of Titans at move 350: invite link to the friend's table {joined * 1000:.0f} ms (the page ready to "
            f"its reply code {(replied - ready) * 1000:.0f} ms; the reply pasted to the table drawn "
            f"{seated * 1000:.0f} ms); a click to the next record drawn, through the host {round_trip * 1000:.0f} ms"
        )
        for ctx in (host_ctx, friend_ctx):
            ctx.guard.check()
    finally:
        browser.close()
