"""HTTP handlers for /v1/admin (secret key with the "*" scope: these act on the whole tenant).
The audit log's list (/v1/admin/audit-logs, scope audit-logs:read) is in identity.audit.routes."""

from __future__ import annotations

from identity.admin import service
from identity.admin import stats as admin_stats
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
from identity.auth.runtime import runtime
from identity.http.auth import SECRET
from identity.http.errors import not_found
from identity.http.routing import Ctx, Router
from identity.sessions.device import client_info
from identity.sessions.schemas import Revoked
from identity.state import state
from identity.tenants.auth_config import AuthConfig, AuthConfigPatch
from identity.users.routes import trigram
from identity.users.schemas import UserList

router = Router()
_admin = {"auth": (SECRET,), "scope": "*", "tag": "Admin"}


def _tenant(ctx: Ctx):
    assert ctx.principal is not None and ctx.principal.tenant is not None
    return ctx.principal.tenant


@router.get("/v1/admin/stats", response=Stats, summary="Counts of users, sessions, MFA, organizations "
            "and sign-ins, from one query", **_admin)
async def stats(ctx: Ctx):
    return await admin_stats.stats(ctx.pool, ctx.tenant_id)


@router.post("/v1/admin/users/search", body=SearchUsers, response=UserList, idempotent=False,
             summary="Search users by query (email, name, username, phone) and filters", **_admin)
async def search_users(ctx: Ctx):
    return await service.search_users(ctx.pool, ctx.tenant_id, ctx.body, await trigram(ctx))


@router.post("/v1/admin/users/impersonate", body=AdminImpersonate, response=AdminImpersonation,
             idempotent=False,
             summary="An access token acting as the user (act claim), recorded in the audit log",
             **_admin,
             errors=(
                 not_found("user"), auth_errors.TENANT_SUSPENDED, auth_errors.USER_BANNED,
                 auth_errors.USER_DISABLED,
             ))
async def impersonate(ctx: Ctx):
    assert ctx.principal is not None
    return await service.impersonate(
        ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body, ctx.principal.actor()["id"],
        client_info(ctx.request), from_ctx(ctx),
    )


@router.post("/v1/admin/sessions/revoke-all", body=RevokeAllSessions, body_optional=True,
             response=Revoked,
             summary="Revoke every active session of the tenant, except exclude_user_id's", **_admin,
             errors=(not_found("user"),))
async def revoke_all_sessions(ctx: Ctx):
    return await service.revoke_all_sessions(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.post("/v1/admin/users/bulk-disable", body=BulkDisable, response=BulkDisabled,
             summary="Disable up to 100 users (sessions revoked unless revoke_sessions is false)",
             **_admin)
async def bulk_disable(ctx: Ctx):
    return await service.bulk_disable(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.get("/v1/admin/config", response=AuthConfig, summary="The tenant's authentication configuration",
            **_admin)
async def get_config(ctx: Ctx):
    return service.get_config(_tenant(ctx))


@router.patch("/v1/admin/config", body=AuthConfigPatch, response=AuthConfig,
              summary="Change authentication configuration keys (merged; each key validated)", **_admin)
async def update_config(ctx: Ctx):
    return await service.update_config(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx), state(ctx.app).box)
