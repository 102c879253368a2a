"""Enqueue side effects in the caller's transaction.

Each outbox row gets a procrastinate job deferred through procrastinate's own SQL function
on the same connection, so the row and its job commit (or roll back) with the change.
"""

from __future__ import annotations

from typing import Any

import asyncpg

from identity.ids import new_id

QUEUE = "outbox"
TASK = "workers.tasks.process_outbox"


async def enqueue(
    conn: asyncpg.Connection, tenant_id: str, topic: str, payload: dict[str, Any]
) -> str:
    """Write one outbox row and its job; returns the row id. Call inside a transaction."""
    ids = await enqueue_many(conn, tenant_id, [(topic, payload)])
    return ids[0]


async def enqueue_many(
    conn: asyncpg.Connection, tenant_id: str, items: list[tuple[str, dict[str, Any]]]
) -> list[str]:
    if not items:
        return []
    ids = [new_id("obx") for _ in items]
    await conn.execute(
        """INSERT INTO outbox (tenant_id, id, topic, payload)
           SELECT $1, u.id, u.topic, u.payload
           FROM unnest($2::text[], $3::text[], $4::jsonb[]) AS u(id, topic, payload)""",
        tenant_id, ids, [t for t, _ in items], [p for _, p in items],
    )
    await conn.execute(
        """SELECT procrastinate_defer_jobs_v1(array_agg(
               ROW($1, $2, 0, NULL, NULL,
                   jsonb_build_object('tenant_id', $3::text, 'outbox_id', u.id), NULL
               )::procrastinate_job_to_defer_v1))
           FROM unnest($4::text[]) AS u(id)""",
        QUEUE, TASK, tenant_id, ids,
    )
    return ids
