"""Typed records: what a store returns instead of an asyncpg.Record.

A store declares one frozen Struct per shape it reads (its fields are the statement's columns,
by name) and builds it from the row once, here; services and presenters then read attributes
that mypy checks instead of keys that only a test run checks. Building skips validation: the
values come from Postgres in the column types the fields declare.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Self

import msgspec


class Record(msgspec.Struct, frozen=True, kw_only=True):
    @classmethod
    def of(cls, row: Mapping[str, Any]) -> Self:
        return cls(**row)

    @classmethod
    def maybe(cls, row: Mapping[str, Any] | None) -> Self | None:
        return None if row is None else cls(**row)

    @classmethod
    def all(cls, rows: Iterable[Mapping[str, Any]]) -> list[Self]:
        return [cls(**row) for row in rows]
