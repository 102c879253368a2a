"""Session rules: creating one (with its tokens), revoking, listing, verifying a token.

Functions the user-management and MFA issues reuse:
  create_session(conn, rt, tenant_id, auth_config, user, client, mfa_verified=...)
  revoke_session(conn, tenant_id, session_id, reason) / revoke_sessions(conn, tenant_id,
  user_id=..., reason=..., keep=...)  -- they emit session.revoked and invalidate caches.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import asyncpg

from identity.audit.context import AuditContext
from identity.crypto import random_token, sha256_hex
from identity.events.emit import emit, emit_with
from identity.http.pagination import Page, paginate
from identity.ids import new_id
from identity.sessions import cache, errors, store
from identity.sessions.access import claims_for
from identity.sessions.device import ClientInfo
from identity.sessions.errors import SESSION_NOT_FOUND
from identity.sessions.records import RevokedSession, SessionRecord
from identity.sessions.runtime import AuthRuntime
from identity.sessions.schemas import ListSessions, Revoked, Session, SessionCredentials, TokenPair, Verification
from identity.sessions.signing import InvalidToken
from identity.sessions.subject import SigningInUser, TokenUser
from identity.tenants.auth_config import StoredAuthConfig, duration

REFRESH_PREFIX = "rft_"


def present(row: SessionRecord) -> Session:
    return Session(
        id=row.id,
        user_id=row.user_id,
        tenant_id=row.tenant_id,
        status=row.status,
        user_agent=row.user_agent,
        ip_address=row.ip_address,
        country=row.country,
        device_type=row.device_type,
        created_at=row.created_at,
        last_active_at=row.last_active_at,
        expires_at=row.expires_at,
        revoked_at=row.revoked_at,
    )


def ensure_can_sign_in(user: SigningInUser) -> None:
    """A session is made only for an active user (403 user_banned / user_disabled)."""
    if user.status != "active":
        raise errors.user_inactive(user.status)


def new_refresh_token() -> str:
    return REFRESH_PREFIX + random_token(32)  # 256 bits


def _access_token(
    rt: AuthRuntime, tenant_id: str, auth_config: StoredAuthConfig, user: TokenUser, session: asyncpg.Record
) -> tuple[str, datetime]:
    """A signed access token for the session and its expiry."""
    claims = claims_for(
        issuer=rt.issuer,
        tenant_id=tenant_id,
        user=user,
        session=session,
        ttl=duration(auth_config, "access_token_ttl"),
    )
    return rt.tokens.issue(claims), datetime.fromtimestamp(claims["exp"], UTC)


def token_pair(
    rt: AuthRuntime,
    tenant_id: str,
    auth_config: StoredAuthConfig,
    user: TokenUser,
    session: asyncpg.Record,
    refresh_token: str,
) -> TokenPair:
    """The tokens of a refresh token's rotation: a new access token for the session, with the
    new refresh token (create_session answers the same with the session's id)."""
    access_token, access_expires = _access_token(rt, tenant_id, auth_config, user, session)
    return TokenPair(
        access_token=access_token,
        refresh_token=refresh_token,
        access_token_expires_at=access_expires,
        refresh_token_expires_at=session["expires_at"],
    )


async def create_session(
    conn: asyncpg.Connection,
    rt: AuthRuntime,
    tenant_id: str,
    auth_config: StoredAuthConfig,
    user: TokenUser,
    client: ClientInfo,
    *,
    mfa_verified: bool = False,
    org_id: str | None = None,
) -> SessionCredentials:
    """Insert a session and its first refresh token, emit session.created; returns the
    credentials object ({id, access_token, refresh_token, *_expires_at})."""
    now = datetime.now(UTC)
    refresh = new_refresh_token()
    session_id, expires_at = new_id("ses"), now + duration(auth_config, "session_duration")
    ctes, args, columns = store.insert_ctes(
        {
            "tenant_id": tenant_id,
            "id": session_id,
            "user_id": user.id,
            "user_agent": client.user_agent,
            "ip_address": client.ip_address,
            "country": client.country,
            "device_type": client.device_type,
            "mfa_verified": mfa_verified,
            "org_id": org_id,
            "created_at": now,
            "last_active_at": now,
            "expires_at": expires_at,
        }
    )
    # The session, its refresh token and session.created in one statement (one round trip).
    _, session = await emit_with(
        conn,
        tenant_id,
        "session.created",
        {
            "id": session_id,
            "user_id": user.id,
            "ip_address": client.ip_address,
            "user_agent": client.user_agent,
            "device_type": client.device_type,
            "created_at": now,
            "expires_at": expires_at,
        },
        ctes=ctes,
        columns=columns,
        source="s",
        args=[*args, sha256_hex(refresh)],
    )
    assert session is not None  # the statement inserts the session and returns its row
    access_token, access_expires = _access_token(rt, tenant_id, auth_config, user, session)
    return SessionCredentials(
        id=session["id"],
        access_token=access_token,
        refresh_token=refresh,
        access_token_expires_at=access_expires,
        refresh_token_expires_at=session["expires_at"],
    )


async def revoke_session(
    conn: asyncpg.Connection, tenant_id: str, session_id: str, reason: str
) -> SessionRecord | None:
    """Revoke one session; returns its row when this call revoked it (None if already)."""
    row = await store.revoke(conn, tenant_id, session_id, reason)
    if row is not None:
        await cache.notify(conn, tenant_id, [session_id])
        await emit(
            conn,
            tenant_id,
            "session.revoked",
            {
                "id": row.id,
                "user_id": row.user_id,
                "reason": reason,
                "revoked_at": row.revoked_at,
            },
        )
    return row


async def revoke_sessions(
    conn: asyncpg.Connection,
    tenant_id: str,
    *,
    user_id: str | None,
    reason: str,
    keep: str | None = None,
    user_ids: list[str] | None = None,
    exclude_user: str | None = None,
) -> list[RevokedSession]:
    """Revoke every active session of a user (or, user_id None, of the tenant; or of the users in
    user_ids) except keep and except exclude_user's. One session.revoked event names them all:
    {ids, user_id, reason, count, revoked_at}, plus user_ids when several users were named."""
    rows = await store.revoke_many(
        conn, tenant_id, user_id=user_id, reason=reason, keep=keep, user_ids=user_ids, exclude_user=exclude_user
    )
    if rows:
        ids = [r.id for r in rows]
        await cache.notify(conn, tenant_id, ids)
        data: dict[str, Any] = {
            "ids": ids,
            "user_id": user_id,
            "reason": reason,
            "count": len(ids),
            "revoked_at": rows[0].revoked_at,
        }
        if user_ids is not None:
            data["user_ids"] = sorted({r.user_id for r in rows})
        await emit(conn, tenant_id, "session.revoked", data)
    return rows


# -- /v1/sessions ------------------------------------------------------------------------------


async def list_sessions(pool: asyncpg.Pool, tenant_id: str, query: ListSessions) -> Page[Session]:
    return await paginate(
        query,
        lambda k: store.list_page(pool, tenant_id, k, user_id=query.user_id, status=query.status),
        present,
    )


async def get(pool: asyncpg.Pool, tenant_id: str, session_id: str) -> Session:
    row = await store.get(pool, tenant_id, session_id)
    if row is None:
        raise SESSION_NOT_FOUND()
    return present(row)


async def delete(pool: asyncpg.Pool, tenant_id: str, session_id: str, audit: AuditContext) -> None:
    async with pool.acquire() as conn, conn.transaction():
        row = await store.get(conn, tenant_id, session_id, for_update=True)
        if row is None:
            raise SESSION_NOT_FOUND()
        if await revoke_session(conn, tenant_id, session_id, "revoked_by_api") is not None:
            await audit.record(conn, tenant_id, "session.revoked", "session", session_id, {"user_id": row.user_id})


async def delete_many(pool: asyncpg.Pool, tenant_id: str, user_id: str | None, audit: AuditContext) -> Revoked:
    async with pool.acquire() as conn, conn.transaction():
        rows = await revoke_sessions(conn, tenant_id, user_id=user_id, reason="revoked_by_api")
        if rows:
            await audit.record(
                conn, tenant_id, "session.revoked_all", "session", None, {"user_id": user_id, "count": len(rows)}
            )
    return Revoked(revoked=len(rows))


_INVALID = Verification(
    valid=False,
    session_id=None,
    user_id=None,
    tenant_id=None,
    role=None,
    org_id=None,
    org_role=None,
    mfa_verified=False,
    expires_at=None,
)


async def verify(rt: AuthRuntime, pool: asyncpg.Pool, tenant_id: str, token: str) -> Verification:
    """POST /v1/sessions/verify: valid only for a well-signed, unexpired token of this tenant
    whose session is alive. expires_at is the access token's expiry."""
    try:
        claims = await rt.tokens.verify(token, pool, audience=tenant_id)
    except InvalidToken:  # including another tenant's token (its aud is not this tenant)
        return _INVALID
    state = await rt.sessions.get(pool, tenant_id, claims["sid"])
    if state is None or not state.alive() or state.user_id != claims["sub"]:
        return _INVALID
    return Verification(
        valid=True,
        session_id=claims["sid"],
        user_id=claims["sub"],
        tenant_id=tenant_id,
        role=claims.get("role"),
        org_id=claims.get("org_id"),
        org_role=claims.get("org_role"),
        mfa_verified=bool(claims.get("mfa_verified")),
        expires_at=datetime.fromtimestamp(claims["exp"], UTC),
    )
