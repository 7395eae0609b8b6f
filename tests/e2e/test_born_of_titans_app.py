"""The app in the browser: Born of Titans chosen on the form and played by clicks to the end against two computer
Heroes (1280x800 and 390x844), a Divine counter played in another player's turn in a hot-seat game, a game saved
and reopened, and a hostile save string refused.

Uses the platform's harness (tests/e2e/conftest.py): served on 127.0.0.1, other requests blocked, console errors
fail the test. Computer seats pause 40 ms (`?ai-pause=40`). The human plays the simple sensible policy of
tests/e2e/born_policy.py from what the page shows her.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from engine.core import InvalidSave, Seat, save
from engine.core.game import GameState
from engine.registry import GAMES
from tests.e2e.born_policy import choose
from tests.e2e.conftest import save_string, small_targets, wait_for_human, wait_ready
from tests.e2e.helpers import click_choice, new_born, seen_on_page
from tests.engine.save_strings import pack, unpack

pytestmark = pytest.mark.e2e

FAST = "?ai-pause=40"
MAX_CLICKS = 400


def play_against_computers(page: Page, shot, name: str) -> dict[str, int]:
    """Play the human (Ann) by the policy until the game ends; count the clicks by where they were made."""
    clicks = {"map": 0, "button": 0}
    while sum(clicks.values()) < MAX_CLICKS and wait_for_human(page):
        seen = seen_on_page(page, "Ann")
        assert seen.labels, "a human decision with no choice on the page"
        where = click_choice(page, choose(seen))
        clicks[where] += 1
        if sum(clicks.values()) == 25:
            assert small_targets(page) == []  # every control at least 44 x 44 px
            shot(page, f"born-e2e-{name}-game")
    return clicks


def check_the_end(page: Page) -> None:
    """The result names every Hero's Quests, the status the winner, the log is grouped by turn."""
    expect(page.locator("#actions .result")).to_be_visible()
    result = page.locator("#actions .result").inner_text()
    assert result.count("Quest") >= 3 and "3 Quests" in result
    expect(page.locator("#status")).to_contain_text("Game over")
    expect(page.locator("#status")).to_contain_text(" wins")
    expect(page.locator("#board .bt-hero")).to_have_count(3)  # the winner too, where she completed her third Quest
    headings = page.locator("#log .log-turn > details > summary").all_inner_texts()
    assert len(headings) > 10
    assert all(re.match(r"(Round \d+: .+ \(.+\)|Set-up)$", h) for h in headings), headings
    assert any("(Ann)" in h for h in headings) and any("(Ann)" not in h and h != "Set-up" for h in headings)
    assert small_targets(page) == []


@pytest.mark.parametrize(
    ("phone", "seed"),
    # The whole game on a phone is slow (half a minute more): the phone's board is checked in CI by the saves test.
    [pytest.param(False, "8", id="desktop"), pytest.param(True, "5", id="phone", marks=pytest.mark.slow)],
)
def test_a_game_against_two_computer_heroes_played_to_the_end(new_context, open_app, shot, phone, seed):
    page = new_context(phone=phone).new_page()
    name = "phone" if phone else "desktop"
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_app(page, FAST)
    assert page.evaluate("window.titanGamesLoaded") == []  # start-up imports no game
    expect(page.locator(".game-card:has-text('Born of Titans')")).to_contain_text("2–4 players")
    new_born(page, seed=seed, names={0: "Ann"})
    clicks = play_against_computers(page, shot, name)
    assert sum(clicks.values()) < MAX_CLICKS
    assert clicks["map"] >= 5 and clicks["button"] >= 5  # played on the map and by the buttons
    check_the_end(page)
    assert not dialogs
    if phone:
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, f"born-e2e-{name}-over", full_page=True)


# -- hot-seat: a Divine counter played in another player's turn ----------------------------------------------------


def bobs_move_with_ann_asked(ann_can_play: bool) -> GameState:
    """A two-human game (Ann, Bob) played at random (no Divine counter played) to Bob's turn, before his first
    action: Bob holds no Divine counter, Ann holds only Apollo (`ann_can_play`) or a counter she cannot play on a
    Move roll, and Bob's Move will ask Ann at its moment to react. The first seed whose game gets there is taken, so
    that a change of the rules that moves one game does not break the test."""
    for seed in range(1, 400):
        state = _bobs_move(seed, ann_can_play)
        if state is not None:
            return state
    raise AssertionError("no seed in 1-399 reaches the position")


def _bobs_move(seed: int, ann_can_play: bool) -> GameState | None:
    game = GAMES["born_of_titans"]
    chooser = random.Random(seed)
    state = game.new_game(2, game.Options(), seed, [Seat(name="Ann"), Seat(name="Bob")])
    for _ in range(400):  # the position comes early or not at all
        if state.is_over:
            break
        legal = game.legal_actions(state)
        view = game.view(state, 0)
        held = view["heroes"][0].get("divine") or []
        move = next((action for action in legal if action.kind == "move"), None)
        if (
            move is not None
            and state.current_player == 1
            and held
            and (held == ["apollo"]) == ann_can_play
            and view["heroes"][1]["divine_count"] == 0
            and view["heroes"][0]["prophecy"] < 6
            and view["actions"]["used"] == 0
        ):
            asked = game.apply(state, move)
            plays = [action for action in game.legal_actions(asked) if action.kind == "play_divine"]
            if str(asked.phase) == "react" and asked.current_player == 0 and bool(plays) == ann_can_play:
                return state
        state = game.apply(state, chooser.choice([a for a in legal if a.kind != "play_divine"] or legal))
    return None


def to_the_moment(page: Page, base_url: str, state: GameState) -> dict[str, str]:
    """Open the position by its link, hand the device to Bob, Move; return the pass-the-device screen for Ann."""
    page.goto(f"{base_url}{FAST}#save={save.dumps(state)}")
    wait_ready(page)
    reveal = page.locator("#actions [data-cmd=reveal]")
    expect(reveal).to_have_text("I am Bob")
    reveal.click()
    page.click("#actions .btn-action:has-text('Move (roll Navigation)')")
    expect(reveal).to_have_text("I am Ann")
    expect(page.locator("#board .bt-map")).to_have_count(0)  # nothing of the game behind the screen
    return {region: page.inner_html(f"#{region}") for region in ("board", "actions", "status")}


def prophecy(page: Page, name: str) -> int:
    """A player's Prophecy, from her Crew Sheet."""
    shields = page.locator(f'#board .bt-sheet[aria-label="{name}\'s Crew Sheet"] .bt-shields')
    return int(re.search(r"Prophecy (\d+)", shields.get_attribute("aria-label") or "")[1])


def test_hot_seat_a_divine_counter_played_in_another_players_turn(new_context, base_url, shot):
    holds = new_context().new_page()
    screen = to_the_moment(holds, base_url, bobs_move_with_ann_asked(ann_can_play=True))
    shot(holds, "born-e2e-hotseat-pass-device")
    assert "Pass without looking (Ann)" in screen["actions"]
    assert "Ann may play a Divine counter after Bob's Move roll." in screen["board"]  # why she is asked
    # Another game, on a phone: Ann is asked at Bob's Move too, holding a counter she cannot play then.
    cannot = new_context(phone=True).new_page()
    assert to_the_moment(cannot, base_url, bobs_move_with_ann_asked(ann_can_play=False)) == screen  # the same
    assert small_targets(cannot) == []
    cannot.click("#actions .btn-action:has-text('Pass without looking (Ann)')")  # one tap, nothing revealed
    # Regression: the device is Ann's now (whoever tapped): Bob's board comes only after his own "I am Bob".
    expect(cannot.locator("#actions [data-cmd=reveal]")).to_have_text("I am Bob")
    expect(cannot.locator("#board .handover")).to_contain_text("Bob's Move goes on")
    expect(cannot.locator("#board .bt-sheet")).to_have_count(0)
    cannot.click("#actions [data-cmd=reveal]")
    expect(cannot.locator("#actions .btn-action:has-text('Stay here')")).to_be_visible()  # Bob's Move goes on
    expect(cannot.locator("#board .bt-sheet.is-me")).to_contain_text("Bob")

    holds.click("#actions [data-cmd=reveal]")
    expect(holds.locator("#board .bt-sheet.is-me")).to_contain_text("Ann")
    expect(holds.locator("#status")).to_contain_text("a moment to react")
    hero = holds.locator("#board .bt-sheet.is-me .bt-hero-chip").inner_text()
    before = prophecy(holds, "Ann")
    apollo = holds.locator(f"#actions .btn-action:has-text('Play Apollo on {hero}')")
    expect(apollo).to_contain_text("gains one Prophecy")  # the counter's text before it is played
    shot(holds, "born-e2e-hotseat-moment")
    apollo.click()
    expect(holds.locator("#log")).to_contain_text("Apollo")
    # The moment is over (Ann holds nothing more): Bob's Move goes on, on his side of the screen.
    expect(holds.locator("#actions [data-cmd=reveal]")).to_have_text("I am Bob")
    holds.click("#actions [data-cmd=reveal]")
    assert prophecy(holds, "Ann") == min(6, before + 1)
    expect(holds.locator("#actions .btn-action:has-text('Stay here')")).to_be_visible()
    expect(holds.locator("#board .bt-sheet:not(.is-me)")).to_contain_text("No Divine counters")  # Ann's Apollo spent
    shot(holds, "born-e2e-hotseat-after")


# -- saves ------------------------------------------------------------------------------------------------------


def test_a_game_saved_reopened_by_link_and_a_hostile_save_refused(phone_page, open_app, new_context, base_url, shot):
    page = phone_page
    open_app(page, FAST)
    new_born(page, seed="21", players=2, names={0: "Ann"})
    for _ in range(10):
        assert wait_for_human(page)
        click_choice(page, choose(seen_on_page(page, "Ann")))
    assert wait_for_human(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the phone's board fits its width
    assert small_targets(page) == []
    shot(page, "born-e2e-phone-board")
    text = save_string(page)
    log = page.inner_text("#log")
    board = page.inner_html("#board .bt-sheets")
    page.reload()  # the game in play comes back after a reload
    wait_ready(page)
    page.wait_for_selector("#board .bt")
    assert page.inner_text("#log") == log and page.inner_html("#board .bt-sheets") == board
    other = new_context().new_page()
    other.goto(f"{base_url}{FAST}#save={text}")
    wait_ready(other)
    other.wait_for_selector("#board .bt")
    assert other.inner_text("#log") == log and other.inner_html("#board .bt-sheets") == board
    # The same save with a Crew of 9 (the Shields go to 6) is refused with a clear message.
    data = unpack(text)
    data["x"]["own"]["sheets"][0]["crew"] = 9
    hostile = pack(data, version=int(text.split(".")[1]))
    with pytest.raises(InvalidSave):
        save.loads(hostile)
    other.click("#gamebar [data-cmd=home]")
    other.click("[data-cmd=import]")
    other.fill("#import-text", hostile)
    other.click("[data-cmd=import-submit]")
    error = other.locator("#dialog .form-error")
    expect(error).to_be_visible()
    message = error.inner_text()
    assert "damaged" in message and "crew" in message and len(message) < 400 and "Traceback" not in message
    shot(other, "born-e2e-hostile-save")


# -- a phone: the Challenge's roll above the choices, a Move zoomed to the Hero -------------------------


def humans_position(wanted, seeds=range(1, 200)) -> GameState:
    """A 3-player game (Ann human, two computer Heroes) played at random (never retreating) to the first position
    where `wanted(state)` holds; the first seed that gets there is taken, so that a change of the rules that moves
    one game does not break the test."""
    game = GAMES["born_of_titans"]
    seats = [Seat(name="Ann"), Seat(name="Computer 1", kind="ai", level=1), Seat(name="Computer 2", kind="ai", level=1)]
    for seed in seeds:
        chooser = random.Random(seed)
        state = game.new_game(3, game.Options(), seed, seats)
        for _ in range(1500):
            if state.is_over:
                break
            if state.current_player == 0 and wanted(state):
                return state
            legal = game.legal_actions(state)
            state = game.apply(state, chooser.choice([a for a in legal if a.kind != "retreat"] or legal))
    raise AssertionError("no seed reaches the position")


UNCOVERED_JS = """(selector) => {
  // every die and the total of the element: on screen, and the element drawn there (nothing over it)
  const root = document.querySelector(selector);
  const parts = [...root.querySelectorAll('.bt-die, .bt-strip-total')];
  return parts.map((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const onScreen = box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
    const top = document.elementFromPoint(x, y);
    return onScreen && !!top && (el === top || el.contains(top));
  });
}"""


def test_on_a_phone_the_challenges_roll_and_total_stand_above_the_choices(new_context, base_url, shot):
    state = humans_position(lambda s: str(s.phase) == "challenge" and len(s.rolls) >= 1)
    page = new_context(phone=True).new_page()
    page.goto(f"{base_url}{FAST}#save={save.dumps(state)}")
    wait_ready(page)
    expect(page.locator("#actions .btn-action:has-text('Retreat')")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("roll again against")
    strip = page.locator("#board .bt-strip")
    expect(strip).to_be_visible()
    total = f"{state.challenge_now().successes} of "
    expect(strip.locator(".bt-strip-total")).to_contain_text(total)
    covered = page.evaluate(UNCOVERED_JS, "#board .bt-strip")
    assert len(covered) == len(state.rolls[-1]) + 1 and all(covered)  # each die of the last roll and the total
    strip_box, sheet_box = strip.bounding_box(), page.locator(".actions-box").bounding_box()
    assert strip_box["y"] + strip_box["height"] <= sheet_box["y"] + 1  # above the choices, not under them
    assert small_targets(page) == []
    shot(page, "born-e2e-phone-challenge")


MOVE_JS = """() => {
  const view = document.querySelector('#board .pz-viewport').getBoundingClientRect();
  const inside = (b) => b.left >= view.left - 1 && b.right <= view.right + 1 && b.top >= view.top - 1
    && b.bottom <= view.bottom + 1;
  const hero = document.querySelector('#board .bt-hero.is-turn circle').getBoundingClientRect();
  const rings = [...document.querySelectorAll('#board .bt-target')].map((t) => ({
    i: +t.dataset.action, box: t.querySelector('.bt-target-ring').getBoundingClientRect() }));
  const seen = rings.filter((r) => inside(r.box));
  return {
    hero: inside(hero), seen: seen.length, all: rings.length,
    least: Math.min(...seen.map((r) => Math.min(r.box.width, r.box.height))),
    scale: +document.querySelector('#board .pz-viewport').dataset.pzScale,
    armed: rings.filter((r) => document.querySelector(`#board .bt-target[data-action='${r.i}']`)
      .classList.contains('is-armed')).map((r) => ({ i: r.i, inside: inside(r.box) })),
  };
}"""


def test_on_a_phone_a_move_zooms_to_the_hero_with_finger_sized_targets_and_a_sorted_list(new_context, base_url, shot):
    def many_ends(state: GameState) -> bool:
        view = GAMES["born_of_titans"].view(state, 0)
        return view["phase"] == "move" and len((view["move"] or {}).get("reachable") or {}) >= 12

    state = humans_position(many_ends)
    page = new_context(phone=True).new_page()
    page.goto(f"{base_url}{FAST}#save={save.dumps(state)}")
    wait_ready(page)
    expect(page.locator("#actions .btn-action:has-text('Stay here')")).to_be_attached()
    page.wait_for_function("+document.querySelector('#board .pz-viewport').dataset.pzScale > 1")
    seen = page.evaluate(MOVE_JS)
    assert seen["hero"] and seen["seen"] >= 1  # zoomed to the Hero, her nearest ends in view
    assert seen["least"] >= 44 - 0.5, seen  # each target in view takes a finger
    shot(page, "born-e2e-phone-move")
    # The list: the Sites by kind and name, then the Points by cost.
    titles = page.locator("#actions .action-group-title").all_inner_texts()
    assert titles[-1].lower() == "points, the cheapest first" and len(titles) >= 2
    points = page.locator("#actions .action-group[aria-label='Points, the cheapest first'] .btn-detail")
    costs = [int(re.search(r"Costs (\d+)", text)[1]) for text in points.all_inner_texts()]
    assert costs == sorted(costs) and len(costs) >= 3
    # A tap on a choice far from the Hero shows its place: the map pans to it, its way drawn; a second tap moves.
    page.click("[data-pz='reset']")
    page.click("[data-pz='in']")
    expect(page.locator("#board .pz-viewport")).to_have_attribute("data-pz-scale", "1.50")
    last = page.locator("#actions .action-group[aria-label='Points, the cheapest first'] .btn-action").last
    index = int(last.get_attribute("data-action"))
    last.tap()
    expect(page.locator(f"#board .bt-target[data-action='{index}']")).to_have_class(re.compile("is-armed"))
    assert page.evaluate(MOVE_JS)["armed"] == [{"i": index, "inside": True}]
    expect(page.locator(f"#board .bt-pv-{index}")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("tap it again")
    shot(page, "born-e2e-phone-move-armed")
    last.tap()
    expect(page.locator("#log")).to_contain_text(" moves to ")
