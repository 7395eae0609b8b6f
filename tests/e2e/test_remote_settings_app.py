"""Remote play's settings and QR codes in the browser: the STUN/TURN panel saves and reloads a server, the default
gives a connection no server (nothing leaves the page), a QR code shown on a phone-sized screen reads back, and a
scanned reply link reaches the game's tab (docs/remote-play.md)."""

from __future__ import annotations

import base64
import json

import zxingcpp

from app.remote.sdpcode import encode
from tests.app.remote_helpers import SAMPLES, TOKEN

ANSWER = encode(*SAMPLES["answer, mDNS host candidate (a player's Chromium)"])
GATHER = """async (servers) => {
  const pc = new RTCPeerConnection({iceServers: JSON.parse(servers)});
  pc.createDataChannel('titan');
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((done) => {
    if (pc.iceGatheringState === 'complete') return done();
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && done());
    setTimeout(done, 5000);
  });
  const used = pc.getConfiguration().iceServers.length;
  const sdp = pc.localDescription.sdp;
  pc.close();
  return {used, types: [...sdp.matchAll(/typ (\\w+)/g)].map((m) => m[1])};
}"""


def open_settings(page) -> None:
    page.click("[data-cmd='settings']")
    page.wait_for_selector("#settings-title")


def test_the_panel_saves_and_reloads_a_server_and_the_default_uses_none(page, open_app, shot, axe) -> None:
    open_app(page)
    open_settings(page)
    servers = page.evaluate("window.titanIceServers")
    assert servers == "[]"
    gathered = page.evaluate(GATHER, servers)  # a connection made with what the page would use
    assert gathered["used"] == 0 and gathered["types"] and set(gathered["types"]) <= {"host"}
    assert not page.is_checked("#ice-public")

    page.fill("#ice-url", "http://turn.example.org")
    page.click("[data-cmd='ice-add']")
    assert "must start with stun:, turn: or turns:" in page.inner_text(".form-error[role='alert']")
    assert page.evaluate("localStorage.getItem('titan-table:ice')") is None  # nothing stored on error

    page.fill("#ice-url", "turn:turn.example.org:3478?transport=tcp")
    page.fill("#ice-username", "ann")
    page.fill("#ice-credential", "pw")
    page.click("[data-cmd='ice-add']")
    page.wait_for_selector("text=Added the TURN server")
    page.click("#ice-public")
    page.wait_for_selector("#ice-public:checked")
    shot(page, "settings-ice")
    assert axe(page) == []

    page.reload()
    page.wait_for_selector("html[data-ready='1']")
    if not page.query_selector("#settings-title"):
        open_settings(page)
    assert "turn:turn.example.org:3478?transport=tcp" in page.inner_text(".ice-list")
    assert page.is_checked("#ice-public")
    assert json.loads(page.evaluate("window.titanIceServers")) == [
        {"urls": "stun:stun.l.google.com:19302"},
        {"urls": "turn:turn.example.org:3478?transport=tcp", "username": "ann", "credential": "pw"},
    ]
    page.click("[data-cmd='ice-remove']")
    page.click("#ice-public")
    page.wait_for_selector("text=The public STUN server is off.")
    assert page.evaluate("window.titanIceServers") == "[]"


def test_a_qr_code_on_a_phone_screen_reads_back(phone_page, open_app, shot) -> None:
    """The QR library is loaded only when a code is shown; the code, as the phone's screen shows it, decodes. The
    page's address is made as long as an invite link (about 200 characters) by a query the app ignores."""
    open_app(phone_page, "?pad=" + "x7" * 80)
    assert (
        phone_page.evaluate("performance.getEntriesByType('resource').some((e) => e.name.includes('segno'))") is False
    )
    open_settings(phone_page)
    phone_page.click("[data-cmd='show-page-qr']")
    code = phone_page.wait_for_selector("#page-qr svg.qr-code", timeout=30_000)
    box = code.bounding_box()
    assert 250 <= box["width"] <= 360 and abs(box["width"] - box["height"]) < 1
    phone_page.evaluate("document.querySelector('#page-qr svg').scrollIntoView({block: 'center'})")
    shot(phone_page, "settings-qr-phone")
    png = phone_page.screenshot()  # the phone's whole screen, in its device pixels (scale 2), as a camera sees it
    url = phone_page.evaluate("location.origin + location.pathname + location.search")
    assert len(url) >= 180
    assert [found.text for found in decoded_png(phone_page, png)] == [url]
    assert phone_page.evaluate("window.titanQrMs") > 0
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390  # the long address wraps


def decoded_png(page, png: bytes) -> list:
    """zxing-cpp reads a screenshot: the PNG decoded by the page's own canvas into grey levels (the tests need no
    image library)."""
    data = page.evaluate(
        """async (b64) => {
      const img = new Image(); img.src = 'data:image/png;base64,' + b64; await img.decode();
      const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
      const g = c.getContext('2d'); g.drawImage(img, 0, 0);
      const rgba = g.getImageData(0, 0, c.width, c.height).data; const grey = new Array(c.width * c.height);
      for (let i = 0; i < grey.length; i++) grey[i] = Math.round((rgba[4*i] + rgba[4*i+1] + rgba[4*i+2]) / 3);
      return {w: c.width, h: c.height, grey};
    }""",
        base64.b64encode(png).decode(),
    )
    image = memoryview(bytes(data["grey"])).cast("B", (data["h"], data["w"]))
    return zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)


def test_a_scanned_reply_link_reaches_the_games_tab(context, open_app, base_url) -> None:
    host = context.new_page()
    open_app(host)
    host.evaluate(
        """() => { window.heard = []; const c = new BroadcastChannel('titan-table:reply');
        c.onmessage = (e) => { const m = JSON.parse(e.data); window.heard.push(m);
          c.postMessage(JSON.stringify({t: 'got', token: m.token})); }; }"""
    )  # the host's game listening (the host's page will do this through relay.listen)
    scanner = context.new_page()
    open_app(scanner, f"#reply={TOKEN}.{ANSWER}")
    scanner.wait_for_selector("text=Sent to your game in the other tab; you can close this one.")
    assert host.evaluate("window.heard") == [{"t": "reply", "token": TOKEN, "code": ANSWER}]
    assert "#reply" not in scanner.url


def test_the_page_served_to_the_network_starts_with_only_what_a_build_ships(page) -> None:
    """`scripts/play.sh --lan` serves only the shipped files: the app starts and reads a rulebook from them."""
    import threading

    from serve import make_server

    from tests.e2e.conftest import READY_TIMEOUT_MS, ROOT

    httpd = make_server(ROOT, 0, lan=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/")
        page.wait_for_selector("html[data-ready='1']", timeout=READY_TIMEOUT_MS)
        page.click("[data-cmd='rules'][data-game='titan_dice']")
        page.wait_for_selector("#rulebook h1, #rulebook h2", timeout=30_000)
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_on_a_plain_http_network_address_webrtc_works_and_copy_selects(playwright_driver) -> None:
    """A page opened at http://<a LAN name>:port/ is not a secure context: no clipboard, no service worker, but
    WebRTC. The name is mapped to 127.0.0.1 by Chromium's resolver, so nothing leaves the machine; the context
    lets through only that origin (every other request is aborted and fails the test)."""
    import threading

    from serve import make_server

    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, READY_TIMEOUT_MS, ROOT

    httpd = make_server(ROOT, 0, lan=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    origin = f"http://titan-lan.test:{httpd.server_address[1]}/"
    browser = playwright_driver.chromium.launch(
        executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP titan-lan.test 127.0.0.1"]
    )
    blocked: list[str] = []
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.route(
            "**/*", lambda route: route.continue_() if route.request.url.startswith(origin) else (
                blocked.append(route.request.url), route.abort("blockedbyclient"))
        )  # fmt: skip
        page = context.new_page()
        page.goto(f"{origin}#reply={TOKEN}.{ANSWER}")
        page.wait_for_selector("html[data-ready='1']", timeout=READY_TIMEOUT_MS)
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("[typeof navigator.clipboard, 'serviceWorker' in navigator]") == ["undefined", False]
        offer = page.evaluate(
            """async () => { const pc = new RTCPeerConnection({iceServers: []}); pc.createDataChannel('t');
            const offer = await pc.createOffer(); pc.close(); return offer.sdp; }"""
        )
        assert "webrtc-datachannel" in offer
        page.wait_for_selector("text=No game open in this browser is waiting", timeout=10_000)  # none listens
        page.click("[data-cmd='copy-reply']")
        selected = (
            "(() => { const t = document.activeElement; "
            "return [t.id, t.value.slice(t.selectionStart, t.selectionEnd)]; })()"
        )
        page.wait_for_function(f"{selected}[0] === 'reply-code'")
        assert page.evaluate(selected) == ["reply-code", ANSWER]
    finally:
        browser.close()
        httpd.shutdown()
        httpd.server_close()
    assert blocked == []


def test_the_friends_reply_qr_code_scanned_in_the_hosts_browser_connects_him(playwright_driver, base_url) -> None:
    """The friend's page (a phone) shows its reply as a QR code of a `#reply=` link; read off the phone's screen and
    opened in another tab of the host's browser (as the host's phone camera would open it), it reaches the host's
    game, which connects the friend: no paste."""
    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, guarded_context, wait_ready
    from tests.e2e.helpers import NO_MDNS, start_with_a_friend

    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_MDNS])
    try:
        host_ctx, friend_ctx = guarded_context(browser, **DESKTOP), guarded_context(browser, **PHONE)
        host, friend = host_ctx.new_page(), friend_ctx.new_page()
        host.goto(base_url + "?ai-pause=40")
        wait_ready(host)
        start_with_a_friend(host)
        host.click("#friends [data-cmd=friend-invite]")
        host.wait_for_selector("#friend-link-1", timeout=20_000)
        friend.goto(host.input_value("#friend-link-1"))
        wait_ready(friend)
        friend.wait_for_selector("#join-reply", timeout=20_000)
        friend.wait_for_selector(".join-qr svg.qr-code", timeout=30_000)
        friend.evaluate("document.querySelector('.join-qr svg').scrollIntoView({block: 'center'})")
        reply = friend.input_value("#join-reply")
        scanned = [found.text for found in decoded_png(friend, friend.screenshot())]
        assert len(scanned) == 1 and scanned[0].startswith(base_url) and scanned[0].endswith("." + reply)
        assert "#reply=" in scanned[0]
        camera = host_ctx.new_page()  # the host's browser opens the scanned link in a new tab
        camera.goto(scanned[0])
        wait_ready(camera)
        camera.wait_for_selector("text=Sent to your game in the other tab; you can close this one.", timeout=10_000)
        host.wait_for_selector("#friends-strip:has-text('connected')", timeout=20_000)
        for ctx in (host_ctx, friend_ctx):
            ctx.guard.check()
    finally:
        browser.close()
