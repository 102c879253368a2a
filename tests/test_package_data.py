"""Every file the service reads at run time ships in the package: a `pip install .` (not
editable) has only what setup.py's package_data names, so a template, asset or catalogue left
out works in the tests (which run from the source tree) and fails in production."""

from __future__ import annotations

import ast
import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _package_data() -> dict[str, list[str]]:
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "package_data":
            value = ast.literal_eval(node.value)
            assert isinstance(value, dict)
            return value
    raise AssertionError("setup.py declares no package_data")


def test_every_non_python_file_of_identity_is_package_data() -> None:
    data = _package_data()
    patterns = data["identity"]
    anywhere = data.get("", [])
    missing = []
    for path in (ROOT / "identity").rglob("*"):
        if not path.is_file() or path.suffix in {".py", ".pyc", ".typed"} or "__pycache__" in path.parts:
            continue
        rel = path.relative_to(ROOT / "identity").as_posix()
        # fnmatch's * crosses "/", setuptools' does not: compare part counts too
        ok = any(fnmatch.fnmatch(rel, p) and rel.count("/") == p.count("/") for p in patterns)
        ok = ok or any(rel.endswith(p) and rel.count("/") >= p.count("/") for p in anywhere if "*" not in p)
        ok = ok or any(fnmatch.fnmatch(path.name, p.rsplit("/", 1)[-1]) and path.parent.name == "sql" for p in anywhere)
        if not ok:
            missing.append(rel)
    assert not missing, f"add to setup.py package_data: {missing[:10]}"
