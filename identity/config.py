"""Settings, read once from the environment (docs/configuration.md)."""

from __future__ import annotations

import importlib.util
import ipaddress
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from identity.durations import parse_duration


def _bool(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


RETRIES = 5  # IDENTITY_WEBHOOK_RETRY_SCHEDULE holds the delays of the five retries (docs/webhooks.md)


def _retry_schedule(value: str) -> tuple[float, ...]:
    usage = f"IDENTITY_WEBHOOK_RETRY_SCHEDULE must be {RETRIES} comma-separated delays, e.g. 5s,30s,5m,30m,2h"
    parts = [p.strip() for p in value.split(",")]
    if len(parts) != RETRIES:
        raise SystemExit(f"{usage}; got {len([p for p in parts if p])}")
    try:
        return tuple(parse_duration(p).total_seconds() for p in parts)
    except ValueError as exc:
        raise SystemExit(f"{usage}: {exc}") from None


_Default = TypeVar("_Default", int, None)


def _whole(name: str, value: str | None, default: _Default, least: int) -> int | _Default:
    value = (value or "").strip()
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        raise SystemExit(f"{name} must be a whole number") from None
    if number < least:
        raise SystemExit(f"{name} must be at least {least}")
    return number


def _fraction(name: str, value: str | None, default: float) -> float:
    value = (value or "").strip()
    if not value:
        return default
    try:
        number = float(value)
    except ValueError:
        raise SystemExit(f"{name} must be a number from 0 to 1") from None
    if not 0.0 <= number <= 1.0:
        raise SystemExit(f"{name} must be a number from 0 to 1")
    return number


def _networks(value: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    try:
        return tuple(ipaddress.ip_network(p.strip(), strict=False) for p in value.split(",") if p.strip())
    except ValueError as exc:
        raise SystemExit(f"IDENTITY_TRUSTED_PROXIES must be comma-separated CIDRs: {exc}") from None


def _seconds(name: str, env: dict[str, str], default: float) -> float:
    value = (env.get(name) or "").strip()
    if not value:
        return default
    try:
        seconds = parse_duration(value).total_seconds()
    except ValueError as exc:
        raise SystemExit(f"{name} must be a duration such as 10s: {exc}") from None
    if seconds <= 0:
        raise SystemExit(f"{name} must be longer than 0s")
    return seconds


def _ipv6_prefix(value: str | None) -> int:
    prefix = _whole("IDENTITY_RATE_LIMIT_IPV6_PREFIX", value, 64, 1)
    if prefix > 128:
        raise SystemExit("IDENTITY_RATE_LIMIT_IPV6_PREFIX must be at most 128")
    return prefix


EVENT_LOOPS = ("asyncio", "uvloop")


def uvloop_available() -> bool:
    """uvloop is a pinned dependency on every platform but Windows (libuv's loop has no Windows
    build); an install without it runs on asyncio's loop."""
    return sys.platform != "win32" and importlib.util.find_spec("uvloop") is not None


#: IDENTITY_EVENT_LOOP when unset: uvloop where it is installed, asyncio's own loop elsewhere.
DEFAULT_EVENT_LOOP = "uvloop" if uvloop_available() else "asyncio"


def _event_loop(value: str | None) -> str:
    loop = (value or "").strip().lower() or DEFAULT_EVENT_LOOP
    if loop not in EVENT_LOOPS:
        raise SystemExit(f"IDENTITY_EVENT_LOOP must be one of {', '.join(EVENT_LOOPS)}, not {value!r}")
    if loop == "uvloop" and not uvloop_available():
        raise SystemExit("IDENTITY_EVENT_LOOP=uvloop, but uvloop is not installed here (no Windows build): use asyncio")
    return loop


def _listen_address(value: str) -> tuple[str, int] | None:
    """IDENTITY_METRICS_ADDR: host:port ([v6]:port for IPv6), or unset for no listener."""
    value = value.strip()
    if not value:
        return None
    usage = f"IDENTITY_METRICS_ADDR must be host:port, e.g. 127.0.0.1:9464; got {value!r}"
    host, sep, port = value.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise SystemExit(usage)
    return host, int(port)


#: Shortest IDENTITY_METRICS_TOKEN accepted: a bearer token that guesses cannot reach.
METRICS_TOKEN_MIN = 24


@dataclass(frozen=True)
class Settings:
    database_url: str | None = None
    data_dir: Path = Path(".identity")
    public_url: str = "http://127.0.0.1:3000"
    master_key: str | None = None
    cp_admin_key: str | None = None
    admin_token: str | None = None
    smtp_url: str | None = None
    sms_gateway_url: str | None = None
    webhook_allow_http: bool = False
    webhook_retry_schedule: tuple[float, ...] = (5, 30, 300, 1800, 7200)
    trusted_proxies: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()
    redis_url: str | None = None
    rate_limits_enabled: bool = True
    secret_key: str | None = None
    db_pool_min: int = 2
    db_pool_max: int = 20
    #: threads hashing passwords per process; None: one per core it may run on
    password_threads: int | None = None
    #: slow clients (identity/http/server.py): seconds a request head may take from its first
    #: byte, a body from the end of its head, and a kept-alive connection may sit idle
    http_header_timeout: float = 10.0
    http_body_timeout: float = 30.0
    http_idle_timeout: float = 75.0
    #: client connections held at once; None: from the descriptor limit
    http_max_connections: int | None = None
    #: client connections one address (IPv6: its rate-limit prefix) holds at once; None: no cap
    http_max_connections_per_address: int | None = None
    #: IPv6 clients are counted by this prefix (rate limits): one host holds a whole /64
    rate_limit_ipv6_prefix: int = 64
    #: the share of 2xx/3xx requests written to the access log (4xx and 5xx always are)
    access_log_sample: float = 1.0
    #: an OTLP/HTTP collector's base URL: traces are sent when set (docs/observability.md)
    otlp_endpoint: str | None = None
    #: where a listener of its own serves /metrics (docs/metrics.md); None: no such listener
    metrics_addr: tuple[str, int] | None = None
    #: bearer token that opens /metrics on the API port; None: /metrics there answers 404
    metrics_token: str | None = None
    #: the revocation feed (docs/revocations.md): seconds between keepalive comments, and the
    #: longest a stream stays open before the client must reconnect
    revocation_keepalive: float = 15.0
    revocation_stream_max: float = 3600.0
    #: the event loop of `identity serve|web|worker`: uvloop (libuv), which spends less CPU per
    #: request, where installed; else asyncio's own (docs/performance.md, "Token endpoints per request")
    event_loop: str = DEFAULT_EVENT_LOOP
    extra: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        env = dict(os.environ if env is None else env)
        return cls(
            database_url=env.get("IDENTITY_DATABASE_URL") or None,
            data_dir=Path(env.get("IDENTITY_DATA_DIR") or ".identity"),
            public_url=(env.get("IDENTITY_PUBLIC_URL") or "http://127.0.0.1:3000").rstrip("/"),
            master_key=env.get("IDENTITY_MASTER_KEY") or None,
            cp_admin_key=env.get("IDENTITY_CP_ADMIN_KEY") or None,
            admin_token=env.get("IDENTITY_ADMIN_TOKEN") or None,
            smtp_url=env.get("IDENTITY_SMTP_URL") or None,
            sms_gateway_url=env.get("IDENTITY_SMS_GATEWAY_URL") or None,
            webhook_allow_http=_bool(env.get("IDENTITY_WEBHOOK_ALLOW_HTTP")),
            webhook_retry_schedule=_retry_schedule(env.get("IDENTITY_WEBHOOK_RETRY_SCHEDULE") or "5s,30s,5m,30m,2h"),
            trusted_proxies=_networks(env.get("IDENTITY_TRUSTED_PROXIES", "")),
            redis_url=env.get("IDENTITY_REDIS_URL") or None,
            rate_limits_enabled=(env.get("IDENTITY_RATE_LIMITS", "on").strip().lower() != "off"),
            secret_key=env.get("IDENTITY_SECRET_KEY") or None,
            db_pool_min=_whole("IDENTITY_DB_POOL_MIN", env.get("IDENTITY_DB_POOL_MIN"), 2, 0),
            db_pool_max=_whole("IDENTITY_DB_POOL_MAX", env.get("IDENTITY_DB_POOL_MAX"), 20, 1),
            password_threads=_whole("IDENTITY_PASSWORD_THREADS", env.get("IDENTITY_PASSWORD_THREADS"), None, 1),
            http_header_timeout=_seconds("IDENTITY_HTTP_HEADER_TIMEOUT", env, 10.0),
            http_body_timeout=_seconds("IDENTITY_HTTP_BODY_TIMEOUT", env, 30.0),
            http_idle_timeout=_seconds("IDENTITY_HTTP_IDLE_TIMEOUT", env, 75.0),
            http_max_connections=_whole(
                "IDENTITY_HTTP_MAX_CONNECTIONS", env.get("IDENTITY_HTTP_MAX_CONNECTIONS"), None, 1
            ),
            http_max_connections_per_address=_whole(
                "IDENTITY_HTTP_MAX_CONNECTIONS_PER_ADDRESS",
                env.get("IDENTITY_HTTP_MAX_CONNECTIONS_PER_ADDRESS"),
                None,
                1,
            ),
            rate_limit_ipv6_prefix=_ipv6_prefix(env.get("IDENTITY_RATE_LIMIT_IPV6_PREFIX")),
            access_log_sample=_fraction("IDENTITY_ACCESS_LOG_SAMPLE", env.get("IDENTITY_ACCESS_LOG_SAMPLE"), 1.0),
            otlp_endpoint=(env.get("IDENTITY_OTLP_ENDPOINT") or "").strip() or None,
            metrics_addr=_listen_address(env.get("IDENTITY_METRICS_ADDR", "")),
            metrics_token=env.get("IDENTITY_METRICS_TOKEN") or None,
            revocation_keepalive=_seconds("IDENTITY_REVOCATION_KEEPALIVE", env, 15.0),
            revocation_stream_max=_seconds("IDENTITY_REVOCATION_STREAM_MAX", env, 3600.0),
            event_loop=_event_loop(env.get("IDENTITY_EVENT_LOOP")),
        )

    def __post_init__(self) -> None:
        if self.db_pool_min > self.db_pool_max:
            raise SystemExit(
                f"IDENTITY_DB_POOL_MIN ({self.db_pool_min}) must not be above IDENTITY_DB_POOL_MAX ({self.db_pool_max})"
            )

    def validate(self) -> None:
        """Refuse to start with a configured credential that is too short to be safe."""
        if self.master_key and not (self.master_key.startswith("mk_live_") and len(self.master_key) >= 8 + 32):
            raise SystemExit("IDENTITY_MASTER_KEY must be mk_live_ followed by 32+ characters")
        if self.cp_admin_key and not (self.cp_admin_key.startswith("sk_cp_") and len(self.cp_admin_key) >= 6 + 32):
            raise SystemExit("IDENTITY_CP_ADMIN_KEY must be sk_cp_ followed by 32+ characters")
        if self.metrics_token is not None and len(self.metrics_token) < METRICS_TOKEN_MIN:
            raise SystemExit(f"IDENTITY_METRICS_TOKEN must be at least {METRICS_TOKEN_MIN} characters")
