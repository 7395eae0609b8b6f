"""The player's STUN and TURN servers, kept on this device (docs/remote-play.md, "Network").

By default there are none, and a peer connection then contacts no server at all: two devices on one Wi-Fi or
LAN connect through their own addresses. Across the internet most home routers need a STUN server (it tells a
page its public address), and about one connection in five a TURN server too (it relays the game when no
direct path can be found). The settings panel (app/settings.py) lets the player add them; a public STUN server
is suggested, off until the player turns it on.

Everything here is read as untrusted text, typed in the panel or found in the store (another release, a damaged
entry): only `stun:`, `turn:` and `turns:` URLs of RFC 7064 and 7065, a host name or address and a port, sane
lengths, printable user names and credentials. A bad entry is refused with a sentence for the player and
nothing stored changes; a stored entry that does not read back whole is ignored (no server: the safe default).
"""

from __future__ import annotations

import ipaddress
import json
import re
from dataclasses import dataclass, field, replace
from typing import Any

from app.storage import Backend, StorageError
from engine.core.untrusted import UntrustedInputError, parse, short

KEY = "titan-table:ice"
PUBLIC_STUN = "stun:stun.l.google.com:19302"  # Google's public STUN server: suggested, off until turned on
MAX_SERVERS = 6
MAX_URL = 200
MAX_NAME = 128  # a TURN user name or credential (coturn's time-limited names are under 100)
MAX_STORED = 4_000

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_URL = re.compile(
    rf"(?P<scheme>stun|turn|turns):(?P<host>\[[0-9A-Fa-f:.]{{2,45}}\]|{_LABEL}(?:\.{_LABEL})*)"
    r"(?::(?P<port>\d{1,5}))?(?:\?transport=(?P<transport>udp|tcp))?"
)


class IceError(ValueError):
    """A server that cannot be used; the message is a sentence for the player."""


@dataclass(frozen=True)
class Server:
    """One STUN or TURN server as the player gave it (checked)."""

    url: str
    username: str = ""
    credential: str = ""

    @property
    def kind(self) -> str:
        """STUN or TURN."""
        return "STUN" if self.url.startswith("stun:") else "TURN"

    def ice(self) -> dict[str, str]:
        """The server in RTCPeerConnection's `iceServers` shape."""
        if self.kind == "STUN":
            return {"urls": self.url}
        return {"urls": self.url, "username": self.username, "credential": self.credential}


@dataclass(frozen=True)
class IceSettings:
    """The player's choice: the suggested public STUN server on or off, and the servers added."""

    public_stun: bool = False
    servers: tuple[Server, ...] = field(default_factory=tuple)

    def ice_servers(self) -> list[dict[str, str]]:
        """Every server turned on, in RTCPeerConnection's shape ([]: no request leaves the page)."""
        chosen = [Server(PUBLIC_STUN)] if self.public_stun else []
        return [server.ice() for server in (*chosen, *self.servers)]


def _printable(text: str, what: str) -> str:
    if len(text) > MAX_NAME:
        raise IceError(f"The {what} is too long (at most {MAX_NAME} characters).")
    if any(ord(ch) < 32 or ord(ch) == 127 or ch in "\u2028\u2029" for ch in text):
        raise IceError(f"The {what} holds a line break or another control character.")
    return text


def check_server(url: object, username: object = "", credential: object = "") -> Server:
    """A server from untrusted text (typed or stored); IceError says what is wrong with it."""
    if not isinstance(url, str) or not isinstance(username, str) or not isinstance(credential, str):
        raise IceError("A server is a URL and, for TURN, a user name and a credential.")
    text = url.strip()
    if not text:
        raise IceError("Write the server's address, such as stun:stun.example.org:3478.")
    if len(text) > MAX_URL:
        raise IceError(f"That address is too long (at most {MAX_URL} characters).")
    scheme = text.split(":", 1)[0].lower() if ":" in text else ""
    if scheme not in ("stun", "turn", "turns"):
        raise IceError(f"“{short(text)}” is not a STUN or TURN server: it must start with stun:, turn: or turns:.")
    if text[len(scheme) + 1 :].startswith("//"):
        raise IceError("Write the address without “//”, such as turn:turn.example.org:3478.")
    text = scheme + text[len(scheme) :]
    found = _URL.fullmatch(text)
    if found is None:
        raise IceError(
            f"“{short(text)}” is not an address a browser can use: write {scheme}:host or {scheme}:host:port"
            + ("." if scheme == "stun" else ", optionally followed by ?transport=udp or ?transport=tcp.")
        )
    host, port = found.group("host"), found.group("port")
    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            raise IceError(f"“{short(host)}” is not an IPv6 address.") from None
    if port is not None and not 1 <= int(port) <= 65535:
        raise IceError("A port is a number from 1 to 65535.")
    if scheme == "stun" and found.group("transport"):
        raise IceError("A STUN address takes no ?transport=.")
    username = _printable(username.strip(), "user name")
    credential = _printable(credential, "credential")
    if scheme == "stun" and (username or credential):
        raise IceError("A STUN server takes no user name or credential: leave them empty, or give a TURN address.")
    if scheme != "stun" and not (username and credential):
        raise IceError("A TURN server needs its user name and its credential (from whoever runs it).")
    return Server(text, username, credential)


def load(backend: Backend | None) -> IceSettings:
    """The settings stored on this device; the default (no server) when there are none or they do not read."""
    if backend is None:
        return IceSettings()
    try:
        raw = backend.get(KEY)
    except StorageError:
        return IceSettings()
    if raw is None or len(raw) > MAX_STORED:
        return IceSettings()
    try:
        data = parse(raw, max_depth=3, max_containers=MAX_SERVERS + 2)
        if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("servers"), list):
            return IceSettings()
        servers = tuple(
            check_server(entry.get("url"), entry.get("username", ""), entry.get("credential", ""))
            for entry in data["servers"][:MAX_SERVERS]
            if isinstance(entry, dict)
        )
    except (UntrustedInputError, IceError):
        return IceSettings()
    return IceSettings(public_stun=data.get("public_stun") is True, servers=servers)


def save(backend: Backend, settings: IceSettings) -> None:
    """Store the settings (StorageError when the store refuses)."""
    servers = [{"url": s.url, "username": s.username, "credential": s.credential} for s in settings.servers]
    backend.set(KEY, json.dumps({"version": 1, "public_stun": settings.public_stun, "servers": servers}))


def add_server(backend: Backend, url: object, username: object = "", credential: object = "") -> IceSettings:
    """Check a server and store it with the others; IceError (or StorageError) and nothing changed if it cannot
    be."""
    server = check_server(url, username, credential)
    settings = load(backend)
    if any(known.url == server.url for known in settings.servers) or (
        settings.public_stun and server.url == PUBLIC_STUN
    ):
        raise IceError("That server is in the list already.")
    if len(settings.servers) >= MAX_SERVERS:
        raise IceError(f"At most {MAX_SERVERS} servers: remove one first.")
    settings = replace(settings, servers=(*settings.servers, server))
    save(backend, settings)
    return settings


def remove_server(backend: Backend, url: str) -> IceSettings:
    """Forget a server (nothing happens if it is not in the list)."""
    settings = load(backend)
    kept = tuple(server for server in settings.servers if server.url != url)
    if kept != settings.servers:
        settings = replace(settings, servers=kept)
        save(backend, settings)
    return settings


def set_public_stun(backend: Backend, on: bool) -> IceSettings:
    """Turn the suggested public STUN server on or off."""
    settings = replace(load(backend), public_stun=bool(on))
    save(backend, settings)
    return settings


_bound: list[Backend] = []  # the page's store, bound once at start-up (app/controller.py)


def bind(backend: Backend | None) -> None:
    """Use this store for `ice_servers()` (the app's localStorage backend); None: no store, no server."""
    _bound[:] = [] if backend is None else [backend]


def ice_servers(backend: Backend | None = None) -> list[dict[str, Any]]:
    """The player's servers in RTCPeerConnection's `iceServers` shape, from `backend` or the store bound at
    start-up; [] by default: no request leaves the page unless the player turned a server on."""
    return load(backend if backend is not None else (_bound[0] if _bound else None)).ice_servers()
