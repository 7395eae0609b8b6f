"""The player's STUN and TURN servers (app/remote/ice.py): checked as untrusted text, stored on the device."""

from __future__ import annotations

import json

import pytest

from app.remote import ice
from app.remote.ice import PUBLIC_STUN, IceError, add_server, check_server, ice_servers, load, remove_server
from app.storage import MemoryBackend, StorageFullError

TURN = ("turns:turn.example.org:443?transport=tcp", "ann", "s3cret:pass")


def test_no_server_by_default() -> None:
    assert ice_servers(MemoryBackend()) == []
    ice.bind(None)
    assert ice_servers() == []


def test_servers_are_stored_and_read_back_in_the_browsers_shape() -> None:
    backend = MemoryBackend()
    add_server(backend, " stun:stun.example.org ")
    add_server(backend, *TURN)
    ice.set_public_stun(backend, True)
    again = MemoryBackend(dict(backend.data))  # another page load reads the same store
    assert ice_servers(again) == [
        {"urls": PUBLIC_STUN},
        {"urls": "stun:stun.example.org"},
        {"urls": TURN[0], "username": "ann", "credential": "s3cret:pass"},
    ]
    ice.bind(again)
    try:
        assert len(ice_servers()) == 3
    finally:
        ice.bind(None)
    remove_server(again, "stun:stun.example.org")
    ice.set_public_stun(again, False)
    assert ice_servers(again) == [{"urls": TURN[0], "username": "ann", "credential": "s3cret:pass"}]


@pytest.mark.parametrize(
    "url",
    ["stun:192.0.2.7:3478", "STUN:stun.example.org", "turn:[2001:db8::1]:3478?transport=udp", "turn:relay.example.org"],
)
def test_good_addresses(url: str) -> None:
    user = ("", "") if url.lower().startswith("stun") else ("u", "p")
    assert check_server(url, *user).url.lower() == url.lower()


@pytest.mark.parametrize(
    ("url", "username", "credential", "says"),
    [
        ("", "", "", "Write the server's address"),
        ("https://stun.example.org", "", "", "must start with stun:, turn: or turns:"),
        ("javascript:alert(1)", "", "", "must start with"),
        ("stun://stun.example.org", "", "", "without “//”"),
        ("stun:stun.example.org:99999", "", "", "from 1 to 65535"),
        ("stun:bad host", "", "", "not an address"),
        ("stun:host?transport=udp", "", "", "takes no ?transport="),
        ("turn:[1::2::3]", "u", "p", "not an IPv6 address"),
        ("stun:" + "a" * 300, "", "", "too long"),
        ("stun:stun.example.org", "ann", "", "takes no user name"),
        ("turn:turn.example.org", "", "", "needs its user name and its credential"),
        ("turn:turn.example.org", "ann\nx", "p", "control character"),
        ("turn:turn.example.org", "ann", "p" * 200, "too long"),
        (["stun:x"], "", "", "is a URL"),
    ],
)
def test_a_bad_entry_is_refused_with_a_reason_and_nothing_changes(
    url: object, username: str, credential: str, says: str
) -> None:
    backend = MemoryBackend()
    add_server(backend, "stun:stun.example.org")
    before = dict(backend.data)
    with pytest.raises(IceError) as refused:
        add_server(backend, url, username, credential)
    assert says in str(refused.value) and str(refused.value).endswith(".")
    assert backend.data == before


def test_duplicates_and_too_many_are_refused() -> None:
    backend = MemoryBackend()
    add_server(backend, "stun:a.example.org")
    with pytest.raises(IceError, match="already"):
        add_server(backend, "stun:a.example.org")
    for n in range(ice.MAX_SERVERS - 1):
        add_server(backend, f"stun:s{n}.example.org")
    with pytest.raises(IceError, match="At most"):
        add_server(backend, "stun:one-more.example.org")
    assert len(load(backend).servers) == ice.MAX_SERVERS


def test_a_full_store_changes_nothing() -> None:
    backend = MemoryBackend(quota=10)
    with pytest.raises(StorageFullError):
        add_server(backend, "stun:a.example.org")
    assert ice_servers(backend) == []


@pytest.mark.parametrize(
    "stored",
    [
        "not json",
        "[" * 50,
        json.dumps({"version": 2, "public_stun": True, "servers": []}),
        json.dumps({"version": 1, "public_stun": True, "servers": [{"url": "http://evil.example.org"}]}),
        json.dumps({"version": 1, "public_stun": "yes", "servers": {}}),
        json.dumps({"version": 1, "public_stun": True, "servers": [{"url": "stun:x", "pad": "x" * 5000}]}),
    ],
)
def test_a_damaged_store_gives_no_server(stored: str) -> None:
    assert ice_servers(MemoryBackend({ice.KEY: stored})) == []
