"""The static checks belong to the test command: mypy over identity/ and workers/ (its
configuration, and which packages are strict, is [tool.mypy] in pyproject.toml) and ruff's lint
over the code and the tests. Both are in the `test` extra, so a missing one fails here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    # The venv's own interpreter: mypy then sees exactly the libraries (and their types) that run.
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )


def test_mypy_passes_on_identity_and_workers() -> None:
    # The files come from [tool.mypy] files; .mypy_cache in the checkout keeps a rerun to about a
    # second (a first run, with no cache, takes about ten).
    result = _run("mypy", "--no-color-output", "--no-error-summary")
    assert result.returncode == 0, f"mypy found problems:\n{result.stdout}{result.stderr}"


def test_ruff_check_passes() -> None:
    result = _run("ruff", "check", "--no-fix", "identity", "workers", "tests")
    assert result.returncode == 0, f"ruff check found problems:\n{result.stdout}{result.stderr}"
