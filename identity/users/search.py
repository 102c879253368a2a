"""Listing and searching users at scale: GET /v1/users and POST /v1/admin/users/search.

Pages are keyset pages: ORDER BY (sort key, id) and the cursor holds the last row's sort key and
id, so a page boundary never repeats or skips a user, whatever is added or changed meanwhile.
How a page and its total are found is told in identity/users/search_store.py.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import asyncpg

from identity.http.errors import ValidationFailed
from identity.http.pagination import cut, decode_cursor
from identity.users import search_store
from identity.users.records import UserRecord
from identity.users.schemas import User, UserList, UserPagination
from identity.users.search_store import Filters, has_trigram_index

__all__ = ["Filters", "has_trigram_index", "page"]


def _cursor_value(row: UserRecord, sort: str) -> str:
    if sort == "email":
        return row.email
    value: datetime | None = row.last_sign_in_at if sort == "last_sign_in_at" else row.created_at
    return "-infinity" if value is None else value.isoformat()


def _decode(cursor: str | None, sort: str, order: str) -> tuple[str, str] | None:
    values = decode_cursor(cursor, size=4)
    if values is None:
        return None
    c_sort, c_order, value, last_id = values
    if c_sort != sort or c_order != order:
        raise ValidationFailed("cursor", "was issued for another sort or order; start again without it")
    return value, last_id


async def page(
    pool: asyncpg.Pool,
    tenant_id: str,
    filters: Filters,
    *,
    sort: str,
    order: str,
    limit: int,
    cursor: str | None,
    present: Callable[[UserRecord], User],
) -> UserList:
    """One page of users and the pagination object."""
    after = _decode(cursor, sort, order)
    rows, total, exact = await search_store.find(
        pool, tenant_id, filters, sort=sort, order=order, limit=limit, after=after
    )
    rows, next_cursor = cut(rows, limit, lambda last: [sort, order, _cursor_value(last, sort), last.id])
    return UserList(
        data=[present(r) for r in rows],
        pagination=UserPagination(
            total=total, limit=limit, has_more=next_cursor is not None, next_cursor=next_cursor, total_exact=exact
        ),
    )
