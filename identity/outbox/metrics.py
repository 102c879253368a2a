"""Prometheus metrics of the outbox, the jobs and email delivery.

Counters and histograms are updated where the work happens (the worker; in `identity serve`
that is the API process, so /metrics shows them). Queue depth is a gauge computed from the
database at scrape time, so any API process reports the whole queue.
"""

from __future__ import annotations

from typing import Any

from prometheus_client import Counter, Gauge, Histogram

from identity.outbox import store

OUTBOX_DEPTH = Gauge(
    "identity_outbox_depth", "Outbox rows waiting, in progress or failed, by topic and status",
    ["topic", "status"],
)
OUTBOX_OLDEST_DUE = Gauge(
    "identity_outbox_oldest_due_seconds", "Age of the oldest due queued outbox row, by topic",
    ["topic"],
)
OUTBOX_ATTEMPTS = Counter(
    "identity_outbox_attempts_total",
    "Outbox attempts by topic and outcome (sent, retry, failed, abandoned, lost_lease)",
    ["topic", "outcome"],
)
OUTBOX_LAG = Histogram(
    "identity_outbox_first_attempt_lag_seconds",
    "Time from an outbox row's creation to its first attempt, by topic",
    ["topic"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60),
)
JOBS = Counter("identity_jobs_total", "Jobs run by task and outcome (succeeded, failed)",
               ["task", "outcome"])
WORKER_RESTARTS = Counter(
    "identity_worker_restarts_total",
    "Job workers started again after stopping by themselves (their database connection was lost)",
)
JOB_DURATION = Histogram(
    "identity_job_duration_seconds", "Job run time by task", ["task"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60),
)
EMAILS = Counter(
    "identity_emails_total", "Emails by provider and outcome (sent, stored, failed)",
    ["provider", "outcome"],
)

_seen: set[tuple[str, str]] = set()


async def refresh_depth(pool: Any) -> None:
    rows = await store.depth(pool)
    current = set()
    oldest: dict[str, float] = {}
    for r in rows:
        OUTBOX_DEPTH.labels(r["topic"], r["status"]).set(r["n"])
        current.add((r["topic"], r["status"]))
        oldest[r["topic"]] = max(oldest.get(r["topic"], 0.0), float(r["oldest_due"] or 0))
    # A series that emptied reads 0 rather than keeping its last value.
    for topic, status in _seen - current:
        OUTBOX_DEPTH.labels(topic, status).set(0)
    for topic in {t for t, _ in _seen | current}:
        OUTBOX_OLDEST_DUE.labels(topic).set(oldest.get(topic, 0.0))
    _seen.update(current)


async def refresher(app: Any) -> None:
    """For AppState.metrics_refreshers."""
    from identity.state import state

    await refresh_depth(state(app).pool)
