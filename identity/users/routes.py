"""HTTP handlers for /v1/users (secret key; users:read / users:write), and impersonation by id
with the control plane admin key."""

from __future__ import annotations

from typing import Any

from identity.audit.context import from_ctx
from identity.http.auth import load_tenant_and_key, tenant_header
from identity.http.errors import INVALID_EMAIL
from identity.http.routing import Ctx, HandlerResult, Router
from identity.principals import CP_ADMIN, SECRET
from identity.sessions import errors as session_errors
from identity.sessions.device import client_info
from identity.sessions.runtime import runtime
from identity.sessions.schemas import Revoked
from identity.state import state
from identity.users import impersonation, search, service
from identity.users.errors import (
    EMAIL_TAKEN,
    PASSWORD_TOO_WEAK,
    USER_IS_BANNED,
    USER_NOT_FOUND,
    USERNAME_TAKEN,
)
from identity.users.presenter import present_user
from identity.users.schemas import (
    BanUser,
    CreateUser,
    DisableUser,
    ImpersonateUser,
    Impersonation,
    ListUsers,
    ListUserSessions,
    SetPassword,
    UpdateUser,
    User,
    UserList,
    UserSessionList,
)

router = Router()
_read = {"auth": (SECRET,), "scope": "users:read", "tag": "Users"}
_write = {"auth": (SECRET,), "scope": "users:write", "tag": "Users"}


async def trigram(ctx: Ctx) -> bool:
    """Whether the database has the pg_trgm index for q (looked up once per app)."""
    st = state(ctx.app)
    if st.users_trigram is None:
        st.users_trigram = await search.has_trigram_index(ctx.pool)
    return st.users_trigram


@router.get(
    "/v1/users",
    query=ListUsers,
    response=UserList,
    summary="List users: filter by email, q, status, role; sort and cursor pages",
    **_read,
)
async def list_users(ctx: Ctx) -> HandlerResult:
    """Lists the tenant's users. Filter by exact `email`, `status` and `role`; `q` matches users whose
    email, name, username or phone contain every word given. Sort by `created_at` (default),
    `last_sign_in_at` or `email`, `order` asc or desc. Called with a **secret key** holding the
    `users:read` scope. Keyset cursor pagination (`limit`, `cursor` from `pagination.next_cursor`): a
    page boundary never repeats or skips a user; a large filtered total may be capped (`total_exact:
    false`). Changes nothing."""
    q = ctx.query
    filters = search.Filters(email=q.email, q=q.q, status=q.status, role=q.role, trigram=await trigram(ctx))
    return await search.page(
        ctx.pool,
        ctx.tenant_id,
        filters,
        sort=q.sort,
        order=q.order,
        limit=q.limit,
        cursor=q.cursor,
        present=present_user,
    )


@router.post(
    "/v1/users",
    body=CreateUser,
    response=User,
    status=201,
    summary="Create a user (password hashed, or password_hash imported)",
    **_write,
    errors=(INVALID_EMAIL, PASSWORD_TOO_WEAK, EMAIL_TAKEN, USERNAME_TAKEN),
)
async def create_user(ctx: Ctx) -> HandlerResult:
    """Creates a user from the tenant's backend, for example to import accounts. Called with a **secret
    key** holding the `users:write` scope. Give a `password` (hashed here; the password policy does not
    apply) or an imported `password_hash` (argon2, bcrypt or scrypt), or neither for a passwordless
    account; `email_verified` is taken as given. 409 when the email or username is taken. Emits
    `user.created` and writes the audit entry `user.created`; with `send_welcome_email` the **welcome
    email** is queued (and not sent again at the first sign-in)."""
    assert ctx.principal is not None and ctx.principal.tenant is not None
    return await service.create(ctx.pool, state(ctx.app).box, ctx.principal.tenant, ctx.body, from_ctx(ctx))


@router.get(
    "/v1/users/email/{email}", response=User, summary="Get a user by email address", **_read, errors=(USER_NOT_FOUND,)
)
async def get_user_by_email(ctx: Ctx) -> HandlerResult:
    """Returns the tenant's user with this email address (compared case-insensitively), with private
    metadata. Called with a **secret key** holding the `users:read` scope; 404 when there is none.
    Changes nothing."""
    return await service.get_user_by_email(ctx.pool, ctx.tenant_id, ctx.param("email"))


@router.get("/v1/users/{id}", response=User, summary="Get a user", **_read, errors=(USER_NOT_FOUND,))
async def get_user(ctx: Ctx) -> HandlerResult:
    """Returns one of the tenant's users with their full profile, private metadata included. Called with a
    **secret key** holding the `users:read` scope; 404 when the tenant has no such user. Changes
    nothing."""
    return await service.get_user(ctx.pool, ctx.tenant_id, ctx.param("id"))


@router.patch(
    "/v1/users/{id}",
    body=UpdateUser,
    response=User,
    summary="Update a user; metadata objects are replaced whole",
    **_write,
    errors=(INVALID_EMAIL, USER_NOT_FOUND, EMAIL_TAKEN, USERNAME_TAKEN),
)
async def update_user(ctx: Ctx) -> HandlerResult:
    """Changes a user's profile, role, metadata (each metadata object is replaced whole) or status
    (`active` / `disabled`). Called with a **secret key** holding the `users:write` scope. A new email
    is unverified unless `email_verified` comes with it, and links mailed to the old address stop
    working. 404 for an unknown user, 409 for a taken email or username. Emits `user.updated` with the
    changed `fields` (and `user.disabled`, `session.revoked` when disabling) and writes the matching
    audit entries."""
    assert ctx.principal is not None and ctx.principal.tenant is not None
    return await service.update(ctx.pool, ctx.principal.tenant, ctx.param("id"), ctx.body, from_ctx(ctx))


@router.delete(
    "/v1/users/{id}",
    status=204,
    summary="Delete a user with their sessions, MFA factors and memberships",
    **_write,
    errors=(USER_NOT_FOUND,),
)
async def delete_user(ctx: Ctx) -> None:
    """Deletes a user for good with their sessions, refresh tokens, MFA factors, provider accounts and
    memberships. Called with a **secret key** holding the `users:write` scope; 404 for an unknown user.
    Their sessions are revoked first (`session.revoked`, reason `user_deleted`), then `user.deleted` is
    emitted and the audit entry `user.deleted` written."""
    await service.delete(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


@router.post(
    "/v1/users/{id}/disable",
    body=DisableUser,
    body_optional=True,
    response=User,
    summary="Disable a user (sessions revoked unless revoke_sessions is false)",
    **_write,
    errors=(USER_NOT_FOUND, USER_IS_BANNED),
)
async def disable_user(ctx: Ctx) -> HandlerResult:
    """Disables a user: they can no longer sign in, their data stays. Called with a **secret key** holding
    the `users:write` scope. Their sessions are revoked (`session.revoked`) unless `revoke_sessions` is
    false. Emits `user.disabled` with the optional `reason` and writes the audit entry `user.disabled`.
    Disabling a disabled user changes nothing; a banned user answers 409 `user_banned` (enable them
    first); 404 for an unknown user."""
    return await service.disable(
        ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.body.reason, ctx.body.revoke_sessions, from_ctx(ctx)
    )


@router.post(
    "/v1/users/{id}/enable",
    response=User,
    summary="Enable a disabled or banned user",
    **_write,
    errors=(USER_NOT_FOUND,),
)
async def enable_user(ctx: Ctx) -> HandlerResult:
    """Makes a disabled or banned user active again and lifts a password lockout. Called with a **secret
    key** holding the `users:write` scope; 404 for an unknown user. Emits `user.updated` with `fields:
    ["status"]` and writes the audit entry `user.enabled`; enabling an active user changes nothing."""
    return await service.enable(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


@router.post(
    "/v1/users/{id}/ban",
    body=BanUser,
    body_optional=True,
    response=User,
    summary="Ban a user: every session is revoked; the reason goes to the audit log",
    **_write,
    errors=(USER_NOT_FOUND,),
)
async def ban_user(ctx: Ctx) -> HandlerResult:
    """Bans a user: every session is revoked at once (`session.revoked`, reason `user_banned`) and sign-in
    is refused with 403 `user_banned`. Called with a **secret key** holding the `users:write` scope; 404
    for an unknown user. Emits `user.disabled` (with status `banned`) unless the user was banned
    already; the optional `reason` goes to the audit entry `user.banned`."""
    return await service.ban(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.body.reason, from_ctx(ctx))


@router.post(
    "/v1/users/{id}/sessions/revoke-all",
    response=Revoked,
    summary="Revoke every active session of the user",
    **_write,
    errors=(USER_NOT_FOUND,),
)
async def revoke_all(ctx: Ctx) -> HandlerResult:
    """Revokes every active session of one user: their refresh and access tokens stop working on this API
    at once. Called with a **secret key** holding the `users:write` scope; 404 for an unknown user.
    Answers the number revoked; emits one `session.revoked` (reason `revoked_by_api`) when there were
    any, and writes the audit entry `session.revoked_all`."""
    return await service.revoke_all(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


@router.post(
    "/v1/users/{id}/password",
    body=SetPassword,
    response=User,
    summary="Set the password (no old password, no policy); revokes sessions by default",
    **_write,
    errors=(USER_NOT_FOUND, PASSWORD_TOO_WEAK),
)
async def set_password(ctx: Ctx) -> HandlerResult:
    """Sets a user's password from the tenant's backend, without the old password and without the password
    policy. Called with a **secret key** holding the `users:write` scope; 404 for an unknown user.
    Outstanding reset links stop working, a lockout is lifted, and every session is revoked
    (`session.revoked`) unless `revoke_sessions` is false. Emits `user.password_changed` (reason
    `admin_set`) and writes the audit entry `user.password_changed`."""
    return await service.set_password(
        ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.body.password, ctx.body.revoke_sessions, from_ctx(ctx)
    )


@router.get(
    "/v1/users/{id}/sessions",
    query=ListUserSessions,
    response=UserSessionList,
    summary="The user's active sessions, newest first",
    **_read,
    errors=(USER_NOT_FOUND,),
)
async def user_sessions(ctx: Ctx) -> HandlerResult:
    """Lists a user's active sessions, newest first, with device, address and who impersonated (for
    impersonation sessions). Called with a **secret key** holding the `users:read` scope; 404 for an
    unknown user. Cursor pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing."""
    return await service.user_sessions(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.query)


async def _tenant_from_header(ctx: Ctx) -> Any:
    """The control plane admin key belongs to no tenant: X-Tenant-ID names the user's."""
    tenant, _ = await load_tenant_and_key(ctx.request, tenant_header(ctx.request), None)
    return tenant


@router.post(
    "/v1/users/{id}/impersonate",
    body=ImpersonateUser,
    body_optional=True,
    response=Impersonation,
    auth=(CP_ADMIN,),
    idempotent=False,
    tag="Users",
    summary="Control plane admin key + X-Tenant-ID: an access token acting as the user "
    "for one hour (act claim), recorded in the audit log",
    errors=(
        USER_NOT_FOUND,
        session_errors.TENANT_SUSPENDED,
        session_errors.USER_BANNED,
        session_errors.USER_DISABLED,
    ),
)
async def impersonate(ctx: Ctx) -> HandlerResult:
    """Issues an access token that acts as the user (its `act` claim names the administrator) for one hour,
    for support work. Called with the **control plane admin key** and `X-Tenant-ID` naming the user's
    tenant. No refresh token: the token has its own session, which ends early when revoked and with the
    user's other sessions. 403 for a suspended tenant or a disabled or banned user, 404 for an unknown
    user. Emits `session.created` and writes the audit entry `user.impersonated`; every change made with
    the token is audited too."""
    tenant = await _tenant_from_header(ctx)
    admin = ctx.principal.actor()["id"] if ctx.principal else "cp_admin"
    result = await impersonation.impersonate(
        ctx.pool,
        runtime(ctx.app),
        tenant,
        ctx.param("id"),
        admin=admin,
        ttl=impersonation.DEFAULT_TTL,
        reason=ctx.body.reason,
        client=client_info(ctx.request),
        audit=from_ctx(ctx),
    )
    return Impersonation(
        access_token=result.access_token, expires_at=result.expires_at, impersonated_by=result.impersonated_by
    )
