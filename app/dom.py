"""The thin binding to the browser: every call from Python into JS goes through here.

Nothing else in `app/` imports `js` or `pyodide` (but `browser_store`, the saved-games store, and `bench`),
so the rest stays pure and testable under CPython. Keep the calls few: each one crosses the JS bridge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from app.browser_store import LocalStorageBackend  # noqa: F401 (the page's saved-games store: the controller's)

_proxies: list[Any] = []  # keep event-handler proxies alive for the page's lifetime


def _py(value: Any) -> Any:
    """JS null arrives as `jsnull` (not None) in recent Pyodide: map it to None."""
    return None if value is None or type(value).__name__ == "JsNull" else value


def query(node: Any, selector: str) -> Any:
    """node.querySelector(selector), or None."""
    return None if node is None else _py(node.querySelector(selector))


def query_all(node: Any, selector: str) -> list[Any]:
    """node.querySelectorAll(selector) as a list ([] without a node)."""
    return [] if node is None else list(node.querySelectorAll(selector))


def session_get(key: str) -> str | None:
    """sessionStorage.getItem, or None (also when sessionStorage is unavailable)."""
    try:
        value = _py(js.window.sessionStorage.getItem(key))
    except Exception:
        return None
    return None if value is None else str(value)


def session_set(key: str, value: str | None) -> None:
    """sessionStorage.setItem (or removeItem for None); failures are ignored (it is only a convenience)."""
    try:
        if value is None:
            js.window.sessionStorage.removeItem(key)
        else:
            js.window.sessionStorage.setItem(key, value)
    except Exception:
        pass


async def ensure_stylesheet(href: str, timeout_s: float = 5.0) -> None:
    """Link the app's stylesheet (if index.html does not) and wait until it applies, so nothing flashes."""
    import asyncio

    head = js.document.head
    link = _py(js.document.querySelector(f'link[rel="stylesheet"][href$="{href}"]'))
    if link is None:
        link = js.document.createElement("link")
        link.rel = "stylesheet"
        link.href = href
        head.appendChild(link)
    waited = 0.0
    while _py(link.sheet) is None and waited < timeout_s:
        await asyncio.sleep(0.02)
        waited += 0.02


def element(element_id: str) -> Any:
    """The element with this id (or None)."""
    return _py(js.document.getElementById(element_id))


def set_html(element_id: str, markup: str) -> None:
    """Replace an element's content: one bridge call per region."""
    node = _py(js.document.getElementById(element_id))
    if node is not None:
        node.innerHTML = markup


def set_text(element_id: str, text: str) -> None:
    """Replace an element's text (never parsed as HTML)."""
    node = _py(js.document.getElementById(element_id))
    if node is not None:
        node.textContent = text


def listen(target: Any, event: str, handler: Callable[[Any], None]) -> None:
    """Add an event listener that lives as long as the page."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def app_root() -> Any:
    """The #app element the platform's index.html provides."""
    return _py(js.document.getElementById("app"))


def window() -> Any:
    """The JS window."""
    return js.window


def closest_command(event: Any) -> tuple[str, str, Any] | None:
    """For an event: ("action", index, el), ("select", key, el) or ("cmd", name, el) of the nearest marked
    element."""
    target = _py(event.target)
    if target is None or not hasattr(target, "closest"):
        return None
    found = _py(target.closest("[data-action],[data-select],[data-cmd]"))
    if found is None:
        return None
    if found.hasAttribute("data-action"):
        return ("action", str(found.getAttribute("data-action")), found)
    if found.hasAttribute("data-select"):
        return ("select", str(found.getAttribute("data-select")), found)
    return ("cmd", str(found.getAttribute("data-cmd")), found)


def attribute(node: Any, name: str) -> str | None:
    """An attribute's value or None."""
    value = _py(node.getAttribute(name))
    return None if value is None else str(value)


def form_values(form_id: str) -> dict[str, str]:
    """Every named field of a form as strings (unchecked checkboxes are absent)."""
    form = _py(js.document.getElementById(form_id))
    if form is None:
        return {}
    data = js.Object.fromEntries(js.FormData.new(form))
    return {str(k): str(v) for k, v in data.to_py().items()}


def focused_selector() -> str | None:
    """A selector for the focused element, by its data-cmd or id (None: nothing of the app's is focused)."""
    node = _py(js.document.activeElement)
    if node is None or not hasattr(node, "getAttribute"):
        return None
    cmd = _py(node.getAttribute("data-cmd"))
    if cmd is not None:
        return f"[data-cmd='{cmd}']"
    node_id = _py(node.getAttribute("id"))
    return f"#{node_id}" if node_id else None


def focus(selector: str, *, scroll: bool = True) -> None:
    """Move keyboard focus to the first element matching a CSS selector (optionally without scrolling)."""
    node = _py(js.document.querySelector(selector))
    if node is not None:
        if scroll:
            node.focus()
        else:
            node.focus(js.Object.fromEntries(to_js([["preventScroll", True]])))


def is_reload() -> bool:
    """True when the page was loaded by a reload (not opened anew: a link, the address typed, the home icon)."""
    try:
        entries = js.performance.getEntriesByType("navigation")
        return bool(entries.length) and str(entries[0].type) == "reload"
    except Exception:
        return False


def scroll_top() -> None:
    """Scroll the page to the top (a new screen starts at its top)."""
    js.window.scrollTo(0, 0)


def keep_clear_of_sheet(selector: str) -> None:
    """On a phone, scroll the page so the element is above the choices sheet stuck to the bottom of the window
    (a move's preview drawn low on the board), without pushing its top under the status line."""
    node = _py(js.document.querySelector(selector))
    sheet = _py(js.document.querySelector(".actions-box"))
    if node is None or sheet is None or str(js.window.getComputedStyle(sheet).position) != "sticky":
        return
    box, cover = node.getBoundingClientRect(), sheet.getBoundingClientRect()
    if cover.bottom < js.window.innerHeight - 1 or box.bottom <= cover.top:
        return  # not a sheet at the bottom of the window, or nothing under it
    js.window.scrollBy(0, max(0, min(box.bottom - cover.top + 12, box.top - 80)))


def add_class(element_id: str, name: str) -> None:
    """Add a CSS class to an element."""
    node = _py(js.document.getElementById(element_id))
    if node is not None:
        node.classList.add(name)


def show_dialog(element_id: str) -> None:
    """Open a <dialog> as a modal."""
    node = _py(js.document.getElementById(element_id))
    if node is not None and not node.open:
        node.showModal()


def close_dialog(element_id: str) -> None:
    """Close a <dialog>."""
    node = _py(js.document.getElementById(element_id))
    if node is not None and node.open:
        node.close()


def value_of(element_id: str) -> str:
    """The value of an input or textarea."""
    node = _py(js.document.getElementById(element_id))
    return "" if node is None else str(node.value)


def select_text(element_id: str) -> None:
    """Select the text of an input or textarea (so the player can copy it by hand)."""
    node = _py(js.document.getElementById(element_id))
    if node is not None:
        node.focus()
        node.select()


def random_seed() -> int:
    """A random 53-bit seed from the browser's crypto (Math.random as a fallback); the engine never picks one."""
    try:
        words = js.crypto.getRandomValues(js.Uint32Array.new(2))
        return (int(words[0]) & 0x1FFFFF) << 32 | int(words[1])
    except Exception:
        return int(js.Math.floor(js.Math.random() * 9007199254740991))


def random_id() -> str:
    """A short random id for a saved game."""
    return f"{random_seed():x}"


def now_ms() -> int:
    """The browser clock, in milliseconds since the epoch."""
    return int(js.Date.now())


def timezone_offset() -> int:
    """Minutes to add to local time to get UTC (JS getTimezoneOffset)."""
    return int(js.Date.new().getTimezoneOffset())


def _history_dict(value: Any) -> dict[str, Any] | None:
    """A history entry's state as a dict (None if it is not one, e.g. written by another page)."""
    value = _py(value)
    if value is None:
        return None
    try:
        state = value.to_py()
    except Exception:
        return None
    return state if isinstance(state, dict) else None


def history_state() -> dict[str, Any] | None:
    """The browser history entry's state (a dict this app wrote), or None."""
    return _history_dict(js.window.history.state)


def history_push(state: dict[str, Any], replace: bool = False) -> None:
    """A browser history entry for a screen (the URL stays as it is)."""
    data = to_js(state, dict_converter=js.Object.fromEntries)
    if replace:
        js.window.history.replaceState(data, "")
    else:
        js.window.history.pushState(data, "")


def history_back() -> None:
    """The browser's Back."""
    js.window.history.back()


def event_state(event: Any) -> dict[str, Any] | None:
    """A popstate event's state, as a dict (None if it is not one of this app's)."""
    return _history_dict(getattr(event, "state", None))


def is_hidden() -> bool:
    """True while the page is in a background tab (or minimised)."""
    return bool(js.document.hidden)


def storage_change(event: Any) -> tuple[str, str | None]:
    """A `storage` event's key and new value (None: removed)."""
    value = _py(event.newValue)
    return str(_py(event.key) or ""), None if value is None else str(value)


def perf_now() -> float:
    """A high-resolution timestamp in milliseconds."""
    return float(js.performance.now())


def location_hash() -> str:
    """The URL fragment, with its leading '#' (decoded)."""
    raw = str(js.window.location.hash or "")
    try:
        return str(js.decodeURIComponent(raw))
    except Exception:
        return raw


def clear_hash() -> None:
    """Drop the URL fragment without reloading or adding a history entry."""
    location = js.window.location
    js.window.history.replaceState(js.window.history.state, "", location.pathname + location.search)


def query_param(name: str) -> str | None:
    """A parameter of the page's query string (e.g. ?ai-pause=50), or None."""
    value = _py(js.URLSearchParams.new(js.window.location.search).get(name))
    return None if value is None else str(value)


def page_url() -> str:
    """The page's URL without fragment (for share links)."""
    location = js.window.location
    return f"{location.origin}{location.pathname}{location.search}"


async def copy_text(text: str) -> bool:
    """Copy text to the clipboard; False when the browser refuses."""
    try:
        await js.navigator.clipboard.writeText(text)
        return True
    except Exception:
        return False


async def fetch_text(url: str) -> str:
    """GET a file of the site as text; raises OSError when it cannot be had."""
    try:
        response = await js.fetch(url)
    except Exception as error:
        raise OSError(f"could not fetch {url}: {error}") from None
    if not response.ok:
        raise OSError(f"could not fetch {url}: HTTP {response.status}")
    return str(await response.text())


def publish(name: str, value: Any) -> None:
    """Set window.<name> (used to expose timings and state to tests)."""
    setattr(js.window, name, to_js(value) if isinstance(value, dict | list) else value)


def titan_ready() -> None:
    """Tell the page the home screen is interactive (hides the loading screen)."""
    if hasattr(js.window, "titanReady"):
        js.window.titanReady()


def titan_fail(message: str) -> None:
    """Tell the page start-up failed, with a message for the player."""
    if hasattr(js.window, "titanFail"):
        js.window.titanFail(message)
    else:
        node = app_root()
        if node is not None:
            node.textContent = message


def event_target(event: Any) -> Any:
    """event.target, or None."""
    return _py(event.target)


class _Broadcast:
    """A BroadcastChannel as app/remote/relay.py uses it: post a text, close."""

    def __init__(self, channel: Any) -> None:
        self.channel = channel

    def post(self, text: str) -> None:
        self.channel.postMessage(text)

    def close(self) -> None:
        self.channel.close()


def broadcast_channel(name: str, on_message: Callable[[str], None]) -> _Broadcast | None:
    """A BroadcastChannel to this origin's other tabs; `on_message` gets each text message (anything else is
    dropped). None where the browser has none."""
    try:
        channel = js.BroadcastChannel.new(name)
    except Exception:
        return None

    def heard(event: Any) -> None:
        data = _py(event.data)
        if isinstance(data, str):
            on_message(data)

    proxy = create_proxy(heard)
    _proxies.append(proxy)
    channel.addEventListener("message", proxy)
    return _Broadcast(channel)


async def load_package(name: str) -> None:
    """Load a vendored wheel of vendor/pyodide/pyodide-lock.json on demand (segno, for QR codes), from the site
    (or the service worker's cache offline); raises OSError when it cannot be had."""
    import importlib

    import pyodide_js  # type: ignore[import-not-found]

    try:
        await pyodide_js.loadPackage(name)
        importlib.import_module(name)
    except Exception as error:
        raise OSError(f"could not load {name}: {error}") from None


async def release_id() -> str:
    """The app's release id: the version the service worker caches this release under (`MANIFEST.version` in
    sw.js, scripts/titan_site.py), so two pages speak to each other only when they run the same files. Read from
    sw.js as the site serves it now; offline (the page came from the cache), the name of the cache it came from;
    'unknown' if neither can be had."""
    import re

    try:
        response = await js.fetch("sw.js", to_js({"cache": "no-store"}, dict_converter=js.Object.fromEntries))
        if response.ok:
            found = re.search(r'"version":\s*"([0-9a-f]{6,64})"', str(await response.text()))
            if found:
                return found.group(1)
    except Exception:
        pass
    try:
        names = [str(name) for name in await js.caches.keys() if str(name).startswith("titan-")]
        if len(names) == 1:
            return names[0].removeprefix("titan-")
    except Exception:
        pass
    return "unknown"


def splice_html(element_id: str, drop_first: int, drop_last: int, markup: str) -> None:
    """Remove an element's first `drop_first` and last `drop_last` children, then put `markup` in front (the log's
    new items, app/paint.py)."""
    node = _py(js.document.getElementById(element_id))
    if node is None:
        return
    for _ in range(drop_first):
        node.firstElementChild.remove()
    for _ in range(drop_last):
        node.lastElementChild.remove()
    if markup:
        node.insertAdjacentHTML("afterbegin", markup)
