"""The errors of the user records, declared once (docs/errors.md catalogues their codes)."""

from __future__ import annotations

from identity.http.errors import INVALID_EMAIL, ValidationFailed


def invalid_email() -> ValidationFailed:
    return INVALID_EMAIL.invalid("email", "is not a valid email address")
