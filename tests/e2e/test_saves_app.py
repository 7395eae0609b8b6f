"""Saves in the browser: two tabs on one game, old and hostile saves, damaged storage, undo after the end.

The saves used here come from tests/saves/corpus/ (real save strings of earlier releases) or are
made by the engine in this process, as a player's browser would have made them.
"""

from __future__ import annotations

import base64
import json
import time
import zlib
from pathlib import Path

from playwright.sync_api import Page, expect

from engine.core import Rng, save
from engine.registry import GAMES
from tests.e2e.conftest import save_string, wait_ready

FAST = "?ai-pause=40"
CORPUS = Path(__file__).resolve().parents[1] / "saves" / "corpus"
KEY = "titan-table:save:"


def corpus_save(release: str, name: str) -> str:
    body = json.loads((CORPUS / f"{release}.json").read_text(encoding="utf-8"))
    return next(e["save"] for e in body["entries"] if e["name"] == name)


def hot_seat_save(seed: int, moves: int) -> str:
    """A two-human Titan Dice game a few moves in."""
    game = GAMES["titan_dice"]
    state = game.new_game(2, None, seed, [{"name": "Ann"}, {"name": "Bob"}])
    chooser = Rng(seed)
    for _ in range(moves):
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    return save.dumps(state)


def stored_entry(entry_id: str, text: str, **fields) -> str:
    entry = {
        "revision": 1,
        "id": entry_id,
        "game_id": "titan_dice",
        "title": "Titan Dice",
        "players": ["Ann", "Bob"],
        "updated": 1_790_000_000_000,
        "turn": "Round 1",
        "save": text,
        "finished": False,
        "version": 1,
        "extra": {},
    }
    return json.dumps({**entry, **fields})


def put(page: Page, key: str, value: str) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


def open_saved(page: Page, entry_id: str) -> None:
    page.click(f".saved[data-save-id='{entry_id}'] [data-cmd=open]")
    page.wait_for_selector("#board .player-board")


LOG_LINES = "#log summary, #log .log-lines li"  # the log's turn headings and lines


def test_two_tabs_on_one_game_lose_no_move(context, open_app, shot):
    first = open_app(context.new_page(), FAST)
    put(first, KEY + "shared", stored_entry("shared", hot_seat_save(3, 4)))
    first.reload()
    wait_ready(first)
    second = open_app(context.new_page(), FAST)
    open_saved(first, "shared")
    open_saved(second, "shared")
    # A move in the first tab: the second tab follows before its player can move on a stale position.
    first.locator("#actions .btn-action").first.click()
    expect(second.locator(".notice-info")).to_contain_text("played on in another tab")
    shot(second, "two-tabs-followed")
    expect(second.locator(LOG_LINES)).to_have_text(first.locator(LOG_LINES).all_inner_texts())
    # A move in the second tab: the first follows.
    second.locator("#actions .btn-action").last.click()
    expect(first.locator(".notice-info")).to_contain_text("played on in another tab")
    expect(first.locator(LOG_LINES)).to_have_text(second.locator(LOG_LINES).all_inner_texts())
    assert save_string(first) == save_string(second)
    # Both moves are in the stored game, and it is still one game.
    stored = json.loads(first.evaluate("(k) => localStorage.getItem(k)", KEY + "shared"))
    assert stored["revision"] >= 3
    assert save.loads(stored["save"]) == save.loads(save_string(first))
    first.click("#gamebar [data-cmd=home]")
    expect(first.locator(".saved")).to_have_count(1)


def test_a_stored_entry_with_an_impossible_date_is_skipped_and_the_rest_listed(page, open_app):
    open_app(page, FAST)
    put(page, KEY + "good", stored_entry("good", hot_seat_save(1, 3)))
    put(page, KEY + "future", stored_entry("future", hot_seat_save(2, 3), updated=10**17))
    put(page, KEY + "past", stored_entry("past", hot_seat_save(2, 3), updated=-5))
    put(page, KEY + "deep", "[" * 100_000)
    put(page, "titan-table:index", '{"order":' + "[" * 50_000)
    page.reload()
    wait_ready(page)
    expect(page.locator(".saved")).to_have_count(1)
    expect(page.locator(".damaged")).to_contain_text("3 saved game(s) could not be read")
    expect(page.locator("#notice")).to_contain_text("could not be read")
    open_saved(page, "good")  # the app works on
    assert page.evaluate("(k) => localStorage.getItem(k)", KEY + "deep") == "[" * 100_000  # kept untouched


def test_a_200000_character_paste_is_refused_without_freezing_the_page(page, open_app):
    open_app(page, FAST)
    raw = b'{"g":"titan_race","o":{"titans":[' + b'"grinder",' * 180_000 + b'"grinder"]}}'
    hostile = "TT.2." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    for text in (hostile, "TT.2." + "A" * 199_995, "TT.2." + "A" * 250_000, "[" * 200_000):
        page.click("[data-cmd=import]")
        page.fill("#import-text", text)
        blocked = page.evaluate(
            """() => { const t = performance.now(); document.querySelector('[data-cmd=import-submit]').click();
                       return performance.now() - t; }"""
        )
        error = page.locator("#dialog .form-error")
        expect(error).to_be_visible()
        assert len(error.inner_text()) < 400
        assert blocked < 500, f"the page was blocked {blocked:.0f} ms"
        page.click("[data-cmd=close-dialog]")
    expect(page.locator(".hero [data-cmd=new]")).to_be_visible()


def test_a_save_string_pasted_over_lines_with_spaces_opens_and_a_stranger_s_text_names_today_s_formats(page, open_app):
    """As a chat or mail app passes it on: broken over lines, spaces inside."""
    text = corpus_save("r10", "born_of_titans-2p-standard-mid-191")
    assert text.startswith("TT.4.")
    open_app(page, FAST)
    page.click("[data-cmd=import]")
    page.fill("#import-text", "Hello, here is my game")
    page.click("[data-cmd=import-submit]")
    expect(page.locator("#dialog .form-error")).to_contain_text("“TT.3.” or “TT.4.”")
    pasted = "\r\n".join(text[i : i + 70] for i in range(0, len(text), 70)).replace("A", " A")
    page.fill("#import-text", pasted)
    page.click("[data-cmd=import-submit]")
    expect(page.locator("#notice")).to_contain_text("Opened the game from the save string")
    assert save.loads(save_string(page)) == save.loads(text)
    # A share link whose string a mail app spaced out (its fragment read decoded: "%20" a space)
    link = "%20".join(text[i : i + 60] for i in range(0, len(text), 60))
    open_app(page, FAST + "#save=" + link)
    expect(page.locator("#notice")).to_contain_text("Opened the shared game")
    assert save.loads(save_string(page)) == save.loads(text)


def test_hostile_links_and_stored_saves_never_block_the_app(page, open_app, base_url):
    deep = "TT.2." + base64.urlsafe_b64encode(zlib.compress(b"[" * 20_000)).decode().rstrip("=")
    open_app(page, FAST + "#save=" + deep)
    expect(page.locator(".notice-error")).to_contain_text("could not be opened")
    put(page, KEY + "hostile", stored_entry("hostile", deep))
    page.goto(base_url + FAST)
    wait_ready(page)
    page.click(".saved[data-save-id='hostile'] [data-cmd=open]")
    expect(page.locator(".notice-error")).to_contain_text("It is kept in your saved games")
    expect(page.locator(".saved")).to_have_count(1)


def test_saves_of_earlier_releases_open_and_are_upgraded(page, open_app, shot):
    old = corpus_save("r5", "titan_dice-3p-standard-pending-31")
    refused = corpus_save("r4", "titan_race-2p-two_player-end-52")
    open_app(page, FAST)
    put(page, KEY + "old", stored_entry("old", old, revision=0))
    put(page, KEY + "refused", stored_entry("refused", refused, game_id="titan_race", title="Titan Race"))
    page.reload()
    wait_ready(page)
    # In the background the release-5 save is rewritten in today's format; the release-4 one is kept as it is.
    page.wait_for_function("(k) => (localStorage.getItem(k) || '').includes('TT.3.')", arg=KEY + "old")
    problem = page.locator(".saved[data-save-id='refused'] .saved-problem")
    expect(problem).to_contain_text("this version cannot open it")
    shot(page, "home-old-saves")
    stored = json.loads(page.evaluate("(k) => localStorage.getItem(k)", KEY + "refused"))
    assert stored["save"] == refused
    open_saved(page, "old")
    assert save.loads(save_string(page)) == save.loads(old)


def test_undo_is_refused_once_the_game_is_over(page, open_app):
    finished = corpus_save("r6", "titan_dice-2p-standard-end-22")
    assert save.loads(finished).is_over
    open_app(page, FAST + "#save=" + finished)
    page.wait_for_selector("#actions .result")
    undo = page.locator("#gamebar [data-cmd=undo]")
    expect(undo).to_be_disabled()
    before = save_string(page)
    page.evaluate("document.querySelector('#gamebar [data-cmd=undo]').click()")
    assert save_string(page) == before


def test_game_packages_are_imported_only_when_a_game_is_chosen(page, open_app):
    open_app(page, FAST)
    assert page.evaluate("window.titanGamesLoaded") == []
    started = time.perf_counter()
    page.click("[data-cmd=new]")
    page.wait_for_selector("#setup-form")
    assert time.perf_counter() - started < 10
    assert page.evaluate("window.titanGamesLoaded") == ["titan_dice"]  # the form's default game
    page.select_option("#setup-game", "titan_race")
    page.wait_for_selector("#setup-game option[value=titan_race]:checked", state="attached")
    assert page.evaluate("window.titanGamesLoaded") == ["titan_dice", "titan_race"]
