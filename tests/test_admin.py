"""/v1/admin: stats, user search, impersonation, tenant-wide revocation, bulk disable, config."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import jwt

from identity.state import state
from tests.support.api import CP_ADMIN_KEY, STRONG_PASSWORD, Api, assert_error
from tests.support.records import events
from tests.support.users import audit_entries, create_user, me_status, new_email, scoped_key, signed_in

# -- stats --------------------------------------------------------------------------------------


async def test_stats(api: Api, app, tenant) -> None:
    status, body, _ = await tenant.secret("GET", "/v1/admin/stats")
    assert status == 200
    assert body == {
        "users": {"total": 0, "active_last_7d": 0, "active_last_30d": 0, "new_last_7d": 0, "new_last_30d": 0},
        "sessions": {"active": 0, "created_last_24h": 0},
        "mfa": {"enrolled_users": 0, "enrollment_rate": 0.0},
        "organizations": {"total": 0, "active_last_30d": 0},
        "auth": {"sign_ins_last_24h": 0, "failed_sign_ins_last_24h": 0},
    }
    a, _ = await signed_in(tenant)
    b, _ = await signed_in(tenant)
    await create_user(tenant)  # never signed in
    old = await create_user(tenant)
    pool = state(app).pool
    long_ago = datetime.now(UTC) - timedelta(days=20)
    await pool.execute(
        "UPDATE users SET created_at = $3, last_sign_in_at = $3 WHERE tenant_id = $1 AND id = $2",
        tenant.id,
        old["id"],
        long_ago,
    )
    await pool.execute("UPDATE users SET mfa_enabled = true WHERE tenant_id = $1 AND id = $2", tenant.id, a["id"])
    for _ in range(2):
        status, _, _ = await tenant.public(
            "POST", "/v1/auth/sign-in", json={"email": a["email"], "password": "wrong password"}
        )
        assert status == 401
    await tenant.public("POST", "/v1/auth/sign-in", json={"email": new_email(), "password": "whatever"})
    status, org, _ = await tenant.secret("POST", "/v1/organizations", json={"name": "Acme", "created_by": b["id"]})
    assert status == 201, org
    await tenant.secret("POST", "/v1/organizations", json={"name": "Empty"})
    await tenant.secret("POST", "/v1/admin/users/impersonate", json={"user_id": a["id"]})
    status, body, _ = await tenant.secret("GET", "/v1/admin/stats")
    assert status == 200
    assert body["users"] == {"total": 4, "active_last_7d": 2, "active_last_30d": 3, "new_last_7d": 3, "new_last_30d": 4}
    assert body["sessions"] == {"active": 3, "created_last_24h": 3}
    assert body["mfa"] == {"enrolled_users": 1, "enrollment_rate": 0.25}
    assert body["organizations"] == {"total": 2, "active_last_30d": 1}
    assert body["auth"] == {"sign_ins_last_24h": 2, "failed_sign_ins_last_24h": 3}


# -- search -------------------------------------------------------------------------------------


async def _search(tenant, body: dict) -> list[str]:
    status, result, _ = await tenant.secret("POST", "/v1/admin/users/search", json=body)
    assert status == 200, result
    assert set(result) == {"data", "pagination"}
    return [u["id"] for u in result["data"]]


async def test_search_filters(api: Api, app, tenant) -> None:
    pool = state(app).pool
    a, _ = await signed_in(tenant, name="Alice Admin", role="admin", phone="+442071838750")
    b = await create_user(tenant, name="Bob", email_verified=True)
    c = await create_user(tenant, name="Carol")
    await tenant.secret("POST", f"/v1/users/{c['id']}/ban")
    past = datetime.now(UTC) - timedelta(days=40)
    await pool.execute("UPDATE users SET created_at = $3 WHERE tenant_id = $1 AND id = $2", tenant.id, b["id"], past)
    await pool.execute("UPDATE users SET mfa_enabled = true WHERE tenant_id = $1 AND id = $2", tenant.id, b["id"])
    status, org, _ = await tenant.secret("POST", "/v1/organizations", json={"name": "Org", "created_by": c["id"]})
    assert status == 201, org
    cutoff = (datetime.now(UTC) - timedelta(days=10)).isoformat()
    assert await _search(tenant, {}) == [c["id"], a["id"], b["id"]]
    assert await _search(tenant, {"filters": {"created_after": cutoff}}) == [c["id"], a["id"]]
    assert await _search(tenant, {"filters": {"created_before": cutoff}}) == [b["id"]]
    assert await _search(tenant, {"filters": {"created_before": "2000-01-01"}}) == []
    assert await _search(tenant, {"filters": {"last_active_after": cutoff}}) == [a["id"]]
    assert await _search(tenant, {"filters": {"mfa_enrolled": True}}) == [b["id"]]
    assert await _search(tenant, {"filters": {"mfa_enrolled": False}}) == [c["id"], a["id"]]
    assert await _search(tenant, {"filters": {"email_verified": True}}) == [a["id"], b["id"]]
    assert await _search(tenant, {"filters": {"disabled": True}}) == [c["id"]]
    assert await _search(tenant, {"filters": {"disabled": False}}) == [a["id"], b["id"]]
    assert await _search(tenant, {"filters": {"role": "admin"}}) == [a["id"]]
    assert await _search(tenant, {"filters": {"organization_id": org["id"]}}) == [c["id"]]
    assert await _search(tenant, {"filters": {"organization_id": "org_unknown"}}) == []
    assert await _search(tenant, {"filters": {"ids": [b["id"], c["id"], "usr_unknown"]}}) == [c["id"], b["id"]]
    assert await _search(tenant, {"query": "alice"}) == [a["id"]]
    assert await _search(tenant, {"query": "+4420"}) == [a["id"]]  # phone
    assert await _search(tenant, {"query": "carol", "filters": {"disabled": False}}) == []
    assert await _search(tenant, {"sort": {"field": "created_at", "direction": "asc"}}) == [b["id"], a["id"], c["id"]]
    status, result, _ = await tenant.secret("POST", "/v1/admin/users/search", json={"limit": 2})
    assert result["pagination"]["total"] == 3 and result["pagination"]["has_more"] is True
    rest = await _search(tenant, {"limit": 2, "cursor": result["pagination"]["next_cursor"]})
    assert [u["id"] for u in result["data"]] + rest == [c["id"], a["id"], b["id"]]
    status, result, _ = await tenant.secret(
        "POST", "/v1/admin/users/search", json={"filters": {"email_verified": True}}
    )
    assert result["pagination"]["total"] == 2


async def test_search_bad_input(api: Api, tenant) -> None:
    for bad, field in (
        ({"filters": {"created_after": "yesterday"}}, "filters.created_after"),
        ({"filters": {"last_active_after": "2025-13-01"}}, "filters.last_active_after"),
        ({"filters": {"ids": ["usr_x"] * 101}}, "filters.ids"),
        ({"filters": {"ids": []}}, "filters.ids"),
        ({"filters": {"unknown": 1}}, "filters.unknown"),
        ({"filters": {"disabled": "yes"}}, "filters.disabled"),
        ({"sort": {"field": "name"}}, "sort.field"),
        ({"limit": 101}, "limit"),
        ({"query": 5}, "query"),
        ({"cursor": "nope!"}, "cursor"),
    ):
        status, err, _ = await tenant.secret("POST", "/v1/admin/users/search", json=bad)
        assert status == 422, (bad, err)
        assert_error(err, "validation_error", 422)
        assert err["error"]["details"][0]["field"] == field, err


# -- impersonation ------------------------------------------------------------------------------


async def test_admin_impersonation(api: Api, app, tenant) -> None:
    user, _ = await signed_in(tenant)
    status, body, _ = await tenant.secret(
        "POST",
        "/v1/admin/users/impersonate",
        json={"user_id": user["id"], "reason": "ticket 42", "expires_in": "30m"},
        headers={"User-Agent": "support-console"},
    )
    assert status == 200, body
    assert set(body) == {"access_token", "user_id", "expires_in", "impersonated_by", "audit_id"}
    assert body["user_id"] == user["id"] and 1795 <= body["expires_in"] <= 1800
    assert body["impersonated_by"].startswith("key_")
    claims = jwt.decode(body["access_token"], options={"verify_signature": False})
    assert claims["sub"] == user["id"] and claims["act"] == {"sub": body["impersonated_by"]}
    assert claims["sid"].startswith("ses_")
    status, me, _ = await api.call("GET", "/v1/auth/me", token=body["access_token"], tenant=tenant.id)
    assert status == 200 and me["id"] == user["id"]
    [entry] = await audit_entries(app, tenant.id, "user.impersonated")
    stored = await state(app).pool.fetchval(
        "SELECT id FROM audit_log WHERE tenant_id = $1 AND action = 'user.impersonated'", tenant.id
    )
    assert stored == body["audit_id"]
    assert entry["metadata"]["reason"] == "ticket 42" and entry["metadata"]["session_id"] == claims["sid"]
    assert entry["user_agent"] == "support-console"
    status, sessions, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/sessions")
    assert [s["impersonated_by"] for s in sessions["data"]] == [body["impersonated_by"], None]
    # What is done with the token is recorded, naming the admin behind it.
    status, _, _ = await api.call("POST", "/v1/auth/sign-out", token=body["access_token"], tenant=tenant.id)
    assert status == 204
    [signed_out] = await audit_entries(app, tenant.id, "session.revoked")
    assert signed_out["actor"] == {
        "id": user["id"],
        "email": user["email"],
        "type": "user",
        "impersonated_by": body["impersonated_by"],
    }
    assert await me_status(api, tenant, body["access_token"]) == 401


async def test_admin_impersonation_refusals(api: Api, tenant, make_tenant) -> None:
    user = await create_user(tenant)
    banned = await create_user(tenant)
    await tenant.secret("POST", f"/v1/users/{banned['id']}/ban")
    for body, status_code, code in (
        ({"user_id": "usr_nope"}, 404, "user_not_found"),
        ({"user_id": banned["id"]}, 403, "user_banned"),
        ({"user_id": user["id"], "expires_in": "2d"}, 422, "validation_error"),
        ({"user_id": user["id"], "expires_in": "10s"}, 422, "validation_error"),
        ({"user_id": user["id"], "expires_in": "soon"}, 422, "validation_error"),
        ({}, 422, "validation_error"),
    ):
        status, err, _ = await tenant.secret("POST", "/v1/admin/users/impersonate", json=body)
        assert status == status_code, (body, err)
        assert_error(err, code, status_code)
    other = await make_tenant()
    status, err, _ = await other.secret("POST", "/v1/admin/users/impersonate", json={"user_id": user["id"]})
    assert status == 404
    limited = await scoped_key(tenant, "users:write")
    status, err, _ = await tenant.secret(
        "POST", "/v1/admin/users/impersonate", json={"user_id": user["id"]}, token=limited
    )
    assert_error(err, "insufficient_scope", 403)


async def test_cp_admin_impersonation(api: Api, app, tenant, make_tenant) -> None:
    user, _ = await signed_in(tenant)
    path = f"/v1/users/{user['id']}/impersonate"
    status, body, _ = await api.call("POST", path, token=CP_ADMIN_KEY, tenant=tenant.id, json={"reason": "support"})
    assert status == 200, body
    assert set(body) == {"access_token", "expires_at", "impersonated_by"}
    assert body["impersonated_by"] == "cp_admin"
    expires = datetime.fromisoformat(body["expires_at"])
    assert timedelta(minutes=59) < expires - datetime.now(UTC) <= timedelta(hours=1)
    claims = jwt.decode(body["access_token"], options={"verify_signature": False})
    assert claims["act"] == {"sub": "cp_admin"} and claims["sub"] == user["id"] and claims["tid"] == tenant.id
    assert await me_status(api, tenant, body["access_token"]) == 200
    [entry] = await audit_entries(app, tenant.id, "user.impersonated")
    assert entry["actor"]["type"] == "cp_admin" and entry["metadata"]["reason"] == "support"
    status, _, _ = await api.call("POST", path, token=CP_ADMIN_KEY, tenant=tenant.id)  # no body
    assert status == 200
    # The token dies with the user's sessions.
    await tenant.secret("POST", f"/v1/users/{user['id']}/sessions/revoke-all")
    assert await me_status(api, tenant, body["access_token"]) == 401
    for token, tenant_id, status_code, code in (
        (CP_ADMIN_KEY, None, 400, "tenant_header_required"),
        (CP_ADMIN_KEY, "tnt_unknown", 404, "tenant_not_found"),
        (CP_ADMIN_KEY, "not a tenant", 404, "tenant_not_found"),
        (tenant.sk, tenant.id, 403, "forbidden"),
        ("sk_cp_" + "w" * 40, tenant.id, 401, "unauthenticated"),
    ):
        status, err, _ = await api.call("POST", path, token=token, tenant=tenant_id)
        assert status == status_code, (token, tenant_id, err)
        assert_error(err, code, status_code)
    other = await make_tenant()
    status, err, _ = await api.call("POST", path, token=CP_ADMIN_KEY, tenant=other.id)
    assert_error(err, "user_not_found", 404)
    await api.call("POST", "/v1/tenants/" + tenant.id + "/suspend", token="mk_live_" + "t" * 40)
    status, err, _ = await api.call("POST", path, token=CP_ADMIN_KEY, tenant=tenant.id)
    assert_error(err, "tenant_suspended", 403)


# -- sessions and bulk disable ------------------------------------------------------------------


async def test_revoke_all_sessions_except_one_user(api: Api, app, tenant) -> None:
    keep, kept = await signed_in(tenant)
    _, gone1 = await signed_in(tenant)
    _, gone2 = await signed_in(tenant)
    status, body, _ = await tenant.secret(
        "POST", "/v1/admin/sessions/revoke-all", json={"reason": "incident", "exclude_user_id": keep["id"]}
    )
    assert status == 200 and body == {"revoked": 2}
    assert await me_status(api, tenant, kept["access_token"]) == 200
    for session in (gone1, gone2):
        assert await me_status(api, tenant, session["access_token"]) == 401
    [entry] = await audit_entries(app, tenant.id, "session.revoked_all")
    assert entry["metadata"] == {"reason": "incident", "exclude_user_id": keep["id"], "count": 2}
    status, err, _ = await tenant.secret("POST", "/v1/admin/sessions/revoke-all", json={"exclude_user_id": "usr_x"})
    assert_error(err, "user_not_found", 404)
    status, body, _ = await tenant.secret("POST", "/v1/admin/sessions/revoke-all")
    assert body == {"revoked": 1}


async def test_bulk_disable(api: Api, app, tenant) -> None:
    a, a_session = await signed_in(tenant)
    b, b_session = await signed_in(tenant)
    c = await create_user(tenant)
    already = await create_user(tenant)
    await tenant.secret("POST", f"/v1/users/{already['id']}/disable")
    status, hook, _ = await tenant.secret(
        "POST", "/v1/webhooks", json={"url": "http://127.0.0.1:9/hook", "events": ["user.disabled"]}
    )
    assert status == 201, hook
    status, body, _ = await tenant.secret(
        "POST",
        "/v1/admin/users/bulk-disable",
        json={
            "user_ids": [a["id"], b["id"], c["id"], already["id"], "usr_unknown", a["id"]],
            "reason": "spam wave",
        },
    )
    assert status == 200, body
    assert body == {"disabled": 3, "sessions_revoked": 2}
    for session in (a_session, b_session):
        assert await me_status(api, tenant, session["access_token"]) == 401
    for user in (a, b, c):
        assert (await tenant.secret("GET", f"/v1/users/{user['id']}"))[1]["status"] == "disabled"
    disabled = [e for e in await events(app, tenant.id, "user.disabled") if e.get("reason") == "spam wave"]
    assert sorted(e["id"] for e in disabled) == sorted([a["id"], b["id"], c["id"]])
    # The subscribed webhook has one delivery per disabled user, each for its own event.
    deliveries = await state(app).pool.fetch(
        "SELECT event_id FROM webhook_deliveries WHERE tenant_id = $1 AND endpoint_id = $2", tenant.id, hook["id"]
    )
    assert len(deliveries) == 3 and len({d["event_id"] for d in deliveries}) == 3
    entries = [e for e in await audit_entries(app, tenant.id, "user.disabled") if e["metadata"].get("bulk")]
    assert sorted(e["resource_id"] for e in entries) == sorted([a["id"], b["id"], c["id"]])
    assert all(e["metadata"]["reason"] == "spam wave" for e in entries)
    d, d_session = await signed_in(tenant)
    status, body, _ = await tenant.secret(
        "POST", "/v1/admin/users/bulk-disable", json={"user_ids": [d["id"]], "revoke_sessions": False}
    )
    assert body == {"disabled": 1, "sessions_revoked": 0}
    assert await me_status(api, tenant, d_session["access_token"]) == 200
    for bad in (
        {"user_ids": [f"usr_{i}" for i in range(101)]},
        {"user_ids": []},
        {},
        {"user_ids": "usr_1"},
        {"user_ids": [5]},
    ):
        status, err, _ = await tenant.secret("POST", "/v1/admin/users/bulk-disable", json=bad)
        assert status == 422, bad
        assert_error(err, "validation_error", 422)
        assert err["error"]["details"][0]["field"].startswith("user_ids")


# -- config -------------------------------------------------------------------------------------


async def test_config_get_and_patch(api: Api, app, tenant) -> None:
    status, config, _ = await tenant.secret("GET", "/v1/admin/config")
    assert status == 200
    assert config["session_duration"] == "30d" and config["sign_up_enabled"] is True
    assert config["bot_protection"] == {"enabled": False, "provider": "turnstile", "verify_url": None, "site_key": None}
    status, config, _ = await tenant.secret(
        "PATCH",
        "/v1/admin/config",
        json={
            "sign_up_enabled": False,
            "password_min_length": 12,
            "access_token_ttl": "15m",
        },
    )
    assert status == 200, config
    assert config["sign_up_enabled"] is False and config["password_min_length"] == 12
    assert config["access_token_ttl"] == "15m" and config["session_duration"] == "30d"  # merged
    status, err, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": new_email(), "password": STRONG_PASSWORD}
    )
    assert_error(err, "sign_up_disabled", 403)
    status, err, _ = await tenant.secret("PATCH", "/v1/admin/config", json={"bot_protection": {"enabled": True}})
    assert status == 422 and err["error"]["details"][0]["field"] == "bot_protection.secret"
    status, config, _ = await tenant.secret(
        "PATCH", "/v1/admin/config", json={"bot_protection": {"enabled": True, "secret": "provider-secret"}}
    )
    assert status == 200, config
    assert config["bot_protection"]["enabled"] is True and "secret" not in config["bot_protection"]
    assert config["sign_up_enabled"] is False
    assert (await tenant.secret("GET", "/v1/admin/config"))[1] == config
    secret = await state(app).pool.fetchval("SELECT bot_protection_secret FROM tenants WHERE id = $1", tenant.id)
    assert secret and "provider-secret" not in secret  # stored encrypted
    entries = await audit_entries(app, tenant.id, "tenant.updated")
    assert [e["metadata"]["fields"] for e in entries] == [["auth_config"], ["auth_config"]]
    for bad, field in (
        ({"session_duration": "forever"}, "session_duration"),
        ({"access_token_ttl": "48h"}, "access_token_ttl"),
        ({"password_min_length": 4}, "password_min_length"),
        ({"allowed_origins": ["ftp://x"]}, "allowed_origins"),
        ({"mfa_required": "yes"}, "mfa_required"),
        ({"no_such_key": 1}, "no_such_key"),
    ):
        status, err, _ = await tenant.secret("PATCH", "/v1/admin/config", json=bad)
        assert status == 422, (bad, err)
        assert_error(err, "validation_error", 422)
        assert err["error"]["details"][0]["field"] == field, err
    assert (await tenant.secret("GET", "/v1/admin/config"))[1] == config  # unchanged


async def test_admin_routes_need_the_full_scope(api: Api, tenant) -> None:
    key = await scoped_key(tenant, "users:write", "sessions:write")
    for method, path, body in (
        ("GET", "/v1/admin/stats", None),
        ("POST", "/v1/admin/users/search", {}),
        ("POST", "/v1/admin/sessions/revoke-all", {}),
        ("POST", "/v1/admin/users/bulk-disable", {"user_ids": ["usr_1"]}),
        ("GET", "/v1/admin/config", None),
        ("PATCH", "/v1/admin/config", {"mfa_required": True}),
    ):
        status, err, _ = await tenant.secret(method, path, json=body, token=key)
        assert status == 403, path
        assert_error(err, "insufficient_scope", 403)
        status, err, _ = await tenant.public(method, path, json=body)
        assert_error(err, "forbidden", 403)
