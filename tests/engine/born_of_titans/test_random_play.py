"""Seeded random games to the end for 2-4 players: invariants after every action, illegal actions refused with
the state unchanged, saves round-tripping (at every step in some games), every view JSON-ready."""

from __future__ import annotations

import json

import pytest

from engine.born_of_titans import GAME
from engine.born_of_titans.state import BornState
from engine.core import Action, IllegalAction, Rng, save
from tests.engine.born_of_titans.random_games import play_game, purposeful

OPTIONS = [None, {"play_for_places": True}, {"moments": "challenges"}]


class Watch:
    """Checks around every action of one game."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed ^ 0xC0FFEE)
        self.seen: set[Action] = set()
        self.actions = 0

    def before(self, state: BornState, action: Action) -> None:
        legal = GAME.legal_actions(state)
        assert action in legal and legal
        if self.rng.random() < 0.02:
            self.refuse_one(state, legal)
        if len(self.seen) < 400:
            self.seen.update(legal)

    def after(self, state: BornState, action: Action) -> None:
        self.actions += 1
        problems = GAME.invariant_violations(state)
        assert not problems, f"after {action.describe()!r}: {problems}"
        if self.rng.random() < 0.01:
            for seat in [*range(state.num_players), None]:
                view = GAME.view(state, seat)
                assert json.loads(json.dumps(view)) == view

    def refuse_one(self, state: BornState, legal: list[Action]) -> None:
        """An action legal elsewhere but not here is refused, and nothing changes."""
        here = set(legal)
        candidates = sorted((a for a in self.seen if a not in here), key=repr)
        if not candidates:
            return
        before = state.snapshot()
        with pytest.raises(IllegalAction):
            GAME.apply(state, candidates[state.moves % len(candidates)])
        with pytest.raises(IllegalAction):
            GAME.apply(state, {"kind": "no_such_action"})
        assert state.snapshot() == before


def _games(players: int, count: int, first_seed: int) -> list[int]:
    lengths = []
    for seed in range(first_seed, first_seed + count):
        watch = Watch(seed)
        state, steps = play_game(players, seed, OPTIONS[seed % 3], watch.before, watch.after)
        assert state.is_over and GAME.winners(state) and GAME.legal_actions(state) == []
        assert len(GAME.scores(state)) == players
        lengths.append(steps)
    return lengths


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players):
    _games(players, 7 if players < 4 else 6, first_seed=100 * players)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_many(players):
    """The issue's 500+ games (170 per player count)."""
    _games(players, 170, first_seed=10_000 * players)


def _saving_game(players: int, seed: int, options: dict | None) -> int:
    """A game played with `apply` (the undo chain kept), its save string round-tripping after every action."""
    chooser = Rng(seed)
    state = GAME.new_game(players, options, seed=seed)
    steps = 0
    while not state.is_over:
        legal = GAME.legal_actions(state)
        action = purposeful(state, legal) if chooser.random() < 0.7 else None  # type: ignore[arg-type]
        state = GAME.apply(state, action or chooser.choice(legal))
        loaded = save.loads(save.dumps(state))
        assert loaded == state
        steps += 1
    return steps


def test_saves_round_trip_at_every_step():
    assert _saving_game(3, 7, {"play_for_places": True}) > 50


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_saves_round_trip_at_every_step_more_games(players):
    for seed in range(5):
        _saving_game(players, 500 + seed, OPTIONS[seed % 3])


def test_a_save_of_every_phase_opens_and_plays_on():
    phases = {}

    def note(state, action):
        if state.phase.value not in phases:
            phases[state.phase.value] = save.dumps(state)

    for seed in range(6):
        play_game(3, seed, OPTIONS[seed % 3], each=note)
    assert {"choose_hero", "choose_start", "place_quest", "turn", "move", "challenge", "react", "restock",
            "sacrifice", "ally", "underworld"} <= set(phases)  # fmt: skip
    for text in phases.values():
        loaded = save.loads(text)
        assert GAME.invariant_violations(loaded) == [] and GAME.legal_actions(loaded)
        GAME.apply(loaded, GAME.legal_actions(loaded)[0])
