"""`identity config`: the configuration this process would run with, secrets masked."""

from __future__ import annotations

import dataclasses
import os
import re
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from identity.config import Settings

#: Settings attribute -> the variable it is read from (docs/configuration.md).
VARIABLES = {
    "database_url": "IDENTITY_DATABASE_URL",
    "data_dir": "IDENTITY_DATA_DIR",
    "public_url": "IDENTITY_PUBLIC_URL",
    "master_key": "IDENTITY_MASTER_KEY",
    "cp_admin_key": "IDENTITY_CP_ADMIN_KEY",
    "admin_token": "IDENTITY_ADMIN_TOKEN",
    "smtp_url": "IDENTITY_SMTP_URL",
    "sms_gateway_url": "IDENTITY_SMS_GATEWAY_URL",
    "webhook_allow_http": "IDENTITY_WEBHOOK_ALLOW_HTTP",
    "webhook_retry_schedule": "IDENTITY_WEBHOOK_RETRY_SCHEDULE",
    "trusted_proxies": "IDENTITY_TRUSTED_PROXIES",
    "redis_url": "IDENTITY_REDIS_URL",
    "rate_limits_enabled": "IDENTITY_RATE_LIMITS",
    "secret_key": "IDENTITY_SECRET_KEY",
    "db_pool_min": "IDENTITY_DB_POOL_MIN",
    "db_pool_max": "IDENTITY_DB_POOL_MAX",
    "password_threads": "IDENTITY_PASSWORD_THREADS",
    "http_header_timeout": "IDENTITY_HTTP_HEADER_TIMEOUT",
    "http_body_timeout": "IDENTITY_HTTP_BODY_TIMEOUT",
    "http_idle_timeout": "IDENTITY_HTTP_IDLE_TIMEOUT",
    "http_max_connections": "IDENTITY_HTTP_MAX_CONNECTIONS",
    "http_max_connections_per_address": "IDENTITY_HTTP_MAX_CONNECTIONS_PER_ADDRESS",
    "rate_limit_ipv6_prefix": "IDENTITY_RATE_LIMIT_IPV6_PREFIX",
    "access_log_sample": "IDENTITY_ACCESS_LOG_SAMPLE",
    "otlp_endpoint": "IDENTITY_OTLP_ENDPOINT",
    "metrics_addr": "IDENTITY_METRICS_ADDR",
    "metrics_token": "IDENTITY_METRICS_TOKEN",
    "revocation_keepalive": "IDENTITY_REVOCATION_KEEPALIVE",
    "revocation_stream_max": "IDENTITY_REVOCATION_STREAM_MAX",
    "event_loop": "IDENTITY_EVENT_LOOP",
}

#: Values that are credentials themselves: only whether one is set is shown.
SECRET = frozenset({"master_key", "cp_admin_key", "admin_token", "secret_key", "metrics_token"})
#: URLs that may carry a password in their userinfo (or a query such as ?password=).
URLS = frozenset({"database_url", "smtp_url", "redis_url", "sms_gateway_url", "otlp_endpoint"})

MASK = "********"
#: Names of other variables whose values are credentials (or URLs that may hold one).
_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD", re.I)


def mask_url(url: str) -> str:
    """The URL with its password and query masked; scheme, user, host, port and path kept."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return MASK
    user = parts.username or ""
    userinfo = f"{user}:{MASK}@" if parts.password else (f"{user}@" if user else "")
    query = MASK if parts.query else ""
    return urlunsplit((parts.scheme, f"{userinfo}{host}{port}", parts.path, query, ""))


def _shown(name: str, value: Any) -> Any:
    if value is None:
        return None
    if name in SECRET:
        return f"set ({MASK})"
    if name in URLS:
        return mask_url(str(value))
    if name == "metrics_addr":
        host, port = value
        return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def effective(settings: Settings, env: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """One row per setting: variable, effective value (masked), and whether it came from the
    environment or is the default."""
    env = dict(os.environ if env is None else env)
    rows = []
    for name, variable in VARIABLES.items():
        value = getattr(settings, name)
        if name == "data_dir":
            value = value.resolve()
        rows.append(
            {
                "variable": variable,
                "value": _shown(name, value),
                "source": "environment" if env.get(variable) else "default",
            }
        )
    from workers.runtime import Policy

    runtime = Policy.from_env(env)
    for variable, attribute in (
        ("IDENTITY_OUTBOX_RETRY_SCHEDULE", "retry_schedule"),
        ("IDENTITY_OUTBOX_JOB_TIMEOUT", "job_timeout"),
        ("IDENTITY_OUTBOX_LEASE", "lease"),
        ("IDENTITY_WORKER_STALLED_AFTER", "stalled_after"),
        ("IDENTITY_OUTBOX_SWEEP_GRACE", "sweep_grace"),
    ):
        rows.append(
            {
                "variable": variable,
                "value": _shown(attribute, getattr(runtime, attribute, None)),
                "source": "environment" if env.get(variable) else "default",
            }
        )
    # Any other IDENTITY_* variable set here (read by the container entrypoint, or by a part of
    # the service that reads its own): shown as set, masked by its name.
    known = {row["variable"] for row in rows}
    for variable in sorted(v for v in env if v.startswith("IDENTITY_") and v not in known and env[v]):
        value = env[variable]
        if _SECRET_NAME.search(variable):
            value = f"set ({MASK})"
        elif variable.endswith("_URL") or "://" in value:
            value = mask_url(value)
        rows.append({"variable": variable, "value": value, "source": "environment"})
    return rows


def unlisted_settings() -> set[str]:
    """Settings attributes with no row above (a test keeps this empty)."""
    return {f.name for f in dataclasses.fields(Settings)} - set(VARIABLES) - {"extra"}
