"""The friend's page under CPython (app/join.py, app/remote/join_view.py, app/remote/peer.py's words): the invites
kept on the device and the host's standing offer, the `#join=` fragment, the "Joining a game" screen, the seat's
table drawn from a record, and a whole join on a fake page with a fake peer connected to a real HostSession."""

from __future__ import annotations

import asyncio
import html
import re
from types import SimpleNamespace
from typing import Any

import pytest

from app.remote import join_view
from app.remote.host import HostSession
from app.remote.invite import invite_fragment
from app.remote.join_view import PREFIX, InviteBook, Joining, draw_record, joining_html, read_join_fragment
from app.remote.messages import Spare
from app.remote.peer import failure_reason
from app.remote.record import seat_record
from app.remote.sdpcode import CodeError, encode
from app.storage import MemoryBackend
from engine.core.game import Seat
from engine.registry import GAMES
from tests.app.fake_page import FakePage, controller_with
from tests.app.remote_helpers import RELEASE, SAMPLES, TOKEN

OFFER = encode(SAMPLES["offer, one host candidate (no mDNS: the tests' Chromium)"][0])
OTHER_OFFER = encode(SAMPLES["offer across the internet: host, IPv6, srflx, relay"][0])
REPLY = encode(SAMPLES["answer, mDNS host candidate (a player's Chromium)"][0], answer=True)


# -- the invites kept on the device ---------------------------------------------------------------------------------
def test_an_invite_opened_again_answers_the_hosts_standing_offer_and_a_new_invite_starts_afresh() -> None:
    book = InviteBook(MemoryBackend())
    assert book.opened(TOKEN, OFFER) == OFFER  # first time: the invite's own offer
    assert book.answer_for(TOKEN) == OFFER  # a reload answers it again
    book.keep_spare(TOKEN, OTHER_OFFER)  # the host's standing offer, sent while connected
    assert book.answer_for(TOKEN) == OTHER_OFFER
    assert book.opened(TOKEN, OFFER) == OTHER_OFFER  # the same link opened again: the standing offer
    newer = encode(SAMPLES["offer across the internet: host, IPv6, srflx, relay"][0].replace("Ab12", "Cd34"))
    assert book.opened(TOKEN, newer) == newer  # a new invite from the host: its offer, the old spare dropped
    assert book.read(TOKEN) == (newer, "")


@pytest.mark.parametrize("code", [REPLY, "garbage", "", "1" + "A" * 5000])
def test_a_standing_offer_that_is_not_an_offer_is_never_kept(code: str) -> None:
    book = InviteBook(MemoryBackend())
    book.opened(TOKEN, OFFER)
    book.keep_spare(TOKEN, code)
    assert book.read(TOKEN) == (OFFER, "")


@pytest.mark.parametrize("stored", ["{", "[1]", '{"offer": 3}', '{"offer": "<b>", "spare": "1AAA"}', "x" * 20_000])
def test_what_the_device_holds_is_read_as_untrusted(stored: str) -> None:
    backend = MemoryBackend({PREFIX + TOKEN: stored})
    assert InviteBook(backend).read(TOKEN) == ("", "")
    assert InviteBook(backend).answer_for(TOKEN) == ""


def test_the_join_fragment() -> None:
    assert read_join_fragment("#save=abc") is None and read_join_fragment("") is None
    assert read_join_fragment("#" + invite_fragment(TOKEN, OFFER)) == (TOKEN, OFFER)
    with pytest.raises(CodeError):
        read_join_fragment(f"#join={TOKEN}.{REPLY}")  # a reply code pasted as a link
    with pytest.raises(CodeError):
        read_join_fragment(f"#join={TOKEN}.{OFFER[:-5]}")


# -- the screens ------------------------------------------------------------------------------------------------
def test_the_joining_screen_says_what_to_do_and_escapes_the_code() -> None:
    shown = joining_html(Joining("reply", reply="1abc<script>"))
    assert "Send this reply code back to the host" in shown
    assert "1abc&lt;script&gt;" in shown and "<script>" not in shown
    assert "data-cmd='join-copy'" in shown or 'data-cmd="join-copy"' in shown
    failed = joining_html(Joining("failed", message=failure_reason("ice")))
    assert "STUN" in failed and "TURN" in failed and "same Wi-Fi" in failed and "join-again" in failed


def test_a_failed_connection_says_what_happened_and_what_to_try() -> None:
    assert "one in five" in failure_reason("ice") and "STUN server in Settings" in failure_reason("ice")
    with_stun = failure_reason("ice", [{"urls": "stun:stun.example.org:3478"}])
    assert "TURN relay" in with_stun and "add a STUN" not in with_stun
    assert "TURN server's address" in failure_reason("timeout", [{"urls": ["turn:t.example.org"]}], 25)
    assert "25 seconds" in failure_reason("timeout", [], 25)
    assert "no network address" in failure_reason("no-candidate")


def record_of(names: tuple[str, str] = ("Ann <b>", "Bob"), seat: int = 0):
    game = GAMES["titan_dice"]
    state = game.new_game(2, seed=3, seats=[Seat(name=name) for name in names])
    return game, state, seat_record(game, state, seat)


def test_the_friends_table_is_drawn_from_the_record_alone_with_the_hosts_texts_escaped() -> None:
    game, state, record = record_of()
    screen = draw_record(game, record)
    for choice in record.choices:
        if choice.button:
            assert html.escape(choice.label, quote=True) in screen.actions
    assert "Ann &lt;b&gt;" in screen.status + screen.log and "<b>" not in screen.status + screen.log
    assert "join-undo" in screen.gamebar and "disabled" in screen.gamebar  # nothing to take back yet
    waiting = draw_record(game, seat_record(game, state, 1))  # Bob's page while Ann decides
    assert "data-action" not in waiting.actions and "Ann &lt;b&gt;" in waiting.actions


def test_the_friends_table_draws_through_the_tables_record_regions_when_there_is_one(monkeypatch) -> None:
    from app import gameview

    calls: list[dict[str, Any]] = []

    def record_regions(game, record, **kw):
        calls.append(kw)
        return gameview.Regions("bar", "status!", "board!", "actions!", "log!", [], "", view={"v": 1})

    monkeypatch.setattr(gameview, "record_regions", record_regions, raising=False)
    game, _state, record = record_of()
    screen = draw_record(game, record, selected="L1")
    assert (screen.status, screen.board, screen.actions, screen.log) == ("status!", "board!", "actions!", "log!")
    assert calls == [{"previous": None, "selected": "L1"}] and screen.view == {"v": 1}
    assert "join-undo" in screen.gamebar  # the friend's own menu (no Save or Replay: the game is the host's)


# -- a whole join on a fake page ----------------------------------------------------------------------------------
class FakePeer:
    """app/remote/peer.Peer's surface, its other end a HostSession's link."""

    def __init__(self) -> None:
        self.state = "connecting"
        self.reason = ""
        self.on_open = self.on_text = self.on_close = None
        self.link: Any = None
        self.closed = False

    def send(self, text: str) -> None:
        if self.state == "open":
            self.link.receive(text)

    def close(self) -> None:
        self.closed = True
        self.state = "closed"


class HostEnd:
    """The host's channel: what the host sends arrives at the friend's peer."""

    def __init__(self, peer: FakePeer) -> None:
        self.peer = peer
        self.closed = False

    def send(self, text: str) -> None:
        if self.peer.on_text is not None:
            self.peer.on_text(text)

    def close(self) -> None:
        self.closed = True


def test_a_friend_joins_plays_keeps_the_standing_offer_and_is_told_when_the_connection_is_lost(monkeypatch) -> None:
    async def body() -> None:
        page = FakePage()
        controller = controller_with(page, monkeypatch)
        from app import dom
        from app.remote import peer as peer_module

        answered: list[str] = []
        peers: list[FakePeer] = []

        async def make_reply(offer_code: str, ice_servers: Any = None) -> tuple[FakePeer, str]:
            answered.append(offer_code)
            peers.append(FakePeer())
            return peers[-1], REPLY

        async def release_id() -> str:
            return RELEASE

        session_store: dict[str, str | None] = {}
        monkeypatch.setattr(peer_module, "make_reply", make_reply)
        monkeypatch.setattr(dom, "release_id", release_id, raising=False)
        monkeypatch.setattr(dom, "session_set", session_store.__setitem__)
        monkeypatch.setattr(dom, "session_get", session_store.get)
        monkeypatch.setattr(dom, "closest_command", lambda event: event.found)
        app = controller.App()
        game = GAMES["titan_dice"]
        state = game.new_game(2, seed=3, seats=[Seat(name="Ann <b>"), Seat(name="Bob")])
        host = HostSession(game, state, release=RELEASE, clock=lambda: 0.0)
        token = host.invite(0)

        assert app.join.open_link(f"#join={token}.{OFFER[:-6]}")  # a link cut short: said, nothing joined
        assert "This invite cannot be used" in page.html["screen"] and not answered
        assert not app.join.open_link("#save=abc")
        assert app.join.open_link("#" + invite_fragment(token, OFFER))
        assert app.router.screen == "join" and "Making your reply code" in page.html["screen"]
        for _ in range(20):
            await asyncio.sleep(0)
        assert answered == [OFFER] and REPLY in page.html["screen"]
        assert session_store[join_view.JOINING_KEY] == token  # a reload joins this invite again

        peer = peers[-1]  # the host pastes the reply: the channel opens
        peer.link = host.connect(HostEnd(peer))
        peer.state = "open"
        peer.on_open()
        assert peer.link.seat == 0
        assert "data-action" in page.html["actions"] and "Ann &lt;b&gt;" in page.html["status"]
        assert page.focused == ["#actions .btn-action:not(.ends-turn)"]  # asked: its first choice takes the focus
        moves = host.state.moves
        app.on_click(Click("action", "0"))
        assert host.state.moves == moves + 1  # played at the host, on the host's game
        assert page.html["log"].count("<li") > 1

        from app import gameview

        def cannot_draw(*args: Any, **kw: Any) -> None:
            raise ValueError("no such choice")

        with monkeypatch.context() as patch:  # a record the views cannot draw: said, the page goes on
            patch.setattr(gameview, "record_regions", cannot_draw, raising=False)
            host.update(host.state)
            assert "cannot draw (no such choice)" in page.html["join-line"]

        peer.link.send(Spare(code=OTHER_OFFER))  # the host's standing offer for the next join
        assert InviteBook(app.stored.store.backend).answer_for(token) == OTHER_OFFER

        peer.state = "closed"
        peer.on_close(failure_reason("lost"))
        assert "The connection was lost" in page.html["join-line"] and "join-again" in page.html["join-line"]
        assert "data-action" not in page.html["actions"]  # nothing to play until the friend rejoins
        app.command("join-again", None, None)
        for _ in range(20):
            await asyncio.sleep(0)
        assert answered[-1] == OTHER_OFFER and REPLY in page.html["screen"]  # only a reply code goes back

        assert app.join.reopen()  # a reload of this tab: the same seat, from the standing offer
        for _ in range(20):
            await asyncio.sleep(0)
        assert answered[-1] == OTHER_OFFER
        peers[-1].state = "open"
        peers[-1].link = host.connect(HostEnd(peers[-1]))
        peers[-1].on_open()
        link = peers[-1].link
        app.join.page_hidden()  # the page is left (a reload): the host is told at once, the tab still joins
        assert link.closed and session_store[join_view.JOINING_KEY] == token
        assert app.join.reopen()
        for _ in range(20):
            await asyncio.sleep(0)
        app.home.show()  # leaving: this tab no longer joins
        assert session_store[join_view.JOINING_KEY] is None and peers[-1].closed

    asyncio.run(body())


class Click:
    """A click on an element marked data-action (or data-select)."""

    def __init__(self, kind: str, value: str, node: Any = None) -> None:
        self.found = (kind, value, node)
        self.target = None

    def preventDefault(self) -> None:  # noqa: N802 (the DOM's name)
        pass


def test_a_choice_with_a_question_asks_it_first_and_a_first_tap_on_the_board_shows_its_text(monkeypatch) -> None:
    async def body() -> None:
        page = FakePage()
        controller = controller_with(page, monkeypatch)
        from app import dom
        from app.remote import peer as peer_module
        from tests.app.fake_page import Choice

        peers: list[FakePeer] = []

        async def make_reply(offer_code: str, ice_servers: Any = None) -> tuple[FakePeer, str]:
            peers.append(FakePeer())
            return peers[-1], REPLY

        async def release_id() -> str:
            return RELEASE

        monkeypatch.setattr(peer_module, "make_reply", make_reply)
        monkeypatch.setattr(dom, "release_id", release_id, raising=False)
        monkeypatch.setattr(dom, "closest_command", lambda event: event.found)
        app = controller.App()
        game = GAMES["titan_dice"]
        host = HostSession(game, game.new_game(2, seed=3, seats=[Seat(name="Ann"), Seat(name="Bob")]),
                           release=RELEASE, clock=lambda: 0.0)  # fmt: skip
        app.join.open_link("#" + invite_fragment(host.invite(0), OFFER))
        for _ in range(20):
            await asyncio.sleep(0)
        peer = peers[-1]
        peer.link = host.connect(HostEnd(peer))
        peer.state = "open"
        peer.on_open()
        moves = host.state.moves
        record = app.join.session.record
        asked = record.choices[0]
        with monkeypatch.context() as patch:  # (the record's `confirm`, as the view's confirm_action gives it)
            patch.setattr(app.join, "_choice", lambda value: SimpleNamespace(confirm=("Sure?", "It costs.", "Do it"),
                                                                             detail=""))  # fmt: skip
            app.on_click(Click("action", "0"))
            assert "Sure?" in page.html["dialog"] and host.state.moves == moves  # asked, not played
            app.join.confirm("0")
        assert host.state.moves == moves + 1

        with monkeypatch.context() as patch:  # on touch, a choice on the board with a text to read: two taps
            patch.setattr(app.join, "_choice", lambda value: SimpleNamespace(confirm=None, detail="Ends your turn"))
            app.table.touch = True
            moves = host.state.moves
            on_board = Choice(page, "board", "0")
            app.on_click(Click("action", "0", on_board))
            assert host.state.moves == moves and "Tap it again" in page.texts["status"]
            app.on_click(Click("action", "0", on_board))
            assert host.state.moves == moves + 1
        assert asked.action  # (the record's first choice was the one played)

        app.table.touch = False  # Ann plays on until Bob (at the host's table) is asked, Bob plays till Ann is again
        while host.state.current_player == 0:
            app.on_click(Click("action", str(len(app.join.session.record.choices) - 1)))
        assert "Since your last turn" not in page.html["actions"]
        while host.state.current_player == 1:
            host._changed(game.apply(host.state, game.legal_actions(host.state)[-1]))
        assert host.state.current_player == 0 and "Since your last turn" in page.html["actions"]
        assert "Bob" in page.html["actions"].split("Since your last turn")[1]

    asyncio.run(body())


# -- the standing offer's message -----------------------------------------------------------------------------------
def test_the_standing_offer_is_read_strictly_and_kept_only_when_it_is_an_offer() -> None:
    from app.remote.guest import GuestSession
    from app.remote.messages import PROTOCOL, MessageError, parse_host

    assert parse_host(f'{{"v":{PROTOCOL},"t":"spare","code":"{OFFER}"}}') == Spare(code=OFFER)
    for bad in (
        f'{{"v":{PROTOCOL},"t":"spare","code":"{"A" * 1001}"}}',  # too long
        f'{{"v":{PROTOCOL},"t":"spare","code":"{OFFER}","seat":1}}',  # a field it has not
        f'{{"v":{PROTOCOL},"t":"spare","code":3}}',
        f'{{"v":{PROTOCOL},"t":"spare"}}',
    ):
        with pytest.raises(MessageError):
            parse_host(bad)

    class Sink:
        def send(self, text: str) -> None:
            pass

        def close(self) -> None:
            pass

    guest = GuestSession(Sink(), TOKEN, release=RELEASE)
    for code in (REPLY, "1garbage", "<b>"):
        guest.receive(f'{{"v":{PROTOCOL},"t":"spare","code":"{code}"}}')
        assert guest.spare == ""
    guest.receive(f'{{"v":{PROTOCOL},"t":"spare","code":"{OFFER}"}}')
    assert guest.spare == OFFER


def test_a_host_of_another_release_says_reload_this_page(monkeypatch) -> None:
    async def body() -> None:
        page = FakePage()
        controller = controller_with(page, monkeypatch)
        from app import dom
        from app.remote import peer as peer_module

        peers: list[FakePeer] = []

        async def make_reply(offer_code: str, ice_servers: Any = None) -> tuple[FakePeer, str]:
            peers.append(FakePeer())
            return peers[-1], REPLY

        async def release_id() -> str:
            return "an-older-release"

        monkeypatch.setattr(peer_module, "make_reply", make_reply)
        monkeypatch.setattr(dom, "release_id", release_id, raising=False)
        app = controller.App()
        game = GAMES["titan_dice"]
        host = HostSession(game, game.new_game(2, seed=3, seats=[Seat(name="Ann"), Seat(name="Bob")]),
                           release=RELEASE, clock=lambda: 0.0)  # fmt: skip
        app.join.open_link("#" + invite_fragment(host.invite(0), OFFER))
        for _ in range(20):
            await asyncio.sleep(0)
        peer = peers[-1]
        peer.link = host.connect(HostEnd(peer))
        peer.state = "open"
        peer.on_open()
        assert peer.link.seat is None and peer.link.closed  # nothing played with it
        shown = page.html["screen"]
        assert "different versions of Titan Table" in shown and "join-reload" in shown
        # The host closes the channel after its `mismatch`: the friend's peer then ends, and the page still says
        # what to do (reload), not only that the connection ended (seen in the browser, tests/e2e).
        peer.state = "closed"
        peer.on_close("The host closed the connection.")
        shown = page.html["screen"]
        assert "different versions of Titan Table" in shown and "join-reload" in shown
        assert "The connection ended" not in shown

    asyncio.run(body())


# -- the WebRTC glue's close, with fake browser objects ---------------------------------------------------------
class FakeTarget:
    """An RTCPeerConnection's or RTCDataChannel's surface the Peer uses: listeners, close, what happened."""

    def __init__(self, name: str, events: list[str]) -> None:
        self.name, self.events = name, events
        self.readyState = "open"
        self.iceConnectionState = self.connectionState = "connected"

    def addEventListener(self, event: str, proxy: Any) -> None:  # noqa: N802 (the browser's name)
        pass

    def removeEventListener(self, event: str, proxy: Any) -> None:  # noqa: N802
        pass

    def send(self, text: str) -> None:
        self.events.append(f"{self.name} sends {text}")

    def close(self) -> None:
        self.events.append(f"{self.name} closed")


def test_a_peer_closed_by_its_side_lets_its_last_message_leave_before_the_connection_closes(monkeypatch) -> None:
    """The host sends `mismatch` (or `bye`) and closes at once: closing the peer connection then would drop the
    message queued on the channel (seen in Chromium: the friend of another release was told only that the
    connection ended). Both are closed `LINGER` later; nothing more is sent meanwhile."""
    import sys
    from types import ModuleType

    from app.remote import peer as peer_module

    ffi = ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda handler: SimpleNamespace(destroy=lambda: None)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide", ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.setattr(peer_module, "LINGER", 0.01)

    async def body() -> None:
        events: list[str] = []
        peer = peer_module.Peer(FakeTarget("connection", events), [], joins=False)
        peer._attach(FakeTarget("channel", events))
        closed: list[str] = []
        peer.on_close = closed.append
        assert peer.state == "open"
        peer.send('{"t":"mismatch"}')
        peer.close()
        assert events == ['channel sends {"t":"mismatch"}']  # the channel and the connection still up
        assert peer.state == "closed" and closed == []  # this side's choice: on_close is not called
        peer.send('{"t":"ping"}')  # nothing more is sent
        await asyncio.sleep(0.05)
        assert events == ['channel sends {"t":"mismatch"}', "channel closed", "connection closed"]
        # A failure closes both at once (nothing is left to send).
        events.clear()
        failed = peer_module.Peer(FakeTarget("connection", events), [], joins=False)
        failed._attach(FakeTarget("channel", events))
        failed._end("failed", "lost")
        assert events == ["channel closed", "connection closed"]

    asyncio.run(body())


def test_the_friends_summary_tells_what_happened_since_his_last_decision_as_the_hosts_table_would(monkeypatch) -> None:
    """'Since your last turn' on the friend's page is what the host's table would show his seat: from just after his
    own decision (the table marks a seat once its decision is played), never his own move told back to him. Titan
    Race, where a turn is several decisions of one seat (a move, then a trap), played through the page's clicks."""
    from app.gameview import since_lines
    from app.since import log_mark, summary_html

    async def body() -> None:
        page = FakePage()
        controller = controller_with(page, monkeypatch)
        from app import dom
        from app.remote import peer as peer_module

        peers: list[FakePeer] = []

        async def make_reply(offer_code: str, ice_servers: Any = None) -> tuple[FakePeer, str]:
            peers.append(FakePeer())
            return peers[-1], REPLY

        async def release_id() -> str:
            return RELEASE

        session_store: dict[str, str | None] = {}
        monkeypatch.setattr(peer_module, "make_reply", make_reply)
        monkeypatch.setattr(dom, "release_id", release_id, raising=False)
        monkeypatch.setattr(dom, "session_set", session_store.__setitem__)
        monkeypatch.setattr(dom, "session_get", session_store.get)
        monkeypatch.setattr(dom, "closest_command", lambda event: event.found)
        app = controller.App()
        game = GAMES["titan_race"]
        state = game.new_game(2, seed=6, seats=[Seat(name="Ann"), Seat(name="Bob")])
        host = HostSession(game, state, release=RELEASE, clock=lambda: 0.0)
        token = host.invite(1)
        assert app.join.open_link("#" + invite_fragment(token, OFFER))
        for _ in range(20):
            await asyncio.sleep(0)
        peer = peers[-1]
        peer.link = host.connect(HostEnd(peer))
        peer.state = "open"
        peer.on_open()
        table_mark = log_mark(host.state)  # the host's table marks every seat at the start
        told = 0
        for _ in range(120):
            if host.state.is_over:
                break
            if host.state.current_player == 1:  # Bob, on his own page
                summary = re.search(r"<details class='since'.*?</details>", page.html["actions"])
                expected = summary_html(since_lines(game, host.state, table_mark))
                assert (summary.group(0) if summary else "") == expected
                assert app.join.mark == table_mark
                told += bool(expected)
                choices = app.join.session.record.choices
                first = next(index for index, choice in enumerate(choices) if not choice.confirm)  # no dialog
                app.on_click(Click("action", str(first)))
                table_mark = log_mark(host.state)  # once his decision is played
            else:  # Ann, at the host's table
                host.update(game.apply(host.state, game.legal_actions(host.state)[0]))
        assert told > 5  # it told something, many times

    asyncio.run(body())
