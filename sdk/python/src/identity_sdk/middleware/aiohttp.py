"""aiohttp: `app.middlewares.append(identity_auth(verifier))`; handlers call `get_auth(request)`
(an Auth, or None on a public path without a token), or read `request[AUTH]`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from aiohttp import web

from identity_sdk.errors import TokenError
from identity_sdk.middleware import Options, refusal, request_id, token_from
from identity_sdk.tokens import Auth, TokenVerifier

# A typed request key where aiohttp has them (3.12+: it warns about plain string keys).
AUTH: Any = web.RequestKey("identity_sdk_auth", Auth) if hasattr(web, "RequestKey") else "identity_sdk_auth"

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def identity_auth(
    verifier: TokenVerifier, *, required: bool = True, public_paths: Iterable[str] = (), cookie: str | None = None
) -> Callable[[web.Request, Handler], Awaitable[web.StreamResponse]]:
    """A middleware that verifies the request's session token with `verifier`."""
    options = Options.of(required, public_paths, cookie)

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if verifier.feed is not None and not verifier.feed.started:
            await verifier.astart()  # the revocation feed, once (an app may also start it at start-up)
        token = token_from(request.headers, request.cookies, options.cookie)
        request[AUTH] = None
        if token is None:
            if options.requires(request.path):
                return _refuse(request, None)
            return await handler(request)
        try:
            request[AUTH] = await verifier.averify(token)
        except TokenError as exc:
            return _refuse(request, exc)
        return await handler(request)

    return middleware


def _refuse(request: web.Request, error: TokenError | None) -> web.Response:
    status, body, headers = refusal(error, request_id(request.headers))
    return web.Response(status=status, body=body, headers=headers)


def get_auth(request: web.Request) -> Auth | None:
    return request.get(AUTH)
