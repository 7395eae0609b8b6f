"""The host's and a guest's sessions (app/remote/host.py, guest.py) over a fake channel: joining, playing, every
message type, hostile messages, a flood, a reconnect and a host reload."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from app.remote.guest import GuestSession
from app.remote.host import CLOSE_AFTER, HostSession, Link
from app.remote.messages import GUEST_TEXT, PROTOCOL, parse_host
from app.remote.record import seat_record
from engine.core import save
from engine.core.game import GameState, Seat
from engine.core.undo import undo_steps
from engine.registry import GAMES
from tests.app.remote_helpers import RELEASE, Clock


class Pipe:
    """One end of a fake data channel: what it sends goes to `deliver` (the other end's receive)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed = False
        self.deliver: Callable[[str], None] | None = None

    def send(self, text: str) -> None:
        assert not self.closed, "sent on a closed channel"
        self.sent.append(text)
        if self.deliver is not None:
            self.deliver(text)

    def close(self) -> None:
        self.closed = True

    def last(self) -> dict:
        return json.loads(self.sent[-1])


def host_of(game_id: str, players: int, seed: int, state: GameState | None = None, **kw) -> HostSession:
    game = GAMES[game_id]
    if state is None:
        state = game.new_game(players, seed=seed, seats=[Seat(name=n) for n in ["Ann", "Bob", "Cyd", "Dee"][:players]])
    return HostSession(game, state, release=RELEASE, clock=kw.pop("clock", Clock()), **kw)


def join(host: HostSession, seat: int, token: str | None = None) -> tuple[GuestSession, Link, Pipe, Pipe]:
    """A friend's page joined to `seat` through a fresh pair of pipes."""
    to_guest, to_host = Pipe(), Pipe()
    link = host.connect(to_guest)
    guest = GuestSession(to_host, token or host.invite(seat), release=RELEASE)
    to_guest.deliver = guest.receive
    to_host.deliver = link.receive
    guest.open()
    return guest, link, to_guest, to_host


def same(one: object, other: object) -> bool:
    """Two records hold the same (pydantic's == also compares which fields were given)."""
    return one is not None and other is not None and one.model_dump() == other.model_dump()  # type: ignore[attr-defined]


def snapshot(host: HostSession) -> dict:
    return host.state.snapshot()


def refusal(pipe: Pipe) -> tuple[str, str]:
    message = pipe.last()
    assert message["t"] == "refused", message
    return message["code"], message["message"]


def test_a_friend_plays_a_whole_game_and_sees_exactly_his_record() -> None:
    host = host_of("titan_race", 3, seed=31)
    changes: list[GameState] = []
    host.on_change = changes.append
    guests = {seat: join(host, seat)[0] for seat in (1, 2)}
    chooser = random.Random(31)
    game = host.game
    moves = 0
    while not host.state.is_over and moves < 3000:
        seat = host.state.current_player
        host.clock.now += 0.5  # type: ignore[attr-defined]  # a friend's clicks come at a human pace
        for each, guest in guests.items():
            assert guest.seat == each
            assert same(guest.record, seat_record(game, host.state, each)), each  # the log too, joined from its parts
        if seat in guests:
            before = len(changes)
            assert guests[seat].act(chooser.randrange(len(guests[seat].record.choices)))
            assert len(changes) == before + 1 and changes[-1] is host.state
        else:  # the host's own seat, played at the host's table
            host.update(game.apply(host.state, chooser.choice(game.legal_actions(host.state))))
        moves += 1
    assert host.state.is_over
    assert all(guest.record.over and guest.record.result for guest in guests.values())


def test_welcome_record_ping_pong_undo_and_bye() -> None:
    host = host_of("titan", 2, seed=4)  # a split first: no dice, so it can be taken back
    seat = host.state.current_player
    guest, link, to_guest, to_host = join(host, seat)
    kinds = [json.loads(text)["t"] for text in to_guest.sent]
    assert kinds == ["welcome", "record"] and json.loads(to_host.sent[0])["t"] == "hello"
    host.ping()
    assert to_host.last() == {"v": PROTOCOL, "t": "pong", "n": host.serial}
    guest.ping(7)
    assert to_guest.last() == {"v": PROTOCOL, "t": "pong", "n": 7}
    start = snapshot(host)
    assert guest.act(0)
    assert snapshot(host) != start and guest.record.can_undo
    assert guest.undo()
    assert snapshot(host) == start and not guest.record.can_undo
    assert host.connected() == {seat: True}
    guest.leave()
    assert link.closed and host.connected() == {seat: False}


def test_hostile_messages_are_refused_and_change_nothing() -> None:
    host = host_of("titan", 2, seed=8)
    asked = host.state.current_player
    _guest, link, to_guest, _ = join(host, 1 - asked)
    mine = host.game.legal_actions(host.state)[0].model_dump(mode="json")
    start = snapshot(host)
    clock: Clock = host.clock  # type: ignore[assignment]
    hostile: list[object] = [
        "not json",
        "",
        "5",
        "null",
        b"bytes",
        None,
        "[" * 5000 + "]" * 5000,
        '{"v":1,"t":"act","pos":"' + "x" * GUEST_TEXT + '","action":{}}',
        json.dumps({"v": 1, "t": "act", "pos": host.pos, "action": {"kind": "x", "a": [[[[[[[[[[1]]]]]]]]]]}}),
        json.dumps({"v": 1, "t": "act", "pos": host.pos, "action": {"k": list(range(500))}}),
        json.dumps({"v": 1, "t": "teleport"}),
        json.dumps({"v": 1, "t": "act", "pos": 3, "action": mine}),  # strict: a number is not a position id
        json.dumps({"v": 1, "t": "act", "pos": host.pos, "action": mine, "seat": asked}),  # no seat field exists
        json.dumps({"v": 1, "t": "act", "pos": host.pos, "action": {"kind": "no_such_action"}}),
        json.dumps({"v": 1, "t": "act", "pos": host.pos, "action": mine}),  # the other seat's action
        json.dumps({"v": 1, "t": "undo", "pos": host.pos}),
        json.dumps({"v": True, "t": "ping", "n": 1}),
        json.dumps({"v": 1, "t": "ping", "n": -1}),
    ]
    codes = []
    for text in hostile:
        clock.now += 1  # within the rate
        before = len(to_guest.sent)
        link.receive(text)
        assert (snapshot(host) == start and not link.closed) or text is hostile[-2]
        codes.append(json.loads(to_guest.sent[-1])["t"] if len(to_guest.sent) > before else None)
        if text is hostile[-2]:  # another protocol version: told to reload, and closed
            assert codes[-1] == "mismatch" and link.closed
            break
        assert codes[-1] == "refused", (text, codes[-1])
    assert snapshot(host) == start
    refused = [json.loads(t)["code"] for t in to_guest.sent if json.loads(t)["t"] == "refused"]
    assert {"bad_message", "not_your_turn", "illegal"} <= set(refused)
    assert "not your decision: Ann decides now" in " ".join(json.loads(t).get("message", "") for t in to_guest.sent)


def test_an_old_positions_action_and_a_duplicate_are_refused() -> None:
    host = host_of("titan_dice", 2, seed=5)
    seat = host.state.current_player
    guest, link, to_guest, _to_host = join(host, seat)
    choice = guest.record.choices[0].action
    first = json.dumps({"v": 1, "t": "act", "pos": host.pos, "action": choice})
    link.receive(first)
    after_one = snapshot(host)
    link.receive(first)  # the same message again (a double click, a message replayed)
    assert refusal(to_guest)[0] == "duplicate" and snapshot(host) == after_one
    old = json.dumps({"v": 1, "t": "act", "pos": "old.1", "action": choice})
    link.receive(old)
    assert json.loads(to_guest.sent[-2])["code"] == "stale" and to_guest.last()["t"] == "record"
    assert snapshot(host) == after_one


def test_another_seat_cannot_change_the_turn_of_the_seat_asked() -> None:
    host = host_of("titan_race", 3, seed=12)
    guests = {seat: join(host, seat) for seat in range(3)}
    asked = host.state.current_player
    other = (asked + 1) % 3
    action = guests[asked][0].record.choices[0].action
    start = snapshot(host)
    guests[other][1].receive(json.dumps({"v": 1, "t": "act", "pos": host.pos, "action": action}))
    assert refusal(guests[other][2])[0] == "not_your_turn" and snapshot(host) == start
    assert guests[other][0].act(0) is False  # the guest's page does not even send a choice it is not offered
    assert guests[asked][0].act(0) and snapshot(host) != start


def test_a_flood_is_rate_limited_then_closed() -> None:
    host = host_of("titan_dice", 2, seed=6)
    _guest, link, to_guest, _ = join(host, 0)
    ping = json.dumps({"v": 1, "t": "ping", "n": 1})
    for _ in range(40):
        link.receive(ping)
    pongs = sum(1 for t in to_guest.sent if json.loads(t)["t"] == "pong")
    assert pongs < 30 and refusal(to_guest)[0] == "too_fast"
    sent = len(to_guest.sent)
    for _ in range(100):
        link.receive(ping)  # in the same second: skipped, one too_fast a second at most
    assert len(to_guest.sent) == sent
    for _ in range(CLOSE_AFTER):
        link.receive(ping)
    assert link.closed and to_guest.last()["t"] == "bye"
    host.clock.now += 60  # type: ignore[attr-defined]
    link.receive(ping)  # nothing more is read on a closed link
    assert to_guest.last()["t"] == "bye"


def test_invites_versions_and_joining_first() -> None:
    host = host_of("titan_dice", 2, seed=7)
    token = host.invite(1)
    assert host.invite(1) == token and len(token) >= 22 and host.invite(0) != token
    with pytest.raises(ValueError):
        host.invite(2)
    pipe = Pipe()
    link = host.connect(pipe)
    link.receive(json.dumps({"v": 1, "t": "act", "pos": host.pos, "action": {}}))
    assert refusal(pipe)[0] == "not_joined"
    link.receive(json.dumps({"v": 1, "t": "hello", "token": token[:-1] + "x", "release": RELEASE}))
    assert refusal(pipe)[0] == "no_seat" and link.closed
    old = Pipe()
    link = host.connect(old)
    link.receive(json.dumps({"v": 1, "t": "hello", "token": token, "release": "older"}))
    assert old.last()["t"] == "mismatch" and "reload" in old.last()["message"] and link.closed
    newer = Pipe()
    link = host.connect(newer)
    link.receive(json.dumps({"v": 2, "t": "hello", "token": token, "release": RELEASE, "more": 1}))
    assert newer.last()["t"] == "mismatch" and link.closed
    guest = GuestSession(Pipe(), token, release="older")
    guest.receive(old.sent[-1])
    assert guest.reload and guest.record is None
    host.revoke(1)
    guest, link, to_guest, _ = join(host, 1, token=token)
    assert guest.seat is None and refusal(to_guest)[0] == "no_seat"


def test_a_friend_rejoins_with_the_same_invite_where_the_game_now_stands() -> None:
    host = host_of("born_of_titans", 2, seed=9)
    game = host.game
    token = host.invite(1)
    _first, old_link, old_pipe, _ = join(host, 1)
    chooser = random.Random(9)
    for _ in range(40):  # the game goes on while he is away
        host.update(game.apply(host.state, chooser.choice(game.legal_actions(host.state))))
    again, _link, _, _ = join(host, 1, token=token)
    assert old_link.closed and old_pipe.last()["t"] == "bye"
    assert again.seat == 1 and same(again.record, seat_record(game, host.state, 1))
    assert host.connected() == {1: True}


def test_a_host_reload_restores_the_game_from_its_save_and_friends_rejoin() -> None:
    host = host_of("titan", 3, seed=10)
    game = host.game
    tokens = {seat: host.invite(seat) for seat in (1, 2)}
    guests = {seat: join(host, seat)[0] for seat in (1, 2)}
    chooser = random.Random(10)
    for _ in range(80):
        host.clock.now += 0.5  # type: ignore[attr-defined]
        seat = host.state.current_player
        if seat in guests:
            guests[seat].act(chooser.randrange(len(guests[seat].record.choices)))
        else:
            host.update(game.apply(host.state, chooser.choice(game.legal_actions(host.state))))
    kept = save.dumps(host.state)
    old_pos = host.pos
    records = {seat: guests[seat].record for seat in guests}
    reloaded = host_of("titan", 3, seed=0, state=save.loads(kept), tokens=host.tokens)
    assert reloaded.pos != old_pos
    for seat, token in tokens.items():
        guest, link, to_guest, _ = join(reloaded, seat, token=token)
        assert same(guest.record, seat_record(game, reloaded.state, seat))
        # the position as it was; what the last move wrote is not kept in a save (restored: 0, "not known")
        assert same(
            guest.record.model_copy(update={"last_lines": 0}), records[seat].model_copy(update={"last_lines": 0})
        )
        link.receive(json.dumps({"v": 1, "t": "act", "pos": old_pos, "action": {"kind": "x"}}))
        assert json.loads(to_guest.sent[-2])["code"] == "stale"


def test_the_guest_reads_the_host_within_limits_and_never_raises() -> None:
    guest = GuestSession(Pipe(), "t", release=RELEASE)
    for text in ["garbage", "[" * 100 + "]" * 100, '{"v":1,"t":"record","pos":"a"}', None, "x" * 5_000_000]:
        guest.receive(text)
        assert guest.notice and guest.record is None
    host = host_of("titan_dice", 2, seed=3)
    message = json.loads(join(host, 0)[2].sent[-1])
    assert parse_host(json.dumps(message)).t == "record"
    message["log_from"] = 10**6  # a log it does not hold: not followed
    guest.seat = 0
    guest.receive(json.dumps(message))
    assert guest.record is None and "cannot follow" in guest.notice


def test_a_long_message_goes_in_parts_within_every_browsers_message_size() -> None:
    host = host_of("titan_dice", 2, seed=11)
    host.state.log.extend(f"A long game's line {i}, é and ✓ included." for i in range(3000))
    guest, _link, to_guest, _ = join(host, 0)
    parts = [text for text in to_guest.sent if text.startswith("~")]
    assert len(parts) >= 5 and all(len(text.encode()) <= 64_000 for text in to_guest.sent)
    assert same(guest.record, seat_record(host.game, host.state, 0)) and len(guest.log) == len(host.state.log)


def test_parts_out_of_place_are_refused_and_the_next_message_still_reads() -> None:
    host = host_of("titan_dice", 2, seed=11)
    host.state.log.extend(f"line {i}" for i in range(4000))
    guest, _link, to_guest, _ = join(host, 0)
    parts = [text for text in to_guest.sent if text.startswith("~")]
    late = GuestSession(Pipe(), "t", release=RELEASE)
    late.seat = 0
    for bad in (parts[1], "~0/999999:x", "~x/2:", "~0/1:{}"):
        late.receive(bad)
        assert late.notice and late.record is None
    late.notice = ""
    for text in parts:
        late.receive(text)
    assert late.notice == "" and same(late.record, guest.record)


def test_a_choice_skipped_by_the_rate_may_be_sent_again() -> None:
    host = host_of("titan", 2, seed=4)
    seat = host.state.current_player
    guest, link, _, _ = join(host, seat)
    link.tokens = 0  # the friend's page has just sent a burst
    start = snapshot(host)
    assert guest.act(0) and snapshot(host) == start and "skipped" in guest.notice
    host.clock.now += 1  # type: ignore[attr-defined]
    assert guest.act(0) and snapshot(host) != start


def test_a_seat_handed_to_the_computer_is_not_asked_and_its_friend_cannot_act() -> None:
    game = GAMES["titan_dice"]
    state = game.new_game(2, seed=3, seats=[Seat(name="Ann", kind="ai", level=1), Seat(name="Bob", kind="ai", level=1)])
    host = host_of("titan_dice", 2, seed=3, state=state)
    seat = state.current_player
    guest, link, to_guest, _ = join(host, seat)
    assert not guest.record.asked and guest.record.choices == [] and "thinking" in guest.record.status
    action = game.legal_actions(state)[0].model_dump(mode="json")
    link.receive(json.dumps({"v": 1, "t": "act", "pos": host.pos, "action": action}))
    assert refusal(to_guest) == ("not_your_turn", "The computer plays this seat now.")
    assert snapshot(host) == state.snapshot()


def test_a_token_of_any_characters_is_refused_without_harm() -> None:
    host = host_of("titan_dice", 2, seed=7)
    host.invite(0)
    for token in ["é" * 22, "\u0000", "", "✓" * 64]:
        pipe = Pipe()
        link = host.connect(pipe)
        link.receive(json.dumps({"v": 1, "t": "hello", "token": token, "release": RELEASE}))
        assert refusal(pipe)[0] == "no_seat" and link.closed


def test_a_fault_of_the_hosts_own_code_on_a_message_is_kept_and_the_host_goes_on(monkeypatch) -> None:
    host = host_of("titan_dice", 2, seed=7)
    seat = host.state.current_player
    guest, link, to_guest, _ = join(host, seat)
    start = snapshot(host)

    def broken(state):
        raise RuntimeError("a bug")

    monkeypatch.setattr(host.game, "legal_actions", broken)
    link.receive(json.dumps({"v": 1, "t": "act", "pos": host.pos, "action": guest.record.choices[0].action}))
    assert refusal(to_guest)[0] == "bad_message" and host.faults == ["RuntimeError: a bug"]
    assert snapshot(host) == start and not link.closed


def test_random_messages_never_meet_a_fault_nor_move_the_game() -> None:
    host = host_of("titan", 2, seed=21)
    seat = 1 - host.state.current_player  # a friend whose turn it is not: nothing he sends may move the game
    _guest, link, to_guest, _ = join(host, seat)
    rng = random.Random(21)
    start = snapshot(host)
    values: list[object] = [None, True, 0, -1, 2**70, 1.5, "", "x", "é", [], {}, [1, [2]], {"kind": "split"}]
    keys = ["v", "t", "pos", "action", "token", "release", "n", "message", "seat"]
    types = ["hello", "act", "undo", "ping", "pong", "bye", "record", "welcome", "", None]
    refused = 0
    for _ in range(1500):
        host.clock.now += 0.2  # type: ignore[attr-defined]
        message = {key: rng.choice(values) for key in rng.sample(keys, rng.randint(0, len(keys)))}
        if rng.random() < 0.8:
            message["v"] = 1
            message["t"] = rng.choice(types)
        if rng.random() < 0.3:
            message["pos"] = host.pos
        if message.get("t") == "bye" or (message.get("t") == "hello" and rng.random() < 0.9):
            continue  # both end the link; tested above
        link.receive(json.dumps(message))
        if link.closed:  # another version's message (told to reload) or a wrong token: the page opens again
            assert to_guest.last()["t"] in ("mismatch", "refused"), message
            refused += sum(1 for text in to_guest.sent if '"refused"' in text)
            _guest, link, to_guest, _ = join(host, seat)
    refused += sum(1 for text in to_guest.sent if '"refused"' in text)
    assert host.faults == [] and snapshot(host) == start
    assert refused > 500


def test_the_friend_who_acted_gets_his_record_first_and_every_friend_the_same_records() -> None:
    """A friend's move (or Undo) is answered to his page before the other friends' records are made (his page waits
    on his click); the records themselves are what each seat's record was before: the same for every friend."""
    host = host_of("titan_dice", 3, seed=5)
    order: list[int] = []
    guests, pipes = {}, {}
    for seat in (0, 1, 2):
        guest, _link, to_guest, _to_host = join(host, seat)
        guests[seat], pipes[seat] = guest, to_guest
        deliver = to_guest.deliver

        def noted(text: str, seat: int = seat, deliver: Callable[[str], None] = deliver) -> None:
            if json.loads(text)["t"] == "record":
                order.append(seat)
            deliver(text)

        to_guest.deliver = noted
    chooser = random.Random(5)
    acted = undone = 0
    for _ in range(80):
        seat = host.state.current_player
        if host.state.is_over or seat is None:
            break
        order.clear()
        if seat == 0:  # a move at the host's table (not a friend's): the friends in seat order
            host.update(host.game.apply(host.state, chooser.choice(host.game.legal_actions(host.state))))
            assert order == [0, 1, 2]
            continue
        if acted and not undone and undo_steps(host.state, seat):
            assert guests[seat].undo()
            undone += 1
        else:
            assert guests[seat].act(chooser.randrange(len(guests[seat].record.choices)))
            acted += 1
        assert order[0] == seat and sorted(order) == [0, 1, 2], (seat, order)
        for each, guest in guests.items():
            assert same(guest.record, seat_record(host.game, host.state, each))
    assert acted > 10 and undone == 1
