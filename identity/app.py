"""Builds the aiohttp application: middleware, routes of every resource family, lifecycle.
What is served and what plugs into what is listed in identity/wiring.py."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import asyncpg
import msgspec
import structlog
from aiohttp import web

from identity import wiring
from identity.config import Settings
from identity.crypto import SecretBox
from identity.db.listener import Listener
from identity.db.pool import create_pool, resolve_dsn
from identity.http import openapi
from identity.http.auth import LastUsed
from identity.http.key_cache import KeyCache
from identity.http.middleware import platform_middleware
from identity.http.ratelimit.limiter import Limiter
from identity.state import STATE, AppState
from identity.users import passwords

log = structlog.get_logger("identity.app")

MAX_BODY_BYTES = 1024 * 1024
LAST_USED_FLUSH_SECONDS = 10

#: Every resource family's router (identity/wiring.py lists them).
routers = wiring.routers


async def _lifecycle(app: web.Application) -> AsyncIterator[None]:
    st = app[STATE]
    if st.pool is None:
        dsn = st.dsn or resolve_dsn(st.settings)
        st.pool = await create_pool(dsn, st.settings.db_pool_min, st.settings.db_pool_max)
        st.owns_pool = True
        st.listener.dsn = st.listener.dsn or dsn
    for start in st.registry.startup:
        await start(app)
    await st.listener.start()  # after the hooks: they subscribe their caches
    flusher = asyncio.create_task(_flush_last_used(app))
    try:
        yield
    finally:
        flusher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await flusher
        with contextlib.suppress(Exception):
            await st.last_used.flush(st.pool)
        with contextlib.suppress(Exception):
            await st.listener.stop()
        for stop in st.registry.shutdown:
            with contextlib.suppress(Exception):
                await stop(app)
        with contextlib.suppress(Exception):
            await st.limiter.backend.close()
        if st.owns_pool:
            await st.pool.close()


async def _flush_last_used(app: web.Application) -> None:
    while True:
        await asyncio.sleep(LAST_USED_FLUSH_SECONDS)
        try:
            await app[STATE].last_used.flush(app[STATE].pool)
        except Exception:  # a failed flush only loses timestamps, never requests
            log.warning("last_used_flush_failed", exc_info=True)


def create_app(settings: Settings, *, dsn: str | None = None, pool: asyncpg.Pool | None = None) -> web.Application:
    app = web.Application(middlewares=[platform_middleware], client_max_size=MAX_BODY_BYTES)
    st = AppState(
        settings=settings,
        box=SecretBox.load_or_create(settings.secret_key, settings.data_dir),
        last_used=LastUsed(),
        # Given a pool but no dsn, the listener never listens and the caches stay off.
        listener=Listener(dsn),
        dsn=dsn,
        pool=pool,
    )
    st.limiter = Limiter.from_settings(settings)
    passwords.use_threads(settings.password_threads)  # one pool per process: the last app's size
    st.key_cache = KeyCache(st.listener)
    app[STATE] = st
    wiring.wire(app)  # resolvers, hooks, seams and runtimes: every moving part, in one module
    for router in wiring.routers():
        router.add_to(app)
        st.routes.extend(router.routes)
    st.openapi_bytes = msgspec.json.encode(openapi.build(st.routes, settings.public_url))
    app.cleanup_ctx.append(_lifecycle)
    return app
