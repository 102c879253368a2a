"""SQL for the tenant's figures (GET /v1/admin/stats): the stats statement and the failed
sign-ins it reports."""

from __future__ import annotations

from typing import Any

import asyncpg

from identity.db.statements import statement


async def stats(conn: asyncpg.Connection, tenant_id: str, since: str) -> asyncpg.Record:
    """Every figure of GET /v1/admin/stats (identity/tenants/sql/stats.sql), in the caller's
    read-only transaction."""
    # Compiling this statement (JIT) costs more than running it.
    await conn.execute("SET LOCAL jit = off")
    return await conn.fetchrow(statement("tenants", "stats"), tenant_id, since)


async def record_failed_sign_in(pool: Any, tenant_id: str) -> None:
    """Count a failed password sign-in in the tenant's current hour (for the stats)."""
    await pool.execute(
        """INSERT INTO sign_in_failures AS f (tenant_id, hour, n) VALUES ($1, date_trunc('hour', now()), 1)
           ON CONFLICT (tenant_id, hour) DO UPDATE SET n = f.n + 1""",
        tenant_id,
    )
