"""Remote play in the browser: the handshake, a friend's move from his click to his paint through the
host, and the long tasks of the host's and the friends' pages, per game.

    .venv/bin/python scripts/bench_remote.py [--games titan_dice,titan_race,titan,born_of_titans] [--clicks 40]
                                              [--seed 3] [--gap 250] [--friends 2|1]

One headless Chromium on 127.0.0.1 (every other request blocked, service workers off), three contexts: the host's
page is the real app (`?bench`), where a 2-player game is set up through the form with **both seats friends on
other devices**; each friend's page (a context of its own, cold: no cache) opens the invite link the host's Friends
panel shows, and the host pastes its reply code, as players do (copy and paste). So every task on the host's page
while they play is the friends' play: the host applies their moves, makes their records, draws its own table and
saves the game. Then the friend whose decision it is clicks one of his choices at random (`#actions [data-action]`,
a confirm dialog confirmed), `--clicks` times per game, waiting `--gap` ms after each paint (a player's pace).

What is measured is read inside the pages (an init script, the same in each): a click listener on the document
(capture), `RTCDataChannel.send` and the channel's `message` listeners wrapped (the time a message arrives, and
when its handler, the page's Python, returns), the paint after a handler (`requestAnimationFrame`, then a task:
the frame has been drawn), and a `PerformanceObserver` of `longtask` entries. Times are
`performance.timeOrigin + performance.now()`, so the three pages' clocks compare (one machine). Per move:

  click -> act sent (the friend's handler) -> host gets it -> record sent to him (the host's checks, `game.apply`,
  `seat_record` for each friend before him, JSON) -> he gets it -> handled (parse, join, draw) -> painted;
  and the host's whole handler (the other friend's record, the host's table drawn, its save started).

The handshake per friend: Invite pressed -> the link shown (offer, ICE gathering complete) -> the friend's page
started from the link (a cold load of the app) -> its reply code shown (answer, gathering) -> the host's Connect
pressed (by this script, at once) -> the channel open on the host -> welcome on the friend's page -> his first
record painted. The machine's load (shared by other work) is printed: it stretches every time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("titan_dice", "titan_race", "titan", "born_of_titans")
NO_MDNS = "--disable-features=WebRtcHideLocalIpsWithMdns"  # as tests/e2e/test_remote_handshake.py
ACTIONS = "#actions [data-action]:not([disabled])"
BOARD_ACTIONS = "#board [data-action]"
BOARD_PICKS = "#board [data-select]"

INSTRUMENT = """(() => {
  const T = () => performance.timeOrigin + performance.now();
  const B = window.__rb = {longtasks: [], recv: [], sent: [], opens: [], clicks: [], paints: []};
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longtasks.push([performance.timeOrigin + e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: true});
  } catch (e) {}
  document.addEventListener('click', (ev) => {
    const el = ev.target && ev.target.closest ? ev.target.closest('[data-action],[data-cmd]') : null;
    B.clicks.push([T(), el ? (el.getAttribute('data-action') ?? el.getAttribute('data-cmd')) : '']);
  }, true);
  let ids = 0;
  const idOf = (ch) => (ch.__rbId ??= ++ids);
  const head = (data) => String(data).slice(0, 120);
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    B.sent.push([T(), idOf(this), head(data), String(data).length]);
    return send.call(this, data);
  };
  const wrappers = new WeakMap();
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, fn, opts) {
    if (type === 'open') add.call(this, 'open', () => B.opens.push(T()));
    if (type !== 'message' || typeof fn !== 'function') return add.call(this, type, fn, opts);
    const channel = this;
    const wrapped = function (ev) {
      const t0 = T();
      try { return fn(ev); } finally {
        const t1 = T();
        const drew = window.titanGuestDrawMs ?? null;
        const entry = [t0, t1, idOf(channel), head(ev.data), String(ev.data).length, null, drew];
        window.titanGuestDrawMs = null;  // (app/join.py: the record drawn, then written to the page, ms)
        B.recv.push(entry);
        requestAnimationFrame(() => setTimeout(() => { entry[5] = T(); }, 0));
      }
    };
    wrappers.set(fn, wrapped);
    return add.call(this, type, wrapped, opts);
  };
  RTCDataChannel.prototype.removeEventListener = function (type, fn, opts) {
    return remove.call(this, type, wrappers.get(fn) || fn, opts);
  };
})();"""


def kind(head: str) -> str:
    """A message's type from its first characters (a long message's first part has its head too)."""
    found = re.search(r'"t":\s*"(\w+)"', head)
    return found.group(1) if found else ("part" if head.startswith("~") else "?")


def last_part(head: str) -> bool:
    found = re.match(r"~(\d+)/(\d+):", head)
    return found is None or int(found.group(1)) + 1 == int(found.group(2))


def book(page) -> dict[str, Any]:
    return page.evaluate("window.__rb")


def percentiles(values: list[float]) -> str:
    from bench_page import pct

    if not values:
        return "n=0"
    return f"n={len(values)} p50={statistics.median(values):.0f} p95={pct(values, 0.95):.0f} max={max(values):.0f} ms"


def new_context(browser, blocked: list[str], errors: list[str], motion: str = "no-preference"):
    from bench_page import guard

    ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800}, reduced_motion=motion)
    ctx.route("**/*", guard(blocked))
    ctx.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    ctx.on("weberror", lambda err: errors.append(str(err.error)))
    ctx.add_init_script(INSTRUMENT)
    return ctx


def ready(page) -> None:
    from bench_page import READY_MS

    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_MS)
    if page.get_attribute("html", "data-ready") != "1":
        sys.exit(f"the app did not start: {page.inner_text('body')[:2000]}")


def set_up(host, game_id: str, seed: int, friends: int = 2) -> None:
    """A 2-player game through the form: both seats friends on other devices, or (`friends` 1) seat 0 a human at
    the host's table and seat 1 a friend."""
    if host.locator("#gamebar [data-cmd=home]").count():
        host.click("#gamebar [data-cmd=home]")
    host.click("[data-cmd=new]")
    host.wait_for_selector("#setup-form")
    host.select_option("#setup-game", game_id)
    host.wait_for_selector(f"#setup-game option[value={game_id}]:checked", state="attached")
    host.select_option("#setup-count", "2")
    host.wait_for_selector("#seat1-name")
    for seat in range(2):
        host.select_option(f"#seat{seat}-kind", "friend" if seat >= 2 - friends else "human")
    host.fill("#setup-seed", str(seed))
    host.click("[data-cmd=start]")
    host.wait_for_selector("#friends [data-cmd=friend-invite][data-id='1']", timeout=30_000)


def handshake(host, friend, seat: int) -> dict[str, float]:
    """Invite, open, reply, connect, welcome, first paint: the friend's page seated (epoch ms of each step)."""
    marks: dict[str, float] = {}
    clicks = len(book(host)["clicks"])
    host.click(f"#friends [data-cmd=friend-invite][data-id='{seat}']")
    marks["invite"] = book(host)["clicks"][clicks][0]
    host.wait_for_selector(f"#friend-link-{seat}", timeout=30_000)
    link = host.input_value(f"#friend-link-{seat}")
    marks["link"] = time.time() * 1000
    marks["open"] = time.time() * 1000
    friend.goto(link)
    ready(friend)
    marks["loaded"] = time.time() * 1000
    friend.wait_for_function(
        "() => { const el = document.querySelector('#join-reply'); return el && el.value; }", timeout=60_000
    )
    reply = friend.input_value("#join-reply")
    marks["reply"] = time.time() * 1000
    host.fill(f"#friend-reply-{seat}", reply)
    clicks = len(book(host)["clicks"])
    host.click(f"#friends [data-cmd=friend-reply][data-id='{seat}']")
    marks["connect"] = book(host)["clicks"][clicks][0]
    friend.wait_for_function(
        '() => window.__rb.recv.some((r) => r[3].includes(\'"t":"record"\') && r[5] !== null)', timeout=60_000
    )
    marks["open_channel"] = book(host)["opens"][-1]
    got = book(friend)["recv"]
    marks["welcome"] = next(r[1] for r in got if kind(r[3]) == "welcome")
    record = next(r for r in got if kind(r[3]) == "record" or r[3].startswith("~"))
    last = next(r for r in got if r[0] >= record[0] and last_part(r[3]))
    marks["painted"] = last[5]
    return marks


STEPS = [
    ("offer + ICE gathering (Invite pressed to link shown)", "invite", "link"),
    ("friend's page loading from the link (cold)", "open", "loaded"),
    ("friend's reply code (answer + gathering)", "loaded", "reply"),
    ("Connect pressed to the channel open (host)", "connect", "open_channel"),
    ("channel open to welcome handled (friend)", "open_channel", "welcome"),
    ("welcome to the first record painted", "welcome", "painted"),
    ("whole: Invite pressed to first record painted", "invite", "painted"),
    ("the same, less this script's paste delay", "invite", "painted"),
]


def asked(host) -> int | None:
    """The friend's seat whose decision it is, as the host's strip says ("thinking"), or None."""
    chip = host.locator("#friends-strip .friend-thinking .seat-chip")
    if not chip.count():
        return None
    found = re.search(r"seat-bg-(\d+)", chip.first.get_attribute("class") or "")
    return int(found.group(1)) if found else None


def one_click(friend, chooser: random.Random, timeout_ms: int = 20_000) -> bool:
    """The friend clicks one of his choices (a confirm dialog confirmed), picking on the board first where his
    choices are drawn there (Titan's legions); waits for the answering record's paint. False if nothing could be
    clicked."""
    for _ in range(8):
        choices = friend.locator(ACTIONS)
        if not choices.count():
            choices = friend.locator(BOARD_ACTIONS)
        if choices.count():
            break
        picks = friend.locator(BOARD_PICKS)
        if not picks.count():
            return False
        picks.nth(chooser.randrange(picks.count())).click(timeout=timeout_ms)  # drawn here, nothing sent
        friend.wait_for_timeout(150)
    count = choices.count()
    if not count:
        return False
    sent = len([s for s in book(friend)["sent"] if kind(s[2]) == "act"])
    pos = friend.evaluate("window.titanGuestPos")
    choices.nth(chooser.randrange(count)).click(timeout=timeout_ms)
    friend.wait_for_function(
        """([n, pos]) => window.__rb.sent.filter((s) => s[2].includes('"t":"act"')).length > n
             || document.querySelector('[data-cmd=confirm-choice]') || window.titanGuestPos !== pos""",
        arg=[sent, pos],
        timeout=timeout_ms,
    )
    if friend.locator("[data-cmd=confirm-choice]").count():
        friend.click("[data-cmd=confirm-choice]")
    friend.wait_for_function(
        """(pos) => window.titanGuestPos !== pos && window.__rb.recv.length
             && window.__rb.recv[window.__rb.recv.length - 1][5] !== null""",
        arg=pos,
        timeout=timeout_ms,
    )
    return True


def host_click(host, chooser: random.Random, timeout_ms: int = 20_000) -> bool:
    """The human at the host's table (`--friends 1`) clicks one of his choices, as `one_click` does for a friend;
    waits until the friend's page is sent the position. False if nothing could be clicked."""
    if host.locator("#actions [data-cmd=reveal]").count():
        host.click("#actions [data-cmd=reveal]")
    for _ in range(8):
        choices = host.locator(ACTIONS)
        if not choices.count():
            choices = host.locator(BOARD_ACTIONS)
        if choices.count():
            break
        picks = host.locator(BOARD_PICKS)
        if not picks.count():
            return False
        picks.nth(chooser.randrange(picks.count())).click(timeout=timeout_ms)
        host.wait_for_timeout(150)
    count = choices.count()
    if not count:
        return False
    pos = host.evaluate("window.titanHostPos")
    choices.nth(chooser.randrange(count)).click(timeout=timeout_ms)
    host.wait_for_function(
        "(pos) => window.titanHostPos !== pos || document.querySelector('[data-cmd=confirm-choice]')",
        arg=pos,
        timeout=timeout_ms,
    )
    if host.locator("[data-cmd=confirm-choice]").count():
        host.click("[data-cmd=confirm-choice]")
        host.wait_for_function("(pos) => window.titanHostPos !== pos", arg=pos, timeout=timeout_ms)
    return True


def moves_of(friend_book: dict[str, Any], host_book: dict[str, Any]) -> list[dict[str, float]]:
    """Each act the friend sent, followed through the host to his paint (ms)."""
    result = []
    acts = [s for s in friend_book["sent"] if kind(s[2]) == "act"]
    for act in acts:
        sent = act[0]
        click = max((c[0] for c in friend_book["clicks"] if c[0] <= sent), default=None)
        got = next((r for r in host_book["recv"] if r[0] >= sent - 2 and kind(r[3]) == "act"), None)
        if click is None or got is None:
            continue
        channel = got[2]
        out = next(
            (s for s in host_book["sent"] if s[1] == channel and s[0] >= got[0] and kind(s[2]) == "record"), None
        )
        first = next((r for r in friend_book["recv"] if r[0] >= sent and kind(r[3]) in ("record", "part")), None)
        if out is None or first is None:
            continue
        last = next((r for r in friend_book["recv"] if r[0] >= first[0] and last_part(r[3])), None)
        if last is None or last[5] is None:
            continue
        result.append({
            "total": last[5] - click,
            "friend_click": sent - click,
            "to_host": got[0] - sent,
            "host_to_record": out[0] - got[0],
            "to_friend": first[0] - out[0],
            "friend_handle": last[1] - first[0],
            "friend_read": last[1] - first[0] - sum(last[6] or [0, 0]),
            "friend_draw": (last[6] or [0, 0])[0],
            "friend_write": (last[6] or [0, 0])[1],
            "paint": last[5] - last[1],
            "host_handler": got[1] - got[0],
            "bytes": sum(r[4] for r in friend_book["recv"] if first[0] <= r[0] <= last[0]),
        })  # fmt: skip
    return result


METRICS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")


def metrics(cdp) -> dict[str, float]:
    """The main thread's busy seconds so far, by kind (DevTools Performance.getMetrics)."""
    values = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {key: float(values.get(key, 0.0)) for key in METRICS}


def long_tasks(entries: list[list[float]], start: float, end: float) -> tuple[int, float, float]:
    inside = [d for t, d in entries if start <= t <= end]
    return len(inside), max(inside, default=0.0), sum(inside)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--clicks", type=int, default=40, help="the friends' clicks per game")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--gap", type=int, default=250, help="ms after each paint before the next click")
    parser.add_argument("--json", help="write every sample to this file")
    parser.add_argument(
        "--friends",
        type=int,
        choices=(1, 2),
        default=2,
        help="2: both seats friends (three pages); 1: seat 0 a human at the host's table (this script clicks his "
        "choices there), seat 1 a friend: two pages on two cores, closer to two devices",
    )
    parser.add_argument(
        "--reduced-motion",
        action="store_true",
        help="the pages as a player who asked for reduced motion sees them (no spinner, no pulsing badge, no dice "
        "tumbling: assets/app.css): what the animations cost the main threads",
    )
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "scripts"))
    from bench_page import loadavg  # (Playwright is imported here, not at the module's import)
    from playwright.sync_api import sync_playwright
    from serve import CHROMIUM, CHROMIUM_ARGS, start_server

    print(f"load average before: {loadavg()} ({os.cpu_count()} cores); reduced motion: {args.reduced_motion}; "
          f"friends: {args.friends}")  # fmt: skip
    httpd, base = start_server(ROOT)
    blocked: list[str] = []
    errors: list[str] = []
    shakes: list[dict[str, float]] = []
    results: dict[str, Any] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_MDNS])
            try:
                for game_id in args.games.split(","):
                    motion = "reduce" if args.reduced_motion else "no-preference"
                    host_ctx = new_context(browser, blocked, errors, motion)
                    host = host_ctx.new_page()
                    host.goto(f"{base}?bench&ai-pause=0")
                    ready(host)
                    set_up(host, game_id, args.seed, args.friends)
                    friend_ctxs = [new_context(browser, blocked, errors, motion) for _ in range(args.friends)]
                    friends = [ctx.new_page() for ctx in friend_ctxs]
                    first = 2 - args.friends  # the first friend's seat
                    for index, friend in enumerate(friends):
                        seat = first + index
                        marks = handshake(host, friend, seat)
                        marks["game"] = game_id  # type: ignore[assignment]
                        shakes.append(marks)
                        print(f"{game_id} seat {seat}: handshake {marks['painted'] - marks['invite']:.0f} ms "
                              f"(load {loadavg()})", flush=True)  # fmt: skip
                    chooser = random.Random(args.seed)
                    cdps = [page.context.new_cdp_session(page) for page in (host, *friends)]
                    for cdp in cdps:
                        cdp.send("Performance.enable")
                    before = [metrics(cdp) for cdp in cdps]
                    start = time.time() * 1000
                    clicks = 0
                    idle = 0
                    while clicks < args.clicks and idle < 50:
                        seat = asked(host)
                        if seat is None:
                            if "over" in (host.inner_text("#status") or "").lower():
                                break
                            if first and host_click(host, chooser):  # the host's own seat (picks on the map too)
                                idle = 0
                                continue
                            idle += 1
                            time.sleep(0.1)
                            continue
                        idle = 0
                        if one_click(friends[seat - first], chooser):
                            clicks += 1
                            time.sleep(args.gap / 1000)
                        else:
                            idle += 1
                    end = time.time() * 1000
                    spent = [
                        {key: (after[key] - was[key]) * 1000 for key in METRICS}
                        for was, after in zip(before, [metrics(cdp) for cdp in cdps], strict=True)
                    ]
                    host_book = book(host)
                    books = [book(f) for f in friends]
                    samples = [m for b in books for m in moves_of(b, host_book)]
                    results[game_id] = {
                        "clicks": clicks,
                        "samples": samples,
                        "host_long": long_tasks(host_book["longtasks"], start, end),
                        "friend_long": [long_tasks(b["longtasks"], start, end) for b in books],
                        "seconds": (end - start) / 1000,
                        "spent": spent,
                        "load": loadavg(),
                    }
                    print(f"{game_id}: {clicks} clicks in {(end - start) / 1000:.0f} s, load {loadavg()}", flush=True)
                    for ctx in (host_ctx, *friend_ctxs):
                        ctx.close()
            finally:
                browser.close()
    finally:
        httpd.shutdown()

    print(f"\nload average after: {loadavg()}")
    print("\nHandshake (median over the friends seated, ms):")
    for seat_marks in shakes:
        seat_marks["paste_delay"] = seat_marks["connect"] - seat_marks["reply"]
    for label, a, b in STEPS:
        values = [m[b] - m[a] for m in shakes]
        if label.startswith("the same"):
            values = [m[b] - m[a] - m["paste_delay"] - (m["open"] - m["link"]) for m in shakes]
        print(f"  {label}: median {statistics.median(values):.0f} (min {min(values):.0f}, max {max(values):.0f})")
    print("\nA friend's click to his paint through the host, per game (ms):")
    for game_id, result in results.items():
        samples = result["samples"]
        print(f"  {game_id} ({result['clicks']} clicks, {len(samples)} followed, load {result['load']}):")
        for part in ("total", "friend_click", "to_host", "host_to_record", "to_friend", "friend_handle",
                     "friend_read", "friend_draw", "friend_write", "paint", "host_handler", "bytes"):  # fmt: skip
            print(f"    {part}: {percentiles([s[part] for s in samples])}")
        count, longest, total = result["host_long"]
        print(f"    host long tasks: {count}, longest {longest:.0f} ms, {total:.0f} ms in {result['seconds']:.0f} s")
        for seat, (count, longest, total) in enumerate(result["friend_long"]):
            print(f"    friend {seat} long tasks: {count}, longest {longest:.0f} ms, {total:.0f} ms")
        for name, spent in zip(("host", "friend 0", "friend 1")[: len(result["spent"])], result["spent"], strict=True):
            per = max(1, result["clicks"])
            print(f"    {name} main thread per click: " + ", ".join(f"{k} {v / per:.0f}" for k, v in spent.items()))
    everything = [s["total"] for r in results.values() for s in r["samples"]]
    print(f"\nall games: {percentiles(everything)}")
    print(f"blocked requests: {len(blocked)}; page errors: {len(errors)}")
    for error in errors[:5]:
        print("   ", error[:300])
    if args.json:
        Path(args.json).write_text(json.dumps({"handshakes": shakes, "results": results}, indent=1))


if __name__ == "__main__":
    main()
