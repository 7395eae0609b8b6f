"""Titan's computer players never read what their seat does not know.

At a decision of real games, the bot's choice on the real state is compared with its choice, for the same bot
seed and seat, on copies where everything the seat has not seen is dealt again: `Titan.determinize(state, seat,
Rng(other))` deals other players' unseen characters again and gives the copy other dice to come. A bot that
reads another player's hidden legion contents, the state's RNG or its seed sees a different game in the copy
and, sooner or later, decides differently; one that reads only what its seat knows decides the same.

The games mix the bot under test with Random or Standard seats, 2 to 4 players, so the decisions cover the
whole game (splits, moves, engagements, battles, musters). CI checks `CI_DECISIONS` decisions per level (a
constant to scale when Strong grows slower: the whole file should stay within about a minute); the slow test
checks `SLOW_DECISIONS` per level:

    .venv/bin/python -m pytest tests/engine/titan/test_ai_secrets.py -m slow -q
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import Rng
from engine.core.bots import BASELINE, make_bot
from engine.titan.ai.levels import CLUB
from engine.titan.game import Titan
from engine.titan.state import TitanState

GAME = Titan()
CI_DECISIONS = 200  # decisions compared per level in CI
SLOW_DECISIONS = 3000  # ... in the slow run
# One masterboard decision in five of the tested seats is compared, one battle decision in two (the games reach
# further for the same cost, and battles, a few turns in the making, are not left out)
CHECK_EVERY = {"board": 5, "battle": 2}
GAMES_AT_LEAST = 6  # a game gives at most this share of the decisions, so that several setups are covered
MAX_ACTIONS = 2500  # a game stops here (4 Standard seats may play longer): the next setup starts
LEVELS = [1, 2, BASELINE, CLUB]  # Standard, Strong, the scripted baseline, the club player
BATTLE = {"maneuver", "strike", "carry"}


def _hidden_differs(state: TitanState, copy: TitanState) -> bool:
    """True if the copy dealt some legion other contents than it really holds (what a cheat would see)."""
    return any(copy.legions[marker].contents != legion.contents for marker, legion in state.legions.items())


def compare(level: int, decisions: int, copies: int = 1) -> Counter:
    """Play real games until `decisions` decisions of `level` with two or more legal actions are compared on
    `copies` determinized copies each; fail at the first that differs. Returns counts by phase, and how many
    comparisons were made on a copy whose hidden legions really were dealt differently ("dealt again")."""
    counts: Counter = Counter()
    setup = 0
    while counts["decisions"] < decisions:
        players = 2 + setup % 3
        other = 0 if setup % 2 == 0 else 1  # Random or Standard seats around the one under test
        levels = [other] * players
        levels[setup % players] = level
        seed = 900 + 31 * level + setup
        bots = [make_bot(GAME, levels[seat], seed * 10 + seat) for seat in range(players)]
        state = GAME.new_game(players, seed=seed)
        turns: Counter = Counter()
        quota = min(decisions, counts["decisions"] + max(10, decisions // GAMES_AT_LEAST))
        while not state.is_over and state.moves < MAX_ACTIONS and counts["decisions"] < quota:
            seat = state.current_player
            assert seat is not None
            action = bots[seat].choose(state, seat)
            if levels[seat] == level and len(GAME.legal_actions(state)) > 1:
                where = "battle" if str(state.phase) in BATTLE else "board"
                turns[where] += 1
                if turns[where] % CHECK_EVERY[where] == 0:
                    for k in range(copies):
                        copy = GAME.determinize(state, seat, Rng(seed * 1_000_003 + state.moves * 7 + k))
                        twin = make_bot(GAME, level, seed * 10 + seat)  # the same bot: same seed, same seat
                        assert twin.choose(copy, seat) == action, (
                            f"level {level} decided otherwise on a copy dealt again: seed {seed}, {players} "
                            f"players, action {state.moves}, phase {state.phase}"
                        )
                        counts["dealt again"] += _hidden_differs(state, copy)
                    counts["decisions"] += 1
                    counts[str(state.phase)] += 1
            state = GAME.apply(state, action)
        setup += 1
    counts["games"] = setup
    return counts


@pytest.mark.parametrize("level", LEVELS, ids=["standard", "strong", "baseline", "club"])
def test_decisions_do_not_change_when_what_the_seat_has_not_seen_is_dealt_again(level):
    counts = compare(level, CI_DECISIONS)
    # the comparison means something: most copies really hold other characters, and battles are among them
    assert counts["dealt again"] >= CI_DECISIONS // 2, counts
    assert sum(counts[phase] for phase in BATTLE) >= CI_DECISIONS // 10, counts


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS, ids=["standard", "strong", "baseline", "club"])
def test_thousands_of_decisions_do_not_change_when_what_the_seat_has_not_seen_is_dealt_again(level):
    counts = compare(level, SLOW_DECISIONS, copies=2)
    assert counts["dealt again"] >= SLOW_DECISIONS, counts
    assert sum(counts[phase] for phase in BATTLE) >= SLOW_DECISIONS // 20, counts
