"""No seat's view holds what that seat may not know, and the bots sample every hand but their own.

The property: a seat's view does not change when every Bonus card that seat cannot see (the other
Titans' hands, team-mates' included, and the deck's order) is dealt again at random, hand sizes kept.
Checked for every seat at many steps of random games of every variant.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng
from engine.titan_race import GAME
from engine.titan_race.state import TitanRaceState

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {"circuit": "lagoon"}),
    (3, {"circuit": "moltenchest"}),
    (2, {"circuit": "lagoon", "variant": "two_player"}),
    (4, {"circuit": "lagoon", "variant": "teams"}),
    (6, {"circuit": "ban_kog", "variant": "teams", "team_size": 3}),
    (4, {"variant": "grand_slam", "grand_slam_circuits": ["lagoon", "kaldheira", "anglieh"]}),
]


def redeal(state: TitanRaceState, seat: int, rng: Rng) -> TitanRaceState:
    """A copy in which every card `seat` cannot see is dealt again at random (hand sizes kept)."""
    copy = state.clone()
    assert isinstance(copy, TitanRaceState)
    hidden = [t for t in copy.titans if t.owner != seat]
    unknown = [*copy.deck, *(card for t in hidden for card in t.hand)]
    rng.shuffle(unknown)
    for titan in hidden:
        size = len(titan.hand)
        titan.hand, unknown = unknown[:size], unknown[size:]
    copy.deck = unknown
    return copy


@pytest.mark.parametrize("players, options", CONFIGS, ids=[f"{p}p-{o.get('variant', 'standard')}" for p, o in CONFIGS])
def test_no_view_holds_another_seats_cards(players, options):
    checked = 0
    for seed in range(6):
        state = GAME.new_game(players, options, seed=seed)
        chooser, dealer = Rng(seed), Rng(seed + 99)
        step = 0
        while not state.is_over and step < 400:
            if step % 3 == 0:
                for seat in range(players):
                    view = GAME.view(state, seat)
                    for titan in view["titans"]:
                        assert titan["owner"] == seat or titan["hand"] is None
                    other = redeal(state, seat, dealer)
                    assert GAME.view(other, seat) == view, f"seat {seat} sees a card it may not (step {step})"
                    checked += 1
            GAME.apply_unchecked(state, chooser.choice(GAME.legal_actions(state)))
            step += 1
    assert checked > 400


def test_a_team_mates_hand_is_sampled_like_an_opponents():
    """Regression: hands stay hidden even from a team-mate (ruling 25): a bot's worlds deal them again too."""
    state = GAME.new_game(4, {"circuit": "kaldheira", "variant": "teams"}, seed=3)
    chooser = Rng(3)

    def mate_of(seat: int) -> int:
        return next(
            i for i, t in enumerate(state.titans) if t.owner != seat and state.teams[t.owner] == state.teams[seat]
        )

    while (
        state.round_number < 2 or state.phase.value != "draft" or not state.titans[mate_of(state.current_player)].hand
    ):
        GAME.apply_unchecked(state, chooser.choice(GAME.legal_actions(state)))
    seat = state.current_player
    mate = mate_of(seat)
    own = [t.hand for t in state.titans if t.owner == seat]
    samples = [GAME.determinize(state, seat, Rng(k)) for k in range(40)]
    assert all([t.hand for t in s.titans if t.owner == seat] == own for s in samples)  # its own cards are known
    assert len({tuple(s.titans[mate].hand) for s in samples}) > 1  # the team-mate's are not
