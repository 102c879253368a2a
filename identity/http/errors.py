"""One error hierarchy; each error has a status and a stable code, rendered by one middleware.

Errors are declared one way: an ErrorSpec (status, code, default message) at module level of
the errors.py of the package that raises it; this module declares the platform's own. Code
raises the declaration (`raise USER_NOT_FOUND()`, `raise PASSWORD_TOO_WEAK.invalid(field, msg)`)
and routes list the same objects in `errors=`, so /openapi.json names every code an operation
can answer (docs/api-conventions.md, "The reference"; docs/errors.md, "Where errors are
declared"). The few ApiError subclasses are exception classes for `except` clauses or a body of
their own; each takes its code from a declaration (`spec = ...`), never a literal of its own.
tests/test_code_layout.py checks all of this.
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
        return ApiError(
            message or self.message, code=self.code, status=self.status, details=details, extra=extra, headers=headers
        )

    def invalid(self, field: str, message: str) -> ValidationFailed:
        """A 422 naming its field, with this declaration's code."""
        assert self.status == 422, self
        return ValidationFailed(field, message, code=self.code)


# -- the platform's declarations ----------------------------------------------------------------

BAD_REQUEST = ErrorSpec(400, "bad_request", "The request is malformed.")
INVALID_JSON = ErrorSpec(400, "invalid_json", "The request body must be a JSON object.")
VALIDATION_ERROR = ErrorSpec(422, "validation_error", "The request has invalid fields.")
UNAUTHENTICATED = ErrorSpec(401, "unauthenticated", "A valid credential is required.")
FORBIDDEN = ErrorSpec(403, "forbidden", "This credential cannot be used on this endpoint.")
INSUFFICIENT_SCOPE = ErrorSpec(403, "insufficient_scope", "The API key lacks the scope this endpoint needs.")
NOT_FOUND = ErrorSpec(404, "not_found", "Not found.")
#: The tenant a credential or a path names does not exist (the platform resolves it).
TENANT_NOT_FOUND = ErrorSpec(404, "tenant_not_found", "No tenant with that identifier.")
METHOD_NOT_ALLOWED = ErrorSpec(405, "method_not_allowed", "This path does not take that method.")
SERVICE_UNAVAILABLE = ErrorSpec(503, "service_unavailable", "The service is temporarily unavailable; retry shortly.")
INTERNAL_ERROR = ErrorSpec(
    500, "internal_error", "An unexpected error occurred; quote the request_id when reporting it."
)

#: A 422 on a field that must hold an email address (sign-up, users, invitations, email config).
INVALID_EMAIL = ErrorSpec(422, "invalid_email", "The email address is not valid.")

# Raised where the platform reads a request (identity/http/auth.py, cors.py, idempotency.py, bodies.py).
TENANT_HEADER_REQUIRED = ErrorSpec(
    400, "tenant_header_required", "Send the tenant's identifier in the X-Tenant-ID header."
)
ORIGIN_NOT_ALLOWED = ErrorSpec(403, "origin_not_allowed", "This origin is not in the tenant's allowed_origins.")
IDEMPOTENCY_KEY_IN_USE = ErrorSpec(
    409, "idempotency_key_in_use", "A request with this Idempotency-Key is still in progress."
)
IDEMPOTENCY_KEY_MISMATCH = ErrorSpec(
    422, "idempotency_key_mismatch", "This Idempotency-Key was used with a different request."
)
#: aiohttp refuses a body over the application's client_max_size; the middleware answers it.
PAYLOAD_TOO_LARGE = ErrorSpec(413, "payload_too_large", "The request body is too large.")
UNSUPPORTED_MEDIA_TYPE = ErrorSpec(415, "unsupported_media_type", "Send the body as application/json.")
INVALID_FORM = ErrorSpec(400, "invalid_form", "The request body is not a valid UTF-8 form.")
REQUEST_TIMEOUT = ErrorSpec(408, "request_timeout", "The request body did not arrive in time.")
INCOMPLETE_BODY = ErrorSpec(400, "incomplete_body", "The connection closed before the request body arrived.")

# Raised by the captcha check of sign-in and sign-up (identity/http/captcha.py).
CAPTCHA_REQUIRED = ErrorSpec(
    400, "captcha_required", "This tenant requires a captcha_token; complete the captcha and send its token."
)
CAPTCHA_FAILED = ErrorSpec(
    403, "captcha_failed", "The captcha token was refused by the verifier; complete the captcha again."
)
CAPTCHA_UNAVAILABLE = ErrorSpec(
    503, "captcha_unavailable", "The captcha verifier could not be reached; try again shortly."
)

#: The web framework's own HTTP errors (aiohttp raises them before a handler runs), by status:
#: the declaration and, where it says more than the default, the message.
_HTTP_ERRORS: dict[int, tuple[ErrorSpec, str | None]] = {
    400: (BAD_REQUEST, None),
    404: (NOT_FOUND, "No such path."),
    405: (METHOD_NOT_ALLOWED, None),
    413: (PAYLOAD_TOO_LARGE, None),
    415: (UNSUPPORTED_MEDIA_TYPE, None),
}


class ApiError(Exception):
    spec: ClassVar[ErrorSpec] = BAD_REQUEST
    status: int = BAD_REQUEST.status
    code: str = BAD_REQUEST.code
    message: str = BAD_REQUEST.message

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A subclass names its declaration; its status, code and message are the declaration's.
        cls.status, cls.code, cls.message = cls.spec.status, cls.spec.code, cls.spec.message

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


def from_http(status: int, reason: str) -> ApiError:
    """The envelope for an HTTP error the web framework raised (identity/http/middleware.py). A
    status outside _HTTP_ERRORS (none is known) keeps the framework's reason, with code `error`."""
    known = _HTTP_ERRORS.get(status)
    if known is None:
        return ApiError(reason, code="error", status=status)
    spec, message = known
    return spec(message)


class ValidationFailed(ApiError):
    """A 422 naming its field (details); VALIDATION_ERROR unless a declaration gives its code."""

    spec = VALIDATION_ERROR

    def __init__(self, field: str, message: str, *, code: str | None = None) -> None:
        super().__init__(
            f"{field}: {message}" if field else message,
            code=code,
            details=[{"field": field, "message": message}],
        )
