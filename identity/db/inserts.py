"""The INSERT a store builds from a dict of column values (the columns chosen in code, never
from input; the values travel as $n parameters, in the dict's order)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def insert_into(table: str, values: Mapping[str, Any]) -> str:
    """'INSERT INTO table (a, b) VALUES ($1, $2)'; pass `*values.values()` with it."""
    cols = ", ".join(values)
    params = ", ".join(f"${i}" for i in range(1, len(values) + 1))
    return f"INSERT INTO {table} ({cols}) VALUES ({params})"
