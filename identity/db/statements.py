"""Long SQL statements, kept as annotated .sql files beside the store that runs them.

identity/<package>/sql/<name>.sql is read once, on first use, and cached for the process: the
file opens with a comment saying what the statement does, its parameters ($1..$n) and why it is
shaped so, which a Python string constant could only say around the SQL, not in it. The files
ship as package data (setup.py).
"""

from __future__ import annotations

import functools
from importlib import resources


@functools.cache
def statement(package: str, name: str) -> str:
    """The text of identity/<package>/sql/<name>.sql (a package may be dotted: "oauth")."""
    return resources.files(f"identity.{package}").joinpath("sql", f"{name}.sql").read_text(encoding="utf-8")
