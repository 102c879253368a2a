"""The tests' own layout: a test module reads as the specification of its feature, so what
tests share (factories, receivers, browsers, readers of the docs) lives in tests/support/ and
fixtures in conftest.py. A test module importing from another test module, or a helper imported
from conftest, fails here."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module path.py imports from (absolute and relative), with its line."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            base = ".".join(filter(None, ["tests" if node.level else "", node.module or ""]))
            found.append((node.lineno, base))
            # `from tests import test_x` names the module in what it imports.
            found.extend((node.lineno, f"{base}.{a.name}") for a in node.names)
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names)
    return found


def _offences(forbidden: tuple[str, ...]) -> list[str]:
    out = []
    for path in sorted(TESTS.rglob("*.py")):
        if "node_modules" in path.parts:
            continue
        for line, module in _imports(path):
            last = module.rsplit(".", 1)[-1]
            if module.startswith("tests.") and (last.startswith(forbidden) or last in forbidden):
                out.append(f"{path.relative_to(TESTS.parent)}:{line} imports {module}")
    return out


def test_no_module_imports_from_a_test_module() -> None:
    offences = _offences(("test_",))
    assert not offences, "move what is shared into tests/support/:\n" + "\n".join(offences)


def test_helpers_come_from_support_not_from_conftest() -> None:
    offences = _offences(("conftest",))
    assert not offences, "conftest.py holds fixtures; import helpers from tests/support/:\n" + "\n".join(offences)


def test_support_holds_no_tests() -> None:
    named = sorted(p.name for p in (TESTS / "support").glob("test_*.py"))
    assert not named, f"tests/support/ holds helpers; tests live in tests/test_*.py: {named}"
    stray = sorted(p.name for p in TESTS.glob("*_support.py"))
    assert not stray, f"shared helpers belong in tests/support/: {stray}"
