"""The SQL of listing and searching users at scale (identity/users/search.py pages them): the
filter builder and the statements of GET /v1/users and POST /v1/admin/users/search.

Pages are keyset pages: ORDER BY (sort key, id) and the cursor holds the last row's sort key and
id, so a page boundary never repeats or skips a user, whatever is added or changed meanwhile.
Each sort has an index under tenant_id (sql/009): created_at, coalesce(last_sign_in_at,
'-infinity') (never signed in sorts as the oldest) and email.

q: users whose email, name, username or phone contain every whitespace-separated term, through
a pg_trgm index, where the server has pg_trgm and some term has three characters or more;
otherwise users having, for each word of q, a word starting with it (a full-text index, core
Postgres). docs/users.md has examples.

A search page is found in one of two ways, neither left to the planner's guess of how common
the terms are (a wrong guess costs seconds at a million users: walking the whole email index for
a term that matches nothing, or gathering 10,000 matches to sort them):
  1. walk the sort index for at most WALK_ROWS users, checking q on each: enough for a page
     when the terms are common (and it stops at the end of the list);
  2. otherwise the terms are rare: take the matches from the search index and sort them.

total: the maintained per-(status, role) counts (user_counts) answer exactly and at once when the
only filters are status and role. Any other filter is counted exactly up to COUNT_CAP; above it
the total is COUNT_CAP with total_exact false.

Every list runs in one read-only REPEATABLE READ transaction (page and total see one snapshot)
with plan_cache_mode = force_custom_plan: a cached generic plan cannot see a term's frequency.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import asyncpg

from identity.http.errors import ValidationFailed
from identity.http.pagination import keyset
from identity.users.records import UserRecord
from identity.users.store import COLUMNS

COUNT_CAP = 1_000
#: How many users the first way of finding a search page looks at, at most.
WALK_ROWS = 4_000
#: A search whose terms matched at least this share of the walked users is counted by a scan
#: that stops at COUNT_CAP matches; a rarer one through the search index.
DENSE = 0.05
MAX_TERMS = 8
TRGM_INDEX = "users_search_trgm_idx"

#: sort field -> (SQL key, how a cursor value is cast back)
SORTS: dict[str, tuple[str, str]] = {
    "created_at": ("u.created_at", "::text::timestamptz"),
    "last_sign_in_at": ("coalesce(u.last_sign_in_at, '-infinity'::timestamptz)", "::text::timestamptz"),
    "email": ("u.email", "::text"),
}


@dataclass
class Filters:
    email: str | None = None
    q: str | None = None
    status: str | None = None
    role: str | None = None
    disabled: bool | None = None
    created_after: datetime | None = None
    created_before: datetime | None = None
    last_active_after: datetime | None = None
    mfa_enrolled: bool | None = None
    email_verified: bool | None = None
    organization_id: str | None = None
    ids: list[str] | None = None
    #: whether the server has the trigram index (see has_trigram_index)
    trigram: bool = False

    def countable(self) -> bool:
        """Only filters the maintained counts can answer."""
        return all(
            getattr(self, name) is None
            for name in (
                "email",
                "q",
                "created_after",
                "created_before",
                "last_active_after",
                "mfa_enrolled",
                "email_verified",
                "organization_id",
                "ids",
            )
        )


class _Sql:
    """Collects $n parameters while a statement is built."""

    def __init__(self, *args: Any) -> None:
        self.args = list(args)

    def p(self, value: Any, cast: str = "") -> str:
        self.args.append(value)
        return f"${len(self.args)}{cast}"


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _search_clause(sql: _Sql, q: str, trigram: bool) -> str:
    terms = list(dict.fromkeys(q.split()))[:MAX_TERMS]
    if trigram and any(len(t) >= 3 for t in terms):
        text = "users_search_text(u.email, u.name, u.username, u.phone)"
        return " AND ".join(f"{text} LIKE lower({sql.p('%' + _escape_like(t) + '%')})" for t in terms)
    return f"u.search_words @@ users_search_query({sql.p(q)})"


def _status_role(sql: _Sql, f: Filters, prefix: str) -> list[str]:
    """The filters the maintained counts (user_counts) can answer, for users or user_counts."""
    parts = []
    if f.status is not None:
        parts.append(f"{prefix}status = {sql.p(f.status)}")
    if f.disabled is not None:
        parts.append(f"{prefix}status <> 'active'" if f.disabled else f"{prefix}status = 'active'")
    if f.role is not None:
        parts.append(f"{prefix}role = {sql.p(f.role)}")
    return parts


def _q(f: Filters) -> str | None:
    return f.q.strip() if f.q is not None and f.q.strip() else None


def _where(sql: _Sql, f: Filters, *, with_q: bool = True) -> str:
    parts = ["u.tenant_id = $1"]
    if f.email is not None:
        parts.append(f"u.email = {sql.p(f.email.strip().lower())}")
    q = _q(f)
    if q is not None and with_q:
        parts.append(_search_clause(sql, q, f.trigram))
    parts += _status_role(sql, f, "u.")
    if f.created_after is not None:
        parts.append(f"u.created_at > {sql.p(f.created_after)}")
    if f.created_before is not None:
        parts.append(f"u.created_at < {sql.p(f.created_before)}")
    if f.last_active_after is not None:
        at = sql.p(f.last_active_after)
        parts.append(
            f"""(u.last_sign_in_at > {at} OR EXISTS (
                   SELECT 1 FROM sessions s WHERE s.tenant_id = u.tenant_id AND s.user_id = u.id
                     AND s.last_active_at > {at} AND s.impersonated_by IS NULL))"""
        )
    if f.mfa_enrolled is not None:
        parts.append("u.mfa_enabled" if f.mfa_enrolled else "NOT u.mfa_enabled")
    if f.email_verified is not None:
        parts.append("u.email_verified" if f.email_verified else "NOT u.email_verified")
    if f.organization_id is not None:
        parts.append(
            f"""EXISTS (SELECT 1 FROM memberships m WHERE m.tenant_id = u.tenant_id
                        AND m.org_id = {sql.p(f.organization_id)} AND m.user_id = u.id)"""
        )
    if f.ids is not None:
        parts.append(f"u.id = ANY({sql.p(list(f.ids))}::text[])")
    return " AND ".join(parts)


async def has_trigram_index(conn: Any) -> bool:
    return bool(await conn.fetchval("SELECT to_regclass($1) IS NOT NULL", TRGM_INDEX))


async def _plan(conn: Any, *, bitmap: bool) -> None:
    """Settle how the next statements read users: through bitmaps only (the search index), or
    by scans that stop early (no bitmaps)."""
    if bitmap:
        await conn.execute(
            "SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off; SET LOCAL enable_bitmapscan = on"
        )
    else:
        await conn.execute(
            "SET LOCAL enable_seqscan = on; SET LOCAL enable_indexscan = on; SET LOCAL enable_bitmapscan = off"
        )


async def _total(conn: Any, tenant_id: str, f: Filters, density: float | None) -> tuple[int, bool]:
    """density: the share of walked users the search terms matched (None: not a search)."""
    if f.countable():
        sql = _Sql(tenant_id)
        parts = ["tenant_id = $1", *_status_role(sql, f, "")]
        total = await conn.fetchval(
            f"SELECT coalesce(sum(n), 0)::bigint FROM user_counts WHERE {' AND '.join(parts)}", *sql.args
        )
        return int(total), True
    if density is not None:
        await _plan(conn, bitmap=density < DENSE)
    sql = _Sql(tenant_id)
    where = _where(sql, f)
    total = await conn.fetchval(
        f"SELECT count(*) FROM (SELECT 1 FROM users u WHERE {where} LIMIT {COUNT_CAP + 1}) AS matches",
        *sql.args,
    )
    if total > COUNT_CAP:
        return COUNT_CAP, False
    return int(total), True


_U_COLUMNS = ", ".join(f"u.{c.strip()}" for c in COLUMNS.split(","))
#: A walk's row carries its counts beside the user's columns.
_FIELDS = UserRecord.__struct_fields__


async def _walk(
    conn: Any, sql: _Sql, f: Filters, base: str, key: str, direction: str, limit: int
) -> tuple[list[UserRecord], int, int]:
    """The first way: (page rows, users walked, of which matched)."""
    q = _q(f)
    assert q is not None
    hit = _search_clause(sql, q, f.trigram)
    rows = await conn.fetch(
        f"""WITH w AS MATERIALIZED (
                SELECT u.id, {key} AS k, ({hit}) AS hit FROM users u WHERE {base}
                ORDER BY {key} {direction}, u.id {direction} LIMIT {WALK_ROWS}),
            found AS (SELECT id, k FROM w WHERE hit ORDER BY k {direction}, id {direction} LIMIT {limit + 1})
            SELECT c.walked, c.hits, {_U_COLUMNS}
            FROM (SELECT count(*) AS walked, count(*) FILTER (WHERE hit) AS hits FROM w) AS c
            LEFT JOIN (found JOIN users u ON u.tenant_id = $1 AND u.id = found.id) ON true
            ORDER BY found.k {direction}, found.id {direction}""",
        *sql.args,
    )
    walked, hits = rows[0]["walked"], rows[0]["hits"]
    return [UserRecord(**{c: r[c] for c in _FIELDS}) for r in rows if r["id"] is not None], walked, hits


async def find(
    pool: asyncpg.Pool,
    tenant_id: str,
    filters: Filters,
    *,
    sort: str,
    order: str,
    limit: int,
    after: tuple[str, str] | None,
) -> tuple[list[UserRecord], int, bool]:
    """Up to limit + 1 users after the cursor's (sort key, id), and the total (exact or capped),
    in one read-only REPEATABLE READ transaction."""
    key, cast = SORTS[sort]
    sql = _Sql(tenant_id)
    q = _q(filters)
    where = _where(sql, filters, with_q=False)
    op, direction = keyset(order == "asc")
    if after is not None:
        value = sql.p(after[0], cast)
        last_id = sql.p(after[1])
        # One row comparison: Postgres positions the index scan with it (on (tenant_id, email)
        # it derives email <= value). Adding key <= value beside it made Postgres 18 position by
        # that alone and walk the whole group of equal keys (users never signed in).
        where += f" AND ({key}, u.id) {op} ({value}, {last_id})"
    density = None
    async with pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
        await conn.execute("SET LOCAL plan_cache_mode = force_custom_plan")
        try:
            if q is None:
                rows = UserRecord.all(
                    await conn.fetch(
                        f"""SELECT {COLUMNS} FROM users u WHERE {where}
                            ORDER BY {key} {direction}, u.id {direction} LIMIT {sql.p(limit + 1)}""",
                        *sql.args,
                    )
                )
            else:
                walk_sql = _Sql(*sql.args)
                rows, walked, hits = await _walk(conn, walk_sql, filters, where, key, direction, limit)
                density = hits / walked if walked else 1.0
                if len(rows) <= limit and walked == WALK_ROWS:
                    # The terms are rare: their matches from the search index, sorted.
                    await _plan(conn, bitmap=True)
                    where += " AND " + _search_clause(sql, q, filters.trigram)
                    rows = UserRecord.all(
                        await conn.fetch(
                            f"""SELECT {COLUMNS} FROM users u WHERE {where}
                                ORDER BY {key} {direction}, u.id {direction} LIMIT {sql.p(limit + 1)}""",
                            *sql.args,
                        )
                    )
        except asyncpg.DataError:
            raise ValidationFailed("cursor", "is not a cursor this service issued") from None
        total, exact = await _total(conn, tenant_id, filters, density)
    return rows, total, exact
