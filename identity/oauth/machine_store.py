"""SQL for machine grants (client_credentials) and client assertion ids (private_key_jwt).
Every statement filters on tenant_id."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from identity.oauth.records import GrantStateRecord


async def open_grant(
    conn: Any, tenant_id: str, grant_id: str, client_id: str, scopes: list[str], expires_at: datetime
) -> str:
    """The client's live grant for this scope set (made now when there is none), with this
    issuance counted; returns its id. One statement, so one transaction."""
    grant: str = await conn.fetchval(
        """INSERT INTO oauth_machine_grants
               (tenant_id, id, client_id, scopes, scope_key, issued_count, last_expires_at)
           VALUES ($1, $2, $3, $4::text[], array_to_string($4::text[], ' '), 1, $5)
           ON CONFLICT (tenant_id, client_id, scope_key) WHERE revoked_at IS NULL
           DO UPDATE SET issued_count = oauth_machine_grants.issued_count + 1, last_issued_at = now(),
                         last_expires_at = greatest(oauth_machine_grants.last_expires_at,
                                                    EXCLUDED.last_expires_at)
           RETURNING id""",
        tenant_id,
        grant_id,
        client_id,
        scopes,
        expires_at,
    )
    return grant


async def add_counts(conn: Any, batch: list[tuple[str, str, int, datetime, datetime]]) -> None:
    """Issuances counted in memory: (tenant_id, grant_id, count, last issued, last expiry).
    Sorted, so that two processes flushing at once lock the rows in the same order."""
    if not batch:
        return
    batch = sorted(batch)
    await conn.execute(
        """UPDATE oauth_machine_grants g
           SET issued_count = g.issued_count + v.n,
               last_issued_at = greatest(g.last_issued_at, v.issued),
               last_expires_at = greatest(g.last_expires_at, v.expires)
           FROM unnest($1::text[], $2::text[], $3::bigint[], $4::timestamptz[], $5::timestamptz[])
                AS v(tenant_id, id, n, issued, expires)
           WHERE g.tenant_id = v.tenant_id AND g.id = v.id""",
        [b[0] for b in batch],
        [b[1] for b in batch],
        [b[2] for b in batch],
        [b[3] for b in batch],
        [b[4] for b in batch],
    )


async def grant_state(conn: Any, tenant_id: str, grant_id: str) -> GrantStateRecord | None:
    """A machine grant in the shape of store.grant_state (alive: not revoked; each token's own
    exp is checked from the token)."""
    return GrantStateRecord.maybe(
        await conn.fetchrow(
            """SELECT id, client_id, NULL::text AS user_id, NULL::text AS session_id, scopes,
                  NULL::timestamptz AS auth_time, created_at, last_expires_at AS expires_at, revoked_at,
                  revoked_at IS NULL AS alive
           FROM oauth_machine_grants WHERE tenant_id = $1 AND id = $2""",
            tenant_id,
            grant_id,
        )
    )


async def revoke_grant(conn: Any, tenant_id: str, grant_id: str, reason: str) -> bool:
    done = await conn.fetchval(
        """UPDATE oauth_machine_grants SET revoked_at = now(), revoked_reason = $3
           WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id""",
        tenant_id,
        grant_id,
        reason,
    )
    return done is not None


async def spend_assertion(conn: Any, tenant_id: str, client_id: str, jti: str, expires_at: datetime) -> bool:
    """Record a client assertion's jti; False when it was seen before (a replay)."""
    done = await conn.fetchval(
        """INSERT INTO oauth_client_assertions (tenant_id, client_id, jti, expires_at)
           VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING jti""",
        tenant_id,
        client_id,
        jti,
        expires_at,
    )
    return done is not None
