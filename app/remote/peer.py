"""The WebRTC glue (the browser only): one peer connection with one data channel `titan`, made from the handshake's
codes (app/remote/sdpcode.py) with no signalling server (docs/remote-play.md, "The handshake").

- the host: `make_offer(ice_servers)` gives a `Peer` and the offer code (ICE gathering complete: the code holds
  every candidate), then `take_reply(peer, reply_code)` once the friend's reply code is pasted;
- the friend: `make_reply(offer_code, ice_servers)` gives a `Peer` and the reply code to send back.

A `Peer` is a channel as `app/remote/host.Channel` and `GuestSession` want it: `send(text)` (a long text goes in
parts, `messages.frames`), `close()`; and tells its owner `on_open()`, `on_text(text)` (on the friend's side a long
message's parts are put back together, `messages.Joiner`; the host takes the guest's short messages as they come)
and `on_close(reason)`. When a connection cannot be made (ICE failed, a timeout, no candidate at all), `state` is
'failed' and `reason` says in plain words what happened and what to try.

ICE servers are passed in: none by default, so no request leaves the page unless the player added a STUN or TURN
server in the settings. `js` and `pyodide` are imported inside the functions that use them, so CPython can import
this module (its pure parts, the words of a failure, are tested there).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from app.remote.messages import HOST_TEXT, Joiner, MessageError, frames
from app.remote.sdpcode import CodeError, decode, encode

CHANNEL = "titan"
GATHER_TIMEOUT = 6.0  # seconds to wait for ICE gathering (then the candidates gathered so far are used)
CONNECT_TIMEOUT = 25.0  # seconds from the reply code pasted at the host to the channel open
LINGER = 3.0  # seconds a connection closed by this side stays up for its channel's last messages to leave
WAIT_FOR_HOST = 900.0  # seconds the friend's page waits for the host to paste its reply code

SAME_NETWORK = "On one network (the same Wi-Fi), check that both devices are on it, then try again."
ACROSS = (
    "Across the internet, add a STUN server in Settings on both devices; about one in five connections across the "
    "internet also need a TURN relay (Settings too)."
)
WITH_STUN = (
    "A STUN server is set, so this connection probably needs a TURN relay: add one in Settings (about one in five "
    "connections across the internet need one)."
)


def failure_reason(what: str, ice_servers: list[dict[str, Any]] | None = None, seconds: float = 0.0) -> str:
    """The plain words of a connection that could not be made: what happened (`what`: 'ice', 'timeout',
    'no-candidate', 'lost', 'code') and what to try, given the ICE servers in use."""
    urls = [str(url) for server in ice_servers or [] for url in _urls(server)]
    has_turn = any(url.startswith(("turn:", "turns:")) for url in urls)
    has_stun = any(url.startswith(("stun:", "stuns:")) for url in urls)
    if what == "no-candidate":
        return (
            "This browser gave no network address for the connection: is the device offline, or does the browser "
            "block WebRTC (a privacy setting or extension)? " + SAME_NETWORK
        )
    if what == "lost":
        return "The connection was lost: the other page was closed or reloaded, or the network dropped."
    if what == "timeout":
        head = f"The connection was not made within {round(seconds)} seconds."
    else:
        head = "The connection could not be made: the two devices found no way to reach each other."
    if has_turn:
        advice = "Check the TURN server's address and password in Settings, or try another network."
    elif has_stun:
        advice = WITH_STUN
    else:
        advice = ACROSS
    return f"{head} {SAME_NETWORK} {advice}"


def _urls(server: dict[str, Any]) -> list[str]:
    urls = server.get("urls", [])
    return [urls] if isinstance(urls, str) else [str(url) for url in urls] if isinstance(urls, list) else []


class Peer:
    """One peer connection and its data channel (see the module's docstring)."""

    def __init__(self, pc: Any, ice_servers: list[dict[str, Any]], *, joins: bool) -> None:
        self.pc = pc
        self.ice_servers = ice_servers
        self.channel: Any = None
        self.state = "connecting"  # 'connecting' | 'open' | 'closed' | 'failed'
        self.reason = ""  # why it failed or ended, in plain words ('' while fine, or closed by this side)
        self.on_open: Callable[[], None] | None = None
        self.on_text: Callable[[str], None] | None = None
        self.on_close: Callable[[str], None] | None = None
        self.joiner = Joiner(HOST_TEXT) if joins else None  # the friend's side puts long messages together
        self._listeners: list[tuple[Any, str, Any]] = []
        self._timer: asyncio.TimerHandle | None = None
        self._listen(pc, "iceconnectionstatechange", self._ice_changed)
        self._listen(pc, "connectionstatechange", self._ice_changed)

    # -- the channel -------------------------------------------------------------------------------------
    def send(self, text: str) -> None:
        """Send a message (a long one in parts); nothing once the channel is not open."""
        if self.state != "open" or self.channel is None:
            return
        try:
            for frame in frames(text):
                self.channel.send(frame)
        except Exception:  # the channel closed under it: its close event tells the rest
            self._end("closed", failure_reason("lost"))

    def close(self) -> None:
        """End the connection (this side's choice: `on_close` is not called; nothing more is sent or heard). The
        channel and the connection close `LINGER` seconds later: closed at once, they dropped the last message
        queued (a `mismatch` or a `bye` sent just before), seen in Chromium."""
        self.on_close = None
        self._end("closed", "", linger=True)

    def wait_until(self, seconds: float, reason: str) -> None:
        """Fail with `reason` unless the channel is open within `seconds`."""
        self._cancel_timer()
        self._timer = asyncio.get_event_loop().call_later(seconds, self._timed_out, reason)

    # -- events ------------------------------------------------------------------------------------------
    def _attach(self, channel: Any) -> None:
        self.channel = channel
        self._listen(channel, "open", lambda _event: self._opened())
        self._listen(channel, "message", self._message)
        self._listen(channel, "close", lambda _event: self._end("closed", failure_reason("lost")))
        if str(channel.readyState) == "open":
            self._opened()

    def _opened(self) -> None:
        if self.state != "connecting":
            return
        self.state = "open"
        self._cancel_timer()
        if self.on_open is not None:
            self.on_open()

    def _message(self, event: Any) -> None:
        data = event.data
        if not isinstance(data, str):
            return  # the protocol is text only
        if self.joiner is not None and data.startswith("~"):
            try:
                whole = self.joiner.feed(data)
            except MessageError:
                whole = data  # GuestSession says it cannot read it
            if whole is None:
                return
            data = whole
        if self.on_text is not None:
            self.on_text(data)

    def _ice_changed(self, _event: Any) -> None:
        ice, connection = str(self.pc.iceConnectionState), str(self.pc.connectionState)
        if "failed" in (ice, connection):
            self._end("failed", failure_reason("lost" if self.state == "open" else "ice", self.ice_servers))

    def _timed_out(self, reason: str) -> None:
        self._timer = None
        if self.state == "connecting":
            self._end("failed", reason)

    def _end(self, state: str, reason: str, *, linger: bool = False) -> None:
        """Closed or failed, once: the channel and the connection closed (`LINGER` seconds later with `linger`),
        the listeners' proxies freed."""
        if self.state in ("closed", "failed"):
            return
        self.state, self.reason = state, reason
        self._cancel_timer()
        if linger and self.channel is not None:
            asyncio.get_event_loop().call_later(LINGER, _close_both, self.channel, self.pc)
        else:
            _close_both(self.channel, self.pc)
        listeners, self._listeners = self._listeners, []
        asyncio.get_event_loop().call_soon(_free, listeners)  # not from inside a proxy being called
        callback, self.on_close = self.on_close, None
        if callback is not None:
            callback(reason)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _listen(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

        proxy = create_proxy(handler)
        target.addEventListener(event, proxy)
        self._listeners.append((target, event, proxy))


def _close_both(channel: Any, pc: Any) -> None:
    for thing in (channel, pc):
        try:
            if thing is not None:
                thing.close()
        except Exception:
            pass


def _free(listeners: list[tuple[Any, str, Any]]) -> None:
    for target, event, proxy in listeners:
        try:
            target.removeEventListener(event, proxy)
            proxy.destroy()
        except Exception:
            pass


def _connection(ice_servers: list[dict[str, Any]]) -> Any:
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    config = to_js({"iceServers": ice_servers}, dict_converter=js.Object.fromEntries)
    return js.RTCPeerConnection.new(config)


def _description(kind: str, sdp: str) -> Any:
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    return to_js({"type": kind, "sdp": sdp}, dict_converter=js.Object.fromEntries)


async def _gathered(peer: Peer, timeout: float) -> str:
    """The local SDP once ICE gathering is complete (or after `timeout`, with what was gathered); the peer fails
    with a reason if it holds no candidate at all."""
    pc = peer.pc
    done = asyncio.get_event_loop().create_future()

    def changed(_event: Any) -> None:
        if str(pc.iceGatheringState) == "complete" and not done.done():
            done.set_result(None)

    peer._listen(pc, "icegatheringstatechange", changed)
    if str(pc.iceGatheringState) != "complete":
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done, timeout)
    sdp = str(pc.localDescription.sdp)
    if "a=candidate:" not in sdp:
        peer._end("failed", failure_reason("no-candidate", peer.ice_servers))
    return sdp


async def make_offer(
    ice_servers: list[dict[str, Any]] | None = None, *, gather_timeout: float = GATHER_TIMEOUT
) -> tuple[Peer, str]:
    """The host's side: a new connection with its data channel, and the offer code (every candidate gathered).
    The peer's `state` is 'failed' (and the code '') when no candidate could be gathered."""
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    servers = list(ice_servers or [])
    peer = Peer(_connection(servers), servers, joins=False)
    options = to_js({"ordered": True}, dict_converter=js.Object.fromEntries)
    peer._attach(peer.pc.createDataChannel(CHANNEL, options))
    await peer.pc.setLocalDescription(await peer.pc.createOffer())
    sdp = await _gathered(peer, gather_timeout)
    return peer, "" if peer.state == "failed" else encode(sdp, answer=False)


async def take_reply(peer: Peer, reply_code: str, *, connect_timeout: float = CONNECT_TIMEOUT) -> None:
    """The host's side: the friend's reply code, pasted; raises CodeError for a code that is not a reply (the peer
    is left as it was, so a corrected code can be pasted). The channel opens (`on_open`) or the peer fails within
    `connect_timeout` seconds."""
    sdp, answer = decode(reply_code)
    if not answer:
        raise CodeError("That is an invite (an offer), not a reply code: the reply comes from your friend's page.")
    if peer.state != "connecting":
        raise CodeError("This invite's connection has ended: make a new invite.")
    if str(peer.pc.signalingState) != "have-local-offer":
        raise CodeError("This invite has taken a reply already: make a new invite for another.")
    try:
        await peer.pc.setRemoteDescription(_description("answer", sdp))
    except Exception as error:
        raise CodeError(f"The browser could not use that reply code ({str(error)[:120]}).") from None
    peer.wait_until(connect_timeout, failure_reason("timeout", peer.ice_servers, connect_timeout))


async def make_reply(
    offer_code: str,
    ice_servers: list[dict[str, Any]] | None = None,
    *,
    gather_timeout: float = GATHER_TIMEOUT,
    wait_for_host: float = WAIT_FOR_HOST,
) -> tuple[Peer, str]:
    """The friend's side: a connection answering the host's offer code, and the reply code to send back (raises
    CodeError for a code that is not an offer). The channel opens once the host pastes the reply; the peer fails
    after `wait_for_host` seconds without it."""
    sdp, answer = decode(offer_code)
    if answer:
        raise CodeError("That is a reply code, not an invite: it goes back to the host.")
    servers = list(ice_servers or [])
    peer = Peer(_connection(servers), servers, joins=True)

    def arrived(event: Any) -> None:
        if peer.channel is None and str(event.channel.label) == CHANNEL:
            peer._attach(event.channel)

    peer._listen(peer.pc, "datachannel", arrived)
    try:
        await peer.pc.setRemoteDescription(_description("offer", sdp))
        await peer.pc.setLocalDescription(await peer.pc.createAnswer())
    except Exception as error:
        peer.close()
        raise CodeError(f"The browser could not use that invite ({str(error)[:120]}).") from None
    reply = await _gathered(peer, gather_timeout)
    if peer.state == "failed":
        return peer, ""
    minutes = round(wait_for_host / 60)
    peer.wait_until(
        wait_for_host,
        f"The host did not connect within {minutes} minutes of this reply code. Open the invite again for a new "
        "reply code, and ask the host to paste it while this page stays open.",
    )
    return peer, encode(reply, answer=True)
