"""Paths outside the resource families: /health, /metrics, /openapi.json."""

from __future__ import annotations

import asyncio

from aiohttp import web

from identity import __version__
from identity.http import exposition
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


@router.get("/metrics", tenant=False, tag="Platform", content_type="text/plain", errors=(401, 404),
            summary="Prometheus metrics (404 unless IDENTITY_METRICS_TOKEN is set; then that bearer token)",
            description="Closed on the API port unless `IDENTITY_METRICS_TOKEN` is set, and then open only "
                        "to `Authorization: Bearer <IDENTITY_METRICS_TOKEN>`. The listener of its own "
                        "(`IDENTITY_METRICS_ADDR`) serves the same text without a token.")
async def metrics(ctx: Ctx):
    """Prometheus metrics of this process in the text exposition format: HTTP requests and latencies,
    sign-in and sign-up outcomes by error code, the database pool, the job queues, the outbox and
    pending webhook deliveries. On the API port it answers 404 unless `IDENTITY_METRICS_TOKEN` is set,
    and then only to that bearer token; the listener of its own (`IDENTITY_METRICS_ADDR`) serves it
    without one. Not rate limited. Changes nothing."""
    exposition.authorise(ctx.request, ctx.settings.metrics_token)
    return await exposition.respond(ctx.pool, tuple(state(ctx.app).metrics_refreshers), ctx.app)


@router.get("/openapi.json", tenant=False, tag="Platform", summary="This OpenAPI description")
async def openapi(ctx: Ctx):
    """This OpenAPI document, generated from the route declarations at start-up, so it always matches the
    running service. Public: no credential, not rate limited. Use it to generate clients."""
    return web.Response(body=state(ctx.app).openapi_bytes, content_type="application/json")
