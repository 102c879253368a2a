"""The ACCESS_TOKEN credential: a JWT this service signed, for a session that is still alive.

The hot path does no database round trip once warm: the signature check is cached per token
(identity.sessions.access), the session's state per session (identity.sessions.cache, at most
TTL_SECONDS stale, normally invalidated at once by NOTIFY) and the tenant row for a few seconds.
"""

from __future__ import annotations

from aiohttp import web

from identity.http.errors import UNAUTHENTICATED
from identity.principals import ACCESS_TOKEN, Principal
from identity.sessions.runtime import runtime
from identity.sessions.signing import InvalidToken
from identity.state import STATE


async def resolve_access_token(request: web.Request, token: str, tenant_id: str | None) -> Principal:
    rt = runtime(request)
    pool = request.app[STATE].pool
    try:
        claims = await rt.tokens.verify(token, pool, audience=tenant_id)
    except InvalidToken:
        raise UNAUTHENTICATED("The access token is not valid for this tenant or has expired.") from None
    tenant = await rt.tenants.get(pool, claims["tid"])
    session = await rt.sessions.get(pool, tenant.id, claims["sid"])
    if session is None or not session.alive() or session.user_id != claims["sub"]:
        raise UNAUTHENTICATED("The session of this access token has ended.")
    return Principal(
        kind=ACCESS_TOKEN,
        tenant=tenant,
        user_id=claims["sub"],
        session_id=claims["sid"],
        email=session.email,
        claims=claims,
    )
