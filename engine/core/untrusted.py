"""Reading JSON that a stranger may have written (save strings, stored entries), within fixed limits.

Python's `json` parser recurses once per level of nesting: a few thousand `[` raise RecursionError
under CPython and overflow the browser's stack under Pyodide, which kills the page. A list of a
million items makes pydantic validate (and report) every one before it checks the length. So the
text's nesting depth is measured before parsing (brackets outside strings, with C-speed string
operations only), and the parsed value's containers are counted before any validation.
"""

from __future__ import annotations

import json
import re
from typing import Any

# A JSON string: a quote, then runs of ordinary characters or escapes, then a quote.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class UntrustedInputError(ValueError):
    """The text breaks a limit or is not JSON; the message is short and never quotes the input at length."""


def nesting_problem(text: str, limit: int) -> str | None:
    """Why the JSON text's lists and objects cannot be parsed safely: nested over `limit` deep, or brackets
    that do not pair up (not JSON); None if neither."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(limit):
        if not brackets:
            return None
        inner = brackets.replace("[]", "").replace("{}", "")
        if inner == brackets:
            return "it is not valid JSON"
        brackets = inner
    return f"it nests deeper than {limit} levels" if brackets else None


def parse(text: str, *, max_depth: int, max_containers: int) -> Any:
    """Parse JSON text that nests at most `max_depth` deep and opens at most `max_containers` lists and
    objects (counted with the brackets inside strings, a bound that costs one pass at C speed); raises
    UntrustedInputError."""
    if text.count("[") + text.count("{") > max_containers:
        raise UntrustedInputError(f"it holds more than {max_containers} lists and objects")
    problem = nesting_problem(text, max_depth)
    if problem:
        raise UntrustedInputError(problem)
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise UntrustedInputError("it is not valid JSON") from None


def check_sizes(value: Any, *, max_items: int, max_total: int, exceptions: dict[str, int] | None = None) -> None:
    """Every list and object in `value` holds at most `max_items` items (or its key's own limit in
    `exceptions`, for a top-level key), and all of them together at most `max_total`; raises UntrustedInputError.

    Iterative (no recursion) and stops at the first container over its limit.
    """
    exceptions = exceptions or {}
    total = 0
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, key = stack.pop()
        limit = exceptions.get(key, max_items)
        if len(item) > limit:
            raise UntrustedInputError(f"it holds a list of {len(item)} items where at most {limit} are allowed")
        total += len(item)
        if total > max_total:
            raise UntrustedInputError(f"it holds more than {max_total} items in all")
        children = item.items() if isinstance(item, dict) else enumerate(item)
        top = item is value
        for child_key, child in children:
            if isinstance(child, dict | list):
                stack.append((child, child_key if top and isinstance(child_key, str) else ""))


# A UTF-16 surrogate standing alone (JSON's "\ud800", or a browser's string cut inside an emoji): Python keeps
# it in a str, but no UTF-8 text can hold it, so the next save of a game with one in it would fail.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD]([89a-fA-F])[0-9a-fA-F]{2}")  # group 1: 8-b high, c-f low


def _lone_surrogate_escaped(json_text: str) -> bool:
    """Whether JSON text escapes a lone surrogate: a high one's escape not followed at once by a low one's, or a
    low one alone (a pair is an emoji). One regular-expression pass, then a step per surrogate escape."""
    low_due = -1  # where a low surrogate's escape must begin, after a high one's
    for match in _SURROGATE_ESCAPE.finditer(json_text):
        if match.group(1) in "cdefCDEF":
            if match.start() != low_due:
                return True
            low_due = -1
        elif low_due != -1:
            return True
        else:
            low_due = match.end()
    return low_due != -1


def mend_text(text: str) -> str:
    """`text` with each lone surrogate replaced by U+FFFD (the replacement character), so it can be saved."""
    return _LONE_SURROGATE.sub("\ufffd", text)


def mend_surrogates(value: Any, json_text: str = "") -> Any:
    """A parsed JSON value with every lone surrogate in its strings (keys too) mended (`mend_text`); where its
    text is given and has no lone surrogate's escape (the only way JSON holds one; a pair is an emoji), the value
    itself, after one scan of the text.
    Recursive: for a value `parse` read (nested at most its `max_depth`)."""
    if json_text and not _lone_surrogate_escaped(json_text):
        return value
    if isinstance(value, str):
        return mend_text(value)
    if isinstance(value, dict):
        return {mend_text(key): mend_surrogates(item) for key, item in value.items()}
    if isinstance(value, list):
        return [mend_surrogates(item) for item in value]
    return value


def short(text: object, limit: int = 40) -> str:
    """`text` for a message: at most `limit` characters, control characters shown as spaces."""
    flat = "".join(" " if ord(ch) < 32 or ch in "\u2028\u2029" else ch for ch in str(text)[: limit + 1])
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
