"""Webhooks, version 2 administration (/v2/admin/webhooks, admin token): caller-supplied
secret, one tenant or every tenant, X-Service-Signature, data.user, deliveries and replay."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import AsyncIterator

import asyncpg
import pytest
import standardwebhooks

from identity.state import state
from tests.support.api import ADMIN_TOKEN, assert_error
from tests.support.webhook_receiver import json_of, receiver  # noqa: F401 (fixtures)

SECRET = "caller-supplied-secret-0123456789"


@pytest.fixture(autouse=True)
async def drop_admin_webhooks(database_dsn: str) -> AsyncIterator[None]:
    """A webhook for every tenant would receive the events of later tests sharing the database.
    Delete the ones this test made (their deliveries cascade) once it ends; this fixture is set
    up before the worker, so it runs after the worker has stopped."""
    conn = await asyncpg.connect(database_dsn)
    try:
        existing = [r["id"] for r in await conn.fetch("SELECT id FROM admin_webhooks")]
        yield
        await conn.execute("DELETE FROM admin_webhooks WHERE NOT (id = ANY($1::text[]))", existing)
    finally:
        await conn.close()


async def admin(api, method: str, path: str, **kwargs):
    return await api.call(method, path, token=ADMIN_TOKEN, **kwargs)


async def create(api, url: str, events=None, tenant_id=None, secret=SECRET) -> dict:
    status, body, _ = await admin(
        api,
        "POST",
        "/v2/admin/webhooks",
        json={"url": url, "events": events or ["*"], "secret": secret, "tenant_id": tenant_id},
    )
    assert status == 201, body
    return body


async def wait_admin_delivery(app, webhook_id: str, statuses: set[str], count: int = 1, timeout: float = 10.0):
    import asyncio
    import time

    deadline = time.monotonic() + timeout
    rows = []
    while time.monotonic() < deadline:
        rows = await state(app).pool.fetch(
            "SELECT * FROM webhook_deliveries WHERE admin_webhook_id = $1 ORDER BY id", webhook_id
        )
        done = [r for r in rows if r["status"] in statuses]
        if len(done) >= count:
            return done
        await asyncio.sleep(0.03)
    raise AssertionError(f"never reached {statuses}: {[dict(r) for r in rows]}")


async def test_all_tenants_webhook_signed_with_v2_header_and_user_nesting(
    api, app, make_tenant, worker, receiver, sign_up
):
    hook = await create(api, receiver.url, ["user.created"])
    assert hook["id"].startswith("wh_") and hook["tenant_id"] is None
    assert set(hook) >= {"id", "url", "events", "created_at"} and "secret" not in hook
    one, two = await make_tenant(), await make_tenant()
    u1 = await sign_up(on=one, email="one@example.com")
    u2 = await sign_up(on=two, email="two@example.com")
    hits = await receiver.wait_for(2)
    by_tenant = {json_of(h)["tenant_id"]: h for h in hits}
    assert set(by_tenant) == {one.id, two.id}
    for tenant, user in ((one, u1), (two, u2)):
        hit = by_tenant[tenant.id]
        payload = json_of(hit)
        assert payload["type"] == "user.created" and payload["id"].startswith("evt_")
        assert payload["data"]["user"]["id"] == user["user"]["id"]
        assert payload["data"]["user"]["email"] == user["user"]["email"]
        assert payload["data"]["user"]["roles"] == ["member"]
        expected = "sha256=" + hmac.new(SECRET.encode(), hit.body, hashlib.sha256).hexdigest()
        assert hmac.compare_digest(hit.headers["x-service-signature"], expected)
        assert "service-signature" not in hit.headers
        assert hit.headers["webhook-id"] == payload["id"]
        # A secret without the whsec_ prefix keys the Standard signature with its UTF-8 bytes.
        assert standardwebhooks.Webhook(SECRET.encode()).verify(hit.body, hit.headers)
    # The secret is sealed at rest.
    sealed = await state(app).pool.fetchval("SELECT secret FROM admin_webhooks WHERE id = $1", hook["id"])
    assert SECRET not in sealed


async def test_a_deleted_user_is_nested_with_its_role(api, make_tenant, worker, receiver, sign_up):
    """user.deleted comes after the row is gone: its role travels in the event itself."""
    t = await make_tenant()
    user = (await sign_up(on=t))["user"]
    await t.secret("PATCH", f"/v1/users/{user['id']}", json={"role": "admin"})
    await create(api, receiver.url, ["user.deleted"], tenant_id=t.id)
    status, _, _ = await t.secret("DELETE", f"/v1/users/{user['id']}")
    assert status == 204
    [hit] = await receiver.wait_for(1)
    payload = json_of(hit)
    assert payload["type"] == "user.deleted"
    nested = payload["data"]["user"]
    assert (nested["id"], nested["email"], nested["roles"]) == (user["id"], user["email"], ["admin"])


async def test_tenant_scoped_webhook_only_gets_its_tenant(api, make_tenant, worker, receiver, sign_up):
    one, two = await make_tenant(), await make_tenant()
    hook = await create(api, receiver.url, ["user.created"], tenant_id=one.id)
    assert hook["tenant_id"] == one.id
    await sign_up(on=two)
    await sign_up(on=one)
    await receiver.wait_for(1)
    import asyncio

    await asyncio.sleep(0.3)
    assert [json_of(h)["tenant_id"] for h in receiver.requests] == [one.id]
    status, listed, _ = await admin(api, "GET", f"/v2/admin/webhooks?tenant_id={one.id}")
    assert status == 200 and [w["id"] for w in listed["data"]] == [hook["id"]]


async def test_deliveries_status_filter_replay_pause_delete(api, app, make_tenant, worker, receiver, sign_up):
    tenant = await make_tenant()
    receiver.default = 500
    hook = await create(api, receiver.url, ["session.created"], tenant_id=tenant.id)
    await sign_up(on=tenant)
    [row] = await wait_admin_delivery(app, hook["id"], {"failed"}, timeout=15)
    assert row["attempts"] == 6
    status, failed, _ = await admin(api, "GET", f"/v2/admin/webhooks/{hook['id']}/deliveries?status=failed")
    assert status == 200 and [d["id"] for d in failed["data"]] == [row["id"]]
    assert failed["data"][0]["tenant_id"] == tenant.id
    assert failed["data"][0]["event"] == "session.created"
    status, delivered, _ = await admin(api, "GET", f"/v2/admin/webhooks/{hook['id']}/deliveries?status=delivered")
    assert delivered["data"] == []

    receiver.default = 200
    status, body, _ = await admin(api, "POST", f"/v2/admin/webhooks/{hook['id']}/deliveries/{row['id']}/replay")
    assert status == 202 and body["status"] == "pending"
    [row] = await wait_admin_delivery(app, hook["id"], {"delivered"})
    assert row["attempts"] == 7

    # Pause: nothing new is delivered while active is false.
    status, patched, _ = await admin(
        api, "PATCH", f"/v2/admin/webhooks/{hook['id']}", json={"active": False, "events": ["*"]}
    )
    assert status == 200 and patched["active"] is False and patched["status"] == "disabled"
    assert patched["events"] == ["*"]
    seen = len(receiver.requests)
    await sign_up(on=tenant)
    import asyncio

    await asyncio.sleep(0.5)
    assert len(receiver.requests) == seen
    status, got, _ = await admin(api, "GET", f"/v2/admin/webhooks/{hook['id']}")
    assert status == 200 and got["last_triggered_at"] is not None

    status, body, _ = await admin(api, "DELETE", f"/v2/admin/webhooks/{hook['id']}")
    assert status == 200 and body == {"id": hook["id"], "deleted": True}
    status, body, _ = await admin(api, "GET", f"/v2/admin/webhooks/{hook['id']}")
    assert status == 404
    assert_error(body, "webhook_not_found")


async def test_v2_bad_input_and_credentials(api, tenant):
    hook = await create(api, "https://hooks.example.com/x")
    wid = hook["id"]
    cases = [
        (
            "POST",
            "/v2/admin/webhooks",
            {"json": {"url": "https://a.example.com", "events": ["*"]}},
            422,
            "validation_error",
        ),
        (
            "POST",
            "/v2/admin/webhooks",
            {"json": {"url": "https://a.example.com", "events": ["*"], "secret": "short"}},
            422,
            "validation_error",
        ),
        (
            "POST",
            "/v2/admin/webhooks",
            {"json": {"url": "https://a.example.com", "events": ["x"], "secret": SECRET}},
            422,
            "validation_error",
        ),
        (
            "POST",
            "/v2/admin/webhooks",
            {"json": {"url": "https://a.example.com", "events": ["*"], "secret": SECRET, "tenant_id": "tnt_nope"}},
            404,
            "tenant_not_found",
        ),
        ("POST", "/v2/admin/webhooks", {"json": []}, 400, "invalid_json"),
        ("PATCH", f"/v2/admin/webhooks/{wid}", {"json": {"active": "no"}}, 422, "validation_error"),
        ("PATCH", "/v2/admin/webhooks/wh_nope", {"json": {"active": False}}, 404, "webhook_not_found"),
        ("DELETE", "/v2/admin/webhooks/wh_nope", {}, 404, "webhook_not_found"),
        ("GET", f"/v2/admin/webhooks/{wid}/deliveries?status=maybe", {}, 422, "validation_error"),
        ("GET", "/v2/admin/webhooks/wh_nope/deliveries", {}, 404, "webhook_not_found"),
        ("POST", f"/v2/admin/webhooks/{wid}/deliveries/del_nope/replay", {}, 404, "delivery_not_found"),
        ("POST", "/v2/admin/webhooks/wh_nope/deliveries/del_nope/replay", {}, 404, "webhook_not_found"),
    ]
    for method, path, kwargs, status, code in cases:
        got, body, _ = await admin(api, method, path, **kwargs)
        assert got == status, (method, path, body)
        assert_error(body, code, status)
    got, body, _ = await api.call("GET", "/v2/admin/webhooks")
    assert got == 401
    got, body, _ = await api.call("GET", "/v2/admin/webhooks", token="wrong-admin-token")
    assert got == 401 and body["error"]["code"] == "unauthenticated"
    got, body, _ = await api.call("GET", "/v2/admin/webhooks", token=tenant.sk)
    assert got == 403 and body["error"]["code"] == "forbidden"
    # A v1 caller never sees v2 webhooks, nor retries their deliveries.
    got, body, _ = await tenant.secret("GET", f"/v1/webhooks/{wid}")
    assert got == 404
    # The database is shared by the session: a global webhook left behind would queue
    # deliveries to an unresolvable host for every later test's events.
    assert (await admin(api, "DELETE", f"/v2/admin/webhooks/{wid}"))[0] == 200


async def test_v2_list_pagination(api):
    """Admin webhooks are global: other tests' rows may be listed too; walk every page."""
    ids = [(await create(api, f"https://p{i}.example.com/x"))["id"] for i in range(3)]
    for order in ("desc", "asc"):
        got: list[str] = []
        cursor = None
        while True:
            path = f"/v2/admin/webhooks?limit=2&order={order}" + (f"&cursor={cursor}" if cursor else "")
            status, page, _ = await admin(api, "GET", path)
            assert status == 200 and len(page["data"]) <= 2
            got += [w["id"] for w in page["data"]]
            cursor = page["pagination"]["next_cursor"]
            if not cursor:
                break
        assert len(got) == len(set(got)) == page["pagination"]["total"]
        assert set(ids) <= set(got) and got == sorted(got, reverse=order == "desc")
    for wid in ids:  # global webhooks: see test_v2_bad_input_and_credentials
        assert (await admin(api, "DELETE", f"/v2/admin/webhooks/{wid}"))[0] == 200


@pytest.mark.parametrize("token", ["ops.admin.2024", "sk_live_" + "o" * 24, "mk_live_" + "o" * 32])
async def test_the_admin_token_may_have_any_shape(settings, database_dsn, aiohttp_client, token):
    """IDENTITY_ADMIN_TOKEN is any bearer token (docs/configuration.md): one shaped like a JWT or a key
    still opens /v2/admin, and opens nothing else."""
    import dataclasses

    from identity.app import create_app
    from tests.support.api import Api

    api = Api(await aiohttp_client(create_app(dataclasses.replace(settings, admin_token=token), dsn=database_dsn)))
    status, body, _ = await api.call("GET", "/v2/admin/webhooks", token=token)
    assert status == 200, body
    status, body, _ = await api.call("GET", "/v2/admin/webhooks", token=token[:-1] + "x")
    assert status in (401, 403), body
    status, body, _ = await api.call("GET", "/v1/tenants", token=token)
    assert status in (401, 403), body
