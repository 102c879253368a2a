"""Opaque cursors and the list envelope of decisions.md §6.

A cursor holds the sort key of the last item served and the order it was served in; the
next page continues strictly after it, so pages never repeat or skip while items are added.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from identity.http.errors import ValidationFailed


def encode_cursor(values: list[Any]) -> str:
    raw = json.dumps(values, separators=(",", ":"), default=str).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str | None, size: int = 1) -> list[str] | None:
    if not cursor:
        return None
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        values = json.loads(raw)
    except (ValueError, TypeError):
        raise ValidationFailed("cursor", "is not a cursor this service issued") from None
    # Every cursor this service issues holds strings, which go to Postgres as text parameters:
    # anything else (a number, a NUL, a lone surrogate) would fail there as a 500.
    if not isinstance(values, list) or len(values) != size or not all(map(_is_text, values)):
        raise ValidationFailed("cursor", "is not a cursor this service issued")
    return values


def _is_text(value: Any) -> bool:
    if not isinstance(value, str) or "\x00" in value:
        return False
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def page(
    items: list[Any], limit: int, total: int, cursor_of: Any = None
) -> dict[str, Any]:
    """Build the envelope from up to limit+1 fetched rows (the extra one says has_more)."""
    has_more = len(items) > limit
    items = items[:limit]
    next_cursor = None
    if has_more and items:
        last = items[-1]
        key = cursor_of(last) if cursor_of else [last["id"] if isinstance(last, dict) else last.id]
        next_cursor = encode_cursor(key)
    return {
        "data": items,
        "pagination": {
            "total": total,
            "limit": limit,
            "has_more": has_more,
            "next_cursor": next_cursor,
        },
    }
