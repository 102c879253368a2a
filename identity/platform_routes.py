"""Paths outside the resource families: /health, /metrics, /openapi.json."""

from __future__ import annotations

import asyncio

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
            summary="Health check; 503 when the database does not answer", errors=(503,))
async def health(ctx: Ctx):
    """Liveness and readiness probe for load balancers and orchestrators. Public: no credential, not rate
    limited. Answers 200 with the service version when the database answers a query within 2 seconds,
    else 503 with `database: "unreachable"`. Changes nothing."""
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
    """Prometheus metrics of this process in the text exposition format: HTTP requests and latencies, the
    database pool, queues and deliveries. No credential and not rate limited; expose it only on an
    internal network. Changes nothing."""
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
    """This OpenAPI document, generated from the route declarations at start-up, so it always matches the
    running service. Public: no credential, not rate limited. Use it to generate clients."""
    return web.Response(body=state(ctx.app).openapi_bytes, content_type="application/json")
