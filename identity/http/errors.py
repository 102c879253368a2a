"""One error hierarchy; each error has a status and a stable code, rendered by one middleware."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    status: int = 400
    code: str = "bad_request"
    message: str = "The request could not be processed."

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
            super().__init__(
                message or f"No {kind.replace('_', ' ')} with that identifier.",
                code=f"{kind}_not_found",
            )
        else:
            super().__init__(message)


class Conflict(ApiError):
    status, code = 409, "conflict"
    message = "The request conflicts with the current state."


class ServiceUnavailable(ApiError):
    status, code = 503, "service_unavailable"
    message = "The service is temporarily unavailable; retry shortly."
