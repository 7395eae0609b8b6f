"""The settings screen at work: the player's STUN and TURN servers added, removed, the public one turned on."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from app import dom
from app.events import ScreenShown
from app.markup import esc
from app.remote import ice
from app.remote.qr import PACKAGE as QR_PACKAGE
from app.remote.qr import qr_svg
from app.settings_screen import settings_html
from app.storage import StorageError

if TYPE_CHECKING:
    from app.controller import App


class Settings:
    """The settings screen's own state: the sentence shown after the last change (an error keeps the form)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def show(self, *, error: str = "", message: str = "", url: str = "", username: str = "", focus: str = "") -> None:
        """The settings screen, drawn from what is stored."""
        app = self.app
        app.events.announce(ScreenShown("settings"))
        if app.router.screen != "settings":
            app.router.back_to = app.router.screen
        app.router.screen = "settings"
        settings = ice.load(app.stored.store.backend)
        dom.publish("titanIceServers", json.dumps(settings.ice_servers()))  # what a connection would use (tests)
        dom.set_html("topbar-extra", "")
        app.notices.draw()
        dom.set_html("screen", settings_html(settings, error=error, message=message, url=url, username=username))
        if not focus:
            dom.scroll_top()
        app.router.remember("settings")
        if focus:
            dom.focus(focus)

    def add(self) -> None:
        """Add the server typed in the form; a bad entry is refused with its reason and nothing is stored."""
        values = dom.form_values("ice-form")
        url, username = values.get("url", ""), values.get("username", "")
        try:
            settings = ice.add_server(self.app.stored.store.backend, url, username, values.get("credential", ""))
        except (ice.IceError, StorageError) as error:
            self.show(error=str(error), url=url, username=username, focus="#ice-url")
            return
        added = settings.servers[-1]
        self.show(message=f"Added the {added.kind} server {added.url}.", focus="#ice-url")

    def remove(self, url: str) -> None:
        """Forget one of the player's servers."""
        try:
            ice.remove_server(self.app.stored.store.backend, url)
        except StorageError as error:
            self.show(error=str(error))
            return
        self.show(message=f"Removed {url}.", focus="#ice-url")

    def toggle_public(self) -> None:
        """The public STUN server's checkbox."""
        backend = self.app.stored.store.backend
        try:
            on = ice.set_public_stun(backend, not ice.load(backend).public_stun).public_stun
        except StorageError as error:
            self.show(error=str(error))
            return
        self.show(message="The public STUN server is on." if on else "The public STUN server is off.",
                  focus="#ice-public")  # fmt: skip

    async def show_page_qr(self) -> None:
        """This page's address as a QR code; the QR library is loaded now, the first time (not at start-up)."""
        started = dom.perf_now()
        url = dom.page_url()
        try:
            await dom.load_package(QR_PACKAGE)  # segno: imported by qr_svg, not at start-up
            markup = f"{qr_svg(url, title=f'This page: {url}')}<p class='page-qr-url'><code>{esc(url)}</code></p>"
        except (OSError, ValueError) as error:
            markup = f"<p class='form-error' role='alert'>The QR code cannot be shown here: {esc(error)}</p>"
        if self.app.router.screen == "settings":
            dom.set_html("page-qr", markup)
        dom.publish("titanQrMs", dom.perf_now() - started)
