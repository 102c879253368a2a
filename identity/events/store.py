"""SQL for the events table.

An event is written in the statement of the change it reports (one round trip for both):
insert_sql() composes that statement from three owners' fragments, explicitly:
  - the caller's top-level CTEs and the columns it wants back (e.g. sessions/store.insert_ctes,
    whose CTEs insert a session and its refresh token),
  - the event's own INSERT (here), as the CTE `ev(tenant_id, type, created_at)`,
  - the subscriber's targets query over `ev` (the webhook package's TARGETS_OF_EV, handed to
    identity.events.emit.connect by identity/wiring.py), joined LATERAL so an event with no
    subscribed webhook still yields its one row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import asyncpg

from identity.db.statements import statement


def insert_sql(ctes: str, columns: str, source: str, n: int, targets_sql: str | None) -> str:
    """The statement for emit_with(): the event's parameters follow the caller's $1..$n as
    $n+1 tenant_id, $n+2 id, $n+3 type, $n+4 data. Each row carries created_at_of_event and,
    with a targets query, one matching target (target_version, target_id; NULL when none)."""
    insert = (
        f"INSERT INTO events (tenant_id, id, type, data) "
        f"VALUES (${n + 1}, ${n + 2}, ${n + 3}, ${n + 4}) RETURNING tenant_id, type, created_at"
    )
    head = f"WITH {ctes}, ev AS ({insert}) " if ctes else f"WITH ev AS ({insert}) "
    select = f"SELECT {columns + ', ' if columns else ''}ev.created_at AS created_at_of_event"
    sources = f"{source + ', ' if source else ''}ev"
    if targets_sql is None:
        return f"{head}{select} FROM {sources}"
    return (
        f"{head}{select}, t.version AS target_version, t.id AS target_id "
        f"FROM {sources} LEFT JOIN LATERAL ({targets_sql}) t ON true"
    )


async def insert_with(
    conn: asyncpg.Connection,
    sql: str,
    args: Sequence[Any],
    tenant_id: str,
    event_id: str,
    type_: str,
    data: Any,
) -> list[asyncpg.Record]:
    """Run a statement from insert_sql(): the caller's args, then the event's."""
    rows: list[asyncpg.Record] = await conn.fetch(sql, *args, tenant_id, event_id, type_, data)
    return rows


async def insert_many(
    conn: asyncpg.Connection, tenant_id: str, type_: str, ids: list[str], data: list[Any]
) -> list[asyncpg.Record]:
    """Events of one type in one statement; rows (id, created_at) in the items' order."""
    rows: list[asyncpg.Record] = await conn.fetch(statement("events", "insert_many"), tenant_id, type_, ids, data)
    return rows
