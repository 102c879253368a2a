"""Writes audit entries; call inside the transaction of the change they record."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

from identity.db.records import Record
from identity.db.transactions import require_transaction
from identity.http.pagination import keyset
from identity.ids import floor_id, new_id


class EntryRecord(Record, frozen=True):
    """An audit entry as list_page reads it."""

    id: str
    action: str
    actor: dict[str, Any]
    resource_type: str | None
    resource_id: str | None
    ip_address: str | None
    user_agent: str | None
    metadata: dict[str, Any]
    created_at: datetime


async def record(
    conn: asyncpg.Connection,
    *,
    tenant_id: str,
    action: str,
    actor: dict[str, Any],
    resource_type: str | None = None,
    resource_id: str | None = None,
    ip_address: str | None = None,
    user_agent: str | None = None,
    metadata: dict[str, Any] | None = None,
) -> str:
    require_transaction(conn, "an audit entry")
    audit_id = new_id("aud")
    await conn.execute(
        """INSERT INTO audit_log (tenant_id, id, action, actor, resource_type, resource_id,
                                  ip_address, user_agent, metadata)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)""",
        tenant_id,
        audit_id,
        action,
        actor,
        resource_type,
        resource_id,
        ip_address,
        user_agent,
        metadata or {},
    )
    return audit_id


async def record_many(
    conn: asyncpg.Connection,
    *,
    tenant_id: str,
    action: str,
    actor: dict[str, Any],
    resource_type: str,
    resource_ids: list[str],
    ip_address: str | None = None,
    user_agent: str | None = None,
    metadata: dict[str, Any] | None = None,
    metadata_each: list[dict[str, Any]] | None = None,
) -> list[str]:
    """One entry per resource, in one statement (bulk operations). `metadata_each`, when given,
    is each entry's own metadata (one per resource id), instead of the shared `metadata`."""
    require_transaction(conn, "an audit entry")
    ids = [new_id("aud") for _ in resource_ids]
    each = metadata_each if metadata_each is not None else [metadata or {}] * len(resource_ids)
    assert len(each) == len(resource_ids)
    await conn.execute(
        """INSERT INTO audit_log (tenant_id, id, action, actor, resource_type, resource_id,
                                  ip_address, user_agent, metadata)
           SELECT $1, a.id, $3, $4, $5, a.resource_id, $6, $7, a.metadata
           FROM unnest($2::text[], $8::text[], $9::jsonb[]) AS a (id, resource_id, metadata)""",
        tenant_id,
        ids,
        action,
        actor,
        resource_type,
        ip_address,
        user_agent,
        resource_ids,
        each,
    )
    return ids


#: Identifiers are made in the service process and created_at in Postgres; a time range is also
#: bounded on id (for the index) with this much room for the two clocks to disagree.
CLOCK_SKEW_MS = 5 * 60 * 1000


async def list_page(
    conn: Any,
    tenant_id: str,
    *,
    actor_id: str | None,
    action: str | None,
    resource_type: str | None,
    resource_id: str | None,
    since: datetime | None,
    until: datetime | None,
    after: str | None,
    limit: int,
    ascending: bool,
) -> list[EntryRecord]:
    """Up to limit+1 entries, newest first (or oldest first), strictly after the cursor id. Only
    the filters given are in the statement, so each one reaches its index."""
    args: list[Any] = [tenant_id]
    where = ["tenant_id = $1"]
    op, order = keyset(ascending)

    def add(clause: str, value: Any) -> None:
        args.append(value)
        where.append(clause.format(f"${len(args)}"))

    if actor_id is not None:
        add("(actor ->> 'id') = {}", actor_id)
    if action is not None:
        add("action = {}", action)
    if resource_type is not None:
        add("resource_type = {}", resource_type)
    if resource_id is not None:
        add("resource_id = {}", resource_id)
    if since is not None:
        add("created_at >= {}", since)
        add("id >= {}", floor_id("aud", int(since.timestamp() * 1000) - CLOCK_SKEW_MS))
    if until is not None:
        add("created_at <= {}", until)
        add("id < {}", floor_id("aud", int(until.timestamp() * 1000) + CLOCK_SKEW_MS))
    if after is not None:
        add(f"id {op} {{}}", after)
    args.append(limit + 1)
    rows = await conn.fetch(
        f"""SELECT id, action, actor, resource_type, resource_id, ip_address, user_agent, metadata,
                   created_at
            FROM audit_log WHERE {" AND ".join(where)} ORDER BY id {order} LIMIT ${len(args)}""",
        *args,
    )
    return EntryRecord.all(rows)
