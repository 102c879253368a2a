"""The outbox table and the procrastinate jobs that drain it.

Each outbox row gets a procrastinate job deferred through procrastinate's own SQL function
on the same connection, so the row and its job commit (or roll back) with the change.

The rows move through the state machine of identity/delivery (docs/outbox.md), described by
OUTBOX: queued --claim--> processing --> sent | queued (retry) | failed | abandoned. While
'processing', next_attempt_at is the lease expiry: if the worker dies, the row may be claimed
again after it. attempts is counted by the claim, before the handler runs, and the finishing
UPDATE is fenced on it so a worker that lost its lease cannot overwrite a newer one.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

from identity import origin
from identity.db.transactions import require_transaction
from identity.delivery import store as machine
from identity.delivery.lifecycle import Lifecycle
from identity.http.types import JsonObject
from identity.ids import new_id

QUEUE = "outbox"
TASK = "workers.tasks.process_outbox"

OUTBOX = Lifecycle(
    table="outbox",
    queue=QUEUE,
    task=TASK,
    job_key="outbox_id",
    waiting="queued",
    running="processing",
    finished=("sent", "failed", "abandoned"),
    failed="failed",
    lease_column="next_attempt_at",
    stamped="processed_at",
    stamped_on=("sent", "failed", "abandoned"),
    # An operator's retry: a failed or abandoned row gets a fresh set of attempts.
    restartable="r.status IN ('failed', 'abandoned')",
    restart_sets="attempts = 0, processed_at = NULL",
)


async def enqueue(conn: asyncpg.Connection, tenant_id: str, topic: str, payload: JsonObject) -> str:
    """Write one outbox row and its job; returns the row id. Call inside a transaction."""
    ids = await enqueue_many(conn, tenant_id, [(topic, payload)])
    return ids[0]


# The rows and their jobs in one statement (one round trip for every enqueue).
_INSERT_AND_DEFER = f"""WITH j AS (
    INSERT INTO outbox (tenant_id, id, topic, payload, request_id, traceparent)
    SELECT $1, u.id, u.topic, u.payload, $5, $6
    FROM unnest($2::text[], $3::text[], $4::jsonb[]) AS u(id, topic, payload)
    RETURNING tenant_id, id)
SELECT {machine.jobs(OUTBOX)} FROM j"""


async def enqueue_many(conn: asyncpg.Connection, tenant_id: str, items: list[tuple[str, JsonObject]]) -> list[str]:
    if not items:
        return []
    require_transaction(conn, "an outbox row")
    ids = [new_id("obx") for _ in items]
    # The request that queues the rows (identity/origin.py), for the worker's logs and trace.
    await conn.execute(
        _INSERT_AND_DEFER,
        tenant_id,
        ids,
        [t for t, _ in items],
        [p for _, p in items],
        origin.request_id(),
        origin.traceparent(),
    )
    return ids


async def defer_jobs(conn: Any, rows: list[tuple[str, str]], at: datetime | None = None) -> None:
    """Defer one process_outbox job per (tenant_id, outbox_id), to run at `at` (now if None)."""
    await machine.defer(conn, OUTBOX, rows, [at] * len(rows))


_CLAIM = machine.claim_sql(
    OUTBOX, returning="tenant_id, id, topic, payload, attempts, created_at, request_id, traceparent"
)


async def claim(conn: Any, tenant_id: str, outbox_id: str, lease: float) -> asyncpg.Record | None:
    """Take a due row for one attempt, or None when it is not due, finished or held by another
    worker."""
    return await conn.fetchrow(_CLAIM, tenant_id, outbox_id, lease)


async def mark_sent(conn: Any, tenant_id: str, outbox_id: str, attempts: int) -> bool:
    return await machine.finish(conn, OUTBOX, tenant_id, outbox_id, attempts, "sent") is not None


async def mark_final(conn: Any, tenant_id: str, outbox_id: str, attempts: int, status: str, error: str) -> bool:
    """'failed' (attempts exhausted) or 'abandoned' (retrying cannot help)."""
    assert status in ("failed", "abandoned")
    done = await machine.finish(conn, OUTBOX, tenant_id, outbox_id, attempts, status, error)
    return done is not None


async def schedule_retry(
    conn: asyncpg.Connection,
    tenant_id: str,
    outbox_id: str,
    attempts: int,
    delay: float,
    error: str,
) -> datetime | None:
    """Back to 'queued' with next_attempt_at = now + delay, and a job scheduled for then, in one
    transaction. Returns the time of the next attempt (None if the lease was lost)."""
    return await machine.finish(conn, OUTBOX, tenant_id, outbox_id, attempts, "queued", error, delay)


async def requeue(conn: asyncpg.Connection, tenant_id: str, outbox_id: str) -> bool:
    """Operator retry of a failed or abandoned row: a fresh set of attempts, now."""
    return bool(await machine.restart(conn, OUTBOX, tenant_id, [outbox_id]))


async def sweep(conn: asyncpg.Connection, grace: float) -> int:
    """Re-defer jobs for rows that should have been attempted `grace` seconds ago and have no
    job that will take them: rows whose job died with its worker (lease expired), or whose job
    was lost."""
    return await machine.sweep(conn, OUTBOX, grace)


async def get(conn: Any, tenant_id: str, outbox_id: str) -> asyncpg.Record | None:
    return await conn.fetchrow("SELECT * FROM outbox WHERE tenant_id = $1 AND id = $2", tenant_id, outbox_id)


async def list_rows(
    conn: Any,
    *,
    tenant_id: str | None = None,
    topic: str | None = None,
    status: str | None = None,
    limit: int = 50,
) -> list[asyncpg.Record]:
    """Newest first, for operators (the CLI); not tenant-scoped when tenant_id is None."""
    rows: list[asyncpg.Record] = await conn.fetch(
        """SELECT tenant_id, id, topic, status, attempts, last_error, next_attempt_at,
                  created_at, updated_at, processed_at, payload, request_id
           FROM outbox
           WHERE ($1::text IS NULL OR tenant_id = $1) AND ($2::text IS NULL OR topic = $2)
             AND ($3::text IS NULL OR status = $3)
           ORDER BY created_at DESC, id DESC LIMIT $4""",
        tenant_id,
        topic,
        status,
        limit,
    )
    return rows


async def depth(conn: Any) -> list[asyncpg.Record]:
    """Rows waiting or stuck, by topic and status (sent and abandoned rows are not counted),
    with the age of the oldest one due."""
    rows: list[asyncpg.Record] = await conn.fetch(
        """SELECT topic, status, count(*) AS n,
                  COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at)
                           FILTER (WHERE status = 'queued' AND next_attempt_at <= now())), 0)
                      AS oldest_due
           FROM outbox WHERE status IN ('queued', 'processing', 'failed')
           GROUP BY topic, status"""
    )
    return rows
