"""The graph of imports between the modules of the engine and the app, read from the source without running it."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def runtime_imports(node: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import a module may run, in functions too; those under `if TYPE_CHECKING:` never run."""
    found: list[ast.Import | ast.ImportFrom] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
            for branch in child.orelse:
                found.extend(runtime_imports(ast.Module(body=[branch], type_ignores=[])))
            continue
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            found.append(child)
        found.extend(runtime_imports(child))
    return found


def import_graph(root: Path, packages: tuple[str, ...] = ("engine",)) -> dict[str, set[str]]:
    """Module -> the modules of `packages` it imports (`from engine.titan import flow` counts as engine.titan.flow)."""
    modules = {
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): path
        for package in packages
        for path in (root / package).rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        targets: set[str] = set()
        for node in runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names if alias.name in modules)
            elif node.module and node.level == 0:
                for alias in node.names:
                    submodule = f"{node.module}.{alias.name}"
                    if submodule in modules:
                        targets.add(submodule)
                    elif node.module in modules:
                        targets.add(node.module)
        graph[module] = targets - {module}
    return graph


def cycle_through(graph: dict[str, set[str]], start: str) -> list[str]:
    """A chain of imports from `start` back to itself ([] if there is none)."""
    paths = {target: [start, target] for target in graph[start]}
    queue = list(paths)
    while queue:
        module = queue.pop(0)
        if module == start:
            return paths[module]
        for target in sorted(graph[module]):
            if target not in paths:
                paths[target] = [*paths[module], target]
                queue.append(target)
    return []
