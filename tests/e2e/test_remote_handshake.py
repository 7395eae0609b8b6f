"""Two contexts of one headless Chromium connect a WebRTC data channel with no server at all, the offer and the
answer carried by the handshake's codes (app/remote/sdpcode.py) as a player's copy and paste will carry them:
the codes' rebuilt descriptions are what Chromium is given. docs/remote-play.md, "Two Chromium contexts"."""

from __future__ import annotations

import time

import pytest

from app.remote.sdpcode import decode, encode, parse_sdp
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, guarded_context
from tests.e2e.helpers import GATHERED, NO_MDNS, OFFER

ANSWER = f"""async (offer) => {{
  const pc = new RTCPeerConnection({{iceServers: []}});
  window.rtc = {{pc, got: []}};
  pc.ondatachannel = (event) => {{
    window.rtc.channel = event.channel;
    event.channel.onmessage = (m) => {{ window.rtc.got.push(m.data); event.channel.send('echo ' + m.data); }};
  }};
  await pc.setRemoteDescription({{type: 'offer', sdp: offer}});
  await pc.setLocalDescription(await pc.createAnswer());
  await ({GATHERED})(pc);
  return pc.localDescription.sdp;
}}"""


@pytest.mark.parametrize("mdns", [False, True], ids=["no-mdns-switch", "chromium-default"])
def test_two_contexts_connect_through_the_codes_alone(mdns: bool, playwright_driver) -> None:
    browser = playwright_driver.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS + ([] if mdns else [NO_MDNS])
    )
    try:
        host_ctx, friend_ctx = guarded_context(browser), guarded_context(browser)
        host, friend = host_ctx.new_page(), friend_ctx.new_page()
        start = time.perf_counter()
        offer = host.evaluate(OFFER)
        invite = encode(offer)
        answer = friend.evaluate(ANSWER, decode(invite)[0])
        reply = encode(answer, answer=True)
        rebuilt, is_answer = decode(reply)
        assert is_answer
        host.evaluate("async (sdp) => window.rtc.pc.setRemoteDescription({type: 'answer', sdp})", rebuilt)
        host.wait_for_function("window.rtc.channel.readyState === 'open'", timeout=10_000)
        host.evaluate("window.rtc.channel.send('hello')")
        host.wait_for_function("window.rtc.got.length > 0", timeout=5_000)
        elapsed = time.perf_counter() - start
        assert host.evaluate("window.rtc.got") == ["echo hello"]
        assert friend.evaluate("window.rtc.got") == ["hello"]
        addresses = [c.address for c in parse_sdp(offer, False).candidates]
        assert addresses and all(a.endswith(".local") == mdns for a in addresses), addresses
        print(f"handshake {elapsed * 1000:.0f} ms; offer {len(offer)} -> {len(invite)}, "
              f"answer {len(answer)} -> {len(reply)} characters; Chromium {browser.version}")  # fmt: skip
        for ctx in (host_ctx, friend_ctx):
            ctx.guard.check()
    finally:
        browser.close()
