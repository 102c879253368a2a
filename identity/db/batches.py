"""Deleting many rows a batch at a time (retention purges)."""

from __future__ import annotations

from typing import Any

BATCH = 5000


async def delete_in_batches(conn: Any, table: str, where: str, *args: Any, batch: int = BATCH) -> int:
    """Delete the rows of `table` matching `where` ($1.. are args), `batch` per statement, so a
    large backlog never holds long locks; returns how many went."""
    total = 0
    while True:
        status = await conn.execute(
            f"""DELETE FROM {table} WHERE ctid IN (
                    SELECT ctid FROM {table} WHERE {where} LIMIT {int(batch)})""",
            *args,
        )
        n = int(status.split()[-1])
        total += n
        if n < batch:
            return total
