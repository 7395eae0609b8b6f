"""Browser test harness: the page served on 127.0.0.1, headless Debian Chromium, nothing else.

Fixtures and helpers for tests under tests/e2e (all marked `e2e`):

- `base_url`: where the site is served (the working tree through scripts/serve.py,
  or the folder named by TITAN_E2E_ROOT, e.g. a built dist/).
- `context` / `phone_context`: a fresh browser context (desktop 1280x800, or a
  390x844 touch phone), service workers blocked; `new_context(phone=False,
  **playwright_options)` makes more, e.g. `new_context(service_workers="allow")`.
  Every request is routed: 127.0.0.1 goes through, anything else is aborted and
  recorded. At teardown the test fails if any outside request
  was attempted, or if the page logged a console error or threw (`pageerror`).
  A test that provokes errors on purpose calls `context.guard.allow_errors()`.
- `page` / `phone_page`: a page in that context.
- `open_app(page, path="")`: load the app and wait until it called
  `window.titanReady()` (html[data-ready="1"]); fails with the error panel's text.
- `axe(page)`: run axe-core (vendored from node_modules) in the page; returns violations.
- `shot(page, name)`: save a screenshot to screenshots/NAME.png (git-ignored).
  (`axe` and `shot` are fixtures returning the functions run_axe and save_shot.)
"""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from serve import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402

CHROMIUM = os.environ.get("TITAN_CHROMIUM", CHROMIUM)
# Service workers are blocked unless a test asks for them (new_context(service_workers="allow")):
# otherwise every test's page would precache the whole site in the background once ready.
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "service_workers": "block"}
PHONE = {
    **DESKTOP,
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
READY_TIMEOUT_MS = 120_000
SCREENSHOTS = ROOT / "screenshots"
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LOCAL = ("http://127.0.0.1:", "http://127.0.0.1/")


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.e2e)


class Guard:
    """What a context did that a test must not allow: outside requests, console errors, page errors."""

    def __init__(self) -> None:
        self.blocked: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.errors_allowed = False

    def allow_errors(self) -> None:
        """For a test that makes the page fail on purpose: console and page errors are expected."""
        self.errors_allowed = True

    def route(self, route) -> None:
        url = route.request.url
        if url.startswith(LOCAL):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort("blockedbyclient")

    def check(self) -> None:
        problems = []
        if self.blocked:
            problems.append(f"requests left 127.0.0.1: {self.blocked}")
        if not self.errors_allowed and self.console_errors:
            problems.append(f"console errors: {self.console_errors}")
        if not self.errors_allowed and self.page_errors:
            problems.append(f"page errors: {self.page_errors}")
        assert not problems, "; ".join(problems)


def guarded_context(browser, **options) -> BrowserContext:
    ctx = browser.new_context(**options)
    guard = Guard()
    ctx.guard = guard
    ctx.route("**/*", guard.route)
    ctx.on("console", lambda msg: msg.type == "error" and guard.console_errors.append(msg.text))
    ctx.on("weberror", lambda err: guard.page_errors.append(str(err.error)))
    return ctx


@pytest.fixture(scope="session")
def site_root() -> Path:
    root = Path(os.environ.get("TITAN_E2E_ROOT", ROOT)).resolve()
    if not (root / "vendor" / "pyodide" / "pyodide-lock.json").exists():
        pytest.exit(f"{root}/vendor is missing: run scripts/setup.sh (scripts/test.sh does)", returncode=2)
    return root


@pytest.fixture(scope="session")
def base_url(site_root):
    httpd, url = start_server(site_root)
    yield url
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def playwright_driver():
    """The one Playwright of this process: a second `sync_playwright()` inside it fails (its loop is running), so a
    test that needs a browser launched with other switches launches it from this."""
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_driver):
    b = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture
def new_context(browser):
    """Make more guarded contexts in one test: new_context(phone=False, **playwright_options)."""
    made = []

    def make(phone: bool = False, **options) -> BrowserContext:
        ctx = guarded_context(browser, **{**(PHONE if phone else DESKTOP), **options})
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()
    for ctx in made:
        ctx.guard.check()


@pytest.fixture
def context(new_context) -> BrowserContext:
    return new_context()


@pytest.fixture
def phone_context(new_context) -> BrowserContext:
    return new_context(phone=True)


@pytest.fixture
def page(context) -> Page:
    return context.new_page()


@pytest.fixture
def phone_page(phone_context) -> Page:
    return phone_context.new_page()


@pytest.fixture
def open_app(base_url):
    """open_app(page, path="", ready=True): load the app; with ready=True wait until it is interactive."""

    def open_(page: Page, path: str = "", ready: bool = True) -> Page:
        page.goto(base_url + path)
        if ready:
            try:
                wait_ready(page)
            except PlaywrightError as error:
                # Chromium's renderer crashed while Pyodide started (seen once in a full CI run, in a second
                # tab): try once more in a new tab of the same context, so a crash that repeats still fails.
                if "crashed" not in str(error):
                    raise
                warnings.warn(f"the page crashed while starting; opened again: {str(error)[:200]}", stacklevel=2)
                page = page.context.new_page()
                page.goto(base_url + path)
                wait_ready(page)
        return page

    return open_


def fill_seats(page: Page, players: int, humans: tuple[int, ...], names: dict[int, str] | None) -> None:
    """On the setup form: the player count, which seats are human (the rest AI) and their names."""
    page.select_option("#setup-count", str(players))
    page.wait_for_selector(f"#seat{players - 1}-name")
    for seat in range(players):
        page.select_option(f"#seat{seat}-kind", "human" if seat in humans else "ai")
        page.wait_for_selector(f"#seat{seat}-name")
    for seat, name in (names or {}).items():
        page.fill(f"#seat{seat}-name", name)


def save_string(page: Page) -> str:
    """The current game's save string, from the share dialog."""
    page.click("#gamebar [data-cmd=share]")
    text = page.input_value("#share-save")
    page.click("[data-cmd=close-dialog]")
    return text


def wait_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait for window.titanReady() (html[data-ready="1"]); a start-up failure fails with its message."""
    page.wait_for_selector("html[data-ready]", state="attached", timeout=timeout_ms)
    state = page.get_attribute("html", "data-ready")
    if state != "1":
        pytest.fail(f"the app did not start: {page.inner_text('#titan-error-text')}")


def wait_for_human(page: Page, timeout_ms: int = 90_000) -> bool:
    """Wait until a human must choose or be called to the device (True) or the game is over (False)."""
    page.wait_for_selector("#actions .btn-action, #actions .result, #actions [data-cmd=reveal]", timeout=timeout_ms)
    return page.locator("#actions .result").count() == 0


def run_axe(page: Page, options: dict | None = None) -> list[dict]:
    """Run axe-core in the page (injected from node_modules, no network); returns the violations."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE_JS.read_text())
    result = page.evaluate("(opts) => window.axe.run(document, opts || {})", options)
    return result["violations"]


def save_shot(page: Page, name: str, full_page: bool = False) -> Path:
    """Save a screenshot to screenshots/NAME.png (git-ignored) and return its path."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def failure_shots(pages: dict[str, Page]) -> None:
    """On a test's failure, save a screenshot of each page it can still take: a page that crashed (the cause, or a
    consequence) is noted and skipped, so the first error is the one reported."""
    for name, page in pages.items():
        try:
            save_shot(page, name)
        except Exception as exc:
            print(f"no screenshot of {name}: {exc}".splitlines()[0])


@pytest.fixture
def axe():
    return run_axe


@pytest.fixture
def shot():
    return save_shot


SMALL_TARGETS_JS = """(minimum) => {
  const found = [];
  for (const el of document.querySelectorAll('button, summary, select, input:not([type=hidden]), a[href]')) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.matches('a') && el.closest('p, li')) continue;  // a link inside a sentence (WCAG 2.5.5 exempts it)
    if (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) {
      const label = el.closest('label').getBoundingClientRect();
      if (label.height >= minimum) continue;  // the whole label is the target
    }
    if (box.width < minimum - 0.5 || box.height < minimum - 0.5) {
      const name = (el.innerText || el.getAttribute('aria-label') || el.id || '').trim().slice(0, 30);
      found.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return found;
}"""


def small_targets(page: Page, minimum: int = 44) -> list[str]:
    """The visible controls (buttons, folding headings, fields, links outside sentences) smaller than
    `minimum` CSS pixels either way: tap targets a finger misses."""
    return page.evaluate(SMALL_TARGETS_JS, minimum)
