"""Typed errors: every answer of the service outside 2xx becomes an IdentityError carrying the
service's `error.code`, and a token or webhook that fails verification becomes its own error."""

from __future__ import annotations

from typing import Any


class IdentityError(Exception):
    """An error answer of the service: {"error": {"code", "message", "status", "request_id", ...}}."""

    def __init__(
        self,
        code: str,
        message: str,
        status: int,
        request_id: str | None = None,
        details: list[dict[str, Any]] | None = None,
        body: Any = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.code = code
        self.message = message
        self.status = status
        self.request_id = request_id
        self.details = details or []
        self.body = body


class BadRequestError(IdentityError):
    """400 and 422: the request was refused as it stands; correct it before sending it again."""


class AuthenticationError(IdentityError):
    """401: the credential is missing, unknown, revoked or expired."""


class PermissionDeniedError(IdentityError):
    """403: the credential may not do this (kind, scope, or the user's state)."""


class NotFoundError(IdentityError):
    """404."""


class ConflictError(IdentityError):
    """409."""


class RateLimitError(IdentityError):
    """429: over a rate limit; `retry_after` is the server's Retry-After in seconds, when sent."""

    retry_after: float | None = None


class ServerError(IdentityError):
    """5xx."""


class ConnectionFailed(IdentityError):
    """The service could not be reached (after the retries)."""


_BY_STATUS: dict[int, type[IdentityError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: BadRequestError,
    429: RateLimitError,
}


def error_for(status: int, body: Any, request_id: str | None = None) -> IdentityError:
    """The typed error for an answer's status and decoded body (any body: a proxy's HTML too)."""
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        code = str(error.get("code") or "unknown_error")
        message = str(error.get("message") or "")
        request_id = error.get("request_id") or request_id
        details = error.get("details") if isinstance(error.get("details"), list) else None
    elif isinstance(error, str):  # the OAuth endpoints' RFC 6749 shape
        code, message, details = error, str(body.get("error_description") or ""), None
    else:
        code, message, details = "unexpected_response", f"HTTP {status}", None
    cls = _BY_STATUS.get(status) or (ServerError if status >= 500 else IdentityError)
    return cls(code, message, status, request_id, details, body)


class TokenError(Exception):
    """A session token was refused by the local verifier. `code` says why (stable, for programs):
    malformed, unsupported_algorithm, unknown_key, invalid_signature, invalid_issuer,
    invalid_audience, expired, not_yet_valid, missing_claim, session_revoked, user_revoked,
    key_revoked, revocation_unavailable, invalid_token (the service said valid: false)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class WebhookVerificationError(Exception):
    """A webhook delivery failed verification: a missing header, a stale timestamp, or a
    signature that does not match the body (tampered, or another secret)."""
