"""Opaque cursors and the list envelope (docs/api-conventions.md, "Lists").

A cursor holds the sort key of the last item served and the order it was served in; the
next page continues strictly after it, so pages never repeat or skip while items are added.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from identity.http.errors import ValidationFailed
from identity.http.validation import unstorable


def encode_cursor(values: list[Any]) -> str:
    raw = json.dumps(values, separators=(",", ":"), default=str).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


#: Longer than any cursor this service issues (the users list's holds an email and an id).
MAX_CURSOR = 1024


def decode_cursor(cursor: str | None, size: int = 1) -> list[str] | None:
    if not cursor:
        return None
    forged = ValidationFailed("cursor", "is not a cursor this service issued")
    if len(cursor) > MAX_CURSOR:
        raise forged
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        values = json.loads(raw)
    except (ValueError, TypeError, RecursionError):
        raise forged from None
    # Every cursor this service issues holds strings, which go to Postgres as text parameters:
    # anything else (a number, a NUL, a lone surrogate) would fail there as a 500.
    if not isinstance(values, list) or len(values) != size or not all(
            isinstance(v, str) and not unstorable(v) for v in values):
        raise forged
    return values


def keyset(ascending: bool) -> tuple[str, str]:
    """The comparison and direction of a keyset page: after the cursor, in the list's order."""
    return (">", "ASC") if ascending else ("<", "DESC")


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
