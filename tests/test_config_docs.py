"""docs/configuration.md documents every IDENTITY_* variable the code reads, and only those."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = re.compile(r"IDENTITY_[A-Z0-9_]+")
#: Where variables are read: the service, its workers and the container entrypoint.
SOURCES = [
    *(ROOT / "identity").rglob("*.py"),
    *(ROOT / "workers").rglob("*.py"),
    ROOT / "ops" / "docker" / "entrypoint.py",
]


def read_by_code() -> set[str]:
    """Every string constant that is exactly a variable name (os.environ.get, env.get, _int(env,
    ...), the settings table of `identity config`); names inside messages do not count."""
    names: set[str] = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and NAME.fullmatch(node.value):
                names.add(node.value)
    return names


def documented() -> set[str]:
    text = (ROOT / "docs" / "configuration.md").read_text()
    rows = [line for line in text.splitlines() if line.startswith("| `IDENTITY_")]
    return {name for row in rows for name in NAME.findall(row.split(" | ")[0])}


def test_every_variable_the_code_reads_is_documented() -> None:
    code = read_by_code()
    assert len(code) >= 25, sorted(code)  # the scan found the readers
    missing = code - documented()
    assert not missing, f"read by the code but not in docs/configuration.md: {sorted(missing)}"


def test_every_documented_variable_is_read_by_the_code() -> None:
    stale = documented() - read_by_code()
    assert not stale, f"in docs/configuration.md but read nowhere: {sorted(stale)}"


def test_identity_config_shows_every_setting() -> None:
    from identity.config import Settings
    from identity.console.settings_view import effective, unlisted_settings

    assert not unlisted_settings(), "Settings fields that `identity config` does not show"
    shown = {row["variable"] for row in effective(Settings.from_env({}), {"IDENTITY_PORT": "3001"})}
    assert {"IDENTITY_DATABASE_URL", "IDENTITY_OUTBOX_RETRY_SCHEDULE", "IDENTITY_PORT"} <= shown
    assert shown <= read_by_code()
