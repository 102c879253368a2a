"""Sign-up, sign-in, sign-out, /me, refresh: the main flows and their errors."""

from __future__ import annotations

import asyncio
import json
import uuid

import jwt

from identity.state import state
from tests.support.api import STRONG_PASSWORD, Api, assert_error
from tests.support.records import events


def _email() -> str:
    return f"user-{uuid.uuid4().hex[:10]}@example.com"


async def _outbox(app, tenant_id: str, template: str | None = None) -> list[dict]:
    rows = await state(app).pool.fetch(
        "SELECT payload FROM outbox WHERE tenant_id = $1 AND topic = 'email' ORDER BY id", tenant_id
    )
    out = []
    for r in rows:
        payload = r["payload"]
        if template and payload["template"] != template:
            continue
        variables = json.loads(state(app).box.decrypt(payload["variables"], associated=tenant_id))
        out.append({**payload, "variables": variables})
    return out


async def test_sign_up_returns_reduced_user_and_session(api: Api, tenant, app) -> None:
    email = _email()
    status, body, _ = await tenant.public(
        "POST",
        "/v1/auth/sign-up",
        json={
            "email": email.upper(),
            "password": STRONG_PASSWORD,
            "name": "Ada",
            "metadata": {"plan": "x"},
        },
        headers={"User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile"},
    )
    assert status == 201, body
    assert set(body["user"]) == {"id", "email", "name", "email_verified", "created_at"}
    assert body["user"]["email"] == email and body["user"]["email_verified"] is False
    assert body["user"]["id"].startswith("usr_")
    session = body["session"]
    assert set(session) == {
        "id",
        "access_token",
        "refresh_token",
        "access_token_expires_at",
        "refresh_token_expires_at",
    }
    assert session["id"].startswith("ses_") and session["refresh_token"].startswith("rft_")
    claims = jwt.decode(session["access_token"], options={"verify_signature": False})
    assert claims["sub"] == body["user"]["id"] and claims["sid"] == session["id"]
    assert claims["tid"] == tenant.id and claims["role"] == "member" and claims["org_id"] is None
    assert claims["mfa_verified"] is False and claims["public_metadata"] == {"plan": "x"}
    assert claims["iss"] == "http://127.0.0.1:3000"
    assert claims["exp"] - claims["iat"] == 3600
    assert jwt.get_unverified_header(session["access_token"])["alg"] == "ES256"
    # verification email and events, written with the user
    mails = await _outbox(app, tenant.id, "verification")
    assert len(mails) == 1 and mails[0]["to"] == email
    assert mails[0]["variables"]["verify_url"].startswith("http://127.0.0.1:3000/v1/auth/verify-email?token=")
    assert [e["id"] for e in await events(app, tenant.id, "user.created")] == [body["user"]["id"]]
    assert len(await events(app, tenant.id, "session.created")) == 1
    # the session record
    status, record, _ = await tenant.secret("GET", f"/v1/sessions/{session['id']}")
    assert status == 200 and record["device_type"] == "mobile" and record["status"] == "active"
    assert record["ip_address"] == "127.0.0.1" and record["country"] is None


async def test_sign_up_errors(api: Api, tenant, make_tenant, sign_up) -> None:
    created = await sign_up()
    email = created["user"]["email"]
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": email.title(), "password": STRONG_PASSWORD}
    )
    assert status == 409
    assert_error(body, "email_already_exists", 409)
    for bad in ("no-at-sign", "a@b", "two@@example.com", "sp ace@example.com"):
        status, body, _ = await tenant.public(
            "POST", "/v1/auth/sign-up", json={"email": bad, "password": STRONG_PASSWORD}
        )
        assert status == 422, bad
        assert_error(body, "invalid_email", 422)
    for weak in ("short", "password123", "12345678", "aaaaaaaaaaaa"):
        status, body, _ = await tenant.public("POST", "/v1/auth/sign-up", json={"email": _email(), "password": weak})
        assert status == 422, weak
        assert_error(body, "password_too_weak", 422)
    status, body, _ = await tenant.public("POST", "/v1/auth/sign-up", json={"email": _email()})
    assert status == 422
    assert_error(body, "validation_error")
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": _email(), "password": STRONG_PASSWORD, "x": 1}
    )
    assert status == 422
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", data=b"{nope", headers={"Content-Type": "application/json"}
    )
    assert status == 400
    assert_error(body, "invalid_json")
    # usernames only where enabled
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": _email(), "password": STRONG_PASSWORD, "username": "ada"}
    )
    assert status == 422
    # secret key is the wrong credential kind for public endpoints
    status, body, _ = await tenant.secret(
        "POST", "/v1/auth/sign-up", json={"email": _email(), "password": STRONG_PASSWORD}
    )
    assert status == 403
    assert_error(body, "forbidden")
    # no user was created by any failure
    status, stats, _ = await api.call("GET", f"/v1/tenants/{tenant.id}", token="mk_live_" + "t" * 40)
    assert stats["user_count"] == 1


async def test_usernames_when_enabled(api: Api, make_tenant) -> None:
    t = await make_tenant(auth_config={"username_enabled": True})
    status, body, _ = await t.public(
        "POST", "/v1/auth/sign-up", json={"email": _email(), "password": STRONG_PASSWORD, "username": "Ada.L"}
    )
    assert status == 201, body
    status, body, _ = await t.public(
        "POST", "/v1/auth/sign-up", json={"email": _email(), "password": STRONG_PASSWORD, "username": "ada.l"}
    )
    assert status == 409
    assert_error(body, "username_already_exists", 409)


async def test_password_rules_of_the_tenant(api: Api, make_tenant) -> None:
    t = await make_tenant(
        auth_config={
            "password_min_length": 12,
            "password_require_uppercase": True,
            "password_require_number": True,
            "password_require_symbol": True,
        }
    )
    for weak, rule in (
        ("Tr0ub4dor&3", "12"),
        ("tr0ub4dor&3xyz", "uppercase"),
        ("Troubadorxyz&", "number"),
        ("Tr0ub4dorxyz3", "symbol"),
    ):
        status, body, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": _email(), "password": weak})
        assert status == 422, weak
        assert_error(body, "password_too_weak")
        assert rule in body["error"]["message"]
    status, body, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": _email(), "password": "Tr0ub4dor&3xyz"})
    assert status == 201


async def test_long_passwords_are_accepted_untruncated(api: Api, make_tenant) -> None:
    t = await make_tenant(auth_config={"email_verification_required": False})
    password = "p" * 40 + "Q9!x" * 40  # 200 characters
    email = _email()
    status, _, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": email, "password": password})
    assert status == 201
    status, _, _ = await t.public("POST", "/v1/auth/sign-in", json={"email": email, "password": password})
    assert status == 200
    status, body, _ = await t.public("POST", "/v1/auth/sign-in", json={"email": email, "password": password[:-1]})
    assert status == 401
    status, body, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": _email(), "password": "x" * 1025})
    assert status == 422


async def test_sign_in_me_and_sign_out(api: Api, make_tenant, app) -> None:
    t = await make_tenant(auth_config={"email_verification_required": False})
    email = _email()
    status, _, _ = await t.public(
        "POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD, "name": "Bo"}
    )
    status, body, _ = await t.public(
        "POST", "/v1/auth/sign-in", json={"email": email.upper(), "password": STRONG_PASSWORD}
    )
    assert status == 200, body
    assert body["user"]["email"] == email and "private_metadata" not in body["user"]
    assert body["user"]["last_sign_in_at"] is not None
    token = body["session"]["access_token"]
    # welcome email on the first sign-in only
    assert len(await _outbox(app, t.id, "welcome")) == 1
    status, again, _ = await t.public("POST", "/v1/auth/sign-in", json={"email": email, "password": STRONG_PASSWORD})
    assert status == 200 and len(await _outbox(app, t.id, "welcome")) == 1
    status, me, _ = await api.call("GET", "/v1/auth/me", token=token, tenant=t.id)
    assert status == 200
    assert set(me) == {
        "id",
        "email",
        "name",
        "email_verified",
        "mfa_enabled",
        "role",
        "public_metadata",
        "created_at",
        "updated_at",
    }
    assert me["name"] == "Bo" and me["role"] == "member"
    # the publishable key is not an access token
    status, body, _ = await t.public("GET", "/v1/auth/me")
    assert status == 403
    status, body, _ = await api.call("POST", "/v1/auth/sign-out", token=token, tenant=t.id)
    assert status == 204 and body is None
    status, body, _ = await api.call("GET", "/v1/auth/me", token=token, tenant=t.id)
    assert status == 401
    assert_error(body, "unauthenticated", 401)
    # the other session is untouched
    status, _, _ = await api.call("GET", "/v1/auth/me", token=again["session"]["access_token"], tenant=t.id)
    assert status == 200
    revoked = await events(app, t.id, "session.revoked")
    assert revoked[0]["id"] == body_session_id(token) and revoked[0]["reason"] == "signed_out"


def body_session_id(token: str) -> str:
    return jwt.decode(token, options={"verify_signature": False})["sid"]


async def test_sign_in_errors_do_not_enumerate(api: Api, tenant, sign_up) -> None:
    created = await sign_up()
    email = created["user"]["email"]
    wrong = await tenant.public("POST", "/v1/auth/sign-in", json={"email": email, "password": "Wrong password 1"})
    missing = await tenant.public("POST", "/v1/auth/sign-in", json={"email": _email(), "password": "Wrong password 1"})
    malformed = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": "not-an-email", "password": "Wrong password 1"}
    )
    for status, body, _ in (wrong, missing, malformed):
        assert status == 401
        assert_error(body, "invalid_credentials", 401)
    assert wrong[1]["error"]["message"] == missing[1]["error"]["message"] == malformed[1]["error"]["message"]


async def test_email_verification_required_blocks_sign_in(api: Api, tenant, sign_up) -> None:
    created = await sign_up()
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": created["user"]["email"], "password": STRONG_PASSWORD}
    )
    assert status == 403
    assert_error(body, "email_not_verified", 403)
    # but the sign-up session works
    status, _, _ = await api.call("GET", "/v1/auth/me", token=created["session"]["access_token"], tenant=tenant.id)
    assert status == 200


async def test_disabled_and_banned_users_cannot_sign_in(api: Api, make_tenant, app) -> None:
    t = await make_tenant(auth_config={"email_verification_required": False})
    for status_value, code in (("disabled", "user_disabled"), ("banned", "user_banned")):
        email = _email()
        status, created, _ = await t.public(
            "POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD}
        )
        await state(app).pool.execute(
            "UPDATE users SET status = $3 WHERE tenant_id = $1 AND id = $2", t.id, created["user"]["id"], status_value
        )
        status, body, _ = await t.public("POST", "/v1/auth/sign-in", json={"email": email, "password": STRONG_PASSWORD})
        assert status == 403
        assert_error(body, code, 403)
        # a wrong password still says only invalid_credentials
        status, body, _ = await t.public(
            "POST", "/v1/auth/sign-in", json={"email": email, "password": "nope nope nope"}
        )
        assert status == 401
        status, body, _ = await t.public(
            "POST", "/v1/auth/token/refresh", json={"refresh_token": created["session"]["refresh_token"]}
        )
        assert status == 403
        assert_error(body, code, 403)


async def test_suspended_tenant_refuses_sign_in_but_keeps_sessions(api: Api, make_tenant) -> None:
    t = await make_tenant(auth_config={"email_verification_required": False})
    email = _email()
    status, created, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD})
    status, _, _ = await api.call("POST", f"/v1/tenants/{t.id}/suspend", token="mk_live_" + "t" * 40, json={})
    assert status == 200
    for path, body in (
        ("/v1/auth/sign-in", {"email": email, "password": STRONG_PASSWORD}),
        ("/v1/auth/sign-up", {"email": _email(), "password": STRONG_PASSWORD}),
        ("/v1/auth/magic-link", {"email": email, "redirect_url": "https://app.example.com/cb"}),
        ("/v1/auth/password/forgot", {"email": email, "redirect_url": "https://app.example.com/cb"}),
    ):
        status, answer, _ = await t.public("POST", path, json=body)
        assert status == 403, path
        assert_error(answer, "tenant_suspended", 403)
    status, _, _ = await api.call("GET", "/v1/auth/me", token=created["session"]["access_token"], tenant=t.id)
    assert status == 200
    status, pair, _ = await t.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": created["session"]["refresh_token"]}
    )
    assert status == 200


async def test_sign_up_disabled(api: Api, make_tenant) -> None:
    t = await make_tenant(auth_config={"sign_up_enabled": False})
    status, body, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": _email(), "password": STRONG_PASSWORD})
    assert status == 403
    assert_error(body, "sign_up_disabled", 403)


async def test_access_token_of_another_tenant_is_refused(api: Api, make_tenant, sign_up) -> None:
    other = await make_tenant()
    created = await sign_up()
    status, body, _ = await api.call("GET", "/v1/auth/me", token=created["session"]["access_token"], tenant=other.id)
    assert status == 401
    assert_error(body, "unauthenticated")


async def test_concurrent_sign_ins_each_get_a_session(api: Api, make_tenant) -> None:
    t = await make_tenant(auth_config={"email_verification_required": False})
    email = _email()
    await t.public("POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD})
    results = await asyncio.gather(
        *[t.public("POST", "/v1/auth/sign-in", json={"email": email, "password": STRONG_PASSWORD}) for _ in range(4)]
    )
    assert [r[0] for r in results] == [200] * 4
    assert len({r[1]["session"]["id"] for r in results}) == 4
