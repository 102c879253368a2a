"""SQL of the pending self-service email changes (table email_changes, sql/028_email_changes.sql)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from identity.users.records import EmailChangeRecord


async def put(conn: Any, tenant_id: str, user_id: str, new_email: str, code_hash: str, expires_at: datetime) -> None:
    """Store the user's pending change, replacing an earlier one (its code stops working)."""
    await conn.execute(
        """INSERT INTO email_changes (tenant_id, user_id, new_email, code_hash, expires_at)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (tenant_id, user_id) DO UPDATE
           SET new_email = EXCLUDED.new_email, code_hash = EXCLUDED.code_hash, attempts = 0,
               created_at = now(), expires_at = EXCLUDED.expires_at""",
        tenant_id,
        user_id,
        new_email,
        code_hash,
        expires_at,
    )


async def get(conn: Any, tenant_id: str, user_id: str, *, for_update: bool = False) -> EmailChangeRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    row = await conn.fetchrow(
        f"""SELECT new_email, code_hash, attempts, expires_at FROM email_changes
            WHERE tenant_id = $1 AND user_id = $2{lock}""",
        tenant_id,
        user_id,
    )
    return EmailChangeRecord.maybe(row)


async def count_failure(conn: Any, tenant_id: str, user_id: str) -> None:
    await conn.execute(
        "UPDATE email_changes SET attempts = attempts + 1 WHERE tenant_id = $1 AND user_id = $2",
        tenant_id,
        user_id,
    )


async def delete(conn: Any, tenant_id: str, user_id: str) -> None:
    await conn.execute("DELETE FROM email_changes WHERE tenant_id = $1 AND user_id = $2", tenant_id, user_id)
