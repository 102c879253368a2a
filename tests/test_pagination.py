"""Cursors are opaque: one that this service did not issue is a 422, on every list."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import AsyncIterator

import pytest

from tests.support.api import ADMIN_TOKEN, MASTER_KEY, assert_error


def _forged(values: list) -> str:
    return base64.urlsafe_b64encode(json.dumps(values).encode()).decode().rstrip("=")


# Well-formed base64 of a JSON list, but not what any list issues: a number, null, a NUL and a
# lone surrogate, which Postgres would refuse as text (a 500 before), and lists of other sizes.
FORGED = [
    _forged([1]),
    _forged([None]),
    _forged(["a\u0000"]),
    _forged(["\ud800"]),
    _forged([["x"]]),
    _forged([1, 2, 3, 4]),
    _forged(["created_at", "desc", 5, "usr_x"]),
    base64.urlsafe_b64encode(b"[" * 1000).decode(),  # json's recursion limit
    "W" * 5000,
]


# The object each list's path parameter names, by the path's collection.
_OWNER = {
    "/v1/webhooks/": "webhook",
    "/v2/admin/webhooks/": "v2_webhook",
    "/v1/organizations/": "org",
    "/v1/clients/": "client",
    "/v1/users/": "user",
}


@pytest.fixture
async def made(tenant, sign_up, api) -> AsyncIterator[dict[str, str]]:
    signed = await sign_up()
    status, org, _ = await tenant.secret("POST", "/v1/organizations", json={"name": "Cursor org"})
    assert status == 201, org
    # The database is shared by the whole session: these endpoints must not collect deliveries
    # that later tests' workers would try to send (a kind nothing here emits, one tenant only).
    status, hook, _ = await tenant.secret(
        "POST", "/v1/webhooks", json={"url": "https://hooks.example.com/in", "events": ["oauth.disconnected"]}
    )
    assert status == 201, hook
    status, client, _ = await tenant.secret(
        "POST", "/v1/clients", json={"name": "Cron", "type": "machine", "redirect_uris": []}
    )
    assert status == 201, client
    status, v2, _ = await api.call(
        "POST",
        "/v2/admin/webhooks",
        token=ADMIN_TOKEN,
        json={
            "url": "https://hooks.example.com/v2",
            "events": ["oauth.disconnected"],
            "secret": "s" * 32,
            "tenant_id": tenant.id,
        },
    )
    assert status == 201, v2
    yield {
        "user": signed["user"]["id"],
        "org": org["id"],
        "webhook": hook["id"],
        "client": client["id"],
        "v2_webhook": v2["id"],
        "access": signed["session"]["access_token"],
    }
    await api.call("DELETE", f"/v2/admin/webhooks/{v2['id']}", token=ADMIN_TOKEN)


async def test_a_forged_cursor_is_a_422_on_every_list(api, tenant, made) -> None:
    _, spec, _ = await api.call("GET", "/openapi.json")
    paged = [
        (path, op)
        for path, item in spec["paths"].items()
        for method, op in item.items()
        if method == "get" and any(p["name"] == "cursor" for p in op.get("parameters", []))
    ]
    lists = [(path, next(iter(op["security"][0]))) for path, op in paged]
    lists.append(("/v1/tenants", "masterKey"))  # the control plane's second path
    assert len(lists) >= 18, lists
    # Every list takes order=asc (docs/api-conventions.md: newest first unless order=asc).
    unordered = [path for path, op in paged if not any(p["name"] == "order" for p in op["parameters"])]
    assert unordered == [], unordered
    tokens = {
        "masterKey": (MASTER_KEY, None),
        "adminToken": (ADMIN_TOKEN, None),
        "secretKey": (tenant.sk, tenant.id),
        "accessToken": (made["access"], tenant.id),
    }
    for path, credential in lists:
        owner = next((made[o] for prefix, o in _OWNER.items() if path.startswith(prefix)), None)
        concrete = re.sub(r"\{\w+\}", owner or "", path)
        token, tenant_id = tokens[credential]
        for cursor in FORGED:
            status, body, _ = await api.call("GET", f"{concrete}?cursor={cursor}", token=token, tenant=tenant_id)
            assert status == 422, (path, cursor, status, body)
            assert_error(body, "validation_error", 422)
        # And the lists themselves answer with these credentials and objects.
        status, body, _ = await api.call("GET", concrete, token=token, tenant=tenant_id)
        assert status == 200, (path, status, body)
