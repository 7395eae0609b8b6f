"""The bots: legal, repeatable, blind to the dice to come, harmless to the real state, sliceable."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game, GameState, Rng
from engine.core.bots import (
    BotSettings,
    GreedyBot,
    GreedySettings,
    MctsBot,
    MctsSettings,
    RandomBot,
    bot_levels,
    make_bot,
)
from engine.registry import GAMES
from tests.engine.toy_game import PIG

LEVELS = (0, 1, 2)
# Small budgets keep the tests fast; the search code is the same as at full strength.
SMALL = BotSettings(greedy=GreedySettings(samples=2), mcts=MctsSettings(iterations=60))


def all_games() -> list[Game]:
    """Every registered game, plus the toy Pig game."""
    games = {PIG.id: PIG}
    games.update(GAMES)
    return [games[key] for key in sorted(games)]


def players_for(game: Game) -> int:
    """Two players where the game allows, else its minimum."""
    return min(max(2, game.min_players), game.max_players)


def random_positions(game: Game, count: int, seed: int = 0) -> list[GameState]:
    """Positions reached by random play from seeded starts (never a finished game)."""
    rng = Rng(seed + 99)
    positions = []
    for index in range(count):
        state = game.new_game(players_for(game), seed=seed + index)
        for _ in range(rng.randrange(40 * (index + 1))):
            if state.current_player is None:
                break
            legal = game.legal_actions(state)
            candidate = game.apply(state, rng.choice(legal))
            if candidate.current_player is None:
                break
            state = candidate
        positions.append(state)
    return positions


def small_bot(game: Game, level: int, seed: int) -> Any:
    """A bot of `level` with the small test budgets (a game's own bot as it is)."""
    own = game.own_bot(level, seed)
    if own is not None:
        return own
    return {0: RandomBot, 1: GreedyBot, 2: MctsBot}[level](game, seed, SMALL)


def offered(game: Game, level: int) -> None:
    """Skip a level the game does not offer (a game with bots of its own names its levels)."""
    if level and level not in [number for number, _ in bot_levels(game)]:
        pytest.skip(f"{game.id} does not offer level {level}")


class PoisonedRng(Rng):
    """An RNG that fails the moment anyone draws from it: a bot must never read the game's dice."""

    __slots__ = ()

    def next64(self) -> int:
        raise AssertionError("a bot drew from the game's own RNG")

    def randrange(self, n: int) -> int:
        raise AssertionError("a bot drew from the game's own RNG")

    def copy(self) -> PoisonedRng:
        return PoisonedRng(self.state, self.draws)


GAME_IDS = [game.id for game in all_games()]


@pytest.fixture(params=all_games(), ids=GAME_IDS)
def game(request: pytest.FixtureRequest) -> Game:
    return request.param


def test_levels_and_factory(game: Game) -> None:
    levels = bot_levels(game)
    own = game.bot_levels()
    assert [level for level, _ in levels] == ([1, 2] if own is None else [level for level, _ in own])
    assert all(isinstance(name, str) and name for _, name in levels)
    for level in (0, *(level for level, _ in levels)):
        assert make_bot(game, level, seed=1).level == level
    with pytest.raises(ValueError, match="no bot level"):
        make_bot(game, 7, seed=1)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_actions(game: Game, level: int) -> None:
    offered(game, level)
    for state in random_positions(game, 4 if level == 2 else 8, seed=level):
        seat = state.current_player
        assert seat is not None
        action = make_bot(game, level, seed=5).choose(state, seat)
        assert action in game.legal_actions(state)


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choice(game: Game, level: int) -> None:
    offered(game, level)
    for state in random_positions(game, 4, seed=10 + level):
        seat = state.current_player
        assert seat is not None
        first = small_bot(game, level, 3).choose(state, seat)
        bot = small_bot(game, level, 3)
        assert bot.choose(state, seat) == first
        assert bot.choose(state, seat) == first  # no hidden carry-over between decisions


@pytest.mark.parametrize("level", LEVELS)
def test_bot_leaves_the_real_state_alone(game: Game, level: int) -> None:
    offered(game, level)
    for state in random_positions(game, 3, seed=20 + level):
        seat = state.current_player
        assert seat is not None
        before = state.snapshot()
        small_bot(game, level, 4).choose(state, seat)
        assert state.snapshot() == before


@pytest.mark.parametrize("level", LEVELS)
def test_bot_never_reads_the_games_rng(game: Game, level: int) -> None:
    offered(game, level)
    for state in random_positions(game, 3, seed=30 + level):
        seat = state.current_player
        assert seat is not None
        expected = small_bot(game, level, 6).choose(state, seat)
        for other_seed in (1, 12345, 2**40 + 7):
            twin = state.clone()
            twin.rng = Rng(other_seed, draws=other_seed % 17)
            twin.seed = other_seed
            assert small_bot(game, level, 6).choose(twin, seat) == expected
        poisoned = state.clone()
        poisoned.rng = PoisonedRng(state.rng.state, state.rng.draws)
        assert small_bot(game, level, 6).choose(poisoned, seat) == expected


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("slice_size", [1, 7, 1000])
def test_thinking_in_slices_matches_choose(game: Game, level: int, slice_size: int) -> None:
    offered(game, level)
    for state in random_positions(game, 3, seed=40 + level):
        seat = state.current_player
        assert seat is not None
        expected = small_bot(game, level, 8).choose(state, seat)
        thinking = small_bot(game, level, 8).begin(state, seat)
        progress = [thinking.progress]
        steps = 0
        while not thinking.step(slice_size):
            progress.append(thinking.progress)
            steps += 1
            assert steps < 100_000
        progress.append(thinking.progress)
        assert thinking.result == expected
        assert all(0.0 <= p <= 1.0 for p in progress)
        assert progress == sorted(progress) and progress[-1] == 1.0
        assert thinking.step(slice_size) is True  # stepping a finished decision is harmless


def test_forced_decision_needs_no_work(game: Game) -> None:
    for state in random_positions(game, 30, seed=50):
        seat = state.current_player
        assert seat is not None
        legal = game.legal_actions(state)
        if len(legal) == 1:
            strongest = max(level for level, _ in bot_levels(game))
            thinking = make_bot(game, strongest, seed=1).begin(state, seat)
            assert thinking.is_done and thinking.progress == 1.0
            assert thinking.result == legal[0]


def test_wrong_seat_is_refused(game: Game) -> None:
    state = random_positions(game, 1)[0]
    seat = state.current_player
    assert seat is not None
    with pytest.raises(ValueError, match="not seat"):
        make_bot(game, 1, seed=1).begin(state, (seat + 1) % state.num_players)


def test_random_bots_play_whole_games(game: Game) -> None:
    for seed in range(3):
        state = game.new_game(players_for(game), seed=seed)
        bots = [make_bot(game, 0, seed=seed * 10 + seat) for seat in range(state.num_players)]
        for _ in range(20_000):
            seat = state.current_player
            if seat is None:
                break
            state = game.apply(state, bots[seat].choose(state, seat))  # the checked apply refuses illegal actions
        assert state.is_over
        assert game.winners(state)


def test_hard_bot_beats_random_at_pig() -> None:
    """A smoke check, not a statistic: the search must find Pig's obvious edge over random play."""
    settings = BotSettings(mcts=MctsSettings(iterations=150))
    wins = 0
    games = 12
    for index in range(games):
        hard_seat = index % 2
        state = PIG.new_game(2, seed=index)
        bots = [MctsBot(PIG, index, settings), RandomBot(PIG, index)]
        if hard_seat == 1:
            bots.reverse()
        while state.current_player is not None:
            seat = state.current_player
            state = PIG.apply(state, bots[seat].choose(state, seat))
        wins += hard_seat in PIG.winners(state)
    assert wins >= 8


@pytest.mark.parametrize("level", [1, 2])
def test_every_player_count(game: Game, level: int) -> None:
    """Per-seat values back up correctly for any number of players (solo included)."""
    for players in range(game.min_players, game.max_players + 1):
        state = game.new_game(players, seed=players)
        rng = Rng(players)
        for _ in range(12):
            if state.current_player is None:
                break
            seat = state.current_player
            action = small_bot(game, level, players).choose(state, seat)
            assert action in game.legal_actions(state)
            # Let random play move the game on, so later decisions come from other seats and phases.
            state = game.apply(state, action if rng.random() < 0.5 else rng.choice(game.legal_actions(state)))


@pytest.mark.parametrize(
    "knobs",
    [
        MctsSettings(iterations=80, widening=0.5),
        MctsSettings(iterations=40, rollout_greedy=0.5, max_turns=3),
        MctsSettings(iterations=500, action_budget=100),
    ],
    ids=["widening", "greedy-playouts", "action-budget"],
)
def test_search_variants_play_legal_actions(game: Game, knobs: MctsSettings) -> None:
    for state in random_positions(game, 3, seed=60):
        seat = state.current_player
        assert seat is not None
        bot = MctsBot(game, 2, BotSettings(mcts=knobs))
        thinking = bot.begin(state, seat)
        while not thinking.step(5):
            pass
        assert thinking.result in game.legal_actions(state)
        assert thinking.result == bot.choose(state, seat)
