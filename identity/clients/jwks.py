"""The JWK set a client registers for private_key_jwt: which keys are acceptable (checked when
the client is created or changed) and the one algorithm each verifies (identity/oauth/
client_assertion.py verifies assertions with them)."""

from __future__ import annotations

import json
from typing import Any

import jwt

_KTY = {"RS256": "RSA", "ES256": "EC"}
ALGORITHMS = tuple(_KTY)
MAX_KEYS = 10


def check_jwks(jwks: Any) -> str | None:
    """Why a registered JWK set is unusable, or None. Public keys only, each with a unique kid,
    of a kind that RS256 or ES256 can verify."""
    if not isinstance(jwks, dict) or not isinstance(jwks.get("keys"), list):
        return 'must be a JWK set: {"keys": [...]}'
    keys = jwks["keys"]
    if not 1 <= len(keys) <= MAX_KEYS:
        return f"must hold 1 to {MAX_KEYS} keys"
    if len(json.dumps(jwks)) > 20_000:
        return "is too large"
    kids = set()
    for key in keys:
        if not isinstance(key, dict):
            return "holds a key that is not a JWK object"
        if any(private in key for private in ("d", "p", "q", "dp", "dq", "qi", "k")):
            return "must hold public keys only"
        kid = key.get("kid")
        if not isinstance(kid, str) or not 1 <= len(kid) <= 200 or kid in kids:
            return "needs a unique kid on every key"
        kids.add(kid)
        if algorithm_of(key) is None:
            return f"key {kid!r} is neither an RSA key (RS256) nor a P-256 EC key (ES256)"
        try:
            jwt.PyJWK(key)
        except (jwt.PyJWTError, ValueError, TypeError, KeyError):
            return f"key {kid!r} is not a valid JWK"
    return None


def algorithm_of(key: dict[str, Any]) -> str | None:
    """The one algorithm a registered key verifies."""
    if key.get("use") not in (None, "sig"):
        return None
    if key.get("kty") == "RSA" and key.get("alg") in (None, "RS256"):
        return "RS256"
    if key.get("kty") == "EC" and key.get("crv") == "P-256" and key.get("alg") in (None, "ES256"):
        return "ES256"
    return None
