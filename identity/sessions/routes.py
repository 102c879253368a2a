"""HTTP handlers for /v1/sessions (secret key; sessions:read / sessions:write)."""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.auth.runtime import runtime
from identity.http.auth import SECRET
from identity.http.errors import not_found
from identity.http.routing import Ctx, Router
from identity.sessions import service
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


@router.get("/v1/sessions", query=ListSessions, response=SessionList,
            summary="List sessions, newest first; filter by user_id and status", **_read)
async def list_sessions(ctx: Ctx):
    return await service.list_sessions(ctx.pool, ctx.tenant_id, ctx.query)


@router.delete("/v1/sessions", query=RevokeSessions, response=Revoked,
               summary="Revoke every active session of the tenant, or of one user", **_write)
async def revoke_sessions(ctx: Ctx):
    return await service.delete_many(ctx.pool, ctx.tenant_id, ctx.query.user_id, from_ctx(ctx))


@router.post("/v1/sessions/verify", body=VerifyToken, response=Verification, idempotent=False,
             summary="Verify an access token; valid is false for revoked or expired sessions",
             **_read)
async def verify_session(ctx: Ctx):
    return await service.verify(runtime(ctx.app), ctx.pool, ctx.tenant_id, ctx.body.token)


@router.get("/v1/sessions/{id}", response=Session, summary="Get a session", **_read,
            errors=(not_found("session"),))
async def get_session(ctx: Ctx):
    return await service.get(ctx.pool, ctx.tenant_id, ctx.param("id"))


@router.delete("/v1/sessions/{id}", status=204,
               summary="Revoke a session: its access and refresh tokens stop working", **_write,
               errors=(not_found("session"),))
async def delete_session(ctx: Ctx):
    await service.delete(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))
