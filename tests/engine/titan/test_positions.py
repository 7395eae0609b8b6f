"""A Titan position saved and read back: exactly, at every step of random games (in battle too), and a
damaged one refused with its reason."""

from __future__ import annotations

import pytest

from engine.core import Rng, Seat
from tests.engine.titan.helpers import GAME, new


def restored(state):
    return GAME.restore(state.num_players, state.options, state.seed, state.seats, state.position())


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (5, 6)])
def test_every_position_of_a_random_game_reads_back_exactly(players, seed):
    state = new(players, seed)
    rng = Rng(seed)
    seen_battle = False
    while not state.is_over:
        again = restored(state)
        assert again.position() == state.position()
        assert GAME.legal_actions(again) == GAME.legal_actions(state)
        seen_battle = seen_battle or state.battle is not None
        actions = [a for a in GAME.legal_actions(state) if a.kind not in ("concede", "propose", "accept", "flee")]
        state = GAME.apply(state, rng.choice(actions or GAME.legal_actions(state)))
    assert seen_battle


def test_a_damaged_position_is_refused_with_its_reason():
    state = new(2, 1)
    own = state.position()["own"]
    for bad, reason in [
        ({**own, "mover": 4}, "seat"),
        ({**own, "stock": {**own["stock"], "Ogre": -1}}, "stock"),
        ({**own, "legions": own["legions"][:1]}, "counters accounted for"),
        ({**own, "legions": [{**own["legions"][0], "land": 7777}, *own["legions"][1:]]}, "land"),
        ({**own, "phase": "party"}, "phase"),
    ]:
        position = {**state.position(), "own": bad}
        with pytest.raises(ValueError, match=reason):
            GAME.restore(2, state.options, state.seed, [Seat(name="Ann"), Seat(name="Bob")], position)
