"""One error hierarchy; each error has a status and a stable code, rendered by one middleware.

An error is declared once, as an ErrorSpec (or an ApiError subclass, whose `spec` is derived
from its class attributes); the code raises it from that declaration and routes list the same
objects in `errors=`, so /openapi.json names every code an operation can answer
(docs/api-conventions.md, "The reference").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class ErrorSpec:
    """A declared error: its status, its stable code and its default message."""

    status: int
    code: str
    message: str

    def __call__(
        self,
        message: str | None = None,
        *,
        details: list[dict[str, str]] | None = None,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> ApiError:
        """The exception to raise for this declaration."""
        return ApiError(message or self.message, code=self.code, status=self.status,
                        details=details, extra=extra, headers=headers)

    def invalid(self, field: str, message: str) -> ValidationFailed:
        """A 422 naming its field, with this declaration's code."""
        assert self.status == 422, self
        return ValidationFailed(field, message, code=self.code)


class ApiError(Exception):
    status: int = 400
    code: str = "bad_request"
    message: str = "The request could not be processed."
    spec: ClassVar[ErrorSpec]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.spec = ErrorSpec(cls.status, cls.code, cls.message)

    def __init__(
        self,
        message: str | None = None,
        *,
        code: str | None = None,
        status: int | None = None,
        details: list[dict[str, str]] | None = None,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.message = message or self.message
        if code:
            self.code = code
        if status:
            self.status = status
        self.details = details
        self.extra = extra or {}
        self.headers = headers or {}
        super().__init__(self.message)

    def body(self, request_id: str) -> dict[str, Any]:
        error: dict[str, Any] = {
            "code": self.code,
            "message": self.message,
            "status": self.status,
            "request_id": request_id,
        }
        if self.details is not None:
            error["details"] = self.details
        error.update(self.extra)
        return {"error": error}


class InvalidJson(ApiError):
    status, code = 400, "invalid_json"
    message = "The request body must be a JSON object."


class ValidationFailed(ApiError):
    status, code = 422, "validation_error"
    message = "The request has invalid fields."

    def __init__(self, field: str, message: str, *, code: str | None = None) -> None:
        super().__init__(
            f"{field}: {message}" if field else message,
            code=code,
            details=[{"field": field, "message": message}],
        )


class Unauthenticated(ApiError):
    status, code = 401, "unauthenticated"
    message = "A valid credential is required."


class Forbidden(ApiError):
    status, code = 403, "forbidden"
    message = "This credential cannot be used on this endpoint."


class InsufficientScope(ApiError):
    status, code = 403, "insufficient_scope"
    message = "The API key lacks the scope this endpoint needs."


class NotFound(ApiError):
    status, code = 404, "not_found"
    message = "Not found."

    def __init__(self, kind: str | None = None, message: str | None = None) -> None:
        if kind:
            spec = not_found(kind)
            super().__init__(message or spec.message, code=spec.code)
        else:
            super().__init__(message)


def not_found(kind: str) -> ErrorSpec:
    """The declaration behind NotFound(kind): 404 `<kind>_not_found`."""
    return ErrorSpec(404, f"{kind}_not_found", f"No {kind.replace('_', ' ')} with that identifier.")


class Conflict(ApiError):
    status, code = 409, "conflict"
    message = "The request conflicts with the current state."


class ServiceUnavailable(ApiError):
    status, code = 503, "service_unavailable"
    message = "The service is temporarily unavailable; retry shortly."


#: A 422 on a field that must hold an email address (sign-up, users, invitations, email config).
INVALID_EMAIL = ErrorSpec(422, "invalid_email", "The email address is not valid.")

# Declared where the platform raises them (identity/http/auth.py, cors.py, idempotency.py).
TENANT_HEADER_REQUIRED = ErrorSpec(400, "tenant_header_required",
                                   "Send the tenant's identifier in the X-Tenant-ID header.")
ORIGIN_NOT_ALLOWED = ErrorSpec(403, "origin_not_allowed", "This origin is not in the tenant's allowed_origins.")
IDEMPOTENCY_KEY_IN_USE = ErrorSpec(409, "idempotency_key_in_use",
                                   "A request with this Idempotency-Key is still in progress.")
IDEMPOTENCY_KEY_MISMATCH = ErrorSpec(422, "idempotency_key_mismatch",
                                     "This Idempotency-Key was used with a different request.")
#: aiohttp refuses a body over the application's client_max_size; the middleware answers it.
PAYLOAD_TOO_LARGE = ErrorSpec(413, "payload_too_large", "The request body is too large.")
