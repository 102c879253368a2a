"""The package structure (docs/architecture.md, "Layers"): no import cycle between packages,
the composition root imported by nobody, nothing registering itself when it is imported.

A package is a subpackage of identity/ (identity/auth/ ...), a top-level module of identity/
(identity/slugs.py ...) or a module of workers/. Every import statement counts: top level,
inside functions, under TYPE_CHECKING; relative imports are resolved.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Builds the app and the worker from every package; may import anything, imported by none of
#: the packages (identity/wiring.py says which is which).
COMPOSITION = frozenset(
    {"identity.app", "identity.wiring", "identity.runner", "identity.cli", "identity.console", "workers.run"}
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] == "workers":
        return ".".join(parts[:2])
    if parts[0] != "identity" or len(parts) == 1:
        return None
    if not (ROOT / "identity" / parts[1]).is_dir() and not (ROOT / "identity" / f"{parts[1]}.py").exists():
        return None  # a name of identity/__init__.py (__version__): the root is no package
    return "identity." + parts[1]


def _imports(path: Path, module: str) -> list[tuple[str, int]]:
    is_package = path.name == "__init__.py"
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((target, node.lineno))
            found += [(f"{target}.{alias.name}", node.lineno) for alias in node.names]
    return found


def _sources() -> list[Path]:
    return sorted([*ROOT.glob("identity/**/*.py"), *ROOT.glob("workers/**/*.py")])


def import_graph() -> dict[str, dict[str, list[str]]]:
    """package -> imported package -> where ("module:line")."""
    graph: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for path in _sources():
        module = _module_name(path)
        source = _package(module)
        for target, line in _imports(path, module):
            imported = _package(target)
            if source and imported and imported != source:
                graph[source][imported].append(f"{module}:{line}")
    return graph


def cycles(graph: dict[str, dict[str, list[str]]]) -> list[list[str]]:
    """The strongly connected components of more than one package (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, {}):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    nodes = set(graph) | {t for targets in graph.values() for t in targets}
    for node in sorted(nodes):
        if node not in index:
            visit(node)
    return found


def _describe(graph: dict[str, dict[str, list[str]]], component: list[str]) -> str:
    members = set(component)
    lines = [" <-> ".join(component)]
    for source in component:
        for target, where in sorted(graph[source].items()):
            if target in members:
                lines.append(f"  {source} -> {target}: {', '.join(where[:3])}")
    return "\n".join(lines)


def _without_composition(graph: dict[str, dict[str, list[str]]]) -> dict[str, dict[str, list[str]]]:
    return {
        s: {t: w for t, w in targets.items() if t not in COMPOSITION}
        for s, targets in graph.items()
        if s not in COMPOSITION
    }


def test_no_package_imports_the_composition_root() -> None:
    graph = import_graph()
    wrong = [
        f"{source} -> {target}: {', '.join(where[:3])}"
        for source, targets in graph.items()
        if source not in COMPOSITION
        for target, where in targets.items()
        if target in COMPOSITION
    ]
    assert not wrong, "only the composition root imports the composition root:\n" + "\n".join(wrong)


def test_no_import_cycle_between_packages() -> None:
    graph = _without_composition(import_graph())
    found = cycles(graph)
    assert not found, "import cycles between packages:\n" + "\n\n".join(_describe(graph, c) for c in found)


def test_the_foundation_imports_no_feature() -> None:
    """The HTTP framework, the database, configuration and the shared records are below every
    feature package."""
    foundation = {
        "identity.http",
        "identity.db",
        "identity.config",
        "identity.crypto",
        "identity.ids",
        "identity.state",
        "identity.principals",
        "identity.jsontext",
        "identity.durations",
        "identity.origin",
        "identity.tracing",
        "identity.logs",
        "identity.outbound",
    }
    graph = import_graph()
    allowed = foundation
    wrong = [
        f"{source} -> {target}: {', '.join(where[:3])}"
        for source in sorted(foundation)
        for target, where in sorted(graph.get(source, {}).items())
        if target not in allowed
    ]
    assert not wrong, "the foundation imports a feature:\n" + "\n".join(wrong)


_REGISTERING = ("append", "extend", "add", "update", "setdefault", "insert")


def _registering_calls(path: Path) -> list[str]:
    """Top-level statements (also inside top-level if/try blocks) that call register*() or add
    to a collection: what a module does to something else when it is imported."""
    found: list[str] = []

    def scan(body: list[ast.stmt]) -> None:
        for stmt in body:
            if isinstance(stmt, ast.If | ast.Try):
                scan(stmt.body + stmt.orelse + getattr(stmt, "finalbody", []))
                for handler in getattr(stmt, "handlers", []):
                    scan(handler.body)
            elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
                func = stmt.value.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name.startswith("register") or name in _REGISTERING:
                    found.append(f"{path.relative_to(ROOT)}:{stmt.lineno} {ast.unparse(stmt)[:80]}")
            elif isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Subscript) for t in stmt.targets):
                found.append(f"{path.relative_to(ROOT)}:{stmt.lineno} {ast.unparse(stmt)[:80]}")

    scan(ast.parse(path.read_text(), str(path)).body)
    return found


def test_nothing_registers_itself_when_imported() -> None:
    """Resolvers, gates, subscribers, hooks and handlers are listed in identity/wiring.py."""
    found = [line for path in _sources() for line in _registering_calls(path)]
    assert not found, "registration at import time (move it to identity/wiring.py):\n" + "\n".join(found)
