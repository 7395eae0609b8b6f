"""Titan across two devices: two contexts of one headless Chromium on 127.0.0.1 (every other request
blocked), the host's page and a friend's, connected through the page's own invite link and reply code as players
copy and paste them. Each human clicks his own choices on his own page with the click-player of test_titan_app.py
(a legion then its land, a character then its hex or its target): in a battle the attacker's decisions are made on
one page and the defender's on the other.

- Battle Titan set up on the form (three rounds, Bob a friend on another device), played to its end through a
  battle: both pages show the same reckoning.
- Standard Titan opened from a save string just before an engagement: the host hands Bob's seat to a friend from
  the share dialog, and the two fight the battle out from their devices.
- The friend reloads mid-battle, rejoins with the same invite (one reply code pasted) and the battle goes on.
- The connection cut and restored (the friend's RTCPeerConnection closed, below): the host shows the seat gone,
  the friend's page says so with Rejoin, one reply code pasted and the battle goes on.

Each test prints its duration (`-s`).
"""

from __future__ import annotations

import functools
import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    failure_shots,
    fill_seats,
    guarded_context,
    save_shot,
    wait_ready,
)
from tests.e2e.helpers import FAST, NO_MDNS, WAIT, in_battle, step, tap

pytestmark = pytest.mark.e2e

# The click-player's clicks that send a choice to the host (the others pick on the board, drawn on the page).
SENDS = {"target", "battle-target", "strike", "split", "done-split", "muster", "fight", "button", "first", "confirmed"}
ASKED = WAIT.replace("#actions .result, ", "") + ", #dialog [data-cmd=confirm-choice]"
# The first target land (its index among the lit lands) on which another's legion stands: its marker lets taps
# through to the land (`tt-pass`), the picked legion's own marker aside; -1: none.
ENGAGING = """() => {
  const centres = [...document.querySelectorAll('#board .tt-legion.tt-pass:not(.is-selected)')].map((g) => {
    const b = g.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2];
  });
  return [...document.querySelectorAll('#board .tt-target')].findIndex((land) => {
    const b = land.getBoundingClientRect();
    return centres.some(([x, y]) => x > b.left && x < b.right && y > b.top && y < b.bottom);
  });
}"""
# Test instrumentation injected into the friend's page (no app code): every RTCPeerConnection it makes is kept, so
# that the test can close the live one as a network cut would end it.
KEEP_PEERS = """(() => {
  const Native = window.RTCPeerConnection;
  window.__peers = [];
  window.RTCPeerConnection = function (...args) { const pc = new Native(...args); window.__peers.push(pc); return pc; };
  window.RTCPeerConnection.prototype = Native.prototype;
  // A silent outage of the data path (window.__outage(true), then false): what the page sends and what arrives
  // is held meanwhile and delivered in order when the path is back, as the reliable channel's SCTP delivers it
  // after a network outage shorter than ICE's consent timeout; nothing is closed, so neither side is told.
  const send = RTCDataChannel.prototype.send, add = RTCDataChannel.prototype.addEventListener;
  const remove = RTCDataChannel.prototype.removeEventListener, wrapped = new WeakMap();
  let out = false, held = [], inbox = [];
  RTCDataChannel.prototype.send = function (data) { out ? held.push([this, data]) : send.call(this, data); };
  RTCDataChannel.prototype.addEventListener = function (type, fn, ...rest) {
    if (type !== 'message') return add.call(this, type, fn, ...rest);
    const held_fn = (event) => (out ? inbox.push(() => fn(event)) : fn(event));
    wrapped.set(fn, held_fn);
    return add.call(this, type, held_fn, ...rest);
  };
  RTCDataChannel.prototype.removeEventListener = function (type, fn, ...rest) {
    return remove.call(this, type, wrapped.get(fn) || fn, ...rest);
  };
  window.__outage = (on) => {
    out = on;
    if (on) return;
    const sends = held, arrived = inbox;
    held = []; inbox = [];
    sends.forEach(([channel, data]) => send.call(channel, data));
    arrived.forEach((deliver) => deliver());
  };
})();"""


@contextmanager
def two_devices(playwright_driver, *, phone: bool = False) -> Iterator[tuple[Page, Page]]:
    """A Chromium (local addresses not hidden behind mDNS names: docs/remote-play.md) with the host's context and
    the friend's (a 390x844 phone with `phone`); both guarded (no request leaves 127.0.0.1, no console error)."""
    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_MDNS])
    try:
        host_ctx, friend_ctx = (
            guarded_context(browser, **DESKTOP),
            guarded_context(browser, **(PHONE if phone else DESKTOP)),
        )
        friend_ctx.add_init_script(KEEP_PEERS)
        host, friend = host_ctx.new_page(), friend_ctx.new_page()
        for name, page in (("host", host), ("friend", friend)):  # a renderer crash is said when and where it happened
            page.on("crash", functools.partial(print_crash, name, time.perf_counter()))
        try:
            yield host, friend
        except BaseException:
            failure_shots({"remote-titan-failed-host": host, "remote-titan-failed-friend": friend})
            raise
        for ctx in (host_ctx, friend_ctx):
            ctx.guard.check()
    finally:
        browser.close()


def print_crash(name: str, started: float, page: Page) -> None:
    print(f"the {name}'s page crashed {time.perf_counter() - started:.1f} s into the test, at {page.url[:80]}")


def connect(host: Page, friend: Page, seat: int, *, link: str | None = None) -> float:
    """The host presses Invite (or New invite link) for `seat`, the friend opens the link (or, with `link`, the
    page already shows the reply code of a rejoin), the host pastes the reply code: seconds until connected."""
    started = time.perf_counter()
    if link is None:
        host.click(f"#friend-row-{seat} [data-cmd=friend-invite]")
        host.wait_for_selector(f"#friend-link-{seat}", timeout=20_000)
        friend.goto(host.input_value(f"#friend-link-{seat}"))
        wait_ready(friend)
    friend.wait_for_selector("#join-reply", timeout=20_000)
    host.wait_for_selector(f"#friend-reply-{seat}", timeout=20_000)
    host.fill(f"#friend-reply-{seat}", friend.input_value("#join-reply"))
    host.click(f"#friend-row-{seat} [data-cmd=friend-reply]")
    host.wait_for_selector(f"#friend-row-{seat} .friend-state:is(.friend-connected, .friend-thinking)", timeout=20_000)
    friend.wait_for_selector("#board .tt", timeout=20_000)
    return time.perf_counter() - started


def in_step(host: Page, friend: Page) -> None:
    """Wait until the friend's page shows the position the host's page is at."""
    pos = host.evaluate("window.titanHostPos")
    friend.wait_for_function("(pos) => window.titanGuestPos === pos", arg=pos, timeout=15_000)


def same_position(host: Page, friend: Page) -> None:
    """Both pages at the host's position: the friend's decision awaited at the host, or the same status line."""
    in_step(host, friend)
    if asked(friend):
        expect(host.locator("#status")).to_contain_text("Bob is deciding on another device")
        assert not asked(host)
    else:
        assert host.inner_text("#status") == friend.inner_text("#status")


def asked(page: Page) -> bool:
    """The page shows a choice (drawn: a closed dialog keeps its last markup, hidden)."""
    return page.evaluate(
        "(sel) => [...document.querySelectorAll(sel)].some((el) => el.getClientRects().length > 0)", ASKED
    )


def over(page: Page) -> bool:
    return page.locator("#actions .result").count() > 0


class Players:
    """The two humans, each clicking on his own page; what each clicked, and whether a battle was fought with
    both pages deciding in it."""

    def __init__(self, host: Page, friend: Page, seed: int, *, engage: bool = False) -> None:
        self.host, self.friend = host, friend
        self.engage = engage  # on the masterboard, move onto another's legion whenever a picked legion can
        self.rng = random.Random(seed)
        self.seen: dict[str, Any] = {"host": 0, "friend": 0, "host-battle": 0, "friend-battle": 0}

    def click(self) -> str:
        """One click, by whoever is asked: 'over' once both pages show the end."""
        host, friend = self.host, self.friend
        in_step(host, friend)
        if over(host):
            friend.wait_for_selector("#actions .result", timeout=15_000)
            return "over"
        for _ in range(100):
            for page, who in ((host, "host"), (friend, "friend")):
                if asked(page):
                    return self._play(page, who)
            host.wait_for_timeout(50)
        raise AssertionError(
            f"nobody is asked: host {host.inner_text('#status')!r}, friend {friend.inner_text('#status')!r}"
        )

    def _play(self, page: Page, who: str) -> str:
        before = page.evaluate("window.titanGuestPos") if who == "friend" else None
        battle = in_battle(page)
        engage = -1 if battle or not self.engage else page.evaluate(ENGAGING)
        if engage >= 0:  # a land the picked legion may reach holds another's legion: go there
            tap(page.locator("#board .tt-target").nth(engage))
            clicked = "target"
            self.seen["engage"] = self.seen.get("engage", 0) + 1
        else:
            clicked = step(page, self.rng)
        self.seen[who] += 1
        self.seen[f"{who}-battle"] += battle and clicked in SENDS
        if who == "friend" and clicked in SENDS:  # the choice went to the host: its record comes back
            page.wait_for_function(
                "(before) => window.titanGuestPos !== before || "
                "document.querySelector('#dialog [data-cmd=confirm-choice]')?.offsetParent != null",
                arg=before,
                timeout=15_000,
            )
        return clicked

    def until(self, done, limit: int = 3000) -> None:
        for _ in range(limit):
            if done():
                return
            if self.click() == "over":
                return
        raise AssertionError(f"not done after {limit} clicks: {self.seen}")

    def battle_fought(self) -> None:
        """Play into a battle, then on until it is over (the masterboard again, or the game's end)."""
        self.until(lambda: in_battle(self.host))
        self.until(lambda: not in_battle(self.host) or over(self.host))
        in_step(self.host, self.friend)


def battle_shots(host: Page, friend: Page, name: str) -> None:
    """Both pages mid-battle, for a person to look at."""
    save_shot(host, f"{name}-host")
    save_shot(friend, f"{name}-friend")
    save_shot(friend, f"{name}-friend-full", full_page=True)


# -- Battle Titan, set up on the form ------------------------------------------------------------------------------
ROUNDS = 3
BT_SEED = 5  # towers near enough for a battle in the second round (most click sequences)


def test_battle_titan_across_two_devices_is_played_to_its_end_through_a_battle(playwright_driver, base_url):
    started = time.perf_counter()
    with two_devices(playwright_driver) as (host, friend):
        host.goto(base_url + FAST)
        wait_ready(host)
        host.click("[data-cmd=new][data-game=titan]")
        host.wait_for_selector("#setup-form")
        fill_seats(host, 2, (0,), {0: "Ann"})
        host.select_option("#seat1-kind", "friend")
        host.fill("#seat1-name", "Bob")
        host.select_option("#f-opt_variant", "battle")
        host.select_option("#f-opt_ending", "rounds")
        host.fill("#f-opt_rounds", str(ROUNDS))
        host.fill("#setup-seed", str(BT_SEED))
        host.click("[data-cmd=start]")
        host.wait_for_selector("#board .tt")
        handshake = connect(host, friend, 1)
        players = Players(host, friend, BT_SEED, engage=True)
        shot_taken = False

        def battle_seen() -> bool:
            nonlocal shot_taken
            if not shot_taken and in_battle(host) and asked(friend) and players.seen["friend-battle"] >= 2:
                battle_shots(host, friend, "remote-battle-titan")
                shot_taken = True
            return False

        players.until(battle_seen)
        assert over(host) and over(friend)
        assert players.seen["host-battle"] >= 1 and players.seen["friend-battle"] >= 1, players.seen
        for page in (host, friend):
            expect(page.locator("#actions .tt-final-reason")).to_contain_text(
                f"The game ended at the end of round {ROUNDS}"
            )
        assert host.inner_text("#actions .result-list") == friend.inner_text("#actions .result-list")
        same_position(host, friend)
        assert shot_taken
        save_shot(friend, "remote-battle-titan-end-friend")
    print(
        f"Battle Titan across two devices: {time.perf_counter() - started:.1f} s, handshake {handshake:.1f} s, "
        f"clicks {players.seen}"
    )


# -- Standard Titan, opened from a save string just before an engagement -------------------------------------------
@functools.lru_cache(maxsize=1)
def engagement_save() -> str:
    """A 2-player game between two humans (Ann, Bob), played by the Standard bots up to an engagement between them:
    the battle is next."""
    from engine.core import Seat, save
    from engine.core.bots import make_bot
    from engine.registry import GAMES

    game = GAMES["titan"]
    state = game.new_game(2, None, 7001, [Seat(name="Ann"), Seat(name="Bob")])
    bots = [make_bot(game, 1, seat) for seat in range(2)]
    while state.phase.value != "engagement":  # type: ignore[attr-defined]
        seat = state.current_player
        assert seat is not None
        state = game.apply(state, bots[seat].choose(state, seat))
    return save.dumps(state)


def open_for_a_friend(host: Page, base_url: str, friend: Page) -> None:
    """The host opens the save string, and hands Bob's seat to a friend on another device (the share dialog).
    Meanwhile the friend's page starts, at the app's address (as a friend who has the app open, or installed, when
    the link comes: the link then changes only the page's fragment): both pages start at once, the two cores of
    this machine shared."""
    friend.goto(base_url + FAST)
    host.goto(base_url + FAST)
    wait_ready(host)
    host.click("[data-cmd=import]")
    host.fill("#import-text", engagement_save())
    host.click("[data-cmd=import-submit]")
    host.wait_for_selector("#board .tt, #board .handover")  # two humans at one device: passed between them
    host.click("#gamebar [data-cmd=share]")
    host.click("#dialog [data-cmd=friend-seat][data-id='1']")
    host.wait_for_selector("#friend-row-1 .friend-waiting")
    expect(host.locator("#board .handover")).to_have_count(0)  # Ann alone at the host's device: nothing to pass


TITAN_CLICKS = int(os.environ.get("TITAN_CLICKS", "3"))


def test_titan_a_battle_between_the_hosts_human_and_a_friend_opened_from_a_save(playwright_driver, base_url):
    started = time.perf_counter()
    with two_devices(playwright_driver) as (host, friend):
        open_for_a_friend(host, base_url, friend)
        connect(host, friend, 1)
        ready = time.perf_counter() - started
        players = Players(host, friend, TITAN_CLICKS)
        players.until(lambda: in_battle(host) and players.seen["friend-battle"] >= 2 and asked(friend))
        battle_shots(host, friend, "remote-titan-battle")
        expect(friend.locator("#board .tt-battle")).to_be_visible()
        players.battle_fought()
        assert players.seen["host-battle"] >= 1 and players.seen["friend-battle"] >= 3, players.seen
        same_position(host, friend)
        log = host.inner_text("#log")
        assert "Battle in" in log or "wins the battle" in log or "battle" in log.lower()
    print(
        f"Titan battle across two devices: {time.perf_counter() - started:.1f} s "
        f"(both pages open and connected in {ready:.1f} s), clicks {players.seen}"
    )


def test_a_phone_friend_reloads_mid_battle_rejoins_with_the_same_invite_and_the_battle_goes_on(
    playwright_driver, base_url
):
    started = time.perf_counter()
    with two_devices(playwright_driver, phone=True) as (host, friend):
        open_for_a_friend(host, base_url, friend)
        connect(host, friend, 1)
        players = Players(host, friend, 5)
        players.until(lambda: in_battle(host) and players.seen["friend-battle"] >= 2 and asked(friend))
        battle_shots(host, friend, "remote-titan-battle-phone")
        status, log = friend.inner_text("#status"), friend.inner_text("#log")
        pos = host.evaluate("window.titanHostPos")
        friend.reload()  # the friend's page answers the host's standing offer: only a reply code to send back
        wait_ready(friend)
        host.wait_for_selector("#friend-row-1 .friend-gone", timeout=20_000)
        rejoined = connect(host, friend, 1, link="")
        in_step(host, friend)
        assert host.evaluate("window.titanHostPos") == pos  # nothing was played meanwhile
        expect(friend.locator("#board .tt-battle")).to_be_visible()
        assert friend.inner_text("#status") == status and friend.inner_text("#log") == log
        assert asked(friend)
        players.battle_fought()
        same_position(host, friend)
    print(
        f"Reload mid-battle: {time.perf_counter() - started:.1f} s, rejoined in {rejoined:.1f} s, clicks {players.seen}"
    )


def test_the_connection_cut_mid_battle_and_restored_the_battle_goes_on(playwright_driver, base_url):
    started = time.perf_counter()
    with two_devices(playwright_driver) as (host, friend):
        open_for_a_friend(host, base_url, friend)
        connect(host, friend, 1)
        players = Players(host, friend, 7)
        players.until(lambda: in_battle(host) and players.seen["friend-battle"] >= 2)
        pos = host.evaluate("window.titanHostPos")
        cut = time.perf_counter()
        friend.evaluate("window.__peers.filter((pc) => pc.connectionState === 'connected').forEach((pc) => pc.close())")
        host.wait_for_selector("#friend-row-1 .friend-gone", timeout=20_000)
        print(f"the host saw the friend gone {time.perf_counter() - cut:.1f} s after the cut")
        friend.wait_for_selector("#join-line [data-cmd=join-again]", timeout=30_000)
        assert friend.locator("#actions .btn-action").count() == 0
        save_shot(host, "remote-titan-cut-host")
        save_shot(friend, "remote-titan-cut-friend")
        friend.click("#join-line [data-cmd=join-again]")
        restored = connect(host, friend, 1, link="")
        in_step(host, friend)
        assert host.evaluate("window.titanHostPos") == pos
        expect(friend.locator("#board .tt-battle")).to_be_visible()
        players.battle_fought()
        same_position(host, friend)
    print(
        f"Cut and restored: {time.perf_counter() - started:.1f} s, restored in {restored:.1f} s, clicks {players.seen}"
    )


def test_a_silent_outage_mid_battle_the_host_shows_the_friend_dropped_then_back_and_his_move_lands(
    playwright_driver, base_url
):
    """The data path goes silent (KEEP_PEERS' outage: nothing closed, nothing lost, as a network outage shorter than
    ICE's consent timeout): the host shows the friend dropped (no word for 15 s), the friend's move made meanwhile
    waits, and when the path is back the host shows him thinking again and his move is played."""
    started = time.perf_counter()
    with two_devices(playwright_driver) as (host, friend):
        open_for_a_friend(host, base_url, friend)
        connect(host, friend, 1)
        players = Players(host, friend, 9)
        players.until(lambda: in_battle(host) and players.seen["friend-battle"] >= 2 and asked(friend))
        pos = host.evaluate("window.titanHostPos")
        friend.evaluate("window.__outage(true)")
        cut = time.perf_counter()
        for _ in range(6):  # the friend plays on: his choice waits in the silent channel
            if step(friend, players.rng) in SENDS:
                break
        else:
            raise AssertionError("the friend made no choice")
        host.wait_for_selector("#friend-row-1 .friend-dropped", timeout=30_000)
        dropped = time.perf_counter() - cut
        expect(host.locator("#friends-strip")).to_contain_text("Bob: dropped")
        assert host.evaluate("window.titanHostPos") == pos  # nothing played meanwhile
        save_shot(host, "remote-titan-dropped-host")
        friend.evaluate("window.__outage(false)")
        host.wait_for_selector("#friend-row-1 .friend-state:is(.friend-connected, .friend-thinking)", timeout=15_000)
        host.wait_for_function("(pos) => window.titanHostPos !== pos", arg=pos, timeout=10_000)  # his move landed
        in_step(host, friend)
        for _ in range(12):  # and the battle goes on
            players.click()
        same_position(host, friend)
    print(f"Silent outage: {time.perf_counter() - started:.1f} s, shown dropped {dropped:.1f} s after, {players.seen}")
