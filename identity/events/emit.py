"""emit(): record an event in the caller's transaction.

This is the one call every operation makes; the webhook machinery (issue D) decides who
receives it. Keep data JSON-serialisable (timestamps as ISO strings).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import asyncpg

from identity.db.transactions import require_transaction
from identity.ids import new_id

CATALOGUE = (
    "user.created",
    "user.updated",
    "user.deleted",
    "user.disabled",
    "user.password_changed",
    "session.created",
    "session.revoked",
    "mfa.enrolled",
    "mfa.removed",
    "mfa.verified",
    "org.created",
    "org.deleted",
    "org.member.added",
    "org.member.removed",
    "org.invitation.sent",
    "org.invitation.accepted",
    "oauth.connected",
    "oauth.disconnected",
)

#: Called after the event row is written, inside the same transaction, as
#: (conn, tenant_id, event, targets) where event is {id, type, tenant_id, created_at, data} and
#: targets the rows TARGETS_SQL found. The webhook package registers its fan-out here.
SUBSCRIBERS: list[Any] = []
#: A query over the just-inserted event `ev(tenant_id, type)` naming who receives it (the
#: webhook package's subscribed endpoints). emit() runs it in the INSERT's statement, so an
#: event costs one round trip whether or not anyone is subscribed.
TARGETS_SQL: str | None = None
#: The same for emit_many, called once with the list of events (one type).
BATCH_SUBSCRIBERS: list[Any] = []


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat().replace("+00:00", "Z")
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


async def emit(conn: asyncpg.Connection, tenant_id: str, type_: str, data: dict[str, Any]) -> str:
    event_id, _ = await emit_with(conn, tenant_id, type_, data)
    return event_id


async def emit_with(
    conn: asyncpg.Connection, tenant_id: str, type_: str, data: dict[str, Any], *,
    ctes: str = "", columns: str = "", source: str = "", args: Sequence[Any] = (),
) -> tuple[str, asyncpg.Record | None]:
    """emit(), written in the statement of the change it reports (one round trip for both):
    `ctes` are top-level CTEs ("s AS (INSERT ... RETURNING *), ...") whose parameters are
    $1..$len(args), and the first row of `SELECT columns FROM source` is returned with the event
    id. Data-modifying CTEs must be at the top level, hence CTEs rather than a statement."""
    if type_ not in CATALOGUE:
        raise ValueError(f"unknown event type {type_!r}")
    require_transaction(conn, "an event")
    event_id = new_id("evt")
    payload = _jsonable(data)
    rows = await conn.fetch(_insert_sql(ctes, columns, source, len(args)), *args,
                            tenant_id, event_id, type_, payload)
    created_at = rows[0]["created_at_of_event"]
    targets = [r for r in rows if r.get("target_id") is not None]
    event = {
        "id": event_id,
        "type": type_,
        "tenant_id": tenant_id,
        "created_at": _jsonable(created_at),
        "data": payload,
    }
    for subscriber in SUBSCRIBERS:
        await subscriber(conn, tenant_id, event, targets)
    return event_id, rows[0] if columns else None


def _insert_sql(ctes: str, columns: str, source: str, n: int) -> str:
    insert = (f"INSERT INTO events (tenant_id, id, type, data) "
              f"VALUES (${n + 1}, ${n + 2}, ${n + 3}, ${n + 4}) RETURNING tenant_id, type, created_at")
    head = f"WITH {ctes}, ev AS ({insert}) " if ctes else f"WITH ev AS ({insert}) "
    select = f"SELECT {columns + ', ' if columns else ''}ev.created_at AS created_at_of_event"
    sources = f"{source + ', ' if source else ''}ev"
    if TARGETS_SQL is None:
        return f"{head}{select} FROM {sources}"
    return (f"{head}{select}, t.version AS target_version, t.id AS target_id "
            f"FROM {sources} LEFT JOIN LATERAL ({TARGETS_SQL}) t ON true")


async def emit_many(
    conn: asyncpg.Connection, tenant_id: str, type_: str, items: list[dict[str, Any]]
) -> list[str]:
    """One event per item, all of one type, written in one statement (bulk operations)."""
    if type_ not in CATALOGUE:
        raise ValueError(f"unknown event type {type_!r}")
    if not items:
        return []
    require_transaction(conn, "an event")
    ids = [new_id("evt") for _ in items]
    payloads = [_jsonable(d) for d in items]
    rows = await conn.fetch(
        """INSERT INTO events (tenant_id, id, type, data)
           SELECT $1, u.id, $2, u.data FROM unnest($3::text[], $4::jsonb[]) WITH ORDINALITY AS u(id, data, n)
           ORDER BY u.n
           RETURNING id, created_at""",
        tenant_id, type_, ids, payloads,
    )
    created = {r["id"]: _jsonable(r["created_at"]) for r in rows}
    events = [
        {"id": i, "type": type_, "tenant_id": tenant_id, "created_at": created[i], "data": p}
        for i, p in zip(ids, payloads, strict=True)
    ]
    for subscriber in BATCH_SUBSCRIBERS:
        await subscriber(conn, tenant_id, events)
    return ids
