"""The rules behind /v1/admin: stats in one statement, user search, tenant-wide session
revocation, bulk disable, impersonation and the authentication configuration."""

from __future__ import annotations

from typing import Any

import asyncpg

from identity.admin.schemas import (
    AdminImpersonate,
    AdminImpersonation,
    AuthStats,
    BulkDisable,
    MfaStats,
    OrganizationStats,
    RevokeAllSessions,
    SearchUsers,
    SessionStats,
    Stats,
    UserStats,
)
from identity.audit.context import AuditContext
from identity.crypto import SecretBox
from identity.events.emit import emit_many
from identity.http.errors import ValidationFailed
from identity.http.instants import parse_instant
from identity.http.validation import duration_field
from identity.principals import Tenant
from identity.sessions import service as sessions
from identity.sessions.device import ClientInfo
from identity.sessions.runtime import AuthRuntime
from identity.tenants import auth_config
from identity.tenants import service as tenants
from identity.tenants.schemas import UpdateTenant
from identity.tenants.stats_store import StatsRecord
from identity.users import impersonation, search
from identity.users import store as users
from identity.users.errors import USER_NOT_FOUND
from identity.users.presenter import event_data, present_user
from identity.users.schemas import UserList


def present_stats(figures: StatsRecord) -> Stats:
    return Stats(
        users=UserStats(
            total=figures.users_total,
            active_last_7d=figures.active_7d,
            active_last_30d=figures.active_30d,
            new_last_7d=figures.new_7d,
            new_last_30d=figures.new_30d,
        ),
        sessions=SessionStats(active=figures.sessions_active, created_last_24h=figures.sessions_24h),
        mfa=MfaStats(enrolled_users=figures.mfa_enrolled, enrollment_rate=figures.mfa_enrollment_rate),
        organizations=OrganizationStats(total=figures.orgs_total, active_last_30d=figures.orgs_active_30d),
        auth=AuthStats(sign_ins_last_24h=figures.sign_ins_24h, failed_sign_ins_last_24h=figures.failed_24h),
    )


# -- users ---------------------------------------------------------------------------------------


async def search_users(pool: asyncpg.Pool, tenant_id: str, body: SearchUsers, trigram: bool) -> UserList:
    f = body.filters
    filters = search.Filters(
        q=body.query,
        status=f.status,
        role=f.role,
        disabled=f.disabled,
        created_after=parse_instant("filters.created_after", f.created_after),
        created_before=parse_instant("filters.created_before", f.created_before),
        last_active_after=parse_instant("filters.last_active_after", f.last_active_after),
        mfa_enrolled=f.mfa_enrolled,
        email_verified=f.email_verified,
        organization_id=f.organization_id,
        ids=f.ids,
        trigram=trigram,
    )
    return await search.page(
        pool,
        tenant_id,
        filters,
        sort=body.sort.field,
        order=body.sort.direction,
        limit=body.limit,
        cursor=body.cursor,
        present=present_user,
    )


async def impersonate(
    pool: asyncpg.Pool,
    rt: AuthRuntime,
    tenant: Tenant,
    body: AdminImpersonate,
    admin: str,
    client: ClientInfo,
    audit: AuditContext,
) -> AdminImpersonation:
    ttl = duration_field("expires_in", body.expires_in, impersonation.MIN_TTL, impersonation.MAX_TTL, "1m and 24h")
    result = await impersonation.impersonate(
        pool,
        rt,
        tenant,
        body.user_id,
        admin=admin,
        ttl=ttl,
        reason=body.reason,
        client=client,
        audit=audit,
    )
    return AdminImpersonation(
        access_token=result.access_token,
        user_id=result.user_id,
        expires_in=result.expires_in,
        impersonated_by=result.impersonated_by,
        audit_id=result.audit_id,
    )


async def revoke_all_sessions(
    pool: asyncpg.Pool, tenant_id: str, body: RevokeAllSessions, audit: AuditContext
) -> dict[str, int]:
    """Every active session of the tenant, except exclude_user_id's."""
    async with pool.acquire() as conn, conn.transaction():
        if body.exclude_user_id is not None and not await users.get(conn, tenant_id, body.exclude_user_id):
            raise USER_NOT_FOUND()
        rows = await sessions.revoke_sessions(
            conn, tenant_id, user_id=None, reason="revoked_by_admin", exclude_user=body.exclude_user_id
        )
        await audit.record(
            conn,
            tenant_id,
            "session.revoked_all",
            "session",
            None,
            {
                "reason": body.reason,
                "exclude_user_id": body.exclude_user_id,
                "count": len(rows),
            },
        )
    return {"revoked": len(rows)}


async def bulk_disable(pool: asyncpg.Pool, tenant_id: str, body: BulkDisable, audit: AuditContext) -> dict[str, int]:
    """Disable the listed active users (others, and unknown ids, are skipped) and, unless
    revoke_sessions is false, revoke the sessions of every listed user who is not active."""
    ids = list(dict.fromkeys(body.user_ids))
    async with pool.acquire() as conn, conn.transaction():
        changed = await users.disable_many(conn, tenant_id, ids)
        revoked: list[Any] = []
        if body.revoke_sessions:
            inactive = await users.inactive_ids(conn, tenant_id, ids)
            if inactive:
                revoked = await sessions.revoke_sessions(
                    conn, tenant_id, user_id=None, reason="user_disabled", user_ids=inactive
                )
        await emit_many(
            conn, tenant_id, "user.disabled", [{**event_data(row), "reason": body.reason} for row in changed]
        )
        if changed:
            await audit.record_many(
                conn,
                tenant_id,
                "user.disabled",
                "user",
                [r.id for r in changed],
                metadata={"reason": body.reason, "bulk": True, "revoke_sessions": body.revoke_sessions},
            )
    return {"disabled": len(changed), "sessions_revoked": len(revoked)}


# -- configuration -------------------------------------------------------------------------------


def get_config(tenant: Tenant) -> auth_config.AuthConfig:
    return auth_config.load(tenant.auth_config)


async def update_config(
    pool: asyncpg.Pool,
    tenant_id: str,
    patch: auth_config.AuthConfigPatch,
    audit: AuditContext,
    box: SecretBox,
    *,
    allow_http: bool,
) -> auth_config.AuthConfig:
    """PATCH /v1/admin/config: the tenant update's merge (each key validated, the bot-protection
    secret stored encrypted and never returned), recorded as tenant.updated."""
    try:
        tenant = await tenants.update(
            pool, tenant_id, UpdateTenant(auth_config=patch), audit, box, allow_http=allow_http
        )
    except ValidationFailed as exc:
        details = exc.details or [{"field": "", "message": exc.message}]
        field = details[0]["field"].removeprefix("auth_config.")
        raise ValidationFailed(field, details[0]["message"], code=exc.code) from None
    return tenant.auth_config
