"""What tasks need at run time (the asyncpg pool, settings), set by the process that runs them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Runtime:
    pool: Any
    settings: Any
    box: Any


current: Runtime | None = None


def get() -> Runtime:
    if current is None:
        raise RuntimeError("the worker runtime is not started")
    return current
