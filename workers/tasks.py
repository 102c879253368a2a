"""Tasks. process_outbox moves one outbox row through its state machine (docs/outbox.md).

The handler of each topic is in the worker runtime's table (Runtime.handlers), which
identity/wiring.py outbox_handlers() lists. A handler is
`async def handler(rt: Runtime, item: dict) -> Any` where item has tenant_id, outbox_id, topic,
payload (the dict given to enqueue) and attempts (this attempt's number, from 1). It returns
normally when the side effect is done, raises identity.outbox.errors.Permanent when retrying
cannot help (the row is abandoned), and raises anything else to be retried with backoff.
A row whose topic has no handler is abandoned with a clear last_error.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import structlog

from identity import origin, tracing
from identity.delivery.lifecycle import next_delay
from identity.outbox import store
from identity.outbox.errors import Permanent
from identity.outbox.metrics import JOB_DURATION, JOBS, OUTBOX_ATTEMPTS, OUTBOX_LAG
from workers import runtime
from workers.app import app

log = structlog.get_logger("workers")


def instrumented(
    name: str,
    traced: bool = True,
) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    """Counts outcomes and times the task (identity_jobs_total, identity_job_duration_seconds),
    in a span of its own when tracing is on; traced=False for a task that opens its span itself
    once it knows the request its work came from (process_outbox, webhook deliveries)."""

    def decorate(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(fn)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            outcome = "failed"
            try:
                with tracing.span(f"job {name}") if traced else contextlib.nullcontext():
                    result = await fn(*args, **kwargs)
                outcome = "succeeded"
                return result
            finally:
                JOBS.labels(name, outcome).inc()
                JOB_DURATION.labels(name).observe(time.perf_counter() - started)

        return wrapper

    return decorate


@app.task(name=store.TASK, queue=store.QUEUE)
@instrumented("process_outbox", traced=False)
async def process_outbox(tenant_id: str, outbox_id: str) -> str | None:
    rt = runtime.get()
    policy = rt.policy
    async with rt.pool.acquire() as conn:
        row = await store.claim(conn, tenant_id, outbox_id, policy.lease)
    if row is None:
        return None  # not due, finished, or another worker holds it
    topic, attempts = row["topic"], row["attempts"]
    if attempts == 1:
        OUTBOX_LAG.labels(topic).observe(max(0.0, (datetime.now(UTC) - row["created_at"]).total_seconds()))
    # Every line of this job carries the request that queued the row, and its span continues
    # that request's trace (identity/origin.py).
    with (
        origin.opened(row["request_id"], row["traceparent"]),
        tracing.span(
            "job process_outbox",
            parent=row["traceparent"],
            attributes={
                "identity.tenant_id": tenant_id,
                "identity.outbox_id": outbox_id,
                "identity.topic": topic,
                "identity.attempt": attempts,
            },
        ) as span,
    ):
        result = await _perform(rt, row)
        tracing.annotate(span, **{"identity.result": result}, error=None if result == "sent" else result)
        return result


async def _perform(rt: runtime.Runtime, row: Any) -> str:
    tenant_id, outbox_id, topic, attempts = row["tenant_id"], row["id"], row["topic"], row["attempts"]
    policy = rt.policy
    bound = log.bind(tenant_id=tenant_id, outbox_id=outbox_id, topic=topic, attempt=attempts)
    handler = rt.handlers.get(topic)
    if handler is None:
        return await _finish(rt, row, "abandoned", f"no handler for topic {topic!r}", bound)
    item = {
        "tenant_id": tenant_id,
        "outbox_id": outbox_id,
        "topic": topic,
        "payload": row["payload"],
        "attempts": attempts,
    }
    try:
        async with asyncio.timeout(policy.job_timeout):
            await handler(rt, item)
    except Permanent as exc:
        return await _finish(rt, row, "abandoned", str(exc) or type(exc).__name__, bound)
    except TimeoutError:
        return await _retry_or_fail(rt, row, f"timed out after {policy.job_timeout:g}s", bound)
    except Exception as exc:
        return await _retry_or_fail(rt, row, str(exc) or type(exc).__name__, bound)
    async with rt.pool.acquire() as conn:
        done = await store.mark_sent(conn, tenant_id, outbox_id, attempts)
    OUTBOX_ATTEMPTS.labels(topic, "sent" if done else "lost_lease").inc()
    bound.info("outbox_sent" if done else "outbox_lease_lost")
    return "sent"


async def _finish(rt: runtime.Runtime, row: Any, status: str, error: str, bound: Any) -> str:
    async with rt.pool.acquire() as conn:
        done = await store.mark_final(conn, row["tenant_id"], row["id"], row["attempts"], status, error)
    OUTBOX_ATTEMPTS.labels(row["topic"], status if done else "lost_lease").inc()
    bound.warning("outbox_" + status, error=error)
    return status


async def _retry_or_fail(rt: runtime.Runtime, row: Any, error: str, bound: Any) -> str:
    attempts = row["attempts"]
    delay = next_delay(rt.policy.retry_schedule, attempts)
    if delay is None:
        return await _finish(rt, row, "failed", error, bound)
    async with rt.pool.acquire() as conn:
        at = await store.schedule_retry(conn, row["tenant_id"], row["id"], attempts, delay, error)
    OUTBOX_ATTEMPTS.labels(row["topic"], "retry" if at else "lost_lease").inc()
    bound.warning("outbox_retry", error=error, next_attempt_at=at.isoformat() if at else None)
    return "retry"
