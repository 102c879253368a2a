"""emit(): record an event in the caller's transaction.

This is the one call every operation makes; the subscriber connected by identity/wiring.py
(the webhook fan-out) decides who receives it. The SQL is in identity/events/store.py.
Keep data JSON-serialisable (timestamps as ISO strings).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import asyncpg

from identity.db.transactions import require_transaction
from identity.events import store
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

Event = dict[str, Any]
"""{id, type, tenant_id, created_at, data}, as a subscriber receives it."""


@dataclass(frozen=True)
class Subscriber:
    """Who receives events, connected once by identity/wiring.py (the webhook fan-out).

    targets_sql is a query over the just-inserted event `ev(tenant_id, type)` naming the
    receivers as rows (version, id); emit() runs it in the event's INSERT statement
    (identity/events/store.insert_sql), so an event costs one round trip whether or not anyone
    is subscribed. on_event is awaited after that statement, in the same transaction, with the
    target rows it found; on_events once per emit_many() with its events (one type)."""

    targets_sql: str
    on_event: Callable[[asyncpg.Connection, str, Event, list[asyncpg.Record]], Awaitable[None]]
    on_events: Callable[[asyncpg.Connection, str, list[Event]], Awaitable[None]]


# emit() runs inside a service's transaction with only a connection in hand, so the subscriber
# is held here for the process; connect() (called by the wiring, never at import) sets it.
_subscriber: Subscriber | None = None


def connect(subscriber: Subscriber) -> None:
    """Make `subscriber` receive every event from now on (identity/wiring.connect_events)."""
    global _subscriber
    _subscriber = subscriber


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
    conn: asyncpg.Connection,
    tenant_id: str,
    type_: str,
    data: dict[str, Any],
    *,
    ctes: str = "",
    columns: str = "",
    source: str = "",
    args: Sequence[Any] = (),
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
    subscriber = _subscriber
    sql = store.insert_sql(ctes, columns, source, len(args), subscriber.targets_sql if subscriber else None)
    rows = await store.insert_with(conn, sql, args, tenant_id, event_id, type_, payload)
    created_at = rows[0]["created_at_of_event"]
    targets = [r for r in rows if r.get("target_id") is not None]
    event: Event = {
        "id": event_id,
        "type": type_,
        "tenant_id": tenant_id,
        "created_at": _jsonable(created_at),
        "data": payload,
    }
    if subscriber is not None:
        await subscriber.on_event(conn, tenant_id, event, targets)
    return event_id, rows[0] if columns else None


async def emit_many(conn: asyncpg.Connection, tenant_id: str, type_: str, items: list[dict[str, Any]]) -> list[str]:
    """One event per item, all of one type, written in one statement (bulk operations)."""
    if type_ not in CATALOGUE:
        raise ValueError(f"unknown event type {type_!r}")
    if not items:
        return []
    require_transaction(conn, "an event")
    ids = [new_id("evt") for _ in items]
    payloads = [_jsonable(d) for d in items]
    rows = await store.insert_many(conn, tenant_id, type_, ids, payloads)
    created = {r["id"]: _jsonable(r["created_at"]) for r in rows}
    events = [
        {"id": i, "type": type_, "tenant_id": tenant_id, "created_at": created[i], "data": p}
        for i, p in zip(ids, payloads, strict=True)
    ]
    if _subscriber is not None:
        await _subscriber.on_events(conn, tenant_id, events)
    return ids
