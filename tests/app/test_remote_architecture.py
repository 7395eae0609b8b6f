"""Remote play's protocol (app/remote/) runs under CPython: it imports nothing of the browser, nor the app's
parts that touch it, so the tests drive it with a fake channel and the browser glue stays a thin layer."""

from __future__ import annotations

import ast
from pathlib import Path

REMOTE = Path(__file__).resolve().parents[2] / "app" / "remote"
FORBIDDEN = {"js", "pyodide", "pyscript", "app.dom", "app.browser_store", "app.controller", "app.main", "time"}


def imported(path: Path) -> set[str]:
    """Every module a file imports, by its full name and by each of its parents."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return {".".join(name.split(".")[:depth]) for name in names for depth in range(1, name.count(".") + 2)}


def test_remote_play_imports_nothing_of_the_browser() -> None:
    files = sorted(REMOTE.glob("*.py"))
    assert len(files) >= 2
    offenders = {path.name: sorted(imported(path) & FORBIDDEN) for path in files if imported(path) & FORBIDDEN}
    assert offenders == {}
