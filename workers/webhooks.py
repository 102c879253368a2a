"""Webhook delivery jobs (identity/webhooks/delivery.py has the state machine).

deliver             one attempt of one delivery; a job per delivery, on the 'webhooks' queue,
                    deferred in the emitting transaction and again for each retry.
recover_webhooks    every 10 s: a new job for pending deliveries whose job was lost or whose
                    worker died mid-attempt (lease expired).
purge_webhooks      hourly: finished deliveries older than 30 days.

Deliveries of this process go through one set of kept-alive connections
(identity/webhooks/keepalive.py), closed by close_http() when its workers stop.
"""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta

import structlog

from identity.webhooks import delivery, store
from identity.webhooks.keepalive import HttpConnections
from workers import runtime
from workers.app import app
from workers.runtime import Runtime
from workers.tasks import instrumented

log = structlog.get_logger("workers.webhooks")

#: A delivery whose webhook already has MAX_IN_FLIGHT attempts running comes back after
#: 0.1 s, 0.2 s, 0.4 s ... (at most 5 s), with jitter.
BUSY_BACKOFF_MAX = 5.0

_http: HttpConnections | None = None


def http_connections() -> HttpConnections:
    """This process's kept-alive connections, opened by the first delivery (in the running
    event loop: a session cannot move to another)."""
    global _http
    if _http is None or _http.loop is not asyncio.get_running_loop():
        _http = HttpConnections()
    return _http


async def close_http() -> None:
    """Close the kept-alive connections (workers/run.py, once no worker runs any more)."""
    global _http
    http, _http = _http, None
    if http is not None:
        await http.close()


@app.task(name=store.TASK, queue=store.QUEUE)
@instrumented("webhook_deliver", traced=False)
async def deliver(tenant_id: str, delivery_id: str, waits: int = 0) -> str:
    rt = runtime.get()
    out = await delivery.attempt(
        rt.pool, rt.box, rt.settings, tenant_id, delivery_id, delivery.Limits.for_runtime(rt), http=http_connections()
    )
    if out.result == "busy":
        delay = min(BUSY_BACKOFF_MAX, 0.1 * 2 ** min(waits, 10))
        delay += random.uniform(0, delay / 2)
        async with rt.pool.acquire() as conn:
            await store.defer(
                conn, [(tenant_id, delivery_id)], datetime.now(UTC) + timedelta(seconds=delay), waits=waits + 1
            )
    return out.result


async def recover(rt: Runtime) -> int:
    grace = float(getattr(getattr(rt, "policy", None), "sweep_grace", 30.0))
    async with rt.pool.acquire() as conn:
        swept = await store.sweep(conn, grace)
    if swept:
        log.warning("webhook_deliveries_requeued", deliveries=swept)
    return swept


@app.periodic(cron="* * * * * */10", periodic_id="webhooks_recover")
@app.task(name="workers.webhooks.recover_webhooks", queue="maintenance", queueing_lock="recover_webhooks")
@instrumented("recover_webhooks")
async def recover_webhooks(timestamp: int) -> int:
    return await recover(runtime.get())


@app.periodic(cron="23 * * * *", periodic_id="webhooks_purge")
@app.task(name="workers.webhooks.purge_webhooks", queue="maintenance", queueing_lock="purge_webhooks")
@instrumented("purge_webhooks")
async def purge_webhooks(timestamp: int) -> int:
    rt = runtime.get()
    return await store.purge(rt.pool)
