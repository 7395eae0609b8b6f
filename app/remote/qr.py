"""A text (an invite link, a reply link) as a QR code in SVG markup, for a phone's camera to read off a screen.

The symbol is made by segno (pinned in pyproject.toml and scripts/vendor.py, vendored for the browser: nothing
comes from the network); the SVG is written here from its module matrix, so the markup is ours: a white
background with the quiet zone the standard asks for (4 modules), the dark modules as one path of whole-module
rectangles (`shape-rendering="crispEdges"`: no blurred edges between modules), a `viewBox` and no width or
height, so it scales to its box (CSS gives the box), and an escaped `<title>` (its accessible name).

Error correction: level M at least (15% of the symbol may be unreadable: glare on a screen, a finger), raised
by segno to the highest level that fits in the same size (`boost_error`). An invite link of about 200 characters
is then version 10, 57 modules and 65 with the quiet zone: in a box 300 CSS px wide (a 390 px phone) a module
is 4.6 CSS px, about 14 device pixels, well within what a phone's camera reads (docs/remote-play.md).

In the browser segno is not loaded at start-up: load it first (`await dom.load_package(PACKAGE)`), then call
`qr_svg`; under CPython it is installed in .venv.
"""

from __future__ import annotations

from app.markup import esc

PACKAGE = "segno"  # the name of its wheel in vendor/pyodide/pyodide-lock.json
ERROR_LEVEL = "M"
QUIET_ZONE = 4  # modules of white around the symbol (ISO/IEC 18004: 4)
MAX_TEXT = 1_000  # characters: far above an invite link, far below what a phone scans off a screen


def matrix(text: str) -> list[list[bool]]:
    """The symbol's modules, row by row (True: dark), without the quiet zone."""
    import segno

    if not isinstance(text, str) or not text or len(text) > MAX_TEXT:
        raise ValueError(f"a QR code holds 1 to {MAX_TEXT} characters here")
    symbol = segno.make_qr(text, error=ERROR_LEVEL, boost_error=True, encoding="utf-8")
    return [[bool(module) for module in row] for row in symbol.matrix]


def qr_svg(text: str, *, title: str) -> str:
    """The text as a QR code: SVG markup that scales to its box. `title` (its accessible name) is escaped; the
    text itself is only in the modules."""
    rows = matrix(text)
    size = len(rows) + 2 * QUIET_ZONE
    runs: list[str] = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            runs.append(f"M{start + QUIET_ZONE} {y + QUIET_ZONE}h{x - start}v1h-{x - start}z")
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' class='qr-code' viewBox='0 0 {size} {size}' role='img' "
        f"shape-rendering='crispEdges'><title>{esc(title)}</title>"
        f"<rect width='{size}' height='{size}' fill='#fff'/>"
        f"<path fill='#000' d='{''.join(runs)}'/></svg>"
    )
