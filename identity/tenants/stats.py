"""GET /v1/admin/stats in one statement (identity/tenants/sql/stats.sql)."""

from __future__ import annotations

import time

import asyncpg

from identity.ids import floor_id
from identity.tenants import stats_store as store
from identity.tenants.stats_store import StatsRecord

#: Session ids are made in this process and created_at in Postgres: room for the clocks.
_CLOCK_SKEW_MS = 5 * 60 * 1000


async def stats(pool: asyncpg.Pool, tenant_id: str) -> StatsRecord:
    """Every figure of GET /v1/admin/stats (and of the tenant's stats), from one statement."""
    since = floor_id("ses", int(time.time() * 1000) - 24 * 3600 * 1000 - _CLOCK_SKEW_MS)
    async with pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
        return await store.stats(conn, tenant_id, since)
