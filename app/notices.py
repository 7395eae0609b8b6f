"""The notices above the screen: said, gone after a few seconds or at the next move, or kept while their cause lasts."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from app import dom
from app.screens import notice_html

if TYPE_CHECKING:
    from app.controller import App

NOTICE_SECONDS = {"info": 5.0, "warn": 10.0, "error": 14.0}  # how long a notice stays (the next move ends it sooner)

Notice = tuple[str, str]  # (kind: info, warn or error; text)


class Notices:
    """The notices shown now, and the one kept while its cause lasts (saving fails)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.shown: list[Notice] = []
        self.lasting: Notice | None = None

    def notify(self, kind: str, text: str, *, lasting: bool = False) -> None:
        """Show a notice above the screen (kind: info, warn, error); it goes after a few seconds (NOTICE_SECONDS)
        or at the player's next move, whichever comes first. A `lasting` one (saving fails) stays until its
        cause is gone or the player dismisses it."""
        self.shown = [*[n for n in self.shown if n[1] != text][-2:], (kind, text)]
        dom.set_html("notice", notice_html(self.shown))
        if lasting:
            self.lasting = (kind, text)
        else:
            self.app.spawn(self.expire((kind, text), NOTICE_SECONDS.get(kind, 8.0)))

    def add(self, kind: str, text: str) -> None:
        """Put a notice among those shown (drawn with the screen being written), unless it is there already."""
        if (kind, text) not in self.shown:
            self.shown.append((kind, text))

    def draw(self) -> None:
        """Write the notices shown."""
        dom.set_html("notice", notice_html(self.shown))

    async def expire(self, notice: Notice, seconds: float) -> None:
        """Take a notice away once its time is up (if it is still shown)."""
        await asyncio.sleep(seconds)
        if notice in self.shown:
            self.shown = [n for n in self.shown if n != notice]
            dom.set_html("notice", notice_html(self.shown))

    def clear(self, *, keep_lasting: bool = False) -> None:
        """Remove every notice (`keep_lasting`: but one whose cause lasts)."""
        kept = [n for n in self.shown if keep_lasting and n == self.lasting]
        if not kept:
            self.lasting = None
        self.shown = kept
        dom.set_html("notice", notice_html(kept) if kept else "")

    def end_lasting(self) -> None:
        """Its cause is gone (saving works again): the lasting notice goes."""
        if self.lasting is not None:
            self.shown = [n for n in self.shown if n != self.lasting]
            self.lasting = None
