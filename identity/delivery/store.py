"""The statements of the state machine, written once for every Lifecycle (docs/outbox.md).

  waiting --claim (lease, attempts + 1)--> running --done--------------------> a finished status
                                              |--failure, schedule not spent--> waiting (due after
                                              |                                 the delay; new job)
                                              |--failure, schedule spent-----> failed
                                              '--worker dies: lease ends, swept, claimed again
  finished (or waiting, not due) --restart--> waiting (a new series, a job now)

The finish is fenced on the attempt number the claim returned and on the running status, so a
worker that overran its lease changes nothing. Every job is deferred through procrastinate's
SQL function in the statement or transaction that makes the row due, so a row is due if and
only if a job will look at it; the sweep covers jobs lost anyway.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Mapping
from datetime import datetime
from typing import Any

import asyncpg

from identity.db.batches import delete_in_batches
from identity.delivery.lifecycle import Lifecycle

ERROR_MAX_CHARS = 1000
#: rows a sweep re-defers at most (the next sweep takes the rest)
SWEEP_LIMIT = 500


def clip(error: str | None) -> str | None:
    """last_error is bounded: a receiver's or server's long message keeps its beginning."""
    if error is None or len(error) <= ERROR_MAX_CHARS:
        return error
    return error[: ERROR_MAX_CHARS - 1] + "…"


def jobs(lc: Lifecycle, at: str = "NULL", args: str | None = None) -> str:
    """SQL expression: one job per row of a FROM item aliased j (j.tenant_id, j.id), due at
    `at` (NULL: now); `args`, an SQL jsonb expression, adds job arguments."""
    key = f"jsonb_build_object('tenant_id', j.tenant_id, '{lc.job_key}', j.id)"
    if args is not None:
        key = f"{key} || {args}"
    return (
        f"procrastinate_defer_jobs_v1(array_agg(ROW('{lc.queue}', '{lc.task}', 0, NULL, NULL, "
        f"{key}, {at})::procrastinate_job_to_defer_v1))"
    )


def _defer_sql(lc: Lifecycle) -> str:
    return (
        f"SELECT {jobs(lc, 'CASE WHEN j.at > now() THEN j.at END', '$4::text::jsonb')} "
        "FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS j(tenant_id, id, at)"
    )


async def defer(
    conn: Any,
    lc: Lifecycle,
    rows: list[tuple[str, str]],
    ats: list[datetime | None] | None = None,
    args: Mapping[str, int] | None = None,
) -> None:
    """A job per (tenant_id, id), due at its time in `ats` (now if None or past), with `args`
    besides the row's key. It commits with the caller's transaction; procrastinate's trigger
    wakes idle workers then."""
    if not rows:
        return
    times = ats if ats is not None else [None] * len(rows)
    await conn.execute(_defer_sql(lc), [t for t, _ in rows], [i for _, i in rows], times, json.dumps(dict(args or {})))


def claim_sql(lc: Lifecycle, condition: str = "TRUE", returning: str = "r.*") -> str:
    """UPDATE taking row ($1 tenant_id, $2 id) for one attempt with a lease of $3 seconds, when it
    is due, no live lease holds it and `condition` (SQL over r; may use $4..) holds. SKIP LOCKED
    keeps two workers from waiting on each other; the conditions, re-checked after the lock,
    keep them from both winning."""
    return f"""UPDATE {lc.table} r
   SET status = '{lc.running}', attempts = r.attempts + 1, updated_at = now(),
       {lc.lease_column} = now() + make_interval(secs => $3)
 WHERE r.tenant_id = $1 AND r.id = $2 AND {lc.open} AND r.next_attempt_at <= now()
   AND {lc.lease_free} AND {condition}
   AND r.id IN (SELECT id FROM {lc.table} WHERE tenant_id = $1 AND id = $2 FOR UPDATE SKIP LOCKED)
RETURNING {returning}"""


@contextlib.asynccontextmanager
async def _atomic(conn: Any) -> AsyncIterator[None]:
    # The caller's transaction when there is one (no savepoint round trips), else one of ours.
    if conn.is_in_transaction():
        yield
        return
    async with conn.transaction():
        yield


async def finish(
    conn: Any,
    lc: Lifecycle,
    tenant_id: str,
    row_id: str,
    attempt: int,
    status: str,
    error: str | None = None,
    delay: float | None = None,
    columns: Mapping[str, Any] | None = None,
) -> datetime | None:
    """End attempt `attempt`: the row becomes `status` (a finished one, or `waiting` with a job due
    after `delay` seconds), last_error = error, and `columns` are set as given. Returns the row's
    next_attempt_at, or None when the attempt no longer holds the row (the fence)."""
    if status == lc.waiting:
        assert delay is not None, "a retry needs its delay"
    else:
        assert status in lc.finished and delay is None
    extra = dict(columns or {})
    sets = "".join(f", {col} = ${i}" for i, col in enumerate(extra, start=7))
    stamped_on = ", ".join(f"'{s}'" for s in lc.stamped_on)
    release = f", {lc.lease_column} = NULL" if lc.own_lease else ""
    async with _atomic(conn):
        next_at: datetime | None = await conn.fetchval(
            f"""UPDATE {lc.table}
                   SET status = $4, last_error = $5, updated_at = now(),
                       next_attempt_at = CASE WHEN $6::float8 IS NULL THEN now()
                                              ELSE now() + make_interval(secs => $6) END,
                       {lc.stamped} = CASE WHEN $4 IN ({stamped_on}) THEN now() END{release}{sets}
                 WHERE tenant_id = $1 AND id = $2 AND attempts = $3 AND status = '{lc.running}'
                 RETURNING next_attempt_at""",
            tenant_id,
            row_id,
            attempt,
            status,
            clip(error),
            delay,
            *extra.values(),
        )
        if next_at is not None and status == lc.waiting:
            await defer(conn, lc, [(tenant_id, row_id)], [next_at])
    return next_at


def restart_sql(lc: Lifecycle, chosen: str, also: str = "") -> str:
    """One statement giving the rows of `chosen` (a query of their tenant_id and id, as CTE c)
    that the Lifecycle lets restart a new series of attempts, due now, with their jobs. Its one
    row: `restarted`, the ids restarted, and the columns of `also` (SQL, may read c)."""
    release = f", {lc.lease_column} = NULL" if lc.own_lease else ""
    return f"""WITH c AS ({chosen}),
    j AS (
        UPDATE {lc.table} r
           SET status = '{lc.waiting}', next_attempt_at = now(), updated_at = now(),
               {lc.restart_sets}{release}
          FROM c
         WHERE r.tenant_id = c.tenant_id AND r.id = c.id AND {lc.restartable}
         RETURNING r.tenant_id, r.id)
    SELECT array_agg(j.id) AS restarted, {jobs(lc)}{also} FROM j"""


async def restart(conn: Any, lc: Lifecycle, tenant_id: str, ids: list[str]) -> list[str]:
    """Restart the rows of `ids` that may restart (restart_sql); returns the ids restarted."""
    row = await conn.fetchrow(
        restart_sql(lc, f"SELECT tenant_id, id FROM {lc.table} WHERE tenant_id = $1 AND id = ANY($2::text[])"),
        tenant_id,
        ids,
    )
    return list(row["restarted"] or [])


async def sweep(conn: Any, lc: Lifecycle, grace: float, limit: int = SWEEP_LIMIT) -> int:
    """A new job for open rows of active destinations that should have been attempted `grace`
    seconds ago, hold no live lease and have no job that will take them: none waiting, and none
    running unless the row is unleased (a running job of a leased row belongs to the attempt
    whose lease ended: its worker died). A duplicate job is harmless: the claim lets one
    attempt run at a time."""
    row = await conn.fetchrow(
        f"""WITH j AS (
                SELECT r.tenant_id, r.id FROM {lc.table} r
                 WHERE {lc.open} AND r.next_attempt_at < now() - make_interval(secs => $1)
                   AND {lc.lease_free} AND {lc.active}
                   AND NOT EXISTS (
                       SELECT 1 FROM procrastinate_jobs p
                        WHERE p.status IN ('todo', 'doing') AND p.task_name = $2
                          AND p.args ->> '{lc.job_key}' = r.id
                          AND p.args ->> 'tenant_id' = r.tenant_id
                          AND (p.status = 'todo' OR NOT ({lc.leased})))
                 ORDER BY r.next_attempt_at
                 LIMIT $3
                 FOR UPDATE OF r SKIP LOCKED)
            SELECT count(*) AS n, {jobs(lc)} FROM j""",
        grace,
        lc.task,
        limit,
    )
    return int(row["n"])


async def purge(conn: Any, lc: Lifecycle) -> int:
    """Finished rows older than the Lifecycle's retention (none when it keeps them)."""
    if lc.retention_days is None:
        return 0
    finished = ", ".join(f"'{s}'" for s in lc.finished)
    return await delete_in_batches(
        conn,
        lc.table,
        f"status IN ({finished}) AND created_at < now() - make_interval(days => $1)",
        lc.retention_days,
    )


async def backlog_by_tenant(conn: Any, lc: Lifecycle) -> list[asyncpg.Record]:
    """Per tenant with open or failed rows: how many are open (waiting), due now, failed, and
    the age in seconds of the oldest open one (0 when none is): `identity status`."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT r.tenant_id,
                   count(*) FILTER (WHERE {lc.open}) AS waiting,
                   count(*) FILTER (WHERE {lc.open} AND r.next_attempt_at <= now()) AS due,
                   count(*) FILTER (WHERE r.status = '{lc.failed}') AS failed,
                   COALESCE(EXTRACT(EPOCH FROM now() - min(r.created_at)
                            FILTER (WHERE {lc.open})), 0)::float8 AS oldest_age
              FROM {lc.table} r
             WHERE {lc.open} OR r.status = '{lc.failed}'
             GROUP BY r.tenant_id ORDER BY r.tenant_id"""
    )
    return rows
