"""HTTP handlers for /v1/admin (secret key with the "*" scope: these act on the whole tenant).
The audit log's list (/v1/admin/audit-logs, scope audit-logs:read) is in identity.audit.routes."""

from __future__ import annotations

from identity.admin import service
from identity.admin.schemas import (
    AdminImpersonate,
    AdminImpersonation,
    BulkDisable,
    BulkDisabled,
    RevokeAllSessions,
    SearchUsers,
    Stats,
)
from identity.audit.context import from_ctx
from identity.auth import errors as auth_errors
from identity.http.routing import Ctx, HandlerResult, Router
from identity.principals import SECRET, Tenant
from identity.sessions.device import client_info
from identity.sessions.runtime import runtime
from identity.sessions.schemas import Revoked
from identity.state import state
from identity.tenants import stats as admin_stats
from identity.tenants.auth_config import AuthConfig, AuthConfigPatch
from identity.users.errors import USER_NOT_FOUND
from identity.users.routes import trigram
from identity.users.schemas import UserList

router = Router()
_admin = {"auth": (SECRET,), "scope": "*", "tag": "Admin"}


def _tenant(ctx: Ctx) -> Tenant:
    assert ctx.principal is not None and ctx.principal.tenant is not None
    return ctx.principal.tenant


@router.get(
    "/v1/admin/stats",
    response=Stats,
    summary="Counts of users, sessions, MFA, organizations and sign-ins, from one query",
    **_admin,
)
async def stats(ctx: Ctx) -> HandlerResult:
    """Figures for the tenant's dashboard, from one consistent snapshot: users (total, active and new over
    7 and 30 days), active sessions and sessions created in the last 24 hours, MFA enrollment (users and
    rate), organizations (total, active over 30 days), and sign-ins and failed sign-ins over the last 24
    hours. Called with a **secret key** holding the `*` scope. Changes nothing."""
    return service.present_stats(await admin_stats.stats(ctx.pool, ctx.tenant_id))


@router.post(
    "/v1/admin/users/search",
    body=SearchUsers,
    response=UserList,
    idempotent=False,
    summary="Search users by query (email, name, username, phone) and filters",
    **_admin,
)
async def search_users(ctx: Ctx) -> HandlerResult:
    """Searches the tenant's users: `query` matches email, name, username or phone (every word must match);
    `filters` narrow by status, role, creation and activity dates, MFA enrollment, verified email,
    organization membership or a list of ids; `sort` orders by creation, last sign-in or email. Called
    with a **secret key** holding the `*` scope. Keyset cursor pagination (`limit`, `cursor` from
    `pagination.next_cursor`). Changes nothing; counted as a read for rate limits."""
    return await service.search_users(ctx.pool, ctx.tenant_id, ctx.body, await trigram(ctx))


@router.post(
    "/v1/admin/users/impersonate",
    body=AdminImpersonate,
    response=AdminImpersonation,
    idempotent=False,
    summary="An access token acting as the user (act claim), recorded in the audit log",
    **_admin,
    errors=(
        USER_NOT_FOUND,
        auth_errors.TENANT_SUSPENDED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
    ),
)
async def impersonate(ctx: Ctx) -> HandlerResult:
    """Issues an access token that acts as a user of this tenant (its `act` claim names the key's holder),
    valid for `expires_in` (default 1 hour, 1 minute to 24 hours), for support work. Called with a
    **secret key** holding the `*` scope. No refresh token: the token has its own session, which ends
    when revoked or when the user's sessions are. 403 for a disabled or banned user, 404 for an unknown
    one. Emits `session.created` and writes the audit entry `user.impersonated`; changes made with the
    token are audited too."""
    assert ctx.principal is not None
    return await service.impersonate(
        ctx.pool,
        runtime(ctx.app),
        _tenant(ctx),
        ctx.body,
        ctx.principal.actor()["id"],
        client_info(ctx.request),
        from_ctx(ctx),
    )


@router.post(
    "/v1/admin/sessions/revoke-all",
    body=RevokeAllSessions,
    body_optional=True,
    response=Revoked,
    summary="Revoke every active session of the tenant, except exclude_user_id's",
    **_admin,
    errors=(USER_NOT_FOUND,),
)
async def revoke_all_sessions(ctx: Ctx) -> HandlerResult:
    """Revokes every active session of the tenant, except those of `exclude_user_id` (typically the
    administrator doing it), for example after a suspected leak. Called with a **secret key** holding
    the `*` scope; 404 when `exclude_user_id` names no user. Answers the number revoked; emits one
    `session.revoked` (reason `revoked_by_admin`) and writes the audit entry `session.revoked_all`. Rate
    limit: 50 per minute per key."""
    return await service.revoke_all_sessions(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.post(
    "/v1/admin/users/bulk-disable",
    body=BulkDisable,
    response=BulkDisabled,
    summary="Disable up to 100 users (sessions revoked unless revoke_sessions is false)",
    **_admin,
)
async def bulk_disable(ctx: Ctx) -> HandlerResult:
    """Disables up to 100 users at once; ids of users who are unknown or not active are skipped. Called
    with a **secret key** holding the `*` scope. Unless `revoke_sessions` is false, the sessions of
    every listed user who is no longer active are revoked (`session.revoked`). Emits `user.disabled` for
    each user disabled, writes one audit entry `user.disabled` per user, and answers the counts of users
    disabled and sessions revoked. Rate limit: 50 per minute per key."""
    return await service.bulk_disable(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.get("/v1/admin/config", response=AuthConfig, summary="The tenant's authentication configuration", **_admin)
async def get_config(ctx: Ctx) -> HandlerResult:
    """Returns the tenant's authentication configuration (sign-up, verification, password policy, token
    lifetimes, MFA, allowed origins, bot protection...). Secrets such as the bot-protection secret are
    never returned. Called with a **secret key** holding the `*` scope. Changes nothing."""
    return service.get_config(_tenant(ctx))


@router.patch(
    "/v1/admin/config",
    body=AuthConfigPatch,
    response=AuthConfig,
    summary="Change authentication configuration keys (merged; each key validated)",
    **_admin,
)
async def update_config(ctx: Ctx) -> HandlerResult:
    """Changes some keys of the tenant's authentication configuration: the keys sent are merged into the
    current configuration, each validated (422 names the key); the bot-protection secret is stored
    encrypted. Called with a **secret key** holding the `*` scope. Applies to requests at once in every
    process and writes the audit entry `tenant.updated`; answers the whole configuration."""
    return await service.update_config(
        ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx), state(ctx.app).box, allow_http=ctx.settings.webhook_allow_http
    )
