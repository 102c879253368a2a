"""Middleware for aiohttp (`identity_sdk.middleware.aiohttp`), Starlette/FastAPI
(`identity_sdk.middleware.starlette`) and Django (`identity_sdk.middleware.django`): each reads
the session token (Authorization: Bearer, or a cookie you name), verifies it locally with a
TokenVerifier and puts its Auth on the request, or answers 401 in the service's error shape."""

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
}


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


def unauthenticated(error: TokenError | None, rid: str) -> bytes:
    """The 401 body, in the service's error shape; `reason` is the verifier's code."""
    reason = error.code if error else "missing"
    body = {"error": {"code": "unauthenticated", "message": MESSAGES.get(reason, "The session token is not valid."),
                      "status": 401, "request_id": rid, "reason": reason}}
    return json.dumps(body).encode()


HEADERS_401 = {"Content-Type": "application/json", "WWW-Authenticate": 'Bearer realm="identity"',
               "Cache-Control": "no-store"}
