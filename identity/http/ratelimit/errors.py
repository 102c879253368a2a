"""The rate limit's error, declared once (docs/errors.md; identity/http/errors.py says how)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

RATE_LIMITED = ErrorSpec(
    429, "rate_limit_exceeded", "Too many requests; retry after the number of seconds in Retry-After."
)
