"""Backlog gauges read from the database when /metrics is scraped: the outbox, procrastinate's
job queues and the pending webhook deliveries (docs/metrics.md).

They are whole-database figures (any process reports the same ones: aggregate with max), kept
for CACHE_SECONDS so that several scrapers, or a storm of them, cost one round of queries; a
scrape meanwhile waits for the read in progress rather than starting another. Every known
topic, queue and status is reported, as 0 when empty, so that an empty queue is a sample of 0
and not a missing series. A failed read leaves the last values out once they are STALE_SECONDS
old, rather than report a queue as it was minutes ago.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import structlog
from prometheus_client import Counter
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from identity.db.jobs import queue_depth
from identity.email.queue import TOPIC as EMAIL_TOPIC
from identity.mfa.sms import TOPIC as SMS_TOPIC
from identity.outbox import store as outbox_store
from identity.webhooks import store as webhook_store

log = structlog.get_logger("identity.metrics")

CACHE_SECONDS = 5.0
STALE_SECONDS = 60.0
READ_TIMEOUT_SECONDS = 2.0

OUTBOX_TOPICS = (EMAIL_TOPIC, SMS_TOPIC)
OUTBOX_STATUSES = ("queued", "processing", "failed")
#: Every queue a task of workers/ is declared on (tests/test_metrics.py checks the list).
JOB_QUEUES = (outbox_store.QUEUE, webhook_store.QUEUE, "maintenance")
JOB_STATUSES = ("todo", "doing")

READ_FAILURES = Counter(
    "identity_metrics_database_read_failures_total",
    "Scrape-time reads of the backlog gauges that failed (the gauges are then left out)",
)


@dataclass
class Snapshot:
    outbox: dict[tuple[str, str], int] = field(default_factory=dict)
    outbox_oldest: dict[str, float] = field(default_factory=dict)
    jobs: dict[tuple[str, str], int] = field(default_factory=dict)
    jobs_oldest: dict[str, float] = field(default_factory=dict)
    webhooks: dict[str, float] = field(default_factory=dict)


def _counted(
    rows: list[Any], key: str, names: tuple[str, ...], statuses: tuple[str, ...]
) -> tuple[dict[tuple[str, str], int], dict[str, float]]:
    """Rows counted by (name, status), every status of every known name present (0 when none),
    and each name's oldest due age."""
    counts = {(n, s): 0 for n in names for s in statuses}
    oldest = dict.fromkeys(names, 0.0)
    for r in rows:
        counts[(r[key], r["status"])] = r["n"]
        oldest[r[key]] = max(oldest.get(r[key], 0.0), float(r["oldest_due"]))
    for name, _ in list(counts):  # a name outside the known ones: all its statuses
        for status in statuses:
            counts.setdefault((name, status), 0)
    return counts, oldest


async def read(conn: Any) -> Snapshot:
    snap = Snapshot()
    snap.outbox, snap.outbox_oldest = _counted(await outbox_store.depth(conn), "topic", OUTBOX_TOPICS, OUTBOX_STATUSES)
    snap.jobs = {(q, s): 0 for q in JOB_QUEUES for s in JOB_STATUSES}
    snap.jobs_oldest = dict.fromkeys(JOB_QUEUES, 0.0)
    for r in await queue_depth(conn):
        queue = r["queue_name"]
        snap.jobs[(queue, "todo")] = r["todo"]
        snap.jobs[(queue, "doing")] = r["doing"]
        snap.jobs_oldest[queue] = float(r["oldest_due_age"])
    row = await webhook_store.backlog(conn)
    snap.webhooks = {k: float(row[k]) for k in ("pending", "paused", "due", "webhooks", "oldest")}
    return snap


class BacklogCollector(Collector):
    def __init__(self) -> None:
        self.snapshot: Snapshot | None = None
        self.taken_at = 0.0
        self._source: Any = None
        self._reading: asyncio.Future[None] | None = None

    def expire(self) -> None:
        """Forget the cached values: the next refresh reads the database."""
        self.taken_at = 0.0

    def _fresh(self, pool: Any) -> bool:
        return self._source is pool and time.monotonic() - self.taken_at < CACHE_SECONDS

    async def refresh(self, pool: Any) -> None:
        if self._fresh(pool):
            return
        reading = self._reading
        if reading is None or reading.done() or reading.get_loop() is not asyncio.get_running_loop():
            reading = self._reading = asyncio.ensure_future(self._read(pool))
        # Shielded: a scraper that goes away must not cancel the read the others wait for.
        await asyncio.shield(reading)

    async def _read(self, pool: Any) -> None:
        try:
            async with asyncio.timeout(READ_TIMEOUT_SECONDS), pool.acquire() as conn:
                snapshot = await read(conn)
        except Exception as exc:  # noqa: BLE001 - /metrics must answer while Postgres does not
            READ_FAILURES.inc()
            log.warning("metrics_backlog_read_failed", error=repr(exc))
            return
        self.snapshot, self.taken_at, self._source = snapshot, time.monotonic(), pool

    def collect(self) -> Iterator[Metric]:
        snap = self.snapshot
        if snap is None or time.monotonic() - self.taken_at > STALE_SECONDS:
            return
        yield _filled(
            GaugeMetricFamily(
                "identity_outbox_depth",
                "Outbox rows waiting, in progress or failed, by topic and status",
                labels=["topic", "status"],
            ),
            snap.outbox,
        )
        yield _filled(
            GaugeMetricFamily(
                "identity_outbox_oldest_due_seconds",
                "Age of the oldest due queued outbox row, by topic",
                labels=["topic"],
            ),
            snap.outbox_oldest,
        )
        yield _filled(
            GaugeMetricFamily(
                "identity_job_queue_depth",
                "Jobs waiting (todo) or running (doing), by queue and status",
                labels=["queue", "status"],
            ),
            snap.jobs,
        )
        yield _filled(
            GaugeMetricFamily(
                "identity_job_queue_oldest_due_seconds",
                "Age of the oldest due job nobody has taken yet, by queue",
                labels=["queue"],
            ),
            snap.jobs_oldest,
        )
        hooks = snap.webhooks
        pending = GaugeMetricFamily(
            "identity_webhook_deliveries_pending",
            "Webhook deliveries not yet delivered nor given up, every tenant, by the state of "
            "their webhook (paused: held until the tenant resumes it)",
            labels=["state"],
        )
        pending.add_metric(["active"], hooks["pending"])
        pending.add_metric(["paused"], hooks["paused"])
        yield pending
        yield GaugeMetricFamily(
            "identity_webhook_deliveries_due",
            "Pending deliveries of active webhooks due now (the others wait for a retry)",
            value=hooks["due"],
        )
        yield GaugeMetricFamily(
            "identity_webhook_deliveries_pending_webhooks",
            "Active webhooks (endpoints and admin webhooks) that pending deliveries wait for",
            value=hooks["webhooks"],
        )
        yield GaugeMetricFamily(
            "identity_webhook_deliveries_oldest_pending_seconds",
            "Age of the oldest pending delivery of an active webhook, from the start of its series of attempts",
            value=hooks["oldest"],
        )


def _filled(gauge: GaugeMetricFamily, values: Mapping[Any, float]) -> GaugeMetricFamily:
    """The gauge with a sample per key of values (one label value, or a tuple of them), in key order.
    (Each gauge is declared where it is yielded: tests/test_ops.py reads the names from there.)"""
    for key, value in sorted(values.items()):
        gauge.add_metric(list(key) if isinstance(key, tuple) else [key], value)
    return gauge


#: The process's one collector; identity/wiring.py adds it to prometheus' registry.
BACKLOG = BacklogCollector()
