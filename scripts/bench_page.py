"""The page-driving pieces the browser benchmarks share: the real page served on 127.0.0.1 with every other
request blocked, opened ready for `window.titanBench`, a game set up through the form, a click timed from
inside the page, and the statistics their tables print.

Used by scripts/bench_browser.py, bench_watch.py, bench_titan.py, bench_titan_ai.py, bench_pace.py and
bench_saves.py; nothing here measures anything by itself.
"""

from __future__ import annotations

import os
import statistics
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Playwright is imported where a browser is launched: the scripts load without it
    from playwright.sync_api import Browser, Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve import CHROMIUM, CHROMIUM_ARGS, start_server

READY_MS = 120_000  # how long the page may take to start (Pyodide's first load on a busy machine)

CLICK_JS = """async ([selector, index]) => {
  const target = document.querySelectorAll(selector)[index];
  const root = document.getElementById('app');
  const label = target.textContent.trim().slice(0, 60);
  return await new Promise((resolve) => {
    let started = 0, clicked = 0;
    const timer = setTimeout(() => { observer.disconnect(); resolve(null); }, 10000);
    const observer = new MutationObserver(() => {
      observer.disconnect();
      const mutated = performance.now();
      requestAnimationFrame(() => {
        const frame = performance.now();
        let painted = 0;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { painted = performance.now(); };
        channel.port2.postMessage(0);
        requestAnimationFrame(() => {
          const frame2 = performance.now();
          // The autosave the handler started runs as a task after the paint (its revision check and write
          // are an IndexedDB transaction the page awaits): wait for it, so that titanLastSaveMs is its time and
          // the next click does not meet it.
          const finish = () => {
            if (window.titanSaving) { setTimeout(finish, 2); return; }
            clearTimeout(timer);
            resolve({handler: clicked - started, dom: mutated - started, frame: frame - started,
                     paint: painted - started, raf2: frame2 - started,
                     python: window.titanLastInputMs ?? null, save: window.titanLastSaveMs ?? null,
                     label: label});
          };
          painted ? finish() : setTimeout(finish, 0);
        });
      });
    });
    observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
    window.titanLastInputMs = null;  // set again only by a legal action's handler (not by "I am X")
    window.titanLastSaveMs = null;  // the autosave that handler starts (set when that save is done)
    started = performance.now();
    if (target.click) target.click(); else target.dispatchEvent(new MouseEvent('click', {bubbles: true}));  // SVG
    clicked = performance.now();
  });
}"""


def loadavg() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation between closest ranks."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    pos = (len(ordered) - 1) * q
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def guard(blocked: list[str]):
    def route(route):
        if route.request.url.startswith(("http://127.0.0.1:", "http://127.0.0.1/")):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort("blockedbyclient")

    return route


def open_page(
    browser: Browser, base: str, blocked: list[str], errors: list[str], ai_pause: int = 0, **options: Any
) -> Page:
    """A new context and page on the app, opened with `?bench` (and the computers' visible pause, ms), ready;
    blocked requests and the page's errors are added to the lists given."""
    options = {"viewport": {"width": 1280, "height": 800}, **options}
    ctx = browser.new_context(service_workers="block", **options)
    ctx.route("**/*", guard(blocked))
    ctx.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    ctx.on("weberror", lambda err: errors.append(str(err.error)))
    page = ctx.new_page()
    page.goto(f"{base}?bench&ai-pause={ai_pause}")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_MS)
    if page.get_attribute("html", "data-ready") != "1":
        sys.exit(f"the app did not start: {page.inner_text('body')[:2000]}")
    if not page.evaluate("typeof window.titanBench === 'object'"):
        sys.exit("window.titanBench is missing: app/main.py did not load app/bench.py for ?bench")
    return page


def thread_time(cdp) -> float:
    """CPU seconds of the renderer's main thread so far (DevTools Performance.getMetrics ThreadTime)."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return float(metrics.get("ThreadTime", float("nan")))


def timed_click(page: Page, cdp, selector: str, index: int) -> dict[str, Any] | None:
    """Click element `index` of `selector` from inside the page (CLICK_JS): the times of each stage, plus the
    main-thread CPU time of the whole round trip (click, handler, frames and bridge); None if nothing changed."""
    cpu0 = thread_time(cdp)
    sample = page.evaluate(CLICK_JS, [selector, index])
    if sample is not None:
        sample["cpu"] = (thread_time(cdp) - cpu0) * 1000
    return sample


def summary(values: list[float]) -> dict[str, float]:
    values = [float(v) for v in values]  # the page's clock may hand back whole numbers as ints
    return {
        "n": len(values),
        "median": round(statistics.median(values), 1),
        "p95": round(pct(values, 0.95), 1),
        "max": round(max(values), 1),
    }


ACTION_SELECTOR = "#actions .btn-action:not([disabled])"
REVEAL_SELECTOR = "#actions [data-cmd=reveal]"
PASS_SELECTOR = "#actions .btn-pass"  # "Pass without looking (X)" beside "I am X" at a moment to react


def new_game(page: Page, game_id: str, seed: str, players: int, level: int | None = None) -> None:
    """From the home screen: a game with every seat human (or, given `level`, a computer at that level) and
    default options (as the e2e tests set it up)."""
    if page.locator("#gamebar [data-cmd=home]").count():
        page.click("#gamebar [data-cmd=home]")
    page.click("[data-cmd=new]")
    page.wait_for_selector("#setup-form")
    page.select_option("#setup-game", game_id)
    page.wait_for_selector(f"#setup-game option[value={game_id}]:checked", state="attached")
    page.select_option("#setup-count", str(players))
    page.wait_for_selector(f"#seat{players - 1}-name")
    for seat in range(players):
        if level is None:
            page.select_option(f"#seat{seat}-kind", "human")
            page.wait_for_selector(f"#seat{seat}-name")
        else:
            page.select_option(f"#seat{seat}-kind", "ai")
            page.wait_for_selector(f"#seat{seat}-level")
            page.select_option(f"#seat{seat}-level", str(level))
    page.fill("#setup-seed", seed)
    page.click("[data-cmd=start]")
    if level is None:
        page.wait_for_selector(f"{ACTION_SELECTOR}, {REVEAL_SELECTOR}")
    else:  # computers play at once: the board is there
        page.wait_for_selector("#board *", state="attached")


@contextmanager
def served_chromium(root: Path) -> Iterator[tuple[Browser, str]]:
    """Serve `root` on 127.0.0.1 and launch headless Chromium; yield the browser and the page's base URL; stop
    both after."""
    from playwright.sync_api import sync_playwright

    httpd, base = start_server(root)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                yield browser, base
            finally:
                browser.close()
    finally:
        httpd.shutdown()
