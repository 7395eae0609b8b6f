"""The rules of Born of Titans import one way (no module imports, even inside a function, one that imports it)
and keep to one purpose each (at most ~400 lines)."""

from __future__ import annotations

from pathlib import Path

from tests.engine.module_graph import ENGINE, cycle_through, import_graph

PACKAGE = ENGINE / "born_of_titans"


def test_the_rules_of_born_of_titans_import_one_way():
    graph = import_graph(ENGINE.parent)
    modules = sorted(name for name in graph if name.startswith("engine.born_of_titans."))
    assert "engine.born_of_titans.choices" in modules and "engine.born_of_titans.state" in modules
    cycles = {module: cycle_through(graph, module) for module in modules}
    assert {module: chain for module, chain in cycles.items() if chain} == {}


def test_each_module_stays_short():
    long = {path.name: n for path in Path(PACKAGE).glob("*.py") if (n := len(path.read_text().splitlines())) > 420}
    assert long == {}
