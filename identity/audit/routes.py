"""GET /v1/admin/audit-logs (secret key with audit-logs:read): the tenant's audit log, newest
first, filtered by actor, action, resource and time; {data, next_cursor}."""

from __future__ import annotations

import msgspec

from identity.audit import store
from identity.audit.schemas import Actor, AuditEntry, AuditLogPage, ListAuditLogs, Resource
from identity.audit.store import EntryRecord
from identity.http.errors import ValidationFailed
from identity.http.instants import parse_instant
from identity.http.pagination import cut, decode_cursor
from identity.http.routing import Ctx, HandlerResult, Router
from identity.principals import SECRET

router = Router()


def present(row: EntryRecord) -> AuditEntry:
    return AuditEntry(
        id=row.id,
        action=row.action,
        actor=msgspec.convert({"email": None, **row.actor}, Actor),
        resource=Resource(type=row.resource_type, id=row.resource_id) if row.resource_type else None,
        ip_address=row.ip_address,
        user_agent=row.user_agent,
        metadata=row.metadata,
        created_at=row.created_at,
    )


@router.get(
    "/v1/admin/audit-logs",
    query=ListAuditLogs,
    response=AuditLogPage,
    auth=(SECRET,),
    scope="audit-logs:read",
    tag="Admin",
    summary="The audit log, newest first: filter by actor_id, action, resource_type, from, to",
)
async def list_audit_logs(ctx: Ctx) -> HandlerResult:
    """Reads the tenant's audit log, newest first (`order=asc` for oldest first): who did what to which
    resource, from which address, with details. Filter by `actor_id`, `action`, `resource_type`,
    `resource_id` and an inclusive `from` / `to` time range (ISO 8601; UTC without an offset). Called
    with a **secret key** holding the `audit-logs:read` scope. Cursor pagination: up to `limit` entries
    (500 at most) and `next_cursor` to pass as `cursor`. Changes nothing."""
    q = ctx.query
    since = parse_instant("from", q.from_)
    until = parse_instant("to", q.to, end_of_day=True)
    if since is not None and until is not None and since > until:
        raise ValidationFailed("from", "must not be after to")
    cursor = decode_cursor(q.cursor)
    if cursor is not None and not cursor[0].startswith("aud_"):
        raise ValidationFailed("cursor", "is not a cursor this service issued")
    rows = await store.list_page(
        ctx.pool,
        ctx.tenant_id,
        actor_id=q.actor_id,
        action=q.action,
        resource_type=q.resource_type,
        resource_id=q.resource_id,
        since=since,
        until=until,
        after=cursor[0] if cursor else None,
        limit=q.limit,
        ascending=q.order == "asc",
    )
    entries, next_cursor = cut(rows, q.limit)
    return AuditLogPage(data=[present(r) for r in entries], next_cursor=next_cursor)
