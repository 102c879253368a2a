"""The test client and what every test starts from: the control-plane credentials the test
settings hold, a tenant made through the API (TenantHandle), and the error-shape assertion."""

from __future__ import annotations

import socket
import uuid
from typing import Any

MASTER_KEY = "mk_live_" + "t" * 40
CP_ADMIN_KEY = "sk_cp_" + "c" * 40
ADMIN_TOKEN = "admin-token-for-tests-" + "a" * 20
METRICS_TOKEN = "metrics-token-for-tests-" + "m" * 20

#: The password every test user signs up with (strong enough for every tenant's policy).
STRONG_PASSWORD = "correct horse battery staple 42"


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


def assert_error(body: Any, code: str, status: int | None = None) -> None:
    assert isinstance(body, dict) and "error" in body, body
    assert body["error"]["code"] == code, body
    assert body["error"]["request_id"].startswith("req_"), body
    if status is not None:
        assert body["error"]["status"] == status


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
