"""ISO 8601 instants in query strings and bodies ("2026-01-31", "2026-01-31T12:00:00Z")."""

from __future__ import annotations

from datetime import UTC, datetime

from identity.http.errors import ValidationFailed


def parse_instant(field: str, text: str | None) -> datetime | None:
    """An aware datetime (a date is its midnight; no offset means UTC), or 422 naming field."""
    if text is None:
        return None
    try:
        value = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValidationFailed(field, "is not an ISO 8601 date or date and time") from None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value
