"""The engine stays pure: no browser, app, clock or I/O imports, so it runs the same on CPython and Pyodide."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.engine.module_graph import ENGINE, cycle_through, import_graph

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


# The modules that hold a game of Titan's state and rules. They import one way only, each from the ones below
# it (state <- flow <- engagements <- battle_end <- battle <- phases), so none of them may sit in an import cycle, not
# even through an import inside a function. Titan's computer players (engine/titan/ai) sit above them: they import
# the rules, and nothing they import imports them back (`Titan.own_bot` and `Titan.baseline_action` in `game`
# reach them, and `game` is imported by none of them).
TITAN_RULES = {
    "engine.titan.state",
    "engine.titan.battle_state",
    "engine.titan.battle_choices",
    "engine.titan.battle_end",
    "engine.titan.battle",
    "engine.titan.phases",
    "engine.titan.flow",
    "engine.titan.engagements",
    "engine.titan.masterboard",
    "engine.titan.battlemap",
    "engine.titan.sight",
    "engine.titan.recruiting",
    "engine.titan.splits",
    "engine.titan.data",
    "engine.titan.actions",
    "engine.titan.sides",
}


def test_the_rules_of_titan_import_one_way():
    graph = import_graph(ENGINE.parent)
    assert graph.keys() >= TITAN_RULES
    cycles = {module: cycle_through(graph, module) for module in sorted(TITAN_RULES)}
    assert {module: chain for module, chain in cycles.items() if chain} == {}


# Import circles once found here and since removed; none may be added.
TITAN_AI = "engine.titan.ai"


def test_no_module_of_the_engine_or_the_app_sits_in_an_import_circle():
    """Every package of the engine (but engine/legacy, the frozen old saves' rules) and of the app imports one way,
    imports inside functions counted."""
    graph = import_graph(ENGINE.parent, ("engine", "app"))
    assert any(module.startswith("app.") for module in graph) and TITAN_AI in graph
    modules = sorted(m for m in graph if not m.startswith("engine.legacy"))
    cycles = {module: cycle_through(graph, module) for module in modules}
    assert {module: chain for module, chain in cycles.items() if chain} == {}


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module `start` imports, directly or through others."""
    seen: set[str] = set()
    queue = [start]
    while queue:
        for target in graph[queue.pop()]:
            if target not in seen:
                seen.add(target)
                queue.append(target)
    return seen


def test_titans_computer_players_import_nothing_that_imports_them_back():
    """engine/titan/ai imports the rules of Titan (and engine/core), and none of what it imports reaches back into
    it: the players are a layer above the rules, and the rules never wait on a player."""
    graph = import_graph(ENGINE.parent)
    players = {module for module in graph if module == TITAN_AI or module.startswith(TITAN_AI + ".")}
    assert {f"{TITAN_AI}.{name}" for name in ("standard", "standard_battle", "strong", "odds", "reckoning")} <= players
    below = set().union(*(reachable(graph, module) for module in players)) - players
    assert "engine.titan.state" in below and "engine.titan.game" not in below
    back = {module: sorted(reachable(graph, module) & players) for module in sorted(below)}
    assert {module: found for module, found in back.items() if found} == {}
    # nothing of the rules below `game` reaches a player either
    rules = {module for module in graph if module.startswith("engine.titan.") and module not in players}
    reaching = {module for module in rules - {"engine.titan.game"} if reachable(graph, module) & players}
    assert reaching == set()


# Battle Titan, the variant (engine/titan/battle_titan/). The standard rules do import it, at fixed points only,
# where the house rules change the standard game's flow; each hook does nothing outside the variant (it asks
# `warmongering.battle_titan(state)`, or reads `state.war`, None in the standard game) or is where the variant is
# chosen (`game`'s set-up options). A new hook is a change to this table, made on purpose.
BATTLE_TITAN = "engine.titan.battle_titan"
VARIANT_HOOKS = {
    "engine.titan.state": {"war_record"},  # the war record, saved in the position under the variant
    "engine.titan.flow": {"endings", "respawn"},  # the agreed end at a round's end; a wiped-out player's spawn
    "engine.titan.engagements": {"warmongering"},  # an engagement's points scored by the house rules
    "engine.titan.battle_end": {"warmongering"},  # a battle's points, trophies and counters returned
    "engine.titan.battle": {"warmongering"},  # the losing side's characters left off the battleland
    "engine.titan.phases": {"respawn"},  # the spawn's choices and its play, in the flow's table
    "engine.titan.game": {"endings", "war_record"},  # the variant chosen at set-up, its final score and clock
    "engine.titan.invariants": {"endings", "warmongering"},  # what a Battle Titan position keeps
    "engine.titan.view": {"endings", "respawn"},  # the score and the spawn shown to a seat
    "engine.titan.rulings": {"rulings"},  # the variant's page of the in-app rules
}
# What the variant builds on: the components, the decisions, the position and the masterboard's movement, never
# the turn, the engagements, a battle's phases or the game object (it sits between `state` and `flow`).
BATTLE_TITAN_BUILDS_ON = {
    "engine.core",
    "engine.core.positions",
    "engine.core.records",
    "engine.titan.data",
    "engine.titan.fields",
    "engine.titan.sides",
    "engine.titan.actions",
    "engine.titan.battle_state",
    "engine.titan.state",
    "engine.titan.masterboard",
}


def test_the_standard_rules_reach_battle_titan_only_at_its_hooks():
    graph = import_graph(ENGINE.parent)
    variant = {module for module in graph if module.startswith(BATTLE_TITAN + ".")}
    assert {
        f"{BATTLE_TITAN}.{name}" for name in ("war_record", "warmongering", "endings", "respawn", "spawn")
    } <= variant
    standard = {
        module
        for module in graph
        if module.startswith("engine.titan.") and not module.startswith((BATTLE_TITAN, TITAN_AI))
    }
    hooks = {
        module: {target.removeprefix(BATTLE_TITAN + ".") for target in graph[module] & variant}
        for module in sorted(standard)
        if graph[module] & variant
    }
    assert hooks == VARIANT_HOOKS
    below = {target for module in variant for target in graph[module]} - variant
    assert below <= BATTLE_TITAN_BUILDS_ON, sorted(below - BATTLE_TITAN_BUILDS_ON)


def imports_of_test_modules(path: Path) -> list[str]:
    """The test modules (`test_*`) a file imports, or imports from: a test module holds tests, never what others use."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[-1].startswith("test_")]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            if module.split(".")[-1].startswith("test_"):
                found.append(module)
            else:
                found += [f"{module}.{alias.name}" for alias in node.names if alias.name.startswith("test_")]
    return found


def test_no_test_file_imports_from_a_test_module():
    """What several test files use lives in a helpers module of their package (tests/engine/titan/helpers.py,
    tests/app/remote_helpers.py...), not in one of the test modules."""
    tests = ENGINE.parent / "tests"
    offenders = {
        str(path.relative_to(tests.parent)): found
        for path in sorted(tests.rglob("*.py"))
        if (found := imports_of_test_modules(path))
    }
    assert not offenders, f"test files importing from test modules: {offenders}"
