"""SQL for users. Every statement filters on tenant_id; emails are stored lower-cased."""

from __future__ import annotations

from typing import Any

import asyncpg

from identity.sessions import me_cache
from identity.users.records import CheckedUserRecord, FailedSignIn, UserColumns, UserRecord

COLUMNS = """id, tenant_id, email, username, name, phone, avatar_url, email_verified,
             phone_verified, role, status, mfa_enabled, public_metadata, private_metadata,
             password_hash, password_changed_at, failed_sign_ins, failed_window_start,
             locked_until, welcomed_at, created_at, updated_at, last_sign_in_at"""


def normalise_email(email: str) -> str:
    return email.strip().lower()


async def insert_unless_taken(conn: asyncpg.Connection, values: UserColumns) -> UserRecord | None:
    """Insert one user; None when the email or username is taken (no error, so no savepoint is
    needed to keep the caller's transaction alive)."""
    cols = ", ".join(values)
    params = ", ".join(f"${i}" for i in range(1, len(values) + 1))
    return UserRecord.maybe(
        await conn.fetchrow(
            f"INSERT INTO users ({cols}) VALUES ({params}) ON CONFLICT DO NOTHING RETURNING {COLUMNS}",
            *values.values(),
        )
    )


async def get(conn: Any, tenant_id: str, user_id: str, *, for_update: bool = False) -> UserRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    return UserRecord.maybe(
        await conn.fetchrow(f"SELECT {COLUMNS} FROM users WHERE tenant_id = $1 AND id = $2{lock}", tenant_id, user_id)
    )


async def get_by_email(conn: Any, tenant_id: str, email: str, *, for_update: bool = False) -> UserRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    return UserRecord.maybe(
        await conn.fetchrow(
            f"SELECT {COLUMNS} FROM users WHERE tenant_id = $1 AND email = $2{lock}",
            tenant_id,
            normalise_email(email),
        )
    )


async def email_exists(conn: Any, tenant_id: str, email: str) -> bool:
    return bool(
        await conn.fetchval(
            "SELECT 1 FROM users WHERE tenant_id = $1 AND email = $2", tenant_id, normalise_email(email)
        )
    )


async def username_exists(conn: Any, tenant_id: str, username: str) -> bool:
    return bool(
        await conn.fetchval(
            "SELECT 1 FROM users WHERE tenant_id = $1 AND lower(username) = lower($2)", tenant_id, username
        )
    )


#: With update_checking_factors: whether the user has an active second factor, read in the
#: update's statement (a sign-in that skipped the MFA gate checks it there, not in a round trip).
HAS_ACTIVE_FACTOR = """EXISTS (SELECT 1 FROM mfa_factors f
    WHERE f.tenant_id = $1 AND f.user_id = $2 AND f.status = 'active') AS has_active_factor"""


async def _update(conn: Any, tenant_id: str, user_id: str, changes: UserColumns, extra: str) -> Any:
    sets = ", ".join(f"{col} = ${i}" for i, col in enumerate(changes, start=3))
    me_cache.forget_everywhere(conn, tenant_id, [user_id])
    return await conn.fetchrow(
        f"""UPDATE users SET {sets}, updated_at = now() WHERE tenant_id = $1 AND id = $2
            RETURNING {COLUMNS}{extra}""",
        tenant_id,
        user_id,
        *changes.values(),
    )


async def update(conn: Any, tenant_id: str, user_id: str, changes: UserColumns) -> UserRecord | None:
    """Set the given columns (names come from code, never from input) and updated_at."""
    return UserRecord.maybe(await _update(conn, tenant_id, user_id, changes, ""))


async def update_checking_factors(
    conn: Any, tenant_id: str, user_id: str, changes: UserColumns
) -> CheckedUserRecord | None:
    """update(), also reading whether the user has an active second factor (HAS_ACTIVE_FACTOR)."""
    return CheckedUserRecord.maybe(await _update(conn, tenant_id, user_id, changes, f", {HAS_ACTIVE_FACTOR}"))


async def replace_password_hash(
    conn: Any, tenant_id: str, user_id: str, verified_hash: str | None, new_hash: str
) -> None:
    """An upgraded hash, stored only if the hash is still the one that was verified (no password
    change meanwhile)."""
    await conn.execute(
        """UPDATE users SET password_hash = $3
           WHERE tenant_id = $1 AND id = $2 AND password_hash = $4""",
        tenant_id,
        user_id,
        new_hash,
        verified_hash,
    )


async def me_row(conn: Any, tenant_id: str, user_id: str) -> asyncpg.Record | None:
    """The columns of the /me object. A plain row: /v1/auth/me is a hot path (issue T), its
    answer is built from it once and cached (identity/sessions/me_cache.py)."""
    row: asyncpg.Record | None = await conn.fetchrow(
        """SELECT id, email, name, email_verified, mfa_enabled, role, public_metadata, created_at,
                  updated_at FROM users WHERE tenant_id = $1 AND id = $2""",
        tenant_id,
        user_id,
    )
    return row


async def record_failed_sign_in(
    conn: Any, tenant_id: str, user_id: str, *, threshold: int, window_seconds: int, lock_seconds: int
) -> FailedSignIn | None:
    """Count one failed password in the current window, locking the account at the threshold.
    One statement, so concurrent failures cannot lose counts. None when the user is gone."""
    row = await conn.fetchrow(
        """WITH cur AS (
               SELECT failed_window_start IS NOT NULL
                      AND failed_window_start > now() - make_interval(secs => $4) AS in_window
               FROM users WHERE tenant_id = $1 AND id = $2 FOR UPDATE)
           UPDATE users u SET
               failed_sign_ins = CASE WHEN cur.in_window THEN u.failed_sign_ins + 1 ELSE 1 END,
               failed_window_start = CASE WHEN cur.in_window THEN u.failed_window_start ELSE now() END,
               locked_until = CASE
                   WHEN (CASE WHEN cur.in_window THEN u.failed_sign_ins + 1 ELSE 1 END) >= $3
                   THEN now() + make_interval(secs => $5) ELSE u.locked_until END
           FROM cur WHERE u.tenant_id = $1 AND u.id = $2
           RETURNING u.failed_sign_ins, u.locked_until, u.locked_until > now() AS locked""",
        tenant_id,
        user_id,
        threshold,
        float(window_seconds),
        float(lock_seconds),
    )
    return FailedSignIn.maybe(row)


# -- user management (issue F) -------------------------------------------------------------------


async def delete(conn: Any, tenant_id: str, user_id: str) -> bool:
    """Delete the user; sessions, refresh and one-time tokens, MFA factors and memberships go
    with it (their foreign keys cascade)."""
    me_cache.forget_everywhere(conn, tenant_id, [user_id])
    status: str = await conn.execute("DELETE FROM users WHERE tenant_id = $1 AND id = $2", tenant_id, user_id)
    return status.endswith(" 1")


async def disable_many(conn: Any, tenant_id: str, user_ids: list[str]) -> list[UserRecord]:
    """Move the listed active users to disabled; returns the rows changed (others are skipped)."""
    me_cache.forget_everywhere(conn, tenant_id, user_ids)
    rows = await conn.fetch(
        f"""UPDATE users SET status = 'disabled', updated_at = now()
            WHERE tenant_id = $1 AND id = ANY($2::text[]) AND status = 'active'
            RETURNING {COLUMNS}""",
        tenant_id,
        user_ids,
    )
    return UserRecord.all(rows)


async def inactive_ids(conn: Any, tenant_id: str, user_ids: list[str]) -> list[str]:
    """Which of the listed users exist and are not active (disabled or banned)."""
    rows = await conn.fetch(
        "SELECT id FROM users WHERE tenant_id = $1 AND id = ANY($2::text[]) AND status <> 'active'",
        tenant_id,
        user_ids,
    )
    return [r["id"] for r in rows]
