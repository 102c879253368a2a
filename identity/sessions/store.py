"""SQL for sessions and their refresh tokens. Every statement filters on tenant_id."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import asyncpg

from identity.db.keysets import Keyset, read_page
from identity.db.statements import statement
from identity.sessions.device import ClientInfo
from identity.sessions.records import HintedRotation, RevokedSession, SessionRecord


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


async def get(conn: Any, tenant_id: str, session_id: str, *, for_update: bool = False) -> SessionRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    return SessionRecord.maybe(
        await conn.fetchrow(
            f"SELECT {COLUMNS} FROM sessions WHERE tenant_id = $1 AND id = $2{lock}", tenant_id, session_id
        )
    )


async def is_alive(conn: Any, tenant_id: str, session_id: str, user_id: str) -> bool:
    """Whether the user's session is neither revoked nor expired."""
    return bool(
        await conn.fetchval(
            """SELECT true FROM sessions WHERE tenant_id = $1 AND id = $2 AND user_id = $3
           AND revoked_at IS NULL AND expires_at > now()""",
            tenant_id,
            session_id,
            user_id,
        )
    )


async def live_expiry(conn: Any, tenant_id: str, session_id: str) -> asyncpg.Record | None:
    """The session's id and expires_at while it is neither revoked nor expired, else None."""
    row: asyncpg.Record | None = await conn.fetchrow(
        """SELECT id, expires_at FROM sessions WHERE tenant_id = $1 AND id = $2
           AND revoked_at IS NULL AND expires_at > now()""",
        tenant_id,
        session_id,
    )
    return row


async def expires_at(conn: Any, tenant_id: str, session_id: str) -> datetime | None:
    value: datetime | None = await conn.fetchval(
        "SELECT expires_at FROM sessions WHERE tenant_id = $1 AND id = $2", tenant_id, session_id
    )
    return value


async def cache_state(conn: Any, tenant_id: str, session_id: str) -> asyncpg.Record | None:
    """What the session cache keeps of a session (identity/sessions/cache.py); a plain row, read
    on the /v1/sessions/verify and access-token hot path."""
    row: asyncpg.Record | None = await conn.fetchrow(
        """SELECT s.revoked_at IS NOT NULL AS revoked, extract(epoch FROM s.expires_at) AS expires,
                  s.user_id, u.email
           FROM sessions s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
           WHERE s.tenant_id = $1 AND s.id = $2""",
        tenant_id,
        session_id,
    )
    return row


async def notify(conn: Any, channel: str, payloads: list[str]) -> None:
    """One NOTIFY per payload on the channel, delivered when the transaction commits."""
    await conn.execute("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p", channel, payloads)


async def insert_impersonation(
    conn: Any,
    tenant_id: str,
    session_id: str,
    user_id: str,
    client: ClientInfo,
    now: datetime,
    expires_at: datetime,
    admin: str,
) -> asyncpg.Record:
    """An impersonation session: no refresh token, impersonated_by the admin."""
    row: asyncpg.Record = await conn.fetchrow(
        """INSERT INTO sessions (tenant_id, id, user_id, user_agent, ip_address, country,
                                 device_type, created_at, last_active_at, expires_at,
                                 impersonated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)
           RETURNING id, tenant_id, user_id, org_id, mfa_verified, created_at, expires_at""",
        tenant_id,
        session_id,
        user_id,
        client.user_agent,
        client.ip_address,
        client.country,
        client.device_type,
        now,
        expires_at,
        admin,
    )
    return row


async def list_page(
    conn: Any, tenant_id: str, page: Keyset, *, user_id: str | None, status: str | None
) -> tuple[list[SessionRecord], int]:
    filters = "tenant_id = $1 AND ($2::text IS NULL OR user_id = $2)"
    if status:
        filters += " AND " + _STATUS_FILTER[status]
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT {COLUMNS} FROM sessions",
        count="SELECT count(*) FROM sessions",
        where=filters,
        args=(tenant_id, user_id),
    )
    return SessionRecord.all(rows), total


async def revoke(conn: Any, tenant_id: str, session_id: str, reason: str) -> SessionRecord | None:
    """Revoke one session if it is not already; returns the row when this call revoked it."""
    row = await conn.fetchrow(
        f"""UPDATE sessions SET revoked_at = now(), revoked_reason = $3
            WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING {COLUMNS}""",
        tenant_id,
        session_id,
        reason,
    )
    return SessionRecord.maybe(row)


async def revoke_many(
    conn: Any,
    tenant_id: str,
    *,
    user_id: str | None,
    reason: str,
    keep: str | None = None,
    user_ids: list[str] | None = None,
    exclude_user: str | None = None,
) -> list[RevokedSession]:
    """Revoke every unrevoked, unexpired session of the tenant (or of one user, or of the users
    listed), except keep and except exclude_user's. Only the filters given are in the statement,
    so a cached generic plan still walks the user index for one user's sessions."""
    args: list[Any] = [tenant_id, reason]
    where = ["tenant_id = $1", "revoked_at IS NULL", "expires_at > now()"]
    for clause, value in (
        ("user_id = ${}", user_id),
        ("user_id = ANY(${}::text[])", user_ids),
        ("user_id <> ${}", exclude_user),
        ("id <> ${}", keep),
    ):
        if value is not None:
            args.append(value)
            where.append(clause.format(len(args)))
    # The rows are locked in key order first, as every statement locking several sessions does
    # (a batch of refresh rotations: sql/rotate_hinted.sql), so that two of them wait for each
    # other instead of deadlocking.
    rows = await conn.fetch(
        f"""WITH locked AS MATERIALIZED (
                SELECT id FROM sessions WHERE {" AND ".join(where)} ORDER BY id FOR NO KEY UPDATE)
            UPDATE sessions s SET revoked_at = now(), revoked_reason = $2
            FROM locked l WHERE s.tenant_id = $1 AND s.id = l.id
            RETURNING s.id, s.user_id, s.revoked_at""",
        *args,
    )
    return RevokedSession.all(rows)


# -- refresh tokens ----------------------------------------------------------------------------


async def read_refresh(conn: Any, tenant_id: str, token_hash: str) -> asyncpg.Record | None:
    """The refresh token and its session with the user's current claims, unlocked (the fast
    path of a rotation: rotate_if_current() re-checks what matters as it writes). A plain row:
    the refresh hot path (issue T)."""
    row: asyncpg.Record | None = await conn.fetchrow(statement("sessions", "read_refresh"), tenant_id, token_hash)
    return row


async def lock_refresh(conn: Any, tenant_id: str, token_hash: str) -> asyncpg.Record | None:
    """The refresh token and its session, both locked, with the user's current claims: two
    refreshes of one token (or of one session) run one after the other, the later one seeing
    what the first wrote."""
    row: asyncpg.Record | None = await conn.fetchrow(statement("sessions", "lock_refresh"), tenant_id, token_hash)
    return row


async def rotate_if_current(
    conn: Any,
    tenant_id: str,
    session_id: str,
    old_hash: str,
    new_hash: str,
    reply_sealed: str | None,
    reply_until: datetime | None,
) -> bool:
    """One statement: store the new token, spend the old one (keeping its reply, the new pair, in
    refresh_replies for the reuse interval: docs/auth.md, "Refresh tokens", answers any token
    presented again within the interval after its own rotation, even if the new pair has been
    rotated since), and note the session's activity; done only if the old token is still unspent
    and its session still alive when the statement takes their row locks (a concurrent rotation
    or revocation that committed first makes it a no-op). True when this call rotated. Used alone (the fast
    path) and under lock_refresh's locks."""
    rotated: bool = await conn.fetchval(
        statement("sessions", "rotate_if_current"),
        tenant_id,
        session_id,
        new_hash,
        old_hash,
        reply_sealed,
        reply_until,
    )
    return rotated


async def rotate_hinted(conn: Any, rotations: Sequence[HintedRotation]) -> set[tuple[str, str]]:
    """rotate_if_current for a batch of pairs built from hints (identity/sessions/rotations.py),
    without reading the rows first: one statement, one round trip, one commit for the batch.
    Each row rotates only if its token is unspent, its session alive and everything its hint
    says still holds; the (tenant_id, old token hash) of those that rotated. No two rotations
    of one session in a batch."""
    rows = await conn.fetch(
        statement("sessions", "rotate_hinted"),
        [r.tenant_id for r in rotations],
        [r.hint.session_id for r in rotations],
        [r.new_hash for r in rotations],
        [r.old_hash for r in rotations],
        [r.reply_sealed for r in rotations],
        [r.reply_until for r in rotations],
        [r.hint.user_id for r in rotations],
        [r.hint.expires_at for r in rotations],
        [r.hint.org_id for r in rotations],
        [r.hint.mfa_verified for r in rotations],
        [r.hint.user_role for r in rotations],
        [r.hint.metadata_json for r in rotations],
        [r.hint.org_role for r in rotations],
    )
    return {(row[0], row[1]) for row in rows}


async def drop_expired_replies(conn: Any) -> int:
    """Forget replies whose reuse interval has passed (run periodically, all tenants)."""
    status = await conn.execute("DELETE FROM refresh_replies WHERE reply_until <= now()")
    return int(status.split()[-1])
