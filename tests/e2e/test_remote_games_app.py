"""Whole games across devices: contexts of one headless Chromium on 127.0.0.1, every other request
blocked, connected as players connect. The host sets up a game with seats "A friend on another device", presses
Invite, copies the invite link (the page's Copy button, read back from the clipboard), the friend's context opens
it, copies its reply code the same way, and the host pastes it and presses Connect. Then every device plays only
its own seat's decisions, on its own page, to the end of the game.

- Titan Dice: the host (Ann, at the host's device) and one friend (Bob): both pages show the same result, and the
  friend's page shows choices only when the host's page says he is the one deciding.
- Titan Race: the host (Ann) and two friends, one of them on a 390x844 touch phone (Cid): the Shield question,
  asked of a Titan's player in another's move, reaches that player's device and no other; all three show the
  result; the phone has no sideways scroll and its choices are reachable.

The policy is simple and the same on every device, seeded so that a game is short and always the same: where the
turn can be ended, end it half the time (a coin of the device's own seeded generator); otherwise the first choice that
does not end the turn. Each test prints its durations.
"""

from __future__ import annotations

import random
import time
import warnings
from dataclasses import dataclass, field

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    guarded_context,
    save_shot,
    small_targets,
    wait_ready,
)
from tests.e2e.helpers import launch

FAST = "?ai-pause=40"
CLIPBOARD = ["clipboard-read", "clipboard-write"]
MAX_DECISIONS = 600
DICE_SEED = "13"  # with the policy below: a whole game of 47 decisions
RACE_SEED = "14"  # on Estenggaard: 69 decisions, Shield questions for all three
# What a device's page shows now, in one call: its choices (texts, whether each ends the turn), whether the game is
# over, its status line, and a fingerprint to tell a fresh decision from the one just answered there (a friend's
# page publishes the position id of the record it drew, window.titanGuestPos; the host's page is told by its
# status, its log and its choices).
SCREEN = """() => {
  const buttons = [...document.querySelectorAll('#actions .btn-action')];
  const status = document.querySelector('#status')?.innerText || '';
  return {
    texts: buttons.map((button) => button.innerText),
    ends: buttons.map((button) => button.classList.contains('ends-turn')),
    over: document.querySelector('#actions .result') !== null,
    status,
    turn: document.querySelector('#log .log-turn summary')?.innerText || '',
    strip: document.querySelector('#friends-strip')?.innerText || '',
    fingerprint: [window.titanGuestPos || '', status, document.querySelectorAll('#log li').length,
      document.querySelector('#actions')?.innerHTML || ''].join('|'),
  };
}"""


@dataclass
class Device:
    """One player's device: his context, his page, his seat, and what he has done on it."""

    name: str
    seat: int
    page: Page
    context: BrowserContext
    friend: bool
    touch: bool = False
    answered: str = ""  # the fingerprint of the screen last answered here
    decisions: int = 0
    asked_texts: list[list[str]] = field(default_factory=list)
    shields: list[str] = field(default_factory=list)  # the turn (its log heading) of each Shield question asked
    coin: random.Random = field(default_factory=lambda: random.Random(0))


def open_page(browser, base_url: str, *, phone: bool = False) -> tuple[BrowserContext, Page]:
    context = guarded_context(browser, **(PHONE if phone else DESKTOP))
    context.grant_permissions(CLIPBOARD, origin=base_url.rstrip("/"))
    return context, context.new_page()


def copied(page: Page, selector: str) -> str:
    """Press a Copy button and read what it put on the clipboard (as a player's paste would have it)."""
    page.evaluate("navigator.clipboard.writeText('')")
    page.click(selector)
    page.wait_for_function("async () => (await navigator.clipboard.readText()) !== ''", timeout=5_000)
    return page.evaluate("navigator.clipboard.readText()")


def set_up(host: Page, game: str, seed: str, seats: list[tuple[str, str]], options: dict[str, str]) -> None:
    """The host's set-up form: the game, each seat's kind ('human' at this device, 'friend') and name."""
    host.click("[data-cmd=new]")
    host.wait_for_selector("#setup-form")
    host.select_option("#setup-game", game)
    host.select_option("#setup-count", str(len(seats)))
    host.wait_for_selector(f"#seat{len(seats) - 1}-name")
    for seat, (kind, name) in enumerate(seats):
        host.select_option(f"#seat{seat}-kind", kind)
        host.wait_for_selector(f"#seat{seat}-name")
        host.fill(f"#seat{seat}-name", name)
    for select, value in options.items():
        host.select_option(select, value)
    host.fill("#setup-seed", seed)
    host.click("[data-cmd=start]")
    host.wait_for_selector("#friends [data-cmd=friend-invite]")


def make_invite(host: Page, seat: int, base_url: str) -> str:
    """Invite, then Copy: the link as the clipboard has it."""
    host.click(f"#friends [data-cmd=friend-invite][data-id='{seat}']")
    host.wait_for_selector(f"#friend-link-{seat}", timeout=20_000)
    link = copied(host, f"#friends [data-cmd=friend-copy][data-id='{seat}']")
    assert link == host.input_value(f"#friend-link-{seat}")
    assert link.startswith(base_url) and "#join=" in link
    return link


def ready(page: Page, url: str) -> Page:
    """The page going to `url`, once the app in it is ready. A renderer that crashed while Pyodide started (seen on
    this loaded machine) is opened once more in a new tab of the same context, as conftest's `open_app` does."""
    try:
        wait_ready(page)
    except PlaywrightError as error:
        if "crashed" not in str(error):
            raise
        warnings.warn(f"the page crashed while starting; opened again: {str(error)[:200]}", stacklevel=2)
        page = page.context.new_page()
        page.goto(url)
        wait_ready(page)
    return page


def reply_code(friend: Page) -> str:
    """The friend's page, opened at the link: its reply code, copied."""
    friend.wait_for_selector("#join-reply", timeout=30_000)
    reply = copied(friend, "[data-cmd=join-copy]")
    assert reply == friend.input_value("#join-reply")
    return reply


def connect(host: Page, friend: Page, seat: int, name: str, reply: str) -> None:
    """The reply code pasted in the seat's field, Connect: the strip says he is there, his page draws the table."""
    host.fill(f"#friend-reply-{seat}", reply)
    host.click(f"#friends [data-cmd=friend-reply][data-id='{seat}']")
    host.wait_for_function(
        "(name) => [...document.querySelectorAll('#friends-strip .friend-chip')].some((chip) =>"
        " chip.innerText.includes(name) && /connected|thinking/.test(chip.innerText))",
        arg=name,
        timeout=20_000,
    )
    friend.wait_for_selector("#board", timeout=20_000)


def choose(device: Device, ends: list[bool]) -> int:
    """The policy: where the turn can be ended, end it on heads; else the first choice that does not end it (the
    first choice if all do). Clicked, or tapped on the phone. Returns the index of the choice."""
    enders = [index for index, flag in enumerate(ends) if flag]
    others = [index for index, flag in enumerate(ends) if not flag]
    index = enders[0] if enders and (device.coin.random() < 0.5 or not others) else others[0]
    target = device.page.locator("#actions .btn-action").nth(index)
    if device.touch:
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box  # reachable on the phone
        target.tap()
    else:
        target.click()
    return index


def phone_checks(page: Page) -> None:
    """The friend's phone while he is asked: no sideways scroll, every control a finger's size; a screenshot."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert small_targets(page) == []
    save_shot(page, "remote-race-phone-asked")
    save_shot(page, "remote-race-phone-asked-full", full_page=True)


def play_to_the_end(devices: list[Device], timeout_s: float) -> None:
    """Each device answers its own page's fresh decisions until every page shows the result. Before a friend
    answers, the host's page must say that friend is deciding (so his page shows his own seat's choices, not
    another's) and show no choices at all."""
    host = devices[0].page
    end = time.monotonic() + timeout_s
    total = 0
    while True:
        screens = [device.page.evaluate(SCREEN) for device in devices]
        if all(screen["over"] for screen in screens):
            return
        assert time.monotonic() < end, f"the game did not end in {timeout_s} s ({total} decisions)"
        assert total < MAX_DECISIONS
        acted = False
        fresh = [
            d.name
            for d, screen in zip(devices, screens, strict=True)
            if screen["texts"] and screen["fingerprint"] != d.answered
        ]
        assert len(fresh) <= 1, f"asked on more than one device at once: {fresh}"
        for device, screen in zip(devices, screens, strict=True):
            if not screen["texts"] or screen["fingerprint"] == device.answered:
                continue  # not asked, or its answer is on its way to the host
            if device.friend:
                now = host.evaluate(SCREEN)
                assert f"{device.name} is deciding on another device" in now["status"], (device.name, now, screen)
                assert now["texts"] == [], now
                assert f"{device.name}: thinking" in now["strip"], now  # the host's strip says who is thinking
            device.asked_texts.append(screen["texts"])
            if any("Take the hit" in text for text in screen["texts"]):
                assert "would lose a Life Point" in screen["status"], screen  # the Shield question, on his device
                device.shields.append(screen["turn"])
            if device.touch and device.decisions == 4:
                phone_checks(device.page)
            device.answered = screen["fingerprint"]
            choose(device, screen["ends"])
            device.decisions += 1
            total += 1
            acted = True
        if not acted:
            host.wait_for_timeout(15)


def result_of(page: Page) -> str:
    return page.locator("#actions .result .result-list").inner_text()


def friends_all_connected(host: Page, names: list[str]) -> None:
    """The host's strip and Friends panel at the end: every friend connected, no step of joining left behind."""
    strip, panel = host.inner_text("#friends-strip"), host.inner_text("#friends")
    assert all(f"{name}: connected" in strip for name in names), strip
    assert "Connecting" not in panel and "failed" not in panel, panel


def test_titan_dice_between_two_devices(playwright_driver, base_url):
    browser = launch(playwright_driver)
    try:
        started = time.perf_counter()
        host_ctx, host = open_page(browser, base_url)
        friend_ctx, friend = open_page(browser, base_url)
        host.goto(base_url + FAST, wait_until="commit")
        host = ready(host, base_url + FAST)
        set_up(host, "titan_dice", DICE_SEED, [("human", "Ann"), ("friend", "Bob")], {})
        handshake = time.perf_counter()
        link = make_invite(host, 1, base_url)
        friend.goto(link, wait_until="commit")
        friend = ready(friend, link)
        connect(host, friend, 1, "Bob", reply_code(friend))
        handshake = time.perf_counter() - handshake
        save_shot(friend, "remote-dice-friend-joined")
        devices = [
            Device("Ann", 0, host, host_ctx, False, coin=random.Random(0)),
            Device("Bob", 1, friend, friend_ctx, True, coin=random.Random(1)),
        ]
        playing = time.perf_counter()
        play_to_the_end(devices, timeout_s=180)
        played = time.perf_counter() - playing
        assert result_of(host) == result_of(friend)
        assert "wins" in host.inner_text("#status") and "wins" in friend.inner_text("#status")
        assert all(device.decisions > 0 for device in devices)
        friends_all_connected(host, ["Bob"])
        save_shot(host, "remote-dice-host-over", full_page=True)
        save_shot(friend, "remote-dice-friend-over", full_page=True)
        print(
            f"\nTitan Dice across two devices: handshake {handshake:.1f} s, game {played:.1f} s "
            f"(Ann {devices[0].decisions}, Bob {devices[1].decisions} decisions), "
            f"whole test {time.perf_counter() - started:.1f} s"
        )
        for ctx in (host_ctx, friend_ctx):
            ctx.guard.check()
    finally:
        browser.close()


def test_titan_race_between_three_devices_one_a_phone(playwright_driver, base_url):
    browser = launch(playwright_driver)
    try:
        started = time.perf_counter()
        host_ctx, host = open_page(browser, base_url)
        bob_ctx, bob = open_page(browser, base_url)
        cid_ctx, cid = open_page(browser, base_url, phone=True)
        host.goto(base_url + FAST, wait_until="commit")
        host = ready(host, base_url + FAST)
        seats = [("human", "Ann"), ("friend", "Bob"), ("friend", "Cid")]
        options = {"#f-opt_variant": "standard", "#f-opt_circuit": "estenggaard"}
        set_up(host, "titan_race", RACE_SEED, seats, options)
        handshake = time.perf_counter()  # the host sends both links; both friends open them at once
        links = [make_invite(host, 1, base_url), make_invite(host, 2, base_url)]
        bob.goto(links[0], wait_until="commit")
        cid.goto(links[1], wait_until="commit")
        bob, cid = ready(bob, links[0]), ready(cid, links[1])
        replies = [reply_code(bob), reply_code(cid)]
        connect(host, bob, 1, "Bob", replies[0])
        connect(host, cid, 2, "Cid", replies[1])
        handshake = time.perf_counter() - handshake
        devices = [
            Device("Ann", 0, host, host_ctx, False, coin=random.Random(0)),
            Device("Bob", 1, bob, bob_ctx, True, coin=random.Random(1)),
            Device("Cid", 2, cid, cid_ctx, True, touch=True, coin=random.Random(2)),
        ]
        playing = time.perf_counter()
        play_to_the_end(devices, timeout_s=180)
        played = time.perf_counter() - playing
        results = [result_of(device.page) for device in devices]
        assert results[0] == results[1] == results[2]
        friends_all_connected(host, ["Bob", "Cid"])
        shields = {device.name: device.shields for device in devices}
        # The Shield question came, to the right device (checked as it came), in another player's move too.
        assert any(turn and not turn.endswith(f"({d.name})") for d in devices for turn in d.shields), shields
        save_shot(cid, "remote-race-phone-over")
        save_shot(host, "remote-race-host-over", full_page=True)
        assert cid.evaluate("document.documentElement.scrollWidth") <= 390
        print(
            f"\nTitan Race across three devices: both friends invited and connected in {handshake:.1f} s, game "
            f"{played:.1f} s ({', '.join(f'{d.name} {d.decisions}' for d in devices)} decisions; Shield questions "
            f"{shields}), whole test {time.perf_counter() - started:.1f} s"
        )
        for ctx in (host_ctx, bob_ctx, cid_ctx):
            ctx.guard.check()
    finally:
        browser.close()
