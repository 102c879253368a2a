"""Credential resolution and the X-Tenant-ID rules (docs/api-conventions.md, "Credentials")."""

from __future__ import annotations

import asyncio

from identity.state import state
from tests.support.api import MASTER_KEY, Api, assert_error


async def test_missing_malformed_and_unknown_credentials(api: Api, tenant) -> None:
    status, body, _ = await api.call("GET", "/v1/api-keys", tenant=tenant.id)
    assert status == 401 and body["error"]["code"] == "unauthenticated"
    status, body, _ = await api.call("GET", "/v1/api-keys", tenant=tenant.id, headers={"Authorization": "Basic abc"})
    assert status == 401
    status, body, _ = await api.call("GET", "/v1/api-keys", tenant=tenant.id, token="garbage")
    assert status == 401
    status, body, _ = await api.call("GET", "/v1/api-keys", tenant=tenant.id, token="sk_live_" + "x" * 43)
    assert status == 401
    assert_error(body, "unauthenticated", 401)
    status, body, _ = await api.call("GET", "/v1/tenants", token="mk_live_" + "y" * 40)
    assert status == 401


async def test_tenant_header_rules(api: Api, tenant) -> None:
    status, body, _ = await api.call("GET", "/v1/api-keys", token=tenant.sk)
    assert status == 400
    assert_error(body, "tenant_header_required", 400)
    status, body, _ = await api.call("GET", "/v1/api-keys", token=tenant.sk, tenant="tnt_nope")
    assert status == 404
    assert_error(body, "tenant_not_found", 404)


async def test_key_of_another_tenant_is_unauthenticated(api: Api, make_tenant) -> None:
    a, b = await make_tenant(), await make_tenant()
    status, body, _ = await api.call("GET", "/v1/api-keys", token=a.sk, tenant=b.id)
    assert status == 401
    assert_error(body, "unauthenticated")


async def test_wrong_kind_of_credential_is_forbidden(api: Api, tenant) -> None:
    status, body, _ = await api.call("GET", "/v1/api-keys", token=MASTER_KEY, tenant=tenant.id)
    assert status == 403 and body["error"]["code"] == "forbidden"
    status, body, _ = await tenant.public("GET", "/v1/api-keys")
    assert status == 403 and body["error"]["code"] == "forbidden"
    status, body, _ = await api.call("GET", "/v1/tenants", token=tenant.sk)
    assert status == 403 and body["error"]["code"] == "forbidden"


async def test_scopes_are_enforced(api: Api, tenant) -> None:
    status, created, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "ro", "type": "secret", "scopes": ["users:read"]}
    )
    assert status == 201
    status, body, _ = await tenant.secret("GET", "/v1/api-keys", token=created["key"])
    assert status == 403
    assert_error(body, "insufficient_scope", 403)


async def test_last_used_at_is_recorded_without_a_write_per_request(api: Api, tenant, app) -> None:
    status, created, _ = await tenant.secret("POST", "/v1/api-keys", json={"name": "used", "type": "secret"})
    for _ in range(3):
        await tenant.secret("GET", "/v1/api-keys", token=created["key"])
    status, key, _ = await tenant.secret("GET", f"/v1/api-keys/{created['id']}")
    assert key["last_used_at"] is None  # not yet flushed: no write on the request path
    await state(app).last_used.flush(state(app).pool)
    status, key, _ = await tenant.secret("GET", f"/v1/api-keys/{created['id']}")
    assert key["last_used_at"] is not None


async def test_expired_key_is_refused(api: Api, tenant, app) -> None:
    status, created, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "short", "type": "secret", "expires_in": "1h"}
    )
    assert status == 201 and created["expires_at"] is not None
    await state(app).pool.execute(
        "UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE tenant_id = $1 AND id = $2",
        tenant.id,
        created["id"],
    )
    status, body, _ = await tenant.secret("GET", "/v1/api-keys", token=created["key"])
    assert status == 401


async def test_keys_are_stored_only_as_hashes(api: Api, tenant, app) -> None:
    rows = await state(app).pool.fetch("SELECT * FROM api_keys WHERE tenant_id = $1", tenant.id)
    assert rows
    for row in rows:
        for value in dict(row).values():
            assert tenant.sk != value and tenant.pk != value
    assert await asyncio.sleep(0) is None
