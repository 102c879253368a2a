"""SQL for master keys (the control plane's credential; identity/masterkeys.py makes them)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

from identity.db.records import Record

_COLUMNS = "id, prefix, last_four, created_at, revoked_at"


class MasterKeyRecord(Record, frozen=True):
    """A master key as operators see it (never its hash)."""

    id: str
    prefix: str
    last_four: str
    created_at: datetime
    revoked_at: datetime | None


async def insert(conn: Any, key_id: str, key_hash: str, prefix: str, last_four: str) -> None:
    await conn.execute(
        "INSERT INTO master_keys (id, key_hash, prefix, last_four) VALUES ($1, $2, $3, $4)",
        key_id,
        key_hash,
        prefix,
        last_four,
    )


async def lock_and_find_active(conn: asyncpg.Connection) -> bool:
    """In the caller's transaction: lock the table against other writers (two processes starting
    at once must not both create a key), then say whether an unrevoked key exists."""
    await conn.execute("LOCK TABLE master_keys IN EXCLUSIVE MODE")
    return bool(await conn.fetchval("SELECT 1 FROM master_keys WHERE revoked_at IS NULL LIMIT 1"))


async def list_all(conn: Any) -> list[MasterKeyRecord]:
    return MasterKeyRecord.all(await conn.fetch(f"SELECT {_COLUMNS} FROM master_keys ORDER BY created_at, id"))


async def revoke(conn: Any, key_id: str) -> MasterKeyRecord | None:
    row = await conn.fetchrow(
        f"""UPDATE master_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1
            RETURNING {_COLUMNS}""",
        key_id,
    )
    return MasterKeyRecord.maybe(row)
