"""emit(): record an event in the caller's transaction.

This is the one call every operation makes; the webhook machinery (issue D) decides who
receives it. Keep data JSON-serialisable (timestamps as ISO strings).
"""

from __future__ import annotations

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
#: (conn, tenant_id, event) where event is {id, type, tenant_id, created_at, data}.
#: The webhook package registers its fan-out here.
SUBSCRIBERS: list[Any] = []


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat().replace("+00:00", "Z")
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


async def emit(conn: asyncpg.Connection, tenant_id: str, type_: str, data: dict[str, Any]) -> str:
    if type_ not in CATALOGUE:
        raise ValueError(f"unknown event type {type_!r}")
    require_transaction(conn, "an event")
    event_id = new_id("evt")
    payload = _jsonable(data)
    created_at = await conn.fetchval(
        "INSERT INTO events (tenant_id, id, type, data) VALUES ($1, $2, $3, $4) RETURNING created_at",
        tenant_id, event_id, type_, payload,
    )
    event = {
        "id": event_id,
        "type": type_,
        "tenant_id": tenant_id,
        "created_at": _jsonable(created_at),
        "data": payload,
    }
    for subscriber in SUBSCRIBERS:
        await subscriber(conn, tenant_id, event)
    return event_id
