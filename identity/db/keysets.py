"""The keyset read every id-ordered list shares (docs/architecture.md, "Lists"): a page of rows
strictly after the cursor's id in the list's order, and the filtered total beside it.

Here rather than in identity/http/pagination.py because stores call it, and the foundation's
HTTP package already imports the database package (not the other way round).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg


@dataclass(frozen=True, slots=True)
class Keyset:
    """Where a page starts: strictly after the id `after` (None: the first page), `limit` items
    in the list's order. The store reads limit+1 rows, so that the extra one says has_more."""

    after: str | None
    limit: int
    ascending: bool


def keyset(ascending: bool) -> tuple[str, str]:
    """The comparison and direction of a keyset page: after the cursor, in the list's order."""
    return (">", "ASC") if ascending else ("<", "DESC")


async def read_page(
    conn: Any,
    page: Keyset,
    *,
    select: str,
    count: str,
    where: str,
    args: Sequence[Any],
    id_column: str = "id",
) -> tuple[list[asyncpg.Record], int]:
    """Up to limit+1 rows of `select` that match `where`, after `page.after` by `id_column`,
    and the number of `count` rows that match `where` (the list's total, ignoring the cursor).
    `where` uses $1..$n for `args`; the cursor and the limit take the next two."""
    op, order = keyset(page.ascending)
    after, limit = len(args) + 1, len(args) + 2
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""{select}
            WHERE {where} AND (${after}::text IS NULL OR {id_column} {op} ${after})
            ORDER BY {id_column} {order} LIMIT ${limit}""",
        *args,
        page.after,
        page.limit + 1,
    )
    total: int = await conn.fetchval(f"{count} WHERE {where}", *args)
    return rows, total
