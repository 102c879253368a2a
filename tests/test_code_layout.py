"""Where code of a kind lives (docs/architecture.md, "SQL and errors at fixed places").

SQL is written only in store modules (store.py, *_store.py, a store/ package), in the
annotated statement files they load (identity/<package>/sql/*.sql, identity/db/statements.py)
and in identity/db/ (migrations, jobs, the embedded server, the pool).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Upper-case keywords, as every statement here is written; prose says "select" and "update".
_SQL = re.compile(
    r"^\s*(SELECT|WITH|INSERT|UPDATE|DELETE|SET|LOCK|NOTIFY|LISTEN|CREATE|ALTER|DROP|TRUNCATE)\s"
    r"|\bSELECT\b[\s\S]*\bFROM\b"
    r"|\bINSERT\s+INTO\b"
    r"|\bUPDATE\s+\w+(\s+\w+)?\s+SET\b"
    r"|\bDELETE\s+FROM\b"
    r"|\bWITH\s+\w+\s+AS\s+(NOT\s+)?(MATERIALIZED\s+)?\("
    r"|\bON\s+CONFLICT\b"
    r"|\bSET\s+LOCAL\b"
    r"|\bLOCK\s+TABLE\b"
)


def _is_store(rel: str) -> bool:
    parts = rel.split("/")
    name = parts[-1]
    return name == "store.py" or name.endswith("_store.py") or "store" in parts[:-1]


def _exempt(rel: str) -> bool:
    return rel.startswith(("identity/db/", "identity/static/")) or _is_store(rel)


def _strings(tree: ast.AST) -> list[tuple[int, str]]:
    """The module's string literals (f-strings with their fields as `{}`), docstrings left out."""
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            docstrings.add(id(body[0].value))
    inside_f: set[int] = set()
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in docstrings:
            continue
        if isinstance(node, ast.JoinedStr):
            text = ""
            for value in node.values:
                inside_f.add(id(value))
                text += value.value if isinstance(value, ast.Constant) else "{}"
            out.append((node.lineno, text))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in inside_f:
            out.append((node.lineno, node.value))
    return out


def _modules() -> list[tuple[str, Path]]:
    found = []
    for package in ("identity", "workers"):
        for path in sorted((ROOT / package).rglob("*.py")):
            found.append((path.relative_to(ROOT).as_posix(), path))
    return found


def test_sql_is_written_only_in_store_modules() -> None:
    offenders = []
    for rel, path in _modules():
        if _exempt(rel):
            continue
        for line, text in _strings(ast.parse(path.read_text(), rel)):
            if _SQL.search(text):
                offenders.append(f"{rel}:{line}: {text.strip().splitlines()[0][:80]}")
    assert not offenders, "SQL outside store modules (move it to the package's store):\n" + "\n".join(offenders)


def test_the_check_recognises_sql() -> None:
    for text in (
        "SELECT 1",
        "SELECT a FROM t",
        "\n  INSERT INTO t (a) VALUES ($1)",
        "UPDATE users u SET x = 1",
        "DELETE FROM t WHERE a = $1",
        "WITH d AS (SELECT 1) SELECT * FROM d",
        "SET LOCAL jit = off",
        "LOCK TABLE master_keys IN EXCLUSIVE MODE",
    ):
        assert _SQL.search(text), text
    for text in ("Select a factor to continue.", "The update was applied.", "selected from the list"):
        assert not _SQL.search(text), text


def test_statement_files_are_annotated_and_used() -> None:
    files = sorted((ROOT / "identity").glob("*/sql/*.sql"))
    assert files
    for path in files:
        text = path.read_text()
        assert text.startswith("-- "), f"{path}: begins with a comment saying what it does"
        lines = text.splitlines()
        header = "\n".join(line for line in lines if line.startswith("--"))
        params = set(re.findall(r"\$(\d+)", "\n".join(line for line in lines if not line.startswith("--"))))
        for n in params:
            assert f"${n}" in header, f"{path}: the comment names parameter ${n}"
        package = path.parents[1]
        quoted = f'"{path.stem}"'
        assert any(quoted in module.read_text() for module in package.glob("*.py")), (
            f"{path}: no module of {package.name} loads it"
        )


def test_refresh_statements_read_the_session_columns() -> None:
    from identity.db.statements import statement
    from identity.sessions import store

    def flat(text: str) -> str:
        return " ".join(text.split())

    columns = flat(store._columns("s."))
    for name in ("read_refresh", "lock_refresh"):
        assert columns in flat(statement("sessions", name)), name


# -- errors: declared one way, once -----------------------------------------------------------

#: A code declared by two packages, each with its own status: why it is so.
SHARED_CODES = {
    "user_banned": "403 when a banned user signs in (auth); 409 when a banned user is disabled (users)",
}


def _is_errors_module(rel: str) -> bool:
    return rel.endswith("/errors.py")


def test_error_declarations_live_in_errors_modules() -> None:
    """ErrorSpec(...) only as a module-level declaration of an errors.py; no ApiError built with a
    code or status of its own outside identity/http/errors.py; an ApiError subclass names its
    declaration (`spec = ...`) instead of writing a code."""
    offenders = []
    for rel, path in _modules():
        if rel.startswith("identity/static/"):
            continue
        tree = ast.parse(path.read_text(), rel)
        declared = {
            id(stmt.value) for stmt in tree.body if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name == "ErrorSpec" and not (_is_errors_module(rel) and id(node) in declared):
                    offenders.append(f"{rel}:{node.lineno}: ErrorSpec outside a module-level declaration of errors.py")
                if (
                    name == "ApiError"
                    and rel != "identity/http/errors.py"
                    and any(kw.arg in ("code", "status") for kw in node.keywords)
                ):
                    offenders.append(f"{rel}:{node.lineno}: ApiError with an inline code; declare it in errors.py")
            if isinstance(node, ast.ClassDef) and node.name != "ApiError":
                bases = {getattr(b, "id", getattr(b, "attr", None)) for b in node.bases}
                if not bases & {"ApiError", "ValidationFailed", "NotFound"}:
                    continue
                for stmt in node.body:
                    targets = (
                        stmt.targets
                        if isinstance(stmt, ast.Assign)
                        else ([stmt.target] if isinstance(stmt, ast.AnnAssign) else [])
                    )
                    names = {getattr(t, "id", None) for t in targets} | {
                        getattr(e, "id", None) for t in targets if isinstance(t, ast.Tuple) for e in t.elts
                    }
                    if names & {"code", "status", "message"}:
                        offenders.append(f"{rel}:{stmt.lineno}: {node.name} writes its own code; use spec = ...")
    assert not offenders, "\n".join(offenders)


def test_every_error_code_is_declared_once() -> None:
    # ErrorSpec(...) is only called in module-level declarations of errors.py files (above).
    by_code: dict[str, list[str]] = {}
    for rel, path in _modules():
        if not _is_errors_module(rel):
            continue
        for stmt in ast.parse(path.read_text(), rel).body:
            call = stmt.value if isinstance(stmt, ast.Assign) else None
            if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "ErrorSpec":
                code = call.args[1] if len(call.args) > 1 else None
                assert isinstance(code, ast.Constant), f"{rel}:{stmt.lineno}: write the code as a literal"
                by_code.setdefault(code.value, []).append(f"{rel}:{stmt.lineno}")
    assert len(by_code) > 50, "the declarations were not found"
    twice = {code: where for code, where in by_code.items() if len(where) > 1 and code not in SHARED_CODES}
    assert not twice, f"declared more than once: {twice}"
    for code in SHARED_CODES:
        assert len(by_code.get(code, [])) == 2, f"SHARED_CODES: {code} is no longer declared twice"
