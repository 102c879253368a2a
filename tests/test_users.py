"""/v1/users: create, get, patch, delete, disable/enable/ban, revoke-all, password, sessions."""

from __future__ import annotations

import bcrypt

from identity.state import state
from tests.support.api import STRONG_PASSWORD, Api, assert_error
from tests.support.mail import emails_of
from tests.support.records import events
from tests.support.users import audit_entries, create_user, me_status, new_email, scoped_key, signed_in

USER_FIELDS = {
    "id",
    "email",
    "username",
    "name",
    "phone",
    "avatar_url",
    "email_verified",
    "phone_verified",
    "role",
    "status",
    "mfa_enabled",
    "public_metadata",
    "private_metadata",
    "created_at",
    "updated_at",
    "last_sign_in_at",
}


async def _sign_in(tenant, email: str, password: str = STRONG_PASSWORD):
    return await tenant.public("POST", "/v1/auth/sign-in", json={"email": email, "password": password})


# -- create -------------------------------------------------------------------------------------


async def test_create_with_password_hashes_it_and_bypasses_the_policy(api: Api, app, tenant) -> None:
    email = new_email()
    status, user, _ = await tenant.secret(
        "POST",
        "/v1/users",
        json={
            "email": email.upper(),
            "password": "short",
            "name": "Ada Lovelace",
            "phone": "+14155550100",
            "email_verified": True,
            "role": "admin",
            "public_metadata": {"plan": "pro"},
            "private_metadata": {"stripe": "cus_1"},
        },
    )
    assert status == 201, user
    assert set(user) == USER_FIELDS
    assert user["id"].startswith("usr_") and user["email"] == email
    assert (user["name"], user["phone"], user["role"], user["status"]) == (
        "Ada Lovelace",
        "+14155550100",
        "admin",
        "active",
    )
    assert user["public_metadata"] == {"plan": "pro"} and user["private_metadata"] == {"stripe": "cus_1"}
    stored = await state(app).pool.fetchval(
        "SELECT password_hash FROM users WHERE tenant_id = $1 AND id = $2", tenant.id, user["id"]
    )
    assert stored.startswith("$argon2id$")  # never the plaintext
    status, body, _ = await _sign_in(tenant, email, "short")
    assert status == 200, body
    [created] = [e for e in await events(app, tenant.id, "user.created") if e["id"] == user["id"]]
    assert created["email"] == email
    [entry] = await audit_entries(app, tenant.id, "user.created")
    assert entry["resource_type"] == "user" and entry["resource_id"] == user["id"]
    assert entry["actor"]["type"] == "api_key" and entry["actor"]["id"].startswith("key_")
    assert entry["metadata"]["password"] == "set"


async def test_create_with_imported_hash(api: Api, app, tenant) -> None:
    hashed = bcrypt.hashpw(b"imported secret 1", bcrypt.gensalt(rounds=4)).decode()
    user = await create_user(tenant, password_hash=hashed, email_verified=True)
    assert (await _sign_in(tenant, user["email"], "imported secret 1"))[0] == 200
    for body, field in (
        ({"password_hash": "md5$abc"}, "password_hash"),
        ({"password_hash": "$2b$10$tooshort"}, "password_hash"),
        ({"password": "x" * 10, "password_hash": hashed}, "password_hash"),
    ):
        status, err, _ = await tenant.secret("POST", "/v1/users", json={"email": new_email(), **body})
        assert status == 422, body
        assert_error(err, "validation_error", 422)
        assert err["error"]["details"][0]["field"] == field


async def test_create_without_password_and_welcome_email(api: Api, app, tenant) -> None:
    user = await create_user(tenant, name="Grace", send_welcome_email=True)
    assert user["email_verified"] is False
    [welcome] = [m for m in await emails_of(app, tenant.id, "welcome") if m["to"] == user["email"]]
    assert welcome["variables"]["user_name"] == "Grace"
    quiet = await create_user(tenant)
    assert not [m for m in await emails_of(app, tenant.id) if m["to"] == quiet["email"]]
    # Without a password, sign-in fails like a wrong password.
    status, body, _ = await _sign_in(tenant, user["email"])
    assert status == 401


async def test_create_conflicts_and_bad_input(api: Api, app, tenant, make_tenant) -> None:
    user = await create_user(tenant)
    status, body, _ = await tenant.secret("POST", "/v1/users", json={"email": user["email"].upper()})
    assert status == 409
    assert_error(body, "email_already_exists", 409)
    # Usernames only where the tenant enables them.
    status, body, _ = await tenant.secret("POST", "/v1/users", json={"email": new_email(), "username": "ada"})
    assert status == 422 and body["error"]["details"][0]["field"] == "username"
    named = await make_tenant(auth_config={"username_enabled": True})
    first = await create_user(named, username="Ada_L")
    assert first["username"] == "Ada_L"
    status, body, _ = await named.secret("POST", "/v1/users", json={"email": new_email(), "username": "ada_l"})
    assert status == 409
    assert_error(body, "username_already_exists", 409)
    bad = [
        ({"email": "not-an-email"}, "invalid_email"),
        ({"email": new_email(), "phone": "4155550100"}, "validation_error"),
        ({"email": new_email(), "role": "owner"}, "validation_error"),
        ({"email": new_email(), "avatar_url": "javascript:alert(1)"}, "validation_error"),
        ({"email": new_email(), "public_metadata": {"x": "y" * 9000}}, "validation_error"),
        ({"email": new_email(), "unknown": 1}, "validation_error"),
        ({"name": "no email"}, "validation_error"),
        ({"email": new_email(), "password": "p" * 1025}, "validation_error"),
    ]
    for body, code in bad:
        status, err, _ = await tenant.secret("POST", "/v1/users", json=body)
        assert status == 422, (body, err)
        assert_error(err, code, 422)
    status, err, _ = await tenant.secret(
        "POST", "/v1/users", data="{nope", headers={"Content-Type": "application/json"}
    )
    assert status == 400
    assert_error(err, "invalid_json", 400)
    assert len(await audit_entries(app, tenant.id, "user.created")) == 1  # failures record nothing


# -- read ---------------------------------------------------------------------------------------


async def test_get_by_id_and_email_and_tenant_isolation(api: Api, tenant, make_tenant) -> None:
    user = await create_user(tenant, email="Mixed.Case+tag@Example.com")
    status, body, _ = await tenant.secret("GET", f"/v1/users/{user['id']}")
    assert status == 200 and body == user
    status, body, _ = await tenant.secret("GET", "/v1/users/email/MIXED.case+tag@example.com")
    assert status == 200 and body["id"] == user["id"]
    for path in ("/v1/users/usr_nope", "/v1/users/email/nobody@example.com"):
        status, body, _ = await tenant.secret("GET", path)
        assert status == 404
        assert_error(body, "user_not_found", 404)
    other = await make_tenant()
    for method, path, body in (
        ("GET", f"/v1/users/{user['id']}", None),
        ("GET", f"/v1/users/email/{user['email']}", None),
        ("PATCH", f"/v1/users/{user['id']}", {"name": "x"}),
        ("DELETE", f"/v1/users/{user['id']}", None),
        ("POST", f"/v1/users/{user['id']}/disable", None),
        ("POST", f"/v1/users/{user['id']}/enable", None),
        ("POST", f"/v1/users/{user['id']}/ban", None),
        ("POST", f"/v1/users/{user['id']}/sessions/revoke-all", None),
        ("POST", f"/v1/users/{user['id']}/password", {"password": "whatever1"}),
        ("GET", f"/v1/users/{user['id']}/sessions", None),
    ):
        status, err, _ = await other.secret(method, path, json=body)
        assert status == 404, (method, path)
        assert_error(err, "user_not_found", 404)
    assert (await tenant.secret("GET", f"/v1/users/{user['id']}"))[1]["status"] == "active"


async def test_scopes_and_credentials(api: Api, tenant) -> None:
    user = await create_user(tenant)
    reader = await scoped_key(tenant, "users:read")
    writer = await scoped_key(tenant, "users:write")
    other = await scoped_key(tenant, "sessions:read")
    assert (await tenant.secret("GET", f"/v1/users/{user['id']}", token=reader))[0] == 200
    assert (await tenant.secret("GET", "/v1/users", token=writer))[0] == 200  # write grants read
    status, body, _ = await tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"name": "x"}, token=reader)
    assert status == 403
    assert_error(body, "insufficient_scope", 403)
    status, body, _ = await tenant.secret("GET", "/v1/users", token=other)
    assert status == 403
    assert_error(body, "insufficient_scope", 403)
    status, body, _ = await tenant.public("GET", "/v1/users")
    assert status == 403
    assert_error(body, "forbidden", 403)
    status, body, _ = await api.call("GET", "/v1/users", token=tenant.sk)
    assert status == 400
    assert_error(body, "tenant_header_required", 400)


# -- patch --------------------------------------------------------------------------------------


async def test_patch_replaces_metadata_and_records_the_change(api: Api, app, tenant) -> None:
    user = await create_user(
        tenant, name="Old", phone="+14155550100", public_metadata={"a": 1, "b": 2}, private_metadata={"k": "v"}
    )
    status, body, _ = await tenant.secret(
        "PATCH",
        f"/v1/users/{user['id']}",
        json={
            "name": "New",
            "phone": None,
            "avatar_url": "https://cdn.example.com/a.png",
            "role": "admin",
            "public_metadata": {"c": 3},
            "email_verified": True,
        },
    )
    assert status == 200, body
    assert body["name"] == "New" and body["phone"] is None and body["role"] == "admin"
    assert body["public_metadata"] == {"c": 3}  # replaced, not merged
    assert body["private_metadata"] == {"k": "v"}  # untouched
    assert body["avatar_url"] == "https://cdn.example.com/a.png" and body["email_verified"] is True
    updated = [e for e in await events(app, tenant.id, "user.updated") if e["id"] == user["id"]]
    assert updated[-1]["fields"] == ["avatar_url", "email_verified", "name", "phone", "public_metadata", "role"]
    [entry] = await audit_entries(app, tenant.id, "user.updated")
    assert entry["metadata"]["fields"] == updated[-1]["fields"]
    status, body, _ = await tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"private_metadata": {}})
    assert body["private_metadata"] == {}


async def test_patch_email_unverifies_and_retires_mailed_links(api: Api, app, tenant) -> None:
    user, _ = await signed_in(tenant)
    await tenant.public(
        "POST",
        "/v1/auth/password/forgot",
        json={"email": user["email"], "redirect_url": "https://app.example.com/reset"},
    )
    [reset] = await emails_of(app, tenant.id, "password_reset")
    from tests.support.mail import token_in

    token = token_in(reset["variables"]["reset_url"])
    taken = await create_user(tenant)
    status, body, _ = await tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"email": taken["email"]})
    assert status == 409
    assert_error(body, "email_already_exists", 409)
    new = new_email("moved")
    status, body, _ = await tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"email": new.upper()})
    assert status == 200 and body["email"] == new and body["email_verified"] is False
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/password/reset", json={"token": token, "password": "a brand new password 7"}
    )
    assert status == 401  # the link went to the old address


async def test_patch_status_and_username_rules(api: Api, app, make_tenant) -> None:
    tenant = await make_tenant(auth_config={"username_enabled": True})
    user, session = await signed_in(tenant)
    other = await create_user(tenant, username="taken")
    status, body, _ = await tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"username": "TAKEN"})
    assert status == 409
    assert_error(body, "username_already_exists", 409)
    status, body, _ = await tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"status": "disabled"})
    assert status == 200 and body["status"] == "disabled"
    assert await me_status(api, tenant, session["access_token"]) == 401
    status, body, _ = await tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"status": "active"})
    assert body["status"] == "active"
    for bad in (
        {"status": "banned"},
        {"role": "root"},
        {"username": "a"},
        {"phone": "+0123"},
        {"email": "nope"},
        {"name": 5},
    ):
        status, body, _ = await tenant.secret("PATCH", f"/v1/users/{other['id']}", json=bad)
        assert status == 422, bad
    assert [e["action"] for e in await audit_entries(app, tenant.id) if e["resource_id"] == user["id"]][-2:] == [
        "user.disabled",
        "user.enabled",
    ]


# -- delete -------------------------------------------------------------------------------------


async def test_delete_takes_sessions_factors_and_memberships(api: Api, app, tenant) -> None:
    user, session = await signed_in(tenant)
    status, org, _ = await tenant.secret("POST", "/v1/organizations", json={"name": "Acme", "created_by": user["id"]})
    assert status == 201, org
    pool = state(app).pool
    await pool.execute(
        """INSERT INTO mfa_factors (tenant_id, id, user_id, type, status) VALUES ($1, 'fac_t', $2, 'totp', 'active')""",
        tenant.id,
        user["id"],
    )
    assert await me_status(api, tenant, session["access_token"]) == 200
    status, _, _ = await tenant.secret("DELETE", f"/v1/users/{user['id']}")
    assert status == 204
    assert await me_status(api, tenant, session["access_token"]) == 401
    for table in ("sessions", "mfa_factors", "memberships"):
        left = await pool.fetchval(
            f"SELECT count(*) FROM {table} WHERE tenant_id = $1 AND user_id = $2", tenant.id, user["id"]
        )
        assert left == 0, table
    assert (await tenant.secret("GET", f"/v1/users/{user['id']}"))[0] == 404
    assert (await tenant.secret("DELETE", f"/v1/users/{user['id']}"))[0] == 404
    [deleted] = await events(app, tenant.id, "user.deleted")
    assert deleted["id"] == user["id"] and deleted["email"] == user["email"] and deleted["deleted_at"]
    [entry] = await audit_entries(app, tenant.id, "user.deleted")
    assert entry["resource_id"] == user["id"] and entry["metadata"]["sessions_revoked"] == 1


# -- disable, enable, ban -----------------------------------------------------------------------


async def test_disable_enable(api: Api, app, tenant) -> None:
    user, session = await signed_in(tenant)
    status, body, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/disable")
    assert status == 200 and body["status"] == "disabled"
    assert await me_status(api, tenant, session["access_token"]) == 401
    status, err, _ = await _sign_in(tenant, user["email"])
    assert status == 403
    assert_error(err, "user_disabled", 403)
    [disabled] = await events(app, tenant.id, "user.disabled")
    assert disabled["id"] == user["id"] and disabled["status"] == "disabled"
    # Again: nothing changes, nothing more is recorded.
    assert (await tenant.secret("POST", f"/v1/users/{user['id']}/disable"))[1]["status"] == "disabled"
    assert len(await audit_entries(app, tenant.id, "user.disabled")) == 1
    status, body, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/enable")
    assert status == 200 and body["status"] == "active"
    assert (await _sign_in(tenant, user["email"]))[0] == 200
    [entry] = await audit_entries(app, tenant.id, "user.enabled")
    assert entry["metadata"] == {"previous_status": "disabled"}


async def test_disable_can_keep_sessions(api: Api, tenant) -> None:
    user, session = await signed_in(tenant)
    status, body, _ = await tenant.secret(
        "POST", f"/v1/users/{user['id']}/disable", json={"revoke_sessions": False, "reason": "review"}
    )
    assert status == 200 and body["status"] == "disabled"
    assert await me_status(api, tenant, session["access_token"]) == 200
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": session["refresh_token"]}
    )
    assert status == 403  # but no new tokens


async def test_ban_revokes_every_session_and_keeps_the_reason(api: Api, app, tenant) -> None:
    user, first = await signed_in(tenant)
    second = (await _sign_in(tenant, user["email"]))[1]["session"]
    status, body, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/ban", json={"reason": "fraud"})
    assert status == 200 and body["status"] == "banned"
    for session in (first, second):
        assert await me_status(api, tenant, session["access_token"]) == 401
    status, err, _ = await _sign_in(tenant, user["email"])
    assert_error(err, "user_banned", 403)
    [entry] = await audit_entries(app, tenant.id, "user.banned")
    assert entry["metadata"] == {"reason": "fraud", "sessions_revoked": 2}
    assert entry["resource_id"] == user["id"]
    [event] = await events(app, tenant.id, "user.disabled")
    assert event["status"] == "banned" and event["reason"] == "fraud"
    status, err, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/disable")
    assert status == 409
    assert_error(err, "user_banned", 409)
    assert (await tenant.secret("POST", f"/v1/users/{user['id']}/enable"))[1]["status"] == "active"
    for bad in ({"reason": 5}, {"reason": "x" * 1001}, {"extra": True}):
        status, err, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/ban", json=bad)
        assert status == 422, bad


# -- sessions -----------------------------------------------------------------------------------


async def test_sessions_list_and_revoke_all(api: Api, app, tenant) -> None:
    user, first = await signed_in(tenant)
    second = (await _sign_in(tenant, user["email"]))[1]["session"]
    other, other_session = await signed_in(tenant)
    status, body, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/sessions")
    assert status == 200
    assert [s["id"] for s in body["data"]] == [second["id"], first["id"]]
    assert set(body["data"][0]) >= {
        "id",
        "user_id",
        "user_agent",
        "ip_address",
        "created_at",
        "last_active_at",
        "expires_at",
    }
    assert body["pagination"] == {"total": 2, "limit": 20, "has_more": False, "next_cursor": None}
    status, page1, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/sessions?limit=1")
    assert page1["pagination"]["has_more"] is True
    cursor = page1["pagination"]["next_cursor"]
    status, page2, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/sessions?limit=1&cursor={cursor}")
    assert [s["id"] for s in page2["data"]] == [first["id"]]
    status, page1, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/sessions?limit=1&order=asc")
    cursor = page1["pagination"]["next_cursor"]
    status, page2, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/sessions?limit=1&order=asc&cursor={cursor}")
    assert [s["id"] for s in page1["data"] + page2["data"]] == [first["id"], second["id"]]
    status, body, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/sessions/revoke-all")
    assert status == 200 and body == {"revoked": 2}
    assert (await tenant.secret("GET", f"/v1/users/{user['id']}/sessions"))[1]["data"] == []
    assert await me_status(api, tenant, other_session["access_token"]) == 200
    assert (await tenant.secret("POST", f"/v1/users/{user['id']}/sessions/revoke-all"))[1] == {"revoked": 0}
    entries = await audit_entries(app, tenant.id, "session.revoked_all")
    assert [e["metadata"]["count"] for e in entries] == [2, 0]
    for bad in ("limit=0", "limit=101", "cursor=%25%25"):
        status, err, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/sessions?{bad}")
        assert status == 422, bad


# -- password -----------------------------------------------------------------------------------


async def test_admin_password_set(api: Api, app, tenant) -> None:
    user, session = await signed_in(tenant)
    status, body, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/password", json={"password": "new one 1"})
    assert status == 200 and body["id"] == user["id"]
    assert await me_status(api, tenant, session["access_token"]) == 401  # revoked by default
    assert (await _sign_in(tenant, user["email"]))[0] == 401
    kept = (await _sign_in(tenant, user["email"], "new one 1"))[1]["session"]
    status, body, _ = await tenant.secret(
        "POST", f"/v1/users/{user['id']}/password", json={"password": "third one 3", "revoke_sessions": False}
    )
    assert status == 200
    assert await me_status(api, tenant, kept["access_token"]) == 200
    assert (await _sign_in(tenant, user["email"], "third one 3"))[0] == 200
    changed = await events(app, tenant.id, "user.password_changed")
    assert [e["reason"] for e in changed] == ["admin_set", "admin_set"]
    entries = await audit_entries(app, tenant.id, "user.password_changed")
    assert [e["metadata"]["sessions_revoked"] for e in entries] == [1, 0]
    for bad in ({}, {"password": ""}, {"password": "x", "revoke_sessions": "yes"}):
        status, err, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/password", json=bad)
        assert status == 422, bad


async def test_create_honours_idempotency_keys_and_welcomes_once(api: Api, app, tenant) -> None:
    body = {"email": new_email(), "password": STRONG_PASSWORD, "email_verified": True, "send_welcome_email": True}
    first = await tenant.secret("POST", "/v1/users", json=body, headers={"Idempotency-Key": "create-1"})
    again = await tenant.secret("POST", "/v1/users", json=body, headers={"Idempotency-Key": "create-1"})
    assert first[0] == again[0] == 201 and first[1] == again[1]
    assert again[2].headers.get("Idempotent-Replayed") == "true"
    assert len(await audit_entries(app, tenant.id, "user.created")) == 1
    assert (await _sign_in(tenant, body["email"]))[0] == 200
    welcomes = [m for m in await emails_of(app, tenant.id, "welcome") if m["to"] == body["email"]]
    assert len(welcomes) == 1  # not again at the first sign-in
