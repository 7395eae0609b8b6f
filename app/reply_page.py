"""A reply link opened on the host's device (a phone's camera scanned the friend's QR code): the reply code goes
to the host's game in another tab of this browser (app/remote/relay.py), and the page says whether it arrived."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from app import dom
from app.markup import attrs, button, esc
from app.remote import relay
from app.remote.sdpcode import CodeError

if TYPE_CHECKING:
    from app.controller import App

WAIT_S = 3.0  # how long the game's tab has to answer before the page asks for a paste
SENT = "Sent to your game in the other tab; you can close this one."
SENDING = "Sending the reply code to your game in the other tab…"
NOT_TAKEN = (
    "No game open in this browser is waiting for this reply code. Open the game's tab in this browser and scan "
    "again, or copy the code and paste it where the game asks for it."
)


def reply_html(text: str, *, code: str = "", problem: bool = False) -> str:
    """The page: what happened, and the code to copy by hand when it did not arrive."""
    role = "alert" if problem else "status"
    manual = (
        "<label class='field' for='reply-code'><span>Reply code</span>"
        f"<textarea{attrs(id='reply-code', readonly=True, rows=3, spellcheck='false')}>{esc(code)}</textarea></label>"
        f"<div class='form-buttons'>{button('Copy the code', cls='btn btn-primary', cmd='copy-reply')}</div>"
        if code
        else ""
    )
    return (
        "<section class='reply-page' aria-labelledby='reply-title'><h1 id='reply-title'>Reply code</h1>"
        f"<p id='reply-state' class='reply-state' role='{role}'>{esc(text)}</p>{manual}"
        f"<p>{button('Titan Table home', cls='btn', cmd='home')}</p></section>"
    )


class ReplyPage:
    """The reply being handed over (token and code) and whether the game's tab took it."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.code = ""
        self.taken = False

    def open(self, fragment: str) -> None:
        """A `#reply=` link: hand its code over, or say why it cannot be."""
        app = self.app
        app.router.screen = "reply"
        app.router.mark_open(None)
        dom.set_html("topbar-extra", "")
        try:
            token, code = relay.read_reply(fragment)
        except CodeError as error:
            dom.set_html("screen", reply_html(str(error), problem=True))
            return
        self.code, self.taken = code, False
        dom.set_html("screen", reply_html(SENDING))
        if relay.send_reply(token, code, on_received=self.received):
            app.spawn(self.wait())
        else:
            dom.set_html("screen", reply_html(NOT_TAKEN, code=code, problem=True))

    def received(self) -> None:
        """The game's tab took the code."""
        self.taken = True
        if self.app.router.screen == "reply":
            dom.set_html("screen", reply_html(SENT))

    async def wait(self) -> None:
        """No answer within WAIT_S: no game here waits for it; offer the code to copy."""
        await asyncio.sleep(WAIT_S)
        if not self.taken and self.app.router.screen == "reply":
            dom.set_html("screen", reply_html(NOT_TAKEN, code=self.code, problem=True))

    async def copy(self) -> None:
        """Copy the code; where the browser refuses (a plain http page), select it for a manual copy."""
        if not await dom.copy_text(self.code):
            dom.select_text("reply-code")
