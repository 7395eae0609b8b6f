"""Born of Titans hot-seat at one device: the pass-the-device screen never leaves another player's
secrets on screen, says why the player is asked, and a round costs fewer taps.

Taps of a two-player round (tests/app/hotseat_taps.py: both Heroes hold a Divine counter, each takes two Moves
and ends her turn, every moment is let pass with "Pass without looking"): 24 before release 11 (and two of its
screens showed the mover's board to the player who had just passed), 20 after. The set-up of that game: 12 taps
(6 pass screens) before, 6 (none) after.
"""

from __future__ import annotations

import random
import re

import pytest

from app.decision import decision_now, nothing_secret
from app.gameview import handover_reason, render_regions
from engine.born_of_titans import GAME
from engine.born_of_titans.actions import PassMoment
from engine.core import Seat
from engine.core.game import GameState
from engine.registry import GAMES
from tests.app.hotseat_taps import HANDOVER, both_holding, knows_more, seats, sit_down, tap_round, tap_set_up


def test_after_pass_without_looking_the_next_screen_passes_the_device_to_the_mover(monkeypatch) -> None:
    state = both_holding(only_the_second=True)  # (Ann holds nothing: she was not asked before release 11 either)
    ann, bob = state.mover, 1 - state.mover
    table = sit_down(monkeypatch, state, ann)
    table.tap()  # Ann: Move
    assert HANDOVER.search(table.page.html["board"]).group(1) == "Bob"
    assert "Pass without looking (Bob)" in table.page.html["actions"]
    table.tap()  # Bob (or Ann: nobody knows who) taps "Pass without looking (Bob)"
    assert table.state.current_player == ann
    assert HANDOVER.search(table.page.html["board"]).group(1) == "Ann"  # not Ann's board at once
    assert "bt-sheet" not in table.page.html["board"] and "Hera" not in table.page.html["board"]
    assert table.app.table.shown_seat == bob
    table.tap()  # "I am Ann"
    assert table.app.table.shown_seat == ann and "bt-sheet" in table.page.html["board"]


def test_pass_without_looking_at_the_end_of_a_turn_is_not_followed_by_a_second_pass_screen(monkeypatch) -> None:
    state = both_holding()
    ann = state.mover
    table = sit_down(monkeypatch, state, ann)
    end = next(i for i, action in enumerate(table.app.table.legal) if action.kind == "end_turn")
    table.app.table.play_index(str(end))
    assert HANDOVER.search(table.page.html["board"]).group(1) == "Bob"
    assert "Bob may play a Divine counter at the end of Ann&#x27;s turn." in table.page.html["board"]
    table.tap()  # "Pass without looking (Bob)": Bob's turn follows, and Bob holds the device
    assert table.state.current_player == 1 - ann and str(table.state.phase) == "turn"
    assert HANDOVER.search(table.page.html["board"]) is None and "bt-sheet" in table.page.html["board"]


def test_a_two_player_round_costs_20_taps_not_24(monkeypatch) -> None:
    table = sit_down(monkeypatch, both_holding(), both_holding().mover)
    assert tap_round(table) == 20  # 24 before release 11 (tests/app/hotseat_taps.py checks every screen on the way)
    reasons = [HANDOVER.sub("", screen) for screen in table.handovers]
    assert len(reasons) == 10
    assert sum("may play a Divine counter after" in reason for reason in reasons) == 4
    assert sum("may play a Divine counter at the end of" in reason for reason in reasons) == 2
    assert sum("Move goes on" in reason for reason in reasons) == 4


def test_the_set_up_needs_no_pass_screen(monkeypatch) -> None:
    new = GAME.new_game(2, GAME.Options(), 5, seats())
    table = sit_down(monkeypatch, new, None)
    assert tap_set_up(table) == 6 and table.handovers == []  # 12 taps and 6 pass screens before release 11


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nothing_is_secret_exactly_in_the_set_up(players: int) -> None:
    names = ["Ann", "Bob", "Cyd", "Dee"][:players]
    rng = random.Random(players)
    state = GAME.new_game(players, GAME.Options(), players, [Seat(name=n) for n in names])
    while nothing_secret(GAME, state):
        assert not any(knows_more(state, seat) for seat in range(players))
        assert decision_now(GAME, state, shown=None).pass_to is None
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert state.mover >= 0  # the first turn: pass screens again between humans with secrets
    other = (state.current_player + 1) % players
    assert decision_now(GAME, state, shown=other).pass_to == state.current_player


def test_the_reason_lines_of_born_of_titans() -> None:
    state = both_holding()
    ann, bob = state.mover, 1 - state.mover
    moved = GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.kind == "move"))
    assert moved.current_player == bob  # Ann's own asking is folded into her Move's decision
    assert handover_reason(GAME, moved, bob) == "Bob may play a Divine counter after Ann's Move roll."
    back = GAME.apply(moved, PassMoment())
    assert handover_reason(GAME, back, ann) == "Ann's Move goes on: the Courses are rolled."
    assert handover_reason(GAME, state, ann) == "Ann's turn (round 2)."
    screen = render_regions(GAME, moved, shown=ann).board
    assert "<p class='handover-reason'>Bob may play a Divine counter after Ann&#x27;s Move roll.</p>" in screen


def test_other_games_pass_screens_say_why_from_the_turn_heading() -> None:
    race = GAMES["titan_race"]
    state = race.new_game(2, race.Options(), 1, [Seat(name="Ann"), Seat(name="Bob")])
    screen = render_regions(race, state, shown=1 - state.current_player).board
    assert f"<p class='handover-reason'>{handover_reason(race, state, state.current_player)}</p>" in screen
    rng = random.Random(1)
    reasons = set()
    for _ in range(300):
        seat = state.current_player
        if seat is None:
            break
        heading, name = race.turn_heading(state), state.seats[seat].name
        reason = handover_reason(race, state, seat)
        if race.is_interruption(state):
            assert reason == f"{name} has a question to answer ({heading})."
        elif name in heading:
            assert reason == f"{name}'s turn ({heading})."
        else:
            assert reason == f"{name} decides ({heading})."
        reasons.add(reason.split(" (")[0].replace(name, "X"))
        state = race.apply(state, rng.choice(race.legal_actions(state)))
    assert reasons >= {"X decides", "X's turn"}


def _quest_won_with_the_device_to_pass() -> tuple[GameState, int]:
    """A two-human game played at random to the first Quest completed whose next decision is the other player's
    (she places a new Quest): the position, and the seat that rolled (holding the device)."""
    for seed in range(1, 200):
        rng = random.Random(seed)
        state = GAME.new_game(2, GAME.Options(), seed, seats())
        for _ in range(600):
            if state.is_over:
                break
            ended = state.ended
            won = ended is not None and ended.outcome == "won" and ended.foe_kind == "quest"
            if won and ended is not None and state.current_player != ended.seat:
                return state, ended.seat
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, rng.choice([a for a in legal if a.kind != "retreat"] or legal))
    raise AssertionError("no seed reaches the position")


def test_a_pass_screen_right_after_a_completed_quest_tells_it() -> None:
    """Seen in the browser (phone, hot-seat): Alice's winning roll went straight to "Pass the device to Bob: Bob
    places a new Quest…", so the player who rolled never saw that she had completed her Quest."""
    state, roller = _quest_won_with_the_device_to_pass()
    view = GAME.view(state, None)
    hero = view["heroes"][roller]["hero_name"]
    assert decision_now(GAME, state, shown=roller).pass_to == state.current_player
    reason = handover_reason(GAME, state, state.current_player)
    assert re.match(rf"{hero} completes .+: \d of 3 Quests\. \w+ ", reason), reason
    screen = render_regions(GAME, state, shown=roller).board
    assert "completes" in screen and "of 3 Quests." in screen and "bt-sheet" not in screen
