"""private_key_jwt (RFC 7523 §2.2, OIDC Core §9): a client proves itself with a JWT signed by a
key it registered (its JWK set), so no shared secret exists.

The assertion must be signed with RS256 or ES256, the algorithm pinned to the registered key's
(kty RSA -> RS256, EC P-256 -> ES256, and the JWK's own alg when it names one); carry iss = sub =
the client_id, aud = the token endpoint URL or the issuer (or the endpoint called), an exp at
most MAX_LIFETIME ahead, and a jti, accepted once (oauth_client_assertions keeps it until exp).
Every failure is invalid_client, whatever the reason.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import jwt

from identity.clients.jwks import ALGORITHMS, algorithm_of, check_jwks
from identity.clients.store import ClientRecord
from identity.oauth import machine_store
from identity.oauth.errors import OAuthError, invalid_client

ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
MAX_LIFETIME = 300  # seconds an assertion may live
LEEWAY = 30  # clock skew allowed on exp, iat and nbf


def claimed_client_id(assertion: str) -> str:
    """The client an assertion names (its sub), read before anything is verified: only to find
    the client whose keys then verify it."""
    try:
        claims = jwt.decode(assertion, options={"verify_signature": False})
    except jwt.PyJWTError:
        raise invalid_client("The client assertion is not a valid JWT.") from None
    sub = claims.get("sub")
    if not isinstance(sub, str) or not sub:
        raise invalid_client("The client assertion has no sub.")
    return sub


async def verify(pool: Any, tenant_id: str, client: ClientRecord, assertion: str, audiences: set[str]) -> None:
    """Accept the assertion for this client once, or raise OAuthError invalid_client."""
    try:
        header = jwt.get_unverified_header(assertion)
    except jwt.PyJWTError:
        raise invalid_client("The client assertion is not a valid JWT.") from None
    alg, kid = header.get("alg"), header.get("kid")
    jwks = client.jwks
    if isinstance(jwks, str):
        jwks = json.loads(jwks)
    keys = (jwks or {}).get("keys", [])
    if kid is None and len(keys) == 1:
        key = keys[0]
    else:
        key = next((k for k in keys if k.get("kid") == kid), None) if isinstance(kid, str) else None
    if key is None:
        raise invalid_client("The client assertion's kid is not one of the client's keys.")
    if alg not in ALGORITHMS or algorithm_of(key) != alg:
        raise invalid_client("The client assertion's algorithm does not match the client's key.")
    try:
        claims = jwt.decode(
            assertion,
            jwt.PyJWK(key, algorithm=alg).key,
            algorithms=[alg],
            audience=list(audiences),
            issuer=client.id,
            leeway=LEEWAY,
            options={"require": ["iss", "sub", "aud", "exp", "jti"]},
        )
    except jwt.PyJWTError as exc:
        raise invalid_client(f"The client assertion is not valid ({type(exc).__name__}).") from None
    now = datetime.now(UTC).timestamp()
    if claims["sub"] != client.id:
        raise invalid_client("The client assertion's sub must be the client_id.")
    if not isinstance(claims["exp"], int | float) or claims["exp"] > now + MAX_LIFETIME + LEEWAY:
        raise invalid_client(f"The client assertion must expire within {MAX_LIFETIME} seconds.")
    jti = claims["jti"]
    if not isinstance(jti, str) or not 1 <= len(jti) <= 200:
        raise invalid_client("The client assertion's jti is not valid.")
    expires = datetime.fromtimestamp(claims["exp"] + LEEWAY, UTC)
    if not await machine_store.spend_assertion(pool, tenant_id, client.id, jti, expires):
        raise invalid_client("The client assertion was already used (jti).")


__all__ = ["ALGORITHMS", "ASSERTION_TYPE", "OAuthError", "check_jwks", "claimed_client_id", "verify"]
