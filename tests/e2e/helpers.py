"""What the browser tests share: games started through the set-up form, a click of a player of each game, what the
page shows read back, and the WebRTC offers the tests' Chromium makes."""

from __future__ import annotations

import random
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from engine.born_of_titans import board
from tests.e2e.born_policy import Seen
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, fill_seats

NODE_BY_NAME = {node.name: key for key, node in board.NODES.items()}


OBSERVE_JS = """(me) => {
  const buttons = [...document.querySelectorAll('#actions .btn-action')].map((b) => ({
    i: +b.dataset.action,
    label: b.querySelector('.btn-label > span').textContent,
    detail: (b.querySelector('.btn-detail') || {}).textContent || '',
  }));
  const targets = [...document.querySelectorAll('#board .bt-target[data-action]')].map((t) => ({
    i: +t.dataset.action, label: t.getAttribute('aria-label') }));
  const sheet = document.querySelector('#board .bt-sheet.is-me');
  const shields = sheet ? sheet.querySelector('.bt-shields').getAttribute('aria-label') : '';
  const token = [...document.querySelectorAll('#board .bt-at')].find((g) =>
    [...g.querySelectorAll('.bt-hero title')].some((t) => t.textContent.includes(' (' + me + ') at ')));
  const quest = [...document.querySelectorAll('#board [data-site] .bt-quest title')].find((t) =>
    t.textContent.includes("'s Quest (" + me + ")"));
  const encounters = [...document.querySelectorAll('#board [data-site]')].filter((g) =>
    [...g.querySelectorAll('title')].some((t) => /^(An Encounter|Encounter:)/.test(t.textContent)))
    .map((g) => g.dataset.site);
  return {
    buttons, targets, shields, encounters,
    hubris: !!(sheet && sheet.querySelector('.bt-hubris')),
    node: token ? token.dataset.at : null,
    quest: quest ? quest.closest('[data-site]').dataset.site : null,
  };
}"""


def new_born(
    page: Page,
    *,
    seed: str,
    players: int = 3,
    humans: tuple[int, ...] = (0,),
    names: dict[int, str] | None = None,
    moments: str | None = None,
) -> None:
    """From the home screen: choose Born of Titans on the setup form, fill it and start the game."""
    page.click("[data-cmd=new]")
    page.wait_for_selector("#setup-form")
    page.select_option("#setup-game", "born_of_titans")
    page.wait_for_selector("#f-opt_moments")
    assert "born_of_titans" in page.evaluate("window.titanGamesLoaded")  # imported once chosen
    expect(page.locator("label[for=f-opt_play_for_places]")).to_contain_text("Play on for places")
    assert page.locator("#f-opt_moments option").all_inner_texts() == [
        "After every roll, Moves too",
        "In Challenges and at the end of turns only",
    ]
    fill_seats(page, players, humans, names)
    if moments:
        page.select_option("#f-opt_moments", moments)
    page.fill("#setup-seed", seed)
    page.click("[data-cmd=start]")
    page.wait_for_selector("#board .bt, #board .handover")


def seen_on_page(page: Page, me: str) -> Seen:
    """What the policy needs, read from the page: the choices, her Crew Sheet, her Hero and her Quest on the map."""
    got = page.evaluate(OBSERVE_JS, me)
    size = 1 + max([b["i"] for b in got["buttons"]] + [t["i"] for t in got["targets"]], default=0)
    labels, details = [""] * size, [""] * size
    for target in got["targets"]:
        labels[target["i"]] = target["label"]
    for button in got["buttons"]:
        labels[button["i"]], details[button["i"]] = button["label"], button["detail"]
    targets = {}
    for index, label in enumerate(labels):
        if label.startswith("Move to "):
            name = re.sub(r" \(\d+ Courses?\)$", "", label[len("Move to ") :])
            targets[index] = NODE_BY_NAME[name]
    crew = re.search(r"Crew (\d+)", got["shields"])
    return Seen(
        labels,
        details,
        got["node"],
        got["quest"],
        int(crew[1]) if crew else 0,
        targets,
        got["hubris"],
        tuple(node for node in got["encounters"] if board.NODES[node].kind == "city"),
    )


IN_VIEW_JS = """(index) => {
  // the middle of the map's target for this choice is in the map's view (a Move's zoom leaves far ends off it)
  const ring = document.querySelector(`#board .bt-target[data-action='${index}'] .bt-target-ring`);
  const box = ring.getBoundingClientRect();
  const view = document.querySelector('#board .pz-viewport').getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;  // where a click or a tap lands
  return x > view.left && x < view.right && y > view.top && y < view.bottom;
}"""


def click_choice(page: Page, index: int) -> str:
    """Click a choice: on the map where it is lit there, else its button. Returns where it was clicked."""
    target = page.locator(f"#board .bt-target[data-action='{index}']")
    if target.count() and page.evaluate(IN_VIEW_JS, index):
        target.click()  # a crowded target is drawn small, never under its neighbour
        return "map"
    page.click(f"#actions .btn-action[data-action='{index}']")
    return "button"


NO_MDNS = "--disable-features=WebRtcHideLocalIpsWithMdns"


GATHERED = """(pc) => new Promise((done) => {
  if (pc.iceGatheringState === 'complete') return done();
  pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && done());
  setTimeout(done, 5000);
})"""


OFFER = f"""async () => {{
  const pc = new RTCPeerConnection({{iceServers: []}});
  const channel = pc.createDataChannel('titan', {{ordered: true}});
  window.rtc = {{pc, channel, got: []}};
  channel.onmessage = (event) => window.rtc.got.push(event.data);
  await pc.setLocalDescription(await pc.createOffer());
  await ({GATHERED})(pc);
  return pc.localDescription.sdp;
}}"""


XSS = "<img src=x onerror=alert(1)>"


def start_with_a_friend(page: Page) -> None:
    """A Titan Dice game started through the set-up form, seat 1 a friend named with markup (seed 5)."""
    page.click("[data-cmd=new]")
    page.wait_for_selector("#setup-form")
    page.select_option("#setup-game", "titan_dice")
    page.select_option("#seat1-kind", "friend")
    page.fill("#seat1-name", XSS)
    page.fill("#setup-seed", "5")
    page.click("[data-cmd=start]")
    page.wait_for_selector("#board .player-board")


FAST = "?ai-pause=20"


AVOID = ("Concede", "Propose", "Flee", "Accept", "eliminated if you end")


WAIT = (
    "#actions .btn-action, #actions .result, #actions [data-cmd=reveal], #board [data-select]:not(.tt-look), "
    "#board .tt-target, #board .tt-strike"
)


PICKS = "#board [data-select]:not(.tt-look)"  # legions and characters with choices (others only show)


FIRST_SPLIT = ("Angel", "Ogre", "Ogre", "Gargoyle")  # the Angel and three others leave the Titan's legion


def tap(locator) -> None:
    """Click an element on the map as a finger would: brought to the middle of the screen (not under the
    sticky bars), then clicked where it is drawn, so whatever covers it would take the click instead."""
    locator.evaluate("(el) => el.scrollIntoView({block: 'center', inline: 'center'})")
    locator.click()


def in_battle(page: Page) -> bool:
    """The board shows a battle."""
    return page.locator("#board .tt-battle").count() > 0


def step(page: Page, rng: random.Random) -> str:
    """One click of a player who fights her battles: what was clicked ('over' once the game has ended)."""
    page.wait_for_selector(WAIT, timeout=90_000)
    if page.locator("#actions .result").count():
        return "over"
    if page.locator("#dialog [data-cmd=confirm-choice]").is_visible():  # a choice that asks first
        page.click("#dialog [data-cmd=confirm-choice]")
        return "confirmed"
    reveal = page.locator("#actions [data-cmd=reveal]")
    if reveal.count():
        reveal.click()
        return "reveal"
    strikes = page.locator("#board .tt-strike")
    if strikes.count():
        tap(strikes.nth(rng.randrange(strikes.count())))
        return "strike"
    targets = page.locator("#board .tt-target")
    if targets.count():
        tap(targets.nth(rng.randrange(targets.count())))
        return "battle-target" if in_battle(page) else "target"
    split = page.locator("#tt-panel .tt-split button.btn-primary")
    if split.count():
        split.click()
        return "split"
    if page.locator("#tt-panel .tt-split").count():
        for name in FIRST_SPLIT:
            counter = page.locator(f"#tt-panel .tt-split .tt-counter-btn[aria-label$=': move the {name}']").first
            if counter.count():
                counter.click()
                page.wait_for_timeout(30)
        if not page.locator("#tt-panel .tt-split button.btn-primary").count():
            page.locator("#actions .btn-action", has_text="Done splitting").click()
            return "done-split"
        return "counters"
    musters = page.locator("#tt-panel .tt-muster:visible")  # on a phone the sheet holds them instead
    if musters.count():
        musters.first.click()
        return "muster"
    buttons = page.locator("#actions .btn-action")
    texts = buttons.all_inner_texts()
    fight = [i for i, text in enumerate(texts) if text.startswith("Fight")]
    if fight:
        buttons.nth(fight[0]).click()
        return "fight"
    selectable = page.locator(PICKS)
    good = [i for i, text in enumerate(texts) if not any(word in text for word in AVOID)]
    if selectable.count() and (rng.random() < 0.85 or not good):
        tap(selectable.nth(rng.randrange(selectable.count())))
        return "select"
    if good:
        buttons.nth(rng.choice(good)).click()
        return "button"
    buttons.first.click()
    return "first"


def new_race(
    page: Page,
    *,
    seed: str = "20261122",
    players: int = 2,
    humans: tuple[int, ...] = (0,),
    names: dict[int, str] | None = None,
    variant: str = "standard",
    circuit: str = "kaldheira",
) -> None:
    """From the home screen: fill the setup form and start a Titan Race game."""
    page.click("[data-cmd=new]")
    page.wait_for_selector("#setup-form")
    page.select_option("#setup-game", "titan_race")
    page.wait_for_selector("#f-opt_variant")
    fill_seats(page, players, humans, names)
    page.select_option("#f-opt_variant", variant)
    page.select_option("#f-opt_circuit", circuit)
    page.fill("#setup-seed", seed)
    page.click("[data-cmd=start]")
    page.wait_for_selector("#board .tr, #board .handover")


def click_race_choice(page: Page) -> str:
    """One decision through the board where possible: a die, a start or move end space; else End / first button."""
    reveal = page.locator("#actions [data-cmd=reveal]")
    if reveal.count():
        reveal.click()
        return "reveal"
    for selector in ("#board .tr-die-btn", "#board .tr-target-choose_start", "#board .tr-target-move"):
        target = page.locator(selector)
        if target.count():
            target.first.click()
            return selector
    buttons = page.locator("#actions .btn-action")
    texts = buttons.all_inner_texts()
    for index, text in enumerate(texts):
        if "End your turn" in text:
            buttons.nth(index).click()
            return "end"
    buttons.first.click()
    return "first"


def launch(playwright_driver: Any) -> Browser:
    """A Chromium whose WebRTC offers carry plain local addresses (docs/remote-play.md, two contexts)."""
    return playwright_driver.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_MDNS])
