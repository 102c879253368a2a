"""The /v1/sessions endpoints, session records, revocation and its cache."""

from __future__ import annotations

import asyncio

import jwt

from identity.sessions import service as sessions_service
from identity.sessions.cache import SessionCache, SessionState
from identity.sessions.runtime import runtime
from identity.state import state
from tests.support import cache as cache_support
from tests.support.api import Api, assert_error


async def _me(api: Api, tenant, token: str) -> int:
    return (await api.call("GET", "/v1/auth/me", token=token, tenant=tenant.id))[0]


async def test_list_filter_and_paginate(api: Api, tenant, sign_up) -> None:
    a = await sign_up()
    b = await sign_up()
    c = await sign_up()
    status, body, _ = await tenant.secret("GET", "/v1/sessions")
    assert status == 200
    assert [s["id"] for s in body["data"]] == [c["session"]["id"], b["session"]["id"], a["session"]["id"]]
    assert body["pagination"] == {"total": 3, "limit": 20, "has_more": False, "next_cursor": None}
    record = body["data"][0]
    assert set(record) >= {
        "id",
        "user_id",
        "tenant_id",
        "status",
        "user_agent",
        "ip_address",
        "country",
        "device_type",
        "created_at",
        "last_active_at",
        "expires_at",
    }
    status, page1, _ = await tenant.secret("GET", "/v1/sessions?limit=2")
    assert len(page1["data"]) == 2 and page1["pagination"]["has_more"] is True
    status, page2, _ = await tenant.secret("GET", f"/v1/sessions?limit=2&cursor={page1['pagination']['next_cursor']}")
    assert [s["id"] for s in page2["data"]] == [a["session"]["id"]]
    status, mine, _ = await tenant.secret("GET", f"/v1/sessions?user_id={b['user']['id']}")
    assert [s["id"] for s in mine["data"]] == [b["session"]["id"]]
    await tenant.secret("DELETE", f"/v1/sessions/{a['session']['id']}")
    status, revoked, _ = await tenant.secret("GET", "/v1/sessions?status=revoked")
    assert [s["id"] for s in revoked["data"]] == [a["session"]["id"]]
    assert revoked["data"][0]["status"] == "revoked" and revoked["data"][0]["revoked_at"]
    status, active, _ = await tenant.secret("GET", "/v1/sessions?status=active&order=asc")
    assert [s["id"] for s in active["data"]] == [b["session"]["id"], c["session"]["id"]]
    status, expired, _ = await tenant.secret("GET", "/v1/sessions?status=expired")
    assert expired["data"] == []
    for bad in ("status=gone", "limit=0", "limit=101", "cursor=%%%"):
        status, body, _ = await tenant.secret("GET", f"/v1/sessions?{bad}")
        assert status == 422, bad
        assert_error(body, "validation_error")


async def test_get_and_tenant_isolation(api: Api, tenant, make_tenant, sign_up) -> None:
    a = await sign_up()
    status, body, _ = await tenant.secret("GET", f"/v1/sessions/{a['session']['id']}")
    assert status == 200 and body["user_id"] == a["user"]["id"] and body["tenant_id"] == tenant.id
    other = await make_tenant()
    for method in ("GET", "DELETE"):
        status, body, _ = await other.secret(method, f"/v1/sessions/{a['session']['id']}")
        assert status == 404
        assert_error(body, "session_not_found", 404)
    status, body, _ = await other.secret("GET", "/v1/sessions")
    assert body["data"] == []
    status, body, _ = await other.secret("DELETE", "/v1/sessions")
    assert body == {"revoked": 0}
    assert await _me(api, tenant, a["session"]["access_token"]) == 200


async def test_delete_revokes_tokens_at_once_and_is_audited(api: Api, app, tenant, sign_up) -> None:
    a = await sign_up()
    token = a["session"]["access_token"]
    assert await _me(api, tenant, token) == 200  # warm the caches
    status, body, _ = await tenant.secret("DELETE", f"/v1/sessions/{a['session']['id']}")
    assert status == 204
    assert await _me(api, tenant, token) == 401
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": a["session"]["refresh_token"]}
    )
    assert status == 401
    status, _, _ = await tenant.secret("DELETE", f"/v1/sessions/{a['session']['id']}")
    assert status == 204  # idempotent
    rows = await state(app).pool.fetch(
        "SELECT action, resource_id, actor FROM audit_log WHERE tenant_id = $1 AND action LIKE 'session.%'", tenant.id
    )
    assert [(r["action"], r["resource_id"]) for r in rows] == [("session.revoked", a["session"]["id"])]
    assert rows[0]["actor"]["type"] == "api_key"
    events = await state(app).pool.fetch(
        "SELECT data FROM events WHERE tenant_id = $1 AND type = 'session.revoked'", tenant.id
    )
    assert len(events) == 1 and events[0]["data"]["id"] == a["session"]["id"]


async def test_a_read_during_a_revocation_is_not_served_once_it_committed(api: Api, app, tenant, sign_up) -> None:
    """A request that reads the session while its revocation is uncommitted sees it alive, and
    nothing has notified yet, so that is kept. Once the revocation commits, the revoking process
    must refuse the token even though the notification has not arrived (held until the end)."""
    a = await sign_up()
    token, sid = a["session"]["access_token"], a["session"]["id"]
    cache = runtime(app).sessions
    async with cache_support.notifications_held(app):
        async with state(app).pool.acquire() as conn, conn.transaction():
            assert await sessions_service.revoke_session(conn, tenant.id, sid, "signed_out") is not None
            assert await _me(api, tenant, token) == 200  # the revocation is not committed yet
            assert sid in cache._entries  # and the live session was kept
        assert await _me(api, tenant, token) == 401


async def test_revocation_reaches_another_process_through_notify(api: Api, app, tenant, sign_up) -> None:
    a = await sign_up()
    token = a["session"]["access_token"]
    await cache_support.delivered(app, "identity_sessions")  # the sign-up's own notifications
    assert await _me(api, tenant, token) == 200
    sid = a["session"]["id"]
    cache = runtime(app).sessions
    assert sid in cache._entries
    # revoke as another process would: directly in the database, with the NOTIFY
    await state(app).pool.execute(
        "UPDATE sessions SET revoked_at = now() WHERE tenant_id = $1 AND id = $2", tenant.id, sid
    )
    await state(app).pool.execute("SELECT pg_notify('identity_sessions', $1)", f"{tenant.id} {sid}")
    for _ in range(50):
        if sid not in cache._entries:
            break
        await asyncio.sleep(0.02)
    assert await _me(api, tenant, token) == 401


async def _impersonated(tenant, user_id: str) -> tuple[str, str]:
    """An impersonation token for the user (whose actions are audited under the user's email,
    from the session cache's state): (access token, session id)."""
    status, body, _ = await tenant.secret(
        "POST", "/v1/admin/users/impersonate", json={"user_id": user_id, "reason": "email test"}
    )
    assert status == 200, body
    return body["access_token"], jwt.decode(body["access_token"], options={"verify_signature": False})["sid"]


async def _signed_out_actor(api: Api, app, tenant, token: str) -> dict:
    status, _, _ = await api.call("POST", "/v1/auth/sign-out", token=token, tenant=tenant.id)
    assert status == 204
    return await state(app).pool.fetchval(
        "SELECT actor FROM audit_log WHERE tenant_id = $1 AND action = 'session.revoked'", tenant.id
    )


async def test_an_email_changed_elsewhere_reaches_the_cached_session(api: Api, app, tenant, sign_up) -> None:
    """The cached session state names the user by email in the audit log: an email changed by
    another process (here an operator's SQL) drops the user's sessions when it notifies."""
    user_id = (await sign_up())["user"]["id"]
    token, sid = await _impersonated(tenant, user_id)
    cache = runtime(app).sessions
    await cache_support.delivered(app, "identity_users")  # the sign-up's own notifications
    assert await _me(api, tenant, token) == 200
    assert sid in cache._entries
    await state(app).pool.execute(
        "UPDATE users SET email = 'renamed@example.com', updated_at = now() WHERE tenant_id = $1 AND id = $2",
        tenant.id,
        user_id,
    )
    await cache_support.delivered(app, "identity_users")
    assert sid not in cache._entries and user_id not in cache._by_user
    actor = await _signed_out_actor(api, app, tenant, token)
    assert actor["id"] == user_id and actor["email"] == "renamed@example.com"


async def test_an_email_changed_here_reaches_the_cached_session_at_once(api: Api, app, tenant, sign_up) -> None:
    """Through the API, the writing process drops the user's sessions itself: no notification
    arrives during this test, and the sign-out is still audited under the new email."""
    user_id = (await sign_up())["user"]["id"]
    token, sid = await _impersonated(tenant, user_id)
    await cache_support.delivered(app, "identity_users")
    assert await _me(api, tenant, token) == 200
    assert sid in runtime(app).sessions._entries
    async with cache_support.notifications_held(app):
        status, body, _ = await tenant.secret(
            "PATCH", f"/v1/users/{user_id}", json={"email": "changed-here@example.com"}
        )
        assert status == 200, body
        actor = await _signed_out_actor(api, app, tenant, token)
    assert actor["email"] == "changed-here@example.com"


async def test_the_user_index_follows_the_entries(app) -> None:
    """Forgetting a session, evicting the oldest and clearing keep the per-user index exact."""
    cache = SessionCache(state(app).listener)
    alive = lambda user: SessionState(False, 4e9, user, f"{user}@example.com")  # noqa: E731
    cache._keep("ses_1", 1e12, alive("usr_a"))
    cache._keep("ses_2", 1e12, alive("usr_a"))
    cache._keep("ses_3", 1e12, None)  # an unknown session: cached, but nobody's
    assert cache._by_user == {"usr_a": {"ses_1", "ses_2"}}
    cache.forget("ses_1")
    assert cache._by_user == {"usr_a": {"ses_2"}}
    cache.forget_user("usr_a")
    assert list(cache._entries) == ["ses_3"] and cache._by_user == {}
    cache._keep("ses_4", 1e12, alive("usr_b"))
    cache._keep("ses_4", 1e12, None)  # re-read once the session was gone
    assert cache._by_user == {}
    cache._keep("ses_5", 1e12, alive("usr_c"))
    cache.clear()
    assert not cache._entries and not cache._by_user


async def test_delete_many(api: Api, app, tenant, sign_up) -> None:
    a1 = await sign_up()
    b = await sign_up()
    status, body, _ = await tenant.secret("DELETE", f"/v1/sessions?user_id={a1['user']['id']}")
    assert status == 200 and body == {"revoked": 1}
    assert await _me(api, tenant, a1["session"]["access_token"]) == 401
    assert await _me(api, tenant, b["session"]["access_token"]) == 200
    status, body, _ = await tenant.secret("DELETE", "/v1/sessions")
    assert body == {"revoked": 1}
    assert await _me(api, tenant, b["session"]["access_token"]) == 401
    status, body, _ = await tenant.secret("DELETE", "/v1/sessions")
    assert body == {"revoked": 0}
    rows = await state(app).pool.fetch(
        "SELECT metadata FROM audit_log WHERE tenant_id = $1 AND action = 'session.revoked_all' ORDER BY id", tenant.id
    )
    assert [r["metadata"]["count"] for r in rows] == [1, 1]


async def test_scopes(api: Api, tenant, sign_up) -> None:
    a = await sign_up()
    status, ro, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "ro", "type": "secret", "scopes": ["sessions:read"]}
    )
    status, body, _ = await tenant.secret("GET", "/v1/sessions", token=ro["key"])
    assert status == 200
    status, body, _ = await tenant.secret(
        "POST", "/v1/sessions/verify", token=ro["key"], json={"token": a["session"]["access_token"]}
    )
    assert status == 200 and body["valid"] is True
    status, body, _ = await tenant.secret("DELETE", f"/v1/sessions/{a['session']['id']}", token=ro["key"])
    assert status == 403
    assert_error(body, "insufficient_scope")
    status, users, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "u", "type": "secret", "scopes": ["users:read"]}
    )
    status, body, _ = await tenant.secret("GET", "/v1/sessions", token=users["key"])
    assert status == 403
    status, body, _ = await api.call("GET", "/v1/sessions", token=a["session"]["access_token"], tenant=tenant.id)
    assert status == 403


async def test_client_info_behind_trusted_proxy(aiohttp_client, settings, database_dsn) -> None:
    import dataclasses
    import ipaddress

    from identity.app import create_app
    from tests.support.api import MASTER_KEY, Api

    trusted = dataclasses.replace(settings, trusted_proxies=(ipaddress.ip_network("127.0.0.0/8"),))
    api = Api(await aiohttp_client(create_app(trusted, dsn=database_dsn)))
    status, created, _ = await api.call("POST", "/v1/tenants", json={"name": "proxy"}, token=MASTER_KEY)
    status, body, _ = await api.call(
        "POST",
        "/v1/auth/sign-up",
        token=created["publishable_key"],
        tenant=created["id"],
        json={"email": "p@example.com", "password": "correct horse battery staple 42"},
        headers={
            "X-Forwarded-For": "203.0.113.9",
            "CF-IPCountry": "de",
            "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120",
        },
    )
    assert status == 201, body
    status, record, _ = await api.call(
        "GET", f"/v1/sessions/{body['session']['id']}", token=created["secret_key"], tenant=created["id"]
    )
    assert record["ip_address"] == "203.0.113.9" and record["country"] == "DE"
    assert record["device_type"] == "desktop"


async def test_country_header_is_ignored_without_trusted_proxy(api: Api, tenant) -> None:
    status, body, _ = await tenant.public(
        "POST",
        "/v1/auth/sign-up",
        json={"email": "c@example.com", "password": "correct horse battery staple 42"},
        headers={"X-Forwarded-For": "203.0.113.9", "CF-IPCountry": "DE"},
    )
    status, record, _ = await tenant.secret("GET", f"/v1/sessions/{body['session']['id']}")
    assert record["ip_address"] == "127.0.0.1" and record["country"] is None


def test_device_types() -> None:
    from identity.sessions.device import device_type

    assert device_type(None) is None
    assert device_type("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)") == "tablet"
    assert device_type("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari") == "mobile"
    assert device_type("Mozilla/5.0 (Linux; Android 14; SM-X710) Safari") == "tablet"
    assert device_type("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)") == "desktop"
    assert device_type("Googlebot/2.1 (+http://www.google.com/bot.html)") == "bot"
    assert device_type("curl/8.0") == "other"


async def test_refresh_updates_last_active(api: Api, app, tenant, sign_up) -> None:
    a = await sign_up()
    await state(app).pool.execute(
        "UPDATE sessions SET last_active_at = now() - interval '1 hour' WHERE tenant_id = $1", tenant.id
    )
    status, before, _ = await tenant.secret("GET", f"/v1/sessions/{a['session']['id']}")
    await tenant.public("POST", "/v1/auth/token/refresh", json={"refresh_token": a["session"]["refresh_token"]})
    status, after, _ = await tenant.secret("GET", f"/v1/sessions/{a['session']['id']}")
    assert after["last_active_at"] > before["last_active_at"]


async def test_tenant_stats_count_users_and_sessions(api: Api, tenant, sign_up) -> None:
    await sign_up()
    await sign_up()
    status, stats, _ = await api.call("GET", f"/v1/tenants/{tenant.id}/stats", token="mk_live_" + "t" * 40)
    assert stats["users"]["total"] == 2 and stats["users"]["new_last_30d"] == 2
    assert stats["sessions"] == {"active": 2, "created_last_30d": 2}
