"""Middleware: request id, version header, the error envelope on every 4xx/5xx, metrics, logs."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import asyncpg
import structlog
from aiohttp import web
from aiohttp.typedefs import Handler

from identity import __version__, origin, tracing
from identity.db.pool import DatabaseUnavailable
from identity.http import accesslog, cors, server
from identity.http.errors import INTERNAL_ERROR, SERVICE_UNAVAILABLE, ApiError, from_http
from identity.http.metrics import LATENCY, REQUESTS
from identity.http.routing import json_response
from identity.ids import new_id
from identity.state import RATE_HEADERS, REQUEST_ID

log = structlog.get_logger("identity.http")
_NO_SPAN: contextlib.nullcontext[None] = contextlib.nullcontext()

#: What asyncpg raises while Postgres is down, restarting or failing over (each seen in
#: tests/test_faults.py::test_postgres_restart_under_load): terminated sessions (57P01/57P02),
#: "starting up / shutting down" (57P03), lost or refused connections (class 08), too many
#: connections, the protocol error asyncpg raises when the server goes away during COMMIT, and
#: DatabaseUnavailable, which our own code raises when it knows (the revocation feed).
#: A request that fails so has unknown outcome at worst; 503 tells the client to retry (with its
#: Idempotency-Key).
_DB_DOWN = (
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,
    asyncpg.PostgresConnectionError,
    asyncpg.TooManyConnectionsError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    DatabaseUnavailable,
)


def _database_down(exc: Exception) -> bool:
    """Whether the request failed because the database cannot be reached. Beside asyncpg's own
    errors, an OSError (a reset or refused connection, a missing Unix socket, a pool acquire
    timeout: TimeoutError is one) counts only when asyncpg raised it, i.e. a frame of its
    traceback is asyncpg's. Any other OSError (a template or file that is missing, a
    permission refused) is a bug of ours: answered 500 and logged as such, never hidden as an
    outage the client should retry."""
    if isinstance(exc, _DB_DOWN):
        return True
    if not isinstance(exc, OSError):
        return False
    trace = exc.__traceback__
    while trace is not None:
        module = trace.tb_frame.f_globals.get("__name__", "")
        if module == "asyncpg" or module.startswith("asyncpg."):
            return True
        trace = trace.tb_next
    return False


def _protect(response: web.StreamResponse) -> None:
    """Headers every answer carries: no MIME sniffing; and no page of ours may be framed by
    another site (clickjacking), whatever CSP the page sets for itself."""
    headers = response.headers
    headers.setdefault("X-Content-Type-Options", "nosniff")
    # Only a type that names html can be text/html (aiohttp would parse the header otherwise).
    if "html" in headers.get("Content-Type", "").lower() and response.content_type == "text/html":
        headers.setdefault("X-Frame-Options", "DENY")
        csp = headers.get("Content-Security-Policy")
        if not csp:
            headers["Content-Security-Policy"] = "frame-ancestors 'none'"
        elif "frame-ancestors" not in csp:
            headers["Content-Security-Policy"] = csp.rstrip("; ") + "; frame-ancestors 'none'"


#: (route, method, status) -> the children of REQUESTS and LATENCY. prometheus_client's
#: labels() takes a lock and builds the key on every call, a few per cent of a cheap request's
#: CPU; the set of routes, methods and statuses is small and fixed, so each pair is kept.
_METRICS: dict[tuple[str, str, int], tuple[Any, Any]] = {}


def _metrics(route: str, method: str, status: int) -> tuple[Any, Any]:
    key = (route, method, status)
    children = _METRICS.get(key)
    if children is None:
        children = (REQUESTS.labels(route, method, str(status)), LATENCY.labels(route, method))
        if len(_METRICS) < 10_000:  # methods are the client's choice: bounded all the same
            _METRICS[key] = children
    return children


@web.middleware
async def platform_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    guard = server.started(request)  # the head has arrived: its deadline ends here
    request_id = "req_" + new_id("x")[2:]
    request[REQUEST_ID] = request_id
    started = time.perf_counter()
    response: web.StreamResponse | None = None
    route = accesslog.route_of(request)
    # The request's origin (identity/origin.py): its log lines, and the work it queues, carry
    # its id; with tracing on, its span continues an incoming traceparent.
    traced = (
        tracing.span(
            f"{request.method} {route}",
            kind="server",
            headers=request.headers,
            attributes={
                "http.request.method": request.method,
                "url.path": request.path,
                "identity.request_id": request_id,
            },
        )
        if tracing.enabled()
        else _NO_SPAN  # tracing off: no generator to enter and leave per request
    )
    with origin.opened(request_id), traced as span:
        status = 500
        try:
            response = await _answer(request, handler, request_id)
            status = response.status
            return response
        except web.HTTPException as exc:  # a redirect a handler raised (3xx), passed on as is
            status = exc.status
            raise
        finally:
            elapsed = time.perf_counter() - started
            counter, latency = _metrics(route, request.method, status)
            counter.inc()
            latency.observe(elapsed)
            accesslog.record(request, status, response, request_id, elapsed, route)
            if span is not None:
                tracing.annotate(
                    span,
                    **{"http.route": route, "http.response.status_code": status},
                    error=str(status) if status >= 500 else None,
                )
            if guard is not None:
                guard.ended()


async def _answer(request: web.Request, handler: Handler, request_id: str) -> web.StreamResponse:
    try:
        response = cors.preflight(request) or await handler(request)
    except ApiError as exc:
        request[accesslog.ERROR_CODE] = exc.code  # the access line's error_code, without re-parsing
        response = json_response(exc.body(request_id), exc.status, exc.headers)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        error = from_http(exc.status, exc.reason)
        request[accesslog.ERROR_CODE] = error.code
        response = json_response(error.body(request_id), exc.status)
        if exc.status == 405 and "Allow" in exc.headers:
            response.headers["Allow"] = exc.headers["Allow"]
    except Exception as exc:
        if _database_down(exc):
            log.error("database_unavailable", error=repr(exc))
            error = SERVICE_UNAVAILABLE()
            request[accesslog.ERROR_CODE] = error.code
            response = json_response(error.body(request_id), 503, {"Retry-After": "1"})
        else:
            log.exception("unhandled_error", path=request.path, method=request.method)
            error = INTERNAL_ERROR()
            request[accesslog.ERROR_CODE] = error.code
            response = json_response(error.body(request_id), 500)
    rate_headers = request.get(RATE_HEADERS)
    if rate_headers:
        for name, value in rate_headers.items():
            response.headers.setdefault(name, value)
    cors.decorate(request, response)
    _protect(response)
    response.headers["X-Request-ID"] = request_id
    response.headers["X-Service-Version"] = __version__
    return response
