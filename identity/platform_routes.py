"""Paths outside the resource families: /health, /metrics, /openapi.json, /docs."""

from __future__ import annotations

import asyncio
import functools
from importlib import resources

from aiohttp import web

from identity import __version__
from identity.db.pool import ping
from identity.http import exposition
from identity.http.errors import NOT_FOUND, UNAUTHENTICATED
from identity.http.routing import Ctx, HandlerResult, Router, json_response
from identity.http.types import Model
from identity.state import state

router = Router()


class Health(Model):
    status: str
    version: str
    database: str


@router.get(
    "/health",
    response=Health,
    tenant=False,
    tag="Platform",
    summary="Health check; 503 when the database does not answer",
    extra={"responses": {503: Health}},
)
async def health(ctx: Ctx) -> HandlerResult:
    """Liveness and readiness probe for load balancers and orchestrators. Public: no credential, not rate
    limited. Answers 200 with the service version when the database answers a query within 2 seconds,
    else 503 with `database: "unreachable"`. Changes nothing."""
    try:
        async with asyncio.timeout(2):
            await ping(ctx.pool)
    except (OSError, TimeoutError, Exception):
        return json_response({"status": "unavailable", "version": __version__, "database": "unreachable"}, 503)
    return {"status": "ok", "version": __version__, "database": "ok"}


@router.get(
    "/metrics",
    tenant=False,
    tag="Platform",
    content_type="text/plain",
    errors=(UNAUTHENTICATED, NOT_FOUND),
    summary="Prometheus metrics (404 unless IDENTITY_METRICS_TOKEN is set; then that bearer token)",
)
async def metrics(ctx: Ctx) -> HandlerResult:
    """Prometheus metrics of this process in the text exposition format: HTTP requests and latencies,
    sign-in and sign-up outcomes by error code, the database pool, the job queues, the outbox and
    pending webhook deliveries. No API credential: on the API port it answers 404 unless
    `IDENTITY_METRICS_TOKEN` is set, and then only to `Authorization: Bearer <IDENTITY_METRICS_TOKEN>`;
    the listener of its own (`IDENTITY_METRICS_ADDR`) serves it without a token. Not rate limited.
    Changes nothing."""
    exposition.authorise(ctx.request, ctx.settings.metrics_token)
    return await exposition.respond(ctx.pool, tuple(state(ctx.app).metrics_refreshers))


@router.get("/openapi.json", tenant=False, tag="Platform", summary="This OpenAPI description")
async def openapi(ctx: Ctx) -> HandlerResult:
    """This OpenAPI document, generated from the route declarations at start-up, so it always matches the
    running service. Public: no credential, not rate limited. Use it to generate clients."""
    return web.Response(body=state(ctx.app).openapi_bytes, content_type="application/json")


#: The reader loads only what this service serves; Redoc styles itself inline and runs its
#: search index in a worker it creates from a blob: URL.
DOCS_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src blob:; "
    "child-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
# Relative addresses, so that the page also works behind a path prefix.
_DOCS_PAGE = b"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Identity service API reference</title>
</head>
<body>
<redoc spec-url="openapi.json"></redoc>
<script src="docs/redoc.standalone.js"></script>
</body>
</html>
"""


@functools.cache
def _redoc_bundle() -> bytes:
    return resources.files("identity").joinpath("static/redoc.standalone.js").read_bytes()


@router.get(
    "/docs",
    tenant=False,
    tag="Platform",
    content_type="text/html",
    summary="The API reference: this description rendered by Redoc",
)
async def docs(ctx: Ctx) -> HandlerResult:
    """The API reference for people: this document rendered by Redoc, served by the service itself (no
    CDN; the page's Content-Security-Policy allows only the service's own scripts). No credential,
    not rate limited, changes nothing. Machines read `GET /openapi.json` instead."""
    return web.Response(
        body=_DOCS_PAGE,
        content_type="text/html",
        charset="utf-8",
        headers={"Content-Security-Policy": DOCS_CSP, "Cache-Control": "no-cache"},
    )


@router.get(
    "/docs/redoc.standalone.js",
    tenant=False,
    tag="Platform",
    content_type="text/javascript",
    summary="The Redoc bundle that /docs loads (served from the package, never a CDN)",
)
async def docs_bundle(ctx: Ctx) -> HandlerResult:
    """The Redoc bundle that `GET /docs` loads, vendored in the package at a pinned version (no CDN at
    run time). No credential, cached by browsers for a day, changes nothing."""
    return web.Response(
        body=_redoc_bundle(),
        content_type="text/javascript",
        charset="utf-8",
        headers={"Cache-Control": "public, max-age=86400"},
    )
