"""Master keys (mk_live_...): created by `identity keys master` or on first start; hash only."""

from __future__ import annotations

import asyncpg

from identity.crypto import random_token, sha256_hex
from identity.ids import new_id


async def create(conn: asyncpg.Connection | asyncpg.Pool) -> str:
    key = "mk_live_" + random_token(32)
    await conn.execute(
        "INSERT INTO master_keys (id, key_hash, prefix, last_four) VALUES ($1, $2, $3, $4)",
        new_id("mk"), sha256_hex(key), key[:12], key[-4:],
    )
    return key


async def ensure_one(dsn: str, configured: str | None) -> str | None:
    """On a first start with none configured and none stored, create one and return it."""
    if configured:
        return None
    conn = await asyncpg.connect(dsn)
    try:
        async with conn.transaction():
            # Two processes starting at once must not both create one.
            await conn.execute("LOCK TABLE master_keys IN EXCLUSIVE MODE")
            if await conn.fetchval("SELECT 1 FROM master_keys WHERE revoked_at IS NULL LIMIT 1"):
                return None
            return await create(conn)
    finally:
        await conn.close()


async def list_keys(conn: asyncpg.Connection | asyncpg.Pool) -> list[asyncpg.Record]:
    """Every stored master key, oldest first: id, prefix and last four characters only."""
    return await conn.fetch(
        "SELECT id, prefix, last_four, created_at, revoked_at FROM master_keys ORDER BY created_at, id"
    )


async def revoke(conn: asyncpg.Connection | asyncpg.Pool, key_id: str) -> asyncpg.Record | None:
    """Revoke one key by id; it stops working at once (every request looks the hash up). None
    when no such key exists; a key revoked before keeps its first revocation time."""
    return await conn.fetchrow(
        """UPDATE master_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1
           RETURNING id, prefix, last_four, created_at, revoked_at""",
        key_id,
    )
