"""Builds the aiohttp application: middleware, routes of every resource family, lifecycle."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import msgspec
import structlog
from aiohttp import web

from identity.config import Settings
from identity.crypto import SecretBox
from identity.db.pool import create_pool, resolve_dsn
from identity.http import openapi
from identity.http.auth import LastUsed
from identity.http.middleware import platform_middleware
from identity.http.routing import Router

log = structlog.get_logger("identity.app")

MAX_BODY_BYTES = 1024 * 1024
LAST_USED_FLUSH_SECONDS = 10


def routers() -> list[Router]:
    """Every resource family's router; a new family adds itself here."""
    from identity import platform_routes
    from identity.keys import routes as keys
    from identity.tenants import routes as tenants

    return [platform_routes.router, tenants.router, keys.router]


async def _lifecycle(app: web.Application) -> AsyncIterator[None]:
    settings: Settings = app["settings"]
    if app.get("pool") is None:
        dsn = app.get("dsn") or resolve_dsn(settings)
        app["pool"] = await create_pool(dsn, settings.db_pool_min, settings.db_pool_max)
        app["owns_pool"] = True
    flusher = asyncio.create_task(_flush_last_used(app))
    try:
        yield
    finally:
        flusher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await flusher
        with contextlib.suppress(Exception):
            await app["last_used"].flush(app["pool"])
        if app.get("owns_pool"):
            await app["pool"].close()


async def _flush_last_used(app: web.Application) -> None:
    while True:
        await asyncio.sleep(LAST_USED_FLUSH_SECONDS)
        try:
            await app["last_used"].flush(app["pool"])
        except Exception:  # a failed flush only loses timestamps, never requests
            log.warning("last_used_flush_failed", exc_info=True)


def create_app(settings: Settings, *, dsn: str | None = None, pool=None) -> web.Application:
    app = web.Application(middlewares=[platform_middleware], client_max_size=MAX_BODY_BYTES)
    app["settings"] = settings
    app["dsn"] = dsn
    app["pool"] = pool
    app["box"] = SecretBox.load_or_create(settings.secret_key, settings.data_dir)
    app["last_used"] = LastUsed()
    app["metrics_refreshers"] = []
    all_routes = []
    for router in routers():
        router.add_to(app)
        all_routes.extend(router.routes)
    app["routes"] = all_routes
    app["openapi_bytes"] = msgspec.json.encode(openapi.build(all_routes, settings.public_url))
    app.cleanup_ctx.append(_lifecycle)
    return app
