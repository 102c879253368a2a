"""Idempotency-Key on mutating POSTs."""

from __future__ import annotations

import asyncio

from identity.state import state
from tests.support.api import MASTER_KEY, assert_error


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
    status, body, _ = await tenant.secret("POST", "/v1/api-keys", json={"name": "b", "type": "secret"}, headers=headers)
    assert status == 422
    assert_error(body, "idempotency_key_mismatch", 422)
    assert await _count_keys(app, tenant.id) == before


async def test_concurrent_requests_with_one_key_run_once(tenant, app) -> None:
    before = await _count_keys(app, tenant.id)
    headers = {"Idempotency-Key": "race"}
    body = {"name": "race", "type": "secret"}
    results = await asyncio.gather(
        *[tenant.secret("POST", "/v1/api-keys", json=body, headers=headers) for _ in range(8)]
    )
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
    status, _, _ = await tenant.secret("POST", "/v1/api-keys", json={"name": "x", "type": "secret"}, headers=headers)
    assert status == 201


async def test_control_plane_idempotency(api) -> None:
    headers = {"Idempotency-Key": "tenant-create-xyz"}
    body = {"name": "Idem tenant"}
    s1, t1, _ = await api.call("POST", "/v1/tenants", json=body, token=MASTER_KEY, headers=headers)
    s2, t2, _ = await api.call("POST", "/v1/tenants", json=body, token=MASTER_KEY, headers=headers)
    assert s1 == s2 == 201 and t1["id"] == t2["id"]


async def test_overlong_key_is_refused(tenant) -> None:
    status, body, _ = await tenant.secret(
        "POST",
        "/v1/api-keys",
        json={"name": "x", "type": "secret"},
        headers={"Idempotency-Key": "k" * 300},
    )
    assert status == 422


async def test_the_table_holds_neither_the_key_nor_the_answer_nor_a_bare_hash(tenant, app) -> None:
    """What a database dump shows of an idempotent request: nothing readable without the
    Idempotency-Key, which is not stored."""
    import hashlib
    import json

    headers = {"Idempotency-Key": "sealed-create-1"}
    body = {"name": "sealed", "type": "secret"}
    status, created, _ = await tenant.secret("POST", "/v1/api-keys", json=body, headers=headers)
    assert status == 201
    rows = await state(app).pool.fetch(
        "SELECT key, request_hash, response_body FROM idempotency_keys WHERE tenant_id = $1", tenant.id
    )
    assert len(rows) == 1
    row = rows[0]
    assert "sealed-create-1" not in row["key"]
    stored = bytes(row["response_body"])
    assert created["key"].encode() not in stored and created["id"].encode() not in stored
    # Not the bare SHA-256 of the request the service used to store (a body with a password
    # could be guessed from it), and not the key itself.
    raw = json.dumps(body).encode()
    bare = hashlib.sha256()
    for part in (b"POST", b"/v1/api-keys", raw):
        bare.update(len(part).to_bytes(8, "big"))
        bare.update(part)
    assert row["request_hash"] != bare.hexdigest() and len(row["request_hash"]) == 64
    # The answer comes back whole to the holder of the key.
    status, again, resp = await tenant.secret("POST", "/v1/api-keys", json=body, headers=headers)
    assert status == 201 and again == created and resp.headers["Idempotent-Replayed"] == "true"


async def test_answers_that_hold_a_secret_are_replayed_not_made_twice(tenant, app, sign_up) -> None:
    """Rotating a client secret or generating backup codes twice by a retry would throw away
    the first answer's secret; with one Idempotency-Key the retry gets the same one."""
    status, client, _ = await tenant.secret(
        "POST",
        "/v1/clients",
        json={"name": "Web", "type": "web", "redirect_uris": ["https://app.example.com/cb"]},
        headers={"Idempotency-Key": "client-1"},
    )
    assert status == 201
    again = await tenant.secret(
        "POST",
        "/v1/clients",
        json={"name": "Web", "type": "web", "redirect_uris": ["https://app.example.com/cb"]},
        headers={"Idempotency-Key": "client-1"},
    )
    assert again[0] == 201 and again[1] == client
    path = f"/v1/clients/{client['id']}/rotate-secret"
    first = await tenant.secret("POST", path, headers={"Idempotency-Key": "rotate-1"})
    second = await tenant.secret("POST", path, headers={"Idempotency-Key": "rotate-1"})
    assert first[0] == second[0] == 200 and first[1] == second[1]
    assert second[2].headers["Idempotent-Replayed"] == "true"
    rotations = await state(app).pool.fetchval(
        "SELECT count(*) FROM audit_log WHERE tenant_id = $1 AND action = 'client.secret_rotated'", tenant.id
    )
    assert rotations == 1

    user = (await sign_up())["user"]
    path = f"/v1/users/{user['id']}/mfa/backup-codes/generate"
    first = await tenant.secret("POST", path, headers={"Idempotency-Key": "codes-1"})
    second = await tenant.secret("POST", path, headers={"Idempotency-Key": "codes-1"})
    assert first[0] == second[0] == 200 and first[1] == second[1]
    third = await tenant.secret("POST", path, headers={"Idempotency-Key": "codes-2"})
    assert third[0] == 200 and third[1] != first[1]


async def test_an_idempotency_key_that_cannot_be_stored_is_a_422(tenant) -> None:
    """A key whose bytes are not UTF-8 reaches the handler with surrogates; it is refused, not a
    500. A key in other scripts is fine."""
    client = tenant.api.client
    body = b'{"name":"x","type":"secret"}'
    reader, writer = await asyncio.open_connection(client.host, client.port)
    writer.write(
        b"POST /v1/api-keys HTTP/1.1\r\nHost: t\r\nConnection: close\r\n"
        + f"Authorization: Bearer {tenant.sk}\r\nX-Tenant-ID: {tenant.id}\r\n".encode()
        + b"Content-Type: application/json\r\nIdempotency-Key: bad\xffkey\r\n"
        + f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    answer = await reader.read()
    writer.close()
    assert answer.startswith(b"HTTP/1.1 422 "), answer[:200]
    assert b'"validation_error"' in answer
    status, _, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "x", "type": "secret"}, headers={"Idempotency-Key": "clé-\u00e9té-1"}
    )
    assert status == 201
