"""Writes ops/grafana/dashboard.json (Grafana 10+, schemaVersion 39) from the panel list below.

    python3 ops/grafana/build_dashboard.py        # rewrite dashboard.json
    python3 ops/grafana/build_dashboard.py --check  # exit 1 when dashboard.json is stale

Every panel queries metrics that /metrics exposes (docs/metrics.md lists them).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).with_name("dashboard.json")
DS = {"type": "prometheus", "uid": "${datasource}"}
PROBES = 'route!~"/health|/metrics"'
SEL = 'job=~"$job"'


def panel(
    title: str,
    targets: list[tuple[str, str]],
    *,
    unit: str = "short",
    kind: str = "timeseries",
    description: str = "",
    stack: bool = False,
    w: int = 12,
    h: int = 8,
) -> dict:
    custom: dict = {"lineWidth": 1, "fillOpacity": 10, "showPoints": "never"}
    if stack:
        custom["stacking"] = {"mode": "normal", "group": "A"}
    p = {
        "type": kind,
        "title": title,
        "description": description,
        "datasource": DS,
        "gridPos": {"w": w, "h": h},
        "fieldConfig": {
            "defaults": {"unit": unit, **({"custom": custom} if kind == "timeseries" else {})},
            "overrides": [],
        },
        "options": {
            "legend": {"displayMode": "table", "placement": "bottom", "calcs": ["lastNotNull", "max"]},
            "tooltip": {"mode": "multi", "sort": "desc"},
        }
        if kind == "timeseries"
        else {
            "reduceOptions": {"calcs": ["lastNotNull"], "fields": "", "values": False},
            "colorMode": "value",
            "graphMode": "area",
            "textMode": "auto",
        },
        "targets": [
            {"refId": chr(65 + i), "datasource": DS, "expr": expr, "legendFormat": legend, "range": True}
            for i, (expr, legend) in enumerate(targets)
        ],
    }
    return p


def row(title: str) -> dict:
    return {"type": "row", "title": title, "collapsed": False, "panels": [], "gridPos": {"w": 24, "h": 1}}


def q(expr: str) -> str:
    return expr.replace("$SEL", SEL).replace("$PROBES", PROBES)


PANELS: list[dict] = [
    row("API"),
    panel(
        "Requests per second",
        [
            (q("sum(rate(identity_http_requests_total{$SEL}[$__rate_interval]))"), "total"),
            (q('sum(rate(identity_http_requests_total{$SEL, status=~"5.."}[$__rate_interval]))'), "5xx"),
            (q('sum(rate(identity_http_requests_total{$SEL, status="429"}[$__rate_interval]))'), "429"),
        ],
        kind="stat",
        unit="reqps",
        w=6,
    ),
    panel(
        "5xx ratio (probes excluded)",
        [
            (
                q(
                    'sum(rate(identity_http_requests_total{$SEL, status=~"5..", $PROBES}[$__rate_interval]))'
                    " / sum(rate(identity_http_requests_total{$SEL, $PROBES}[$__rate_interval]))"
                ),
                "5xx ratio",
            ),
        ],
        kind="stat",
        unit="percentunit",
        w=6,
        description="Alerts: IdentityHighErrorRate (>5% for 5m), IdentityElevatedErrorRate (>1% for 15m)",
    ),
    panel(
        "p99 latency (probes excluded)",
        [
            (
                q(
                    "histogram_quantile(0.99, sum by (le) (rate(identity_http_request_duration_seconds_bucket"
                    "{$SEL, $PROBES}[$__rate_interval])))"
                ),
                "p99",
            ),
        ],
        kind="stat",
        unit="s",
        w=6,
        description="Alert: IdentityHighLatencyP99 (>1 s for 10m)",
    ),
    panel(
        "Oldest due job",
        [
            (q("max(identity_outbox_oldest_due_seconds{$SEL})"), "age"),
        ],
        kind="stat",
        unit="s",
        w=6,
        description="Alert: IdentityJobQueueLag (>5m for 5m)",
    ),
    panel(
        "Requests by status",
        [
            (q("sum by (status) (rate(identity_http_requests_total{$SEL}[$__rate_interval]))"), "{{status}}"),
        ],
        unit="reqps",
        stack=True,
    ),
    panel(
        "Requests by route (top 10)",
        [
            (
                q("topk(10, sum by (route, method) (rate(identity_http_requests_total{$SEL}[$__rate_interval])))"),
                "{{method}} {{route}}",
            ),
        ],
        unit="reqps",
    ),
    panel(
        "Latency p50 / p95 / p99 (probes excluded)",
        [
            (
                q(
                    f"histogram_quantile({p}, sum by (le) (rate(identity_http_request_duration_seconds_bucket"
                    "{$SEL, $PROBES}[$__rate_interval])))"
                ),
                f"p{int(p * 100)}",
            )
            for p in (0.5, 0.95, 0.99)
        ],
        unit="s",
    ),
    panel(
        "p99 latency by route (top 10)",
        [
            (
                q(
                    "topk(10, histogram_quantile(0.99, sum by (le, route, method) (rate("
                    "identity_http_request_duration_seconds_bucket{$SEL}[$__rate_interval]))))"
                ),
                "{{method}} {{route}}",
            ),
        ],
        unit="s",
    ),
    panel(
        "5xx by route",
        [
            (
                q(
                    'sum by (route, method, status) (rate(identity_http_requests_total{$SEL, status=~"5.."}'
                    "[$__rate_interval]))"
                ),
                "{{status}} {{method}} {{route}}",
            ),
        ],
        unit="reqps",
    ),
    panel(
        "4xx by route (top 10)",
        [
            (
                q(
                    'topk(10, sum by (route, status) (rate(identity_http_requests_total{$SEL, status=~"4.."}'
                    "[$__rate_interval])))"
                ),
                "{{status}} {{route}}",
            ),
        ],
        unit="reqps",
    ),
    row("Sign-in and sign-up"),
    panel(
        "Sign-in outcomes by code",
        [
            (
                q('sum by (code) (rate(identity_auth_outcomes_total{$SEL, operation="sign_in"}[$__rate_interval]))'),
                "{{code}}",
            ),
        ],
        unit="ops",
        stack=True,
        description="ok, or the error code answered (403 email_not_verified and account_locked apart). "
        "Alert: IdentitySignInFailureSurge",
    ),
    panel(
        "Sign-up outcomes by code",
        [
            (
                q('sum by (code) (rate(identity_auth_outcomes_total{$SEL, operation="sign_up"}[$__rate_interval]))'),
                "{{code}}",
            ),
        ],
        unit="ops",
        stack=True,
    ),
    row("Database pool"),
    panel(
        "Pool connections in use per instance",
        [
            (q("identity_db_pool_size{$SEL} - identity_db_pool_idle{$SEL}"), "in use {{instance}}"),
            (q("identity_db_pool_max{$SEL}"), "max {{instance}}"),
        ],
        description="Alert: IdentityDatabasePoolSaturated (>90% of max for 10m)",
    ),
    panel(
        "Pool connections open / idle (all instances)",
        [
            (q("sum(identity_db_pool_size{$SEL})"), "open"),
            (q("sum(identity_db_pool_idle{$SEL})"), "idle"),
            (q("sum(identity_db_pool_max{$SEL})"), "max"),
        ],
        description="Sum across API processes: compare with Postgres max_connections (docs/scaling.md)",
    ),
    row("Jobs and outbox"),
    panel(
        "Outbox depth by topic and status",
        [
            (q("max by (topic, status) (identity_outbox_depth{$SEL})"), "{{topic}} {{status}}"),
        ],
        description="Whole-queue gauge read from the database by every API process: max, not sum. "
        "Alerts: IdentityJobQueueDepth, IdentityOutboxRowsFailed",
    ),
    panel(
        "Oldest due outbox row by topic",
        [
            (q("max by (topic) (identity_outbox_oldest_due_seconds{$SEL})"), "{{topic}}"),
        ],
        unit="s",
    ),
    panel(
        "Outbox attempts by outcome",
        [
            (
                q("sum by (topic, outcome) (rate(identity_outbox_attempts_total{$SEL}[$__rate_interval]))"),
                "{{topic}} {{outcome}}",
            ),
        ],
        unit="ops",
        stack=True,
    ),
    panel(
        "Outbox first-attempt lag p50 / p95",
        [
            (
                q(
                    f"histogram_quantile({p}, sum by (le, topic) (rate(identity_outbox_first_attempt_lag_seconds_bucket"
                    "{$SEL}[$__rate_interval])))"
                ),
                f"p{int(p * 100)} {{{{topic}}}}",
            )
            for p in (0.5, 0.95)
        ],
        unit="s",
    ),
    panel(
        "Job queue depth by queue and status",
        [
            (q("max by (queue, status) (identity_job_queue_depth{$SEL})"), "{{queue}} {{status}}"),
        ],
        description="procrastinate jobs waiting (todo) or running (doing); whole-queue gauge: max, not sum",
    ),
    panel(
        "Oldest due job by queue",
        [
            (q("max by (queue) (identity_job_queue_oldest_due_seconds{$SEL})"), "{{queue}}"),
        ],
        unit="s",
        description="Alert: IdentityJobQueueStalled (>5m for 5m)",
    ),
    panel(
        "Jobs by task and outcome",
        [
            (q("sum by (task, outcome) (rate(identity_jobs_total{$SEL}[$__rate_interval]))"), "{{task}} {{outcome}}"),
        ],
        unit="ops",
        stack=True,
        description="Alert: IdentityJobFailureRate",
    ),
    panel(
        "Job duration p95 by task",
        [
            (
                q(
                    "histogram_quantile(0.95, sum by (le, task) (rate(identity_job_duration_seconds_bucket"
                    "{$SEL}[$__rate_interval])))"
                ),
                "{{task}}",
            ),
        ],
        unit="s",
    ),
    row("Delivery"),
    panel(
        "Emails by provider and outcome",
        [
            (
                q("sum by (provider, outcome) (rate(identity_emails_total{$SEL}[$__rate_interval]))"),
                "{{provider}} {{outcome}}",
            ),
        ],
        unit="ops",
        stack=True,
        description="Alert: IdentityEmailFailures",
    ),
    panel(
        "Webhook delivery attempts by outcome",
        [
            (q("sum by (outcome) (rate(identity_webhook_deliveries_total{$SEL}[$__rate_interval]))"), "{{outcome}}"),
        ],
        unit="ops",
        stack=True,
        description="Alert: IdentityWebhookFailureRate",
    ),
    panel(
        "Webhook deliveries pending",
        [
            (q("max by (state) (identity_webhook_deliveries_pending{$SEL})"), "pending ({{state}} webhooks)"),
            (q("max(identity_webhook_deliveries_due{$SEL})"), "due now"),
            (q("max(identity_webhook_deliveries_pending_webhooks{$SEL})"), "webhooks waited for"),
        ],
        description="Every tenant; deliveries of paused webhooks are held, not owed",
    ),
    panel(
        "Oldest pending webhook delivery",
        [
            (q("max(identity_webhook_deliveries_oldest_pending_seconds{$SEL})"), "age"),
        ],
        unit="s",
        description="From the start of its series of attempts. Alert: IdentityWebhookBacklog (>3h for 15m)",
    ),
    panel(
        "Webhook delivery latency p95 by outcome",
        [
            (
                q(
                    "histogram_quantile(0.95, sum by (le, outcome) "
                    "(rate(identity_webhook_delivery_latency_seconds_bucket{$SEL}[$__rate_interval])))"
                ),
                "{{outcome}}",
            ),
        ],
        unit="s",
        description="Event commit to the end of an attempt; failed attempts of a backlog show here too",
    ),
    panel(
        "Backlog gauge read failures",
        [
            (q("sum(increase(identity_metrics_database_read_failures_total{$SEL}[$__rate_interval]))"), "failures"),
        ],
        description="Alert: IdentityBacklogGaugesUnreadable",
    ),
    row("Processes"),
    panel(
        "Scrape targets up",
        [
            (q("sum by (job) (up{$SEL})"), "{{job}} up"),
            (q("count by (job) (up{$SEL})"), "{{job}} total"),
        ],
        description="Alert: IdentityTargetDown",
    ),
    panel(
        "Process memory (resident)",
        [
            (q("process_resident_memory_bytes{$SEL}"), "{{instance}}"),
        ],
        unit="bytes",
    ),
]


def layout(panels: list[dict]) -> list[dict]:
    x = y = row_h = 0
    for i, p in enumerate(panels, start=1):
        p["id"] = i
        w, h = p["gridPos"]["w"], p["gridPos"]["h"]
        if p["type"] == "row" or x + w > 24:
            x, y = 0, y + row_h
            row_h = 0
        p["gridPos"].update(x=x, y=y)
        x += w
        row_h = max(row_h, h)
        if p["type"] == "row":
            x, y, row_h = 0, y + h, 0
    return panels


def dashboard() -> dict:
    return {
        "__inputs": [
            {
                "name": "DS_PROMETHEUS",
                "label": "Prometheus",
                "type": "datasource",
                "pluginId": "prometheus",
                "pluginName": "Prometheus",
            }
        ],
        "uid": "identity-overview",
        "title": "Identity service",
        "description": "API, database pool, jobs/outbox and delivery metrics of the identity service",
        "tags": ["identity"],
        "timezone": "browser",
        "schemaVersion": 39,
        "version": 1,
        "editable": True,
        "graphTooltip": 1,
        "refresh": "30s",
        "time": {"from": "now-6h", "to": "now"},
        "templating": {
            "list": [
                {
                    "name": "datasource",
                    "label": "Data source",
                    "type": "datasource",
                    "query": "prometheus",
                    "current": {},
                    "hide": 0,
                },
                {
                    "name": "job",
                    "label": "Job",
                    "type": "query",
                    "datasource": DS,
                    "query": {"query": "label_values(up, job)", "refId": "job"},
                    "definition": "label_values(up, job)",
                    "regex": "/identity.*/",
                    "includeAll": True,
                    "multi": True,
                    "allValue": "identity.*",
                    "current": {},
                    "refresh": 2,
                    "sort": 1,
                    "hide": 0,
                },
            ]
        },
        "annotations": {"list": []},
        "links": [],
        "panels": layout(PANELS),
    }


def render() -> str:
    return json.dumps(dashboard(), indent=2, sort_keys=False) + "\n"


if __name__ == "__main__":
    text = render()
    if "--check" in sys.argv:
        if OUT.read_text() != text:
            print(f"{OUT} is stale: run python3 {Path(__file__).name}", file=sys.stderr)
            sys.exit(1)
        sys.exit(0)
    OUT.write_text(text)
    print(f"wrote {OUT}")
