"""The platform: start-up, its failure modes, offline play, the build, no outside requests."""

from __future__ import annotations

import sys

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import ROOT, wait_ready

sys.path.insert(0, str(ROOT / "scripts"))
from build import build
from serve import start_server

# Start-up (and precaching ~17 MB through the service worker): generous, for a busy 2-core machine.
LONG_WAIT_MS = 180_000


def test_startup_shows_loader_then_app(page, base_url, shot, axe):
    page.goto(base_url)
    loader = page.locator("#titan-loader")
    expect(loader).to_be_visible()
    # The steps advance while Python starts: catch the loader mid-way for a look.
    page.wait_for_selector("#titan-steps li.active", timeout=30_000)
    shot(page, "startup-loader")
    assert axe(page, {"include": [["#titan-loader"]]}) == []
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


def test_failed_download_shows_readable_error(context, base_url, shot, axe):
    context.guard.allow_errors()
    context.route("**/titan-py.zip", lambda route: route.fulfill(status=404, body="missing"))
    page = context.new_page()
    page.goto(base_url)
    page.wait_for_selector("html[data-ready='error']", state="attached", timeout=LONG_WAIT_MS)
    panel = page.locator("#titan-error")
    expect(panel).to_be_visible()
    expect(panel.locator("h1")).to_have_text("Titan Table could not start")
    text = page.inner_text("#titan-error-text")
    assert "titan-py.zip" in text and "404" in text, text
    expect(page.locator("#titan-loader")).to_be_hidden()
    expect(page.get_by_role("button", name="Reload")).to_be_visible()
    shot(page, "startup-error")
    assert axe(page) == []


def test_missing_package_shows_readable_error(context, base_url):
    context.guard.allow_errors()
    context.route("**/pydantic-*.whl", lambda route: route.fulfill(status=404, body="missing"))
    page = context.new_page()
    page.goto(base_url)
    page.wait_for_selector("html[data-ready='error']", state="attached", timeout=LONG_WAIT_MS)
    expect(page.locator("#titan-error")).to_be_visible()
    assert "pydantic" in page.inner_text("#titan-error-text")


def test_watchdog_reports_a_stuck_startup(context, base_url):
    context.guard.allow_errors()
    page = context.new_page()
    page.goto(base_url + "?startup-timeout=300")
    page.wait_for_selector("html[data-ready='error']", state="attached", timeout=10_000)
    assert "did not finish within" in page.inner_text("#titan-error-text")


@pytest.fixture(scope="module")
def built_url(tmp_path_factory, site_root):
    """The build (scripts/build.py) served under a sub-path, as a static host would."""
    tmp = tmp_path_factory.mktemp("served")
    build(tmp / "games" / "titan", site_root)
    httpd, url = start_server(tmp)
    yield url + "games/titan/"
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.parametrize("served", ["dev", "build"])
def test_offline_reload_after_first_visit(served, new_context, base_url, built_url):
    context = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(base_url if served == "dev" else built_url)
    wait_ready(page)
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=LONG_WAIT_MS)
    context.set_offline(True)
    served_by = []
    page.on("response", lambda r: served_by.append((r.url, r.from_service_worker)))
    page.reload()
    wait_ready(page)
    assert served_by and all(from_sw for _url, from_sw in served_by), [u for u, sw in served_by if not sw]
    assert page.inner_html("#app").strip()


def test_no_request_leaves_localhost(context, open_app):
    page = open_app(context.new_page())
    # The guard blocks and records anything else; prove it is watching.
    page.evaluate("fetch('https://example.com/').catch(() => null)")
    page.wait_for_timeout(200)
    assert context.guard.blocked == ["https://example.com/"]
    context.guard.blocked.clear()
    context.guard.console_errors.clear()


def test_build_works_under_a_sub_path(page, built_url):
    page.goto(built_url)
    wait_ready(page)
    assert page.evaluate("location.pathname") == "/games/titan/"


def test_new_version_replaces_the_cache(tmp_path, new_context, site_root):
    site = build(tmp_path / "site", site_root)
    httpd, url = start_server(tmp_path / "site")
    try:
        context = new_context(service_workers="allow")
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=LONG_WAIT_MS)
        first = page.evaluate("caches.keys()")
        assert len(first) == 1
        # Publish a "new version": a changed file, so a changed manifest in sw.js.
        sw = (site / "sw.js").read_text()
        (site / "pyscript.toml").write_text((site / "pyscript.toml").read_text() + "\n# v2\n")
        old_hash = sw.split('"pyscript.toml": "')[1].split('"')[0]
        old_version = sw.split('"version": "')[1].split('"')[0]
        (site / "sw.js").write_text(sw.replace(old_hash, "0" * 16).replace(old_version, "1" * 16))
        page.reload()
        wait_ready(page)
        expect(page.locator("#titan-update")).to_be_visible(timeout=LONG_WAIT_MS)
        # The old cache is deleted as the new worker activates.
        for _ in range(100):
            keys = page.evaluate("caches.keys()")
            if len(keys) == 1:
                break
            page.wait_for_timeout(100)
        assert keys == ["titan-" + "1" * 16]
        cached = page.evaluate(
            "caches.open('titan-' + '1'.repeat(16)).then(c => c.match('pyscript.toml')).then(r => r.text())"
        )
        assert cached.endswith("# v2\n")
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_installable_on_a_phone(new_context, open_app):
    context = new_context(phone=True, service_workers="allow")
    page = open_app(context.new_page())
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=LONG_WAIT_MS)
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest["errors"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Test contexts are incognito-like, which alone makes Chromium refuse to install.
    assert [e for e in errors if e["errorId"] != "in-incognito"] == []
