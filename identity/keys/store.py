"""SQL for API keys. Every statement filters on tenant_id."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

from identity.db.keysets import Keyset, read_page
from identity.db.records import Record
from identity.keys.schemas import KeyType

_COLUMNS = """id, name, type, prefix, last_four, scopes, created_at, last_used_at, expires_at,
              revoked_at, (revoked_at IS NOT NULL AND revoked_at <= now()) AS revoked"""


class KeyRecord(Record, frozen=True):
    """An API key as _COLUMNS reads it (never its hash). revoked: revoked by now; revoked_at
    may also be a rotation's deadline still to come."""

    id: str
    name: str
    type: KeyType
    prefix: str
    last_four: str
    scopes: list[str]
    created_at: datetime
    last_used_at: datetime | None
    expires_at: datetime | None
    revoked_at: datetime | None
    revoked: bool


async def insert(
    conn: asyncpg.Connection,
    *,
    tenant_id: str,
    key_id: str,
    name: str,
    type_: str,
    key_hash: str,
    prefix: str,
    last_four: str,
    scopes: list[str],
    expires_at: datetime | None,
) -> KeyRecord:
    row = await conn.fetchrow(
        f"""INSERT INTO api_keys (tenant_id, id, name, type, key_hash, prefix, last_four, scopes,
                                  expires_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            RETURNING {_COLUMNS}""",
        tenant_id,
        key_id,
        name,
        type_,
        key_hash,
        prefix,
        last_four,
        scopes,
        expires_at,
    )
    return KeyRecord.of(row)


async def get(conn: Any, tenant_id: str, key_id: str, *, for_update: bool = False) -> KeyRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    row = await conn.fetchrow(
        f"SELECT {_COLUMNS} FROM api_keys WHERE tenant_id = $1 AND id = $2{lock}", tenant_id, key_id
    )
    return KeyRecord.maybe(row)


async def list_page(
    conn: Any, tenant_id: str, page: Keyset, *, type_: str | None, include_revoked: bool
) -> tuple[list[KeyRecord], int]:
    where = ["tenant_id = $1", "($2::text IS NULL OR type = $2)"]
    if not include_revoked:
        where.append("(revoked_at IS NULL OR revoked_at > now())")
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT {_COLUMNS} FROM api_keys",
        count="SELECT count(*) FROM api_keys",
        where=" AND ".join(where),
        args=(tenant_id, type_),
    )
    return KeyRecord.all(rows), total


async def update(conn: Any, tenant_id: str, key_id: str, changes: dict[str, Any]) -> KeyRecord | None:
    sets = ", ".join(f"{col} = ${i}" for i, col in enumerate(changes, start=3))
    row = await conn.fetchrow(
        f"UPDATE api_keys SET {sets} WHERE tenant_id = $1 AND id = $2 RETURNING {_COLUMNS}",
        tenant_id,
        key_id,
        *changes.values(),
    )
    return KeyRecord.maybe(row)
