"""Start-up benchmark: the app against a bare Pyodide + pydantic page, cold and warm.

    .venv/bin/python scripts/bench_startup.py [--runs 5] [--root DIR] [--choose GAME]

Builds the site into a temporary folder (as users get it, see scripts/build.py),
adds a bare page that loads the same PyScript, Pyodide and pydantic with the same
config (interpreter, packages, packages_cache) and writes one line of text, then
times, in headless Chromium, navigation start to:

- the app: `window.titanReady()`, i.e. the interactive home screen;
- the bare page: the text written after a pydantic model validated.

Cold: a fresh browser context (empty HTTP cache, no service worker).
Warm: a persistent profile, loaded once, then timed on the next load (the app is
then served by its service worker, the bare page by the HTTP cache).
Runs alternate app and bare so drift hits both alike; medians are printed.
Goal: app cold start <= 1.5x the bare page.

Every cold app load also reports which game packages start-up imported
(`window.titanGamesLoaded`: none, each game's package waits until it is chosen),
the size of the app's Python (titan-py.zip), and with --choose GAME the time of
choosing GAME on the new-game form after the home screen (the form's default
game imported first, untimed): from the change event to the form drawn again,
its package imported on the way, by the page's clock.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build import build
from serve import CHROMIUM, CHROMIUM_ARGS, start_server
from titan_site import ROOT

BARE_TOML = """interpreter = "./vendor/pyodide/pyodide.mjs"
packages = ["pydantic"]
packages_cache = "passthrough"
"""
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./vendor/pyscript/core.js"></script></head>
<body><p id="out">loading</p>
<script type="py" config="./bare.toml">
import js
from pydantic import BaseModel


class Greeting(BaseModel):
    text: str


js.document.getElementById("out").textContent = Greeting(text="Hello from Pyodide").text
js.window.benchReady = js.performance.now()
js.document.documentElement.dataset.ready = "1"
</script></body></html>
"""
PAGES = {
    # name: (path, JS expression giving ms from navigation start to ready)
    "bare": ("bare.html", "window.benchReady"),
    "app": ("", "window.titanStartup.ready"),
}


def load(page, url: str, expr: str) -> float:
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    if page.get_attribute("html", "data-ready") != "1":
        sys.exit(f"{url} failed to start: {page.inner_text('body')[:2000]}")
    return page.evaluate(expr) / 1000


CHOOSE_JS = """(game) => {
  const select = document.getElementById('setup-game');
  const started = performance.now();
  select.value = game;
  select.dispatchEvent(new Event('change', {bubbles: true}));  // the app's handler runs inside (synchronous)
  return {ms: performance.now() - started, loaded: window.titanGamesLoaded};
}"""


def choose_game(page, game_id: str) -> dict:
    """On the home screen just loaded: open the new-game form (its default game imported), then time choosing
    `game_id`; returns ms and the games loaded after."""
    page.click("[data-cmd=new]")
    page.wait_for_selector("#setup-game")
    before = page.evaluate("window.titanGamesLoaded")
    if game_id in before:
        sys.exit(f"{game_id} was imported before it was chosen: {before}")
    chosen = page.evaluate(CHOOSE_JS, game_id)
    page.wait_for_selector(f"#setup-game option[value={game_id}]:checked", state="attached")
    if game_id not in chosen["loaded"]:
        sys.exit(f"choosing {game_id} did not import it: {chosen['loaded']}")
    return chosen


def guard(route):
    if route.request.url.startswith("http://127.0.0.1"):
        route.continue_()
    else:
        route.abort()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--root", type=Path, default=ROOT, help="the working tree to build from")
    ap.add_argument("--choose", help="also time choosing this game on the new-game form after each cold start")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        site = build(Path(tmp) / "site", args.root)
        zipped = (site / "titan-py.zip").stat().st_size
        (site / "bare.toml").write_text(BARE_TOML)
        (site / "bare.html").write_text(BARE_HTML)
        httpd, base = start_server(site)
        times: dict[tuple[str, str], list[float]] = {}
        stages: list[dict] = []
        at_start: list[list[str]] = []  # the game packages imported when the home screen was ready
        chosen: list[float] = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for run in range(args.runs):
                for name, (path, expr) in PAGES.items():
                    ctx = browser.new_context()
                    ctx.route("**/*", guard)
                    page = ctx.new_page()
                    times.setdefault((name, "cold"), []).append(load(page, base + path, expr))
                    if name == "app":
                        stages.append(page.evaluate("window.titanStartup.stages"))
                        at_start.append(page.evaluate("window.titanGamesLoaded"))
                        if args.choose:
                            chosen.append(choose_game(page, args.choose)["ms"])
                    ctx.close()

                    profile = Path(tmp) / f"profile-{name}-{run}"
                    ctx = pw.chromium.launch_persistent_context(
                        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS
                    )
                    ctx.route("**/*", guard)
                    page = ctx.new_page()
                    load(page, base + path, expr)
                    if name == "app":  # let the service worker finish precaching, as after a real first visit
                        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=120_000)
                    page.close()
                    page = ctx.new_page()
                    times.setdefault((name, "warm"), []).append(load(page, base + path, expr))
                    ctx.close()
                print(
                    f"run {run + 1}/{args.runs}: " + ", ".join(f"{k[0]} {k[1]} {v[-1]:.2f} s" for k, v in times.items())
                )
            browser.close()
        httpd.shutdown()

    med = {k: statistics.median(v) for k, v in times.items()}
    loadavg = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nStart-up to interactive, median of {args.runs} runs (headless Chromium, 127.0.0.1;")
    print(f"{os.cpu_count()} cores, load average at the end {loadavg}):\n")
    print("| page | cold | warm |")
    print("| --- | --- | --- |")
    print(f"| bare Pyodide + pydantic page | {med['bare', 'cold']:.2f} s | {med['bare', 'warm']:.2f} s |")
    print(f"| Titan Table home screen | {med['app', 'cold']:.2f} s | {med['app', 'warm']:.2f} s |")
    cold_ratio, warm_ratio = med["app", "cold"] / med["bare", "cold"], med["app", "warm"] / med["bare", "warm"]
    print(f"| ratio app / bare | {cold_ratio:.2f}x | {warm_ratio:.2f}x |")
    keys = ["download", "python", "packages", "app"]
    print(
        "\nApp cold start, median ms at which each loading step began: "
        + ", ".join(f"{k} {statistics.median(s[k] for s in stages):.0f}" for k in keys if all(k in s for s in stages))
    )
    imported = sorted({game for games in at_start for game in games})
    names = ", ".join(imported) if imported else "none"
    print(f"\nGame packages imported at start-up: {names} ({len(at_start)} cold loads)")
    print(f"The app's Python (titan-py.zip): {zipped / 1024:.0f} KiB")
    if chosen:
        print(
            f"Choosing {args.choose} on the new-game form (its package imported, the form drawn again), "
            f"median of {len(chosen)}: {statistics.median(chosen):.0f} ms (max {max(chosen):.0f} ms)"
        )
    print(f"\nGoal app cold <= 1.5x bare: {'met' if cold_ratio <= 1.5 else 'MISSED'} ({cold_ratio:.2f}x)")


if __name__ == "__main__":
    main()
