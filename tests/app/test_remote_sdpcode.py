"""The handshake's codes (app/remote/sdpcode.py) on Chromium-like session descriptions, written from RFC 8866
(SDP), RFC 8839 (ICE candidates) and RFC 8841 (SCTP over DTLS) in the shape Chromium gives them once ICE
gathering is complete."""

from __future__ import annotations

import re

import pytest

from app.remote.sdpcode import CodeError, decode, encode, parse_sdp
from tests.app.remote_helpers import FINGERPRINT, SAMPLES


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_a_code_is_short_url_safe_and_rebuilds_what_the_other_side_needs(name: str) -> None:
    text, answer = SAMPLES[name]
    code = encode(text, answer)
    assert re.fullmatch(r"1[A-Za-z0-9_-]+", code)
    assert len(code) < len(text) / 4
    rebuilt, is_answer = decode(code)
    assert is_answer == answer
    assert parse_sdp(rebuilt, answer) == parse_sdp(text, answer)
    assert encode(rebuilt, answer) == code
    assert rebuilt.endswith("\r\n") and "\n" not in rebuilt.replace("\r\n", "")
    lines = rebuilt.split("\r\n")[:-1]
    assert lines[0] == "v=0" and all(re.fullmatch(r"[vostcma]=\S.*", line) for line in lines)
    assert "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in lines and "a=sctp-port:5000" in lines
    priorities = [int(line.split()[3]) for line in lines if line.startswith("a=candidate:")]
    assert priorities == sorted(priorities, reverse=True) or "srflx" in text  # host above srflx above relay
    assert all(line.split()[1] == "1" for line in lines if line.startswith("a=candidate:"))


def test_the_samples_lengths(capsys: pytest.CaptureFixture[str]) -> None:
    """The lengths in docs/remote-play.md: `pytest -s tests/app/test_remote_sdpcode.py -k lengths`."""
    for name, (text, answer) in sorted(SAMPLES.items()):
        print(f"| {name} | {len(text)} | {len(encode(text, answer))} |")
    assert len(encode(*SAMPLES["answer, mDNS host candidate (a player's Chromium)"])) <= 105


def test_another_largest_message_is_written_out() -> None:
    text, _ = SAMPLES["offer, one host candidate (no mDNS: the tests' Chromium)"]
    for size in ("65536", "0"):
        other = text.replace("max-message-size:262144", f"max-message-size:{size}")
        assert parse_sdp(decode(encode(other))[0], False).max_message == int(size)


def test_candidates_keep_their_fields() -> None:
    text, _ = SAMPLES["offer across the internet: host, IPv6, srflx, relay"]
    kept = parse_sdp(decode(encode(text))[0], False).candidates
    assert [(c.type, c.address, c.port) for c in kept] == [
        ("host", "192.168.1.12", 54400),
        ("host", "2001:db8:85a3::8a2e:370:7334", 54401),
        ("srflx", "203.0.113.7", 61001),
        ("relay", "198.51.100.20", 3478),
    ]  # component 2 is left out: a data channel bundles one component
    assert kept[3].related == ("203.0.113.7", 61001)
    tcp = parse_sdp(decode(encode(SAMPLES["offer, one host candidate (no mDNS: the tests' Chromium)"][0]))[0], False)
    assert tcp.candidates[1].tcp and tcp.candidates[1].tcptype == "active"


@pytest.mark.parametrize(
    "code",
    ["", "1", "2AAAA", "1!!!!", "1" + "A" * 5000, "1AAAAAAA", "hello world", "1" + "_" * 40],
)
def test_a_bad_code_is_refused_with_a_reason(code: str) -> None:
    with pytest.raises(CodeError) as refused:
        decode(code)
    assert str(refused.value).endswith((".", "page."))


def test_a_cut_or_lengthened_code_is_refused() -> None:
    code = encode(*SAMPLES["offer, one host candidate (no mDNS: the tests' Chromium)"])
    for bad in (code[:-4], code[: len(code) // 2], code + "AAAA"):
        with pytest.raises(CodeError):
            decode(bad)
    assert decode(code[:20] + "\n " + code[20:]) == decode(code)  # a code pasted across lines still reads


def test_a_description_without_what_a_code_needs_is_refused() -> None:
    text, _ = SAMPLES["offer, one host candidate (no mDNS: the tests' Chromium)"]
    for line in ("a=ice-ufrag:EsAw", f"a=fingerprint:{FINGERPRINT}", "a=setup:actpass"):
        with pytest.raises(CodeError):
            encode(text.replace(line + "\r\n", ""))
    with pytest.raises(CodeError):
        encode(text.replace("a=ice-pwd:bP+XJMM09aR8AiX1jdukzR6Y", "a=ice-pwd:short"))


def test_random_and_mangled_codes_never_raise_anything_but_a_code_error() -> None:
    import base64
    import random

    rng = random.Random(23)
    code = encode(*SAMPLES["offer across the internet: host, IPv6, srflx, relay"])
    raw = base64.urlsafe_b64decode(code[1:] + "=" * (-len(code[1:]) % 4))
    read = 0
    for _ in range(3000):
        data = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        data = data[: rng.randint(0, len(data))] if rng.random() < 0.3 else data
        try:
            decode("1" + base64.urlsafe_b64encode(bytes(data)).decode().rstrip("="))
            read += 1
        except CodeError:
            pass
    assert read > 100  # most mangled bytes still make a (wrong) description; the connection then fails
