"""Access tokens: their claims, issuing, and verification behind a bounded LRU.

`aud` is the tenant id (as is `tid`), so a backend that verifies tokens with the JWKS and
checks the audience accepts only its own tenant's tokens, although every tenant's tokens are
signed with the same keys under the same `iss`.

A verified token's claims are cached by the token text until its exp, so a hot client pays
for the ECDSA verification once. The cache says only "this signature is good"; whether the
session is still alive is asked of the session cache on every request (identity.sessions.cache).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from datetime import UTC, datetime, timedelta
from typing import Any

from identity.sessions.signing import Claims, InvalidToken, SigningKeys, UnknownKid
from identity.sessions.subject import TokenUser

TOKEN_CACHE_SIZE = 20_000


def claims_for(
    *,
    issuer: str,
    tenant_id: str,
    user: TokenUser,
    session: Any,
    ttl: timedelta,
    now: datetime | None = None,
    act: Claims | None = None,
    not_after: datetime | None = None,
) -> Claims:
    """The access token claims for a user's session. exp never passes the session's expiry,
    nor `not_after` (the expiry of the token this one is issued in exchange for, so that a
    token cannot be renewed by presenting it)."""
    now = now or datetime.now(UTC)
    expires = min(now + ttl, session["expires_at"])
    if not_after is not None:
        expires = min(expires, not_after)
    claims = {
        "iss": issuer,
        "aud": tenant_id,
        "sub": user.id,
        "sid": session["id"],
        "tid": tenant_id,
        "role": user.role,
        "org_id": session["org_id"],
        # The user's role in the active organization (identity/organizations/active.py); read
        # from the membership by whoever loads the session (refresh joins it), else None.
        "org_role": session.get("org_role") if session["org_id"] else None,
        "mfa_verified": bool(session["mfa_verified"]),
        "public_metadata": user.public_metadata or {},
        "iat": int(now.timestamp()),
        "exp": int(expires.timestamp()),
    }
    if act:
        claims["act"] = act
    return claims


class AccessTokens:
    """Signs tokens with the current key; verifies them with a bounded LRU in front."""

    def __init__(self, keys: SigningKeys, cache_size: int = TOKEN_CACHE_SIZE) -> None:
        self.keys = keys
        self.cache_size = cache_size
        self._cache: OrderedDict[str, Claims] = OrderedDict()

    def issue(self, claims: Claims) -> str:
        return self.keys.sign(claims)

    async def verify(self, token: str, pool: Any, *, audience: str | None) -> Claims:
        """Claims of a valid token for tenant `audience`, else InvalidToken (expired, tampered,
        unknown key, another tenant's...). With audience None (the caller does not know the
        tenant yet) the token must still name one tenant: its aud equal to its tid."""
        claims = self._cache.get(token)
        if claims is not None:
            if claims["exp"] <= time.time():
                del self._cache[token]
                raise InvalidToken("expired")
            self._cache.move_to_end(token)
        else:
            try:
                claims = self.keys.verify(token)
            except UnknownKid:
                # Perhaps another process rotated the key a moment ago: look once, then decide.
                await self.keys.maybe_reload(pool, unknown_kid=True)
                claims = self.keys.verify(token)
            if claims["aud"] != claims["tid"]:
                raise InvalidToken("audience")
            self._cache[token] = claims
            if len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        # Checked on every use: the cache says only that the signature is good.
        if audience is not None and claims["aud"] != audience:
            raise InvalidToken("audience")
        return claims

    def clear(self) -> None:
        self._cache.clear()
