"""HTTP handlers for /v1/sessions (secret key; sessions:read / sessions:write)."""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.http.routing import Ctx, HandlerResult, Router
from identity.principals import SECRET
from identity.sessions import service
from identity.sessions.errors import SESSION_NOT_FOUND
from identity.sessions.runtime import runtime
from identity.sessions.schemas import (
    ListSessions,
    Revoked,
    RevokeSessions,
    Session,
    SessionList,
    Verification,
    VerifyToken,
)

router = Router()
_read = {"auth": (SECRET,), "scope": "sessions:read", "tag": "Sessions"}
_write = {"auth": (SECRET,), "scope": "sessions:write", "tag": "Sessions"}


@router.get(
    "/v1/sessions",
    query=ListSessions,
    response=SessionList,
    summary="List sessions, newest first; filter by user_id and status",
    **_read,
)
async def list_sessions(ctx: Ctx) -> HandlerResult:
    """Lists the tenant's sessions, newest first (`order=asc` for oldest first), optionally only one user's
    (`user_id`) or only those in one `status`. Called with a **secret key** holding the `sessions:read`
    scope. Cursor pagination: `limit` items per page; pass `pagination.next_cursor` as `cursor` for the
    next one. Changes nothing."""
    return await service.list_sessions(ctx.pool, ctx.tenant_id, ctx.query)


@router.delete(
    "/v1/sessions",
    query=RevokeSessions,
    response=Revoked,
    summary="Revoke every active session of the tenant, or of one user",
    **_write,
)
async def revoke_sessions(ctx: Ctx) -> HandlerResult:
    """Revokes every active session of the tenant, or only those of `user_id`: their refresh and access
    tokens stop working on this API at once. Called with a **secret key** holding the `sessions:write`
    scope. Answers how many were revoked; emits one `session.revoked` event naming them all (reason
    `revoked_by_api`) and writes an audit entry when any was revoked. Rate limit: 50 per minute per key."""
    return await service.delete_many(ctx.pool, ctx.tenant_id, ctx.query.user_id, from_ctx(ctx))


@router.post(
    "/v1/sessions/verify",
    body=VerifyToken,
    response=Verification,
    idempotent=False,
    summary="Verify an access token; valid is false for revoked or expired sessions",
    **_read,
)
async def verify_session(ctx: Ctx) -> HandlerResult:
    """Checks an access token for a backend that does not verify JWTs itself. Called with a **secret key**
    holding the `sessions:read` scope. Answers `valid: true` with the session, user, role, active
    organization and expiry only for a well-signed, unexpired token of this tenant whose session is
    still alive; any other token (another tenant's, revoked, expired, malformed) answers 200 with
    `valid: false`. Changes nothing; counted as a read for rate limits."""
    return await service.verify(runtime(ctx.app), ctx.pool, ctx.tenant_id, ctx.body.token)


@router.get("/v1/sessions/{id}", response=Session, summary="Get a session", **_read, errors=(SESSION_NOT_FOUND,))
async def get_session(ctx: Ctx) -> HandlerResult:
    """Returns one session of the tenant (device, address, country, status, expiry). Called with a **secret
    key** holding the `sessions:read` scope; 404 when no session with this id belongs to the tenant.
    Changes nothing."""
    return await service.get(ctx.pool, ctx.tenant_id, ctx.param("id"))


@router.delete(
    "/v1/sessions/{id}",
    status=204,
    summary="Revoke a session: its access and refresh tokens stop working",
    **_write,
    errors=(SESSION_NOT_FOUND,),
)
async def delete_session(ctx: Ctx) -> None:
    """Revokes one session: its refresh token and access tokens stop working on this API at once. Called
    with a **secret key** holding the `sessions:write` scope; 404 when the session is not the tenant's.
    Emits `session.revoked` (reason `revoked_by_api`) and writes an audit entry; revoking an already
    ended session answers 204 and changes nothing."""
    await service.delete(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))
