"""The engine stays pure: no browser, app, clock or I/O imports, so it runs the same on CPython and Pyodide."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = {"js", "pyscript", "pyodide", "app", "time", "datetime", "random", "os", "io", "socket", "threading"}
# A script entry point may time itself; everything the engine's callers import stays clock-free.
SCRIPTS = {"bench.py"}


def imported_roots(path: Path) -> set[str]:
    """The top-level module names a file imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_engine_imports_nothing_from_the_browser_the_app_or_the_clock():
    offenders = {}
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name in SCRIPTS and path.parent == ENGINE:
            continue
        bad = imported_roots(path) & FORBIDDEN
        if bad:
            offenders[str(path.relative_to(ENGINE))] = sorted(bad)
    assert offenders == {}


def test_engine_never_asserts_on_input():
    """Player and save-string input is checked with IllegalAction/InvalidSave, never `assert`."""
    offenders = [
        f"{path.relative_to(ENGINE)}:{node.lineno}"
        for path in sorted(ENGINE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assert)
    ]
    assert offenders == []
