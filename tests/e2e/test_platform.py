"""The platform: start-up, its failure modes, offline play, the build, no outside requests."""

from __future__ import annotations

import sys

from playwright.sync_api import expect

from tests.e2e.conftest import ROOT, wait_ready

sys.path.insert(0, str(ROOT / "scripts"))
from build import build
from serve import start_server


def test_startup_shows_loader_then_app(page, base_url, shot):
    page.goto(base_url)
    loader = page.locator("#titan-loader")
    expect(loader).to_be_visible()
    # The steps advance while Python starts: catch the loader mid-way for a look.
    page.wait_for_selector("#titan-steps li.active", timeout=30_000)
    shot(page, "startup-loader")
    wait_ready(page)
    expect(loader).to_be_hidden()
    expect(page.locator("#titan-error")).to_be_hidden()
    assert page.inner_html("#app").strip(), "the app rendered nothing into #app"
    assert page.get_attribute("#app", "aria-busy") is None
    startup = page.evaluate("window.titanStartup")
    stages = startup["stages"]
    assert list(stages) == ["download", "python", "packages", "app"]
    assert stages["download"] <= stages["python"] <= stages["packages"] <= stages["app"] <= startup["ready"]
    shot(page, "startup-ready")


def test_phone_startup(phone_page, open_app, shot):
    open_app(phone_page)
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px wide)"
    shot(phone_page, "startup-phone")


def test_failed_download_shows_readable_error(context, base_url, shot):
    context.guard.allow_errors()
    context.route("**/titan-py.zip", lambda route: route.fulfill(status=404, body="missing"))
    page = context.new_page()
    page.goto(base_url)
    page.wait_for_selector("html[data-ready='error']", state="attached", timeout=60_000)
    panel = page.locator("#titan-error")
    expect(panel).to_be_visible()
    expect(panel.locator("h1")).to_have_text("Titan Table could not start")
    text = page.inner_text("#titan-error-text")
    assert "titan-py.zip" in text and "404" in text, text
    expect(page.locator("#titan-loader")).to_be_hidden()
    expect(page.get_by_role("button", name="Reload")).to_be_visible()
    shot(page, "startup-error")


def test_missing_package_shows_readable_error(context, base_url):
    context.guard.allow_errors()
    context.route("**/pydantic-*.whl", lambda route: route.fulfill(status=404, body="missing"))
    page = context.new_page()
    page.goto(base_url)
    page.wait_for_selector("html[data-ready='error']", state="attached", timeout=60_000)
    expect(page.locator("#titan-error")).to_be_visible()
    assert "pydantic" in page.inner_text("#titan-error-text")


def test_watchdog_reports_a_stuck_startup(context, base_url):
    context.guard.allow_errors()
    page = context.new_page()
    page.goto(base_url + "?startup-timeout=300")
    page.wait_for_selector("html[data-ready='error']", state="attached", timeout=10_000)
    assert "did not finish within" in page.inner_text("#titan-error-text")


def test_offline_reload_after_first_visit(context, open_app):
    page = open_app(context.new_page())
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=60_000)
    context.set_offline(True)
    served = []
    page.on("response", lambda r: served.append((r.url, r.from_service_worker)))
    page.reload()
    wait_ready(page)
    assert served and all(from_sw for _url, from_sw in served), [u for u, sw in served if not sw]
    assert page.inner_html("#app").strip()


def test_no_request_leaves_localhost(context, open_app):
    page = open_app(context.new_page())
    # The guard blocks and records anything else; prove it is watching.
    page.evaluate("fetch('https://example.com/').catch(() => null)")
    page.wait_for_timeout(200)
    assert context.guard.blocked == ["https://example.com/"]
    context.guard.blocked.clear()
    context.guard.console_errors.clear()


def test_build_works_under_a_sub_path(tmp_path, new_context, site_root):
    build(tmp_path / "games" / "titan", site_root)
    httpd, url = start_server(tmp_path)
    try:
        page = new_context().new_page()
        page.goto(url + "games/titan/")
        wait_ready(page)
        assert page.evaluate("location.pathname") == "/games/titan/"
    finally:
        httpd.shutdown()
        httpd.server_close()
