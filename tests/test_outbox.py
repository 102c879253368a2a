"""The outbox: transactional enqueue, one worker per row, retries with backoff, recovery."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from identity.email.queue import queue_email
from identity.outbox import store
from identity.state import state
from tests.support.api import METRICS_TOKEN, free_port
from tests.support.workers import TEST_POLICY
from workers.runtime import Policy


@pytest.fixture
def settings(settings, smtp_sink):
    return dataclasses.replace(settings, smtp_url=smtp_sink.url)


def addr() -> str:
    return f"obx-{uuid.uuid4().hex[:10]}@example.com"


async def queue(app: Any, tenant_id: str, to: str, template: str = "welcome") -> str:
    st = state(app)
    async with st.pool.acquire() as conn, conn.transaction():
        return await queue_email(
            conn, st.box, tenant_id=tenant_id, template=template, to=to, variables={"user_name": "Ada"}
        )


async def jobs_for(pool: Any, outbox_id: str, statuses: tuple[str, ...] = ("todo", "doing")) -> int:
    return await pool.fetchval(
        """SELECT count(*) FROM procrastinate_jobs
           WHERE args ->> 'outbox_id' = $1 AND status::text = ANY($2::text[])""",
        outbox_id,
        list(statuses),
    )


async def test_rolled_back_change_never_sends_committed_one_does(app, tenant, worker, smtp_sink) -> None:
    st = state(app)
    lost, kept = addr(), addr()
    with pytest.raises(RuntimeError):
        async with st.pool.acquire() as conn, conn.transaction():
            rolled_back_id = await queue_email(conn, st.box, tenant_id=tenant.id, template="welcome", to=lost)
            raise RuntimeError("the change fails after queueing its email")
    kept_id = await queue(app, tenant.id, kept)
    await smtp_sink.wait_for(kept)
    await worker.wait_outbox(tenant.id, kept_id)
    # Neither the row nor its job exists: there is nothing that could ever send it.
    assert await store.get(st.pool, tenant.id, rolled_back_id) is None
    assert await jobs_for(st.pool, rolled_back_id, ("todo", "doing", "succeeded", "failed")) == 0
    assert smtp_sink.to(lost) == []


async def test_variables_are_encrypted_in_the_outbox_row(app, tenant) -> None:
    st = state(app)
    async with st.pool.acquire() as conn, conn.transaction():
        outbox_id = await queue_email(
            conn,
            st.box,
            tenant_id=tenant.id,
            template="magic_link",
            to=addr(),
            variables={"magic_link_url": "https://x/?token=SECRET1"},
        )
    row = await store.get(st.pool, tenant.id, outbox_id)
    assert "SECRET1" not in str(row["payload"]) and row["status"] == "queued"


async def test_several_workers_handle_each_row_once(app, tenant, worker, smtp_sink) -> None:
    await worker.start()
    await worker.start()  # three workers in all
    st = state(app)
    recipients = [addr() for _ in range(30)]
    ids = [await queue(app, tenant.id, to) for to in recipients]
    # Extra jobs for the same rows, as a sweeper racing a live worker would create.
    async with st.pool.acquire() as conn, conn.transaction():
        await store.defer_jobs(conn, [(tenant.id, i) for i in ids] * 2)
    for outbox_id in ids:
        row = await worker.wait_outbox(tenant.id, outbox_id)
        assert row["attempts"] == 1
    deadline = time.monotonic() + 10
    while any([await jobs_for(st.pool, i) for i in ids]) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert not any([await jobs_for(st.pool, i) for i in ids])
    for to in recipients:
        assert len(smtp_sink.to(to)) == 1, to


async def test_job_queue_connections_make_no_transaction_round_trips(database_dsn: str) -> None:
    # Each procrastinate query is one statement: in autocommit it is sent alone, without the
    # BEGIN before it and the COMMIT after it that psycopg's default adds (workers/app.py).
    from workers import run
    from workers.app import configured

    proc_app = configured(database_dsn)
    await proc_app.open_async()
    try:
        async with proc_app.connector.pool.connection() as conn:
            assert conn.autocommit
    finally:
        await run.close_app(proc_app)


async def test_job_queue_checks_a_lent_connection_only_when_the_server_spoke(database_dsn: str) -> None:
    # workers/app.py check_lent: a live idle connection is lent without psycopg's round trip
    # (its backend's state_change does not move), and one the server closed is replaced.
    import asyncpg

    from workers import run
    from workers.app import configured

    proc_app = configured(database_dsn, max_size=1)
    await proc_app.open_async()
    admin = await asyncpg.connect(database_dsn)
    changed = "SELECT state_change FROM pg_stat_activity WHERE pid = $1"
    try:
        pool = proc_app.connector.pool
        async with pool.connection() as conn:
            pid = conn.info.backend_pid
            await conn.execute("SELECT 1")
        before = await admin.fetchval(changed, pid)
        async with pool.connection() as conn:
            assert conn.info.backend_pid == pid
        assert await admin.fetchval(changed, pid) == before
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
        for _ in range(100):
            if not await admin.fetchval("SELECT count(*) FROM pg_stat_activity WHERE pid = $1", pid):
                break
            await asyncio.sleep(0.02)
        row = await proc_app.connector.execute_query_one_async("SELECT pg_backend_pid() AS pid")
        assert row["pid"] != pid
    finally:
        await admin.close()
        await run.close_app(proc_app)


async def test_worker_stop_survives_a_swallowed_cancellation(monkeypatch) -> None:
    # Seen with a worker stopped just after start: the cancellation was lost on its way through
    # the connection pool and the worker kept polling. stop() cancels again after the grace.
    from workers import run

    monkeypatch.setattr(run, "STOP_MARGIN_SECONDS", 0.05)

    async def deaf_once() -> None:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            pass  # lost, as in the pool
        await asyncio.sleep(3600)

    handle = run.WorkerHandle(deaf_once, None, grace=0, restart_after=0.01, name="deaf")
    await asyncio.sleep(0)
    await asyncio.wait_for(handle.stop(), 5)
    assert handle.task.done() and handle.restarts == 0


async def test_worker_restarts_after_a_lost_database_only() -> None:
    """A worker that stops by itself, or fails on a lost connection (procrastinate wraps
    psycopg's error), is started again; any other failure ends the task, which makes
    `identity serve` exit 1 rather than hide a broken worker behind endless restarts."""
    import psycopg
    from procrastinate.exceptions import ConnectorException

    from workers import run

    calls: list[int] = []

    async def flaky() -> None:
        calls.append(1)
        if len(calls) == 1:
            raise ConnectorException() from psycopg.OperationalError("connection refused")
        if len(calls) == 2:
            return  # stopped by itself
        await asyncio.sleep(3600)

    handle = run.WorkerHandle(flaky, None, grace=0, restart_after=0.01, name="flaky")
    for _ in range(500):
        if len(calls) == 3:
            break
        await asyncio.sleep(0.01)
    assert len(calls) == 3 and handle.restarts == 2 and not handle.task.done()
    await asyncio.wait_for(handle.stop(), 5)
    assert handle.task.done()

    async def broken() -> None:
        raise ConnectorException() from psycopg.errors.UndefinedFunction("procrastinate_fetch_job")

    handle = run.WorkerHandle(broken, None, grace=0, restart_after=0.01, name="broken")
    with pytest.raises(ConnectorException):
        await asyncio.wait_for(handle.task, 5)
    assert handle.restarts == 0


async def test_claim_is_exclusive_and_fenced(app, tenant) -> None:
    st = state(app)
    outbox_id = await queue(app, tenant.id, addr())
    async with st.pool.acquire() as a, st.pool.acquire() as b:
        first, second = await asyncio.gather(
            store.claim(a, tenant.id, outbox_id, 60), store.claim(b, tenant.id, outbox_id, 60)
        )
        assert [first, second].count(None) == 1
        claimed = first or second
        # Held under a lease: another claim gets nothing until the lease expires.
        assert await store.claim(a, tenant.id, outbox_id, 60) is None
        # A finish with a stale attempt number (a worker that lost its lease) changes nothing.
        assert not await store.mark_sent(a, tenant.id, outbox_id, claimed["attempts"] + 1)
        assert await store.mark_sent(a, tenant.id, outbox_id, claimed["attempts"])
    row = await store.get(st.pool, tenant.id, outbox_id)
    assert row["status"] == "sent" and row["attempts"] == 1


async def test_dead_smtp_server_retries_with_backoff_then_fails(app, tenant, worker, settings) -> None:
    dead = f"smtp://127.0.0.1:{free_port()}"  # nothing listens there
    state(app).settings = dataclasses.replace(settings, smtp_url=dead)
    await worker.stop()
    # Second retry far away, so the intermediate state can be read without racing it.
    await worker.start(policy=dataclasses.replace(TEST_POLICY, retry_schedule=(0.05, 3600)))
    outbox_id = await queue(app, tenant.id, addr())
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        row = await store.get(state(app).pool, tenant.id, outbox_id)
        if row["attempts"] == 2 and row["status"] == "queued":
            break
        await asyncio.sleep(0.02)
    assert row["status"] == "queued" and row["attempts"] == 2
    assert "connect" in row["last_error"].lower()
    assert 3500 < (row["next_attempt_at"] - row["updated_at"]).total_seconds() <= 3600
    assert await jobs_for(state(app).pool, outbox_id, ("todo",)) == 1  # scheduled for then
    await worker.stop()

    # With the default short schedule: three attempts, then 'failed' with the last error.
    await worker.start()
    other = await queue(app, tenant.id, addr())
    row = await worker.wait_outbox(tenant.id, other, {"failed"})
    assert row["attempts"] == TEST_POLICY.max_attempts == 3
    assert "connect" in row["last_error"].lower() and row["processed_at"] is not None
    status, text, _ = await tenant.api.call("GET", "/metrics", token=METRICS_TOKEN)
    assert 'identity_outbox_depth{status="failed",topic="email"}' in text
    assert 'identity_emails_total{outcome="failed",provider="service"}' in text


async def test_unknown_topic_is_abandoned(app, tenant, worker) -> None:
    st = state(app)
    async with st.pool.acquire() as conn, conn.transaction():
        outbox_id = await store.enqueue(conn, tenant.id, "carrier_pigeon", {"x": 1})
    row = await worker.wait_outbox(tenant.id, outbox_id, {"abandoned"})
    assert "no handler" in row["last_error"]
    async with st.pool.acquire() as conn:
        assert await store.requeue(conn, tenant.id, outbox_id)  # operator retry
    row = await worker.wait_outbox(tenant.id, outbox_id, {"abandoned"})
    assert row["attempts"] == 1


async def test_sweeper_requeues_rows_whose_job_was_lost(app, tenant, worker, smtp_sink) -> None:
    st = state(app)
    await worker.stop()
    to = addr()
    outbox_id = await queue(app, tenant.id, to)
    # The job vanishes (say, deleted by hand); the row alone must still be delivered.
    await st.pool.execute("DELETE FROM procrastinate_jobs WHERE args ->> 'outbox_id' = $1", outbox_id)
    await worker.start()
    deadline = time.monotonic() + 10
    while not smtp_sink.to(to) and time.monotonic() < deadline:
        await worker.recover()
        await asyncio.sleep(0.1)
    await smtp_sink.wait_for(to)
    await worker.wait_outbox(tenant.id, outbox_id)


async def test_worker_killed_mid_send_loses_nothing(
    app, tenant, worker, smtp_sink, database_dsn, tmp_path: Path
) -> None:
    """A worker process is SIGKILLed while it talks to the SMTP server; the message arrives
    once a new worker runs the recovery."""
    st = state(app)
    await worker.stop()
    smtp_sink.hold()
    env = {k: v for k, v in os.environ.items() if not k.startswith("IDENTITY_")}
    env.update(
        IDENTITY_DATABASE_URL=database_dsn,
        IDENTITY_SECRET_KEY="test-secret-key",
        IDENTITY_DATA_DIR=str(tmp_path / "data"),
        IDENTITY_SMTP_URL=smtp_sink.url,
        IDENTITY_OUTBOX_JOB_TIMEOUT="1s",
        IDENTITY_OUTBOX_LEASE="1s",
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "identity.cli", "worker"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    to = addr()
    try:
        outbox_id = await queue(app, tenant.id, to)
        deadline = time.monotonic() + 30
        row = None
        while time.monotonic() < deadline:
            row = await store.get(st.pool, tenant.id, outbox_id)
            if row["status"] == "processing" and smtp_sink.held():
                break
            assert proc.poll() is None, "the worker exited"
            await asyncio.sleep(0.05)
        assert row["status"] == "processing" and row["attempts"] == 1
        proc.send_signal(signal.SIGKILL)
        await asyncio.to_thread(proc.wait, 10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    smtp_sink.release()
    assert smtp_sink.to(to) == []  # the killed conversation never completed
    await worker.start(policy=Policy(retry_schedule=(0.1,), job_timeout=3, lease=4, stalled_after=0.5, sweep_grace=0.1))
    deadline = time.monotonic() + 20
    while not smtp_sink.to(to) and time.monotonic() < deadline:
        await worker.recover()
        await asyncio.sleep(0.1)
    [msg] = await smtp_sink.wait_for(to)
    row = await worker.wait_outbox(tenant.id, outbox_id)
    assert row["attempts"] == 2
    assert msg["Message-ID"].startswith(f"<{outbox_id}@")  # the same id as the lost attempt
    # The dead worker's procrastinate job did not stay 'doing' forever.
    assert await jobs_for(st.pool, outbox_id, ("doing",)) == 0
