"""What authentication keeps in memory for the app's lifetime (app[AUTH], set by identity/wiring.py):
signing keys, the verified-token LRU, the session, tenant and /me caches, the refresh hints, and a background loop
(key reload, automatic key rotation, dropping refresh replies past their reuse interval)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import structlog
from aiohttp import web

from identity.crypto import SecretBox
from identity.sessions import signing
from identity.sessions import store as session_store
from identity.sessions.access import AccessTokens
from identity.sessions.cache import SessionCache
from identity.sessions.me_cache import MeCache
from identity.sessions.refresh_hints import RefreshHints
from identity.sessions.rotations import Rotations
from identity.state import state
from identity.tenants.cache import TenantCache

log = structlog.get_logger("identity.auth")

MAINTENANCE_SECONDS = 30.0

#: The MFA seam (identity/auth/mfa_gate.py): (conn, tenant, user row, **context) -> None (no MFA
#: needed) or the mfa_challenge object. Handed over by identity/wiring.py; None: MFA is never asked.
MfaGate = Callable[..., Awaitable[dict[str, Any] | None]]
#: (tenant, user row) -> True when the gate would surely answer None for this user.
MfaSkip = Callable[[Any, Any], bool]
#: The first proof of an address (identity/auth/email_proof.py) reaches into features above the
#: sign-in flows through these, handed over by identity/wiring.py: (conn, tenant_id, user_id,
#: email) -> the linked identities unlinked, and (conn, tenant_id, user_id, audit) -> the factors
#: removed. None: the feature is absent and there is nothing to remove.
UnlinkUnvouched = Callable[[Any, str, str, str], Awaitable[list[Any]]]
RemoveFactors = Callable[[Any, str, str, Any], Awaitable[list[Any]]]


@dataclass
class AuthRuntime:
    keys: signing.SigningKeys
    tokens: AccessTokens
    sessions: SessionCache
    tenants: TenantCache
    users: MeCache
    box: SecretBox
    issuer: str
    task: asyncio.Task[None] | None = None
    refresh_hints: RefreshHints = field(default_factory=RefreshHints)
    rotations: Rotations = field(default_factory=Rotations)
    mfa_gate: MfaGate | None = None
    mfa_skip: MfaSkip | None = None
    unlink_unvouched: UnlinkUnvouched | None = None
    remove_factors: RemoveFactors | None = None


AUTH: web.AppKey[AuthRuntime] = web.AppKey("auth", AuthRuntime)


def build(
    app: web.Application,
    mfa_gate: MfaGate | None = None,
    mfa_skip: MfaSkip | None = None,
    unlink_unvouched: UnlinkUnvouched | None = None,
    remove_factors: RemoveFactors | None = None,
) -> AuthRuntime:
    """The runtime of this app, before startup: start() loads the signing keys into it."""
    st = state(app)
    keys = signing.SigningKeys(st.box, st.settings.public_url)
    return AuthRuntime(
        keys=keys,
        tokens=AccessTokens(keys),
        sessions=SessionCache(st.listener),
        tenants=TenantCache(st.listener),
        users=MeCache(st.listener),
        box=st.box,
        issuer=st.settings.public_url,
        mfa_gate=mfa_gate,
        mfa_skip=mfa_skip,
        unlink_unvouched=unlink_unvouched,
        remove_factors=remove_factors,
    )


def runtime(app_or_request: web.Application | web.Request) -> AuthRuntime:
    app = app_or_request.app if isinstance(app_or_request, web.Request) else app_or_request
    return app[AUTH]


async def start(app: web.Application) -> None:
    st = state(app)
    rt = app[AUTH]
    async with st.pool.acquire() as conn:
        await signing.ensure_key(conn, st.box)
    await rt.keys.load(st.pool)
    rt.task = asyncio.create_task(_maintenance(app, rt))


async def stop(app: web.Application) -> None:
    rt = app[AUTH]
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
