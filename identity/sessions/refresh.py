"""Refresh-token rotation (docs/auth.md, "Refresh tokens").

Each use of a refresh token issues a new pair and spends the old token. The token row and its
session are locked for the duration, so two refreshes of one token run one after the other:

- the first rotates and answers the new pair;
- the second finds the token spent. Within the tenant's refresh_token_reuse_interval after the
  rotation it answers the same new pair (kept encrypted with the SecretBox for that interval
  only), so two tabs refreshing at once both stay signed in. Each spent token keeps its own
  reply, even after the new pair has been rotated in turn. After the interval (or with 0s) it
  is reuse: the session is revoked and the answer is 401 refresh_token_reused.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import asyncpg
import msgspec

from identity.crypto import sha256_hex
from identity.principals import Tenant
from identity.sessions import errors, store
from identity.sessions import service as sessions
from identity.sessions.records import HintedRotation
from identity.sessions.refresh_hints import Hint
from identity.sessions.runtime import AuthRuntime
from identity.sessions.schemas import TokenPair
from identity.sessions.subject import TokenSubject
from identity.tenants import auth_config

#: Counts a request against the per-user rate limit (Ctx.rate_limit); raises 429 when spent.
RateLimit = Callable[[str], Awaitable[None]]


def _aad(tenant_id: str, token_hash: str) -> str:
    return f"refresh:{tenant_id}:{token_hash}"


async def refresh(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, token: str, limit: RateLimit | None = None
) -> TokenPair:
    """Rotate a refresh token. `limit(user_id)` counts the request against the per-user rate
    limit (docs/abuse.md, "Rate limits") once the token names its user; a 429 then changes nothing.

    A token this process issued (the common case: a client refreshing again) comes with a hint
    of its session (identity/sessions/refresh_hints.py): its pair is built first and rotated by
    a statement that checks the hint against the rows as it writes, sent together with the
    other hinted rotations waiting at that moment (identity/sessions/rotations.py). Otherwise (or
    if the hint no longer holds) the unspent token of a live session takes two autocommit
    statements: read, then rotate_if_current(), which writes only if nothing changed meanwhile.
    Everything else, and a rotation that lost a race, is decided under the row locks below."""
    token_hash = sha256_hex(token)
    if not token.startswith(sessions.REFRESH_PREFIX):
        raise errors.INVALID_TOKEN("The refresh token is not valid.")
    hints = rt.refresh_hints
    hint = hints.take(tenant.id, token_hash)
    if hint is not None:
        if limit is not None:
            await limit(hint.user_id)
        pair, sealed, until, new_hash = _new_pair(rt, tenant, hint.as_row(), token_hash)
        rotation = HintedRotation(tenant.id, token_hash, new_hash, sealed, until, hint)
        if await rt.rotations.rotate(pool, rotation):
            hints.keep(new_hash, hint)
            return pair
    async with pool.acquire() as conn:
        row = await store.read_refresh(conn, tenant.id, token_hash)
        if row is None:
            raise errors.INVALID_TOKEN("The refresh token is not valid.")
        if limit is not None and hint is None:
            await limit(row["user_id"])
        if (
            row["rotated_at"] is None
            and row["revoked_at"] is None
            and row["user_status"] == "active"
            and row["expires_at"] > datetime.now(UTC)
        ):
            pair, sealed, until, new_hash = _new_pair(rt, tenant, row, token_hash)
            if await store.rotate_if_current(conn, tenant.id, row["id"], token_hash, new_hash, sealed, until):
                hints.keep(new_hash, Hint.of(row))
                return pair
        return await _locked(conn, rt, tenant, token_hash)


def _new_pair(
    rt: AuthRuntime, tenant: Tenant, row: Any, token_hash: str
) -> tuple[TokenPair, str | None, datetime | None, str]:
    """The new pair for the session of `row`, (sealed, until): the pair encrypted for the
    tenant's reuse interval, or (None, None) when the interval is 0, and the new refresh token's
    hash."""
    # The new access token carries the user's current role and metadata.
    user = TokenSubject(id=row["user_id"], role=row["user_role"], public_metadata=row["user_public_metadata"])
    new_token = sessions.new_refresh_token()
    pair = sessions.token_pair(rt, tenant.id, tenant.auth_config, user, row, new_token)
    interval = auth_config.duration(tenant.auth_config, "refresh_token_reuse_interval")
    sealed, until = None, None
    if interval.total_seconds() > 0:
        sealed = rt.box.encrypt(msgspec.json.encode(pair).decode(), associated=_aad(tenant.id, token_hash))
        until = datetime.now(UTC) + interval
    return pair, sealed, until, sha256_hex(new_token)


async def _locked(conn: asyncpg.Connection, rt: AuthRuntime, tenant: Tenant, token_hash: str) -> TokenPair:
    """The rotation with the token and its session locked: two refreshes of one token run one
    after the other, the later one seeing what the first wrote."""
    reused = False
    async with conn.transaction():
        row = await store.lock_refresh(conn, tenant.id, token_hash)
        if row is None:
            raise errors.INVALID_TOKEN("The refresh token is not valid.")
        if row["revoked_at"] is not None:
            raise errors.INVALID_TOKEN("The session of this refresh token has ended.")
        if row["expires_at"] <= datetime.now(UTC):
            raise errors.TOKEN_EXPIRED("The session has expired; sign in again.")
        if row["rotated_at"] is not None:
            if row["reply_sealed"] is not None and row["reply_live"]:
                reply = rt.box.decrypt(row["reply_sealed"], associated=_aad(tenant.id, token_hash))
                return msgspec.json.decode(reply, type=TokenPair)
            await sessions.revoke_session(conn, tenant.id, row["id"], "refresh_token_reused")
            reused = True
        else:
            if row["user_status"] != "active":
                raise errors.user_inactive(row["user_status"])
            pair, sealed, until, new_hash = _new_pair(rt, tenant, row, token_hash)
            # Under the locks the token is unspent and the session alive, so this rotates.
            if not await store.rotate_if_current(conn, tenant.id, row["id"], token_hash, new_hash, sealed, until):
                raise errors.INVALID_TOKEN("The session of this refresh token has ended.")
    if reused:  # raised after the commit, so the revocation stands
        raise errors.REFRESH_TOKEN_REUSED()
    rt.refresh_hints.keep(new_hash, Hint.of(row))
    return pair
