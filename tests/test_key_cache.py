"""API-key lookups are cached per process and invalidated by the database's own notifications
(identity/http/key_cache.py, identity/db/listener.py, sql/013_credential_notify.sql).

Notifications are asynchronous. Where a test changes the database behind the service's back (as
another process or an operator would), it waits with `delivered` until the app's listener has
handled every notification committed so far, then checks the very next request. `delivered` is
also what makes "was NOT invalidated" meaningful: without it, a notification still on its way
would look like no notification.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import pytest

from identity.app import create_app
from identity.crypto import sha256_hex
from identity.db import listener as listener_module
from identity.http.key_cache import CHANNEL, KeyEntry
from identity.sessions.runtime import runtime
from identity.state import state
from tests.support import cache as cache_support
from tests.support.api import STRONG_PASSWORD, Api, TenantHandle, assert_error


async def delivered(app: Any) -> None:
    await cache_support.delivered(app, CHANNEL)


def cached(app: Any, tenant_id: str, key: str) -> KeyEntry | None:
    return state(app).key_cache.get(tenant_id, sha256_hex(key))


async def new_key(tenant: TenantHandle, **body: Any) -> dict[str, Any]:
    body = {"name": f"k-{uuid.uuid4().hex[:6]}", "type": "secret", **body}
    status, created, _ = await tenant.secret("POST", "/v1/api-keys", json=body)
    assert status == 201, created
    return created


async def warm(app: Any, tenant: TenantHandle, key: str) -> None:
    """One request with the key, after which its lookup is cached."""
    await delivered(app)  # the key's creation notifies; let that pass before caching
    status, body, _ = await tenant.secret("GET", "/v1/api-keys", token=key)
    assert status == 200, body
    assert cached(app, tenant.id, key) is not None


async def test_warm_requests_run_no_key_lookup(aiohttp_client, settings, database_dsn) -> None:
    """Every statement on the app's pool is logged (asyncpg's query logger): the first request
    looks the key up, the next ones do not."""
    async with cache_support.logged_tenant(aiohttp_client, settings, database_dsn, "warm") as (app, tenant, statements):
        await delivered(app)

        def lookups() -> int:
            return sum("LEFT JOIN api_keys k" in q for q in statements)

        before = lookups()
        status, _, _ = await tenant.secret("GET", "/v1/api-keys")
        assert status == 200
        await asyncio.sleep(0)  # query loggers are called soon after the statement
        assert lookups() == before + 1
        for _ in range(3):
            status, _, _ = await tenant.secret("GET", "/v1/api-keys")
            assert status == 200
        status, _, _ = await tenant.public(
            "POST", "/v1/auth/sign-in", json={"email": "nobody@example.com", "password": STRONG_PASSWORD}
        )
        assert status == 401  # the publishable key was looked up once...
        status, _, _ = await tenant.public(
            "POST", "/v1/auth/sign-in", json={"email": "nobody@example.com", "password": STRONG_PASSWORD}
        )
        await asyncio.sleep(0)
        assert lookups() == before + 2  # ...and then answered from memory too


async def test_revocation_through_the_api_is_refused_on_the_next_request(api: Api, app, tenant) -> None:
    key = await new_key(tenant)
    await warm(app, tenant, key["key"])
    status, _, _ = await tenant.secret("DELETE", f"/v1/api-keys/{key['id']}")
    assert status == 204
    status, body, _ = await tenant.secret("GET", "/v1/api-keys", token=key["key"])
    assert status == 401
    assert_error(body, "unauthenticated", 401)


async def test_scope_change_through_the_api_applies_on_the_next_request(api: Api, app, tenant) -> None:
    key = await new_key(tenant, scopes=["users:read"])
    await delivered(app)
    status, _, _ = await tenant.secret("GET", "/v1/users", token=key["key"])
    assert status == 200
    assert cached(app, tenant.id, key["key"]).scopes == frozenset({"users:read"})
    status, _, _ = await tenant.secret("PATCH", f"/v1/api-keys/{key['id']}", json={"scopes": ["sessions:read"]})
    assert status == 200
    status, body, _ = await tenant.secret("GET", "/v1/users", token=key["key"])
    assert status == 403
    assert_error(body, "insufficient_scope", 403)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ("UPDATE api_keys SET revoked_at = now() WHERE tenant_id = $1 AND id = $2", 401),
        ("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE tenant_id = $1 AND id = $2", 401),
        ("DELETE FROM api_keys WHERE tenant_id = $1 AND id = $2", 401),
        ("UPDATE api_keys SET scopes = '{users:read}' WHERE tenant_id = $1 AND id = $2", 403),
    ],
)
async def test_a_change_made_in_sql_reaches_the_cache(api: Api, app, tenant, change: str, expected: int) -> None:
    key = await new_key(tenant)
    await warm(app, tenant, key["key"])
    await state(app).pool.execute(change, tenant.id, key["id"])  # no service code involved
    await delivered(app)
    assert cached(app, tenant.id, key["key"]) is None
    status, _, _ = await tenant.secret("GET", "/v1/api-keys", token=key["key"])
    assert status == expected


async def test_rotation_grace_ends_without_any_notification(api: Api, app, tenant) -> None:
    key = await new_key(tenant)
    await warm(app, tenant, key["key"])
    status, rotated, _ = await tenant.secret(
        "POST", "/v1/api-keys/rotate", json={"id": key["id"], "grace_period": "1h"}
    )
    assert status == 200
    status, _, _ = await tenant.secret("GET", "/v1/api-keys", token=key["key"])
    assert status == 200  # still inside the grace period
    # An operator shortens the grace to one second; the cache learns the new deadline.
    await state(app).pool.execute(
        "UPDATE api_keys SET revoked_at = now() + interval '1 second' WHERE tenant_id = $1 AND id = $2",
        tenant.id,
        key["id"],
    )
    await delivered(app)
    status, _, _ = await tenant.secret("GET", "/v1/api-keys", token=key["key"])
    assert status == 200
    entry = cached(app, tenant.id, key["key"])
    assert entry is not None and entry.revoked_at is not None
    assert entry.revoked_at - time.time() <= 1.0  # the new deadline, not the rotation's
    await asyncio.sleep(max(0.0, entry.revoked_at - time.time()) + 0.05)  # the deadline passes
    await delivered(app)
    assert cached(app, tenant.id, key["key"]) is entry  # nothing told the cache
    status, _, _ = await tenant.secret("GET", "/v1/api-keys", token=key["key"])
    assert status == 401  # decided at use time from revoked_at
    status, _, _ = await tenant.secret("GET", "/v1/api-keys", token=rotated["key"])
    assert status == 200


def test_a_key_is_dead_from_its_expiry_or_revocation_instant() -> None:
    from identity.principals import Tenant

    tenant = Tenant("tnt_x", "active", "free", {})
    now = 1_000_000.0
    assert not KeyEntry(tenant, "key_1", "secret", frozenset({"*"}), None, None).dead(now)
    assert not KeyEntry(tenant, "key_1", "secret", frozenset({"*"}), now + 1, now + 1).dead(now)
    assert KeyEntry(tenant, "key_1", "secret", frozenset({"*"}), None, now).dead(now)
    assert KeyEntry(tenant, "key_1", "secret", frozenset({"*"}), now, None).dead(now)


async def test_a_tenant_suspended_in_sql_is_seen_at_once(api: Api, app, make_tenant, sign_up) -> None:
    tenant = await make_tenant(auth_config={"email_verification_required": False})
    user = await sign_up(on=tenant)
    await delivered(app)
    status, _, _ = await tenant.secret("GET", "/v1/api-keys")
    assert status == 200 and cached(app, tenant.id, tenant.sk).tenant.status == "active"
    sign_in = {"email": user["user"]["email"], "password": STRONG_PASSWORD}
    status, _, _ = await tenant.public("POST", "/v1/auth/sign-in", json=sign_in)
    assert status == 200 and cached(app, tenant.id, tenant.pk) is not None
    # The sign-in's own notification (identity_users) may still be on its way: one arriving while
    # /me reads the tenant would keep that read out of the cache, as any notification does.
    await delivered(app)
    status, _, _ = await api.call("GET", "/v1/auth/me", token=user["session"]["access_token"], tenant=tenant.id)
    assert status == 200 and tenant.id in runtime(app).tenants._entries  # the access-token path's cache

    await state(app).pool.execute("UPDATE tenants SET status = 'suspended' WHERE id = $1", tenant.id)
    await delivered(app)
    assert cached(app, tenant.id, tenant.sk) is None and cached(app, tenant.id, tenant.pk) is None
    assert tenant.id not in runtime(app).tenants._entries
    status, body, _ = await tenant.public("POST", "/v1/auth/sign-in", json=sign_in)
    assert status == 403
    assert_error(body, "tenant_suspended", 403)
    # Secret keys keep working on a suspended tenant (only sign-ins stop); they see the status.
    status, _, _ = await tenant.secret("GET", "/v1/api-keys")
    assert status == 200 and cached(app, tenant.id, tenant.sk).tenant.status == "suspended"
    tenant_row = await runtime(app).tenants.get(state(app).pool, tenant.id)
    assert tenant_row.status == "suspended"


async def test_an_auth_config_change_in_sql_is_seen_at_once(api: Api, app, tenant) -> None:
    await delivered(app)
    body = {"email": f"u-{uuid.uuid4().hex[:8]}@example.com", "password": STRONG_PASSWORD}
    status, _, _ = await tenant.public("POST", "/v1/auth/sign-up", json=body)
    assert status == 201 and cached(app, tenant.id, tenant.pk) is not None
    await state(app).pool.execute(
        """UPDATE tenants SET auth_config = auth_config || '{"sign_up_enabled": false}' WHERE id = $1""",
        tenant.id,
    )
    await delivered(app)
    body = {"email": f"u-{uuid.uuid4().hex[:8]}@example.com", "password": STRONG_PASSWORD}
    status, answer, _ = await tenant.public("POST", "/v1/auth/sign-up", json=body)
    assert status == 403, answer


async def test_another_app_on_the_same_database_sees_a_revocation(
    aiohttp_client, api: Api, app, tenant, settings, database_dsn
) -> None:
    other = create_app(settings, dsn=database_dsn)  # another process, in effect
    other_api = Api(await aiohttp_client(other))
    via_other = TenantHandle(other_api, tenant.created)
    revoked_by_api = await new_key(tenant)
    revoked_by_sql = await new_key(tenant)
    await delivered(other)
    for key in (revoked_by_api, revoked_by_sql):
        status, _, _ = await via_other.secret("GET", "/v1/api-keys", token=key["key"])
        assert status == 200 and cached(other, tenant.id, key["key"]) is not None

    status, _, _ = await tenant.secret("DELETE", f"/v1/api-keys/{revoked_by_api['id']}")
    assert status == 204
    await delivered(other)
    status, _, _ = await via_other.secret("GET", "/v1/api-keys", token=revoked_by_api["key"])
    assert status == 401

    status, _, _ = await via_other.secret("GET", "/v1/api-keys", token=revoked_by_sql["key"])
    assert status == 200 and cached(other, tenant.id, revoked_by_sql["key"]) is not None
    await state(app).pool.execute(  # the first app's connection: only NOTIFY can tell the other
        "UPDATE api_keys SET revoked_at = now() WHERE tenant_id = $1 AND id = $2", tenant.id, revoked_by_sql["id"]
    )
    await delivered(other)
    assert cached(other, tenant.id, revoked_by_sql["key"]) is None
    status, _, _ = await via_other.secret("GET", "/v1/api-keys", token=revoked_by_sql["key"])
    assert status == 401


async def test_nothing_is_cached_while_the_listener_is_down(api: Api, app, tenant) -> None:
    key = await new_key(tenant)
    await warm(app, tenant, key["key"])
    listener = state(app).listener
    await listener.stop()
    assert not listener.listening
    assert cached(app, tenant.id, key["key"]) is None  # emptied when listening stopped
    status, _, _ = await tenant.secret("GET", "/v1/api-keys", token=key["key"])
    assert status == 200
    assert cached(app, tenant.id, key["key"]) is None and len(state(app).key_cache) == 0
    await state(app).pool.execute(  # no notification can arrive now
        "UPDATE api_keys SET revoked_at = now() WHERE tenant_id = $1 AND id = $2", tenant.id, key["id"]
    )
    status, _, _ = await tenant.secret("GET", "/v1/api-keys", token=key["key"])
    assert status == 401


async def test_a_lost_listen_connection_empties_the_caches_and_reconnects(api: Api, app, tenant, monkeypatch) -> None:
    monkeypatch.setattr(listener_module, "RECONNECT_SECONDS", 0.05)
    key = await new_key(tenant)
    await warm(app, tenant, key["key"])
    listener = state(app).listener
    pid = listener._conn.get_server_pid()
    assert await state(app).pool.fetchval("SELECT pg_terminate_backend($1)", pid)
    for _ in range(250):
        if not listener.listening:
            break
        await asyncio.sleep(0.02)
    assert cached(app, tenant.id, key["key"]) is None
    for _ in range(250):
        if listener.listening:
            break
        await asyncio.sleep(0.02)
    assert listener.listening and listener._conn.get_server_pid() != pid
    await warm(app, tenant, key["key"])  # caching again, and notified again:
    await state(app).pool.execute(
        "UPDATE api_keys SET revoked_at = now() WHERE tenant_id = $1 AND id = $2", tenant.id, key["id"]
    )
    await delivered(app)
    status, _, _ = await tenant.secret("GET", "/v1/api-keys", token=key["key"])
    assert status == 401


async def test_last_used_flush_and_renames_do_not_invalidate(api: Api, app, tenant) -> None:
    key = await new_key(tenant)
    await warm(app, tenant, key["key"])
    entry = cached(app, tenant.id, key["key"])
    await state(app).last_used.flush(state(app).pool)
    assert (
        await state(app).pool.fetchval(
            "SELECT last_used_at FROM api_keys WHERE tenant_id = $1 AND id = $2", tenant.id, key["id"]
        )
        is not None
    )  # the flush did write
    await state(app).pool.execute(
        "UPDATE api_keys SET name = 'renamed' WHERE tenant_id = $1 AND id = $2", tenant.id, key["id"]
    )
    await delivered(app)
    assert cached(app, tenant.id, key["key"]) is entry


async def test_unknown_keys_and_tenants_are_not_cached(api: Api, app, tenant) -> None:
    await warm(app, tenant, tenant.sk)
    size = len(state(app).key_cache)
    for _ in range(5):
        status, _, _ = await tenant.secret("GET", "/v1/api-keys", token="sk_live_" + uuid.uuid4().hex)
        assert status == 401
    status, body, _ = await api.call("GET", "/v1/api-keys", token=tenant.sk, tenant="tnt_nosuchtenant")
    assert status == 404
    assert_error(body, "tenant_not_found", 404)
    assert len(state(app).key_cache) == size


async def test_a_key_is_cached_under_its_own_tenant_only(api: Api, app, make_tenant) -> None:
    a, b = await make_tenant(), await make_tenant()
    await warm(app, a, a.sk)
    status, body, _ = await api.call("GET", "/v1/api-keys", token=a.sk, tenant=b.id)
    assert status == 401  # another tenant's key, even when warm
    assert cached(app, b.id, a.sk) is None


async def test_a_star_notification_empties_the_cache(api: Api, app, tenant) -> None:
    await warm(app, tenant, tenant.sk)
    await state(app).pool.execute("SELECT pg_notify($1, '*')", CHANNEL)
    await delivered(app)
    assert len(state(app).key_cache) == 0
