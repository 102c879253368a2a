"""The static checks belong to the test command: mypy over identity/ and workers/ (its
configuration, and which packages are strict, is [tool.mypy] in pyproject.toml), ruff's lint and
ruff's formatter (one style, checked, never argued about) over the code, the tests, the Python
SDK, ops/ and tools/. Both tools are in the `test` extra, so a missing one fails here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The generated SDK client (sdk/python/src/identity_sdk/rest) is excluded in [tool.ruff].
CHECKED = ("identity", "workers", "tests", "sdk/python", "ops", "tools")


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
    result = _run("ruff", "check", "--no-fix", *CHECKED)
    assert result.returncode == 0, f"ruff check found problems:\n{result.stdout}{result.stderr}"


def test_ruff_format_leaves_every_file_as_it_is() -> None:
    # `ruff format identity workers tests sdk/python ops tools` fixes what this finds.
    result = _run("ruff", "format", "--check", *CHECKED)
    assert result.returncode == 0, f"ruff format would change files:\n{result.stdout}{result.stderr}"
