"""Count the calls one part of the app makes on another through `App` (`self.app.table.render()`), by AST.

A part is an attribute of `app.controller.App` holding one of the app's parts (`table`, `computer`, `stored`,
...). A call counted is a call of a method of a part, made in another part's module and reached through the app:
`self.app.<part>.<method>(...)`, `app.<part>.<method>(...)` (a local `app`, always `self.app` in these modules),
or `<name>.<method>(...)` where `<name>` was bound to `self.app.<part>` in the same function (`table =
self.app.table`). An edge is a pair (module, part) with at least one such call. The controller's own calls (the
listeners and `COMMANDS`, the app dispatching to its parts) are counted apart: they are the app reaching its
parts, not one part reaching another. Attribute reads and writes (`table.state = ...`) are not calls. The page's
events (`App.events`, app/events.py) are no part: an announcement reaches whoever subscribed without naming it, and
the announcements and subscriptions are counted apart.

    .venv/bin/python scripts/app_part_calls.py            # the totals and each edge
    .venv/bin/python scripts/app_part_calls.py --brief    # the totals only
"""

from __future__ import annotations

import argparse
import ast
from collections import Counter
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "app"
CONTROLLER = "controller.py"
BUS = "events"  # App.events: the page's events, through which the parts talk


def parts(app_dir: Path = APP) -> dict[str, str]:
    """Each part's attribute on `App` and the class it holds (`{"table": "Table", ...}`), read from `App.__init__`."""
    tree = ast.parse((app_dir / CONTROLLER).read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.ClassDef) and node.name == "App"):
            continue
        for item in ast.walk(node):
            if (
                isinstance(item, ast.Assign)
                and len(item.targets) == 1
                and isinstance(target := item.targets[0], ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == "self"
                and isinstance(item.value, ast.Call)
                and isinstance(item.value.func, ast.Name)
                and item.value.func.id[:1].isupper()
            ):
                found[target.attr] = item.value.func.id
    found.pop(BUS, None)
    return found


def _app_part(node: ast.expr, names: set[str]) -> str | None:
    """The part `node` reaches through the app (`self.app.table`, `app.table`), or None."""
    if not (isinstance(node, ast.Attribute) and node.attr in names):
        return None
    through = node.value
    if isinstance(through, ast.Name) and through.id == "app":
        return node.attr
    if (
        isinstance(through, ast.Attribute)
        and through.attr == "app"
        and isinstance(through.value, ast.Name)
        and through.value.id == "self"
    ):
        return node.attr
    return None


def calls_in(source: str, names: set[str]) -> Counter[tuple[str, str]]:
    """The calls of a part's methods in `source`, counted by (part, method)."""
    counted: Counter[tuple[str, str]] = Counter()
    tree = ast.parse(source)
    functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
    scopes: list[ast.AST] = functions or [tree]
    seen: set[int] = set()
    for scope in scopes:
        aliases: dict[str, str] = {}  # a local name bound to a part (`table = self.app.table`)
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign):
                targets = node.targets[0].elts if isinstance(node.targets[0], ast.Tuple) else node.targets
                values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
                for target, value in zip(targets, values, strict=False):
                    part = _app_part(value, names)
                    if isinstance(target, ast.Name) and part is not None:
                        aliases[target.id] = part
        for node in ast.walk(scope):
            if id(node) in seen or not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            receiver = node.func.value
            part = _app_part(receiver, names)
            if part is None and isinstance(receiver, ast.Name):
                part = aliases.get(receiver.id)
            if part is not None:
                seen.add(id(node))
                counted[(part, node.func.attr)] += 1
    return counted


def count(app_dir: Path = APP) -> dict[str, Counter[tuple[str, str]]]:
    """Each module of the app (its file name) and the calls it makes on parts, by (part, method); a part's calls
    on itself through the app (`self.app.table` in table.py) are left out."""
    known = parts(app_dir)
    own = {_module_of(cls, app_dir): attr for attr, cls in known.items()}
    result: dict[str, Counter[tuple[str, str]]] = {}
    for path in sorted(app_dir.glob("*.py")):
        counted = calls_in(path.read_text(encoding="utf-8"), set(known))
        mine = own.get(path.name)
        counted = Counter({key: n for key, n in counted.items() if key[0] != mine})
        if counted:
            result[path.name] = counted
    return result


def _module_of(cls: str, app_dir: Path) -> str:
    """The file defining class `cls` in the app ('' if none)."""
    for path in sorted(app_dir.glob("*.py")):
        if f"\nclass {cls}(" in path.read_text(encoding="utf-8") or f"\nclass {cls}:" in path.read_text(
            encoding="utf-8"
        ):
            return path.name
    return ""


def bus_calls(app_dir: Path = APP) -> Counter[str]:
    """The calls on the page's events in the app's modules, by method (`announce`, `subscribe`, `unsubscribe`)."""
    counted: Counter[str] = Counter()
    for path in sorted(app_dir.glob("*.py")):
        for (_bus, method), n in calls_in(path.read_text(encoding="utf-8"), {BUS}).items():
            counted[method] += n
    return counted


def totals(app_dir: Path = APP) -> dict[str, int]:
    """Part-to-part calls and edges (the controller's apart), the calls of the computer seats' `schedule` and
    `stop` among them, and the announcements and subscriptions of events."""
    counted = count(app_dir)
    bus = bus_calls(app_dir)
    between = {module: calls for module, calls in counted.items() if module != CONTROLLER}
    controller = counted.get(CONTROLLER, Counter())
    return {
        "calls": sum(sum(calls.values()) for calls in between.values()),
        "edges": sum(len({part for part, _method in calls}) for calls in between.values()),
        "controller_calls": sum(controller.values()),
        "controller_edges": len({part for part, _method in controller}),
        "computer_schedule_stop": sum(
            n
            for calls in between.values()
            for (part, method), n in calls.items()
            if part == "computer" and method in ("schedule", "stop")
        ),
        "announcements": bus["announce"],
        "subscriptions": bus["subscribe"],
    }


def main() -> None:
    """Print the totals, then (unless --brief) each module's calls by part and method."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--brief", action="store_true", help="the totals only")
    args = parser.parse_args()
    figures = totals()
    print(
        f"part-to-part calls through App: {figures['calls']} over {figures['edges']} edges "
        f"(computer.schedule/stop: {figures['computer_schedule_stop']}); "
        f"the controller's: {figures['controller_calls']} over {figures['controller_edges']} edges; "
        f"events: {figures['announcements']} announcements, {figures['subscriptions']} subscriptions"
    )
    if args.brief:
        return
    for module, calls in count().items():
        for part in sorted({part for part, _method in calls}):
            methods = {method: n for (p, method), n in sorted(calls.items()) if p == part}
            listed = ", ".join(f"{method} x{n}" if n > 1 else method for method, n in methods.items())
            print(f"  {module:18} -> {part:10} {sum(methods.values()):3}  {listed}")


if __name__ == "__main__":
    main()
