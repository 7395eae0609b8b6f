"""The handshake's short codes: a WebRTC offer or answer (SDP) for one data channel, kept to what the other side
needs and written as a URL-safe code; and the SDP rebuilt from a code (docs/remote-play.md, "What a code keeps").

A code is `1` (this format) and base64url, without padding, of bytes:

- flags: bit 0 answer (else offer); bits 1-2 the DTLS role (`setup`: actpass, active, passive); bits 3-4 the
  fingerprint's hash (sha-256, sha-384, sha-512, sha-1); bits 5-6 the largest message the side takes (not said,
  Chromium's 262144, Firefox's 1073741823, or 4 bytes after the fingerprint);
- the ICE username fragment and password: a length byte, then 6 bits a character (ICE characters are the 64 of
  base64: RFC 8839 `ice-char`);
- the certificate's fingerprint (its bytes) (and the largest message, where bits 5-6 say so);
- the candidates of component 1: a count byte, then each: a byte (bits 0-1 type: host, srflx, prflx, relay; bit
  2 tcp; bits 3-4 tcptype: none, active, passive, so; bit 5 a related address follows), the address (a kind byte:
  IPv4 4 bytes, IPv6 16, an mDNS `<uuid>.local` name 16, else a length and the name), the port (2 bytes), and the
  related address and port of a reflexive or relayed candidate.

A code is untrusted input (pasted by a player): `decode` checks its length, characters and every field, and
raises `CodeError` with a readable reason.
"""

from __future__ import annotations

import base64
import ipaddress
import re
import uuid
from dataclasses import dataclass

FORMAT = "1"
MAX_CODE = 4_000  # characters of a code read at all
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
SETUPS = ("actpass", "active", "passive")
HASHES = {"sha-256": 32, "sha-384": 48, "sha-512": 64, "sha-1": 20}
TYPES = ("host", "srflx", "prflx", "relay")
TYPE_PREFERENCE = {"host": 126, "prflx": 110, "srflx": 100, "relay": 0}  # RFC 8445 5.1.2.2
TCPTYPES = ("", "active", "passive", "so")
MESSAGE_SIZES = (0, 262_144, 1_073_741_823)  # not said, Chromium's, Firefox's; another is written out
IPV4, IPV6, MDNS, NAME = range(4)
_MDNS = re.compile(r"^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local$")
_CODE = re.compile(r"^[A-Za-z0-9_-]*$")


class CodeError(ValueError):
    """A code (or an SDP) that cannot be read; the message is a sentence for the player."""


@dataclass(frozen=True)
class Candidate:
    type: str  # host, srflx, prflx, relay
    address: str
    port: int
    tcp: bool = False
    tcptype: str = ""
    related: tuple[str, int] | None = None


@dataclass(frozen=True)
class Description:
    """What a code keeps of a session description."""

    answer: bool
    ufrag: str
    pwd: str
    hash: str
    fingerprint: bytes
    setup: str
    candidates: tuple[Candidate, ...]
    max_message: int = 0


# -- SDP -> Description -------------------------------------------------------------------------------------------
def parse_sdp(sdp: str, answer: bool) -> Description:
    """The parts of a browser's SDP (one data channel) a code keeps; CodeError if one is missing."""
    values: dict[str, str] = {}
    candidates: list[Candidate] = []
    for line in sdp.splitlines():
        line = line.strip()
        if line.startswith("a=candidate:"):
            candidate = _candidate(line[len("a=candidate:") :])
            if candidate is not None:
                candidates.append(candidate)
        elif line.startswith("a=") and ":" in line:
            name, _, value = line[2:].partition(":")
            values.setdefault(name, value.strip())
    for needed in ("ice-ufrag", "ice-pwd", "fingerprint", "setup"):
        if needed not in values:
            raise CodeError(f"The session description has no {needed}.")
    hash_name, _, hexes = values["fingerprint"].partition(" ")
    hash_name = hash_name.lower()
    try:
        fingerprint = bytes.fromhex(hexes.replace(":", ""))
    except ValueError:
        raise CodeError("The session description's fingerprint is not hexadecimal.") from None
    if HASHES.get(hash_name) != len(fingerprint):
        raise CodeError(f"The session description's fingerprint ({hash_name}) is not one a code can hold.")
    if values["setup"] not in SETUPS:
        raise CodeError("The session description's DTLS role is unknown.")
    size = values.get("max-message-size", "0")
    return Description(
        answer=answer,
        ufrag=_ice(values["ice-ufrag"], 4, "username fragment"),
        pwd=_ice(values["ice-pwd"], 22, "password"),
        hash=hash_name,
        fingerprint=fingerprint,
        setup=values["setup"],
        candidates=tuple(candidates[:255]),
        max_message=int(size) if size.isdigit() and int(size) < 2**32 else 0,
    )


def _ice(text: str, shortest: int, what: str) -> str:
    if not shortest <= len(text) <= 255 or any(ch not in ICE_CHARS for ch in text):
        raise CodeError(f"The session description's ICE {what} is not one a code can hold.")
    return text


def _candidate(text: str) -> Candidate | None:
    """A candidate line's fields (RFC 8839 5.1); None for one a code leaves out (not component 1, unknown)."""
    parts = text.split()
    if len(parts) < 8 or parts[1] != "1" or parts[6] != "typ" or parts[7] not in TYPES:
        return None
    transport = parts[2].lower()
    if transport not in ("udp", "tcp") or not parts[5].isdigit() or int(parts[5]) > 65535:
        return None
    extra = dict(zip(parts[8::2], parts[9::2], strict=False))
    related = None
    if "raddr" in extra and extra.get("rport", "").isdigit() and int(extra["rport"]) <= 65535:
        related = (extra["raddr"], int(extra["rport"]))
    tcptype = extra.get("tcptype", "") if transport == "tcp" else ""
    if tcptype not in TCPTYPES or len(parts[4]) > 255:
        return None
    return Candidate(parts[7], parts[4], int(parts[5]), transport == "tcp", tcptype, related)


# -- Description <-> code -----------------------------------------------------------------------------------------
def encode(sdp: str, answer: bool = False) -> str:
    """The code of an offer's (or an answer's) SDP."""
    return pack(parse_sdp(sdp, answer))


def decode(code: str) -> tuple[str, bool]:
    """The SDP a code holds, and whether it is an answer; CodeError if the code cannot be read."""
    description = unpack(code)
    return build_sdp(description), description.answer


def pack(d: Description) -> str:
    size = MESSAGE_SIZES.index(d.max_message) if d.max_message in MESSAGE_SIZES else 3
    out = bytearray([int(d.answer) | SETUPS.index(d.setup) << 1 | list(HASHES).index(d.hash) << 3 | size << 5])
    for text in (d.ufrag, d.pwd):
        out.append(len(text))
        out += _pack6(text)
    out += d.fingerprint
    if size == 3:
        out += d.max_message.to_bytes(4, "big")
    out.append(len(d.candidates))
    for c in d.candidates:
        out.append(TYPES.index(c.type) | c.tcp << 2 | TCPTYPES.index(c.tcptype) << 3 | (c.related is not None) << 5)
        out += _address(c.address) + c.port.to_bytes(2, "big")
        if c.related is not None:
            out += _address(c.related[0]) + c.related[1].to_bytes(2, "big")
    return FORMAT + base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def unpack(code: str) -> Description:
    code = "".join(str(code).split())  # a code pasted across lines, or with spaces
    if len(code) > MAX_CODE:
        raise CodeError("That is not a code of Titan Table: it is far too long.")
    if not code.startswith(FORMAT) or not _CODE.match(code[1:]) or len(code) % 4 == 2:
        raise CodeError("That is not a code of Titan Table (or it was not copied whole).")
    data = base64.urlsafe_b64decode(code[1:] + "=" * (-len(code[1:]) % 4))
    reader = _Reader(data)
    try:
        flags = reader.byte()
        if flags >> 7 or (flags >> 1) & 3 > 2:
            raise CodeError("That code has a field this version cannot read: reload the page.")
        ufrag = _unpack6(reader.take((reader.byte() * 6 + 7) // 8), reader.last)
        pwd = _unpack6(reader.take((reader.byte() * 6 + 7) // 8), reader.last)
        hash_name = list(HASHES)[flags >> 3 & 3]
        fingerprint = reader.take(HASHES[hash_name])
        size = flags >> 5 & 3
        max_message = int.from_bytes(reader.take(4), "big") if size == 3 else MESSAGE_SIZES[size]
        candidates = []
        for _ in range(reader.byte()):
            bits = reader.byte()
            if bits >> 6 or (bits >> 3 & 3 and not bits & 4):
                raise CodeError("That code holds a candidate this version cannot read.")
            address, port = reader.address(), reader.port()
            related = (reader.address(), reader.port()) if bits & 32 else None
            candidates.append(
                Candidate(TYPES[bits & 3], address, port, bool(bits & 4), TCPTYPES[bits >> 3 & 3], related)
            )
        if reader.rest():
            raise CodeError("That code is longer than what it holds (was something added to it?).")
    except IndexError:
        raise CodeError("That code is cut short: copy it whole.") from None
    _ice(ufrag, 4, "username fragment")
    _ice(pwd, 22, "password")
    return Description(bool(flags & 1), ufrag, pwd, hash_name, fingerprint, SETUPS[flags >> 1 & 3],
                       tuple(candidates), max_message)  # fmt: skip


def _pack6(text: str) -> bytes:
    value = 0
    for ch in text:
        value = value << 6 | ICE_CHARS.index(ch)
    bits = 6 * len(text)
    pad = -bits % 8
    return (value << pad).to_bytes((bits + pad) // 8, "big")


def _unpack6(data: bytes, count: int) -> str:
    bits = 6 * count
    value = int.from_bytes(data, "big") >> (len(data) * 8 - bits)
    return "".join(ICE_CHARS[value >> 6 * (count - 1 - i) & 63] for i in range(count))


def _address(text: str) -> bytes:
    match = _MDNS.match(text)
    if match:
        return bytes([MDNS]) + uuid.UUID(match.group(1)).bytes
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        name = text.encode("utf-8")[:255]
        return bytes([NAME, len(name)]) + name
    return bytes([IPV4 if ip.version == 4 else IPV6]) + ip.packed


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at, self.last = data, 0, 0

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise IndexError
        self.at += count
        return self.data[self.at - count : self.at]

    def byte(self) -> int:
        self.last = self.take(1)[0]
        return self.last

    def port(self) -> int:
        return int.from_bytes(self.take(2), "big")

    def address(self) -> str:
        kind = self.byte()
        if kind == IPV4:
            return str(ipaddress.IPv4Address(self.take(4)))
        if kind == IPV6:
            return str(ipaddress.IPv6Address(self.take(16)))
        if kind == MDNS:
            return f"{uuid.UUID(bytes=self.take(16))}.local"
        if kind == NAME:
            name = self.take(self.byte()).decode("utf-8", "replace")
            if not re.fullmatch(r"[A-Za-z0-9.:_-]+", name):
                raise CodeError("That code holds an address this version cannot read.")
            return name
        raise CodeError("That code holds an address this version cannot read.")

    def rest(self) -> int:
        return len(self.data) - self.at


# -- Description -> SDP -------------------------------------------------------------------------------------------
def build_sdp(d: Description) -> str:
    """A valid SDP for one data channel with the description's ICE, DTLS and candidates."""
    session = int.from_bytes(d.fingerprint[:8], "big") >> 1  # any number under 2**63; this one is stable
    lines = [
        "v=0",
        f"o=- {session} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for index, c in enumerate(d.candidates):
        priority = (TYPE_PREFERENCE[c.type] << 24) + ((65535 - index) << 8) + 255  # component 1
        line = f"a=candidate:{index + 1} 1 {'tcp' if c.tcp else 'udp'} {priority} {c.address} {c.port} typ {c.type}"
        if c.related is not None:
            line += f" raddr {c.related[0]} rport {c.related[1]}"
        if c.tcptype:
            line += f" tcptype {c.tcptype}"
        lines.append(line + " generation 0")
    lines += [
        f"a=ice-ufrag:{d.ufrag}",
        f"a=ice-pwd:{d.pwd}",
        "a=ice-options:trickle",
        f"a=fingerprint:{d.hash} " + ":".join(f"{byte:02X}" for byte in d.fingerprint),
        f"a=setup:{d.setup}",
        "a=mid:0",
        "a=sctp-port:5000",
    ]
    if d.max_message:
        lines.append(f"a=max-message-size:{d.max_message}")
    return "\r\n".join(lines) + "\r\n"
