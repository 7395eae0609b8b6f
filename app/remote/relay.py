"""A reply code scanned on the host's own device reaches the host's game in another tab.

The friend's page shows its reply code also as a QR code of a link, `<page URL>#reply=<token>.<reply code>`.
The host scans it with the phone that hosts the game: the phone's browser opens the link in a new tab, which
hands the code to the game's tab through a BroadcastChannel (same origin, same browser: nothing leaves the
device) and says so. On a desktop, where no camera scans, the host pastes the code instead.

Messages on the channel are JSON texts, read as untrusted input (another tab of another release, or any page
of this origin, may write on it): `{"t": "reply", "token", "code"}` from the scanning tab, checked as an
invite's parts are (`read_reply`), and `{"t": "got", "token"}` back from the tab whose game took it.

The channel itself is the browser's; the app binds its opener at start-up (`use(dom.broadcast_channel)`), so
this module stays pure Python and its tests drive it with a fake one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Protocol

from app.remote.invite import _TOKEN
from app.remote.sdpcode import MAX_CODE, CodeError, unpack
from engine.core.untrusted import UntrustedInputError, parse

KEY = "reply"
CHANNEL = "titan-table:reply"
MAX_MESSAGE = MAX_CODE + 200  # characters of a channel message read at all


class Channel(Protocol):
    """A BroadcastChannel as the app gives it: post a text; close."""

    def post(self, text: str) -> None: ...

    def close(self) -> None: ...


# (channel name, on_message(text)) -> a Channel, or None where the browser has no BroadcastChannel.
Opener = Callable[[str, Callable[[str], None]], Channel | None]
_opener: list[Opener] = []


def use(opener: Opener | None) -> None:
    """Bind the browser's BroadcastChannel opener (app/controller.py at start-up); None: none (tests)."""
    _opener[:] = [] if opener is None else [opener]


def reply_link(page_url: str, token: str, code: str) -> str:
    """The link a friend's page shows as a QR code: the page's URL (without its fragment) and the reply."""
    if not _TOKEN.match(token):
        raise ValueError("an invite token is 16 to 64 URL-safe characters")
    if not unpack(code).answer:
        raise ValueError("a reply link carries a reply code")
    return f"{page_url.split('#', 1)[0]}#{KEY}={token}.{code}"


def read_reply(fragment: str) -> tuple[str, str]:
    """The token and the reply code of a reply link's fragment (with or without the '#'); CodeError if it is not
    one."""
    text = str(fragment).strip()[: MAX_CODE + 100].removeprefix("#")
    key, equals, value = text.partition("=")
    token, dot, code = value.partition(".")
    if key != KEY or not equals or not dot:
        raise CodeError("That is not a reply link of Titan Table (or it was not copied whole).")
    if not _TOKEN.match(token):
        raise CodeError("The reply link's seat is damaged: ask your friend to show it again.")
    if not unpack(code).answer:
        raise CodeError("That is an invite, not a reply code: it goes to the friend.")
    return token, code


def _read(text: object) -> dict[str, str] | None:
    """A channel message as a dict of short strings, or None (anything else is ignored)."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        return None
    try:
        data = parse(text, max_depth=2, max_containers=2)
    except UntrustedInputError:
        return None
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        return None
    return data


def send_reply(token: str, code: str, on_received: Callable[[], None] | None = None) -> bool:
    """Hand a reply to the game open in another tab of this browser; `on_received` runs once a tab's game took it.
    False when the browser has no channel (the page then asks for a paste)."""
    read_reply(f"{KEY}={token}.{code}")  # never post what a listener would refuse
    done: list[bool] = []

    def heard(text: str) -> None:
        data = _read(text)
        if data is not None and data.get("t") == "got" and data.get("token") == token and not done:
            done.append(True)
            if on_received is not None:
                on_received()

    channel = _opener[0](CHANNEL, heard) if _opener else None
    if channel is None:
        return False
    channel.post(json.dumps({"t": "reply", "token": token, "code": code}))
    return True


def listen(callback: Callable[[str, str], bool | None]) -> Channel | None:
    """For the host's page: `callback(token, code)` for every well-formed reply another tab hands over. Unless
    it returns False (no seat of this game waits for that token), the sending tab is told its reply was taken.
    Returns the channel (close it when the game no longer waits), or None where the browser has none."""
    holder: list[Channel] = []

    def heard(text: str) -> None:
        data = _read(text)
        if data is None or data.get("t") != "reply":
            return
        try:
            token, code = read_reply(f"{KEY}={data.get('token', '')}.{data.get('code', '')}")
        except CodeError:
            return
        if callback(token, code) is not False and holder:
            holder[0].post(json.dumps({"t": "got", "token": token}))

    channel = _opener[0](CHANNEL, heard) if _opener else None
    if channel is not None:
        holder.append(channel)
    return channel
