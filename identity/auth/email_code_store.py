"""SQL for the email sign-in codes (table email_sign_in_codes, sql/027_passwordless.sql);
identity/auth/email_code.py holds their rules."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import asyncpg


@dataclass(frozen=True)
class SentCode:
    """The newest unused code sent to an address."""

    id: str
    user_id: str
    code_hash: str
    failed_attempts: int
    expires_at: datetime


async def retire_codes(conn: asyncpg.Connection, tenant_id: str, email: str) -> None:
    """A new code replaces the address's earlier ones (they stop working)."""
    await conn.execute(
        "UPDATE email_sign_in_codes SET used_at = now() WHERE tenant_id = $1 AND email = $2 AND used_at IS NULL",
        tenant_id,
        email,
    )


async def insert_code(
    conn: asyncpg.Connection,
    tenant_id: str,
    code_id: str,
    user_id: str,
    email: str,
    code_hash: str,
    expires_at: datetime,
) -> None:
    await conn.execute(
        """INSERT INTO email_sign_in_codes (tenant_id, id, user_id, email, code_hash, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6)""",
        tenant_id,
        code_id,
        user_id,
        email,
        code_hash,
        expires_at,
    )


async def latest_code(conn: asyncpg.Connection, tenant_id: str, email: str) -> SentCode | None:
    """The address's newest unused code, locked for the caller's transaction."""
    row = await conn.fetchrow(
        """SELECT id, user_id, code_hash, failed_attempts, expires_at FROM email_sign_in_codes
           WHERE tenant_id = $1 AND email = $2 AND used_at IS NULL
           ORDER BY created_at DESC LIMIT 1 FOR UPDATE""",
        tenant_id,
        email,
    )
    if row is None:
        return None
    return SentCode(row["id"], row["user_id"], row["code_hash"], row["failed_attempts"], row["expires_at"])


async def count_failure(conn: asyncpg.Connection, tenant_id: str, code_id: str) -> None:
    await conn.execute(
        "UPDATE email_sign_in_codes SET failed_attempts = failed_attempts + 1 WHERE tenant_id = $1 AND id = $2",
        tenant_id,
        code_id,
    )


async def use_code(conn: asyncpg.Connection, tenant_id: str, code_id: str) -> None:
    await conn.execute(
        "UPDATE email_sign_in_codes SET used_at = now() WHERE tenant_id = $1 AND id = $2",
        tenant_id,
        code_id,
    )
