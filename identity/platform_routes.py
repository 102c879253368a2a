"""Paths outside the resource families: /health, /metrics, /openapi.json, /docs."""

from __future__ import annotations

import asyncio
import functools
from importlib import resources

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from identity import __version__
from identity.http.metrics import POOL_IDLE, POOL_MAX, POOL_SIZE
from identity.http.routing import Ctx, Router, json_response
from identity.http.types import Model
from identity.state import state

router = Router()


class Health(Model):
    status: str
    version: str
    database: str


@router.get("/health", response=Health, tenant=False, tag="Platform",
            summary="Health check; 503 when the database does not answer",
            extra={"responses": {503: Health}})
async def health(ctx: Ctx):
    try:
        async with asyncio.timeout(2):
            await ctx.pool.fetchval("SELECT 1")
    except (OSError, TimeoutError, Exception):
        return json_response(
            {"status": "unavailable", "version": __version__, "database": "unreachable"}, 503
        )
    return {"status": "ok", "version": __version__, "database": "ok"}


@router.get("/metrics", tenant=False, tag="Platform", content_type="text/plain",
            summary="Prometheus metrics")
async def metrics(ctx: Ctx):
    pool = ctx.pool
    POOL_SIZE.set(pool.get_size())
    POOL_IDLE.set(pool.get_idle_size())
    POOL_MAX.set(pool.get_max_size())
    for refresh in state(ctx.app).metrics_refreshers:
        await refresh(ctx.app)
    response = web.Response(body=generate_latest())
    response.content_type = CONTENT_TYPE_LATEST.split(";")[0]
    response.charset = "utf-8"
    return response


@router.get("/openapi.json", tenant=False, tag="Platform", summary="This OpenAPI description")
async def openapi(ctx: Ctx):
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


@router.get("/docs", tenant=False, tag="Platform", content_type="text/html",
            summary="The API reference: this description rendered by Redoc")
async def docs(ctx: Ctx):
    return web.Response(body=_DOCS_PAGE, content_type="text/html", charset="utf-8",
                        headers={"Content-Security-Policy": DOCS_CSP, "Cache-Control": "no-cache"})


@router.get("/docs/redoc.standalone.js", tenant=False, tag="Platform",
            content_type="text/javascript",
            summary="The Redoc bundle that /docs loads (served from the package, never a CDN)")
async def docs_bundle(ctx: Ctx):
    return web.Response(body=_redoc_bundle(), content_type="text/javascript", charset="utf-8",
                        headers={"Cache-Control": "public, max-age=86400"})
