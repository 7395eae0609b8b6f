"""The shared bots (engine.core.bots) play Titan Race through the contract alone: legal, repeatable, honest."""

from __future__ import annotations

import pytest

from engine.core import Rng
from engine.core.bots import make_bot
from engine.titan_race import GAME
from engine.titan_race.state import Phase, TitanRaceState
from tests.engine.titan_race.helpers import find, new, position, titan, trap


def positions(count: int, seed: int) -> list[TitanRaceState]:
    """Positions reached by random play on different circuits (after the first round)."""
    found = []
    for index in range(count):
        state = GAME.new_game(
            3 + index % 2, {"circuit": ["lagoon", "anglieh", "ban_kog"][index % 3]}, seed=seed + index
        )
        chooser = Rng(seed + index)
        for _ in range(40 + 7 * index):
            legal = GAME.legal_actions(state)
            GAME.apply_unchecked(state, legal[chooser.randrange(len(legal))])
        assert not state.is_over
        found.append(state)
    return found


@pytest.mark.parametrize("level", [1, 2])
def test_bots_choose_legal_actions_and_leave_the_state_alone(level):
    for state in positions(3, seed=level):
        seat = state.current_player
        before = state.snapshot()
        action = make_bot(GAME, level, seed=2).choose(state, seat)
        assert action in GAME.legal_actions(state)
        assert state.snapshot() == before


def test_bots_never_read_the_games_dice():
    for state in positions(2, seed=7):
        seat = state.current_player
        expected = make_bot(GAME, 1, seed=4).choose(state, seat)
        other = state.clone()
        other.rng = Rng(987654321)
        assert make_bot(GAME, 1, seed=4).choose(other, seat) == expected


def test_hard_weighs_the_dice_it_leaves_to_the_next_player():
    # Grinder drafts first from yellow, red and blue. Rassik, next, stands on A9 of his third lap: only the yellow
    # die (A11, then over the line) wins him the race. For Grinder alone yellow is the worst die: its end space D8
    # holds a trap and he has one Life Point left (a K.O.). Hard takes yellow all the same, denying Rassik the win;
    # Easy, which looks no further than its own turn, takes another die.
    state = position(
        new(("grinder", "rassik", "craken"), "anglieh"), {"grinder": "D4", "rassik": "A9", "craken": "F2"}, "grinder"
    )
    titan(state, "grinder").lap = titan(state, "rassik").lap = 3
    titan(state, "grinder").life = 1
    trap(state, "D8")
    state.phase, state.pool = Phase.DRAFT, ["yellow", "red", "blue"]
    for seed in range(3):
        assert make_bot(GAME, 2, seed=seed).choose(state, 0) == find(state, "take_die", face="yellow")
        assert make_bot(GAME, 1, seed=seed).choose(state, 0) != find(state, "take_die", face="yellow")


def test_hard_chooses_the_strongest_titan_left_and_easy_takes_any():
    state = GAME.new_game(3, {"circuit": "lagoon"}, seed=1)
    assert state.phase == Phase.CHOOSE_TITAN
    assert make_bot(GAME, 2, seed=0).choose(state, 0) == find(state, "choose_titan", titan="rassik")
    after = GAME.apply(state, find(state, "choose_titan", titan="rassik"))
    assert make_bot(GAME, 2, seed=0).choose(after, 1) == find(after, "choose_titan", titan="craken")
    easy = {make_bot(GAME, 1, seed=seed).choose(state, 0).titan for seed in range(12)}
    assert len(easy) >= 3  # Easy takes its Titan at random (GreedySettings.random_kinds)


def test_the_heuristic_values_an_ability_less_as_the_race_ends():
    state = position(new(("rassik", "grinder")), {"rassik": "D4", "grinder": "D4"}, "rassik")
    early = GAME.heuristic(state, 0)
    assert early > 0.5  # level on the circuit, but Rassik's Ability is worth more than Grinder's
    late = position(state, {"rassik": "D10", "grinder": "D10"}, "rassik")
    for racer in late.titans:
        racer.lap = 3
    assert 0.5 < GAME.heuristic(late, 0) < early


def test_the_baseline_plays_whole_games_of_every_variant():
    from engine.core.bots import BASELINE

    for players, options in ((2, {"variant": "two_player"}), (3, {"circuit": "lagoon"}), (4, {"variant": "teams"})):
        state = GAME.new_game(players, options, seed=players)
        bots = [make_bot(GAME, BASELINE, seat) for seat in range(players)]
        while not state.is_over and state.moves < 3000:
            seat = state.current_player
            state = GAME.apply(state, bots[seat].choose(state, seat))
        assert state.is_over
