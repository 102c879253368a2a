"""Idempotency-Key on mutating POSTs."""

from __future__ import annotations

import asyncio

from identity.state import state
from tests.conftest import MASTER_KEY, assert_error


async def _count_keys(app, tenant_id: str) -> int:
    return await state(app).pool.fetchval("SELECT count(*) FROM api_keys WHERE tenant_id = $1", tenant_id)


async def test_same_key_and_body_replays_without_repeating(tenant, app) -> None:
    before = await _count_keys(app, tenant.id)
    headers = {"Idempotency-Key": "create-1"}
    body = {"name": "once", "type": "secret"}
    s1, r1, _ = await tenant.secret("POST", "/v1/api-keys", json=body, headers=headers)
    s2, r2, resp = await tenant.secret("POST", "/v1/api-keys", json=body, headers=headers)
    assert s1 == s2 == 201 and r1 == r2
    assert resp.headers["Idempotent-Replayed"] == "true"
    assert await _count_keys(app, tenant.id) == before + 1


async def test_different_body_is_a_mismatch(tenant, app) -> None:
    headers = {"Idempotency-Key": "create-2"}
    await tenant.secret("POST", "/v1/api-keys", json={"name": "a", "type": "secret"}, headers=headers)
    before = await _count_keys(app, tenant.id)
    status, body, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "b", "type": "secret"}, headers=headers
    )
    assert status == 422
    assert_error(body, "idempotency_key_mismatch", 422)
    assert await _count_keys(app, tenant.id) == before


async def test_concurrent_requests_with_one_key_run_once(tenant, app) -> None:
    before = await _count_keys(app, tenant.id)
    headers = {"Idempotency-Key": "race"}
    body = {"name": "race", "type": "secret"}
    results = await asyncio.gather(*[
        tenant.secret("POST", "/v1/api-keys", json=body, headers=headers) for _ in range(8)
    ])
    assert {r[0] for r in results} == {201}
    assert len({r[1]["id"] for r in results}) == 1
    assert await _count_keys(app, tenant.id) == before + 1


async def test_keys_are_scoped_per_credential_and_tenant(api, make_tenant) -> None:
    a, b = await make_tenant(), await make_tenant()
    headers = {"Idempotency-Key": "shared"}
    body = {"name": "k", "type": "secret"}
    _, ka, _ = await a.secret("POST", "/v1/api-keys", json=body, headers=headers)
    _, kb, _ = await b.secret("POST", "/v1/api-keys", json=body, headers=headers)
    assert ka["id"] != kb["id"]


async def test_failed_request_does_not_store_a_response(tenant) -> None:
    headers = {"Idempotency-Key": "fails-first"}
    status, _, _ = await tenant.secret("POST", "/v1/api-keys", json={"name": "x", "type": "bad"}, headers=headers)
    assert status == 422
    status, _, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "x", "type": "secret"}, headers=headers
    )
    assert status == 201


async def test_control_plane_idempotency(api) -> None:
    headers = {"Idempotency-Key": "tenant-create-xyz"}
    body = {"name": "Idem tenant"}
    s1, t1, _ = await api.call("POST", "/v1/tenants", json=body, token=MASTER_KEY, headers=headers)
    s2, t2, _ = await api.call("POST", "/v1/tenants", json=body, token=MASTER_KEY, headers=headers)
    assert s1 == s2 == 201 and t1["id"] == t2["id"]


async def test_overlong_key_is_refused(tenant) -> None:
    status, body, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "x", "type": "secret"},
        headers={"Idempotency-Key": "k" * 300},
    )
    assert status == 422
