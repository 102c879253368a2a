"""SQL for the one-time tokens (magic links, password resets, email verifications), stored as
SHA-256 (identity/auth/onetime.py holds their rules)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

_ONE_TIME_COLUMNS = "tenant_id, kind, user_id, email, redirect_url, created_at, expires_at, used_at"


async def insert_one_time(
    conn: Any,
    tenant_id: str,
    token_hash: str,
    kind: str,
    user_id: str | None,
    email: str,
    redirect_url: str | None,
    expires_at: datetime,
) -> None:
    await conn.execute(
        """INSERT INTO one_time_tokens (tenant_id, token_hash, kind, user_id, email, redirect_url,
                                        expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)""",
        tenant_id,
        token_hash,
        kind,
        user_id,
        email,
        redirect_url,
        expires_at,
    )


async def one_time(
    conn: Any, tenant_id: str, token_hash: str, kind: str, *, for_update: bool = False
) -> asyncpg.Record | None:
    lock = " FOR UPDATE" if for_update else ""
    return await conn.fetchrow(
        f"""SELECT {_ONE_TIME_COLUMNS} FROM one_time_tokens
            WHERE tenant_id = $1 AND token_hash = $2 AND kind = $3{lock}""",
        tenant_id,
        token_hash,
        kind,
    )


async def use_one_time(conn: Any, tenant_id: str, token_hash: str) -> None:
    await conn.execute(
        "UPDATE one_time_tokens SET used_at = now() WHERE tenant_id = $1 AND token_hash = $2",
        tenant_id,
        token_hash,
    )


async def verification_by_hash(conn: Any, token_hash: str) -> asyncpg.Record | None:
    """The verification link arrives without a tenant header: the token is found by its hash."""
    return await conn.fetchrow(
        f"""SELECT {_ONE_TIME_COLUMNS} FROM one_time_tokens
            WHERE token_hash = $1 AND kind = 'email_verification'""",
        token_hash,
    )


async def retire_one_time(conn: Any, tenant_id: str, user_id: str, kind: str) -> None:
    """Mark the user's unused tokens of a kind as used (a newer one replaces them)."""
    await conn.execute(
        """UPDATE one_time_tokens SET used_at = now()
           WHERE tenant_id = $1 AND user_id = $2 AND kind = $3 AND used_at IS NULL""",
        tenant_id,
        user_id,
        kind,
    )
