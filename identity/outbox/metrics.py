"""Prometheus metrics of the outbox, the jobs and email delivery.

Counters and histograms are updated where the work happens (the worker; in `identity serve`
that is the API process, so /metrics shows them). Queue depth and age are gauges read from the
database at scrape time (identity/backlog.py), so any process reports the whole queue.
"""

from __future__ import annotations

from prometheus_client import Counter, Histogram

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
JOBS = Counter("identity_jobs_total", "Jobs run by task and outcome (succeeded, failed)", ["task", "outcome"])
WORKER_RESTARTS = Counter(
    "identity_worker_restarts_total",
    "Job workers started again after stopping by themselves (their database connection was lost)",
)
JOB_DURATION = Histogram(
    "identity_job_duration_seconds",
    "Job run time by task",
    ["task"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60),
)
EMAILS = Counter(
    "identity_emails_total",
    "Emails by provider and outcome (sent, stored, failed)",
    ["provider", "outcome"],
)
