"""Idempotency-Key on mutating POSTs (interface, Authentication rule 7).

The first request with a key claims it (a row in state 'processing'); the same key and body
within 24 h gets the stored response without the work being repeated; another body gets 422
idempotency_key_mismatch; a concurrent duplicate waits for the first to finish. A failure
with a 5xx releases the claim so the client may retry. A claim left by a crashed process is
taken over after CLAIM_TIMEOUT.
"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass

import asyncpg

from identity.http.errors import ApiError, ValidationFailed

RETENTION_HOURS = 24
CLAIM_TIMEOUT_SECONDS = 60
WAIT_SECONDS = 30


@dataclass
class Stored:
    status: int
    body: bytes


def request_hash(method: str, path: str, body: bytes) -> str:
    digest = hashlib.sha256()
    for part in (method.encode(), path.encode(), body):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


async def claim(
    pool: asyncpg.Pool, tenant_id: str, scope: str, key: str, req_hash: str
) -> Stored | None:
    """Claim the key for this request; return a stored response instead when there is one."""
    if not key or len(key) > 255:
        raise ValidationFailed("Idempotency-Key", "must be 1 to 255 characters")
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while True:
        row = await pool.fetchrow(
            """INSERT INTO idempotency_keys (tenant_id, scope, key, request_hash)
               VALUES ($1, $2, $3, $4)
               ON CONFLICT (tenant_id, scope, key) DO UPDATE
                 SET request_hash = EXCLUDED.request_hash, created_at = now(), state = 'processing',
                     response_status = NULL, response_body = NULL
                 WHERE idempotency_keys.created_at < now() - make_interval(hours => $5)
                    OR (idempotency_keys.state = 'processing'
                        AND idempotency_keys.created_at < now() - make_interval(secs => $6))
               RETURNING true AS claimed""",
            tenant_id, scope, key, req_hash, RETENTION_HOURS, CLAIM_TIMEOUT_SECONDS,
        )
        if row is not None:
            return None
        existing = await pool.fetchrow(
            """SELECT request_hash, state, response_status, response_body FROM idempotency_keys
               WHERE tenant_id = $1 AND scope = $2 AND key = $3""",
            tenant_id, scope, key,
        )
        if existing is None:
            continue  # released between our two statements; try to claim again
        if existing["request_hash"] != req_hash:
            raise ApiError(
                "This Idempotency-Key was used with a different request.",
                status=422,
                code="idempotency_key_mismatch",
            )
        if existing["state"] == "done":
            return Stored(existing["response_status"], bytes(existing["response_body"]))
        if asyncio.get_running_loop().time() > deadline:
            raise ApiError(
                "A request with this Idempotency-Key is still in progress.",
                status=409,
                code="idempotency_key_in_use",
            )
        await asyncio.sleep(0.05)


async def complete(
    pool: asyncpg.Pool, tenant_id: str, scope: str, key: str, status: int, body: bytes
) -> None:
    await pool.execute(
        """UPDATE idempotency_keys SET state = 'done', response_status = $4, response_body = $5
           WHERE tenant_id = $1 AND scope = $2 AND key = $3""",
        tenant_id, scope, key, status, body,
    )


async def release(pool: asyncpg.Pool, tenant_id: str, scope: str, key: str) -> None:
    await pool.execute(
        "DELETE FROM idempotency_keys WHERE tenant_id = $1 AND scope = $2 AND key = $3 "
        "AND state = 'processing'",
        tenant_id, scope, key,
    )
