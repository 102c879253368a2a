"""Middleware for aiohttp (`identity_sdk.middleware.aiohttp`), Starlette/FastAPI
(`identity_sdk.middleware.starlette`) and Django (`identity_sdk.middleware.django`): each reads
the session token (Authorization: Bearer, or a cookie you name), verifies it locally with a
TokenVerifier and puts its Auth on the request, or answers 401 in the service's error shape (503
`service_unavailable` with Retry-After when the token could not be checked: the key set or the
revocation check was out of reach, which says nothing about the token)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from identity_sdk.errors import TokenError

MESSAGES = {
    "missing": "A session token is required (Authorization: Bearer <token>).",
    "expired": "The session token has expired; refresh it.",
    "revocation_unavailable": "The session could not be checked right now.",
    "keys_unavailable": "The session could not be checked right now.",
}
#: Verifier codes that mean "could not check", not "not valid": the client should retry, not sign in.
UNAVAILABLE = frozenset({"revocation_unavailable", "keys_unavailable"})


@dataclass(frozen=True)
class Options:
    """required: a request without a token is answered 401 (else it passes with auth None);
    public_paths: path prefixes that never require a token (a token sent there is still verified);
    cookie: the cookie that may carry the token when no Authorization header does."""

    required: bool = True
    public_paths: tuple[str, ...] = ()
    cookie: str | None = None

    @classmethod
    def of(cls, required: bool = True, public_paths: Iterable[str] = (), cookie: str | None = None) -> Options:
        return cls(required, tuple(public_paths), cookie)

    def requires(self, path: str) -> bool:
        return self.required and not any(path == p or path.startswith(p.rstrip("/") + "/") for p in self.public_paths)


def token_from(headers: Mapping[str, str], cookies: Mapping[str, str], cookie: str | None) -> str | None:
    """The bearer token of a request: the Authorization header, else the named cookie."""
    value = headers.get("authorization") or headers.get("Authorization") or ""
    scheme, _, token = value.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    if cookie and cookies.get(cookie):
        return cookies[cookie]
    return None


def request_id(headers: Mapping[str, str]) -> str:
    return headers.get("x-request-id") or headers.get("X-Request-ID") or f"req_{uuid.uuid4().hex}"


def refusal(error: TokenError | None, rid: str) -> tuple[int, bytes, dict[str, str]]:
    """The status, body (the service's error shape; `reason` is the verifier's code) and headers
    of a refused request: 401 `unauthenticated`, or 503 `service_unavailable` with Retry-After: 1."""
    reason = error.code if error else "missing"
    message = MESSAGES.get(reason, "The session token is not valid.")
    if reason in UNAVAILABLE:
        status, code = 503, "service_unavailable"
        headers = {"Content-Type": "application/json", "Retry-After": "1", "Cache-Control": "no-store"}
    else:
        status, code = 401, "unauthenticated"
        headers = {
            "Content-Type": "application/json",
            "WWW-Authenticate": 'Bearer realm="identity"',
            "Cache-Control": "no-store",
        }
    body = {"error": {"code": code, "message": message, "status": status, "request_id": rid, "reason": reason}}
    return status, json.dumps(body).encode(), headers
