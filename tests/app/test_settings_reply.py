"""The settings screen (the player's STUN and TURN servers) and a scanned `#reply=` link, through the whole app
under CPython (tests/app/fake_page.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from app.remote import ice, relay
from tests.app.fake_page import FakePage, controller_with
from tests.app.helpers import pressed
from tests.app.remote_helpers import ANSWER, TOKEN, Hub


def test_the_settings_screen_adds_refuses_and_removes_a_server(monkeypatch: Any) -> None:
    page = FakePage()
    controller = controller_with(page, monkeypatch)
    app = controller.App()
    monkeypatch.setattr(controller.dom, "attribute", lambda node, name: None)
    app.home.show()
    assert "data-cmd='settings'" in page.html["screen"]
    pressed(app, controller, "settings")
    assert app.router.screen == "settings" and "None added." in page.html["screen"]
    assert '<input type="checkbox" id="ice-public" data-cmd="ice-public"><span>' in page.html["screen"]
    backend = app.stored.store.backend
    page.values.update(url="turn:turn.example.org:3478", username="ann", credential="")
    pressed(app, controller, "ice-add")
    assert "needs its user name and its credential" in page.html["screen"] and ice.load(backend).servers == ()
    assert 'value="turn:turn.example.org:3478"' in page.html["screen"]  # the entry stays to be corrected
    page.values.update(credential="pw")
    pressed(app, controller, "ice-add")
    assert "Added the TURN server turn:turn.example.org:3478." in page.html["screen"]
    assert ice.ice_servers(backend) == [{"urls": "turn:turn.example.org:3478", "username": "ann", "credential": "pw"}]
    pressed(app, controller, "ice-public")
    assert ice.ice_servers(backend)[0] == {"urls": ice.PUBLIC_STUN} and " checked" in page.html["screen"]
    pressed(app, controller, "ice-remove", "turn:turn.example.org:3478")
    assert ice.ice_servers(backend) == [{"urls": ice.PUBLIC_STUN}] and "pw" not in page.html["screen"]


def test_a_reply_link_goes_to_the_game_in_the_other_tab(monkeypatch: Any) -> None:
    async def body() -> None:
        page = FakePage()
        controller = controller_with(page, monkeypatch)
        hub = Hub()
        monkeypatch.setattr(controller.dom, "broadcast_channel", hub.opener)
        monkeypatch.setattr(controller.dom, "location_hash", lambda: f"#reply={TOKEN}.{ANSWER}")
        monkeypatch.setattr(controller.dom, "app_root", lambda: type("Root", (), {})())
        monkeypatch.setattr(controller.dom, "listen", lambda *args: None)
        monkeypatch.setattr(controller.dom, "window", lambda: type("W", (), {"document": None})())
        got: list[tuple[str, str]] = []
        relay.use(hub.opener)
        relay.listen(lambda token, code: got.append((token, code)))  # the host's game, in the other tab
        app = controller.App()
        app.start()
        assert got == [(TOKEN, ANSWER)] and app.router.screen == "reply"
        assert "Sent to your game in the other tab; you can close this one." in page.html["screen"]
        relay.use(None)

    asyncio.run(body())


def test_a_reply_no_game_waits_for_is_offered_to_copy(monkeypatch: Any) -> None:
    async def body() -> None:
        page = FakePage()
        controller = controller_with(page, monkeypatch)
        monkeypatch.setattr(controller.dom, "location_hash", lambda: f"#reply={TOKEN}.{ANSWER}")
        monkeypatch.setattr("app.reply_page.WAIT_S", 0.01)
        hub = Hub()
        monkeypatch.setattr(controller.dom, "broadcast_channel", hub.opener)
        relay.use(hub.opener)
        app = controller.App()
        app.router.open_first()
        assert "Sending the reply code" in page.html["screen"]
        await asyncio.sleep(0.05)
        assert "No game open in this browser is waiting" in page.html["screen"] and ANSWER in page.html["screen"]
        relay.use(None)

    asyncio.run(body())


def test_a_damaged_reply_link_says_why(monkeypatch: Any) -> None:
    page = FakePage()
    controller = controller_with(page, monkeypatch)
    monkeypatch.setattr(controller.dom, "location_hash", lambda: "#reply=<img src=x>.abc")
    app = controller.App()
    app.router.open_first()
    assert app.router.screen == "reply" and "<img" not in page.html["screen"]
    assert "damaged" in page.html["screen"] or "not a reply link" in page.html["screen"]
