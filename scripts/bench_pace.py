"""How long a player waits for the computer seats between her turns, in the real page at the real pace.

    .venv/bin/python scripts/bench_pace.py [--game titan_dice] [--players 4] [--level 1] [--turns 25]

A game with one human seat (seat 1) and computer seats at --level is set up through the setup form, in
headless Chromium on 127.0.0.1 (every other request blocked), with the app's own pauses before each
computer decision (no ?ai-pause) and reduced motion off. The human plays a seeded random legal choice
each time she must decide; a wait is the time from her click to her next choice appearing, counted
when computer seats played in between (`window.titanAiDecisions`). Reported: median, p90 and max of
the waits, and the computer decisions per wait. Target: median under 4 s for 4-player Titan
Dice with three computer seats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_page import READY_MS, guard, loadavg
from serve import CHROMIUM, CHROMIUM_ARGS, start_server
from titan_site import ROOT

CHOICE = "#actions .btn-action"

WAIT_JS = """async ([selector, index]) => {
  const before = window.titanAiDecisions || 0;
  const started = performance.now();
  document.querySelectorAll(selector)[index].click();
  await new Promise((done) => {
    const check = () => {
      const thinking = document.querySelector('#status .status-thinking');
      const over = document.querySelector('#actions .result');
      if (over || (document.querySelector(selector) && !thinking)) done(); else setTimeout(check, 20);
    };
    setTimeout(check, 0);
  });
  return {ms: performance.now() - started, ai: (window.titanAiDecisions || 0) - before,
          over: !!document.querySelector('#actions .result')};
}"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="titan_dice")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--level", type=int, default=1, help="the computer seats' level (1 Easy, 2 Hard)")
    ap.add_argument("--turns", type=int, default=25, help="waits to measure")
    ap.add_argument("--seed", default="20261122")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    blocked: list[str] = []
    waits: list[float] = []
    decisions: list[int] = []
    httpd, base = start_server(ROOT)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            ctx = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
            ctx.route("**/*", guard(blocked))
            page = ctx.new_page()
            page.goto(base)
            page.wait_for_selector("html[data-ready='1']", state="attached", timeout=READY_MS)
            games = 0
            while len(waits) < args.turns:
                games += 1
                new_game(page, args, f"{args.seed}{games}")
                while len(waits) < args.turns:
                    page.wait_for_selector(f"{CHOICE}, #actions .result", timeout=120_000)
                    if page.locator("#actions .result").count():
                        break
                    count = page.locator(CHOICE).count()
                    sample = page.evaluate(WAIT_JS, [CHOICE, rng.randrange(count)])
                    if sample["ai"] > 0 and not sample["over"]:
                        waits.append(sample["ms"] / 1000)
                        decisions.append(sample["ai"])
            browser.close()
    finally:
        httpd.shutdown()
    waits.sort()
    p90 = waits[min(len(waits) - 1, int(0.9 * len(waits)))]
    print(
        f"{args.game}, {args.players} players, computer seats at level {args.level}: {len(waits)} waits in {games} "
        f"game(s); wait between the human's turns median {statistics.median(waits):.2f} s, p90 {p90:.2f} s, "
        f"max {waits[-1]:.2f} s; computer decisions per wait median {statistics.median(decisions)}; "
        f"load average {loadavg()}"
    )
    if blocked:
        print(f"WARNING: requests left 127.0.0.1: {blocked}")


def new_game(page, args, seed: str) -> None:
    """From wherever the page is: a game with seat 1 human and the rest computer seats at --level."""
    if page.locator("#gamebar [data-cmd=home]").count():
        page.click("#gamebar [data-cmd=home]")
    page.click("[data-cmd=new]")
    page.wait_for_selector("#setup-form")
    page.select_option("#setup-game", args.game)
    page.wait_for_selector(f"#setup-game option[value={args.game}]:checked", state="attached")
    page.select_option("#setup-count", str(args.players))
    page.wait_for_selector(f"#seat{args.players - 1}-name")
    for seat in range(args.players):
        page.select_option(f"#seat{seat}-kind", "human" if seat == 0 else "ai")
        page.wait_for_selector(f"#seat{seat}-name")
        if seat:
            page.select_option(f"#seat{seat}-level", str(args.level))
    page.fill("#setup-seed", seed)
    page.click("[data-cmd=start]")


if __name__ == "__main__":
    main()
