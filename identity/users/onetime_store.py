"""SQL for the one-time tokens (magic links, password resets, email verifications), stored as
SHA-256 (identity/auth/onetime.py holds their rules)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from identity.users.records import OneTimeRecord

_ONE_TIME_COLUMNS = (
    "tenant_id, token_hash, kind, user_id, email, redirect_url, created_at, expires_at, used_at, "
    "code_hash, code_attempts"
)


async def insert_one_time(
    conn: Any,
    tenant_id: str,
    token_hash: str,
    kind: str,
    user_id: str | None,
    email: str,
    redirect_url: str | None,
    expires_at: datetime,
    code_hash: str | None = None,
) -> None:
    await conn.execute(
        """INSERT INTO one_time_tokens (tenant_id, token_hash, kind, user_id, email, redirect_url,
                                        expires_at, code_hash)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)""",
        tenant_id,
        token_hash,
        kind,
        user_id,
        email,
        redirect_url,
        expires_at,
        code_hash,
    )


async def one_time(
    conn: Any, tenant_id: str, token_hash: str, kind: str, *, for_update: bool = False
) -> OneTimeRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    row = await conn.fetchrow(
        f"""SELECT {_ONE_TIME_COLUMNS} FROM one_time_tokens
            WHERE tenant_id = $1 AND token_hash = $2 AND kind = $3{lock}""",
        tenant_id,
        token_hash,
        kind,
    )
    return OneTimeRecord.maybe(row)


async def use_one_time(conn: Any, tenant_id: str, token_hash: str) -> None:
    await conn.execute(
        "UPDATE one_time_tokens SET used_at = now() WHERE tenant_id = $1 AND token_hash = $2",
        tenant_id,
        token_hash,
    )


async def verification_by_hash(conn: Any, token_hash: str) -> OneTimeRecord | None:
    """The verification link arrives without a tenant header: the token is found by its hash."""
    row = await conn.fetchrow(
        f"""SELECT {_ONE_TIME_COLUMNS} FROM one_time_tokens
            WHERE token_hash = $1 AND kind = 'email_verification'""",
        token_hash,
    )
    return OneTimeRecord.maybe(row)


async def retire_one_time(conn: Any, tenant_id: str, user_id: str, kind: str) -> None:
    """Mark the user's unused tokens of a kind as used (a newer one replaces them)."""
    await conn.execute(
        """UPDATE one_time_tokens SET used_at = now()
           WHERE tenant_id = $1 AND user_id = $2 AND kind = $3 AND used_at IS NULL""",
        tenant_id,
        user_id,
        kind,
    )


async def verification_with_code(conn: Any, tenant_id: str, user_id: str) -> OneTimeRecord | None:
    """The user's newest unused verification row that still has a code, locked: a code is
    checked against the latest email only (a resend retires the older rows)."""
    row = await conn.fetchrow(
        f"""SELECT {_ONE_TIME_COLUMNS} FROM one_time_tokens
            WHERE tenant_id = $1 AND user_id = $2 AND kind = 'email_verification'
              AND used_at IS NULL AND code_hash IS NOT NULL
            ORDER BY created_at DESC LIMIT 1 FOR UPDATE""",
        tenant_id,
        user_id,
    )
    return OneTimeRecord.maybe(row)


async def count_code_failure(conn: Any, tenant_id: str, token_hash: str, max_attempts: int) -> None:
    """One more wrong code; the code is voided (its hash dropped) at max_attempts, the link stays."""
    await conn.execute(
        """UPDATE one_time_tokens
           SET code_attempts = code_attempts + 1,
               code_hash = CASE WHEN code_attempts + 1 >= $3 THEN NULL ELSE code_hash END
           WHERE tenant_id = $1 AND token_hash = $2""",
        tenant_id,
        token_hash,
        max_attempts,
    )


async def latest_created(conn: Any, tenant_id: str, user_id: str, kind: str) -> datetime | None:
    """When the user's newest token of a kind was made (the resend cooldown reads it)."""
    value: datetime | None = await conn.fetchval(
        "SELECT max(created_at) FROM one_time_tokens WHERE tenant_id = $1 AND user_id = $2 AND kind = $3",
        tenant_id,
        user_id,
        kind,
    )
    return value
