"""Undo in hot-seat games: an undo never crosses another human's decision (docs/saves.md, engine/core/undo.py).

Every game is played at random with two and three humans, with and without computer seats between them,
through `Game.apply` (so each state links to the one before). At every position, for every seat, what
`undo` takes back is checked against the game as it was played (not against the undo chain): the seat's
own most recent decision and the computer decisions after it, never a roll, never another human's
decision, nothing once the game is over; and the state it returns to is the very position the seat
decided in. At sampled positions the save string's undo chain gives the same answers.
"""

from __future__ import annotations

import pytest

from engine.core import save
from engine.core.undo import undo, undo_steps
from engine.registry import GAMES
from tests.engine.undo_games import (
    GAME_IDS,
    PATTERNS,
    Played,
    another_human_just_decided,
    expected_steps,
    play,
)

GAMES_PER_CASE = 4
SAVE_EVERY = 97  # positions between two save-string round trips


def check_position(played: Played, n: int) -> None:
    state = played.states[n]
    for seat in range(state.num_players):
        steps = undo_steps(state, seat)
        assert steps == expected_steps(played, n, seat), f"position {n}, seat {seat}"
        back = undo(state, seat)
        if not steps:
            assert back is state
            continue
        assert back is played.states[n - steps]
        assert back.current_player == seat  # the seat decides again where it decided
        taken = played.actors[n - steps + 1 : n + 1]
        assert taken[0] == seat and all(state.seats[actor].is_ai for actor in taken[1:])
        assert not any(played.chances[n - steps + 1 : n + 1])


CASES = [(game_id, pattern) for game_id in GAME_IDS for pattern in PATTERNS]


@pytest.mark.parametrize("game_id, pattern", CASES)
def test_an_undo_takes_back_only_the_seats_own_decision_and_the_computers_after_it(game_id: str, pattern: str):
    game = GAMES[game_id]
    undone = {"by the seat to move": 0, "over computer decisions": 0, "refused after another human": 0}
    for index in range(GAMES_PER_CASE):
        played = play(game, pattern, seed=1_000 * len(pattern) + 17 * index + GAME_IDS.index(game_id))
        for n, state in enumerate(played.states):
            check_position(played, n)
            current = state.current_player
            if current is None or state.seats[current].is_ai:
                continue
            steps = undo_steps(state, current)
            if steps:
                undone["by the seat to move"] += 1
                if steps > 1:
                    undone["over computer decisions"] += 1
            elif another_human_just_decided(played, n):
                undone["refused after another human"] += 1  # e.g. the start of a turn after Bob's end of turn
            if n % SAVE_EVERY == SAVE_EVERY - 1:
                loaded = save.loads(save.dumps(state))
                for seat in range(state.num_players):
                    assert undo_steps(loaded, seat) == undo_steps(state, seat)
                    assert undo(loaded, seat).position() == undo(state, seat).position()
    # the cases the issue is about did occur in these games
    assert undone["by the seat to move"] > 0 and undone["refused after another human"] > 0, undone
    if "A" in pattern and game_id != "titan_dice":  # Titan Dice rolls at every turn's start: never undone over
        assert undone["over computer decisions"] > 0, undone
