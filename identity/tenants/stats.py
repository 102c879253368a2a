"""GET /v1/admin/stats in one statement, and the failed sign-ins it reports."""

from __future__ import annotations

import time
from typing import Any

import asyncpg

from identity.ids import floor_id

#: A user is active in a window when they signed in within it, or used (refreshed) a session
#: within it. Every session begins with a sign-in that sets last_sign_in_at (impersonation
#: sessions are not the user's activity), so the users a session adds are only those whose
#: session began before the window: few sessions, found without counting every active user.
_STATS = """
WITH refreshed AS (
    SELECT s.user_id, max(s.last_active_at) AS at
    FROM sessions s
    WHERE s.tenant_id = $1 AND s.last_active_at > now() - interval '30 days'
      AND s.created_at <= now() - interval '7 days' AND s.impersonated_by IS NULL
    GROUP BY s.user_id
), refreshed_only AS (
    SELECT r.at, coalesce(u.last_sign_in_at, '-infinity'::timestamptz) AS signed_in
    FROM refreshed r JOIN users u ON u.tenant_id = $1 AND u.id = r.user_id
), recent_sessions AS (
    SELECT count(*) AS created, count(*) FILTER (WHERE impersonated_by IS NULL) AS sign_ins
    FROM sessions WHERE tenant_id = $1 AND id >= $2 AND created_at > now() - interval '24 hours'
)
SELECT
    (SELECT coalesce(sum(n), 0) FROM user_counts WHERE tenant_id = $1)::bigint AS users_total,
    (SELECT count(*) FROM users WHERE tenant_id = $1
       AND coalesce(last_sign_in_at, '-infinity'::timestamptz) > now() - interval '7 days')
    + (SELECT count(*) FROM refreshed_only
       WHERE at > now() - interval '7 days' AND signed_in <= now() - interval '7 days') AS active_7d,
    (SELECT count(*) FROM users WHERE tenant_id = $1
       AND coalesce(last_sign_in_at, '-infinity'::timestamptz) > now() - interval '30 days')
    + (SELECT count(*) FROM refreshed_only WHERE signed_in <= now() - interval '30 days') AS active_30d,
    (SELECT count(*) FROM users WHERE tenant_id = $1 AND created_at > now() - interval '7 days') AS new_7d,
    (SELECT count(*) FROM users WHERE tenant_id = $1 AND created_at > now() - interval '30 days') AS new_30d,
    (SELECT count(*) FROM sessions WHERE tenant_id = $1 AND revoked_at IS NULL AND expires_at > now())
        AS sessions_active,
    recent_sessions.created AS sessions_24h,
    recent_sessions.sign_ins AS sign_ins_24h,
    (SELECT coalesce(sum(n), 0) FROM sign_in_failures
     WHERE tenant_id = $1 AND hour >= date_trunc('hour', now()) - interval '23 hours')::bigint AS failed_24h,
    (SELECT count(*) FROM users WHERE tenant_id = $1 AND mfa_enabled) AS mfa_enrolled,
    (SELECT count(*) FROM organizations WHERE tenant_id = $1) AS orgs_total,
    (SELECT count(*) FROM organizations o WHERE o.tenant_id = $1 AND EXISTS (
        SELECT 1 FROM memberships m JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id
        WHERE m.tenant_id = $1 AND m.org_id = o.id
          AND (coalesce(u.last_sign_in_at, '-infinity'::timestamptz) > now() - interval '30 days'
               OR EXISTS (SELECT 1 FROM sessions s WHERE s.tenant_id = $1 AND s.user_id = u.id
                            AND s.last_active_at > now() - interval '30 days'
                            AND s.impersonated_by IS NULL)))) AS orgs_active_30d
FROM recent_sessions
"""
#: Session ids are made in this process and created_at in Postgres: room for the clocks.
_CLOCK_SKEW_MS = 5 * 60 * 1000


async def stats(pool: asyncpg.Pool, tenant_id: str) -> dict[str, Any]:
    """GET /v1/admin/stats: every figure from one statement."""
    since = floor_id("ses", int(time.time() * 1000) - 24 * 3600 * 1000 - _CLOCK_SKEW_MS)
    async with pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
        # Compiling this statement (JIT) costs more than running it.
        await conn.execute("SET LOCAL jit = off")
        row = await conn.fetchrow(_STATS, tenant_id, since)
    total = row["users_total"]
    return {
        "users": {"total": total, "active_last_7d": row["active_7d"], "active_last_30d": row["active_30d"],
                  "new_last_7d": row["new_7d"], "new_last_30d": row["new_30d"]},
        "sessions": {"active": row["sessions_active"], "created_last_24h": row["sessions_24h"]},
        "mfa": {"enrolled_users": row["mfa_enrolled"],
                "enrollment_rate": round(row["mfa_enrolled"] / total, 4) if total else 0.0},
        "organizations": {"total": row["orgs_total"], "active_last_30d": row["orgs_active_30d"]},
        "auth": {"sign_ins_last_24h": row["sign_ins_24h"], "failed_sign_ins_last_24h": row["failed_24h"]},
    }


async def record_failed_sign_in(pool: Any, tenant_id: str) -> None:
    """Count a failed password sign-in in the tenant's current hour (for the stats)."""
    await pool.execute(
        """INSERT INTO sign_in_failures AS f (tenant_id, hour, n) VALUES ($1, date_trunc('hour', now()), 1)
           ON CONFLICT (tenant_id, hour) DO UPDATE SET n = f.n + 1""",
        tenant_id,
    )
