"""The host's page: a seat played by a friend on another device. The app runs for real on a fake page
(tests/app/fake_page.py); the WebRTC glue (`app.remote.peer`), the QR codes and the ICE settings are fakes, and
each friend's page is a `GuestSession` talking to the host's through a fake data channel."""

from __future__ import annotations

import html
import importlib
import json
import re
import sys
import types

import pytest

from app.decision import can_undo, decision_now, guards_secrets, undo_seat
from app.gameview import render_regions
from app.remote.guest import GuestSession
from app.remote.messages import parse_host
from app.storage import SavedGame
from engine.core import Seat
from engine.core.save import dumps
from engine.registry import GAMES
from tests.app.helpers import moment, play
from tests.app.remote_helpers import GuestChannel, Host, HostPeer

TITAN = GAMES["titan"]
BORN = GAMES["born_of_titans"]


def local_seat_plays(host: Host, seat: int) -> None:
    """The human at the host's device plays his first choice."""
    assert host.table.decision().by_human and host.table.state.current_player == seat
    host.table.play_index("0")


@play
async def test_a_friends_seat_is_a_humans_to_the_engine_and_its_token_is_kept_with_the_entry_not_the_save(monkeypatch):
    host = Host(monkeypatch)
    friends = host.start("titan", [Seat(name="Ann"), Seat(name="Bob <b>")], friends=[1])
    state = host.table.state
    assert [seat.kind for seat in state.seats] == ["human", "human"]
    assert list(friends) == [1] and len(friends[1]) >= 16
    entry = host.stored()
    assert entry.friends == {"1": friends[1]} and friends[1] not in entry.save and friends[1] not in dumps(state)
    assert host.session is not None and host.session.tokens == friends
    panel, strip = host.page.panel, host.page.html["friends-strip"]
    assert "Bob &lt;b&gt;" in panel and "<b>" not in panel and "Bob &lt;b&gt;: not joined yet" in strip
    assert "friends-strip" in host.page.html["screen"] and "Friends" in host.page.html["screen"]
    # a game without friends has no session and no panel
    host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[])
    assert host.session is None and "friends-strip" not in host.page.html["screen"]


@play
async def test_an_invite_link_a_reply_code_and_the_friend_plays_his_seat_from_his_device(monkeypatch):
    host = Host(monkeypatch)
    friends = host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    link = await host.invite(1)
    assert link.startswith("http://127.0.0.1/#join=" + friends[1] + ".offer0")
    assert "data-qr" in host.page.panel and "friend-reply-1" in host.page.panel
    assert host.net.ice_asked == 1
    guest, _channel, _peer = await host.join(1)
    assert guest.seat == 1 and guest.record is not None
    assert "Bob: connected" in host.page.html["friends-strip"]
    # Ann plays at the host's table until it is Bob's decision: each local move reaches Bob's page as a record
    while host.table.state.current_player == 0:
        pos = guest.pos
        local_seat_plays(host, 0)
        assert guest.pos != pos and guest.pos == host.session.pos
    await host.settle()
    # Bob's decision: the host waits for it (no choices, no pass screen), the strip says he is thinking
    assert not host.table.decision().by_human and not host.table.decision().by_computer
    assert "Bob is deciding on another device…" in host.page.html["status"]
    assert "data-action" not in host.page.html["actions"]
    assert "Bob is deciding on another device" in host.page.html["actions"]
    assert "Bob: thinking" in host.page.html["friends-strip"]
    host.table.play_index("0")  # a click at the host's table cannot play Bob's move
    before = host.table.state
    assert host.table.state is before
    # Bob plays on his device: the host's table takes it as a local move (drawn, saved)
    assert guest.record.asked and guest.act(0)
    await host.settle()
    state = host.table.state
    assert state is not before and state.moves == before.moves + 1 and host.session.state is state
    assert host.stored().save == dumps(state)
    assert host.page.html["log"] != "" and guest.record.seat == 1 and guest.pos == host.session.pos


def test_a_friends_decision_is_awaited_never_a_pass_screen_and_secrets_count_the_humans_here():
    # Titan, three humans: Ann and Cyd at the host's device, Bob a friend on his
    state = TITAN.new_game(3, None, 5, [Seat(name="Ann"), Seat(name="Bob"), Seat(name="Cyd")])
    while state.current_player != 1:
        state = TITAN.apply(state, TITAN.legal_actions(state)[0])
    remote = frozenset({1})
    assert decision_now(TITAN, state, shown=0).pass_to == 1  # at one device, the device goes to Bob
    waiting = decision_now(TITAN, state, shown=0, remote=remote)
    assert (waiting.seat, waiting.remote, waiting.pass_to, waiting.by_human, waiting.by_computer) == (
        1,
        True,
        None,
        False,
        False,
    )
    regions = render_regions(TITAN, state, shown=0, remote=remote)
    assert "reveal" not in regions.actions and "data-action" not in regions.actions
    assert regions.status_text == "Bob is deciding on another device…"
    assert guards_secrets(TITAN, state) and guards_secrets(TITAN, state, remote)  # Ann and Cyd share the device
    assert not guards_secrets(TITAN, state, frozenset({1, 2}))  # Ann alone at it: no pass screens
    alone = render_regions(TITAN, state, shown=None, remote=frozenset({1, 2}))
    assert alone.view == TITAN.view(state, 0)  # the host's page draws Ann's view, never a friend's


def test_born_of_titans_moment_asks_a_friend_and_the_human_here_the_same_way_whatever_they_hold():
    for playable in (False, True):
        state = moment(2, playable, True)  # Ann and Bob human, Cyd a computer; Ann asked, Bob moved
        asked = state.current_player
        assert asked == 0
        # Ann is a friend on another device: the host waits for her answer, whether or not she could play
        friend = decision_now(BORN, state, shown=1, remote=frozenset({0}))
        assert friend.remote and friend.answer is None and friend.pass_to is None
        # Ann at the host's device, Bob a friend: she is asked (her Pass is never played for her), no pass screen
        here = decision_now(BORN, state, shown=1, remote=frozenset({1}))
        assert here.by_human and here.answer is None and here.pass_to is None
    # with one human in the whole game, her only choice, a Pass, is played for her (as before)
    alone = moment(1, False, True)
    assert decision_now(BORN, alone).answer is not None


@play
async def test_born_of_titans_moment_waits_for_the_friend_at_the_host_page(monkeypatch):
    host = Host(monkeypatch)
    state = moment(2, False, True)  # Ann asked at a moment, with nothing to play but a Pass
    host.table.begin(state, new_entry=True, friends={0: "A" * 22})
    await host.settle()
    assert host.table.state is state  # no Pass played for the friend: the host waits
    assert "Ann is deciding on another device…" in host.page.html["status"]
    assert host.session is not None and host.session.state is state


def test_an_undo_at_the_host_never_acts_for_a_friend_nor_crosses_his_decision():
    # Ann at the host's device, Bob a friend, Cyd a computer: Bob decides, then the computer decides
    seats = [Seat(name="Ann"), Seat(name="Bob"), Seat(name="Cyd", kind="ai", level=1)]
    state = TITAN.new_game(3, None, 7, seats)
    for _ in range(200):
        if state.last_actor == 1 and state.current_player == 2 and state.previous is not None:
            break
        state = TITAN.apply(state, TITAN.legal_actions(state)[0])
    else:
        raise AssertionError("no computer decision right after Bob's")
    remote = frozenset({1})
    assert undo_seat(TITAN, state) == 1 and can_undo(TITAN, state)  # at one device: Bob's own Undo
    assert undo_seat(TITAN, state, remote=remote) is None and not can_undo(TITAN, state, remote=remote)
    # while the friend decides, the Undo here is Ann's, and it never goes back past another human's decision
    while state.current_player != 1:
        state = TITAN.apply(state, TITAN.legal_actions(state)[0])
    assert undo_seat(TITAN, state, remote=remote) in (0, None)


@play
async def test_an_undo_at_the_host_does_not_take_back_the_friends_move(monkeypatch):
    host = Host(monkeypatch)
    host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    await host.invite(1)
    guest, _channel, _peer = await host.join(1)
    while host.table.state.current_player == 0:
        local_seat_plays(host, 0)
    while host.table.state.current_player == 1:
        assert guest.act(0)
        await host.settle()
    state = host.table.state
    assert state.last_actor == 1
    host.app.command("undo", None, types.SimpleNamespace(preventDefault=lambda: None))
    assert host.table.state is state  # Bob's decision stands
    undo_button = re.search(r"<button[^>]*data-cmd=.undo.[^>]*>", host.page.html["gamebar"])
    assert undo_button is not None and " disabled" in undo_button.group(0)


@play
async def test_the_host_reloads_the_friends_seat_and_token_come_back_and_he_rejoins_with_a_new_link(monkeypatch):
    host = Host(monkeypatch)
    friends = host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    while host.table.state.current_player == 0:
        local_seat_plays(host, 0)
    await host.settle()
    saved = host.table.state
    entry_id = host.app.stored.saver.entry_id
    # a reload: a new page on the same storage opens the game played last
    again = Host(monkeypatch, data=host.app.stored.store.backend.data)
    assert again.app.stored.open(entry_id)
    assert again.app.stored.saver.friends == friends and again.session.tokens == friends
    assert again.table.remote == frozenset({1}) and "Bob: not joined yet" in again.page.html["friends-strip"]
    link = await again.invite(1)
    assert f"#join={friends[1]}." in link  # the same token: the same invite, a new offer
    guest, _channel, _peer = await again.join(1)
    assert guest.seat == 1 and guest.record is not None and guest.record.asked
    assert again.table.state.snapshot() == saved.snapshot()


def test_an_old_stored_entry_without_friends_opens_and_a_damaged_one_is_refused():
    state = TITAN.new_game(2, None, 1, [Seat(name="Ann"), Seat(name="Bob")])
    old = {
        "revision": 3,
        "id": "g1",
        "game_id": "titan",
        "title": "Titan",
        "players": ["Ann", "Bob"],
        "updated": 1,
        "turn": "Round 1",
        "save": dumps(state),
        "finished": False,
        "version": 1,
        "extra": {},
    }
    assert SavedGame.from_json(json.dumps(old)).friends == {}
    token = "t" * 22
    assert SavedGame.from_json(json.dumps({**old, "friends": {"1": token}})).friends == {"1": token}
    for bad in ({"9": token}, {"x": token}, {"1": "short"}, {"1": "<script>alert(1)</script>xxxxxxxx"}, {"1": 5}):
        with pytest.raises(ValueError, match="friends"):
            SavedGame.from_json(json.dumps({**old, "friends": bad}))


@play
async def test_a_joined_friend_gets_a_standing_offer_and_rejoins_after_a_reload_with_one_paste(monkeypatch):
    host = Host(monkeypatch)
    host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    await host.invite(1)
    _guest, channel, peer = await host.join(1)
    spare = host.app.friends.invites[1].peer  # the standing offer for Bob's next connection
    assert spare is not None and spare is not peer
    sent = [parse_host(text) for text in peer.sent]
    assert [message.t for message in sent][:2] == ["welcome", "record"]
    assert [message.code for message in sent if message.t == "spare"] == [spare.code]  # over the open channel
    assert "friend-reply-1" not in host.page.panel  # no field while Bob is connected
    # Bob's page reloads: its channel closes; the host shows him gone
    channel.close()
    await host.settle()
    assert "Bob: gone" in host.page.html["friends-strip"]
    assert "friend-reply-1" in host.page.panel
    # his page answers the standing offer; the host pastes the reply: Bob is back, with no new link made
    offers = len(host.net.offers)
    again, _channel, _peer = await host.join(1)
    assert again.seat == 1 and again.record is not None
    assert "Bob: connected" in host.page.html["friends-strip"]
    assert len(host.net.offers) == offers + 1  # only the next standing offer


@play
async def test_a_reply_code_that_cannot_be_read_says_so_and_changes_nothing(monkeypatch):
    host = Host(monkeypatch)
    host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    await host.invite(1)
    peer = host.app.friends.invites[1].peer
    await host.paste(1, "<img src=x onerror=alert(1)>")
    assert host.app.friends.invites[1].peer is peer and not peer.replied and peer.state == "connecting"
    panel = host.page.panel
    assert "That reply code cannot be read" in panel and "<img" not in panel
    assert 'value="&lt;img src=x onerror=alert(1)&gt;"' in panel  # the code stays in its field, to be corrected
    # a connection that fails says why
    peer.reason = "No route between the two devices: add a STUN server in the settings."
    peer.on_close(peer.reason)
    assert "The connection failed: No route between the two devices" in host.page.panel


@play
async def test_a_channel_open_before_its_reply_is_taken_leaves_no_connecting_behind(monkeypatch):
    """On loopback the data channel can open (and the friend say hello) before the page's `await` of the reply
    resumes: the panel must then say he is connected, not "Connecting…" for the rest of the game (seen in the
    browser, tests/e2e/test_remote_games_app.py)."""
    host = Host(monkeypatch)
    friends = host.start("titan_dice", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    await host.invite(1)
    offer = host.app.friends.invites[1].peer
    taken = host.net.take_reply

    async def opens_at_once(made: HostPeer, code: str) -> None:
        await taken(made, code)
        guest = GuestSession(GuestChannel(made), friends[1], release=host.session.release)
        made.guest, made.state = guest, "open"
        made.on_open()
        guest.open()

    monkeypatch.setattr(importlib.import_module("app.remote.peer"), "take_reply", opens_at_once)
    await host.paste(1, f"reply.{offer.code}")
    assert "Bob: connected" in host.page.html["friends-strip"]
    assert "Connecting" not in host.page.panel
    # a reply taken whose channel is still opening does say so
    await host.invite(1)
    second = host.app.friends.invites[1].peer
    monkeypatch.setattr(importlib.import_module("app.remote.peer"), "take_reply", taken)
    await host.paste(1, f"reply.{second.code}")
    assert "Connecting…" in host.page.panel


@play
async def test_a_gone_friends_seat_handed_to_the_computer_and_back(monkeypatch):
    host = Host(monkeypatch)
    host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    await host.invite(1)
    _guest, channel, _peer = await host.join(1)
    while host.table.state.current_player == 0:
        local_seat_plays(host, 0)
    channel.close()  # Bob's page is gone while it is his decision
    await host.settle()
    assert "Hand to the computer" in host.page.panel
    host.page.values["friend-level-1"] = "1"
    host.app.command("friend-to-computer", types.SimpleNamespace(), types.SimpleNamespace())  # no data-id: nothing
    assert not host.table.state.seats[1].is_ai
    host.app.friends.to_computer(1)
    await host.settle()
    state = host.table.state
    assert state.seats[1].is_ai and state.seats[1].level == 1 and host.table.remote == frozenset()
    assert state.current_player != 1 or state.is_over  # the computer played Bob's decisions
    assert host.stored().save == dumps(state)
    assert "played by the computer" in host.page.html["friends-strip"]
    # handed back: Bob's seat is his again, and he rejoins with his invite
    while host.table.state.current_player == 0 and not host.table.state.is_over:
        local_seat_plays(host, 0)
        await host.settle()
    host.app.friends.back(1)
    await host.settle()
    assert not host.table.state.seats[1].is_ai and host.table.remote == frozenset({1})
    assert host.stored().save == dumps(host.table.state)
    again, _channel, _peer = await host.join(1)
    assert again.seat == 1 and again.record is not None


def test_a_seat_handed_over_starts_its_own_undo_chain(monkeypatch):
    Host(monkeypatch)  # app.dom importable
    from app.friends import with_seat

    state = TITAN.new_game(2, None, 2, [Seat(name="Ann"), Seat(name="Bob")])
    state = TITAN.apply(state, TITAN.legal_actions(state)[0])
    handed = with_seat(state, 1, kind="ai", level=2)
    assert handed.seats[1].is_ai and not state.seats[1].is_ai and handed.previous is None
    assert handed.history == state.history and handed.log == state.log


@play
async def test_the_same_game_shown_again_keeps_its_friends_connected_another_game_tells_them(monkeypatch):
    host = Host(monkeypatch)
    host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    await host.invite(1)
    guest, _channel, peer = await host.join(1)
    session = host.session
    entry_id = host.app.stored.saver.entry_id
    host.app.home.show()
    assert host.app.stored.open(entry_id)  # home, then the same game again
    assert host.session is session and peer.state == "open" and guest.closed == ""
    host.start("titan", [Seat(name="Ann"), Seat(name="Cyd")], friends=[])  # another game
    assert host.session is None and peer.state == "closed" and "closed this game" in guest.closed


@play
async def test_battle_titans_clock_goes_in_before_a_friends_move_and_never_makes_it_stale(monkeypatch):
    host = Host(monkeypatch)
    now = [0.0]
    monkeypatch.setattr(sys.modules["app.dom"], "perf_now", lambda: now[0])
    timed = {"variant": "battle", "ending": "time", "minutes": 5}
    state = TITAN.new_game(2, timed, 5, [Seat(name="Ann"), Seat(name="Bob")])
    host.table.begin(state, new_entry=True, friends={1: "B" * 22})
    await host.invite(1)
    guest, _channel, _peer = await host.join(1)
    while host.table.state.current_player == 0:
        local_seat_plays(host, 0)
    await host.settle()
    assert guest.record.asked
    now[0] += 45_000  # Bob thinks 45 s; the page puts the time counted into the game on its own (30 s)
    host.app.clock.flush()
    flushed = host.table.state.war.seconds
    assert flushed >= 30
    now[0] += 5_000
    moves = host.table.state.moves
    assert guest.act(0)
    await host.settle()
    assert guest.notice == "" and host.table.state.moves == moves + 1  # played, not refused as stale
    assert host.table.state.war.seconds >= 50 > flushed  # the time before his move is in the game
    assert host.stored().save == dumps(host.table.state)


@play
async def test_a_friends_undo_from_his_device_is_taken_by_the_host_table(monkeypatch):
    host = Host(monkeypatch)
    host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    await host.invite(1)
    guest, _channel, _peer = await host.join(1)
    while host.table.state.current_player == 0:
        local_seat_plays(host, 0)
    before = host.table.state
    assert guest.act(0)  # Bob's first decision of his turn: a split, no dice
    await host.settle()
    assert host.table.state.moves == before.moves + 1 and guest.record.can_undo
    assert guest.undo()
    await host.settle()
    assert host.table.state.snapshot() == before.snapshot()
    assert host.stored().save == dumps(host.table.state) and guest.pos == host.session.pos
    assert "Bob is deciding on another device…" in host.page.html["status"]


@play
async def test_a_change_of_one_friends_state_never_clears_what_is_pasted_in_anothers_field(monkeypatch):
    host = Host(monkeypatch)
    host.start("titan", [Seat(name="Ann"), Seat(name="Bob"), Seat(name="Cyd")], friends=[1, 2])
    await host.invite(1)
    await host.invite(2)
    host.page.written = []
    await host.join(1)  # Bob joins while the host pastes Cyd's code: Cyd's row is not written again
    assert "friend-row-1" in host.page.written
    assert "friend-row-2" not in host.page.written and "friends" not in host.page.written
    assert (
        "Bob: connected" in host.page.html["friends-strip"] and "Cyd: not joined yet" in host.page.html["friends-strip"]
    )


@play
async def test_a_friend_silent_for_15_seconds_shows_as_dropped_and_a_ping_answered_brings_him_back(monkeypatch):
    host = Host(monkeypatch)
    now = [0.0]
    monkeypatch.setattr(sys.modules["app.dom"], "perf_now", lambda: now[0])
    host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    await host.invite(1)
    guest, _channel, peer = await host.join(1)
    peer.guest = None  # his page stops answering
    host.app.friends.ping_seconds = 5.0
    now[0] += 16_000
    host.app.friends.render()
    assert "Bob: dropped" in host.page.html["friends-strip"] and "friend-to-computer" in host.page.panel
    peer.guest = guest  # his page answers again: the next ping's pong is a sign of life
    host.session.ping()
    host.app.friends.render()
    assert "Bob: connected" in host.page.html["friends-strip"]


def test_the_spare_message_is_read_strictly():
    from app.remote.messages import MessageError

    assert parse_host(json.dumps({"v": 1, "t": "spare", "code": "1abc"})).code == "1abc"
    for bad in (
        {"v": 1, "t": "spare"},
        {"v": 1, "t": "spare", "code": "x" * 1001},
        {"v": 1, "t": "spare", "code": 5},
        {"v": 1, "t": "spare", "code": "1abc", "token": "extra"},
    ):
        with pytest.raises(MessageError):
            parse_host(json.dumps(bad))


@play
async def test_a_reply_code_scanned_on_the_hosts_device_is_taken_as_if_pasted(monkeypatch):
    host = Host(monkeypatch)
    friends = host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    scanned = host.relay.heard[-1]  # the game's tab listens for replies scanned in another tab
    assert scanned("Z" * 22, "reply.x") is False  # no seat of this game holds that token
    assert scanned(friends[1], "reply.x") is False  # no offer waits for Bob yet
    await host.invite(1)
    peer = host.app.friends.invites[1].peer
    assert scanned(friends[1], f"reply.{peer.code}") is True
    await host.settle()
    assert peer.replied == f"reply.{peer.code}"
    host.start("titan", [Seat(name="Ann"), Seat(name="Cyd")], friends=[])  # another game: no more listening
    assert host.relay.closed == 1


@play
async def test_a_human_seat_of_a_game_opened_from_a_save_string_is_handed_to_a_friend_from_the_share_dialog(
    monkeypatch,
):
    """A game opened from a save string has no friends' seats (they live with a stored entry, never in a save):
    the share dialog offers each human seat to a friend on another device; pressed, the seat gets an invite token
    kept with the entry, the Friends panel shows it, and the friend joins and plays it as a set-up's friend would."""
    from tests.app.helpers import pressed

    host = Host(monkeypatch)
    controller = sys.modules["app.controller"]  # as the fake page imported it
    state = TITAN.new_game(2, None, 7, [Seat(name="Ann"), Seat(name="Bob <i>")])
    host.page.values = {"import-text": dumps(state)}
    host.app.dialogs.import_from_dialog()
    assert host.session is None and host.app.stored.saver.friends == {}
    host.app.dialogs.show_share()
    dialog = host.page.html["dialog"]
    assert dialog.count('data-cmd="friend-seat"') == 2 and "Bob &lt;i&gt; plays on another device" in dialog
    pressed(host.app, controller, "friend-seat", "1")
    await host.settle()
    friends = host.app.stored.saver.friends
    assert list(friends) == [1] and len(friends[1]) >= 16
    assert host.stored().friends == {"1": friends[1]} and friends[1] not in host.stored().save
    assert host.session is not None and host.session.tokens == friends
    assert (
        "friends-strip" in host.page.html["screen"]
        and "Bob &lt;i&gt;: not joined yet" in host.page.html["friends-strip"]
    )
    host.app.dialogs.show_share()  # Bob's seat is a friend's now: only Ann's is offered
    assert host.page.html["dialog"].count('data-cmd="friend-seat"') == 1
    pressed(host.app, controller, "friend-seat", "1")  # pressed again (an old dialog): nothing changes
    assert host.app.stored.saver.friends == friends
    await host.invite(1)
    guest, _channel, _peer = await host.join(1)
    strip = host.page.html["friends-strip"]
    assert guest.seat == 1 and ("Bob &lt;i&gt;: connected" in strip or "Bob &lt;i&gt;: thinking" in strip)
    while host.table.state.current_player == 0:
        local_seat_plays(host, 0)
    await host.settle()
    assert "is deciding on another device" in host.page.html["status"]
    assert guest.record is not None and guest.record.asked


@play
async def test_a_channel_that_opens_while_its_reply_is_taken_is_not_left_saying_connecting(monkeypatch):
    """Seen in the browser under load: the channel opened (the friend joined) before `take_reply` returned, and the
    panel then said "Connecting…" under the friend's name for good, dropped or connected."""
    host = Host(monkeypatch)
    friends = host.start("titan", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    await host.invite(1)
    peer = host.app.friends.invites[1].peer
    guests = []

    async def take_reply_opening_at_once(waiting: HostPeer, code: str) -> None:
        waiting.replied = code
        guest = GuestSession(GuestChannel(waiting), friends[1], release=host.session.release)
        waiting.guest, waiting.state = guest, "open"
        waiting.on_open()
        guest.open()
        guests.append(guest)

    monkeypatch.setattr(importlib.import_module("app.remote.peer"), "take_reply", take_reply_opening_at_once)
    await host.paste(1, f"reply.{peer.code}")
    assert guests and guests[0].seat == 1
    assert "Connecting" not in host.page.panel, host.page.panel


@play
async def test_a_friends_page_of_another_release_is_said_on_the_host_page_and_nothing_is_played(monkeypatch):
    host = Host(monkeypatch)
    host.start("born_of_titans", [Seat(name="Ann"), Seat(name="Bob")], friends=[1])
    before = host.table.state
    await host.invite(1)
    peer = host.app.friends.invites[1].peer
    await host.paste(1, f"reply.{peer.code}")
    channel = GuestChannel(peer)
    guest = GuestSession(channel, host.app.stored.saver.friends[1], release="0f9e8d7c6b5a")  # another release
    peer.guest = guest
    peer.state = "open"
    peer.on_open()
    guest.open()
    await host.settle()
    assert guest.reload and guest.seat is None and guest.record is None  # told to reload, nothing more
    assert host.table.state is before and host.session.joined(1) == []  # nothing played, nobody seated
    panel = html.unescape(host.page.panel)
    assert "Bob's page runs another version of Titan Table" in panel and "Connecting…" not in panel
    assert "Bob: not joined yet" in host.page.html["friends-strip"]
