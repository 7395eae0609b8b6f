"""Writing a game screen's regions: only what changed since the last write (the host's table and the friend's page).

Every record redraws the whole screen in Python (`app.gameview.record_regions`), but the page is told only of
what changed: a region whose markup is the one written last is not written again, and the log (newest turn
first) keeps the items it shares with the last write and writes the new ones in front, so the browser styles,
lays out and paints only the new lines (docs/remote-play.md, "A friend's move, click to paint"). The page's
content is then what one whole write of each region would give (tests/app/test_paint.py).

The painter trusts that nothing else writes these regions: code that changes them in the page (an armed choice,
a hint marked, the dice's roll skipped, the screen's frame written anew) calls `forget` (or `reset`), so the next
write is whole. A pure module: the page (`app.dom`, or a fake in the tests) is given.
"""

from __future__ import annotations

from typing import Any, Protocol


class Page(Protocol):
    """What the painter needs of the page (`app.dom`)."""

    def set_html(self, element_id: str, markup: str) -> None: ...

    def splice_html(self, element_id: str, drop_first: int, drop_last: int, markup: str) -> None: ...


def _page() -> Any:
    from app import dom  # (the browser's: imported when first written, so CPython imports this module)

    return dom


class Painter:
    """The markup last written to each region, and the log's items (see the module's docstring)."""

    def __init__(self, page: Page | None = None) -> None:
        self.page = page
        self.written: dict[str, str] = {}
        self.items: list[str] | None = None  # the log's items as written last (None: write it whole)

    def _to(self) -> Any:
        return self.page if self.page is not None else _page()

    def reset(self) -> None:
        """The screen's frame was written anew (or the page changed it): every next write is whole."""
        self.written.clear()
        self.items = None

    def forget(self, *element_ids: str) -> None:
        """These regions were changed in the page (none named: every region but the log, which nothing else
        changes): written whole next time."""
        if not element_ids:
            self.written.clear()
        for element_id in element_ids:
            self.written.pop(element_id, None)

    def html(self, element_id: str, markup: str) -> bool:
        """Write a region unless it holds this markup already; True when written."""
        if self.written.get(element_id) == markup:
            return False
        self._to().set_html(element_id, markup)
        self.written[element_id] = markup
        return True

    def board(self, markup: str, key: str, parts: dict[str, str] | None, kept: bool) -> None:
        """The board: `kept` (the page's board is the map `key` drawn once) writes only its changed `parts`; else
        the board whole (its parts' markup then forgotten)."""
        if key and kept:
            self.written.pop("board", None)
            for element_id, part in (parts or {}).items():
                self.html(element_id, part)
            return
        for element_id in parts or {}:
            self.written.pop(element_id, None)
        self.html("board", markup)

    def log(self, markup: str, items: list[str] | None, element_id: str = "log") -> None:
        """The log: the items it shares with the last write kept, the others written (`items` joined is `markup`;
        None: written whole, as any region)."""
        old, self.items = self.items, list(items) if items is not None else None
        if items is None or old is None or element_id not in self.written:
            self.html(element_id, markup)
            return
        if self.written[element_id] == markup:
            return
        kept = _shared(old, items)
        if kept is None:
            self.html(element_id, markup)
            return
        first, start, count = kept  # old[start:start + count] == items[first:first + count], first + count = len
        self._to().splice_html(element_id, start, len(old) - start - count, "".join(items[:first]))
        self.written[element_id] = markup


def _shared(old: list[str], new: list[str]) -> tuple[int, int, int] | None:
    """Where the new log's last items are old ones, in a row: (their first index in `new`, in `old`, how many);
    None when the new log's last item is not among the old (written whole then)."""
    if not new or not old:
        return None
    last = new[-1]
    for end in range(len(old) - 1, -1, -1):  # the old item the new last one is (from the end: the oldest turns)
        if old[end] == last:
            break
    else:
        return None
    count = 1
    while count < len(new) and count <= end and new[-1 - count] == old[end - count]:
        count += 1
    return len(new) - count, end - count + 1, count


SCREEN = Painter()  # the page's game screen (the table's or the friend's: one at a time, `reset` when written)
