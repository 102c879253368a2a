"""SQL for sessions and their refresh tokens. Every statement filters on tenant_id."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

from identity.http.pagination import keyset


def _columns(p: str = "") -> str:
    return f"""{p}id, {p}tenant_id, {p}user_id, {p}user_agent, {p}ip_address, {p}country,
             {p}device_type, {p}mfa_verified, {p}org_id, {p}created_at, {p}last_active_at,
             {p}expires_at, {p}revoked_at, {p}revoked_reason, {p}impersonated_by,
             CASE WHEN {p}revoked_at IS NOT NULL THEN 'revoked'
                  WHEN {p}expires_at <= now() THEN 'expired' ELSE 'active' END AS status"""


COLUMNS = _columns()

_STATUS_FILTER = {
    "active": "revoked_at IS NULL AND expires_at > now()",
    "expired": "revoked_at IS NULL AND expires_at <= now()",
    "revoked": "revoked_at IS NOT NULL",
}


def insert_ctes(values: dict[str, Any]) -> tuple[str, list[Any], str]:
    """A session and its first refresh token as CTEs (`s`, `r`) for a statement that also writes
    its event (identity.events.emit.emit_with): (ctes, args, the session's columns from s)."""
    cols = ", ".join(values)
    params = ", ".join(f"${i}" for i in range(1, len(values) + 1))
    n = len(values) + 1
    ctes = f"""s AS (INSERT INTO sessions ({cols}) VALUES ({params}) RETURNING *),
               r AS (INSERT INTO refresh_tokens (tenant_id, token_hash, session_id)
                     SELECT tenant_id, ${n}, id FROM s)"""
    return ctes, [*values.values()], _columns("s.")


async def get(conn: Any, tenant_id: str, session_id: str, *, for_update: bool = False) -> asyncpg.Record | None:
    lock = " FOR UPDATE" if for_update else ""
    return await conn.fetchrow(
        f"SELECT {COLUMNS} FROM sessions WHERE tenant_id = $1 AND id = $2{lock}", tenant_id, session_id
    )


async def list_page(
    conn: Any,
    tenant_id: str,
    *,
    user_id: str | None,
    status: str | None,
    after: str | None,
    limit: int,
    ascending: bool,
) -> tuple[list[asyncpg.Record], int]:
    filters = "tenant_id = $1 AND ($2::text IS NULL OR user_id = $2)"
    if status:
        filters += " AND " + _STATUS_FILTER[status]
    op, order = keyset(ascending)
    rows = await conn.fetch(
        f"""SELECT {COLUMNS} FROM sessions
            WHERE {filters} AND ($3::text IS NULL OR id {op} $3)
            ORDER BY id {order} LIMIT $4""",
        tenant_id, user_id, after, limit + 1,
    )
    total = await conn.fetchval(f"SELECT count(*) FROM sessions WHERE {filters}", tenant_id, user_id)
    return rows, total


async def revoke(conn: Any, tenant_id: str, session_id: str, reason: str) -> asyncpg.Record | None:
    """Revoke one session if it is not already; returns the row when this call revoked it."""
    return await conn.fetchrow(
        f"""UPDATE sessions SET revoked_at = now(), revoked_reason = $3
            WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING {COLUMNS}""",
        tenant_id, session_id, reason,
    )


async def revoke_many(
    conn: Any,
    tenant_id: str,
    *,
    user_id: str | None,
    reason: str,
    keep: str | None = None,
    user_ids: list[str] | None = None,
    exclude_user: str | None = None,
) -> list[asyncpg.Record]:
    """Revoke every unrevoked, unexpired session of the tenant (or of one user, or of the users
    listed), except keep and except exclude_user's. Only the filters given are in the statement,
    so a cached generic plan still walks the user index for one user's sessions."""
    args: list[Any] = [tenant_id, reason]
    where = ["tenant_id = $1", "revoked_at IS NULL", "expires_at > now()"]
    for clause, value in (("user_id = ${}", user_id), ("user_id = ANY(${}::text[])", user_ids),
                          ("user_id <> ${}", exclude_user), ("id <> ${}", keep)):
        if value is not None:
            args.append(value)
            where.append(clause.format(len(args)))
    return await conn.fetch(
        f"""UPDATE sessions SET revoked_at = now(), revoked_reason = $2
            WHERE {" AND ".join(where)} RETURNING id, user_id, revoked_at""",
        *args,
    )


async def counts(conn: Any, tenant_id: str) -> asyncpg.Record:
    return await conn.fetchrow(
        """SELECT count(*) FILTER (WHERE revoked_at IS NULL AND expires_at > now()) AS active,
                  count(*) FILTER (WHERE created_at > now() - interval '30 days') AS created_30d
           FROM sessions WHERE tenant_id = $1""",
        tenant_id,
    )


# -- refresh tokens ----------------------------------------------------------------------------

_REFRESH_COLUMNS = f"""
SELECT r.rotated_at, p.reply_sealed, coalesce(p.reply_until > now(), false) AS reply_live,
       u.role AS user_role, u.status AS user_status, u.public_metadata AS user_public_metadata,
       m.role AS org_role,
       {_columns("s.")}"""
_REFRESH_JOINS = """
JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
-- the active organization's current role (identity/organizations) for the new token
LEFT JOIN memberships m ON m.tenant_id = s.tenant_id AND m.org_id = s.org_id
                       AND m.user_id = s.user_id
-- the reply a spent token keeps for the reuse interval (sql/022)
LEFT JOIN refresh_replies p ON p.tenant_id = r.tenant_id AND p.token_hash = r.token_hash
WHERE r.tenant_id = $1 AND r.token_hash = $2"""
# The session by its primary key, whatever the planner thinks of the tables' sizes: a LATERAL
# with LIMIT is not flattened, so it cannot become a hash or merge join over the tenant's
# sessions (which it did on a small or freshly bloated sessions table).
_READ_REFRESH = (_REFRESH_COLUMNS + """
FROM refresh_tokens r
CROSS JOIN LATERAL (SELECT * FROM sessions x
                    WHERE x.tenant_id = r.tenant_id AND x.id = r.session_id LIMIT 1) s"""
                 + _REFRESH_JOINS)
_LOCK_REFRESH = (_REFRESH_COLUMNS + """
FROM refresh_tokens r
JOIN sessions s ON s.tenant_id = r.tenant_id AND s.id = r.session_id"""
                 + _REFRESH_JOINS + "\nFOR UPDATE OF r, s")


async def read_refresh(conn: Any, tenant_id: str, token_hash: str) -> asyncpg.Record | None:
    """The refresh token and its session with the user's current claims, unlocked (the fast
    path of a rotation: rotate_if_current() re-checks what matters as it writes)."""
    return await conn.fetchrow(_READ_REFRESH, tenant_id, token_hash)


async def lock_refresh(conn: Any, tenant_id: str, token_hash: str) -> asyncpg.Record | None:
    """The refresh token and its session, both locked, with the user's current claims: two
    refreshes of one token (or of one session) run one after the other, the later one seeing
    what the first wrote."""
    return await conn.fetchrow(_LOCK_REFRESH, tenant_id, token_hash)


# What every rotation writes once its `live` CTE has locked the session: spend the old token
# ($4), store the new one ($3) and keep the old one's reply ($5, until $6) for the reuse
# interval. Both rotation statements below end with it.
_SPEND_AND_KEEP = """spent AS (UPDATE refresh_tokens SET rotated_at = now()
               WHERE tenant_id = $1 AND token_hash = $4 AND session_id = $2
                 AND rotated_at IS NULL AND EXISTS (SELECT 1 FROM live)
               RETURNING session_id),
     new AS (INSERT INTO refresh_tokens (tenant_id, token_hash, session_id)
             SELECT $1, $3, session_id FROM spent),
     kept AS (INSERT INTO refresh_replies (tenant_id, token_hash, reply_sealed, reply_until)
              SELECT $1, $4, $5::text, $6::timestamptz FROM spent WHERE $5::text IS NOT NULL)
SELECT EXISTS (SELECT 1 FROM spent)"""

_ROTATE_IF_CURRENT = """
WITH live AS (UPDATE sessions SET last_active_at = now()
              WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL AND expires_at > now()
              RETURNING id),
     """ + _SPEND_AND_KEEP


async def rotate_if_current(
    conn: Any, tenant_id: str, session_id: str, old_hash: str, new_hash: str,
    reply_sealed: str | None, reply_until: datetime | None,
) -> bool:
    """One statement: store the new token, spend the old one (keeping its reply, the new pair, in
    refresh_replies for the reuse interval: docs/auth.md, "Refresh tokens", answers any token
    presented again within the interval after its own rotation, even if the new pair has been
    rotated since), and note the session's activity; done only if the old token is still unspent
    and its session still alive when the statement takes their row locks (a concurrent rotation
    or revocation that committed first makes it a no-op). True when this call rotated. Used alone (the fast
    path) and under lock_refresh's locks."""
    return await conn.fetchval(
        _ROTATE_IF_CURRENT, tenant_id, session_id, new_hash, old_hash, reply_sealed, reply_until,
    )


# The rotation of rotate_if_current, written only if every value a hinted pair was built from
# (identity/sessions/refresh_hints.py) is still what the rows hold: the session's user, expiry,
# organization and MFA state, the user's status, role and public metadata, and the role in the
# active organization. The checks sit in the session UPDATE's WHERE, so they are evaluated again
# on the locked row if a concurrent write committed first.
_ROTATE_IF_HINTED = """
WITH live AS (UPDATE sessions SET last_active_at = now()
              WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL AND expires_at > now()
                AND user_id = $7 AND expires_at = $8 AND org_id IS NOT DISTINCT FROM $9::text
                AND mfa_verified = $10
                AND EXISTS (SELECT 1 FROM users u
                            WHERE u.tenant_id = $1 AND u.id = $7 AND u.status = 'active'
                              AND u.role = $11 AND u.public_metadata = $12::jsonb)
                AND ($9::text IS NULL
                     OR (SELECT m.role FROM memberships m
                         WHERE m.tenant_id = $1 AND m.org_id = $9::text AND m.user_id = $7)
                        IS NOT DISTINCT FROM $13::text)
              RETURNING id),
     """ + _SPEND_AND_KEEP


async def rotate_if_hinted(
    conn: Any, tenant_id: str, old_hash: str, new_hash: str,
    reply_sealed: str | None, reply_until: datetime | None, hint: Any,
) -> bool:
    """rotate_if_current for a pair built from a Hint (identity/sessions/refresh_hints.py) without
    reading the rows first: one statement, one round trip. True when it rotated; False when the
    token is spent, the session ended, or anything the hint says has changed (the caller then
    reads the rows and decides as without a hint)."""
    return await conn.fetchval(
        _ROTATE_IF_HINTED, tenant_id, hint.session_id, new_hash, old_hash, reply_sealed, reply_until,
        hint.user_id, hint.expires_at, hint.org_id, hint.mfa_verified, hint.user_role,
        hint.user_public_metadata, hint.org_role,
    )


async def drop_expired_replies(conn: Any) -> int:
    """Forget replies whose reuse interval has passed (run periodically, all tenants)."""
    status = await conn.execute("DELETE FROM refresh_replies WHERE reply_until <= now()")
    return int(status.split()[-1])
