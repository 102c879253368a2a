"""Tasks. process_outbox moves one outbox row through its state machine.

Handlers per topic register in HANDLERS; a row whose topic has no handler is abandoned
with a clear last_error rather than retried forever.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import structlog

from workers import runtime
from workers.app import app

log = structlog.get_logger("workers")

Handler = Callable[[runtime.Runtime, Any], Awaitable[None]]
HANDLERS: dict[str, Handler] = {}


@app.task(name="workers.tasks.process_outbox", queue="outbox")
async def process_outbox(tenant_id: str, outbox_id: str) -> None:
    rt = runtime.get()
    async with rt.pool.acquire() as conn:
        # SKIP LOCKED: a row is handled by one worker at a time, whatever the job count.
        row = await conn.fetchrow(
            """UPDATE outbox SET status = 'processing', attempts = attempts + 1, updated_at = now()
               WHERE tenant_id = $1 AND id = $2 AND status IN ('queued', 'processing')
                 AND id IN (SELECT id FROM outbox WHERE tenant_id = $1 AND id = $2
                            FOR UPDATE SKIP LOCKED)
               RETURNING topic, payload, attempts""",
            tenant_id, outbox_id,
        )
    if row is None:
        return
    handler = HANDLERS.get(row["topic"])
    if handler is None:
        await rt.pool.execute(
            """UPDATE outbox SET status = 'abandoned', last_error = $3, updated_at = now()
               WHERE tenant_id = $1 AND id = $2""",
            tenant_id, outbox_id, f"no handler for topic {row['topic']!r}",
        )
        log.warning("outbox_abandoned", outbox_id=outbox_id, topic=row["topic"])
        return
    await handler(rt, {"tenant_id": tenant_id, "outbox_id": outbox_id, **dict(row)})
