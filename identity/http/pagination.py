"""Opaque cursors and the list envelope (docs/api-conventions.md, "Lists").

A cursor holds the sort key of the last item served and the order it was served in; the
next page continues strictly after it, so pages never repeat or skip while items are added.

Every id-ordered list goes through paginate(): the query's cursor is decoded (a forged one is
a 422 before the list is read), the store reads limit+1 rows after the keyset together with
the filtered count, and the extra row only says that there is a next page.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from identity.db.keysets import Keyset, keyset
from identity.http.errors import ValidationFailed
from identity.http.types import Pagination
from identity.http.validation import unstorable

# Keyset and keyset() live beside the store helper that reads a page (identity/db/keysets.py).
__all__ = ["Keyset", "Page", "PageQuery", "cut", "decode_cursor", "encode_cursor", "keyset", "paginate"]

R = TypeVar("R")
T = TypeVar("T")


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
    if (
        not isinstance(values, list)
        or len(values) != size
        or not all(isinstance(v, str) and not unstorable(v) for v in values)
    ):
        raise forged
    return values


class PageQuery(Protocol):
    """The query parameters every id-ordered list declares."""

    @property
    def limit(self) -> int: ...
    @property
    def cursor(self) -> str | None: ...
    @property
    def order(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Page(Generic[T]):
    """The list envelope (docs/api-conventions.md, "Lists")."""

    data: list[T]
    pagination: Pagination


async def paginate(
    query: PageQuery,
    fetch: Callable[[Keyset], Awaitable[tuple[Sequence[R], int]]],
    present: Callable[[R], T],
) -> Page[T]:
    """One page of an id-ordered list: fetch reads up to limit+1 rows after the keyset and the
    filtered total; present turns a row into its response item."""
    cursor = decode_cursor(query.cursor)
    keyset_ = Keyset(after=cursor[0] if cursor else None, limit=query.limit, ascending=query.order == "asc")
    rows, total = await fetch(keyset_)
    items, next_cursor = cut([present(r) for r in rows], query.limit)
    return Page(
        data=items,
        pagination=Pagination(
            total=total, limit=query.limit, has_more=next_cursor is not None, next_cursor=next_cursor
        ),
    )


def cut(items: Sequence[T], limit: int, key: Callable[[T], list[Any]] | None = None) -> tuple[list[T], str | None]:
    """The first limit of up to limit+1 fetched items, and the cursor after the last of them
    (its key: the id unless given) when the extra one shows there is more."""
    if len(items) <= limit:  # a list's limit is at least 1 (identity.http.types.Limit)
        return list(items), None
    kept = list(items[:limit])
    last: Any = kept[-1]
    # Rows and presented dicts are read by key, typed records by attribute.
    return kept, encode_cursor(key(last) if key else [last["id"] if hasattr(last, "__getitem__") else last.id])
