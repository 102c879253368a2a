"""GET /v1/auth/me is cached per process and invalidated by the database's own notifications
(identity/sessions/me_cache.py, sql/015_user_notify.sql, identity/db/listener.py).

Where a test changes users behind the service's back (as another process or an operator would),
it waits with `delivered` until the app's listener has handled every notification committed so
far, then checks the very next request; `delivered` also makes "was NOT invalidated" meaningful.
"""

from __future__ import annotations

import asyncio
from typing import Any

from identity.app import create_app
from identity.sessions.me_cache import CHANNEL
from identity.sessions.runtime import runtime
from identity.state import state
from identity.users import store as users_store
from tests.support import cache as cache_support
from tests.support.api import Api, TenantHandle


async def delivered(app: Any) -> None:
    await cache_support.delivered(app, CHANNEL)


def cached(app: Any, tenant_id: str, user_id: str) -> dict[str, Any] | None:
    return runtime(app).users.get(tenant_id, user_id)


async def me(api: Api, tenant: TenantHandle, token: str) -> tuple[int, Any]:
    status, body, _ = await api.call("GET", "/v1/auth/me", token=token, tenant=tenant.id)
    return status, body


async def signed_up(app: Any, api: Api, tenant: TenantHandle, sign_up: Any) -> tuple[str, str]:
    """A user whose /me is cached: (user id, access token)."""
    created = await sign_up()
    user_id, token = created["user"]["id"], created["session"]["access_token"]
    await delivered(app)  # the sign-up's own writes notify; let them pass before caching
    status, body = await me(api, tenant, token)
    assert status == 200, body
    assert (cached(app, tenant.id, user_id) or {}).get("id") == user_id
    return user_id, token


async def test_warm_me_runs_no_query(aiohttp_client, settings, database_dsn, sign_up) -> None:
    """Every statement on the app's pool is logged: the first /me reads the user, the next do not."""
    async with cache_support.logged_tenant(aiohttp_client, settings, database_dsn, "warm me") as (
        app,
        tenant,
        statements,
    ):
        user_id, token = await signed_up(app, tenant.api, tenant, lambda: sign_up(on=tenant))
        await asyncio.sleep(0)  # query loggers run soon after their statement
        statements.clear()
        for _ in range(3):
            status, body = await me(tenant.api, tenant, token)
            assert status == 200 and body["id"] == user_id
        await asyncio.sleep(0)
        assert not [s for s in statements if "FROM users" in s], statements


async def test_a_change_through_the_api_shows_on_the_next_request(api: Api, app, tenant, sign_up) -> None:
    user_id, token = await signed_up(app, api, tenant, sign_up)
    status, _, _ = await tenant.secret(
        "PATCH", f"/v1/users/{user_id}", json={"name": "New Name", "public_metadata": {"plan": "pro"}}
    )
    assert status == 200
    status, body = await me(api, tenant, token)  # no waiting: the writing process forgot it
    assert status == 200
    assert body["name"] == "New Name" and body["public_metadata"] == {"plan": "pro"}


async def test_a_read_during_a_change_is_not_served_once_it_committed(api: Api, app, tenant, sign_up) -> None:
    """A /me read while the change is uncommitted sees the old row, and nothing has notified yet,
    so the old object is kept. Once the change commits, the writing process's next /me must show
    it even though the notification has not arrived (held until the end of the test)."""
    user_id, token = await signed_up(app, api, tenant, sign_up)
    async with cache_support.notifications_held(app):
        listener = state(app).listener
        async with state(app).pool.acquire() as conn, conn.transaction():
            await users_store.update(conn, tenant.id, user_id, {"name": "Committed Name"})
            status, body = await me(api, tenant, token)
            assert status == 200 and body["name"] != "Committed Name"
            assert cached(app, tenant.id, user_id) is not None  # the old object, kept
            before_commit = listener.version
        # Nor would a read still in flight keep what it read (only the release moved the version).
        assert not listener.can_cache(before_commit)
        status, body = await me(api, tenant, token)
        assert status == 200 and body["name"] == "Committed Name"


async def test_a_change_made_in_sql_reaches_the_cache(api: Api, app, tenant, sign_up) -> None:
    user_id, token = await signed_up(app, api, tenant, sign_up)
    await state(app).pool.execute(
        "UPDATE users SET name = 'From SQL', email_verified = true, updated_at = now() "
        "WHERE tenant_id = $1 AND id = $2",
        tenant.id,
        user_id,
    )
    await delivered(app)
    assert cached(app, tenant.id, user_id) is None
    status, body = await me(api, tenant, token)
    assert body["name"] == "From SQL" and body["email_verified"] is True


async def test_changes_me_does_not_show_keep_the_entry(api: Api, app, tenant, sign_up) -> None:
    user_id, token = await signed_up(app, api, tenant, sign_up)
    await state(app).pool.execute(
        "UPDATE users SET failed_sign_ins = failed_sign_ins + 1 WHERE tenant_id = $1 AND id = $2", tenant.id, user_id
    )
    await delivered(app)
    assert cached(app, tenant.id, user_id) is not None


async def test_a_bulk_change_empties_the_cache(api: Api, app, tenant, sign_up) -> None:
    user_id, token = await signed_up(app, api, tenant, sign_up)
    pool = state(app).pool
    await pool.execute(  # more than 100 users in one statement: one "*" notification
        """INSERT INTO users (tenant_id, id, email)
           SELECT $1, 'usr_bulk' || i, 'bulk' || i || '@example.com' FROM generate_series(1, 150) i""",
        tenant.id,
    )
    await delivered(app)
    status, _ = await me(api, tenant, token)
    assert cached(app, tenant.id, user_id) is not None
    await pool.execute("UPDATE users SET name = 'Bulk', updated_at = now() WHERE tenant_id = $1", tenant.id)
    await delivered(app)
    assert len(runtime(app).users) == 0
    status, body = await me(api, tenant, token)
    assert body["name"] == "Bulk"


async def test_a_deleted_user_is_dropped(api: Api, app, tenant, sign_up) -> None:
    user_id, token = await signed_up(app, api, tenant, sign_up)
    # Behind the service's back (so the session cache still lets the token through for a moment).
    await state(app).pool.execute("DELETE FROM users WHERE tenant_id = $1 AND id = $2", tenant.id, user_id)
    await delivered(app)
    assert cached(app, tenant.id, user_id) is None


async def test_another_app_on_the_same_database_sees_a_change(
    api: Api, app, tenant, sign_up, aiohttp_client, settings, database_dsn
) -> None:
    user_id, token = await signed_up(app, api, tenant, sign_up)
    other_app = create_app(settings, dsn=database_dsn)
    other = Api(await aiohttp_client(other_app))
    other_tenant = TenantHandle(other, tenant.created)
    await delivered(other_app)
    status, body = await me(other, other_tenant, token)
    assert status == 200 and (cached(other_app, tenant.id, user_id) or {}).get("id") == user_id
    # Changed through the first app's database connection, by SQL: only the notification can
    # tell the other app.
    await state(app).pool.execute(
        "UPDATE users SET name = 'Seen Elsewhere', updated_at = now() WHERE tenant_id = $1 AND id = $2",
        tenant.id,
        user_id,
    )
    await delivered(other_app)
    status, body = await me(other, other_tenant, token)
    assert body["name"] == "Seen Elsewhere"


async def test_nothing_is_cached_while_the_listener_is_down(api: Api, app, tenant, sign_up) -> None:
    user_id, token = await signed_up(app, api, tenant, sign_up)
    listener = state(app).listener
    await listener.stop()
    assert cached(app, tenant.id, user_id) is None  # emptied when listening stopped
    status, _ = await me(api, tenant, token)
    assert status == 200 and cached(app, tenant.id, user_id) is None
    await state(app).pool.execute(  # no notification can arrive now
        "UPDATE users SET name = 'While Down', updated_at = now() WHERE tenant_id = $1 AND id = $2", tenant.id, user_id
    )
    status, body = await me(api, tenant, token)
    assert body["name"] == "While Down"


async def test_a_user_is_cached_under_its_own_tenant_only(api: Api, app, tenant, make_tenant, sign_up) -> None:
    user_id, token = await signed_up(app, api, tenant, sign_up)
    other = await make_tenant()
    assert cached(app, other.id, user_id) is None
    status, _ = await me(api, other, token)  # the token names its tenant: refused elsewhere
    assert status == 401
