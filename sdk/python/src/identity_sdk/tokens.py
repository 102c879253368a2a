"""Verifying the service's session (access) tokens in your backend, without a call per request.

Checks, in order (docs/auth.md "Verifying an access token in your backend"): the header names
ES256 (never taken from the token: `none`, HS*, RS* are refused before any key is touched) and a
kid of the service's ES256 keys; the signature; `iss` equal to the service's issuer; `aud`
equal to your tenant id (and `tid` equal to `aud`), which is what refuses another tenant's
users, since every tenant's tokens share keys and issuer; `exp`/`nbf`/`iat` with a small leeway;
the required claims. Then, when asked, revocation: the deny list of the revocation feed (no
call), or POST /v1/sessions/verify with a short cache.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Literal

import httpx
import jwt

from identity_sdk.errors import TokenError
from identity_sdk.jwks import KeySet
from identity_sdk.revocations import RevocationFeed

ALGORITHM = "ES256"
REQUIRED_CLAIMS = ["exp", "iat", "iss", "aud", "sub", "sid", "tid"]


@dataclass(frozen=True)
class Auth:
    """Who a verified token speaks for; what the middlewares put on the request."""

    user_id: str
    session_id: str
    tenant_id: str
    role: str | None
    org_id: str | None
    org_role: str | None
    mfa_verified: bool
    expires_at: int
    issued_at: int
    claims: dict[str, Any] = field(repr=False, compare=False)


def _auth(claims: dict[str, Any]) -> Auth:
    return Auth(
        user_id=claims["sub"],
        session_id=claims["sid"],
        tenant_id=claims["tid"],
        role=claims.get("role"),
        org_id=claims.get("org_id"),
        org_role=claims.get("org_role"),
        mfa_verified=bool(claims.get("mfa_verified")),
        expires_at=int(claims["exp"]),
        issued_at=int(claims["iat"]),
        claims=claims,
    )


_DECODE_ERRORS: list[tuple[type[Exception], str]] = [
    (jwt.ExpiredSignatureError, "expired"),
    (jwt.ImmatureSignatureError, "not_yet_valid"),
    (jwt.InvalidAudienceError, "invalid_audience"),
    (jwt.InvalidIssuerError, "invalid_issuer"),
    (jwt.MissingRequiredClaimError, "missing_claim"),
    (jwt.InvalidSignatureError, "invalid_signature"),
    (jwt.InvalidAlgorithmError, "unsupported_algorithm"),
]


class TokenVerifier:
    """Verifies session tokens of one tenant.

    revocation: "off" (signature and claims only; a revoked session's token works until its exp),
    "api" (POST /v1/sessions/verify, answers cached `api_cache_ttl` seconds per session), or
    "feed" (the revocation feed's deny list; call `start()` once). With "feed", while the feed
    has been down longer than `feed_grace`, `on_feed_unavailable` says what happens: "fail_closed"
    (refuse every token, code revocation_unavailable) or "api" (ask the service). "api" and
    "feed" need the tenant's secret key (scope sessions:read).
    """

    def __init__(
        self,
        base_url: str,
        tenant_id: str,
        *,
        issuer: str | None = None,
        jwks_url: str | None = None,
        leeway: float = 5.0,
        revocation: Literal["off", "api", "feed"] = "off",
        secret_key: str | None = None,
        api_cache_ttl: float = 5.0,
        feed_grace: float = 30.0,
        on_feed_unavailable: Literal["fail_closed", "api"] = "fail_closed",
        min_jwks_refresh_interval: float = 5.0,
        timeout: float = 10.0,
    ) -> None:
        if not tenant_id:
            raise ValueError("tenant_id is required: it is the audience that binds a token to your tenant")
        if revocation != "off" and not secret_key:
            raise ValueError("revocation checks need the tenant's secret key (scope sessions:read)")
        self.base_url = base_url.rstrip("/")
        self.tenant_id = tenant_id
        self.issuer = issuer or self.base_url
        self.leeway = leeway
        self.revocation = revocation
        self.secret_key = secret_key
        self.api_cache_ttl = api_cache_ttl
        self.on_feed_unavailable = on_feed_unavailable
        self.timeout = timeout
        self.keys = KeySet(
            jwks_url or self.base_url + "/.well-known/jwks.json",
            min_refresh_interval=min_jwks_refresh_interval,
            timeout=timeout,
        )
        self.feed = (
            RevocationFeed(self.base_url, secret_key=secret_key, tenant_id=tenant_id, grace=feed_grace)
            if revocation == "feed" and secret_key
            else None
        )
        self._answers: dict[str, tuple[float, str | None]] = {}  # sid -> (until, refusal code or None)
        self._answers_lock = threading.Lock()

    # -- the feed's life -------------------------------------------------------------------------

    def start(self, ready_timeout: float = 10.0) -> bool:
        """Start the revocation feed (revocation="feed"); True once its replay has been read."""
        return self.feed.start(ready_timeout) if self.feed else True

    async def astart(self, ready_timeout: float = 10.0) -> bool:
        return await self.feed.astart(ready_timeout) if self.feed else True

    def stop(self) -> None:
        if self.feed:
            self.feed.stop()

    # -- verifying -------------------------------------------------------------------------------

    def _header(self, token: str) -> str:
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError as exc:
            raise TokenError("malformed", "the token is not a JWT") from exc
        if header.get("alg") != ALGORITHM:
            raise TokenError("unsupported_algorithm", f"session tokens are {ALGORITHM}; got {header.get('alg')!r}")
        kid = header.get("kid")
        if not isinstance(kid, str) or not kid:
            raise TokenError("unknown_key", "the token names no key")
        return kid

    def _claims(self, token: str, key: jwt.PyJWK | None, kid: str) -> dict[str, Any]:
        if key is None and not self.keys.available:
            raise TokenError("keys_unavailable", "the service's key set could not be fetched")
        if key is None:
            raise TokenError("unknown_key", f"no signing key {kid!r} in the service's key set")
        try:
            claims = jwt.decode(
                token,
                key.key,
                algorithms=[ALGORITHM],
                audience=self.tenant_id,
                issuer=self.issuer,
                leeway=self.leeway,
                options={"require": REQUIRED_CLAIMS, "strict_aud": True},
            )
        except jwt.PyJWTError as exc:
            code = next((c for cls, c in _DECODE_ERRORS if isinstance(exc, cls)), "malformed")
            raise TokenError(code, str(exc)) from exc
        if claims.get("tid") != claims.get("aud"):
            raise TokenError("invalid_audience", "tid and aud differ")
        for name in ("sub", "sid"):
            if not isinstance(claims.get(name), str):
                raise TokenError("missing_claim", f"{name} is not a string")
        return claims

    def _refusal_by_feed(self, claims: dict[str, Any], kid: str) -> str | None:
        assert self.feed is not None
        return self.feed.deny.refusal(sid=claims["sid"], sub=claims["sub"], iat=claims.get("iat"), kid=kid)

    def _cached_answer(self, sid: str) -> tuple[bool, str | None]:
        with self._answers_lock:
            found = self._answers.get(sid)
            if found is None or found[0] <= time.monotonic():
                return False, None
            return True, found[1]

    def _remember(self, sid: str, body: dict[str, Any]) -> str | None:
        refusal = None if body.get("valid") is True else "invalid_token"
        with self._answers_lock:
            now = time.monotonic()
            if len(self._answers) > 10_000:
                self._answers = {k: v for k, v in self._answers.items() if v[0] > now}
            self._answers[sid] = (now + self.api_cache_ttl, refusal)
        return refusal

    def _api_request(self, token: str) -> dict[str, Any]:
        return {
            "url": self.base_url + "/v1/sessions/verify",
            "json": {"token": token},
            "headers": {"Authorization": f"Bearer {self.secret_key}", "X-Tenant-ID": self.tenant_id},
        }

    @staticmethod
    def _api_body(response: httpx.Response) -> dict[str, Any]:
        if response.status_code != 200:
            raise TokenError("revocation_unavailable", f"POST /v1/sessions/verify answered {response.status_code}")
        return response.json()

    def _after_claims(self, claims: dict[str, Any], kid: str) -> bool:
        """Apply the feed; True when the service must still be asked."""
        if self.revocation == "feed" and self.feed is not None:
            if self.feed.healthy:
                refusal = self._refusal_by_feed(claims, kid)
                if refusal:
                    raise TokenError(refusal, "revoked")
                return False
            if self.on_feed_unavailable == "fail_closed":
                raise TokenError("revocation_unavailable", "the revocation feed is down")
            return True
        return self.revocation == "api"

    def verify(self, token: str) -> Auth:
        """Verify from synchronous code; the token's Auth, or TokenError."""
        kid = self._header(token)
        claims = self._claims(token, self.keys.get(kid), kid)
        if self._after_claims(claims, kid):
            known, refusal = self._cached_answer(claims["sid"])
            if not known:
                try:
                    response = httpx.post(timeout=self.timeout, **self._api_request(token))
                except httpx.HTTPError as exc:
                    raise TokenError("revocation_unavailable", str(exc)) from exc
                refusal = self._remember(claims["sid"], self._api_body(response))
            if refusal:
                raise TokenError(refusal, "the service says the session is no longer valid")
        return _auth(claims)

    async def averify(self, token: str) -> Auth:
        """Verify from async code; the token's Auth, or TokenError."""
        kid = self._header(token)
        claims = self._claims(token, await self.keys.aget(kid), kid)
        if self._after_claims(claims, kid):
            known, refusal = self._cached_answer(claims["sid"])
            if not known:
                try:
                    async with httpx.AsyncClient(timeout=self.timeout) as http:
                        response = await http.post(**self._api_request(token))
                except httpx.HTTPError as exc:
                    raise TokenError("revocation_unavailable", str(exc)) from exc
                refusal = self._remember(claims["sid"], self._api_body(response))
            if refusal:
                raise TokenError(refusal, "the service says the session is no longer valid")
        return _auth(claims)


_SHARED: dict[tuple[Any, ...], TokenVerifier] = {}
_SHARED_LOCK = threading.Lock()


def shared_verifier(base_url: str, tenant_id: str, **options: Any) -> TokenVerifier:
    """The process's verifier for these arguments, made once (at most 64 kept), so repeated
    `verify_session_token` calls share one key set instead of fetching it each time."""
    key = (base_url.rstrip("/"), tenant_id, tuple(sorted(options.items())))
    with _SHARED_LOCK:
        verifier = _SHARED.get(key)
        if verifier is None:
            if len(_SHARED) >= 64:
                _SHARED.pop(next(iter(_SHARED))).stop()
            verifier = _SHARED[key] = TokenVerifier(base_url, tenant_id, **options)
        return verifier


async def verify_session_token(token: str, *, base_url: str, tenant_id: str, **options: Any) -> Auth:
    """Verify a session token of `tenant_id` locally (TokenVerifier's checks; `options` are its
    keyword options). The verifier, and so its key set, is kept for the next call with the same
    arguments. A feed (revocation="feed") starts with the first call."""
    verifier = shared_verifier(base_url, tenant_id, **options)
    if verifier.feed is not None and not verifier.feed.started:
        await verifier.astart()
    return await verifier.averify(token)


__all__ = ["Auth", "TokenError", "TokenVerifier", "shared_verifier", "verify_session_token"]
