"""SQL of the housekeeping that workers/maintenance.py runs: batched deletes of long-dead rows and
the expiry of rows that carry a status.

Tables of other issues (sessions, one-time tokens, invitations) are touched only when they
exist, and expiry by status only where the table has a status column: a schema that computes
"expired" when it reads (as sessions do) needs only the purge of long-dead rows.
"""

from __future__ import annotations

from typing import Any

from identity.db.batches import delete_in_batches
from identity.revocations.entries import KEPT

IDEMPOTENCY_TTL_HOURS = 24
EMAIL_LOG_TTL_DAYS = 7
SESSION_RETENTION_DAYS = 30
TOKEN_RETENTION_HOURS = 24


async def _columns(pool: Any, table: str) -> set[str]:
    rows = await pool.fetch(
        """SELECT column_name FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name = $1""",
        table,
    )
    return {r["column_name"] for r in rows}


async def delete_old_idempotency_keys(pool: Any) -> int:
    return await delete_in_batches(
        pool,
        "idempotency_keys",
        "created_at < now() - make_interval(hours => $1)",
        IDEMPOTENCY_TTL_HOURS,
    )


async def expire_sessions(pool: Any) -> dict[str, int]:
    cols = await _columns(pool, "sessions")
    out = {"expired": 0, "purged": 0}
    if not cols:
        return out
    if "status" in cols:
        status = await pool.execute(
            "UPDATE sessions SET status = 'expired' WHERE status = 'active' AND expires_at <= now()"
        )
        out["expired"] = int(status.split()[-1])
    dead = "expires_at < now() - make_interval(days => $1)"
    if "revoked_at" in cols:
        dead = f"({dead} OR revoked_at < now() - make_interval(days => $1))"
    out["purged"] = await delete_in_batches(pool, "sessions", dead, SESSION_RETENTION_DAYS)
    return out


async def expire_one_time_tokens(pool: Any) -> int:
    """One-time tokens are refused once expired or used; a day later they are deleted."""
    cols = await _columns(pool, "one_time_tokens")
    if not cols:
        return 0
    where = "expires_at < now() - make_interval(hours => $1)"
    if "used_at" in cols:
        where = f"({where} OR used_at < now() - make_interval(hours => $1))"
    return await delete_in_batches(pool, "one_time_tokens", where, TOKEN_RETENTION_HOURS)


async def expire_invitations(pool: Any) -> int:
    cols = await _columns(pool, "invitations")
    if not {"status", "expires_at"} <= cols:
        return 0
    status = await pool.execute(
        "UPDATE invitations SET status = 'expired' WHERE status = 'pending' AND expires_at <= now()"
    )
    return int(status.split()[-1])


async def expire_oauth(pool: Any) -> dict[str, int]:
    """Authorization codes live 60 s and grants until their tokens expire; keep them a while
    for reuse detection and audit, then delete (refresh tokens go with their grant). Browser
    sessions go with their session."""
    codes = await delete_in_batches(
        pool, "oauth_codes", "expires_at < now() - make_interval(hours => $1)", TOKEN_RETENTION_HOURS
    )
    grants = await delete_in_batches(
        pool,
        "oauth_grants",
        "(expires_at < now() - make_interval(days => $1) OR revoked_at < now() - make_interval(days => $1))",
        SESSION_RETENTION_DAYS,
    )
    # Machine grants: the same retention after their newest token expired or they were revoked;
    # client assertion ids once the assertion has expired (a replay is refused for its exp).
    grants += await delete_in_batches(
        pool,
        "oauth_machine_grants",
        "(last_expires_at < now() - make_interval(days => $1) OR revoked_at < now() - make_interval(days => $1))",
        SESSION_RETENTION_DAYS,
    )
    await delete_in_batches(
        pool, "oauth_client_assertions", "expires_at < now() - make_interval(hours => $1)", TOKEN_RETENTION_HOURS
    )
    # External sign-in: flows in progress and one-time exchange tickets live minutes.
    old = "expires_at < now() - make_interval(hours => $1)"
    flows = await delete_in_batches(pool, "oauth_connection_flows", old, TOKEN_RETENTION_HOURS)
    tickets = await delete_in_batches(pool, "oauth_tickets", old, TOKEN_RETENTION_HOURS)
    return {"codes": codes, "grants": grants, "connection_flows": flows, "tickets": tickets}


async def expire_hosted_flows(pool: Any) -> int:
    """The hosted pages' flows live an hour (docs/hosted-pages.md); expired ones are of no use."""
    return await delete_in_batches(pool, "hosted_flows", "expires_at < now()")


async def delete_old_email_log(pool: Any) -> int:
    # Stored messages hold links and codes (sealed); a week is enough for local development.
    return await delete_in_batches(
        pool, "email_messages", "created_at < now() - make_interval(days => $1)", EMAIL_LOG_TTL_DAYS
    )


async def delete_forgotten_revocations(pool: Any) -> int:
    """Revocation feed entries past every tenant's forget_after (docs/revocations.md)."""
    return await delete_in_batches(pool, "revocations", "revoked_at < now() - $1::interval", KEPT)
