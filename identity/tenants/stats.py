"""GET /v1/admin/stats in one statement (identity/tenants/sql/stats.sql)."""

from __future__ import annotations

import time
from typing import Any

import asyncpg

from identity.ids import floor_id
from identity.tenants import stats_store as store

#: Session ids are made in this process and created_at in Postgres: room for the clocks.
_CLOCK_SKEW_MS = 5 * 60 * 1000


async def stats(pool: asyncpg.Pool, tenant_id: str) -> dict[str, Any]:
    """GET /v1/admin/stats: every figure from one statement."""
    since = floor_id("ses", int(time.time() * 1000) - 24 * 3600 * 1000 - _CLOCK_SKEW_MS)
    async with pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
        row = await store.stats(conn, tenant_id, since)
    total = row["users_total"]
    return {
        "users": {
            "total": total,
            "active_last_7d": row["active_7d"],
            "active_last_30d": row["active_30d"],
            "new_last_7d": row["new_7d"],
            "new_last_30d": row["new_30d"],
        },
        "sessions": {"active": row["sessions_active"], "created_last_24h": row["sessions_24h"]},
        "mfa": {
            "enrolled_users": row["mfa_enrolled"],
            "enrollment_rate": round(row["mfa_enrolled"] / total, 4) if total else 0.0,
        },
        "organizations": {"total": row["orgs_total"], "active_last_30d": row["orgs_active_30d"]},
        "auth": {"sign_ins_last_24h": row["sign_ins_24h"], "failed_sign_ins_last_24h": row["failed_24h"]},
    }
