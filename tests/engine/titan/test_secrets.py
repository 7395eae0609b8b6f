"""Hidden legions [15]: a seat's view holds only what it knows, and a bot's sampled world keeps nothing it
cannot see."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import Rng
from engine.titan.data import TITAN
from engine.titan.invariants import violations
from tests.engine.titan.helpers import GAME, new


def _fought(state, rng):
    actions = [a for a in GAME.legal_actions(state) if a.kind not in ("concede", "propose", "accept", "flee")]
    return GAME.apply(state, rng.choice(actions or GAME.legal_actions(state)))


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_no_view_holds_another_seats_hidden_characters(players, seed):
    state = new(players, seed)
    rng = Rng(seed)
    while not state.is_over and state.moves < 1500:
        for seat in range(players):
            view = GAME.view(state, seat)
            for legion in view["legions"]:
                real = state.legions[legion["marker"]]
                if legion["owner"] == seat:
                    assert legion["contents"] == real.contents
                    continue
                assert legion["contents"] is None and legion["height"] == real.height
                assert legion["known"] == real.known[seat]  # exactly what it was shown
                assert not Counter(legion["known"]) - Counter(real.contents)
        spectator = GAME.view(state, None)
        assert all(legion["contents"] is None for legion in spectator["legions"])
        state = _fought(state, rng)


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (4, 22)])
def test_a_sampled_world_keeps_what_the_seat_knows_and_deals_the_rest_from_the_unseen(players, seed):
    state = new(players, seed)
    rng = Rng(seed)
    checked = 0
    while not state.is_over and state.moves < 800:
        seat = state.current_player
        world = GAME.determinize(state, seat, Rng(state.moves))
        assert violations(world) == []
        for marker, legion in state.legions.items():
            sampled = world.legions[marker]
            assert sampled.height == legion.height
            if legion.owner == seat:
                assert sampled.contents == legion.contents
            else:
                assert not Counter(legion.knows(seat)) - Counter(sampled.contents)
                checked += 1
        for other in range(players):
            if state.players[other].alive:
                assert sum(lg.contents.count(TITAN) for lg in world.legions_of(other)) == 1
        state = _fought(state, rng)
    assert checked > 100


def test_terms_proposed_are_seen_by_the_two_players_only():
    from engine.titan.actions import Engage, Propose
    from tests.engine.titan.helpers import act, engaged

    state = engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"])
    state = act(state, Engage(land=6))
    state = act(state, Propose(eliminated="defender", losses=("Ogre",)))
    assert GAME.view(state, 1)["engagement"]["losses"] == ["Ogre"]
    assert "losses" not in GAME.view(state, None)["engagement"]
    assert "Ogre" not in state.log[-1]
