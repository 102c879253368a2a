"""ISO 8601 instants in query strings and bodies ("2026-01-31", "2026-01-31T12:00:00Z")."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

from identity.http.errors import ValidationFailed


def parse_instant(field: str, text: str | None, *, end_of_day: bool = False) -> datetime | None:
    """An aware datetime (no offset means UTC), or 422 naming field. A date alone is its
    midnight, or with end_of_day its last instant: the inclusive end of a range ("to")."""
    if text is None:
        return None
    try:
        value = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValidationFailed(field, "is not an ISO 8601 date or date and time") from None
    if end_of_day and _is_date(text):
        value = datetime.combine(value.date(), time.max)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value


def _is_date(text: str) -> bool:
    try:
        date.fromisoformat(text.strip())
    except ValueError:
        return False
    return True
