"""Magic links, password forgot/reset, email verification (API and the emailed page)."""

from __future__ import annotations

import uuid

from identity.state import state
from identity.users import store as users
from tests.support.api import MASTER_KEY, STRONG_PASSWORD, Api, assert_error
from tests.support.mail import emails_of, token_in
from tests.support.oauth import parse_page

REDIRECT = "https://app.example.com/auth/callback?next=%2Fhome"


def _email() -> str:
    return f"link-{uuid.uuid4().hex[:10]}@example.com"


async def _magic_token(app, tenant, email: str, **extra) -> str:
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/magic-link", json={"email": email, "redirect_url": REDIRECT, **extra}
    )
    assert status == 200 and body == {"sent": True}
    mails = await emails_of(app, tenant.id, "magic_link")
    assert mails and mails[-1]["to"] == email
    return token_in(mails[-1]["variables"]["magic_link_url"])


async def test_magic_link_signs_in_and_verifies_the_email(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    email = created["user"]["email"]
    token = await _magic_token(app, tenant, email)
    mail = (await emails_of(app, tenant.id, "magic_link"))[-1]
    url = mail["variables"]["magic_link_url"]
    assert url.startswith("https://app.example.com/auth/callback?next=%2Fhome&token=")
    assert mail["variables"]["expires_in"] == "15 minutes"
    status, body, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert status == 200, body
    assert body["user"]["id"] == created["user"]["id"] and body["user"]["email_verified"] is True
    assert body["session"]["access_token"]
    # The password chosen before the address was proven is gone (tests/test_prehijack.py).
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": email, "password": STRONG_PASSWORD}
    )
    assert_error(body, "invalid_credentials", 401)
    # a used link is refused
    status, body, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert status == 401
    assert_error(body, "invalid_token", 401)
    assert len(await emails_of(app, tenant.id, "welcome")) == 1


async def test_magic_link_does_not_enumerate(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    known = await tenant.public(
        "POST", "/v1/auth/magic-link", json={"email": created["user"]["email"], "redirect_url": REDIRECT}
    )
    unknown = await tenant.public("POST", "/v1/auth/magic-link", json={"email": _email(), "redirect_url": REDIRECT})
    assert known[0] == unknown[0] == 200 and known[1] == unknown[1] == {"sent": True}
    assert len(await emails_of(app, tenant.id, "magic_link")) == 1  # only the real user got one


async def test_magic_link_creates_the_user_when_asked(api: Api, app, tenant) -> None:
    email = _email()
    token = await _magic_token(app, tenant, email, create_if_not_exists=True)
    assert await users.get_by_email(state(app).pool, tenant.id, email) is None  # not before the click
    status, body, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert status == 200
    assert body["user"]["email"] == email and body["user"]["email_verified"] is True
    rows = await state(app).pool.fetch(
        "SELECT data FROM events WHERE tenant_id = $1 AND type = 'user.created'", tenant.id
    )
    assert [r["data"]["email"] for r in rows] == [email]


async def test_magic_link_with_sign_up_disabled_creates_nobody(api: Api, app, make_tenant) -> None:
    t = await make_tenant(auth_config={"sign_up_enabled": False})
    status, body, _ = await t.public(
        "POST", "/v1/auth/magic-link", json={"email": _email(), "redirect_url": REDIRECT, "create_if_not_exists": True}
    )
    assert status == 200 and body == {"sent": True}
    assert await emails_of(app, t.id, "magic_link") == []


async def test_magic_link_errors(api: Api, app, tenant, make_tenant, sign_up) -> None:
    created = await sign_up()
    for bad in (
        "/relative",
        "javascript:alert(1)",
        "ftp://x.example.com",
        "https://user:pw@x.example.com",
        "https://",
        "not a url",
    ):
        status, body, _ = await tenant.public(
            "POST", "/v1/auth/magic-link", json={"email": created["user"]["email"], "redirect_url": bad}
        )
        assert status == 422, bad
        assert_error(body, "validation_error")
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/magic-link", json={"email": "nope", "redirect_url": REDIRECT}
    )
    assert status == 422
    assert_error(body, "invalid_email")
    status, body, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": "made-up"})
    assert status == 401
    assert_error(body, "invalid_token")
    token = await _magic_token(app, tenant, created["user"]["email"])
    await state(app).pool.execute(
        "UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE tenant_id = $1", tenant.id
    )
    status, body, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert status == 401
    assert_error(body, "token_expired", 401)
    # a token of one tenant means nothing in another
    token = await _magic_token(app, tenant, created["user"]["email"])
    other = await make_tenant()
    status, body, _ = await other.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert status == 401


async def test_redirect_must_be_an_allowed_origin_when_the_tenant_lists_them(api: Api, app, make_tenant) -> None:
    t = await make_tenant(auth_config={"allowed_origins": ["https://app.example.com", "http://localhost:5173"]})
    email = _email()
    for ok in ("https://app.example.com/cb", "http://localhost:5173/x"):
        status, _, _ = await t.public("POST", "/v1/auth/password/forgot", json={"email": email, "redirect_url": ok})
        assert status == 200, ok
    for bad in ("https://evil.example.com/cb", "http://app.example.com/cb", "https://app.example.com:8443/cb"):
        status, body, _ = await t.public("POST", "/v1/auth/password/forgot", json={"email": email, "redirect_url": bad})
        assert status == 422, bad


async def test_forgot_and_reset(api: Api, app, tenant, sign_up) -> None:
    a = await sign_up()
    b = await sign_up()
    email = a["user"]["email"]
    known = await tenant.public("POST", "/v1/auth/password/forgot", json={"email": email, "redirect_url": REDIRECT})
    unknown = await tenant.public(
        "POST", "/v1/auth/password/forgot", json={"email": _email(), "redirect_url": REDIRECT}
    )
    assert known[0] == unknown[0] == 200 and known[1] == unknown[1] == {"sent": True}
    mails = await emails_of(app, tenant.id, "password_reset")
    assert len(mails) == 1 and mails[0]["to"] == email and mails[0]["variables"]["expires_in"] == "1 hour"
    token = token_in(mails[0]["variables"]["reset_url"])
    # a weak password is refused and the token stays usable
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/password/reset", json={"token": token, "password": "password"}
    )
    assert status == 422
    assert_error(body, "password_too_weak")
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/password/reset", json={"token": token, "password": "a completely new passphrase"}
    )
    assert status == 200, body
    assert body["user"]["id"] == a["user"]["id"] and body["user"]["email_verified"] is True
    new_token = body["session"]["access_token"]
    # other sessions of the user are revoked; other users untouched
    assert (await api.call("GET", "/v1/auth/me", token=a["session"]["access_token"], tenant=tenant.id))[0] == 401
    assert (await api.call("GET", "/v1/auth/me", token=new_token, tenant=tenant.id))[0] == 200
    assert (await api.call("GET", "/v1/auth/me", token=b["session"]["access_token"], tenant=tenant.id))[0] == 200
    status, _, _ = await tenant.public("POST", "/v1/auth/sign-in", json={"email": email, "password": STRONG_PASSWORD})
    assert status == 401
    status, _, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": email, "password": "a completely new passphrase"}
    )
    assert status == 200
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/password/reset", json={"token": token, "password": "another new passphrase"}
    )
    assert status == 401
    assert_error(body, "invalid_token")
    events = await state(app).pool.fetch(
        "SELECT data FROM events WHERE tenant_id = $1 AND type = 'user.password_changed'", tenant.id
    )
    assert [e["data"]["id"] for e in events] == [a["user"]["id"]]


async def test_reset_token_errors(api: Api, app, tenant, sign_up) -> None:
    a = await sign_up()
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/password/reset", json={"token": "unknown", "password": "a completely new passphrase"}
    )
    assert status == 401
    assert_error(body, "invalid_token")
    await tenant.public(
        "POST", "/v1/auth/password/forgot", json={"email": a["user"]["email"], "redirect_url": REDIRECT}
    )
    token = token_in((await emails_of(app, tenant.id, "password_reset"))[-1]["variables"]["reset_url"])
    await state(app).pool.execute(
        "UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE tenant_id = $1", tenant.id
    )
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/password/reset", json={"token": token, "password": "a completely new passphrase"}
    )
    assert status == 401
    assert_error(body, "token_expired")
    # a magic-link token is not a reset token
    await tenant.public("POST", "/v1/auth/magic-link", json={"email": a["user"]["email"], "redirect_url": REDIRECT})
    magic = token_in((await emails_of(app, tenant.id, "magic_link"))[-1]["variables"]["magic_link_url"])
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/password/reset", json={"token": magic, "password": "a completely new passphrase"}
    )
    assert status == 401


async def test_verify_email_api(api: Api, app, tenant, sign_up) -> None:
    a = await sign_up()
    url = (await emails_of(app, tenant.id, "verification"))[-1]["variables"]["verify_url"]
    token = token_in(url)
    status, body, _ = await tenant.public("POST", "/v1/auth/verify-email", json={"token": token})
    assert status == 200
    assert body["user"]["id"] == a["user"]["id"] and body["user"]["email_verified"] is True
    assert "private_metadata" not in body["user"]
    status, body, _ = await tenant.public("POST", "/v1/auth/verify-email", json={"token": token})
    assert status == 401
    assert_error(body, "invalid_token")
    status, _, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": a["user"]["email"], "password": STRONG_PASSWORD}
    )
    assert status == 200
    updated = await state(app).pool.fetch(
        "SELECT data FROM events WHERE tenant_id = $1 AND type = 'user.updated'", tenant.id
    )
    assert updated[0]["data"]["fields"] == ["email_verified"]


async def test_verify_email_page(api: Api, app, tenant, sign_up) -> None:
    a = await sign_up(email="page-<b>x</b>@example.com")
    token = token_in((await emails_of(app, tenant.id, "verification"))[-1]["variables"]["verify_url"])
    # The link's GET asks to confirm and changes nothing (tests/test_prehijack.py); the button
    # posts the token with the page's CSRF token.
    status, html, resp = await api.call("GET", f"/v1/auth/verify-email?token={token}")
    assert status == 200 and resp.content_type == "text/html"
    assert "Confirm that you created" in html and "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert resp.headers["Cache-Control"] == "no-store"
    row = await users.get(state(app).pool, tenant.id, a["user"]["id"])
    assert row.email_verified is False
    [form] = parse_page(html).forms
    status, html, resp = await api.call("POST", "/v1/auth/verify-email/confirm", data=form["fields"])
    assert status == 200 and resp.content_type == "text/html"
    assert "Email verified" in html and "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    row = await users.get(state(app).pool, tenant.id, a["user"]["id"])
    assert row.email_verified is True
    status, html, _ = await api.call("GET", f"/v1/auth/verify-email?token={token}")
    assert status == 200 and "already verified" in html
    for query in ("?token=nope", "", "?token="):
        status, html, resp = await api.call("GET", f"/v1/auth/verify-email{query}")
        assert status == 400 and resp.content_type == "text/html" and "not valid" in html
    b = await sign_up()
    token = token_in((await emails_of(app, tenant.id, "verification"))[-1]["variables"]["verify_url"])
    await state(app).pool.execute(
        "UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE tenant_id = $1 AND user_id = $2",
        tenant.id,
        b["user"]["id"],
    )
    status, html, _ = await api.call("GET", f"/v1/auth/verify-email?token={token}")
    assert status == 400 and "expired" in html


async def test_resend_verification(api: Api, app, tenant, sign_up) -> None:
    a = await sign_up()
    first = token_in((await emails_of(app, tenant.id, "verification"))[-1]["variables"]["verify_url"])
    known = await tenant.public("POST", "/v1/auth/verify-email/resend", json={"email": a["user"]["email"]})
    unknown = await tenant.public("POST", "/v1/auth/verify-email/resend", json={"email": _email()})
    assert known[0] == unknown[0] == 200 and known[1] == unknown[1] == {"sent": True}
    mails = await emails_of(app, tenant.id, "verification")
    assert len(mails) == 2
    second = token_in(mails[-1]["variables"]["verify_url"])
    # the newer link replaces the older one
    status, _, _ = await tenant.public("POST", "/v1/auth/verify-email", json={"token": first})
    assert status == 401
    status, _, _ = await tenant.public("POST", "/v1/auth/verify-email", json={"token": second})
    assert status == 200
    await tenant.public("POST", "/v1/auth/verify-email/resend", json={"email": a["user"]["email"]})
    assert len(await emails_of(app, tenant.id, "verification")) == 2  # verified: nothing more sent
    status, body, _ = await tenant.public("POST", "/v1/auth/verify-email/resend", json={"email": "bad"})
    assert status == 422


async def test_owner_email_creates_an_admin_who_signs_in_by_link(api: Api, app, make_tenant) -> None:
    t = await make_tenant(owner_email="Owner@Example.com")
    status, tenant_body, _ = await api.call("GET", f"/v1/tenants/{t.id}", token=MASTER_KEY)
    assert tenant_body["user_count"] == 1
    row = await users.get_by_email(state(app).pool, t.id, "owner@example.com")
    assert row.role == "admin" and row.password_hash is None
    token = await _magic_token(app, t, "owner@example.com")
    status, body, _ = await t.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert status == 200 and body["user"]["role"] == "admin"
    import jwt

    assert jwt.decode(body["session"]["access_token"], options={"verify_signature": False})["role"] == "admin"


async def test_openapi_describes_the_auth_routes(api: Api) -> None:
    status, spec, _ = await api.call("GET", "/openapi.json")
    paths = spec["paths"]
    for path, method in (
        ("/v1/auth/sign-up", "post"),
        ("/v1/auth/sign-in", "post"),
        ("/v1/auth/sign-out", "post"),
        ("/v1/auth/token/refresh", "post"),
        ("/v1/auth/magic-link", "post"),
        ("/v1/auth/magic-link/verify", "post"),
        ("/v1/auth/password/forgot", "post"),
        ("/v1/auth/password/reset", "post"),
        ("/v1/auth/me", "get"),
        ("/v1/auth/verify-email", "post"),
        ("/v1/auth/verify-email", "get"),
        ("/v1/auth/verify-email/resend", "post"),
        ("/v1/sessions", "get"),
        ("/v1/sessions", "delete"),
        ("/v1/sessions/{id}", "get"),
        ("/v1/sessions/{id}", "delete"),
        ("/v1/sessions/verify", "post"),
        ("/.well-known/jwks.json", "get"),
    ):
        assert method in paths[path], (path, method)
