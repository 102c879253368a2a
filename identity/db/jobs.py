"""Read-only views of procrastinate's job table for operators (`identity status`)."""

from __future__ import annotations

from typing import Any

import asyncpg


async def queue_depth(conn: Any) -> list[asyncpg.Record]:
    """Per queue: jobs waiting (todo), due now, running (doing), and the age in seconds of the
    oldest job due (0 when none is): how far the workers are behind."""
    rows: list[asyncpg.Record] = await conn.fetch(
        """WITH open AS (
               SELECT j.queue_name, j.status,
                      coalesce(j.scheduled_at,
                               (SELECT min(e.at) FROM procrastinate_events e
                                WHERE e.job_id = j.id AND e.type = 'deferred')) AS due_at
               FROM procrastinate_jobs j WHERE j.status IN ('todo', 'doing'))
           SELECT queue_name,
                  count(*) FILTER (WHERE status = 'todo') AS todo,
                  count(*) FILTER (WHERE status = 'todo' AND (due_at IS NULL OR due_at <= now())) AS due,
                  count(*) FILTER (WHERE status = 'doing') AS doing,
                  COALESCE(EXTRACT(EPOCH FROM now() - min(due_at)
                           FILTER (WHERE status = 'todo' AND due_at <= now())), 0)::float8 AS oldest_due_age
           FROM open GROUP BY queue_name ORDER BY queue_name"""
    )
    return rows
