"""The invite link's fragment: the seat's token and the host's offer code, `#join=<token>.<offer code>`
(docs/remote-play.md, "The handshake"). A fragment never reaches a server; it is untrusted input all the same
(a link can be typed, cut or forged): `read_invite` checks it and raises `CodeError` with a readable reason."""

from __future__ import annotations

import re

from app.remote.sdpcode import MAX_CODE, CodeError, unpack

KEY = "join"
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def invite_fragment(token: str, offer_code: str) -> str:
    """The fragment of a seat's invite link (without the '#')."""
    if not _TOKEN.match(token):
        raise ValueError("an invite token is 16 to 64 URL-safe characters")
    return f"{KEY}={token}.{offer_code}"


def read_invite(fragment: str) -> tuple[str, str]:
    """The token and the offer code of an invite link's fragment (with or without the '#'); CodeError if it is not
    one, or its offer is not an offer."""
    text = str(fragment).strip()[: MAX_CODE + 100].removeprefix("#")
    key, equals, value = text.partition("=")
    token, dot, code = value.partition(".")
    if key != KEY or not equals or not dot:
        raise CodeError("That is not an invite link of Titan Table (or it was not copied whole).")
    if not _TOKEN.match(token):
        raise CodeError("The invite link's seat is damaged: ask the host to send it again.")
    if unpack(code).answer:
        raise CodeError("That is a reply code, not an invite: it goes back to the host.")
    return token, code
