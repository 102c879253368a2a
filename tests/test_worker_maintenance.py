"""Periodic jobs: idempotency records, session and one-time token expiry, the email log;
the periodic registrations; the operator listing; metrics."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

from identity.email.queue import queue_email
from identity.state import state
from tests.support.api import METRICS_TOKEN
from workers import maintenance
from workers.app import app as proc_app


def test_periodic_tasks_are_registered() -> None:
    import workers.periodic  # noqa: F401

    crons = {pt.task.name: pt.cron for pt in proc_app.periodic_registry.periodic_tasks.values()}
    assert crons["workers.periodic.recover_stalled"] == "* * * * * */10"
    assert crons["workers.periodic.cleanup"] == "*/5 * * * *"


async def test_old_idempotency_records_are_deleted(app, tenant) -> None:
    pool = state(app).pool
    old, new = f"old-{uuid.uuid4().hex}", f"new-{uuid.uuid4().hex}"
    await pool.execute(
        """INSERT INTO idempotency_keys (tenant_id, scope, key, request_hash, created_at)
           VALUES ($1, 's', $2, 'h', now() - interval '25 hours'),
                  ($1, 's', $3, 'h', now() - interval '23 hours')""",
        tenant.id,
        old,
        new,
    )
    assert await maintenance.delete_old_idempotency_keys(pool) >= 1
    keys = {r["key"] for r in await pool.fetch("SELECT key FROM idempotency_keys WHERE tenant_id = $1", tenant.id)}
    assert keys == {new}


async def test_expired_sessions_and_tokens(app, tenant) -> None:
    pool = state(app).pool
    uid = f"usr_{uuid.uuid4().hex}"
    await pool.execute(
        "INSERT INTO users (tenant_id, id, email) VALUES ($1, $2, $3)", tenant.id, uid, f"{uid}@example.com"
    )
    await pool.execute(
        """INSERT INTO sessions (tenant_id, id, user_id, expires_at) VALUES
           ($1, 'ses_dead', $2, now() - interval '31 days'),
           ($1, 'ses_recent', $2, now() - interval '1 day'),
           ($1, 'ses_live', $2, now() + interval '1 day')""",
        tenant.id,
        uid,
    )
    await pool.execute(
        """INSERT INTO one_time_tokens (tenant_id, token_hash, kind, user_id, email, expires_at,
                                        used_at) VALUES
           ($1, 'h_old', 'magic_link', $2, 'a@example.com', now() - interval '2 days', NULL),
           ($1, 'h_used', 'password_reset', $2, 'a@example.com', now() + interval '1 hour',
            now() - interval '2 days'),
           ($1, 'h_live', 'magic_link', $2, 'a@example.com', now() + interval '1 hour', NULL)""",
        tenant.id,
        uid,
    )
    result = await maintenance.expire_sessions(pool)
    assert result["purged"] >= 1
    assert await maintenance.expire_one_time_tokens(pool) >= 2
    sessions = {r["id"] for r in await pool.fetch("SELECT id FROM sessions WHERE tenant_id = $1", tenant.id)}
    assert sessions == {"ses_recent", "ses_live"}
    tokens = {
        r["token_hash"]
        for r in await pool.fetch("SELECT token_hash FROM one_time_tokens WHERE tenant_id = $1", tenant.id)
    }
    assert tokens == {"h_live"}


async def test_expired_oauth_codes_and_grants(app, tenant) -> None:
    pool = state(app).pool
    uid = f"usr_{uuid.uuid4().hex}"
    await pool.execute(
        "INSERT INTO users (tenant_id, id, email) VALUES ($1, $2, $3)", tenant.id, uid, f"{uid}@example.com"
    )
    await pool.execute(
        "INSERT INTO sessions (tenant_id, id, user_id, expires_at) VALUES ($1, 'ses_o', $2, now() + interval '1 day')",
        tenant.id,
        uid,
    )
    await pool.execute(
        """INSERT INTO oauth_codes (tenant_id, code_hash, client_id, user_id, session_id, redirect_uri,
                                    scopes, auth_time, expires_at) VALUES
           ($1, 'c_old', 'cli_x', $2, 'ses_o', 'https://a/cb', '{openid}', now(), now() - interval '2 days'),
           ($1, 'c_new', 'cli_x', $2, 'ses_o', 'https://a/cb', '{openid}', now(), now() + interval '1 minute')""",
        tenant.id,
        uid,
    )
    await pool.execute(
        """INSERT INTO oauth_grants (tenant_id, id, client_id, user_id, scopes, expires_at, revoked_at) VALUES
           ($1, 'grt_expired', 'cli_x', NULL, '{}', now() - interval '31 days', NULL),
           ($1, 'grt_revoked', 'cli_x', NULL, '{}', now() + interval '1 day', now() - interval '31 days'),
           ($1, 'grt_live', 'cli_x', NULL, '{}', now() + interval '1 day', NULL)""",
        tenant.id,
    )
    await pool.execute(
        "INSERT INTO oauth_connections (tenant_id, id, name, provider, client_id, scopes, token_endpoint_auth_method) "
        "VALUES ($1, 'con_x', 'x', 'oidc', 'c', '{openid}', 'client_secret_post')",
        tenant.id,
    )
    await pool.execute(
        """INSERT INTO oauth_connection_flows (tenant_id, state_hash, connection_id, browser_hash, redirect_url,
                                               code_verifier_sealed, nonce, expires_at) VALUES
           ($1, 's_old', 'con_x', 'b', 'https://a/', 'v', 'n', now() - interval '2 days'),
           ($1, 's_new', 'con_x', 'b', 'https://a/', 'v', 'n', now() + interval '5 minutes')""",
        tenant.id,
    )
    await pool.execute(
        """INSERT INTO oauth_tickets (tenant_id, token_hash, kind, user_id, expires_at) VALUES
           ($1, 't_old', 'exchange', $2, now() - interval '2 days'),
           ($1, 't_new', 'exchange', $2, now() + interval '2 minutes')""",
        tenant.id,
        uid,
    )
    result = await maintenance.expire_oauth(pool)
    assert result["codes"] >= 1 and result["grants"] >= 2
    assert result["connection_flows"] >= 1 and result["tickets"] >= 1
    flows = {
        r["state_hash"]
        for r in await pool.fetch("SELECT state_hash FROM oauth_connection_flows WHERE tenant_id = $1", tenant.id)
    }
    tickets = {
        r["token_hash"]
        for r in await pool.fetch("SELECT token_hash FROM oauth_tickets WHERE tenant_id = $1", tenant.id)
    }
    assert flows == {"s_new"} and tickets == {"t_new"}
    codes = {
        r["code_hash"] for r in await pool.fetch("SELECT code_hash FROM oauth_codes WHERE tenant_id = $1", tenant.id)
    }
    grants = {r["id"] for r in await pool.fetch("SELECT id FROM oauth_grants WHERE tenant_id = $1", tenant.id)}
    assert codes == {"c_new"} and grants == {"grt_live"}


async def test_cleanup_runs_whole(app, tenant, worker) -> None:
    from workers import runtime

    out = await maintenance.cleanup(runtime.get())
    assert set(out) >= {"idempotency_keys", "sessions", "one_time_tokens", "email_messages", "oauth"}


async def test_metrics_show_queue_depth_jobs_and_emails(app, tenant, worker, api) -> None:
    st = state(app)
    async with st.pool.acquire() as conn, conn.transaction():
        outbox_id = await queue_email(conn, st.box, tenant_id=tenant.id, template="welcome", to="metrics@example.com")
    await worker.wait_outbox(tenant.id, outbox_id)
    status, text, _ = await api.call("GET", "/metrics", token=METRICS_TOKEN)
    assert status == 200
    assert "identity_outbox_depth" in text
    assert 'identity_jobs_total{outcome="succeeded",task="process_outbox"}' in text
    assert 'identity_job_duration_seconds_count{task="process_outbox"}' in text
    assert 'identity_emails_total{outcome="stored",provider="service"}' in text
    assert "identity_outbox_first_attempt_lag_seconds_bucket" in text


async def test_operator_lists_stored_emails(app, tenant, worker, database_dsn, tmp_path: Path) -> None:
    """Without IDENTITY_SMTP_URL messages are stored; `identity emails list` shows their links."""
    st = state(app)
    to = f"dev-{uuid.uuid4().hex[:8]}@example.com"
    link = f"https://app.example.com/callback?token=tok{uuid.uuid4().hex}"
    async with st.pool.acquire() as conn, conn.transaction():
        outbox_id = await queue_email(
            conn, st.box, tenant_id=tenant.id, template="magic_link", to=to, variables={"magic_link_url": link}
        )
    await worker.wait_outbox(tenant.id, outbox_id)
    env = {k: v for k, v in os.environ.items() if not k.startswith("IDENTITY_")}
    env.update(
        IDENTITY_DATABASE_URL=database_dsn,
        IDENTITY_SECRET_KEY="test-secret-key",
        IDENTITY_DATA_DIR=str(tmp_path / "data"),
    )
    out = subprocess.run(
        [sys.executable, "-m", "identity.cli", "emails", "list", "--to", to],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert "stored" in out and to in out and link in out and outbox_id in out
    out = subprocess.run(
        [sys.executable, "-m", "identity.cli", "outbox", "list", "--tenant", tenant.id],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert outbox_id in out and "sent" in out and "attempts=1" in out


async def test_expire_oauth_drops_old_machine_grants_and_assertion_ids(app, tenant) -> None:
    pool = state(app).pool
    await pool.execute(
        """INSERT INTO oauth_machine_grants (tenant_id, id, client_id, scopes, scope_key, last_expires_at, revoked_at)
           VALUES ($1, 'mgt_expired', 'cli_x', '{a}', 'a', now() - interval '40 days', NULL),
                  ($1, 'mgt_revoked', 'cli_x', '{b}', 'b', now() + interval '1 hour', now() - interval '40 days'),
                  ($1, 'mgt_live', 'cli_x', '{c}', 'c', now() + interval '1 hour', NULL)""",
        tenant.id,
    )
    await pool.execute(
        """INSERT INTO oauth_client_assertions (tenant_id, client_id, jti, expires_at)
           VALUES ($1, 'cli_x', 'old', now() - interval '2 days'), ($1, 'cli_x', 'new', now() + interval '1 minute')""",
        tenant.id,
    )
    await maintenance.expire_oauth(pool)
    grants = {r["id"] for r in await pool.fetch("SELECT id FROM oauth_machine_grants WHERE tenant_id = $1", tenant.id)}
    jtis = {
        r["jti"] for r in await pool.fetch("SELECT jti FROM oauth_client_assertions WHERE tenant_id = $1", tenant.id)
    }
    assert grants == {"mgt_live"} and jtis == {"new"}


async def test_cleanup_deletes_expired_hosted_flows(app, tenant, worker) -> None:
    from datetime import UTC, datetime, timedelta

    from identity.hosted import store as hosted_store
    from identity.logs import redacted
    from workers import runtime

    st = state(app)
    now = datetime.now(UTC)
    async with st.pool.acquire() as conn:
        await hosted_store.insert_flow(conn, tenant.id, "hfl_old", None, None, "h", now - timedelta(minutes=1))
        await hosted_store.insert_flow(conn, tenant.id, "hfl_live", None, None, "h", now + timedelta(hours=1))
    out = await maintenance.cleanup(runtime.get())
    assert out["hosted_flows"] >= 1
    # Every count shows in the cleanup_done log line: no key is one the logs redact.
    assert [key for key, value in out.items() if redacted(key, value) == "[redacted]"] == []
    left = await st.pool.fetch("SELECT id FROM hosted_flows WHERE tenant_id = $1", tenant.id)
    assert {r["id"] for r in left} == {"hfl_live"}
