"""One delivery attempt: claim, sign, POST, record, schedule the retry (docs/webhooks.md).

State machine of a delivery:
  pending --claim (lease)--> attempt running --2xx--> delivered
                                   |--failure, retries left--> pending (next_attempt_at = schedule)
                                   |--failure, 5 retries done--> failed
                                   '--worker dies--> pending, lease expires, swept, taken again
  delivered / failed --manual retry (v1) or replay (v2)--> pending (a new series of attempts)

Used by the worker task (workers/webhooks.py) and, synchronously, by POST /v1/webhooks/:id/test.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import asyncpg
import structlog
from prometheus_client import Counter, Histogram

from identity import origin, tracing
from identity.config import Settings
from identity.crypto import SecretBox
from identity.delivery.lifecycle import next_delay
from identity.webhooks import signing, store, transport
from identity.webhooks.records import ClaimRecord
from workers.runtime import Runtime

if TYPE_CHECKING:
    from identity.webhooks.keepalive import HttpConnections

log = structlog.get_logger("identity.webhooks")

#: Attempts of one webhook that may run at once; further due deliveries of that webhook wait
#: (their job comes back later) so that one slow receiver cannot take every worker slot.
MAX_IN_FLIGHT_PER_WEBHOOK = 4
#: Extra time a claimed delivery stays leased past the request time-out before another worker
#: may take it (the worker is presumed dead).
LEASE_MARGIN = 15.0
#: The X-Request-ID of the API request whose change caused the delivery (absent when none did).
REQUEST_ID_HEADER = "X-Request-ID"
#: Sent, as "true", only with test deliveries (POST /v1/webhooks/:id/test), whose body also
#: has "test": true: the sample event is not a real one.
TEST_HEADER = "Service-Test-Delivery"

# Contract with ops/prometheus/alerts.yaml: one increment per attempt, outcome "delivered" for
# a 2xx answer, "failed" for anything else.
DELIVERIES = Counter(
    "identity_webhook_deliveries_total",
    "Webhook delivery attempts by outcome (delivered: 2xx; failed: anything else)",
    ["outcome"],
)
# What happened to the delivery after a failed attempt: retry scheduled, or given up (failed).
RESULTS = Counter(
    "identity_webhook_delivery_results_total",
    "Webhook deliveries reaching a state after an attempt (delivered, retry, failed)",
    ["result"],
)
DURATION = Histogram(
    "identity_webhook_delivery_duration_seconds",
    "Webhook attempt duration (request sent to answer, or to the failure)",
    ["outcome"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
# Failed attempts too: a backlog behind a failing receiver shows as failures of growing age.
LATENCY = Histogram(
    "identity_webhook_delivery_latency_seconds",
    "Time from a delivery's creation (the event's commit) to an attempt's end, by its outcome",
    ["outcome"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200),
)


@dataclass
class Limits:
    timeout: float = transport.TIMEOUT_SECONDS
    lease: float = transport.TIMEOUT_SECONDS + LEASE_MARGIN
    max_in_flight: int = MAX_IN_FLIGHT_PER_WEBHOOK

    @classmethod
    def for_runtime(cls, rt: Runtime) -> Limits:
        """The request time-out is 30 s, or the worker's job time-out if that is shorter
        (tests run short ones); the lease outlasts it."""
        policy = getattr(rt, "policy", None)
        timeout = transport.TIMEOUT_SECONDS
        if policy is not None:
            timeout = min(timeout, float(policy.job_timeout))
        lease = timeout + LEASE_MARGIN
        if policy is not None and float(policy.lease) > timeout:
            lease = min(lease, float(policy.lease))
        return cls(timeout=timeout, lease=lease)


@dataclass(frozen=True)
class AttemptResult:
    """What attempt() did: result is 'delivered', 'pending' (retry scheduled), 'failed',
    'lost_lease', or why nothing was attempted ('gone', 'finished', 'leased', 'not_due',
    'paused', 'busy'); the answer's figures when a request was made."""

    result: str
    http_status: int | None = None
    duration_ms: int | None = None
    error: str | None = None


def secret_of(box: SecretBox, row: ClaimRecord) -> str:
    if row.endpoint_id is not None:
        return box.decrypt(row.secret, associated=f"webhook:{row.tenant_id}:{row.endpoint_id}")
    return box.decrypt(row.secret, associated=f"admin_webhook:{row.admin_webhook_id}")


def retry_delay(schedule: tuple[float, ...], row: ClaimRecord) -> float | None:
    """Delay before the next attempt after this one failed, or None when the series is over
    (the 5th retry failed) or the delivery is a test (tests are not retried by themselves)."""
    if row.test:
        return None
    return next_delay(schedule, row.attempts - row.series_start)


async def attempt(
    pool: asyncpg.Pool,
    box: SecretBox,
    settings: Settings,
    tenant_id: str,
    delivery_id: str,
    limits: Limits | None = None,
    force: bool = False,
    http: HttpConnections | None = None,
) -> AttemptResult:
    """Try one attempt of a delivery. `http`: the worker's kept-alive connections (without, the
    request has a connection of its own)."""
    limits = limits or Limits()
    async with pool.acquire() as conn:
        row = await store.claim(conn, tenant_id, delivery_id, limits.lease, limits.max_in_flight, force)
        if row is None:
            return AttemptResult(await store.blocked_reason(conn, tenant_id, delivery_id))
    # The attempt's log lines carry the request that caused the delivery, and its span
    # continues that request's trace (identity/origin.py).
    with (
        origin.opened(row.request_id, row.traceparent),
        tracing.span(
            "webhook deliver",
            parent=row.traceparent,
            attributes={
                "identity.tenant_id": tenant_id,
                "identity.delivery_id": delivery_id,
                "identity.event_type": row.event_type,
                "identity.attempt": row.attempts,
            },
        ) as span,
    ):
        out = await _attempt(pool, box, settings, row, limits, http)
        tracing.annotate(
            span, **{"identity.result": out.result}, error=None if out.result == "delivered" else out.result
        )
        return out


def delivery_headers(row: ClaimRecord) -> dict[str, str]:
    """Headers besides the signatures: the request that caused the delivery, the trace to
    continue, and the mark of a test delivery (docs/webhooks.md)."""
    headers: dict[str, str] = {}
    if row.request_id:
        headers[REQUEST_ID_HEADER] = row.request_id
    if row.test:
        headers[TEST_HEADER] = "true"
    return headers


async def _attempt(
    pool: Any, box: Any, settings: Any, row: ClaimRecord, limits: Limits, http: HttpConnections | None
) -> AttemptResult:
    tenant_id, delivery_id = row.tenant_id, row.id
    bound = log.bind(tenant_id=tenant_id, delivery_id=delivery_id, event_id=row.event_id, attempt=row.attempts)
    body = row.body.encode()
    version = 1 if row.endpoint_id is not None else 2
    try:
        secret = secret_of(box, row)
    except Exception as exc:  # noqa: BLE001 - a secret sealed with another key cannot sign
        outcome = transport.Outcome(False, None, 0, f"signing secret unreadable: {type(exc).__name__}")
    else:
        headers = signing.headers(version, secret, row.event_id, int(time.time()), body)
        headers.update(delivery_headers(row))
        with tracing.span("webhook POST", kind="client", attributes={"http.request.method": "POST"}) as call:
            # The receiver continues the trace from this call (or, with tracing off here, from
            # the stored context of the request).
            traceparent = tracing.traceparent() or row.traceparent
            if traceparent:
                headers["traceparent"] = traceparent
            outcome = await transport.send(
                row.url, headers, body, allow_http=settings.webhook_allow_http, timeout=limits.timeout, http=http
            )
            tracing.annotate(call, **{"http.response.status_code": outcome.http_status}, error=outcome.error)
    label = "delivered" if outcome.delivered else "failed"
    DELIVERIES.labels(label).inc()
    DURATION.labels(label).observe(outcome.duration_ms / 1000)
    delay = None if outcome.delivered else retry_delay(settings.webhook_retry_schedule, row)
    async with pool.acquire() as conn:
        status = await store.finish(
            conn,
            row,
            delivered=outcome.delivered,
            http_status=outcome.http_status,
            duration_ms=outcome.duration_ms,
            error=outcome.error,
            retry_delay=delay,
        )
    if status is None:
        bound.warning("webhook_lease_lost")
        return AttemptResult("lost_lease")
    RESULTS.labels("retry" if status == "pending" else status).inc()
    LATENCY.labels(label).observe(max(0.0, (datetime.now(UTC) - row.created_at).total_seconds()))
    if status == "delivered":
        bound.info("webhook_delivered", http_status=outcome.http_status, duration_ms=outcome.duration_ms)
    else:
        bound.warning(
            "webhook_attempt_failed",
            http_status=outcome.http_status,
            error=outcome.error,
            result=status,
            retry_in=delay,
        )
    return AttemptResult(status, outcome.http_status, outcome.duration_ms, outcome.error)
