"""Shared random-play test: every registered game, every player count, many seeded games to the end.

After every action the game's invariants are checked; at random points the save string round-trips,
an illegal action is refused with the state unchanged, and every seat's view is JSON-ready and free of
RNG state. A game that does not end within its cap fails the test.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import Action, Game, GameState, IllegalAction, Rng, save
from engine.core.undo import undo_steps
from engine.registry import GAMES

# Games per (game id, player count); other games get DEFAULT_GAMES per count.
# Born of Titans: uniformly random Heroes wander 10,000 to 60,000 actions before three Quests, so one 2-player
# game here (tests/engine/born_of_titans/test_random_play.py plays many shorter, partly purposeful games at
# every player count); a count planned for no game is not a case.
PLAN: dict[str, dict[int, int]] = {
    "titan_dice": {1: 200, 2: 100, 3: 100, 4: 100},
    "born_of_titans": {2: 1, 3: 0, 4: 0},
}
DEFAULT_GAMES = 10
# Actions after which an unfinished game fails the test (random play is slow to end, but must end).
MAX_ACTIONS: dict[str, int] = {"titan_dice": 100_000, "born_of_titans": 100_000}
DEFAULT_MAX_ACTIONS = 20_000
FULL_APPLY_EVERY = 10  # every tenth game goes through `game.apply` (clone + legality check) for every action
VIEW_CHANCE = 1 / 150  # per action: check every seat's view
ILLEGAL_CHANCE = 1 / 400  # per action: try an illegal action
SAVE_CHANCE = 1 / 1500  # per action: save string round trip (replays the whole game)


def _cases() -> list[tuple[str, int]]:
    """(game id, player count) for every real registered game (the test games excluded: the toy games, and the
    synthetic stress game that tests/engine/test_saves.py and the benchmarks register, so the cases never depend
    on which test module was imported first)."""
    return [
        (game_id, players)
        for game_id in sorted(GAMES)
        if not game_id.startswith("toy_") and game_id != "stress"
        for players in range(GAMES[game_id].min_players, GAMES[game_id].max_players + 1)
        if PLAN.get(game_id, {}).get(players, DEFAULT_GAMES) > 0
    ]


@pytest.mark.parametrize("game_id, players", _cases())
def test_random_play(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    count = PLAN.get(game_id, {}).get(players, DEFAULT_GAMES)
    for index in range(count):
        play_one(game, players, seed=10_000 * players + index, full_apply=index % FULL_APPLY_EVERY == 0)


def play_one(
    game: Game, players: int, seed: int, full_apply: bool, options: dict | None = None, watch: Any = None
) -> GameState:
    """Play one seeded random game to its end, checking everything along the way. A game with a clock
    (Battle Titan's time ending) is given half a minute of it every 40 actions. `watch(state)`, if given,
    makes a watcher told `before(state)` and `after(state)` each action and `at_end(game, state)`."""
    chooser = Rng(seed ^ 0x5EED)
    state = game.new_game(players, options, seed=seed)
    watcher = watch(state) if watch is not None else None
    clock = getattr(game, "add_time", None)
    check_views(game, state)
    cap = MAX_ACTIONS.get(game.id, DEFAULT_MAX_ACTIONS)
    seen: set[Action] = set()  # actions legal somewhere earlier: candidates for illegal ones
    saved = False
    steps = 0
    while not state.is_over:
        legal = game.legal_actions(state)
        assert legal, f"{game.id} seed {seed}: no legal action but the game is not over"
        if chooser.random() < ILLEGAL_CHANCE:
            check_illegal_refused(game, state, legal, seen)
        if len(seen) < 300:
            seen.update(legal)
        action = chooser.choice(legal)
        if watcher is not None:
            watcher.before(state)
        if full_apply:
            state = game.apply(state, action)
        else:
            game.apply_unchecked(state, action)
        steps += 1
        if watcher is not None:
            watcher.after(state)
        if clock is not None and steps % 40 == 0:
            state = clock(state, 30)
        problems = game.invariant_violations(state)
        assert not problems, f"{game.id} seed {seed} after {action.describe()!r}: {problems}"
        if chooser.random() < VIEW_CHANCE:
            check_views(game, state)
        if not saved and chooser.random() < SAVE_CHANCE:
            check_save_round_trip(state)
            saved = True
        if steps > cap:
            pytest.fail(f"{game.id} with {players} players, seed {seed}: not over after {cap} actions")
    assert game.legal_actions(state) == []
    assert state.current_player is None
    scores = game.scores(state)
    assert len(scores) == players
    assert set(game.winners(state)) <= set(range(players))
    check_views(game, state)
    if full_apply:
        check_save_round_trip(state)
    if watcher is not None:
        watcher.at_end(game, state)
    return state


def check_views(game: Game, state: GameState) -> None:
    """Every seat's view (and a spectator's) is JSON-ready and holds no RNG state."""
    secret = str(state.rng.state)
    for seat in [*range(state.num_players), None]:
        view = game.view(state, seat)
        text = json.dumps(view)
        assert json.loads(text) == view, "the view does not survive JSON"
        assert '"rng"' not in text, "the view holds an rng entry"
        assert secret not in text, "the view holds the RNG state"


def check_illegal_refused(game: Game, state: GameState, legal: list[Action], seen: set[Action]) -> None:
    """An action legal elsewhere but not here is refused, with a message, and changes nothing."""
    here = set(legal)
    candidates = sorted((a for a in seen if a not in here), key=repr)
    if not candidates:
        return
    action = candidates[state.moves % len(candidates)]
    before = state.snapshot()
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, action)
    assert str(refused.value)
    assert state.snapshot() == before
    with pytest.raises(IllegalAction):
        game.apply(state, {"kind": "no_such_action"})
    assert state.snapshot() == before


def check_save_round_trip(state: GameState) -> None:
    """The save string loads back to an equal state, with the same undo."""
    text = save.dumps(state)
    loaded = save.loads(text)
    assert loaded == state
    seats = range(state.num_players)
    assert [undo_steps(loaded, seat) for seat in seats] == [undo_steps(state, seat) for seat in seats]


# Battle Titan under each kind of ending, short ones so that random play reaches them.
BATTLE_ENDINGS = {
    "rounds": {"rounds": 4},
    "time": {"ending": "time", "minutes": 5},
    "appearance": {"ending": "appearance", "creature": "Lion"},
    "extinction": {"ending": "extinction", "creature": "Centaur"},
}


def _seeds(ending: str, players: int, ci: bool) -> list[int]:
    """One seed in CI, a few more slow-marked."""
    return [0] if ci else [1, 2, 3, 4, 5]


def _battle_titan(ending: str, players: int, seeds: list[int]) -> None:
    """Random games watched after every action (tests/engine/titan/war_watch.py: scores, counters, respawns,
    equal turns)."""
    from tests.engine.titan.war_watch import WarWatch

    game = GAMES["titan"]
    for seed in seeds:
        options = {"variant": "battle", **BATTLE_ENDINGS[ending]}
        state = play_one(game, players, seed=seed, full_apply=seed % 2 == 0, options=options, watch=WarWatch)
        own = state.war  # type: ignore[attr-defined]
        totals = game.scores(state)
        assert totals == [points + half for points, half in zip(own.points, _halves(state), strict=True)]
        assert state.mover == state.order[-1]  # type: ignore[attr-defined]
        check_save_round_trip(state)


def _halves(state: GameState) -> list[float]:
    """Half the value of each player's living characters, counted here apart from the engine's reckoning."""
    from engine.titan.data import character_value

    halves = [0.0] * state.num_players
    for legion in state.legions.values():  # type: ignore[attr-defined]
        score = state.players[legion.owner].score  # type: ignore[attr-defined]
        halves[legion.owner] += sum(character_value(name, score) for name in legion.contents) / 2
    return halves


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("ending", list(BATTLE_ENDINGS))
def test_random_play_titan_battle(ending: str, players: int) -> None:
    _battle_titan(ending, players, _seeds(ending, players, ci=True))


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("ending", list(BATTLE_ENDINGS))
def test_random_play_titan_battle_more_seeds(ending: str, players: int) -> None:
    _battle_titan(ending, players, _seeds(ending, players, ci=False))
