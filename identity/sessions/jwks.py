"""GET /.well-known/jwks.json: every public key that may still verify a live token."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from identity.http.routing import Ctx, Router
from identity.http.types import UNSET, Model, UnsetType
from identity.sessions.runtime import runtime

router = Router()

#: Verifiers may cache the set this long; a key is published well before it signs (PREPUBLISH)
#: and a verifier meeting an unknown kid should fetch the set again.
CACHE_SECONDS = 300


class Jwk(Model):
    """An EC key (ES256: crv, x, y) or an RSA key (RS256: n, e)."""

    kty: str
    kid: str
    alg: str
    use: str
    crv: str | UnsetType = UNSET
    x: str | UnsetType = UNSET
    y: str | UnsetType = UNSET
    n: str | UnsetType = UNSET
    e: str | UnsetType = UNSET


class Jwks(Model):
    keys: list[Jwk]


@router.get(
    "/.well-known/jwks.json",
    response=Jwks,
    tenant=False,
    tag="Tokens",
    summary="Public keys (JWK set) for verifying access tokens (ES256) and ID tokens locally",
)
async def jwks(ctx: Ctx) -> Any:
    """Returns the public keys (a JWK set) that verify the access tokens (ES256) and ID tokens (ES256 or
    RS256) this service signs, so that a backend can check a token locally. Public: no credential, not
    rate limited. A key is published before it signs anything; clients may cache the set for 5 minutes
    (`Cache-Control`) and should fetch it again on meeting an unknown `kid`."""
    return await jwks_response(ctx)


async def jwks_response(ctx: Ctx) -> web.Response:
    """The set as served here and at each tenant's OAuth discovery (oauth/routes.py): reloaded
    when the keys changed, cacheable CACHE_SECONDS."""
    rt = runtime(ctx.app)
    await rt.keys.maybe_reload(ctx.pool)
    return web.Response(
        body=rt.keys.jwks_bytes,
        content_type="application/json",
        headers={"Cache-Control": f"public, max-age={CACHE_SECONDS}"},
    )
