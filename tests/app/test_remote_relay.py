"""A reply code scanned on the host's device reaches the host's game in another tab (app/remote/relay.py),
over a fake BroadcastChannel that delivers as the browser's does: to every other channel of the same name."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from app.remote import relay
from app.remote.relay import CHANNEL, read_reply, reply_link
from app.remote.sdpcode import CodeError, encode
from tests.app.remote_helpers import ANSWER, SAMPLES, TOKEN, Hub

OFFER = encode(*SAMPLES["offer, one host candidate (no mDNS: the tests' Chromium)"])


@pytest.fixture
def hub() -> Iterator[Hub]:
    hub = Hub()
    relay.use(hub.opener)
    yield hub
    relay.use(None)


def test_a_reply_link_reads_back() -> None:
    link = reply_link("http://192.168.1.20:8000/play/?x=1#join=old", TOKEN, ANSWER)
    assert link == f"http://192.168.1.20:8000/play/?x=1#reply={TOKEN}.{ANSWER}"
    assert read_reply(link.split("#", 1)[1]) == (TOKEN, ANSWER) == read_reply("#" + link.split("#", 1)[1] + "\n")
    with pytest.raises(ValueError):
        reply_link("http://x/", TOKEN, OFFER)
    with pytest.raises(ValueError):
        reply_link("http://x/", "<b>" * 8, ANSWER)


@pytest.mark.parametrize(
    "fragment",
    ["", "reply=", f"reply={TOKEN}", f"join={TOKEN}.{ANSWER}", f"reply=short.{ANSWER}", f"reply={TOKEN}.{OFFER}",
     f"reply={TOKEN}.{ANSWER[:-5]}", "reply=<img src=x>.<b>"],
)  # fmt: skip
def test_a_bad_reply_link_is_refused_with_a_reason(fragment: str) -> None:
    with pytest.raises(CodeError) as refused:
        read_reply(fragment)
    assert str(refused.value).endswith(".")


def test_the_scanning_tab_hands_the_code_to_the_games_tab_and_hears_it_was_taken(hub: Hub) -> None:
    got: list[tuple[str, str]] = []
    acked: list[bool] = []
    assert relay.listen(lambda token, code: got.append((token, code))) is not None
    assert relay.send_reply(TOKEN, ANSWER, on_received=lambda: acked.append(True))
    assert got == [(TOKEN, ANSWER)] and acked == [True]
    assert hub.open[0].name == CHANNEL


def test_a_game_that_waits_for_no_such_seat_does_not_say_it_took_it(hub: Hub) -> None:
    got: list[str] = []
    acked: list[bool] = []
    relay.listen(lambda token, code: got.append(token) or False)
    relay.send_reply(TOKEN, ANSWER, on_received=lambda: acked.append(True))
    assert got == [TOKEN] and acked == []


def test_without_a_channel_the_page_asks_for_a_paste() -> None:
    relay.use(None)
    assert relay.send_reply(TOKEN, ANSWER) is False
    assert relay.listen(lambda token, code: None) is None


@pytest.mark.parametrize(
    "message",
    ["garbage", "[" * 100, json.dumps({"t": "reply", "token": TOKEN, "code": OFFER}),
     json.dumps({"t": "reply", "token": "x", "code": ANSWER}), json.dumps({"t": "reply", "token": [TOKEN]}),
     json.dumps({"t": "reply", "token": TOKEN, "code": ANSWER + "A" * 5000}), json.dumps({"t": "got"})],
)  # fmt: skip
def test_the_game_ignores_anything_else_on_the_channel(hub: Hub, message: str) -> None:
    got: list[tuple[str, str]] = []
    relay.listen(lambda token, code: got.append((token, code)))
    stranger = hub.opener(CHANNEL, lambda text: None)
    stranger.post(message)
    assert got == [] and hub.posted == [message]  # nothing taken, nothing answered


def test_a_sender_never_posts_a_bad_reply(hub: Hub) -> None:
    with pytest.raises(CodeError):
        relay.send_reply(TOKEN, OFFER)
    assert hub.posted == []
