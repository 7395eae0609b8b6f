"""Undo in a hot-seat Titan game, in the page: at the start of Ann's turn, Undo must not take back
Bob's end of turn (it did, and went to "Pass the device to Bob"). Ann's own decision is taken back, and only it.

Uses the platform's harness (tests/e2e/conftest.py): served on 127.0.0.1, other requests blocked, console
errors fail the test.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

FAST = "?ai-pause=20"
FIRST_SPLIT = ("Angel", "Ogre", "Ogre", "Gargoyle")  # the Angel and three others leave the Titan's legion


def _bobs_turn_just_ended() -> tuple[str, str, str]:
    """A 2-human game played by the Standard bots until the first player's end of turn, which he could still
    take back: the save string, his name and the next player's."""
    from engine.core import Seat, save
    from engine.core.bots import make_bot
    from engine.core.undo import undo_steps
    from engine.registry import GAMES

    game = GAMES["titan"]
    state = game.new_game(2, None, 12, [Seat(name="Ann"), Seat(name="Bob")])
    bots = [make_bot(game, 1, seat) for seat in range(2)]
    while getattr(state.last_action, "kind", "") != "end_musters":
        seat = state.current_player
        assert seat is not None
        state = game.apply(state, bots[seat].choose(state, seat))
    ended, next_up = state.last_actor, state.current_player
    assert next_up is not None and next_up != ended and undo_steps(state, ended) > 0
    return save.dumps(state), state.seats[ended].name, state.seats[next_up].name


def test_at_the_start_of_a_turn_undo_never_takes_back_the_other_players_end_of_turn(page, open_app):
    text, bob, ann = _bobs_turn_just_ended()
    open_app(page, FAST)
    page.click("[data-cmd=import]")
    page.fill("#import-text", text)
    page.click("[data-cmd=import-submit]")
    undo = page.locator("#gamebar [data-cmd=undo]")
    expect(page.locator("#board .handover")).to_contain_text(f"Pass the device to {ann}")
    expect(undo).to_be_disabled()
    page.click("#actions [data-cmd=reveal]")
    expect(page.locator("#board .tt-map")).to_be_visible()
    # the start of Ann's turn: nothing of hers to take back, and the button says whose decision it would be
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute(
        "title", f"Take back {ann}'s last decision (never past a roll, nor past another player's decision)"
    )
    # Ann splits her legion (a decision, no roll): now Undo takes back that split, and only it
    page.locator("#board [data-select]:not(.tt-look)").first.click()
    for name in FIRST_SPLIT:
        page.locator(f"#tt-panel .tt-split .tt-counter-btn[aria-label$=': move the {name}']").first.click()
    page.locator("#tt-panel .tt-split button.btn-primary").click()
    expect(page.locator("#log")).to_contain_text(f"{ann} splits")
    expect(undo).to_be_enabled()
    undo.click()
    expect(page.locator(".notice")).to_contain_text(f"Took back {ann}'s last decision.")
    # back at the start of Ann's turn, still Ann's board: no "Pass the device to Bob", Bob's turn stays ended
    expect(page.locator("#board .tt-map")).to_be_visible()
    assert page.locator("#board .handover").count() == 0
    expect(page.locator("#status")).not_to_contain_text(bob)
    expect(undo).to_be_disabled()
