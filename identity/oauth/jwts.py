"""Signing and verifying the provider's JWTs (ID tokens and access tokens) with the service's
signing keys (identity.sessions.signing), under the tenant's issuer.

Access tokens are ES256 and follow RFC 9068 (header typ "at+jwt"; iss, sub, aud = client_id,
client_id, scope, jti, iat, exp) plus tid (tenant), gid (the grant, for revocation) and sid (the
session, for user grants). Their issuer is the tenant's OAuth issuer, not the platform's, so the
platform API (/v1/auth/me ...) never accepts them and vice versa, and a token of one tenant
never verifies under another's issuer. ID tokens are RS256 unless the client was registered
with id_token_signed_response_alg ES256.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import jwt

from identity.sessions.signing import ALGORITHM, ALGORITHMS, Claims, SigningKeys, UnknownKid, sign_es256

ACCESS_TYP = "at+jwt"
ID_TYP = "jwt"


class BadToken(Exception):
    pass


def issuer(public_url: str, tenant_id: str) -> str:
    return f"{public_url.rstrip('/')}/oauth/{tenant_id}"


def sign(keys: SigningKeys, claims: Claims, typ: str = "JWT", algorithm: str = ALGORITHM) -> str:
    key = keys.current(algorithm)
    if algorithm == "ES256":
        return sign_es256(key, claims, typ)
    return jwt.encode(claims, key.private, algorithm=algorithm, headers={"kid": key.kid, "typ": typ})


def at_hash(access_token: str) -> str:
    """OIDC Core §3.1.3.6: base64url of the left half of SHA-256 of the token's ASCII."""
    digest = hashlib.sha256(access_token.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest[: len(digest) // 2]).decode().rstrip("=")


async def verify(
    keys: SigningKeys,
    pool: Any,
    token: str,
    iss: str,
    *,
    typ: str = ACCESS_TYP,
    algorithms: tuple[str, ...] = (ALGORITHM,),
    verify_exp: bool = True,
) -> Claims:
    """Claims of a token this provider signed for this issuer; BadToken otherwise.
    The algorithm is pinned to `algorithms` (access tokens: ES256 only), the kid must be a
    published key of the header's algorithm, and aud is required (the caller compares it)."""
    try:
        header = jwt.get_unverified_header(token)
    except jwt.PyJWTError:
        raise BadToken("malformed") from None
    alg = header.get("alg")
    if alg not in algorithms or alg not in ALGORITHMS:
        raise BadToken("algorithm")
    if str(header.get("typ", "")).lower() != typ:
        raise BadToken("type")
    kid = header.get("kid")
    if not isinstance(kid, str):
        raise BadToken("kid")
    key = keys.keys.get(kid)
    if key is None:
        await keys.maybe_reload(pool, unknown_kid=True)
        key = keys.keys.get(kid)
        if key is None:
            raise BadToken("kid")
    if key.alg != alg:
        raise BadToken("key algorithm")
    try:
        return jwt.decode(
            token,
            key.public,
            algorithms=[alg],
            issuer=iss,
            options={"require": ["exp", "iat", "sub", "aud"], "verify_aud": False, "verify_exp": verify_exp},
        )
    except jwt.PyJWTError as exc:
        raise BadToken(type(exc).__name__) from None


__all__ = ["ACCESS_TYP", "ID_TYP", "BadToken", "UnknownKid", "at_hash", "issuer", "sign", "verify"]
