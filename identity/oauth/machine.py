"""Machine tokens (client_credentials) issued at the speed of signing: no row per token.

A client has one live grant per scope set (sql/023_machine_tokens.sql). The first token for a
scope set in a process opens (or joins) the grant in one statement; later ones take the grant
id from memory (identity/clients/cache.py) and are counted here, the counts written in one
statement every FLUSH_SECONDS and at shutdown. A crash loses at most those few seconds of
counts, never a token's revocability: revocation marks the grant, which every verifying path
reads, and announces it so no process keeps issuing under a revoked grant.

The same runtime holds the client cache the token, revocation and introspection endpoints
authenticate clients from. Old machine grants and spent client-assertion ids are deleted by the
worker's cleanup (workers/maintenance.py expire_oauth).
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import structlog
from aiohttp import web

from identity.clients.cache import ClientCache
from identity.ids import new_id
from identity.oauth import machine_store
from identity.state import state

log = structlog.get_logger("identity.oauth.machine")

FLUSH_SECONDS = 2.0
#: A grant's stored expiry must outlast the next flush by this much, else the issuance writes
#: it at once (so the token list never misses a grant whose newest token is alive).
MARGIN = timedelta(seconds=3 * FLUSH_SECONDS)
GRANT_PREFIX = "mgt"


def is_machine_grant(grant_id: str) -> bool:
    """Machine grants and user grants live in different tables; the id's prefix tells which."""
    return grant_id.startswith(GRANT_PREFIX + "_")


@dataclass(slots=True)
class _Counted:
    n: int
    issued: datetime
    expires: datetime


@dataclass(slots=True)
class _LiveGrant:
    id: str
    stored_until: datetime


@dataclass
class OAuthRuntime:
    clients: ClientCache
    pending: dict[tuple[str, str], _Counted] = field(default_factory=dict)
    task: asyncio.Task[None] | None = None

    async def grant_for(
        self, pool: Any, tenant_id: str, client_id: str, scopes: list[str], now: datetime, expires: datetime
    ) -> str:
        """The id of the client's live grant for this scope set, this issuance counted."""
        scopes = sorted(scopes)
        key = ("grant", client_id, " ".join(scopes))
        live: _LiveGrant | None = self.clients.get(tenant_id, key)
        if live is not None and live.stored_until > now + MARGIN:
            counted = self.pending.get((tenant_id, live.id))
            if counted is None:
                self.pending[(tenant_id, live.id)] = _Counted(1, now, expires)
            else:
                counted.n += 1
                counted.issued = now
                counted.expires = expires
            return live.id
        version = self.clients.version
        grant_id = await machine_store.open_grant(pool, tenant_id, new_id(GRANT_PREFIX), client_id, scopes, expires)
        self.clients.put(tenant_id, key, _LiveGrant(grant_id, expires), version)
        return grant_id

    async def flush(self, pool: Any) -> None:
        """Write the counts kept in memory (taken first: issuances go on meanwhile)."""
        pending, self.pending = self.pending, {}
        batch = [(t, g, c.n, c.issued, c.expires) for (t, g), c in pending.items()]
        try:
            await machine_store.add_counts(pool, batch)
        except Exception:
            # Put them back for the next round rather than lose them.
            for (t, g), c in pending.items():
                now = self.pending.setdefault((t, g), _Counted(0, c.issued, c.expires))
                now.n += c.n
                now.issued, now.expires = max(now.issued, c.issued), max(now.expires, c.expires)
            raise


OAUTH: web.AppKey[OAuthRuntime] = web.AppKey("oauth", OAuthRuntime)


def build(app: web.Application) -> OAuthRuntime:
    return OAuthRuntime(clients=ClientCache(state(app).listener))


def oauth_runtime(app_or_request: web.Application | web.Request) -> OAuthRuntime:
    app = app_or_request.app if isinstance(app_or_request, web.Request) else app_or_request
    return app[OAUTH]


async def start(app: web.Application) -> None:
    rt = app[OAUTH]
    rt.task = asyncio.create_task(_background(state(app).pool, rt))


async def stop(app: web.Application) -> None:
    st = state(app)
    rt = app[OAUTH]
    if rt.task is not None:
        rt.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await rt.task
        rt.task = None
    try:
        await rt.flush(st.pool)
    except Exception:
        log.warning("machine_grant_counts_lost", exc_info=True)


async def _background(pool: Any, rt: OAuthRuntime) -> None:
    while True:
        await asyncio.sleep(FLUSH_SECONDS)
        try:
            await rt.flush(pool)
        except asyncio.CancelledError:
            raise
        except Exception:  # only counts are at stake; the next round retries
            log.warning("machine_grant_flush_failed", exc_info=True)
