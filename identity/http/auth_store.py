"""SQL for resolving credentials (identity/http/auth.py): the master keys, a tenant with the API
key of a token's hash, and the batched last_used_at stamps. Kept beside the resolver because
identity/http/ sits below identity/keys/ and identity/tenants/ in the package order."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

_TENANT_AND_KEY = """
SELECT t.id AS tenant_id, t.status, t.plan, t.auth_config, t.rate_limits,
       k.id AS key_id, k.type, k.scopes,
       extract(epoch FROM k.expires_at)::float8 AS expires_at,
       extract(epoch FROM k.revoked_at)::float8 AS revoked_at
FROM tenants t
LEFT JOIN api_keys k ON k.tenant_id = t.id AND k.key_hash = $2
WHERE t.id = $1
"""


async def live_master_key_id(pool: Any, key_hash: str) -> str | None:
    """The id of the unrevoked master key with this hash, or None."""
    key_id: str | None = await pool.fetchval(
        "SELECT id FROM master_keys WHERE key_hash = $1 AND revoked_at IS NULL", key_hash
    )
    return key_id


async def tenant_and_key(pool: Any, tenant_id: str, key_hash: str) -> asyncpg.Record | None:
    """The tenant's row, with the columns of its API key of this hash (NULL when it has none);
    None when there is no such tenant."""
    return await pool.fetchrow(_TENANT_AND_KEY, tenant_id, key_hash)


async def stamp_last_used(pool: Any, tenants: list[str], ids: list[str], stamps: list[datetime]) -> None:
    """Set last_used_at of each (tenant, key) to its stamp, never moving it back."""
    await pool.execute(
        """UPDATE api_keys k SET last_used_at = u.ts
           FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS u(tenant_id, id, ts)
           WHERE k.tenant_id = u.tenant_id AND k.id = u.id
             AND (k.last_used_at IS NULL OR k.last_used_at < u.ts)""",
        tenants,
        ids,
        stamps,
    )
