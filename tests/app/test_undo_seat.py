"""The app's Undo in hot-seat games acts for the player at the device and never crosses another human's decision.

Reported: at the start of Ann's turn, Undo took back Bob's end of turn (the app undid for the last human who
decided) and showed "Pass the device to Bob". Here every game is played at random with two and three humans,
with and without computer seats between them, the device passed as the app passes it (in a game with
secrets, to the human to move once the pass-the-device screen is answered), and at every position the
seat an Undo acts for, whether it is offered, and what it would take back are checked; at sampled positions
the drawn menu's Undo button too.
"""

from __future__ import annotations

import re

import pytest

from app.decision import can_undo, guards_secrets, undo_for, undo_seat
from app.gameview import render_regions
from app.markup import esc
from engine.core.undo import undo, undo_steps
from engine.registry import GAMES
from tests.engine.undo_games import GAME_IDS, PATTERNS, another_human_just_decided, expected_steps, play

DRAW_EVERY = 41  # positions between two drawings of the whole game screen


def undo_button(gamebar: str) -> str:
    found = re.search(r"<button[^>]*data-cmd=\"undo\"[^>]*>", gamebar)
    assert found, gamebar
    return found.group(0)


@pytest.mark.parametrize("game_id, pattern", [(g, p) for g in GAME_IDS for p in PATTERNS])
def test_undo_acts_for_the_player_at_the_device(game_id: str, pattern: str):
    game = GAMES[game_id]
    refused = 0
    for index in range(2):
        played = play(game, pattern, seed=7_000 + 31 * index + len(pattern), max_actions=500)
        shown = None  # the human holding the device (games with secrets only: the others show every seat)
        for n, state in enumerate(played.states):
            current = state.current_player
            human_to_move = current is not None and not state.seats[current].is_ai
            secret = guards_secrets(game, state)
            if secret and human_to_move and current != shown and not state.is_over:
                # the pass-the-device screen: nobody's Undo until the next player says "I am X"
                assert undo_seat(game, state, shown) is None and not can_undo(game, state, shown)
                assert "disabled" in undo_button(render_regions(game, state, shown=shown).gamebar)
                shown = current
            seat = undo_seat(game, state, shown if secret else None)
            if state.is_over:
                assert seat is None and not can_undo(game, state, shown)
                continue
            if human_to_move:
                assert seat == current  # the player to move, never the one who passed the device
            else:
                assert seat == (
                    shown if secret and shown is not None else state.last_human if state.last_human >= 0 else None
                )
            offered = can_undo(game, state, shown if secret else None)
            assert offered == (seat is not None and expected_steps(played, n, seat) > 0), f"position {n}"
            if offered:
                back = undo(state, seat)
                taken = played.actors[back.moves + 1 : n + 1]
                assert all(actor == seat or state.seats[actor].is_ai for actor in taken)  # no other human's
            elif human_to_move and another_human_just_decided(played, n) and undo_steps(state, played.actors[n]):
                refused += 1  # the issue's case: the last human's decision could be undone, but not by this player
            if n % DRAW_EVERY == 0:
                button = undo_button(render_regions(game, state, shown=shown if secret else None).gamebar)
                assert ("disabled" in button) == (not offered)
                name = undo_for(game, state, shown if secret else None)
                if name is not None:
                    assert esc(f"Take back {name}'s last decision") in button
    assert refused > 0  # the start of a turn after another human's end of turn happened, and was not undone


def test_the_issue_at_the_start_of_anns_turn_undo_does_not_take_back_bobs_end_of_turn():
    game = GAMES["titan"]
    played = play(game, "HH", seed=12)
    for n, state in enumerate(played.states):
        ann, bob = state.current_player, played.actors[n]
        if not another_human_just_decided(played, n) or getattr(state.last_action, "kind", "") != "end_musters":
            continue
        assert ann is not None and undo_steps(state, bob)  # Bob could take back his end of turn...
        # ... but Ann holds the device now: her Undo has nothing of hers to take back
        assert undo_seat(game, state, ann) == ann and not can_undo(game, state, ann)
        regions = render_regions(game, state, shown=ann)
        assert "disabled" in undo_button(regions.gamebar) and "Pass the device" not in regions.status_text
        assert f"Take back {state.seats[ann].name}" in regions.gamebar
        return
    pytest.fail("no position where Bob had just decided and Ann was to move")
