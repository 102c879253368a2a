"""SQL for the tenant's figures (GET /v1/admin/stats): the stats statement and the failed
sign-ins it reports."""

from __future__ import annotations

from typing import Any

import asyncpg

from identity.db.records import Record
from identity.db.statements import statement


class StatsRecord(Record, frozen=True):
    """The columns of identity/tenants/sql/stats.sql."""

    users_total: int
    active_7d: int
    active_30d: int
    new_7d: int
    new_30d: int
    sessions_active: int
    sessions_24h: int
    sign_ins_24h: int
    failed_24h: int
    mfa_enrolled: int
    orgs_total: int
    orgs_active_30d: int

    @property
    def mfa_enrollment_rate(self) -> float:
        return round(self.mfa_enrolled / self.users_total, 4) if self.users_total else 0.0


async def stats(conn: asyncpg.Connection, tenant_id: str, since: str) -> StatsRecord:
    """Every figure of GET /v1/admin/stats (identity/tenants/sql/stats.sql), in the caller's
    read-only transaction."""
    # Compiling this statement (JIT) costs more than running it.
    await conn.execute("SET LOCAL jit = off")
    return StatsRecord.of(await conn.fetchrow(statement("tenants", "stats"), tenant_id, since))


async def record_failed_sign_in(pool: Any, tenant_id: str) -> None:
    """Count a failed password sign-in in the tenant's current hour (for the stats)."""
    await pool.execute(
        """INSERT INTO sign_in_failures AS f (tenant_id, hour, n) VALUES ($1, date_trunc('hour', now()), 1)
           ON CONFLICT (tenant_id, hour) DO UPDATE SET n = f.n + 1""",
        tenant_id,
    )
