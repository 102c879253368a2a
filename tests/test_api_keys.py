"""API keys: create, list, get, patch, revoke, rotate."""

from __future__ import annotations

import pytest

from tests.support.api import assert_error


async def test_create_shows_the_key_once(tenant) -> None:
    status, created, _ = await tenant.secret(
        "POST",
        "/v1/api-keys",
        json={"name": "backend", "type": "secret", "scopes": ["users:read", "users:write"]},
    )
    assert status == 201
    assert created["key"].startswith("sk_live_") and len(created["key"]) >= 40
    assert created["prefix"] == created["key"][:12] and created["last_four"] == created["key"][-4:]
    assert created["scopes"] == ["users:read", "users:write"] and created["expires_at"] is None
    status, got, _ = await tenant.secret("GET", f"/v1/api-keys/{created['id']}")
    assert status == 200 and "key" not in got and got["revoked"] is False
    status, pub, _ = await tenant.secret("POST", "/v1/api-keys", json={"name": "web", "type": "publishable"})
    assert status == 201 and pub["key"].startswith("pk_live_")


@pytest.mark.parametrize(
    "bad",
    [
        {"name": "", "type": "secret"},
        {"name": "x", "type": "other"},
        {"name": "x", "type": "secret", "scopes": ["users:destroy"]},
        {"name": "x", "type": "secret", "scopes": []},
        {"name": "x", "type": "secret", "scopes": ["*", "users:read"]},
        {"name": "x", "type": "publishable", "scopes": ["users:read"]},
        {"name": "x", "type": "secret", "expires_in": "soon"},
        {"name": "x", "type": "secret", "expires_in": "20000d"},
    ],
)
async def test_create_rejects_bad_input(tenant, bad) -> None:
    status, before, _ = await tenant.secret("GET", "/v1/api-keys")
    status, body, _ = await tenant.secret("POST", "/v1/api-keys", json=bad)
    assert status == 422, body
    status, after, _ = await tenant.secret("GET", "/v1/api-keys")
    assert after["pagination"]["total"] == before["pagination"]["total"]


async def test_list_filters_and_pagination(tenant) -> None:
    ids = []
    for i in range(4):
        _, k, _ = await tenant.secret("POST", "/v1/api-keys", json={"name": f"k{i}", "type": "secret"})
        ids.append(k["id"])
    await tenant.secret("DELETE", f"/v1/api-keys/{ids[0]}")
    status, body, _ = await tenant.secret("GET", "/v1/api-keys?type=secret&limit=2")
    assert status == 200 and body["pagination"]["total"] == 4  # 3 new live + default secret
    assert body["pagination"]["has_more"] is True
    status, page2, _ = await tenant.secret(
        "GET", f"/v1/api-keys?type=secret&limit=2&cursor={body['pagination']['next_cursor']}"
    )
    listed = [k["id"] for k in body["data"] + page2["data"]]
    assert len(listed) == len(set(listed)) == 4 and ids[0] not in listed
    status, body, _ = await tenant.secret("GET", "/v1/api-keys?revoked=true&type=secret")
    assert ids[0] in [k["id"] for k in body["data"]]
    status, body, _ = await tenant.secret("GET", "/v1/api-keys?type=publishable")
    assert {k["type"] for k in body["data"]} == {"publishable"}


async def test_patch_name_and_scopes(tenant) -> None:
    _, k, _ = await tenant.secret("POST", "/v1/api-keys", json={"name": "a", "type": "secret"})
    status, body, _ = await tenant.secret(
        "PATCH", f"/v1/api-keys/{k['id']}", json={"name": "b", "scopes": ["sessions:read"]}
    )
    assert status == 200 and body["name"] == "b" and body["scopes"] == ["sessions:read"]
    status, body, _ = await tenant.secret("GET", "/v1/api-keys", token=k["key"])
    assert status == 403  # the narrowed key lost '*'
    status, body, _ = await tenant.secret("PATCH", f"/v1/api-keys/{k['id']}", json={"scopes": ["bad"]})
    assert status == 422
    status, body, _ = await tenant.secret("PATCH", "/v1/api-keys/key_missing", json={"name": "x"})
    assert status == 404
    assert_error(body, "api_key_not_found", 404)


async def test_delete_revokes_immediately(tenant) -> None:
    _, k, _ = await tenant.secret("POST", "/v1/api-keys", json={"name": "a", "type": "secret"})
    status, _, _ = await tenant.secret("GET", "/v1/api-keys", token=k["key"])
    assert status == 200
    status, _, _ = await tenant.secret("DELETE", f"/v1/api-keys/{k['id']}")
    assert status == 204
    status, body, _ = await tenant.secret("GET", "/v1/api-keys", token=k["key"])
    assert status == 401
    status, _, _ = await tenant.secret("DELETE", f"/v1/api-keys/{k['id']}")
    assert status == 204  # idempotent
    status, body, _ = await tenant.secret("DELETE", "/v1/api-keys/key_missing")
    assert status == 404


async def test_rotate_with_grace_period(tenant) -> None:
    _, old, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "svc", "type": "secret", "scopes": ["users:read"]}
    )
    status, rotated, _ = await tenant.secret(
        "POST", "/v1/api-keys/rotate", json={"id": old["id"], "grace_period": "1h"}
    )
    assert status == 200 and rotated["old_key_id"] == old["id"] and rotated["key"] != old["key"]
    status, new, _ = await tenant.secret("GET", f"/v1/api-keys/{rotated['id']}")
    assert new["scopes"] == ["users:read"] and new["name"] == "svc"
    status, got, _ = await tenant.secret("GET", f"/v1/api-keys/{old['id']}")
    assert got["revoked"] is False and got["revokes_at"] is not None
    # With no grace the old key stops at once.
    status, again, _ = await tenant.secret(
        "POST", "/v1/api-keys/rotate", json={"id": rotated["id"], "grace_period": "0s"}
    )
    assert status == 200
    status, got, _ = await tenant.secret("GET", f"/v1/api-keys/{rotated['id']}")
    assert got["revoked"] is True
    status, body, _ = await tenant.secret("POST", "/v1/api-keys/rotate", json={"id": rotated["id"]})
    assert status == 409 and body["error"]["code"] == "api_key_revoked"
    for bad in ({"id": old["id"], "grace_period": "later"}, {"id": old["id"], "grace_period": "90d"}, {}):
        status, body, _ = await tenant.secret("POST", "/v1/api-keys/rotate", json=bad)
        assert status == 422, bad
    status, body, _ = await tenant.secret("POST", "/v1/api-keys/rotate", json={"id": "key_nope"})
    assert status == 404


async def test_rotated_key_authenticates_within_grace(tenant) -> None:
    _, old, _ = await tenant.secret("POST", "/v1/api-keys", json={"name": "svc", "type": "secret"})
    _, rotated, _ = await tenant.secret("POST", "/v1/api-keys/rotate", json={"id": old["id"]})
    for key in (old["key"], rotated["key"]):
        status, _, _ = await tenant.secret("GET", "/v1/api-keys", token=key)
        assert status == 200
