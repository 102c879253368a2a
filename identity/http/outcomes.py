"""Outcome counters of chosen operations (sign-in, sign-up): every answer counted under the
error code it carried, so that refusals that share a status (403 email_not_verified and 403
account_locked) stay apart on a dashboard.

The label set is bounded: `ok`, the codes the operation declares, `other` for an undeclared
code and `server_error` for an answer that was not an ApiError (a 5xx). Every series exists
at 0 from the start, so a rate over it is defined before the first refusal.
"""

from __future__ import annotations

from dataclasses import dataclass

from identity.http.errors import ApiError
from identity.http.metrics import AUTH_OUTCOMES

OK = "ok"
OTHER = "other"
SERVER_ERROR = "server_error"


@dataclass(frozen=True)
class Outcomes:
    operation: str
    codes: frozenset[str]

    def __post_init__(self) -> None:
        for code in (OK, OTHER, SERVER_ERROR, *self.codes):
            AUTH_OUTCOMES.labels(self.operation, code)

    def code_of(self, exc: BaseException | None, status: int = 200) -> str:
        """The label of an answer: the exception that ended the request, or None and the
        status of the response rendered."""
        if exc is None:
            return OK if status < 400 else OTHER
        if isinstance(exc, ApiError):
            if exc.status >= 500 and exc.code not in self.codes:
                return SERVER_ERROR
            return exc.code if exc.code in self.codes else OTHER
        if getattr(exc, "status", 500) < 500:  # aiohttp's HTTPException (413 ...)
            return OTHER
        return SERVER_ERROR

    def record(self, exc: BaseException | None, status: int = 200) -> None:
        AUTH_OUTCOMES.labels(self.operation, self.code_of(exc, status)).inc()


def declare(operation: str, *codes: str) -> Outcomes:
    return Outcomes(operation, frozenset(codes))
