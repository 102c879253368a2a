"""What authentication keeps in memory for the app's lifetime (state.extras["auth"]):
signing keys, the verified-token LRU, the session, tenant and /me caches, the refresh hints, and a background loop
(key reload, automatic key rotation, dropping refresh replies past their reuse interval)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from typing import Any

import structlog
from aiohttp import web

from identity.sessions import signing
from identity.sessions import store as session_store
from identity.sessions.access import AccessTokens
from identity.sessions.cache import SessionCache
from identity.sessions.refresh_hints import RefreshHints
from identity.state import state
from identity.tenants.cache import TenantCache
from identity.users.me_cache import MeCache

log = structlog.get_logger("identity.auth")

MAINTENANCE_SECONDS = 30.0


@dataclass
class AuthRuntime:
    keys: signing.SigningKeys
    tokens: AccessTokens
    sessions: SessionCache
    tenants: TenantCache
    users: MeCache
    box: Any
    issuer: str
    task: asyncio.Task[None] | None = None
    refresh_hints: RefreshHints = field(default_factory=RefreshHints)


def runtime(app_or_request: web.Application | web.Request) -> AuthRuntime:
    return state(app_or_request).extras["auth"]


async def start(app: web.Application) -> None:
    st = state(app)
    keys = signing.SigningKeys(st.box, st.settings.public_url)
    async with st.pool.acquire() as conn:
        await signing.ensure_key(conn, st.box)
    await keys.load(st.pool)
    rt = AuthRuntime(
        keys=keys, tokens=AccessTokens(keys), sessions=SessionCache(st.listener),
        tenants=TenantCache(st.listener), users=MeCache(st.listener), box=st.box,
        issuer=st.settings.public_url,
    )
    rt.task = asyncio.create_task(_maintenance(app, rt))
    st.extras["auth"] = rt


async def stop(app: web.Application) -> None:
    rt: AuthRuntime | None = state(app).extras.pop("auth", None)
    if rt is None:
        return
    if rt.task is not None:
        rt.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await rt.task


async def _maintenance(app: web.Application, rt: AuthRuntime) -> None:
    pool = state(app).pool
    last_schedule_check = 0.0
    while True:
        await asyncio.sleep(MAINTENANCE_SECONDS)
        try:
            if time.monotonic() - last_schedule_check > signing.SCHEDULE_CHECK_SECONDS:
                last_schedule_check = time.monotonic()
                async with pool.acquire() as conn:
                    await signing.rotate_if_due(conn, rt.box)
            await rt.keys.maybe_reload(pool)
            async with pool.acquire() as conn:
                await session_store.drop_expired_replies(conn)
        except asyncio.CancelledError:
            raise
        except Exception:  # maintenance must never stop; the next round retries
            log.warning("auth_maintenance_failed", exc_info=True)
