"""Whole games of all four games with every seat a friend on another device (app/remote/host.py and guest.py over a
fake channel): every message the host sends is read as the friend's page reads it and checked against
`game.view(state, seat)` for that friend's seat at that moment, its choices against that seat's legal actions, and
nothing of the state's secrets (the seed, the RNG) is in it. Hidden information is in play: Titan's legions,
Titan Race's Bonus hands, Born of Titans' face-down and Divine counters (a Divine counter is played in another
player's turn in the Born of Titans game, and the test says so)."""

from __future__ import annotations

import json
import random

import pytest

from app.remote.guest import GuestSession
from app.remote.host import HostSession
from app.remote.messages import Joiner, parse_host
from engine.core import bots
from engine.core.game import Seat
from engine.registry import GAMES
from tests.app.remote_helpers import RELEASE, Clock

# game -> (players, seed (nine digits: a message naming it is caught), the choosers' level (0 random, else the
# game's bot at that level), moves at most)
GAMES_PLAYED = {
    "titan_dice": (3, 918273605, 1, 3000),
    "titan_race": (4, 918273606, 0, 3000),
    "titan": (3, 918273607, 1, 4000),
    "born_of_titans": (2, 918273608, 2, 4000),
}


class Watched:
    """A friend's end of the channel: each host message (its parts joined) is checked, then delivered."""

    def __init__(self, host: HostSession, seat: int) -> None:
        self.host, self.seat = host, seat
        self.joiner = Joiner()
        self.guest: GuestSession | None = None
        self.records = 0
        self.secrets = [str(host.state.seed)]
        self.closed = False
        self.failures: list[str] = []

    def send(self, text: str) -> None:
        assert not self.closed
        whole = self.joiner.feed(text) if text.startswith("~") else text
        if whole is not None:
            try:
                self.check(whole)
            except AssertionError as error:  # raised inside the host's boundary, which would turn it into a refusal
                self.failures.append(f"seat {self.seat}: {error}")
        assert self.guest is not None
        self.guest.receive(text)

    def close(self) -> None:
        self.closed = True

    def check(self, text: str) -> None:
        message = parse_host(text)  # as the friend's page reads it
        state, game = self.host.state, self.host.game
        if message.t == "record":
            record = message.record
            self.records += 1
            assert record.seat == self.seat
            assert record.view == json.loads(json.dumps(game.view(state, self.seat))), "not this seat's view"
            asked = not state.is_over and state.current_player == self.seat
            legal = [a.model_dump(mode="json") for a in game.legal_actions(state)] if asked else []
            assert [choice.action for choice in record.choices] == legal, "choices other than this seat's"
        elif message.t == "welcome":
            assert message.seat == self.seat
        for secret in self.secrets:  # seeds of nine digits, which nothing else in a game's record could be
            assert secret not in text, "the seed is in a message"


@pytest.mark.parametrize("game_id", list(GAMES_PLAYED))
def test_a_whole_game_with_every_seat_a_friend_sends_each_only_its_seats_view(game_id: str) -> None:
    players, seed, level, most = GAMES_PLAYED[game_id]
    game = GAMES[game_id]
    names = ["Ann", "Bob", "Cyd", "Dee"][:players]
    state = game.new_game(players, seed=seed, seats=[Seat(name=name) for name in names])
    host = HostSession(game, state, release=RELEASE, clock=Clock())
    ends: dict[int, Watched] = {}
    guests: dict[int, GuestSession] = {}
    for seat in range(players):
        end = Watched(host, seat)
        link = host.connect(end)
        back = _Back(link)
        guest = GuestSession(back, host.invite(seat), release=RELEASE)
        end.guest = guest
        ends[seat], guests[seat] = end, guest
        guest.open()
    choosers = {seat: bots.make_bot(game, level, 100 + seat) for seat in range(players)} if level else {}
    chooser = random.Random(seed)
    moves = out_of_turn = 0
    while not host.state.is_over and moves < most:
        state = host.state
        seat = state.current_player
        assert seat is not None
        host.clock.now += 0.5  # type: ignore[attr-defined]  # clicks at a human pace: within the friend's rate
        action = choosers[seat].choose(state, seat) if level else chooser.choice(game.legal_actions(state))
        wanted = action.model_dump(mode="json")
        record = guests[seat].record
        assert record is not None and record.asked
        index = next(i for i, choice in enumerate(record.choices) if choice.action == wanted)
        if wanted.get("kind") == "play_divine" and _turn_of(state) not in (None, seat):
            out_of_turn += 1
        assert guests[seat].act(index)
        assert not host.faults and not any(end.failures for end in ends.values()), (host.faults, ends[seat].failures)
        assert host.state is not state, guests[seat].notice  # played at the host
        moves += 1
    assert host.state.is_over, f"{game_id}: not over after {moves} moves"
    assert all(end.records > moves * 0.9 for end in ends.values())  # every friend followed every move
    assert all(guest.record is not None and guest.record.over for guest in guests.values())
    if game_id == "born_of_titans":
        assert out_of_turn > 0, "no Divine counter was played in another player's turn"


class _Back:
    """The friend's page's end: what it sends goes to the host's link for it."""

    def __init__(self, link) -> None:
        self.link = link

    def send(self, text: str) -> None:
        self.link.receive(text)

    def close(self) -> None:
        pass


def _turn_of(state) -> int | None:
    """Whose turn it is in a Born of Titans position (not who is asked: a moment asks every player)."""
    mover = getattr(state, "mover", -1)
    return mover if isinstance(mover, int) and mover >= 0 else None
