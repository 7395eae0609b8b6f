"""The whole app under CPython: `app.dom` (the one module that talks to the browser) replaced by a page
that keeps what was written to each region, so `app.controller.App` and its parts run their real code, the
computer seats' loop included, in an asyncio loop.

`app.dom` imports `js` and `pyodide.ffi`, which exist only in the browser: empty stand-ins are put in
`sys.modules` before it is imported; every function the app calls is then replaced.
"""

from __future__ import annotations

import importlib
import itertools
import re
import sys
import time
import types
from typing import Any

from app.storage import MemoryBackend

ACTION = re.compile(r"data-action=['\"](\d+)['\"]")
_LI = re.compile(r"<li[ >]|</li>")


def top_items(markup: str) -> list[str]:
    """The top-level `<li>` items of a log's markup (its text is escaped: no '<' but the tags')."""
    items, depth, start = [], 0, 0
    for found in _LI.finditer(markup):
        if found.group() == "</li>":
            depth -= 1
            if depth == 0:
                items.append(markup[start : found.end()])
        else:
            if depth == 0:
                start = found.start()
            depth += 1
    assert "".join(items) == markup, "not a list of <li> items"
    return items


class Region:
    """A region of the page (an element with an id): contains the choices drawn in it."""

    def __init__(self, element_id: str) -> None:
        self.id = element_id

    def contains(self, node: Any) -> bool:
        return isinstance(node, Choice) and node.region == self.id


class Choice:
    """An element with a data-action, found in a region's markup; the classes added to it are kept."""

    def __init__(self, page: FakePage, region: str, value: str) -> None:
        self.region, self.value = region, value
        self.classList = types.SimpleNamespace(
            add=lambda name: page.classes.append((region, value, name)), remove=lambda name: None
        )


async def _no_package_to_load(name: str) -> None:
    """dom.load_package: under CPython the wheels are installed already."""


class FakePage:
    """What the app wrote (`html` by element id, `texts` set as text, `focused` selectors) and the values
    its form fields hold (`values`, by element id)."""

    def __init__(self) -> None:
        self.html: dict[str, str] = {}
        self.texts: dict[str, str] = {}
        self.values: dict[str, str] = {}
        self.focused: list[str] = []
        self.published: dict[str, Any] = {}
        self.classes: list[tuple[str, str, str]] = []  # (region, data-action, class) added to a choice
        self.ids = itertools.count(1)

    def functions(self) -> dict[str, Any]:
        """The `app.dom` functions this page stands in for."""
        return {
            "element": Region,
            "query": lambda node, selector: None,
            "query_all": self.query_all,
            "attribute": lambda node, name: node.value if isinstance(node, Choice) and name == "data-action" else None,
            "set_html": self.html.__setitem__,
            "splice_html": self.splice_html,
            "set_text": self.texts.__setitem__,
            "focus": lambda selector, scroll=True: self.focused.append(selector),
            "focused_selector": lambda: None,
            "scroll_top": lambda: None,
            "keep_clear_of_sheet": lambda selector: None,
            "add_class": lambda element_id, name: None,
            "show_dialog": lambda element_id: None,
            "close_dialog": lambda element_id: None,
            "select_text": lambda element_id: None,
            "value_of": lambda element_id: self.values.get(element_id, ""),
            "form_values": lambda form_id: dict(self.values),
            "random_seed": lambda: 1,
            "random_id": lambda: f"id{next(self.ids)}",
            "now_ms": lambda: int(time.time() * 1000),
            "timezone_offset": lambda: 0,
            "history_state": lambda: None,
            "history_push": lambda state, replace=False: None,
            "history_back": lambda: None,
            "is_hidden": lambda: False,
            "perf_now": lambda: time.perf_counter() * 1000,
            "location_hash": lambda: "",
            "clear_hash": lambda: None,
            "query_param": lambda name: None,
            "page_url": lambda: "http://127.0.0.1/",
            "publish": self.published.__setitem__,
            "titan_ready": lambda: None,
            "session_get": lambda key: None,
            "session_set": lambda key, value: None,
            "is_reload": lambda: False,
            "LocalStorageBackend": MemoryBackend,
            "load_package": _no_package_to_load,  # segno is installed in .venv
            "broadcast_channel": lambda name, on_message: None,  # no other tab (tests give one where they need it)
        }

    def splice_html(self, element_id: str, drop_first: int, drop_last: int, markup: str) -> None:
        """`app.dom.splice_html`: the first and last children dropped, `markup` put in front (the log's items)."""
        children = top_items(self.html[element_id])
        assert drop_first + drop_last <= len(children)
        self.html[element_id] = markup + "".join(children[drop_first : len(children) - drop_last])

    def query_all(self, node: Any, selector: str) -> list[Any]:
        """The choices drawn on the board and in the choices panel (the screen's [data-action] elements)."""
        if selector != "[data-action]":
            return []
        return [Choice(self, region, value) for region in ("board", "actions") for value in
                ACTION.findall(self.html.get(region, ""))]  # fmt: skip

    def marked(self, name: str = "is-hinted") -> set[tuple[str, int]]:
        """(region, choice) of every choice given the class `name`."""
        return {(region, int(value)) for region, value, added in self.classes if added == name}


def _raise_failures(event: Any, failures: list[Exception]) -> None:
    """`app.events.report_failures` in the tests: a part that raised on an event fails the test (the page itself
    prints it and goes on), once every subscriber was called."""
    raise failures[0]


def controller_with(page: FakePage, monkeypatch: Any) -> Any:
    """`app.controller`, importable under CPython, with `app.dom` drawing into `page`."""
    if "app.dom" not in sys.modules:
        pyodide = types.ModuleType("pyodide")
        ffi = types.ModuleType("pyodide.ffi")
        ffi.create_proxy = ffi.to_js = lambda value, **_options: value  # type: ignore[attr-defined]
        pyodide.ffi = ffi  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "js", types.ModuleType("js"))
        monkeypatch.setitem(sys.modules, "pyodide", pyodide)
        monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    dom = importlib.import_module("app.dom")
    for name, function in page.functions().items():
        monkeypatch.setattr(dom, name, function)
    from app.paint import SCREEN

    SCREEN.reset()  # (a new page: what the last test's page holds is not on it)
    monkeypatch.setattr(importlib.import_module("app.events"), "report_failures", _raise_failures)
    return importlib.import_module("app.controller")
