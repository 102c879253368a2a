"""Access tokens: the claims of decisions.md §3, issuing, and verification behind a bounded LRU.

A verified token's claims are cached by the token text until its exp, so a hot client pays
for the ECDSA verification once. The cache says only "this signature is good"; whether the
session is still alive is asked of the session cache on every request (identity.sessions.cache).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from datetime import UTC, datetime, timedelta
from typing import Any

from identity.tokens.signing import InvalidToken, SigningKeys, UnknownKid

TOKEN_CACHE_SIZE = 20_000


def claims_for(
    *,
    issuer: str,
    tenant_id: str,
    user: Any,
    session: Any,
    ttl: timedelta,
    now: datetime | None = None,
    act: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The access token claims for a user's session. exp never passes the session's expiry."""
    now = now or datetime.now(UTC)
    expires = min(now + ttl, session["expires_at"])
    claims = {
        "iss": issuer,
        "sub": user["id"],
        "sid": session["id"],
        "tid": tenant_id,
        "role": user["role"],
        "org_id": session["org_id"],
        # The user's role in the active organization (identity/organizations/active.py); read
        # from the membership by whoever loads the session (refresh joins it), else None.
        "org_role": session.get("org_role") if session["org_id"] else None,
        "mfa_verified": bool(session["mfa_verified"]),
        "public_metadata": user["public_metadata"] or {},
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
        self._cache: OrderedDict[str, dict[str, Any]] = OrderedDict()

    def issue(self, claims: dict[str, Any]) -> str:
        return self.keys.sign(claims)

    async def verify(self, token: str, pool: Any) -> dict[str, Any]:
        """Claims of a valid token, else InvalidToken (expired, tampered, unknown key...)."""
        claims = self._cache.get(token)
        if claims is not None:
            if claims["exp"] > time.time():
                self._cache.move_to_end(token)
                return claims
            del self._cache[token]
            raise InvalidToken("expired")
        try:
            claims = self.keys.verify(token)
        except UnknownKid:
            # Perhaps another process rotated the key a moment ago: look once, then decide.
            await self.keys.maybe_reload(pool, unknown_kid=True)
            claims = self.keys.verify(token)
        self._cache[token] = claims
        if len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return claims

    def clear(self) -> None:
        self._cache.clear()
