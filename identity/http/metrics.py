"""Prometheus metrics for the HTTP edge and the database pool."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

REQUESTS = Counter(
    "identity_http_requests_total",
    "HTTP requests by route, method and status",
    ["route", "method", "status"],
)
LATENCY = Histogram(
    "identity_http_request_duration_seconds",
    "HTTP request latency by route",
    ["route", "method"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
POOL_SIZE = Gauge("identity_db_pool_size", "Connections open in the database pool")
POOL_IDLE = Gauge("identity_db_pool_idle", "Idle connections in the database pool")
POOL_MAX = Gauge("identity_db_pool_max", "Maximum size of the database pool")
AUTH_OUTCOMES = Counter(
    "identity_auth_outcomes_total",
    "Answers of sign-in and sign-up by operation and error code (ok when it succeeded)",
    ["operation", "code"],
)
