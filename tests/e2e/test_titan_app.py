"""The app in the browser: Titan against the computer, played by clicks as a player would (split by moving
counters, pick a legion then its land, pick a character then its hex or its target) through a battle;
the game reloaded mid-battle opens on the same battleland; a phone-sized screen; a two-human game passes
the device.

Uses the platform's harness (tests/e2e/conftest.py): served on 127.0.0.1, other requests blocked, console
errors fail the test. Computer seats pause 20 ms (`?ai-pause=20`).
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import fill_seats, save_string, small_targets, wait_ready
from tests.e2e.helpers import FAST, FIRST_SPLIT, PICKS, WAIT, in_battle, step, tap

pytestmark = pytest.mark.e2e


def new_titan(page: Page, *, seed: str, players: int = 2, humans: tuple[int, ...] = (0,)) -> None:
    page.click("[data-cmd=new][data-game=titan]")
    page.wait_for_selector("#setup-form")
    fill_seats(page, players, humans, None)
    page.fill("#setup-seed", seed)
    page.click("[data-cmd=start]")
    page.wait_for_selector("#board .tt, #board .handover", timeout=30_000)


ON_TOP_JS = """(el) => {
  el.scrollIntoView({block: 'center', inline: 'center'});
  const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return hit !== null && el.contains(hit);
}"""


def uncovered(page: Page, selector: str):
    """The first element matching `selector` that a tap at its middle would reach, zooming the map in (its own
    + button) while every one is covered by a neighbour."""
    for _ in range(4):
        found = page.locator(selector)
        for i in range(found.count()):
            if found.nth(i).evaluate(ON_TOP_JS):
                return found.nth(i)
        page.click("[data-pz=in]")
    raise AssertionError(f"every {selector} is covered, even zoomed in")


def play_through_a_battle(page: Page, rng: random.Random, shot, size: str) -> dict[str, Any]:
    """Play one game by clicks; mid-battle, with the human to act, reload the page once. What was clicked,
    and whether the reload and the end of that battle happened."""
    seen: dict[str, Any] = {"reloaded": False, "battle_over": False}
    for _ in range(2500):
        lit = page.locator("#board .tt-target, #board .tt-strike").count()
        human_to_act = page.locator("#actions .btn-action").count() and page.locator(PICKS).count()
        if in_battle(page) and not seen["reloaded"] and not lit and human_to_act:
            shot(page, f"titan-{size}-battle")
            status = page.inner_text("#status")
            saved = save_string(page)
            page.reload()  # the tab reopens the game it had open
            wait_ready(page)
            page.wait_for_selector("#board .tt-battle")
            expect(page.locator("#status")).to_have_text(status)
            assert save_string(page) == saved
            seen["reloaded"] = True
        clicked = step(page, rng)
        seen[clicked] = seen.get(clicked, 0) + 1
        if seen["reloaded"] and not in_battle(page) and page.locator("#board .tt-map").count():
            seen["battle_over"] = True
        if clicked == "over":
            break
    return seen


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_against_the_computer_through_a_battle_by_clicks_reloaded_mid_battle_and_finished(
    size, new_context, open_app, shot
):
    """The game is played to its end, at 1280x800 and at 390x844 (touch); if the human never had to act in a
    battle (the computer may win first), another seed is played."""
    page = open_app(new_context(phone=size == "phone").new_page(), FAST)
    for seed in ("11", "12", "13", "14"):
        if page.locator("#gamebar [data-cmd=home]").count():
            page.click("#gamebar [data-cmd=home]")
        new_titan(page, seed=seed)
        expect(page.locator("#board .tt-map")).to_be_visible()
        seen = play_through_a_battle(page, random.Random(int(seed)), shot, size)
        if seen["reloaded"]:
            break
    assert seen["reloaded"] and seen["battle_over"], str(seen)
    assert seen.get("battle-target", 0) + seen.get("strike", 0) >= 2, seen  # the human moved and struck by clicks
    assert seen.get("target", 0) >= 1 and seen.get("split", 0) >= 1, seen
    # and on to the end of the game
    expect(page.locator("#actions .result")).to_contain_text("wins")
    assert "the last Titan standing" in page.inner_text("#log")
    log = page.inner_text("#log")
    assert "Battle in" in log or "Round" in log


def test_a_phone_plays_the_first_turn_by_taps(phone_page, open_app, shot):
    page = phone_page
    rng = random.Random(2)
    open_app(page, FAST)
    new_titan(page, seed="7")
    expect(page.locator("#board .tt-map")).to_be_visible()
    shot(page, "titan-phone-start", full_page=True)
    assert small_targets(page) == []
    moved = False
    clicks = []
    for _ in range(60):
        clicked = step(page, rng)
        clicks.append(clicked)
        if clicked == "counters":
            shot(page, "titan-phone-split", full_page=True)
            assert small_targets(page) == []
        if clicked == "target":
            moved = True
            break
    assert moved, " ".join(clicks)
    shot(page, "titan-phone-moved", full_page=True)
    assert small_targets(page) == []
    # a tap on a legion without a choice shows what is known of it (on a phone two neighbours' markers may
    # overlap, as they do on the board: a player taps the one on top, or zooms in with the map's buttons)
    tap(uncovered(page, "#board .tt-look"))
    expect(page.locator("#tt-panel .tt-legion-panel")).to_be_visible()
    # the map zooms in and back with its buttons
    page.click("[data-pz=in]")
    page.click("[data-pz=reset]")
    box = page.locator("#board .pz-frame").bounding_box()
    assert box is not None and box["width"] <= 390


def test_two_humans_pass_the_device(page, open_app):
    open_app(page, FAST)
    new_titan(page, seed="3", humans=(0, 1))
    expect(page.locator("#board .handover")).to_contain_text("Pass the device to")
    page.click("#actions [data-cmd=reveal]")
    expect(page.locator("#board .tt-map")).to_be_visible()


def _finished_save() -> tuple[str, str]:
    """A 2-player game played to its end by the Standard bots (Ann's seat is human, so it opens as hers)."""
    from engine.core import Seat, save
    from engine.core.bots import make_bot
    from engine.registry import GAMES

    game = GAMES["titan"]
    state = game.new_game(2, None, 5, [Seat(name="Ann"), Seat(name="Bob", kind="ai", level=1)])
    bots = [make_bot(game, 1, seat) for seat in range(2)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = game.apply(state, bots[seat].choose(state, seat))
    winner = game.view(state, None)["winner"]
    return save.dumps(state), state.seats[winner].name


def test_a_finished_game_opens_on_its_end_screen_with_every_legion_shown_and_replays(page, open_app, shot):
    text, winner = _finished_save()
    open_app(page, FAST)
    page.click("[data-cmd=import]")
    page.fill("#import-text", text)
    page.click("[data-cmd=import-submit]")
    expect(page.locator("#actions .result")).to_contain_text(f"{winner} wins")
    expect(page.locator("#log")).to_contain_text(f"{winner} wins the game: the last Titan standing.")
    assert page.locator("#board .tt-map").count() == 1
    shot(page, "titan-finished")
    page.click("#actions [data-cmd=replay], #gamebar [data-cmd=replay]")
    page.wait_for_selector("#board .tt")
    page.keyboard.press("Home")
    expect(page.locator("#board .tt-map")).to_be_visible()


def _battle_save() -> str:
    """A 2-player game between two humans, played by the Standard bots up to the start of a battle."""
    from engine.core import Seat, save
    from engine.core.bots import make_bot
    from engine.registry import GAMES

    game = GAMES["titan"]
    state = game.new_game(2, None, 7001, [Seat(name="Ann"), Seat(name="Bob")])
    bots = [make_bot(game, 1, seat) for seat in range(2)]
    while state.battle is None:  # type: ignore[attr-defined]
        seat = state.current_player
        assert seat is not None
        state = game.apply(state, bots[seat].choose(state, seat))
    return save.dumps(state)


def test_axe_finds_nothing_serious_on_the_masterboard_the_split_and_the_battleland(page, open_app, axe):
    """Among others, every control's name starts with the words it shows (WCAG 2.5.3): 'Bk01 8: ...'."""
    open_app(page, FAST)
    new_titan(page, seed="7")

    def serious() -> list:
        return [v["id"] for v in axe(page) if v.get("impact") in ("serious", "critical")]

    assert serious() == []
    page.locator(PICKS).first.click()  # the split panel
    page.wait_for_selector("#tt-panel .tt-split")
    assert serious() == []
    page.click("#gamebar [data-cmd=home]")
    page.click("[data-cmd=import]")
    page.fill("#import-text", _battle_save())
    page.click("[data-cmd=import-submit]")
    page.click("#actions [data-cmd=reveal]")
    page.wait_for_selector("#board .tt-battle")
    assert serious() == []


# -- the layout as a player sees it: at 1280x800 the map and what the decision needs are in view without
# scrolling; at 390x844 the choices sheet hides none of it, legion markers are 44 px and take a tap without zoom


@functools.lru_cache(maxsize=1)
def _positions() -> dict[str, str]:
    """Save strings of positions where Ann (human, against the Standard computer) must decide: the first split,
    a later move, a muster, a battle with characters still to come on, an engagement."""
    from engine.core import Seat, save
    from engine.core.bots import make_bot
    from engine.registry import GAMES

    game = GAMES["titan"]
    found: dict[str, str] = {}
    for seed in range(1, 60):
        state = game.new_game(2, None, seed, [Seat(name="Ann"), Seat(name="Bob", kind="ai", level=1)])
        bots = [make_bot(game, 1, seat) for seat in range(2)]
        found.setdefault("split", save.dumps(state))
        for _ in range(3000):
            if state.is_over or len(found) == 5:
                break
            seat = state.current_player
            assert seat is not None
            phase = state.phase.value  # type: ignore[attr-defined]
            kinds = {a.kind for a in game.legal_actions(state)}
            if seat == 0 and phase == "move" and state.turn_number >= 2:  # type: ignore[attr-defined]
                found.setdefault("move", save.dumps(state))
            if seat == 0 and phase == "muster" and "muster" in kinds:
                found.setdefault("muster", save.dumps(state))
            if seat == 0 and phase == "engagement":
                found.setdefault("engagement", save.dumps(state))
            battle = state.battle  # type: ignore[attr-defined]
            if seat == 0 and battle is not None and phase == "maneuver" and "battle" not in found:
                units = game.view(state, 0)["battle"]["units"]
                if any(u["hex"] is None and u["side"] == battle.active for u in units):
                    found["battle"] = save.dumps(state)
            state = game.apply(state, bots[seat].choose(state, seat))
        if len(found) == 5:
            break
    assert len(found) == 5, sorted(found)
    return found


BOX = "(el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }"


def _box(locator) -> tuple[float, float, float, float]:
    return tuple(locator.evaluate(BOX))  # type: ignore[return-value]


def _in_view(page: Page, locator, what: str) -> None:
    left, top, right, bottom = _box(locator)
    width, height = page.viewport_size["width"], page.viewport_size["height"]  # type: ignore[index]
    assert right > left and bottom > top, f"{what} is not drawn"
    assert left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5, (
        f"{what} at {[round(v) for v in (left, top, right, bottom)]} is not in the {width}x{height} window"
    )


def _clear_of_the_sheet(page: Page, locator, what: str) -> None:
    """In the window and not under the choices sheet (nor the sticky status): the sheet never hides it."""
    _in_view(page, locator, what)
    left, top, right, bottom = _box(locator)
    for cover in ("#board ~ .side .actions-box, .game-main .actions-box", ".status"):
        c_left, c_top, c_right, c_bottom = _box(page.locator(cover).first)
        overlap = min(right, c_right) - max(left, c_left) > 0.5 and min(bottom, c_bottom) - max(top, c_top) > 0.5
        assert not overlap, f"{what} {[round(v) for v in (left, top, right, bottom)]} is under {cover}"


def _open_position(page: Page, open_app, name: str) -> None:
    """Open a position, then dismiss the notice of its opening: it goes by itself after 5 s, and the game screen
    under it then moves up and the map grows (a muster button moved from x 714 to 834); under load that fell
    between a tap and the check of where the tap's panel is. Waiting for the notice to be gone, never for time."""
    open_app(page, f"{FAST}#save={_positions()[name]}")
    page.wait_for_selector("#board .tt")
    page.wait_for_selector(WAIT)
    dismiss = page.locator("#notice [data-cmd=dismiss]")
    if dismiss.count():
        dismiss.click()
    page.wait_for_selector("#notice:empty", state="attached")


def _first_split(page: Page) -> None:
    """Pick the starting legion and move the Angel and three others into the new half."""
    page.locator(PICKS).first.click()
    for name in FIRST_SPLIT:
        page.locator(f"#tt-panel .tt-split .tt-counter-btn[aria-label$=': move the {name}']").first.click()
        page.wait_for_timeout(30)
    expect(page.locator("#tt-panel .tt-split button.btn-primary")).to_be_visible()


def test_on_a_desktop_the_map_and_what_the_decision_needs_are_in_view_without_scrolling(page, open_app, shot):
    """1280x800: the whole map (and after zooming in and back, 'Whole map') and the split's confirm button, the
    movement roll, the muster panel, the characters still to come on: all in the window with the page unscrolled."""
    shots = {}
    _open_position(page, open_app, "split")
    _first_split(page)
    _in_view(page, page.locator("#board .tt-map"), "the masterboard")
    _in_view(page, page.locator("#tt-panel .tt-split button.btn-primary"), "the split's confirm button")
    for counter in page.locator("#tt-panel .tt-split .tt-counter-btn").all():
        _in_view(page, counter, "a counter of the split")
    shots["split"] = shot(page, "titan-desktop-split")
    _open_position(page, open_app, "move")
    _in_view(page, page.locator("#board .tt-map-roll"), "the movement roll")
    page.locator(PICKS).first.click()  # where it is drawn: a mouse does not scroll
    expect(page.locator("#board .tt-target").first).to_be_visible()
    _in_view(page, page.locator("#board .tt-map"), "the masterboard")
    _in_view(page, page.locator("#actions .btn-action").first, "the first choice")
    page.click("[data-pz=in]")
    page.click("[data-pz=reset]")  # 'Whole map' fits the window too
    _in_view(page, page.locator("#board .pz-viewport"), "the whole map")
    shots["move"] = shot(page, "titan-desktop-move")
    _open_position(page, open_app, "muster")
    page.locator(PICKS).first.click()  # where it is drawn: a mouse does not scroll
    page.wait_for_selector("#tt-panel .tt-muster")
    for button in page.locator("#tt-panel .tt-muster").all():
        _in_view(page, button, "a muster button")
    assert page.evaluate("window.scrollY") == 0
    shots["muster"] = shot(page, "titan-desktop-muster")
    _open_position(page, open_app, "battle")
    _in_view(page, page.locator("#board .tt-battle"), "the battleland")
    waiting = page.locator("#tt-panel .tt-reserve .tt-counter-btn")
    assert waiting.count() >= 1
    for counter in waiting.all():
        _in_view(page, counter, "a character still to come on")
    waiting.first.click()
    expect(page.locator("#board .tt-target").first).to_be_visible()
    for target in page.locator("#board .tt-target").all():  # its entry hexes, the defender's too
        _in_view(page, target, "an entry hex")
    _in_view(page, page.locator("#actions .btn-action", has_text="Done maneuvering"), "Done maneuvering")
    shots["battle"] = shot(page, "titan-desktop-battle")
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert all(path.exists() for path in shots.values())


def test_on_a_phone_the_sheet_hides_nothing_the_decision_is_about_and_markers_take_a_tap(phone_page, open_app, shot):
    """390x844, touch: the split's confirm, the movement roll, the characters still to come on are in the
    window and clear of the choices sheet, the musters in it; a legion alone is a marker of at least 44 px;
    two legions on one land both take a tap without zooming; every control is at least 44 px."""
    page = phone_page
    _open_position(page, open_app, "split")
    _first_split(page)
    _clear_of_the_sheet(page, page.locator("#tt-panel .tt-split button.btn-primary"), "the split's confirm button")
    shot(page, "titan-phone-split-docked")
    page.click("#tt-panel .tt-split button.btn-primary")
    page.wait_for_selector("#tt-panel .tt-split", state="detached")
    shared = page.locator("#board .tt-legion")
    assert shared.count() == 4  # Ann's two legions on her tower, Bob's two on his
    for marker in shared.all():  # each at least 44 px, and a tap at its middle lands on it (no marker over it)
        box = marker.locator(".tt-mk").bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
        hit = page.evaluate(
            "([x, y]) => { const el = document.elementFromPoint(x, y); const g = el && el.closest('.tt-legion');"
            " return g ? g.querySelector('.tt-mk-code').textContent : null; }",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert hit == marker.locator(".tt-mk-code").text_content()
    tap(page.locator("#board .tt-legion").last)  # a legion of Bob's, sharing his tower: shown at one tap
    expect(page.locator("#tt-panel .tt-legion-panel")).to_be_visible()
    assert small_targets(page) == []
    _open_position(page, open_app, "move")
    _clear_of_the_sheet(page, page.locator("#board .tt-map-roll"), "the movement roll")
    shot(page, "titan-phone-move")
    _open_position(page, open_app, "muster")
    tap(page.locator(PICKS).first)
    musters = page.locator("#actions .btn-action", has_text="musters a")
    expect(musters.first).to_be_visible()
    for button in musters.all():  # in the sheet itself (the panel's same buttons are left out on a phone)
        _in_view(page, button, "a muster choice")
    shot(page, "titan-phone-muster")
    _open_position(page, open_app, "battle")
    waiting = page.locator("#tt-panel .tt-reserve .tt-counter-btn")
    _clear_of_the_sheet(page, waiting.first, "a character still to come on")
    assert small_targets(page) == []
    shot(page, "titan-phone-battle")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
