"""The invite link's fragment (app/remote/invite.py)."""

from __future__ import annotations

import pytest

from app.remote.invite import invite_fragment, read_invite
from app.remote.sdpcode import CodeError, encode
from tests.app.remote_helpers import SAMPLES, TOKEN

OFFER, _ = SAMPLES["offer, one host candidate (no mDNS: the tests' Chromium)"]
ANSWER, _ = SAMPLES["answer, mDNS host candidate (a player's Chromium)"]


def test_an_invite_reads_back_its_token_and_offer() -> None:
    code = encode(OFFER)
    fragment = invite_fragment(TOKEN, code)
    assert fragment == f"join={TOKEN}.{code}" and len(fragment) < 130
    assert read_invite("#" + fragment) == (TOKEN, code) == read_invite(fragment + "\n")


@pytest.mark.parametrize(
    "fragment",
    ["", "#", "join=", f"join={TOKEN}", f"save={TOKEN}.1AAAA", f"join=short.{encode(OFFER)}",
     f"join={TOKEN}.{encode(OFFER)[:-6]}", f"join={TOKEN}.{encode(ANSWER, answer=True)}", "join=<img>.<b>"],
)  # fmt: skip
def test_a_bad_invite_is_refused_with_a_reason(fragment: str) -> None:
    with pytest.raises(CodeError) as refused:
        read_invite(fragment)
    assert str(refused.value).endswith(".")


def test_a_token_that_is_not_url_safe_is_never_written_into_a_link() -> None:
    with pytest.raises(ValueError):
        invite_fragment("a b&c<" * 4, encode(OFFER))
