"""SQL for Idempotency-Key rows (identity/http/idempotency.py holds their rules)."""

from __future__ import annotations

from typing import Any

import asyncpg

_CLAIM = """INSERT INTO idempotency_keys (tenant_id, scope, key, request_hash)
            VALUES ($1, $2, $3, $4)
            ON CONFLICT (tenant_id, scope, key) DO UPDATE
              SET request_hash = EXCLUDED.request_hash, created_at = now(), state = 'processing',
                  response_status = NULL, response_body = NULL
              WHERE idempotency_keys.created_at < now() - make_interval(hours => $5)
                 OR (idempotency_keys.state = 'processing'
                     AND idempotency_keys.created_at < now() - make_interval(secs => $6))
            RETURNING true AS claimed"""


async def claim(
    conn: Any,
    tenant_id: str,
    scope: str,
    key: str,
    request_hash: str,
    retention_hours: int,
    claim_timeout_seconds: float,
) -> bool:
    """Claim the key: a new row, or one past its retention, or one whose request was left
    'processing' longer than the claim timeout. False when another row holds the key."""
    row = await conn.fetchrow(_CLAIM, tenant_id, scope, key, request_hash, retention_hours, claim_timeout_seconds)
    return row is not None


async def get(conn: Any, tenant_id: str, scope: str, key: str) -> asyncpg.Record | None:
    return await conn.fetchrow(
        """SELECT request_hash, state, response_status, response_body FROM idempotency_keys
           WHERE tenant_id = $1 AND scope = $2 AND key = $3""",
        tenant_id,
        scope,
        key,
    )


async def complete(conn: Any, tenant_id: str, scope: str, key: str, status: int, sealed: bytes) -> None:
    await conn.execute(
        """UPDATE idempotency_keys SET state = 'done', response_status = $4, response_body = $5
           WHERE tenant_id = $1 AND scope = $2 AND key = $3""",
        tenant_id,
        scope,
        key,
        status,
        sealed,
    )


async def release(conn: Any, tenant_id: str, scope: str, key: str) -> None:
    await conn.execute(
        "DELETE FROM idempotency_keys WHERE tenant_id = $1 AND scope = $2 AND key = $3 AND state = 'processing'",
        tenant_id,
        scope,
        key,
    )
