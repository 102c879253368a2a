"""`pip install .` (not editable) must carry the schema and the templates inside the package."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_contains_schema_files_and_templates(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("identity-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for sql in (ROOT / "sql").glob("*.sql"):
        assert f"identity/sql/{sql.name}" in names, sql.name
    for statement in (ROOT / "identity").glob("*/sql/*.sql"):
        rel = statement.relative_to(ROOT).as_posix()
        assert rel in names, f"{rel} (a store's statement) is not in the wheel"
    for template in (ROOT / "identity" / "templates").rglob("*"):
        if template.is_file():
            rel = template.relative_to(ROOT).as_posix()
            assert rel in names, rel
    # Every module ships: a package directory without __init__.py is silently left out.
    for package in ("identity", "workers"):
        for module in (ROOT / package).rglob("*.py"):
            rel = module.relative_to(ROOT).as_posix()
            assert rel in names, f"{rel} is not in the wheel (missing __init__.py?)"
