"""SQL for webhooks: v1 endpoints (tenant-owned), v2 admin webhooks (global), deliveries and
their attempts, and the procrastinate jobs that carry them. Tenant-owned statements filter on
tenant_id."""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar

import asyncpg

from identity import origin
from identity.db.keysets import Keyset, read_page
from identity.db.records import Record
from identity.db.statements import statement
from identity.delivery import store as machine
from identity.delivery.lifecycle import Lifecycle
from identity.webhooks.records import (
    AdminColumns,
    AdminRecord,
    ClaimRecord,
    DeliveryRecord,
    EndpointColumns,
    EndpointRecord,
    Target,
)

_R = TypeVar("_R", bound=Record)

QUEUE = "webhooks"
TASK = "workers.webhooks.deliver"
#: Finished deliveries (and their attempts) are kept this long, then purged.
RETENTION_DAYS = 30

# Whether a delivery's webhook takes attempts now (a paused one's deliveries are held).
_ACTIVE = """coalesce(
    (SELECT e.enabled FROM webhook_endpoints e WHERE e.tenant_id = r.tenant_id AND e.id = r.endpoint_id),
    (SELECT w.active FROM admin_webhooks w WHERE w.id = r.admin_webhook_id), false)"""

DELIVERIES = Lifecycle(
    table="webhook_deliveries",
    queue=QUEUE,
    task=TASK,
    job_key="delivery_id",
    waiting="pending",
    running="pending",
    finished=("delivered", "failed"),
    failed="failed",
    lease_column="leased_until",
    stamped="delivered_at",
    stamped_on=("delivered",),
    # Manual retry and replay: any delivery but one an attempt holds or that is already due;
    # attempts keeps counting, the schedule starts again from series_start.
    restartable="(r.status <> 'pending' OR (r.leased_until IS NULL AND r.next_attempt_at > now()))",
    restart_sets="series_start = r.attempts",
    active=_ACTIVE,
    retention_days=RETENTION_DAYS,
)

# -- jobs --------------------------------------------------------------------------------------


async def defer(
    conn: Any,
    rows: list[tuple[str, str]],
    at: datetime | None = None,
    waits: int = 0,
    ats: list[datetime | None] | None = None,
) -> None:
    """One deliver job per (tenant_id, delivery_id), due at `at` (now if None or past); waits:
    how many times the delivery found its webhook busy (workers/webhooks.py)."""
    await machine.defer(
        conn, DELIVERIES, rows, ats if ats is not None else [at] * len(rows), {"waits": waits} if waits else None
    )


# -- fan-out -----------------------------------------------------------------------------------

# The webhooks that receive an event of ev.type in tenant ev.tenant_id (ev: the event's row).
TARGETS_OF_EV = """
SELECT 1 AS version, e.id FROM webhook_endpoints e
 WHERE e.tenant_id = ev.tenant_id AND e.enabled AND e.events && ARRAY[ev.type, '*']::text[]
UNION ALL
SELECT 2, a.id FROM admin_webhooks a
 WHERE a.active AND (a.tenant_id IS NULL OR a.tenant_id = ev.tenant_id)
   AND a.events && ARRAY[ev.type, '*']::text[]
"""
# The same for a tenant and type given as $1 and $2.
_MATCHING = (
    f"SELECT t.version, t.id FROM (SELECT $1::text AS tenant_id, $2::text AS type) ev, LATERAL ({TARGETS_OF_EV}) t"
)


async def matching(conn: Any, tenant_id: str, type_: str) -> list[Target]:
    """The webhooks subscribed to events of `type_` in the tenant."""
    return Target.all(await conn.fetch(_MATCHING, tenant_id, type_))


async def role_of(conn: Any, tenant_id: str, user_id: Any) -> str | None:
    """The user's role, for version 2 payloads of user.* events (None for a non-id)."""
    if not isinstance(user_id, str):
        return None
    role: str | None = await conn.fetchval(
        "SELECT role FROM users WHERE tenant_id = $1 AND id = $2", tenant_id, user_id
    )
    return role


# Insert the deliveries and defer their jobs in one statement (one round trip in emit()).
_INSERT_AND_DEFER = f"""
WITH j AS (
    INSERT INTO webhook_deliveries (tenant_id, id, endpoint_id, admin_webhook_id, event_id,
                                    event_type, body, test, request_id, traceparent)
    SELECT $1, u.id, u.endpoint_id, u.admin_id, u.event_id, $3, u.body, $4, $9, $10
    FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $2::text[])
         AS u(id, endpoint_id, admin_id, body, event_id)
    RETURNING tenant_id, id
)
SELECT {machine.jobs(DELIVERIES)} FROM j
"""


async def insert_deliveries(
    conn: Any,
    tenant_id: str,
    event_id: str,
    event_type: str,
    items: list[tuple[str, str | None, str | None, str]],
    *,
    test: bool = False,
    with_jobs: bool = True,
) -> None:
    """items: (delivery_id, endpoint_id, admin_webhook_id, body)."""
    if with_jobs:
        await insert_event_deliveries(conn, tenant_id, event_type, [(event_id, *item) for item in items], test=test)
        return
    await conn.execute(
        """INSERT INTO webhook_deliveries (tenant_id, id, endpoint_id, admin_webhook_id, event_id,
                                           event_type, body, test, request_id, traceparent)
           SELECT $1, u.id, u.endpoint_id, u.admin_id, $2, $3, u.body, $4, $9, $10
           FROM unnest($5::text[], $6::text[], $7::text[], $8::text[])
                AS u(id, endpoint_id, admin_id, body)""",
        tenant_id,
        event_id,
        event_type,
        test,
        [i[0] for i in items],
        [i[1] for i in items],
        [i[2] for i in items],
        [i[3] for i in items],
        origin.request_id(),
        origin.traceparent(),
    )


async def insert_event_deliveries(
    conn: Any,
    tenant_id: str,
    event_type: str,
    items: list[tuple[str, str, str | None, str | None, str]],
    *,
    test: bool = False,
) -> None:
    """Deliveries of one or many events of a type, and their jobs, in one statement.
    items: (event_id, delivery_id, endpoint_id, admin_webhook_id, body)."""
    await conn.execute(
        _INSERT_AND_DEFER,
        tenant_id,
        [i[0] for i in items],
        event_type,
        test,
        [i[1] for i in items],
        [i[2] for i in items],
        [i[3] for i in items],
        [i[4] for i in items],
        origin.request_id(),
        origin.traceparent(),
    )


# -- v1 endpoints ------------------------------------------------------------------------------


_ENDPOINT_COLUMNS = """e.id, e.url, e.description, e.events, e.enabled, e.created_at, e.updated_at,
    (SELECT d.created_at FROM webhook_deliveries d
      WHERE d.tenant_id = e.tenant_id AND d.endpoint_id = e.id
      ORDER BY d.id DESC LIMIT 1) AS last_triggered_at"""


async def insert_endpoint(
    conn: Any,
    tenant_id: str,
    endpoint_id: str,
    url: str,
    description: str,
    events: list[str],
    enabled: bool,
    sealed: str,
) -> EndpointRecord:
    await conn.execute(
        """INSERT INTO webhook_endpoints (tenant_id, id, url, description, events, enabled, secret)
           VALUES ($1, $2, $3, $4, $5, $6, $7)""",
        tenant_id,
        endpoint_id,
        url,
        description,
        events,
        enabled,
        sealed,
    )
    return _inserted(await get_endpoint(conn, tenant_id, endpoint_id))


def _inserted(record: _R | None) -> _R:
    assert record is not None, "read in the transaction that inserted it"
    return record


async def get_endpoint(
    conn: Any, tenant_id: str, endpoint_id: str, *, for_update: bool = False
) -> EndpointRecord | None:
    # FOR UPDATE locks the endpoint's row only (not the deliveries the subquery reads).
    lock = " FOR UPDATE OF e" if for_update else ""
    row = await conn.fetchrow(
        f"""SELECT {_ENDPOINT_COLUMNS} FROM webhook_endpoints e
            WHERE e.tenant_id = $1 AND e.id = $2{lock}""",
        tenant_id,
        endpoint_id,
    )
    return EndpointRecord.maybe(row)


async def list_endpoints(conn: Any, tenant_id: str, page: Keyset) -> tuple[list[EndpointRecord], int]:
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT {_ENDPOINT_COLUMNS} FROM webhook_endpoints e",
        count="SELECT count(*) FROM webhook_endpoints e",
        where="e.tenant_id = $1",
        args=(tenant_id,),
        id_column="e.id",
    )
    return EndpointRecord.all(rows), total


async def update_endpoint(conn: Any, tenant_id: str, endpoint_id: str, changes: EndpointColumns) -> None:
    sets = ", ".join(f"{col} = ${i}" for i, col in enumerate(changes, start=3))
    await conn.execute(
        f"UPDATE webhook_endpoints SET {sets}, updated_at = now() WHERE tenant_id = $1 AND id = $2",
        tenant_id,
        endpoint_id,
        *changes.values(),
    )


async def delete_endpoint(conn: Any, tenant_id: str, endpoint_id: str) -> bool:
    return bool(
        await conn.fetchval(
            "DELETE FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2 RETURNING 1",
            tenant_id,
            endpoint_id,
        )
    )


# -- v2 admin webhooks -------------------------------------------------------------------------

_ADMIN_COLUMNS = """a.id, a.tenant_id, a.url, a.events, a.active, a.created_at, a.updated_at,
    (SELECT d.created_at FROM webhook_deliveries d WHERE d.admin_webhook_id = a.id
      ORDER BY d.id DESC LIMIT 1) AS last_triggered_at"""


async def insert_admin(
    conn: Any, webhook_id: str, tenant_id: str | None, url: str, events: list[str], sealed: str
) -> AdminRecord:
    await conn.execute(
        """INSERT INTO admin_webhooks (id, tenant_id, url, events, secret)
           VALUES ($1, $2, $3, $4, $5)""",
        webhook_id,
        tenant_id,
        url,
        events,
        sealed,
    )
    return _inserted(await get_admin(conn, webhook_id))


async def tenant_exists(conn: Any, tenant_id: str) -> bool:
    """An admin webhook may name a tenant: it must exist (read here, not through identity/tenants/,
    which the events this package serves depend on)."""
    return bool(await conn.fetchval("SELECT 1 FROM tenants WHERE id = $1", tenant_id))


async def lock_admin(conn: Any, webhook_id: str) -> AdminRecord | None:
    """The admin webhook's row, locked for an update in the caller's transaction."""
    return await get_admin(conn, webhook_id, for_update=True)


async def admin_tenant(conn: Any, webhook_id: str) -> str | None:
    tenant_id: str | None = await conn.fetchval("SELECT tenant_id FROM admin_webhooks WHERE id = $1", webhook_id)
    return tenant_id


async def get_admin(conn: Any, webhook_id: str, *, for_update: bool = False) -> AdminRecord | None:
    lock = " FOR UPDATE OF a" if for_update else ""
    row = await conn.fetchrow(f"SELECT {_ADMIN_COLUMNS} FROM admin_webhooks a WHERE a.id = $1{lock}", webhook_id)
    return AdminRecord.maybe(row)


async def list_admin(conn: Any, tenant_id: str | None, page: Keyset) -> tuple[list[AdminRecord], int]:
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT {_ADMIN_COLUMNS} FROM admin_webhooks a",
        count="SELECT count(*) FROM admin_webhooks a",
        where="($1::text IS NULL OR a.tenant_id = $1)",
        args=(tenant_id,),
        id_column="a.id",
    )
    return AdminRecord.all(rows), total


async def update_admin(conn: Any, webhook_id: str, changes: AdminColumns) -> bool:
    sets = ", ".join(f"{col} = ${i}" for i, col in enumerate(changes, start=2))
    return bool(
        await conn.fetchval(
            f"UPDATE admin_webhooks SET {sets}, updated_at = now() WHERE id = $1 RETURNING 1",
            webhook_id,
            *changes.values(),
        )
    )


async def delete_admin(conn: Any, webhook_id: str) -> bool:
    return bool(await conn.fetchval("DELETE FROM admin_webhooks WHERE id = $1 RETURNING 1", webhook_id))


# -- deliveries --------------------------------------------------------------------------------

DELIVERY_COLUMNS = """d.tenant_id, d.id, coalesce(d.endpoint_id, d.admin_webhook_id) AS webhook_id,
    d.event_id, d.event_type, d.status, d.http_status, d.duration_ms, d.attempts, d.last_error,
    d.next_attempt_at, d.test, d.created_at, d.updated_at, d.delivered_at"""


async def list_deliveries(
    conn: Any,
    page: Keyset,
    *,
    tenant_id: str | None,
    endpoint_id: str | None,
    admin_webhook_id: str | None,
    status: str | None,
) -> tuple[list[DeliveryRecord], int]:
    if endpoint_id is not None:
        where = "d.tenant_id = $1 AND d.endpoint_id = $2"
        key: Any = [tenant_id, endpoint_id]
    else:
        where = "d.admin_webhook_id = $2 AND ($1::text IS NULL OR d.tenant_id = $1)"
        key = [tenant_id, admin_webhook_id]
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT {DELIVERY_COLUMNS} FROM webhook_deliveries d",
        count="SELECT count(*) FROM webhook_deliveries d",
        where=f"{where} AND ($3::text IS NULL OR d.status = $3)",
        args=(*key, status),
        id_column="d.id",
    )
    return DeliveryRecord.all(rows), total


async def get_delivery(conn: Any, tenant_id: str | None, delivery_id: str) -> DeliveryRecord | None:
    row = await conn.fetchrow(
        f"""SELECT {DELIVERY_COLUMNS}, d.endpoint_id, d.admin_webhook_id
            FROM webhook_deliveries d
            WHERE ($1::text IS NULL OR d.tenant_id = $1) AND d.id = $2""",
        tenant_id,
        delivery_id,
    )
    return DeliveryRecord.maybe(row)


async def attempts_of(conn: Any, tenant_id: str, delivery_id: str) -> list[asyncpg.Record]:
    rows: list[asyncpg.Record] = await conn.fetch(
        """SELECT attempt, outcome, http_status, duration_ms, error, started_at, finished_at
           FROM webhook_attempts WHERE tenant_id = $1 AND delivery_id = $2 ORDER BY attempt""",
        tenant_id,
        delivery_id,
    )
    return rows


async def restart(conn: Any, tenant_id: str, delivery_ids: list[str]) -> list[str]:
    """A new attempt series now (manual retry, replay) for each of the deliveries: pending,
    schedule position reset, its job deferred, in one statement. A delivery an attempt holds,
    or already waiting for a due attempt, is left as it is (not in the ids returned)."""
    return await machine.restart(conn, DELIVERIES, tenant_id, delivery_ids)


# The operator's retry: the named deliveries of a tenant and, with $3, its failed ones (of
# webhook $4 when given, the newest $5); `found` and `webhooks` list every delivery chosen, by
# id, with its endpoint (NULL for an admin webhook's).
_RESTART_CHOSEN = machine.restart_sql(
    DELIVERIES,
    """SELECT tenant_id, id, endpoint_id FROM webhook_deliveries
        WHERE tenant_id = $1 AND id = ANY($2::text[])
       UNION
       (SELECT tenant_id, id, endpoint_id FROM webhook_deliveries
         WHERE $3 AND tenant_id = $1 AND status = 'failed'
           AND ($4::text IS NULL OR coalesce(endpoint_id, admin_webhook_id) = $4)
         ORDER BY id DESC LIMIT $5)""",
    also=""", (SELECT array_agg(c.id ORDER BY c.id) FROM c) AS found,
              (SELECT array_agg(c.endpoint_id ORDER BY c.id) FROM c) AS webhooks""",
)


async def restart_chosen(
    conn: Any, tenant_id: str, delivery_ids: list[str], *, all_failed: bool, webhook_id: str | None, limit: int
) -> list[tuple[str, str | None]]:
    """Restart (as restart() does) the named deliveries of the tenant and, with all_failed, its
    failed ones, in one statement; returns every delivery found, as (id, endpoint_id)."""
    row = await conn.fetchrow(_RESTART_CHOSEN, tenant_id, delivery_ids, all_failed, webhook_id, limit)
    return list(zip(row["found"] or [], row["webhooks"] or [], strict=True))


async def requeue_endpoint(
    conn: Any, tenant_id: str | None, endpoint_id: str | None, admin_webhook_id: str | None
) -> int:
    """After a webhook is resumed: a job for each of its held pending deliveries, due when
    the delivery is."""
    rows = await conn.fetch(
        """SELECT tenant_id, id, next_attempt_at FROM webhook_deliveries
           WHERE status = 'pending' AND leased_until IS NULL
             AND (($2::text IS NOT NULL AND tenant_id = $1 AND endpoint_id = $2)
                  OR ($3::text IS NOT NULL AND admin_webhook_id = $3))""",
        tenant_id,
        endpoint_id,
        admin_webhook_id,
    )
    await defer(conn, [(r["tenant_id"], r["id"]) for r in rows], ats=[r["next_attempt_at"] for r in rows])
    return len(rows)


# -- attempts (the worker) ---------------------------------------------------------------------

# The claim of the state machine, plus (unless $5, the test operation) the webhook's pause and
# its cap of $4 attempts in flight; the attempt is recorded as in flight, and one its worker
# left in flight is recorded as lost.
_CAPPED = f"""($5 OR {_ACTIVE})
   AND ($5 OR (SELECT count(*) FROM webhook_deliveries o
               WHERE o.tenant_id = $1 AND o.leased_until > now() AND o.status = 'pending'
                 AND (o.endpoint_id = r.endpoint_id OR o.admin_webhook_id = r.admin_webhook_id)
                 AND o.id <> $2) < $4)"""
_CLAIM = f"""
WITH d AS (
{machine.claim_sql(DELIVERIES, condition=_CAPPED)}
), lost AS (
    UPDATE webhook_attempts a SET outcome = 'lost', finished_at = now(),
           error = 'the worker stopped during the attempt (no outcome recorded)'
      FROM d
     WHERE a.tenant_id = d.tenant_id AND a.delivery_id = d.id AND a.outcome = 'in_flight'
), started AS (
    INSERT INTO webhook_attempts (tenant_id, delivery_id, attempt)
    SELECT tenant_id, id, attempts FROM d
)
SELECT d.tenant_id, d.id, d.endpoint_id, d.admin_webhook_id, d.event_id, d.event_type, d.body,
       d.test, d.attempts, d.series_start, d.created_at, d.request_id, d.traceparent,
       coalesce(e.url, w.url) AS url, coalesce(e.secret, w.secret) AS secret
FROM d
LEFT JOIN webhook_endpoints e ON e.tenant_id = d.tenant_id AND e.id = d.endpoint_id
LEFT JOIN admin_webhooks w ON w.id = d.admin_webhook_id
"""


#: Claims of one webhook take turns under this lock (the two-key form, its own key space).
_CLAIM_LOCK_CLASS = 0x77_68_6B  # "whk"
_LOCK_WEBHOOK = f"""
SELECT pg_advisory_xact_lock({_CLAIM_LOCK_CLASS}, hashtext(coalesce(endpoint_id, admin_webhook_id)))
  FROM webhook_deliveries WHERE tenant_id = $1 AND id = $2
"""


async def claim(
    conn: Any, tenant_id: str, delivery_id: str, lease: float, max_in_flight: int, force: bool = False
) -> ClaimRecord | None:
    """Take a due pending delivery for one attempt (records the attempt as in flight), or None
    when it is not due, finished, held by another worker, its webhook is paused, or its
    webhook already has max_in_flight attempts running. force (the test operation) ignores
    the pause and the cap."""
    if force:
        return ClaimRecord.maybe(await conn.fetchrow(_CLAIM, tenant_id, delivery_id, lease, max_in_flight, force))
    # The cap counts the webhook's other leases. Two claims counting at once would each miss the
    # other's uncommitted lease and both take the last place, so claims of one webhook hold a
    # lock to their commit, and the count runs after it in a statement of its own, whose
    # snapshot sees every claim that held the lock before.
    async with conn.transaction():
        await conn.execute(_LOCK_WEBHOOK, tenant_id, delivery_id)
        return ClaimRecord.maybe(await conn.fetchrow(_CLAIM, tenant_id, delivery_id, lease, max_in_flight, force))


async def finish(
    conn: asyncpg.Connection,
    row: ClaimRecord,
    *,
    delivered: bool,
    http_status: int | None,
    duration_ms: int,
    error: str | None,
    retry_delay: float | None,
) -> str | None:
    """Record the attempt's outcome; returns the delivery's new status ('delivered', 'failed',
    'pending' with a job deferred for the retry), or None if the lease was lost meanwhile."""
    tenant_id, delivery_id, attempt = row.tenant_id, row.id, row.attempts
    if delivered:
        status, delay = "delivered", None
    elif retry_delay is None:
        status, delay = "failed", None
    else:
        status, delay = "pending", retry_delay
    async with conn.transaction():
        next_at = await machine.finish(
            conn,
            DELIVERIES,
            tenant_id,
            delivery_id,
            attempt,
            status,
            error,
            delay,
            {"http_status": http_status, "duration_ms": duration_ms},
        )
        if next_at is None:
            return None
        await conn.execute(
            """UPDATE webhook_attempts SET outcome = $4, http_status = $5, duration_ms = $6,
                      error = $7, finished_at = now()
                WHERE tenant_id = $1 AND delivery_id = $2 AND attempt = $3""",
            tenant_id,
            delivery_id,
            attempt,
            "delivered" if delivered else "failed",
            http_status,
            duration_ms,
            machine.clip(error),
        )
    return status


async def blocked_reason(conn: Any, tenant_id: str, delivery_id: str) -> str:
    """Why a claim failed: 'gone', 'finished', 'leased', 'not_due', 'paused' or 'busy'."""
    row = await conn.fetchrow(
        """SELECT d.status, d.leased_until > now() AS leased, d.next_attempt_at > now() AS later,
                  coalesce(e.enabled, w.active, false) AS active
           FROM webhook_deliveries d
           LEFT JOIN webhook_endpoints e ON e.tenant_id = d.tenant_id AND e.id = d.endpoint_id
           LEFT JOIN admin_webhooks w ON w.id = d.admin_webhook_id
           WHERE d.tenant_id = $1 AND d.id = $2""",
        tenant_id,
        delivery_id,
    )
    if row is None:
        return "gone"
    if row["status"] != "pending":
        return "finished"
    if row["leased"]:
        return "leased"
    if row["later"]:
        return "not_due"
    if not row["active"]:
        return "paused"
    return "busy"


async def sweep(conn: asyncpg.Connection, grace: float) -> int:
    """A job again for pending deliveries of active webhooks whose job was lost or whose worker
    died mid-attempt (lease expired); deliveries of paused webhooks stay held."""
    return await machine.sweep(conn, DELIVERIES, grace)


async def purge(conn: Any) -> int:
    """Finished deliveries (and their attempts) older than RETENTION_DAYS."""
    return await machine.purge(conn, DELIVERIES)


# -- operator views (identity/console) ---------------------------------------------------------


async def search_deliveries(
    conn: Any,
    *,
    tenant_id: str,
    webhook_id: str | None,
    status: str | None,
    event_type: str | None,
    limit: int,
) -> list[DeliveryRecord]:
    """A tenant's deliveries, newest first, to tenant and admin webhooks alike, filtered by
    webhook, status and event type (`identity webhooks deliveries`)."""
    rows = await conn.fetch(
        f"""SELECT {DELIVERY_COLUMNS} FROM webhook_deliveries d
            WHERE d.tenant_id = $1
              AND ($2::text IS NULL OR coalesce(d.endpoint_id, d.admin_webhook_id) = $2)
              AND ($3::text IS NULL OR d.status = $3)
              AND ($4::text IS NULL OR d.event_type = $4)
            ORDER BY d.id DESC LIMIT $5""",
        tenant_id,
        webhook_id,
        status,
        event_type,
        limit,
    )
    return DeliveryRecord.all(rows)


async def backlog(conn: Any) -> asyncpg.Record:
    """Pending deliveries of every tenant. Those of a paused webhook are held by the tenant's
    choice and only counted (`paused`); of the others: how many, how many are due now, how many
    webhooks they wait for, and the age of the oldest. A delivery's age runs from the start of
    its current series of attempts (its first attempt, or when it became due), so a manual
    retry or replay of an old delivery does not look like a backlog of that age."""
    return await conn.fetchrow(statement("webhooks", "backlog"))
