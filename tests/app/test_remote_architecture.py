"""Remote play's protocol (app/remote/) runs under CPython: it imports nothing of the browser, nor the app's
parts that touch it, so the tests drive it with a fake channel and the browser glue stays a thin layer. The one
exception is the WebRTC glue (peer.py), which imports `js` and `pyodide` inside the functions that use them, so
CPython can import it still."""

from __future__ import annotations

import ast
from pathlib import Path

REMOTE = Path(__file__).resolve().parents[2] / "app" / "remote"
FORBIDDEN = {"js", "pyodide", "pyscript", "app.dom", "app.browser_store", "app.controller", "app.main", "time"}


BROWSER_GLUE = {"peer.py": {"js", "pyodide"}}  # imported inside its functions only


def imported(path: Path, *, top_level: bool = False) -> set[str]:
    """Every module a file imports (at its top level only, if asked), by its full name and by each of its
    parents."""
    names: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body if top_level else ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return {".".join(name.split(".")[:depth]) for name in names for depth in range(1, name.count(".") + 2)}


def test_remote_play_imports_nothing_of_the_browser() -> None:
    files = sorted(REMOTE.glob("*.py"))
    assert len(files) >= 2
    offenders = {
        path.name: sorted(imported(path) & FORBIDDEN - BROWSER_GLUE.get(path.name, set()))
        for path in files
        if imported(path) & FORBIDDEN - BROWSER_GLUE.get(path.name, set())
    }
    assert offenders == {}


def test_the_webrtc_glue_imports_the_browser_inside_its_functions_only() -> None:
    path = REMOTE / "peer.py"
    assert imported(path, top_level=True) & FORBIDDEN == set()
    assert imported(path) & FORBIDDEN == BROWSER_GLUE["peer.py"]
