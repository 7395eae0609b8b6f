"""Born of Titans with a friend on another device, in two contexts of one headless Chromium on 127.0.0.1,
every other request blocked, connected through the host's invite link and the friend's reply code as a user would.

- A whole game, Ann at the host's page and Bob on his own: each plays his own decisions by the policy of
  tests/e2e/born_policy.py from what his own page shows, Bob playing a Divine counter at a moment to react in Ann's
  turn (asked on his device), and Bob's page never naming Ann's Divine counters.
- The host reloads mid-game (at Bob's moment to react, Bob on a 390x844 phone): the game opens from its save, "New
  invite link" for Bob's seat, Bob opens it, sends his reply, and plays on where the game stood.
- A friend's page of another release (its sw.js says another version): told to reload, nothing played.

The seed (20, two players, the policy with Bob playing a Divine counter, on his own Hero first, whenever a moment in
Ann's turn lets him; moments after every roll) was picked in CPython with born_policy.observe: the game ends in 138
decisions, Bob plays Apollo in Ann's turn at the 51st, and Ann holds Divine counters from the 97th on.
"""

from __future__ import annotations

import re
import time
from collections import Counter

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.born_policy import choose
from tests.e2e.conftest import DESKTOP, PHONE, guarded_context, save_shot, wait_ready
from tests.e2e.helpers import click_choice, launch, seen_on_page

SEED = "20"
MAX_DECISIONS = 300

# Whose decision the page shows now: 'over' (the result), 'asked' (this page's choices, on a record newer than the
# one last played on), or '' (waiting). The friend's page keeps the board it played on until the host's next record
# comes (window.titanGuestPos), so a choice is read only from a position not yet played on.
STATE_JS = """(playedOn) => {
  if (document.querySelector('#actions .result')) return 'over';
  if (document.querySelector('#dialog[open] [data-cmd=confirm-choice]')) return 'confirm';
  const asked = document.querySelector('#actions .btn-action, #board .bt-target[data-action]');
  if (!asked) return '';
  if (playedOn !== null && window.titanGuestPos === playedOn) return '';
  return 'asked';
}"""

# The seat whose turn it is, from the map's Hero drawn as in turn ('' in set-up).
MOVER_JS = """() => {
  const t = document.querySelector('#board .bt-hero.is-turn title');
  const m = t && t.textContent.match(/ \\((.+?)\\) at /);
  return m ? m[1] : '';
}"""


def start_born_with_a_friend(host: Page, seed: str = SEED) -> None:
    """On the host's set-up form: Born of Titans, Ann here, Bob a friend on another device."""
    host.click("[data-cmd=new]")
    host.wait_for_selector("#setup-form")
    host.select_option("#setup-game", "born_of_titans")
    host.wait_for_selector("#f-opt_moments")
    host.select_option("#setup-count", "2")
    host.select_option("#seat0-kind", "human")
    host.select_option("#seat1-kind", "friend")
    host.fill("#seat0-name", "Ann")
    host.fill("#seat1-name", "Bob")
    host.fill("#setup-seed", seed)
    host.click("[data-cmd=start]")
    host.wait_for_selector("#board .bt")
    expect(host.locator("#friends-strip")).to_contain_text("Bob: not joined yet")


def invite(host: Page) -> str:
    """The host's Friends panel: Invite (or New invite link); returns the link."""
    host.click("#friends [data-cmd=friend-invite]")
    host.wait_for_function(
        "() => { const f = document.querySelector('#friend-link-1'); return f && f.value.includes('#join='); }",
        timeout=20_000,
    )
    return host.input_value("#friend-link-1")


def join(host: Page, friend: Page, link: str, *, fresh: bool = True) -> float:
    """The friend opens the link and sends his reply code; the host pastes it. Returns the seconds it took."""
    started = time.perf_counter()
    if fresh:
        friend.goto(link)
        wait_ready(friend)
    else:  # the link pasted in the address bar of his page: only the fragment changes
        friend.evaluate("(link) => { window.location.href = link; }", link)
    friend.wait_for_selector("#join-reply", timeout=20_000)
    host.fill("#friend-reply-1", friend.input_value("#join-reply"))
    host.click("#friends [data-cmd=friend-reply]")
    host.wait_for_selector("#friends-strip:has-text('connected'), #friends-strip:has-text('thinking')", timeout=20_000)
    friend.wait_for_selector("#board .bt", timeout=20_000)
    return time.perf_counter() - started


class Players:
    """Ann on the host's page and Bob on his, each playing his own decisions by the policy from his own page."""

    def __init__(self, host: Page, friend: Page) -> None:
        self.host, self.friend = host, friend
        self.played_on: str | None = None  # the friend's position last played on
        self.decisions = {"Ann": 0, "Bob": 0}
        self.moments = {"Ann": 0, "Bob": 0}  # moments to react asked of each (a Pass among his choices)
        self.bob_cannot = 0  # Bob's moments in Ann's turn where he held no counter he could play
        self.bob_played: list[str] = []  # the Divine counters Bob played in Ann's turn
        self.secrets_checked = 0
        self.asked_how: dict[bool, set[str]] = {True: set(), False: set()}  # Bob's status line, could he play or not

    def whose(self, timeout_s: float = 30.0) -> str:
        """'Ann' or 'Bob' (whose page asks now), or 'over'."""
        deadline = time.perf_counter() + timeout_s
        while time.perf_counter() < deadline:
            if self.host.evaluate(STATE_JS, None) == "over":
                return "over"
            if self.host.evaluate(STATE_JS, None) == "asked":
                return "Ann"
            if self.friend.evaluate(STATE_JS, self.played_on) == "asked":
                return "Bob"
            self.host.wait_for_timeout(15)
        raise AssertionError("neither page asks anything, and the game is not over")

    def play(self, me: str, divine_in_their_turn: bool = True, on_moment=None) -> str:
        """One decision of `me` on his own page; returns what was clicked."""
        page = self.host if me == "Ann" else self.friend
        seen = seen_on_page(page, me)
        assert seen.labels, f"{me}: a decision with no choice on the page"
        index = choose(seen)
        if "Pass" in seen.labels:
            self.moments[me] += 1
            mover = page.evaluate(MOVER_JS)
            plays = [i for i, label in enumerate(seen.labels) if label.startswith("Play ")]
            if me == "Bob" and mover == "Ann":
                if on_moment is not None:
                    on_moment(self, seen)
                self.asked_how[bool(plays)].add(page.inner_text("#status"))
                if not plays:
                    self.bob_cannot += 1
                elif divine_in_their_turn:
                    index = ([i for i in plays if "(Bob)" in seen.labels[i]] or plays)[0]  # on his own Hero first
                    self.bob_played.append(seen.labels[index])
        if me == "Bob":
            self.played_on = page.evaluate("window.titanGuestPos")
        self.decisions[me] += 1
        click_choice(page, index)
        if page.evaluate(STATE_JS, None) == "confirm":
            page.click("#dialog [data-cmd=confirm-choice]")
        return seen.labels[index]

    def check_secrets(self) -> None:
        """Ann holds Divine counters: Bob's page shows how many lie face down, never which."""
        names = self.host.locator("#board .bt-sheet.is-me .bt-divine").all_inner_texts()
        if not names:
            return
        self.friend.wait_for_function(
            "(n) => document.querySelectorAll('#log li').length === n",
            arg=self.host.evaluate("document.querySelectorAll('#log li').length"),
            timeout=10_000,
        )
        anns = self.friend.locator('#board .bt-sheet[aria-label="Ann\'s Crew Sheet"]')
        expect(anns.locator(".bt-divine-back")).to_contain_text(f"{len(names)} Divine")
        assert anns.locator(".bt-divine").count() == 0
        own = set(self.friend.locator("#board .bt-sheet.is-me .bt-divine").all_inner_texts())
        html = self.friend.content()
        log = self.friend.text_content("#log") or ""  # every line, a folded turn's too
        for name in names:
            assert name not in anns.inner_html(), name
            if name not in own and name not in log:  # named nowhere Bob may read it
                at = html.find(name)
                assert at < 0, f"Bob's page names Ann's {name}: {html[max(0, at - 300) : at + 100]}"
                self.secrets_checked += 1


def play_to_the_end(players: Players, shots: str | None = None) -> None:
    seen_moment = []

    def at_moment(p: Players, seen) -> None:
        if seen_moment or not shots:
            return
        seen_moment.append(True)
        expect(p.host.locator("#status")).to_contain_text("Bob is deciding on another device")
        assert p.host.locator("#actions .btn-action").count() == 0  # nothing of Bob's moment at the host's page
        expect(p.friend.locator("#status")).to_contain_text("moment to react")
        save_shot(p.host, f"{shots}-host-moment")
        save_shot(p.friend, f"{shots}-friend-moment")

    while sum(players.decisions.values()) < MAX_DECISIONS:
        me = players.whose()
        if me == "over":
            return
        if me == "Ann" and players.secrets_checked == 0:
            players.check_secrets()
        players.play(me, on_moment=at_moment)
    raise AssertionError(f"no end after {MAX_DECISIONS} decisions")


def two_pages(browser: Browser, phone_friend: bool = False) -> tuple[BrowserContext, BrowserContext, Page, Page]:
    host_ctx = guarded_context(browser, **DESKTOP)
    friend_ctx = guarded_context(browser, **(PHONE if phone_friend else DESKTOP))
    return host_ctx, friend_ctx, host_ctx.new_page(), friend_ctx.new_page()


def test_a_whole_game_with_a_friend_who_plays_a_divine_counter_in_the_hosts_turn(playwright_driver, base_url):
    started = time.perf_counter()
    browser = launch(playwright_driver)
    try:
        host_ctx, friend_ctx, host, friend = two_pages(browser)
        host.goto(base_url)
        wait_ready(host)
        start_born_with_a_friend(host)
        handshake = join(host, friend, invite(host))
        players = Players(host, friend)
        play_to_the_end(players, shots="remote-born")
        # The end, on both pages alike.
        expect(host.locator("#status")).to_contain_text("Game over")
        friend.wait_for_selector("#actions .result, #status:has-text('Game over')", timeout=10_000)
        expect(friend.locator("#status")).to_contain_text("Game over")
        assert friend.inner_text("#log") == host.inner_text("#log")
        save_shot(friend, "remote-born-friend-over")
        # Bob was asked at moments in Ann's turn, on his device, and played a Divine counter there.
        assert players.bob_played, players.moments
        played = re.match(r"Play (\w+)", players.bob_played[0])[1]
        turns = host.evaluate("[...document.querySelectorAll('#log .log-turn')].map((t) => t.textContent)")
        bobs = host.locator("#board .bt-sheet:not(.is-me) .bt-hero-chip").inner_text()  # Bob's Hero
        in_anns = [t for t in turns if re.search(rf"Round \d+: .+ \(Ann\).*{bobs}.* plays {played} on", t, re.S)]
        assert in_anns, (played, bobs, [t[:300] for t in turns if f"plays {played}" in t])
        # ... and was asked the same way when he held no counter he could play then
        assert players.bob_cannot >= 1 and players.asked_how[True] and players.asked_how[False]
        assert all(
            "a moment to react: play a Divine counter, or pass" in s for s in set.union(*players.asked_how.values())
        )
        assert players.secrets_checked >= 1  # Ann held counters Bob's page never named
        for ctx in (host_ctx, friend_ctx):
            ctx.guard.check()
        print(
            f"handshake {handshake:.1f} s, decisions {players.decisions}, moments {players.moments}, "
            f"Bob's moments in Ann's turn with nothing to play {players.bob_cannot}, Bob played {players.bob_played}, "
            f"Ann's counters checked {players.secrets_checked}, whole test {time.perf_counter() - started:.1f} s"
        )
    finally:
        browser.close()


def play_until_bobs_moment(players: Players) -> None:
    """Both play until Bob is asked at a moment to react in Ann's turn, holding a counter he could play."""
    while sum(players.decisions.values()) < MAX_DECISIONS:
        me = players.whose()
        assert me != "over", "the game ended before Bob's moment"
        if me == "Bob" and players.friend.evaluate(MOVER_JS) == "Ann":
            labels = seen_on_page(players.friend, "Bob").labels
            if "Pass" in labels and any(label.startswith("Play ") for label in labels):
                return
        players.play(me, divine_in_their_turn=False)
    raise AssertionError("no moment for Bob")


LOG_JS = "() => document.querySelector('#log').textContent"
LINES_JS = "() => [...document.querySelectorAll('#log li:not(:has(li))')].map((li) => li.textContent)"


def test_the_host_reloads_mid_game_reinvites_and_the_game_goes_on(playwright_driver, base_url):
    started = time.perf_counter()
    browser = launch(playwright_driver)
    try:
        host_ctx, friend_ctx, host, friend = two_pages(browser, phone_friend=True)
        host.goto(base_url)
        wait_ready(host)
        start_born_with_a_friend(host)
        first = invite(host)
        join(host, friend, first)
        players = Players(host, friend)
        play_until_bobs_moment(players)
        # Bob's moment to react, on a phone: asked there, the host waits.
        expect(friend.locator("#status")).to_contain_text("a moment to react")
        expect(host.locator("#status")).to_contain_text("Bob is deciding on another device")
        assert friend.evaluate("document.documentElement.scrollWidth") <= 390
        save_shot(friend, "remote-born-phone-friend-moment")
        save_shot(friend, "remote-born-phone-friend-moment-full", full_page=True)
        save_shot(host, "remote-born-phone-host-moment")
        log, labels = host.evaluate(LOG_JS), seen_on_page(friend, "Bob").labels
        assert friend.evaluate(LOG_JS) == log
        sheets = friend.inner_html("#board .bt-sheets")
        lines = host.evaluate(LINES_JS)

        reloaded = time.perf_counter()
        host.reload()  # the host's page reloads: the game opens from its save, Bob's seat waits for him
        wait_ready(host)
        host.wait_for_selector("#board .bt", timeout=20_000)
        expect(host.locator("#status")).to_contain_text("Bob is deciding on another device")
        assert host.evaluate(LOG_JS) == log
        reinvite = host.locator("#friends [data-cmd=friend-invite]")  # "Invite" once more: the same seat and token
        expect(reinvite).to_have_attribute("title", re.compile("the same seat, the same invite"))
        save_shot(host, "remote-born-host-reloaded")
        friend.wait_for_selector("#join-line .join-alert, #join-line:has-text('connection')", timeout=30_000)
        again = invite(host)
        assert again != first and again.split("#join=")[1].split(".")[0] == first.split("#join=")[1].split(".")[0]
        join(host, friend, again, fresh=False)  # the new link opened in his page's tab
        expect(host.locator("#friends-strip")).to_contain_text("thinking")
        print(f"host reload to Bob back at his moment: {time.perf_counter() - reloaded:.1f} s")

        # Where it stood, on both sides: Bob's moment, his choices, the log, the Crew Sheets.
        friend.wait_for_function(f"() => document.querySelector('#log').textContent === {log!r}", timeout=10_000)
        expect(friend.locator("#status")).to_contain_text("a moment to react")
        assert seen_on_page(friend, "Bob").labels == labels
        assert friend.inner_html("#board .bt-sheets") == sheets
        players.played_on = None
        played = players.play("Bob")  # he plays his counter now
        assert played.startswith("Play ")
        counter = re.match(r"Play (?:two )?(\w+)", played)[1]
        host.wait_for_function(
            "(c) => document.querySelector('#log').textContent.includes(' plays ' + c)", arg=counter, timeout=10_000
        )
        for _ in range(12):  # and the game goes on, each playing on his own page
            me = players.whose()
            assert me != "over"
            players.play(me)
        players.whose()
        assert friend.evaluate(LOG_JS) == host.evaluate(LOG_JS)
        assert not Counter(lines) - Counter(host.evaluate(LINES_JS))  # every line before the reload is still there
        for ctx in (host_ctx, friend_ctx):
            ctx.guard.check()
        print(f"decisions {players.decisions}, whole test {time.perf_counter() - started:.1f} s")
    finally:
        browser.close()


def serve_release(context: BrowserContext, version: str) -> None:
    """This context's pages read `version` as their release (dom.release_id reads sw.js's MANIFEST.version): a
    test-only stand-in for a page cached from another release."""
    body = f'const MANIFEST = {{"version": "{version}", "files": []}};\n'
    context.route(
        "**/sw.js", lambda route: route.fulfill(status=200, content_type="text/javascript", body=body)
    )  # routed before the guard (the last route added is asked first); 127.0.0.1 only


def test_a_friends_page_of_another_release_is_told_to_reload_and_nothing_is_played(playwright_driver, base_url):
    started = time.perf_counter()
    browser = launch(playwright_driver)
    try:
        host_ctx, friend_ctx, host, friend = two_pages(browser)
        serve_release(host_ctx, "a1b2c3d4e5f6")
        serve_release(friend_ctx, "0f9e8d7c6b5a")  # the friend's page: another release
        host.goto(base_url)
        wait_ready(host)
        start_born_with_a_friend(host)
        log, status = host.evaluate(LOG_JS), host.inner_text("#status")
        friend.goto(invite(host))
        wait_ready(friend)
        friend.wait_for_selector("#join-reply", timeout=20_000)
        host.fill("#friend-reply-1", friend.input_value("#join-reply"))
        host.click("#friends [data-cmd=friend-reply]")
        # The friend is told to reload, in words; no board, no choice reaches his page.
        expect(friend.locator(".join-problem")).to_have_text("Reload this page", timeout=20_000)
        expect(friend.locator(".join-message")).to_contain_text("run different versions of Titan Table")
        expect(friend.locator(".join-message")).to_contain_text("reload this page")
        expect(friend.locator("[data-cmd=join-reload]")).to_be_visible()
        assert friend.locator("#board .bt, #actions .btn-action").count() == 0
        save_shot(friend, "remote-born-other-release-friend")
        # Nothing was played: the host's game stands where it stood, the seat still waits for Bob.
        assert host.evaluate(LOG_JS) == log and host.inner_text("#status") == status
        expect(host.locator("#friends-strip")).not_to_contain_text("connected")
        expect(host.locator("#friends .friend-message")).to_contain_text("Bob's page runs another version")  # said
        host.locator("#friends").scroll_into_view_if_needed()
        save_shot(host, "remote-born-other-release-host")
        for ctx in (host_ctx, friend_ctx):
            ctx.guard.check()
        print(f"whole test {time.perf_counter() - started:.1f} s")
    finally:
        browser.close()
