"""What the tests of playing with friends share: sample SDP and codes, a token and a release, a fake clock, a fake
relay hub, and the host's app on a fake page with fake WebRTC."""

from __future__ import annotations

import asyncio
import importlib
import re
import types
from collections.abc import Callable
from typing import Any

from app.remote.guest import GuestSession
from app.remote.sdpcode import CodeError, encode
from app.storage import SavedGame
from engine.core import Seat
from tests.app.fake_page import FakePage, controller_with

FINGERPRINT = "sha-256 4F:1C:9A:33:D2:7E:08:B5:6A:E1:90:2C:4D:77:F3:0B:95:C8:1E:62:AF:3D:58:07:B4:E9:21:6C:8A:D0:13:F7"


def sdp(ufrag: str, pwd: str, setup: str, candidates: list[str], session: str = "4611731400430051336") -> str:
    """A session description as Chromium writes one, with these credentials, role and candidates."""
    lines = [
        "v=0",
        f"o=- {session} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=extmap-allow-mixed",
        "a=msid-semantic: WMS",
        "m=application 54321 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 192.0.2.2",
        *[f"a=candidate:{c}" for c in candidates],
        f"a=ice-ufrag:{ufrag}",
        f"a=ice-pwd:{pwd}",
        "a=ice-options:trickle",
        f"a=fingerprint:{FINGERPRINT}",
        f"a=setup:{setup}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


SAMPLES = {
    "offer, one host candidate (no mDNS: the tests' Chromium)": (
        sdp("EsAw", "bP+XJMM09aR8AiX1jdukzR6Y", "actpass", [
            "1467250027 1 udp 2122260223 192.0.2.2 54321 typ host generation 0 network-id 1 network-cost 10",
            "3471623853 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0 network-id 1 network-cost 10",
        ]),
        False,
    ),
    "answer, mDNS host candidate (a player's Chromium)": (
        sdp("k9/R", "Zq3x7Lw0+TnY2vB8cUe5HhJp", "active", [
            "2395300328 1 udp 2113937151 3f2b6c1e-8a4d-4c2e-9b1f-2a7d5e6c9f01.local 61234 typ host generation 0"
            " network-cost 999",
        ]),
        True,
    ),
    "offer across the internet: host, IPv6, srflx, relay": (
        sdp("Ab12", "Qw8e7r6t5y4u3i2o1p0aSdFg", "actpass", [
            "1467250027 1 udp 2122260223 192.168.1.12 54400 typ host generation 0 network-id 1 network-cost 10",
            "2999745851 1 udp 2122197247 2001:db8:85a3::8a2e:370:7334 54401 typ host generation 0 network-id 2",
            "842163049 1 udp 1686052607 203.0.113.7 61001 typ srflx raddr 0.0.0.0 rport 0 generation 0 network-id 1",
            "3744213577 1 udp 41885439 198.51.100.20 3478 typ relay raddr 203.0.113.7 rport 61001 generation 0",
            "1467250027 2 udp 2122260222 192.168.1.12 54402 typ host generation 0",
        ]),
        False,
    ),
}  # fmt: skip


TOKEN = "Zk3_-q9LmN0pQr5sTu7vWx"


RELEASE = "r-test"


class Clock:
    """A clock that stands still until a test moves `now`."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


ANSWER = encode(*SAMPLES["answer, mDNS host candidate (a player's Chromium)"])


class Hub:
    """Every open channel of the origin; a post reaches the others of the same name."""

    def __init__(self) -> None:
        self.open: list[FakeChannel] = []
        self.posted: list[str] = []

    def opener(self, name: str, on_message: Callable[[str], None]) -> FakeChannel:
        channel = FakeChannel(self, name, on_message)
        self.open.append(channel)
        return channel


class FakeChannel:
    """One open channel of the hub: what it posts reaches the others of the same name."""

    def __init__(self, hub: Hub, name: str, on_message: Callable[[str], None]) -> None:
        self.hub, self.name, self.on_message = hub, name, on_message

    def post(self, text: str) -> None:
        self.hub.posted.append(text)
        for other in list(self.hub.open):
            if other is not self and other.name == self.name:
                other.on_message(text)

    def close(self) -> None:
        self.hub.open.remove(self)


ROW = re.compile(
    r'<div class="friend" id="friend-row-(\d+)">(.*?)</div>(?=<div class="friend" id="friend-row-|$)', re.S
)


class HostPeer:
    """The host's end of a data channel, as `app.remote.peer.Peer` is: send/close, the callbacks, state, reason."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.state = "connecting"
        self.reason = ""
        self.on_open: Any = None
        self.on_text: Any = None
        self.on_close: Any = None
        self.replied = ""
        self.guest: GuestSession | None = None
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        assert self.state == "open", "sent on a channel that is not open"
        self.sent.append(text)
        if self.guest is not None:
            self.guest.receive(text)

    def close(self) -> None:
        self.state = "closed"


class GuestChannel:
    """The friend's end: what his page sends reaches the host's peer."""

    def __init__(self, peer: HostPeer) -> None:
        self.peer = peer
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        self.sent.append(text)
        if self.peer.state == "open":
            self.peer.on_text(text)

    def close(self) -> None:
        if self.peer.state == "open":
            self.peer.state = "closed"
            self.peer.on_close("The friend's page closed the connection.")


class FakeWebRTC:
    """`app.remote.peer`, `app.remote.qr` and `app.remote.ice` in one: offers made, replies taken."""

    def __init__(self) -> None:
        self.offers: list[HostPeer] = []
        self.ice_asked = 0

    async def make_offer(self, ice_servers: list[dict]) -> tuple[HostPeer, str]:
        peer = HostPeer(f"offer{len(self.offers)}")
        self.offers.append(peer)
        return peer, peer.code

    async def take_reply(self, peer: HostPeer, code: str) -> None:
        if not code.startswith("reply."):
            raise CodeError("it holds characters a code never has")
        peer.replied = code

    def ice_servers(self) -> list[dict]:
        self.ice_asked += 1
        return []

    def qr_svg(self, text: str, *, title: str) -> str:
        return f"<svg data-qr='{len(text)}'><title>QR</title></svg>"


class Page(FakePage):
    """The fake page, and the Friends panel as it stands: written whole, then row by row (`panel`)."""

    def functions(self) -> dict[str, Any]:
        return {**super().functions(), "set_html": self.set_html}

    written: list[str]

    def set_html(self, element_id: str, markup: str) -> None:
        self.__dict__.setdefault("written", []).append(element_id)
        if element_id == "friends":
            for key in [key for key in self.html if key.startswith("friend-row-")]:
                del self.html[key]
        self.html[element_id] = markup

    @property
    def panel(self) -> str:
        """The Friends panel's markup now (each row as last written)."""
        rows = ROW.findall(self.html.get("friends", ""))
        return "".join(self.html.get(f"friend-row-{seat}", markup) for seat, markup in rows)


class Host:
    """The host's app on a fake page, with fake WebRTC."""

    def __init__(self, monkeypatch: Any, data: dict[str, str] | None = None) -> None:
        self.page = Page()
        self.net = FakeWebRTC()
        # The real modules (importable under CPython), their browser-facing calls replaced.
        for name, attrs in (("peer", ("make_offer", "take_reply")), ("qr", ("qr_svg",)), ("ice", ("ice_servers",))):
            module = importlib.import_module(f"app.remote.{name}")
            for attr in attrs:
                monkeypatch.setattr(module, attr, getattr(self.net, attr))
        self.relay = types.SimpleNamespace(heard=[], closed=0)
        relay = importlib.import_module("app.remote.relay")
        monkeypatch.setattr(
            relay,
            "listen",
            lambda callback: self.relay.heard.append(callback) or types.SimpleNamespace(close=self._relay_closed),
        )
        self.app = controller_with(self.page, monkeypatch).App()
        self.app.computer.pause = 0.0
        self.app.friends.ping_seconds = 3600.0
        if data is not None:
            self.app.stored.store.backend.data = data

    def _relay_closed(self) -> None:
        self.relay.closed += 1

    @property
    def table(self) -> Any:
        return self.app.table

    @property
    def session(self) -> Any:
        return self.app.friends.session

    def start(self, game_id: str, seats: list[Seat], friends: list[int], seed: int = 3) -> dict[int, str]:
        """A new game through the set-up form (a seat's kind 'friend' for each of `friends`)."""
        self.app.new_game.show(game_id)
        values = {"game": game_id, "num_players": str(len(seats)), "seed": str(seed)}
        for index, seat in enumerate(seats):
            kind = "friend" if index in friends else seat.kind
            values |= {f"seat{index}_name": seat.name, f"seat{index}_kind": kind, f"seat{index}_level": "1"}
        self.page.values = values
        self.app.new_game.start()
        return dict(self.app.stored.saver.friends)

    async def settle(self, ticks: int = 3000) -> None:
        """Let the page's tasks run (offers made, the computer's loop) until none is left but the pings."""
        for _ in range(ticks):
            await asyncio.sleep(0)
            if all(task.done() or task.get_coro().__name__ == "pinger" for task in self.app.tasks):
                return

    async def invite(self, seat: int) -> str:
        """'Invite' pressed: the link shown."""
        self.app.friends.invite(seat)
        await self.settle()
        return self.app.friends.invites[seat].link

    async def paste(self, seat: int, code: str) -> None:
        """A reply code pasted in the seat's field, 'Connect' pressed."""
        self.page.values[f"friend-reply-{seat}"] = code
        self.app.friends.reply(seat)
        await self.settle()

    async def join(self, seat: int, token: str | None = None) -> tuple[GuestSession, GuestChannel, HostPeer]:
        """A friend's page answers the seat's offer waiting (an invite's or the standing one), the host pastes the
        reply, the channel opens and the friend's page says hello."""
        peer = self.app.friends.invites[seat].peer
        assert peer is not None, "no offer waits for this seat"
        await self.paste(seat, f"reply.{peer.code}")
        assert peer.replied
        channel = GuestChannel(peer)
        guest = GuestSession(channel, token or self.app.stored.saver.friends[seat], release=self.session.release)
        peer.guest = guest
        peer.state = "open"
        peer.on_open()
        guest.open()
        await self.settle()
        return guest, channel, peer

    def stored(self) -> SavedGame:
        entry_id = self.app.stored.saver.entry_id
        return self.app.stored.store.get(entry_id)
