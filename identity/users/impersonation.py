"""Impersonation: an administrator gets an access token for a user, carrying act: {sub: <admin>}.

Each impersonation gets its own session (sessions.impersonated_by names the admin), lasting as
long as the token: the access-token resolver refuses a token whose session is not alive, so the
token can be ended early by revoking that session (DELETE /v1/sessions/:id, ban, revoke-all), and
it ends with the user's other sessions when they are revoked. No refresh token is issued.

The token is recorded in the audit log (user.impersonated), and so is every change made with it:
the actor of those entries carries impersonated_by (identity.principals.Principal.actor).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import asyncpg
import msgspec

from identity.audit.context import AuditContext
from identity.events.emit import emit
from identity.ids import new_id
from identity.principals import Tenant
from identity.sessions import errors as session_errors
from identity.sessions import store as sessions
from identity.sessions.access import claims_for
from identity.sessions.device import ClientInfo
from identity.sessions.runtime import AuthRuntime
from identity.sessions.service import ensure_can_sign_in
from identity.users import store
from identity.users.errors import USER_NOT_FOUND


class Impersonated(msgspec.Struct, frozen=True, kw_only=True):
    """An impersonation token and its session: each endpoint answers its own part of it."""

    access_token: str
    expires_at: datetime
    expires_in: int
    session_id: str
    audit_id: str
    impersonated_by: str
    user_id: str


DEFAULT_TTL = timedelta(hours=1)
MIN_TTL = timedelta(minutes=1)
MAX_TTL = timedelta(hours=24)


async def impersonate(
    pool: asyncpg.Pool,
    rt: AuthRuntime,
    tenant: Tenant,
    user_id: str,
    *,
    admin: str,
    ttl: timedelta,
    reason: str | None,
    client: ClientInfo,
    audit: AuditContext,
) -> Impersonated:
    """The token and what the two endpoints (/v1/users/:id/impersonate, the admin's) show of it."""
    if tenant.status != "active":
        raise session_errors.TENANT_SUSPENDED()
    async with pool.acquire() as conn, conn.transaction():
        user = await store.get(conn, tenant.id, user_id)
        if user is None:
            raise USER_NOT_FOUND()
        ensure_can_sign_in(user)  # 403 user_disabled / user_banned
        now = datetime.now(UTC)
        session = await sessions.insert_impersonation(
            conn, tenant.id, new_id("ses"), user_id, client, now, now + ttl, admin
        )
        await emit(
            conn,
            tenant.id,
            "session.created",
            {
                "id": session["id"],
                "user_id": user_id,
                "ip_address": client.ip_address,
                "user_agent": client.user_agent,
                "device_type": client.device_type,
                "created_at": session["created_at"],
                "expires_at": session["expires_at"],
                "impersonated_by": admin,
            },
        )
        claims = claims_for(
            issuer=rt.issuer, tenant_id=tenant.id, user=user, session=session, ttl=ttl, now=now, act={"sub": admin}
        )
        token = rt.tokens.issue(claims)
        expires_at = datetime.fromtimestamp(claims["exp"], UTC)
        audit_id = await audit.record(
            conn,
            tenant.id,
            "user.impersonated",
            "user",
            user_id,
            {
                "reason": reason,
                "session_id": session["id"],
                "impersonated_by": admin,
                "expires_at": expires_at.isoformat(),
            },
        )
    return Impersonated(
        access_token=token,
        expires_at=expires_at,
        expires_in=claims["exp"] - claims["iat"],
        session_id=session["id"],
        audit_id=audit_id,
        impersonated_by=admin,
        user_id=user_id,
    )
