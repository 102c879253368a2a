"""Master keys (mk_live_...): created by `identity keys master` or on first start; hash only.
Their SQL is in identity/keys/master_store.py."""

from __future__ import annotations

import asyncpg

from identity.crypto import random_token, sha256_hex
from identity.ids import new_id
from identity.keys import master_store
from identity.keys.master_store import MasterKeyRecord


async def create(conn: asyncpg.Connection | asyncpg.Pool) -> str:
    key = "mk_live_" + random_token(32)
    await master_store.insert(conn, new_id("mk"), sha256_hex(key), key[:12], key[-4:])
    return key


async def ensure_one(dsn: str, configured: str | None) -> str | None:
    """On a first start with none configured and none stored, create one and return it."""
    if configured:
        return None
    conn = await asyncpg.connect(dsn)
    try:
        async with conn.transaction():
            # Two processes starting at once must not both create one.
            if await master_store.lock_and_find_active(conn):
                return None
            return await create(conn)
    finally:
        await conn.close()


async def list_keys(conn: asyncpg.Connection | asyncpg.Pool) -> list[MasterKeyRecord]:
    """Every stored master key, oldest first: id, prefix and last four characters only."""
    return await master_store.list_all(conn)


async def revoke(conn: asyncpg.Connection | asyncpg.Pool, key_id: str) -> MasterKeyRecord | None:
    """Revoke one key by id; it stops working at once (every request looks the hash up). None
    when no such key exists; a key revoked before keeps its first revocation time."""
    return await master_store.revoke(conn, key_id)
