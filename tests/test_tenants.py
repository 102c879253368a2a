"""Tenant management (control plane) at /cp/v1/tenants and /v1/tenants."""

from __future__ import annotations

import uuid

import pytest

from identity.state import state
from tests.support.api import MASTER_KEY, Api, assert_error


@pytest.mark.parametrize("prefix", ["/cp/v1", "/v1"])
async def test_create_returns_keys_that_work(api: Api, prefix: str) -> None:
    status, body, _ = await api.call(
        "POST", f"{prefix}/tenants", json={"name": "Zeta Corp", "plan": "pro"}, token=MASTER_KEY
    )
    assert status == 201
    assert body["id"].startswith("tnt_") and body["status"] == "active" and body["plan"] == "pro"
    assert body["slug"].startswith("zeta-corp")
    assert body["publishable_key"].startswith("pk_live_") and body["secret_key"].startswith("sk_live_")
    assert body["auth_config"]["session_duration"] == "30d"
    assert body["auth_config"]["email_verification_required"] is True
    status, keys, _ = await api.call("GET", "/v1/api-keys", token=body["secret_key"], tenant=body["id"])
    assert status == 200 and {k["type"] for k in keys["data"]} == {"publishable", "secret"}


async def test_slug_generation_and_uniqueness(api: Api) -> None:
    name = f"Same Name {uuid.uuid4().hex[:6]}"
    s1, a, _ = await api.call("POST", "/v1/tenants", json={"name": name}, token=MASTER_KEY)
    s2, b, _ = await api.call("POST", "/v1/tenants", json={"name": name}, token=MASTER_KEY)
    assert s1 == s2 == 201 and a["slug"] != b["slug"] and b["slug"].startswith(a["slug"])
    status, body, _ = await api.call("POST", "/v1/tenants", json={"name": "x", "slug": a["slug"]}, token=MASTER_KEY)
    assert status == 409
    assert_error(body, "slug_already_exists", 409)
    status, body, _ = await api.call("POST", "/v1/tenants", json={"name": "x", "slug": "Not A Slug"}, token=MASTER_KEY)
    assert status == 422 and body["error"]["details"][0]["field"] == "slug"


async def test_get_by_id_and_slug(api: Api, tenant) -> None:
    for path in (
        f"/v1/tenants/{tenant.id}",
        f"/v1/tenants/{tenant.slug}",
        f"/v1/tenants/slug/{tenant.slug}",
        f"/cp/v1/tenants/{tenant.id}",
    ):
        status, body, _ = await api.call("GET", path, token=MASTER_KEY)
        assert status == 200 and body["id"] == tenant.id, path
        assert "secret_key" not in body
    status, body, _ = await api.call("GET", "/v1/tenants/tnt_missing", token=MASTER_KEY)
    assert status == 404
    assert_error(body, "tenant_not_found", 404)
    status, body, _ = await api.call("GET", "/v1/tenants/slug/no-such-slug-here", token=MASTER_KEY)
    assert status == 404


async def test_patch_merges_auth_config_and_replaces_metadata(api: Api, make_tenant) -> None:
    t = await make_tenant(public_metadata={"a": 1, "b": 2}, auth_config={"mfa_required": True})
    status, body, _ = await api.call(
        "PATCH",
        f"/v1/tenants/{t.id}",
        token=MASTER_KEY,
        json={"name": "Renamed", "auth_config": {"password_min_length": 12}, "public_metadata": {"c": 3}},
    )
    assert status == 200
    assert body["name"] == "Renamed"
    assert body["auth_config"]["mfa_required"] is True  # kept: merged
    assert body["auth_config"]["password_min_length"] == 12
    assert body["public_metadata"] == {"c": 3}  # replaced whole


@pytest.mark.parametrize(
    "bad",
    [
        {"auth_config": {"session_duration": "forever"}},
        {"auth_config": {"password_min_length": 3}},
        {"auth_config": {"access_token_ttl": "30d"}},
        {"auth_config": {"allowed_origins": ["ftp://x"]}},
        {"auth_config": {"no_such_key": True}},
        {"plan": "platinum"},
        {"status": "deleted"},
        {"public_metadata": [1]},
    ],
)
async def test_patch_rejects_bad_values_and_changes_nothing(api: Api, tenant, bad) -> None:
    status, before, _ = await api.call("GET", f"/v1/tenants/{tenant.id}", token=MASTER_KEY)
    status, body, _ = await api.call("PATCH", f"/v1/tenants/{tenant.id}", token=MASTER_KEY, json=bad)
    assert status == 422, body
    assert_error(body, "validation_error", 422)
    status, after, _ = await api.call("GET", f"/v1/tenants/{tenant.id}", token=MASTER_KEY)
    assert after == before


async def test_suspend_and_restore(api: Api, tenant) -> None:
    status, body, _ = await api.call(
        "POST", f"/v1/tenants/{tenant.id}/suspend", token=MASTER_KEY, json={"reason": "unpaid"}
    )
    assert status == 200 and body["status"] == "suspended"
    status, body, _ = await api.call("POST", f"/v1/tenants/{tenant.id}/suspend", token=MASTER_KEY)
    assert status == 200 and body["status"] == "suspended"
    status, body, _ = await api.call("POST", f"/v1/tenants/{tenant.id}/restore", token=MASTER_KEY)
    assert status == 200 and body["status"] == "active"


async def test_list_filters_and_pagination(api: Api, make_tenant) -> None:
    tag = uuid.uuid4().hex[:8]
    made = [await make_tenant(name=f"list-{tag}-{i}", plan="starter") for i in range(5)]
    await api.call("POST", f"/v1/tenants/{made[0].id}/suspend", token=MASTER_KEY)
    status, body, _ = await api.call("GET", f"/v1/tenants?q=list-{tag}&limit=2", token=MASTER_KEY)
    assert status == 200 and body["pagination"]["total"] == 5
    seen = [t["id"] for t in body["data"]]
    cursor = body["pagination"]["next_cursor"]
    # An item added between pages must not shift what the cursor continues from.
    await make_tenant(name=f"list-{tag}-late")
    while cursor:
        status, body, _ = await api.call("GET", f"/v1/tenants?q=list-{tag}&limit=2&cursor={cursor}", token=MASTER_KEY)
        seen += [t["id"] for t in body["data"]]
        cursor = body["pagination"]["next_cursor"]
    assert seen == [t.id for t in reversed(made)]  # newest first, no repeat, no skip
    status, body, _ = await api.call("GET", f"/v1/tenants?q=list-{tag}&status=suspended", token=MASTER_KEY)
    assert [t["id"] for t in body["data"]] == [made[0].id]
    status, body, _ = await api.call("GET", f"/v1/tenants?q=list-{tag}&order=asc&plan=starter", token=MASTER_KEY)
    assert [t["id"] for t in body["data"]] == [t.id for t in made]
    for bad in ("limit=0", "limit=101", "status=gone", "cursor=%%%", "order=up"):
        status, body, _ = await api.call("GET", f"/v1/tenants?{bad}", token=MASTER_KEY)
        assert status == 422, bad


async def test_delete_requires_confirm_and_removes_everything(api: Api, tenant, app) -> None:
    status, body, _ = await api.call("DELETE", f"/v1/tenants/{tenant.id}", token=MASTER_KEY)
    assert status == 422 and body["error"]["details"][0]["field"] == "confirm"
    status, body, _ = await api.call("DELETE", f"/v1/tenants/{tenant.id}?confirm=wrong", token=MASTER_KEY)
    assert status == 422
    status, _, _ = await api.call("DELETE", f"/v1/tenants/{tenant.id}?confirm={tenant.slug}", token=MASTER_KEY)
    assert status == 204
    status, body, _ = await api.call("GET", f"/v1/tenants/{tenant.id}", token=MASTER_KEY)
    assert status == 404
    status, body, _ = await tenant.secret("GET", "/v1/api-keys")
    assert status == 404 and body["error"]["code"] == "tenant_not_found"
    pool = state(app).pool
    for table in ("api_keys", "audit_log", "outbox", "events"):
        count = await pool.fetchval(f"SELECT count(*) FROM {table} WHERE tenant_id = $1", tenant.id)
        assert count == 0, table


async def test_stats_count_what_the_tenant_has(api: Api, make_tenant, app) -> None:
    from tests.support.api import STRONG_PASSWORD

    t = await make_tenant(auth_config={"email_verification_required": False})
    for i in range(3):
        status, _, _ = await t.public(
            "POST", "/v1/auth/sign-up", json={"email": f"stats{i}@example.com", "password": STRONG_PASSWORD}
        )
        assert status == 201
    await t.secret("POST", "/v1/organizations", json={"name": "Org"})
    await state(app).pool.execute(
        "UPDATE users SET mfa_enabled = true WHERE tenant_id = $1 AND email = 'stats0@example.com'", t.id
    )
    status, body, _ = await api.call("GET", f"/v1/tenants/{t.id}/stats", token=MASTER_KEY)
    assert status == 200 and body["tenant_id"] == t.id
    assert body["users"] == {"total": 3, "active_last_30d": 3, "new_last_30d": 3}  # sign-up signs in
    assert body["sessions"] == {"active": 3, "created_last_30d": 3}
    assert body["organizations"] == {"total": 1}
    assert body["mfa"] == {"enrolled_users": 1, "enrollment_rate": round(1 / 3, 4)}


async def test_tenant_changes_are_audited(api: Api, tenant, app) -> None:
    await api.call("PATCH", f"/v1/tenants/{tenant.id}", token=MASTER_KEY, json={"plan": "pro"})
    rows = await state(app).pool.fetch(
        "SELECT action, actor FROM audit_log WHERE tenant_id = $1 ORDER BY id", tenant.id
    )
    actions = [r["action"] for r in rows]
    assert actions[0] == "tenant.created" and "tenant.updated" in actions
    assert rows[-1]["actor"]["type"] == "master_key"


async def test_the_slug_slug_is_reserved(api: Api, make_tenant) -> None:
    """/v1/tenants/slug/:slug is the by-slug lookup: a tenant called "slug" would make
    /v1/tenants/slug/stats ambiguous."""
    named = await make_tenant(name="Slug")
    assert named.slug == "slug-tenant"
    status, body, _ = await api.call("POST", "/v1/tenants", json={"name": "X", "slug": "slug"}, token=MASTER_KEY)
    assert_error(body, "validation_error", 422)
    status, body, _ = await api.call("PATCH", f"/v1/tenants/{named.id}", json={"slug": "slug"}, token=MASTER_KEY)
    assert_error(body, "validation_error", 422)
    status, found, _ = await api.call("GET", f"/v1/tenants/slug/{named.slug}", token=MASTER_KEY)
    assert status == 200 and found["id"] == named.id
