"""The outbox table and the procrastinate jobs that drain it.

Each outbox row gets a procrastinate job deferred through procrastinate's own SQL function
on the same connection, so the row and its job commit (or roll back) with the change.

State machine (docs/outbox.md):
  queued --claim--> processing --ok--> sent
                        |--transient error, attempts left--> queued (next_attempt_at = backoff)
                        |--transient error, none left------> failed
                        '--permanent error / no handler----> abandoned
  While 'processing', next_attempt_at is the lease expiry: if the worker dies, the row may be
  claimed again after it. attempts is counted by the claim, before the handler runs, and the
  finishing UPDATE is fenced on it so a worker that lost its lease cannot overwrite a newer one.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

from identity import origin
from identity.db.transactions import require_transaction
from identity.ids import new_id

QUEUE = "outbox"
TASK = "workers.tasks.process_outbox"
ERROR_MAX_CHARS = 1000

# One process_outbox job per row j (tenant_id, id) of `rows`, to run at `at`; $1 and $2 are
# QUEUE and TASK.
_JOBS = """SELECT procrastinate_defer_jobs_v1(array_agg(
               ROW($1, $2, 0, NULL, NULL,
                   jsonb_build_object('tenant_id', j.tenant_id, 'outbox_id', j.id), {at}
               )::procrastinate_job_to_defer_v1))
           FROM {rows}"""

_DEFER = _JOBS.format(at="$3", rows="unnest($4::text[], $5::text[]) AS j(tenant_id, id)")


async def enqueue(
    conn: asyncpg.Connection, tenant_id: str, topic: str, payload: dict[str, Any]
) -> str:
    """Write one outbox row and its job; returns the row id. Call inside a transaction."""
    ids = await enqueue_many(conn, tenant_id, [(topic, payload)])
    return ids[0]


# The rows and their jobs in one statement (one round trip for every enqueue).
_INSERT_AND_DEFER = """WITH o AS (
    INSERT INTO outbox (tenant_id, id, topic, payload, request_id, traceparent)
    SELECT $3, u.id, u.topic, u.payload, $7, $8
    FROM unnest($4::text[], $5::text[], $6::jsonb[]) AS u(id, topic, payload)
    RETURNING tenant_id, id)
""" + _JOBS.format(at="NULL", rows="o AS j")


async def enqueue_many(
    conn: asyncpg.Connection, tenant_id: str, items: list[tuple[str, dict[str, Any]]]
) -> list[str]:
    if not items:
        return []
    require_transaction(conn, "an outbox row")
    ids = [new_id("obx") for _ in items]
    # The request that queues the rows (identity/origin.py), for the worker's logs and trace.
    await conn.execute(
        _INSERT_AND_DEFER, QUEUE, TASK, tenant_id, ids, [t for t, _ in items], [p for _, p in items],
        origin.request_id(), origin.traceparent(),
    )
    return ids


async def defer_jobs(
    conn: Any, rows: list[tuple[str, str]], at: datetime | None = None
) -> None:
    """Defer one process_outbox job per (tenant_id, outbox_id), to run at `at` (now if None).
    procrastinate's insert trigger NOTIFYs idle workers when the transaction commits."""
    if not rows:
        return
    await conn.execute(
        _DEFER, QUEUE, TASK, at, [t for t, _ in rows], [i for _, i in rows]
    )


def clip(error: str) -> str:
    return error if len(error) <= ERROR_MAX_CHARS else error[: ERROR_MAX_CHARS - 1] + "…"


async def claim(conn: Any, tenant_id: str, outbox_id: str, lease: float) -> asyncpg.Record | None:
    """Take a due row for one attempt, or None when it is not due, finished or held by another
    worker. SKIP LOCKED keeps two workers from waiting on each other; the status and
    next_attempt_at conditions, re-checked after the lock, keep them from both winning."""
    return await conn.fetchrow(
        """UPDATE outbox SET status = 'processing', attempts = attempts + 1, updated_at = now(),
                  next_attempt_at = now() + make_interval(secs => $3)
           WHERE tenant_id = $1 AND id = $2
             AND status IN ('queued', 'processing') AND next_attempt_at <= now()
             AND id IN (SELECT id FROM outbox WHERE tenant_id = $1 AND id = $2
                        FOR UPDATE SKIP LOCKED)
           RETURNING tenant_id, id, topic, payload, attempts, created_at, request_id, traceparent""",
        tenant_id, outbox_id, lease,
    )


async def mark_sent(conn: Any, tenant_id: str, outbox_id: str, attempts: int) -> bool:
    done = await conn.fetchval(
        """UPDATE outbox SET status = 'sent', processed_at = now(), updated_at = now(),
                  next_attempt_at = now(), last_error = NULL
           WHERE tenant_id = $1 AND id = $2 AND status = 'processing' AND attempts = $3
           RETURNING 1""",
        tenant_id, outbox_id, attempts,
    )
    return bool(done)


async def mark_final(
    conn: Any, tenant_id: str, outbox_id: str, attempts: int, status: str, error: str
) -> bool:
    """'failed' (attempts exhausted) or 'abandoned' (retrying cannot help)."""
    assert status in ("failed", "abandoned")
    done = await conn.fetchval(
        """UPDATE outbox SET status = $4, processed_at = now(), updated_at = now(),
                  next_attempt_at = now(), last_error = $5
           WHERE tenant_id = $1 AND id = $2 AND status = 'processing' AND attempts = $3
           RETURNING 1""",
        tenant_id, outbox_id, attempts, status, clip(error),
    )
    return bool(done)


async def schedule_retry(
    conn: asyncpg.Connection, tenant_id: str, outbox_id: str, attempts: int, delay: float,
    error: str,
) -> datetime | None:
    """Back to 'queued' with next_attempt_at = now + delay, and a job scheduled for then, in one
    transaction. Returns the time of the next attempt (None if the lease was lost)."""
    async with conn.transaction():
        at = await conn.fetchval(
            """UPDATE outbox SET status = 'queued', updated_at = now(), last_error = $5,
                      next_attempt_at = now() + make_interval(secs => $4)
               WHERE tenant_id = $1 AND id = $2 AND status = 'processing' AND attempts = $3
               RETURNING next_attempt_at""",
            tenant_id, outbox_id, attempts, delay, clip(error),
        )
        if at is not None:
            await defer_jobs(conn, [(tenant_id, outbox_id)], at)
    return at


async def requeue(conn: asyncpg.Connection, tenant_id: str, outbox_id: str) -> bool:
    """Operator retry of a failed or abandoned row: a fresh set of attempts, now."""
    async with conn.transaction():
        done = await conn.fetchval(
            """UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = now(),
                      updated_at = now(), processed_at = NULL
               WHERE tenant_id = $1 AND id = $2 AND status IN ('failed', 'abandoned')
               RETURNING 1""",
            tenant_id, outbox_id,
        )
        if done:
            await defer_jobs(conn, [(tenant_id, outbox_id)])
    return bool(done)


async def sweep(conn: asyncpg.Connection, grace: float, limit: int = 500) -> int:
    """Re-defer jobs for rows that should have been attempted `grace` seconds ago and have no
    job waiting: rows whose job died with its worker (lease expired), or whose job was lost.
    A duplicate job is harmless: the claim lets only one of them work on the row."""
    async with conn.transaction():
        rows = await conn.fetch(
            """SELECT o.tenant_id, o.id FROM outbox o
               WHERE o.status IN ('queued', 'processing')
                 AND o.next_attempt_at < now() - make_interval(secs => $1)
                 AND NOT EXISTS (
                     SELECT 1 FROM procrastinate_jobs j
                     WHERE j.status = 'todo' AND j.task_name = $2
                       AND j.args ->> 'outbox_id' = o.id AND j.args ->> 'tenant_id' = o.tenant_id)
               ORDER BY o.next_attempt_at
               LIMIT $3
               FOR UPDATE OF o SKIP LOCKED""",
            grace, TASK, limit,
        )
        await defer_jobs(conn, [(r["tenant_id"], r["id"]) for r in rows])
    return len(rows)


async def get(conn: Any, tenant_id: str, outbox_id: str) -> asyncpg.Record | None:
    return await conn.fetchrow(
        "SELECT * FROM outbox WHERE tenant_id = $1 AND id = $2", tenant_id, outbox_id
    )


async def list_rows(
    conn: Any, *, tenant_id: str | None = None, topic: str | None = None,
    status: str | None = None, limit: int = 50,
) -> list[asyncpg.Record]:
    """Newest first, for operators (the CLI); not tenant-scoped when tenant_id is None."""
    return await conn.fetch(
        """SELECT tenant_id, id, topic, status, attempts, last_error, next_attempt_at,
                  created_at, updated_at, processed_at, payload, request_id
           FROM outbox
           WHERE ($1::text IS NULL OR tenant_id = $1) AND ($2::text IS NULL OR topic = $2)
             AND ($3::text IS NULL OR status = $3)
           ORDER BY created_at DESC, id DESC LIMIT $4""",
        tenant_id, topic, status, limit,
    )


async def depth(conn: Any) -> list[asyncpg.Record]:
    """Rows waiting or stuck, by topic and status (sent and abandoned rows are not counted),
    with the age of the oldest one due."""
    return await conn.fetch(
        """SELECT topic, status, count(*) AS n,
                  COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at)
                           FILTER (WHERE status = 'queued' AND next_attempt_at <= now())), 0)
                      AS oldest_due
           FROM outbox WHERE status IN ('queued', 'processing', 'failed')
           GROUP BY topic, status"""
    )


async def backlog_by_tenant(conn: Any) -> list[asyncpg.Record]:
    """Rows not yet sent per tenant (queued, processing, failed): counts and the age in seconds
    of the oldest one waiting (`identity status`)."""
    return await conn.fetch(
        """SELECT tenant_id,
                  count(*) FILTER (WHERE status IN ('queued', 'processing')) AS waiting,
                  count(*) FILTER (WHERE status = 'failed') AS failed,
                  COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)
                           FILTER (WHERE status IN ('queued', 'processing'))), 0)::float8 AS oldest_age
           FROM outbox WHERE status IN ('queued', 'processing', 'failed')
           GROUP BY tenant_id ORDER BY tenant_id"""
    )


async def job_queue(conn: Any) -> list[asyncpg.Record]:
    """procrastinate's jobs waiting (todo) or running (doing), by queue and status, with the age
    of the oldest one due: since it was scheduled for, or deferred when it has no schedule."""
    return await conn.fetch(
        """SELECT j.queue_name AS queue, j.status::text AS status, count(*) AS n,
                  COALESCE(EXTRACT(EPOCH FROM now() - min(COALESCE(j.scheduled_at, e.at))
                           FILTER (WHERE j.status = 'todo'
                                     AND (j.scheduled_at IS NULL OR j.scheduled_at <= now()))), 0)
                      AS oldest_due
           FROM procrastinate_jobs j
           LEFT JOIN procrastinate_events e ON e.job_id = j.id AND e.type = 'deferred'
           WHERE j.status IN ('todo', 'doing')
           GROUP BY j.queue_name, j.status"""
    )
