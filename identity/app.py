"""Builds the aiohttp application: middleware, routes of every resource family, lifecycle."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import msgspec
import structlog
from aiohttp import web

from identity.auth import passwords
from identity.config import Settings
from identity.crypto import SecretBox
from identity.db.listener import Listener
from identity.db.pool import create_pool, resolve_dsn
from identity.http import openapi
from identity.http.auth import LastUsed
from identity.http.key_cache import KeyCache
from identity.http.middleware import platform_middleware
from identity.http.routing import Router
from identity.ratelimit.limiter import Limiter
from identity.state import STATE, AppState

log = structlog.get_logger("identity.app")

MAX_BODY_BYTES = 1024 * 1024
LAST_USED_FLUSH_SECONDS = 10

#: Awaited with the app once the pool is open / before it closes; families register here.
STARTUP_HOOKS: list = []
SHUTDOWN_HOOKS: list = []


def routers() -> list[Router]:
    """Every resource family's router; a new family adds itself here."""
    from identity import platform_routes
    from identity.admin import routes as admin
    from identity.audit import routes as audit
    from identity.auth import routes as auth
    from identity.clients import routes as clients
    from identity.connections import routes as connections
    from identity.email import routes as email
    from identity.keys import routes as keys
    from identity.mfa import routes as mfa
    from identity.oauth import routes as oauth
    from identity.organizations import routes as organizations
    from identity.revocations import routes as revocations
    from identity.sessions import routes as sessions
    from identity.tenants import routes as tenants
    from identity.tokens import routes as tokens
    from identity.users import routes as users
    from identity.webhooks import routes as webhooks

    return [platform_routes.router, tenants.router, keys.router, email.router, auth.router,
            sessions.router, tokens.router, webhooks.router, organizations.router, clients.router,
            oauth.router, mfa.router, users.router, admin.router, audit.router, connections.router,
            revocations.router]


async def _lifecycle(app: web.Application) -> AsyncIterator[None]:
    st = app[STATE]
    if st.pool is None:
        dsn = st.dsn or resolve_dsn(st.settings)
        st.pool = await create_pool(dsn, st.settings.db_pool_min, st.settings.db_pool_max)
        st.owns_pool = True
        st.listener.dsn = st.listener.dsn or dsn
    for start in STARTUP_HOOKS:
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
        for stop in SHUTDOWN_HOOKS:
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


def _register_hooks() -> None:
    from identity.auth import runtime as auth_runtime
    from identity.oauth import machine as oauth_runtime
    from identity.revocations import runtime as revocations_runtime

    for hooks in (auth_runtime, oauth_runtime, revocations_runtime):
        if hooks.start not in STARTUP_HOOKS:
            STARTUP_HOOKS.append(hooks.start)
            SHUTDOWN_HOOKS.append(hooks.stop)


def create_app(settings: Settings, *, dsn: str | None = None, pool=None) -> web.Application:
    app = web.Application(middlewares=[platform_middleware], client_max_size=MAX_BODY_BYTES)
    st = AppState(
        settings=settings,
        box=SecretBox.load_or_create(settings.secret_key, settings.data_dir),
        last_used=LastUsed(),
        dsn=dsn,
        pool=pool,
    )
    st.limiter = Limiter.from_settings(settings)
    passwords.use_threads(settings.password_threads)  # one pool per process: the last app's size
    # Given a pool but no dsn, the listener never listens and the caches stay off.
    st.listener = Listener(dsn)
    st.key_cache = KeyCache(st.listener)
    app[STATE] = st
    _register_hooks()
    for router in routers():
        router.add_to(app)
        st.routes.extend(router.routes)
    st.openapi_bytes = msgspec.json.encode(openapi.build(st.routes, settings.public_url))
    app.cleanup_ctx.append(_lifecycle)
    # Long-lived answers (the revocation feed) end when shutdown begins, not after its grace.
    from identity.revocations import runtime as revocations_runtime

    app.on_shutdown.append(revocations_runtime.stop)
    return app
