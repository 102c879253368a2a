"""Passwordless sign-in through the API: the email code (a first factor) and the discoverable
passkey, plus the hosted landing page counting as a magic link's redirect."""

from __future__ import annotations

import dataclasses
import uuid

import msgspec
import pytest

from identity.app import create_app
from identity.state import state
from tests.support.api import STRONG_PASSWORD, Api, assert_error
from tests.support.mail import emails_of
from tests.support.mfa import (
    ORIGIN,
    SoftAuthenticator,
    claims,
    enroll_passkey,
    enroll_totp,
    make_tenant_for_mfa,
    new_user,
)
from tests.support.records import events

VERIFY = "/v1/auth/email-code/verify"


def _email() -> str:
    return f"code-{uuid.uuid4().hex[:10]}@example.com"


async def _request(tenant, email: str) -> None:
    status, body, _ = await tenant.public("POST", "/v1/auth/email-code", json={"email": email})
    assert status == 200 and body == {"sent": True}, body


async def _code(app, tenant, email: str) -> str:
    mails = [m for m in await emails_of(app, tenant.id, "email_code") if m["to"] == email]
    assert mails, "no email_code email"
    return mails[-1]["variables"]["code"]


# -- email code ------------------------------------------------------------------------------------


async def test_email_code_signs_in_and_proves_the_address(app, tenant, sign_up) -> None:
    created = await sign_up()
    email = created["user"]["email"]
    await _request(tenant, email)
    code = await _code(app, tenant, email)
    mail = (await emails_of(app, tenant.id, "email_code"))[-1]
    assert len(code) == 6 and code.isdigit() and mail["variables"]["expires_in"] == "10 minutes"
    # only a keyed hash is stored
    row = await state(app).pool.fetchrow("SELECT * FROM email_sign_in_codes WHERE tenant_id = $1", tenant.id)
    assert code not in row["code_hash"] and row["user_id"] == created["user"]["id"]

    wrong = "000000" if code != "000000" else "111111"
    status, body, _ = await tenant.public("POST", VERIFY, json={"email": email, "code": wrong})
    assert_error(body, "invalid_code", 401)
    status, body, _ = await tenant.public(
        "POST", VERIFY, json={"email": email.upper(), "code": f"{code[:3]} {code[3:]}"}
    )
    assert status == 200, body
    assert body["user"]["id"] == created["user"]["id"] and body["user"]["email_verified"] is True
    assert body["session"]["access_token"]
    # the proof of the inbox applies the pre-hijacking rule: the earlier password is discarded
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": email, "password": STRONG_PASSWORD}
    )
    assert_error(body, "invalid_credentials", 401)
    [changed] = await events(app, tenant.id, "user.password_changed")
    assert changed["reason"] == "email_proven"
    # spent: the same code again is refused
    status, body, _ = await tenant.public("POST", VERIFY, json={"email": email, "code": code})
    assert_error(body, "invalid_code", 401)
    assert len(await emails_of(app, tenant.id, "welcome")) == 1


async def test_email_code_reveals_no_accounts(app, tenant, sign_up) -> None:
    created = await sign_up()
    email = created["user"]["email"]
    await _request(tenant, email)
    await _request(tenant, _email())  # the same answer for an unknown address
    assert [m["to"] for m in await emails_of(app, tenant.id, "email_code")] == [email]
    status, known, _ = await tenant.public("POST", VERIFY, json={"email": email, "code": "12345x"})
    status2, unknown, _ = await tenant.public("POST", VERIFY, json={"email": _email(), "code": "123456"})
    assert status == status2 == 401
    assert known["error"]["message"] == unknown["error"]["message"]
    assert known["error"]["code"] == unknown["error"]["code"] == "invalid_code"


async def test_email_code_wears_out_expires_and_is_replaced(app, tenant, sign_up) -> None:
    email = (await sign_up())["user"]["email"]
    await _request(tenant, email)
    code = await _code(app, tenant, email)
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(5):
        status, body, _ = await tenant.public("POST", VERIFY, json={"email": email, "code": wrong})
        assert status == 401
    status, body, _ = await tenant.public("POST", VERIFY, json={"email": email, "code": code})
    assert_error(body, "invalid_code", 401)  # five wrong tries spent it

    # a new code replaces the older one
    await _request(tenant, email)
    first = await _code(app, tenant, email)
    await _request(tenant, email)
    second = await _code(app, tenant, email)
    if first != second:
        status, body, _ = await tenant.public("POST", VERIFY, json={"email": email, "code": first})
        assert_error(body, "invalid_code", 401)
    # past its ten minutes it is refused
    await state(app).pool.execute(
        "UPDATE email_sign_in_codes SET expires_at = now() - interval '1 second' WHERE tenant_id = $1", tenant.id
    )
    status, body, _ = await tenant.public("POST", VERIFY, json={"email": email, "code": second})
    assert_error(body, "invalid_code", 401)


async def test_email_code_goes_through_the_mfa_gate(app, make_tenant) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    # verified first: a factor enrolled before the address's first proof would be removed by it
    status, _, _ = await tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"email_verified": True})
    assert status == 200
    await enroll_totp(tenant, user["id"])
    await _request(tenant, user["email"])
    code = await _code(app, tenant, user["email"])
    status, body, _ = await tenant.public("POST", VERIFY, json={"email": user["email"], "code": code})
    assert status == 403, body
    assert_error(body, "mfa_required", 403)
    assert body["error"]["mfa_challenge"]["factor_type"] == "totp"


async def test_email_code_for_a_disabled_user_sends_nothing(app, tenant, sign_up) -> None:
    created = await sign_up()
    status, _, _ = await tenant.secret("PATCH", f"/v1/users/{created['user']['id']}", json={"status": "disabled"})
    assert status == 200
    await _request(tenant, created["user"]["email"])
    assert await emails_of(app, tenant.id, "email_code") == []


@pytest.fixture
async def limited_api(aiohttp_client, settings, database_dsn) -> Api:
    app = create_app(dataclasses.replace(settings, rate_limits_enabled=True), dsn=database_dsn)
    return Api(await aiohttp_client(app))


async def test_email_code_requests_are_limited_per_address(limited_api: Api, make_tenant) -> None:
    tenant = await make_tenant()
    email = _email()
    answers = []
    for _ in range(6):
        status, body, _ = await limited_api.call(
            "POST", "/v1/auth/email-code", token=tenant.pk, tenant=tenant.id, json={"email": email}
        )
        answers.append(status)
    assert answers[:5] == [200] * 5 and answers[5] == 429, answers
    assert_error(body, "rate_limit_exceeded", 429)
    # another address from the same client is still served (per-address rule)
    status, body, _ = await limited_api.call(
        "POST", "/v1/auth/email-code", token=tenant.pk, tenant=tenant.id, json={"email": _email()}
    )
    assert status == 200, body


# -- passkey -----------------------------------------------------------------------------------------


async def _options(tenant) -> dict:
    status, body, _ = await tenant.public("POST", "/v1/auth/passkey/options")
    assert status == 200, body
    return body["options"]


async def test_passkey_signs_in_without_an_email(app, make_tenant) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, allowed_origins=[ORIGIN])
    user = await new_user(tenant)
    authenticator = SoftAuthenticator()
    factor = await enroll_passkey(tenant, user["id"], authenticator)
    options = await _options(tenant)
    assert options["rpId"] == "app.example.com" and options["allowCredentials"] == []
    assert options["userVerification"] == "required" and len(options["challenge"]) >= 43
    assertion = authenticator.get(options)
    status, body, _ = await tenant.public("POST", "/v1/auth/passkey/verify", json={"credential": assertion})
    assert status == 200, body
    assert body["user"]["id"] == user["id"]
    assert claims(body["session"]["access_token"])["mfa_verified"] is True
    # single use: the same assertion (and challenge) again is refused
    status, body, _ = await tenant.public("POST", "/v1/auth/passkey/verify", json={"credential": assertion})
    assert_error(body, "invalid_code", 401)
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/mfa/factors")
    assert [f["last_used_at"] is not None for f in listed["data"] if f["id"] == factor["id"]] == [True]


async def test_passkey_sign_in_refuses_bad_assertions(app, make_tenant) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, allowed_origins=[ORIGIN])
    user = await new_user(tenant)
    authenticator = SoftAuthenticator()
    await enroll_passkey(tenant, user["id"], authenticator)
    cases = [
        lambda o: authenticator.get(o, origin="https://evil.example.net"),  # another origin
        lambda o: authenticator.get(o, user_verified=False),  # no user verification
        lambda o: authenticator.get({**o, "challenge": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}),  # unknown
        lambda o: "not json",
    ]
    for make in cases:
        options = await _options(tenant)
        status, body, _ = await tenant.public("POST", "/v1/auth/passkey/verify", json={"credential": make(options)})
        assert status == 401, body
        assert_error(body, "invalid_code")
    # a refused assertion spends its challenge: a good answer to it afterwards is refused too
    options = await _options(tenant)
    bad = authenticator.get(options, origin="https://evil.example.net")
    status, _, _ = await tenant.public("POST", "/v1/auth/passkey/verify", json={"credential": bad})
    assert status == 401
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/passkey/verify", json={"credential": authenticator.get(options)}
    )
    assert_error(body, "invalid_code", 401)
    # a replayed (lower) sign count is refused
    options = await _options(tenant)
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/passkey/verify", json={"credential": authenticator.get(options)}
    )
    assert status == 200, body
    options = await _options(tenant)
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/passkey/verify", json={"credential": authenticator.get(options, count=1)}
    )
    assert_error(body, "invalid_code", 401)


async def test_passkey_of_another_tenant_and_inactive_users_are_refused(app, make_tenant) -> None:
    home = await make_tenant_for_mfa(make_tenant, allowed_origins=[ORIGIN])
    other = await make_tenant_for_mfa(make_tenant, allowed_origins=[ORIGIN])
    user = await new_user(home)
    authenticator = SoftAuthenticator()
    await enroll_passkey(home, user["id"], authenticator)
    status, body, _ = await other.public(
        "POST", "/v1/auth/passkey/verify", json={"credential": authenticator.get(await _options(other))}
    )
    assert_error(body, "invalid_code", 401)
    status, _, _ = await home.secret("PATCH", f"/v1/users/{user['id']}", json={"status": "disabled"})
    assert status == 200
    status, body, _ = await home.public(
        "POST", "/v1/auth/passkey/verify", json={"credential": authenticator.get(await _options(home))}
    )
    assert_error(body, "user_disabled", 403)


async def test_passkey_sign_in_needs_an_allowed_origin(make_tenant) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, allowed_origins=[])
    status, body, _ = await tenant.public("POST", "/v1/auth/passkey/options")
    assert_error(body, "webauthn_not_configured", 409)


# -- magic link to the hosted landing page ----------------------------------------------------------


async def test_magic_link_may_land_on_the_hosted_page(app, make_tenant, settings) -> None:
    tenant = await make_tenant(auth_config={"allowed_origins": [ORIGIN]})
    status, _, _ = await tenant.secret("POST", "/v1/users", json={"email": (email := _email())})
    assert status == 201
    landing = f"{settings.public_url}/oauth/{tenant.id}/magic-link/verify?flow=hfl_x"
    status, body, _ = await tenant.public("POST", "/v1/auth/magic-link", json={"email": email, "redirect_url": landing})
    assert status == 200, body
    [mail] = await emails_of(app, tenant.id, "magic_link")
    assert mail["variables"]["magic_link_url"].startswith(landing + "&token=")
    refused = [
        f"{settings.public_url}/oauth/{tenant.id}/magic-link/verify/../../x",
        f"{settings.public_url}/oauth/{tenant.id}/account",
        f"{settings.public_url}/oauth/ten_other/magic-link/verify",
        f"https://evil.example.net/oauth/{tenant.id}/magic-link/verify",
    ]
    for url in refused:
        status, body, _ = await tenant.public("POST", "/v1/auth/magic-link", json={"email": email, "redirect_url": url})
        assert_error(body, "validation_error", 422)


def test_hosted_relying_party() -> None:
    from identity.mfa.passkeys import hosted_relying_party

    own = hosted_relying_party("https://auth.example.com", {"allowed_origins": ["https://example.com"]})
    assert own is not None and own.id == "example.com" and own.origins == ["https://auth.example.com"]
    apart = hosted_relying_party("https://auth.example.com", {"allowed_origins": ["https://app.other.org"]})
    assert apart is not None and apart.id == "auth.example.com" and apart.origins == ["https://auth.example.com"]
    local = hosted_relying_party("http://localhost:8080", {"allowed_origins": []})
    assert local is not None and local.id == "localhost" and local.origins == ["http://localhost:8080"]
    assert hosted_relying_party("http://127.0.0.1:8080") is None
    assert hosted_relying_party("http://[::1]:8080") is None


async def test_a_bound_passkey_challenge_is_answered_only_where_it_was_handed_out(app, make_tenant) -> None:
    """The hosted pages bind their challenge to the flow and the browser: an assertion for it
    presented with another binding, or through the API (no binding), is refused."""
    from identity.http.errors import ApiError
    from identity.mfa import passkey_sign_in
    from identity.sessions.device import ClientInfo
    from identity.sessions.runtime import runtime

    tenant = await make_tenant_for_mfa(make_tenant, allowed_origins=[ORIGIN])
    user = await new_user(tenant)
    authenticator = SoftAuthenticator()
    await enroll_passkey(tenant, user["id"], authenticator)
    pool, rt = state(app).pool, runtime(app)
    record = await rt.tenants.get(pool, tenant.id)
    rp = passkey_sign_in.api_relying_party(record)
    client = ClientInfo(ip_address="203.0.113.7", user_agent="test")
    options = await passkey_sign_in.begin(pool, record, rp, binding="flow-a:browser-a")
    with pytest.raises(ApiError) as refused:
        await passkey_sign_in.finish(
            pool, rt, record, rp, authenticator.get(options), client, binding="flow-a:browser-b"
        )
    assert refused.value.code == "invalid_code"
    options = await passkey_sign_in.begin(pool, record, rp, binding="flow-a:browser-a")
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/passkey/verify", json={"credential": authenticator.get(options)}
    )
    assert_error(body, "invalid_code", 401)
    options = await passkey_sign_in.begin(pool, record, rp, binding="flow-a:browser-a")
    done = await passkey_sign_in.finish(
        pool, rt, record, rp, authenticator.get(options), client, binding="flow-a:browser-a"
    )
    # The service's answer as its JSON has it (a dict holding structs, or a struct).
    assert msgspec.to_builtins(done)["user"]["id"] == user["id"]


async def test_the_hosted_email_code_page_applies_the_apis_limits(aiohttp_client, settings, database_dsn, make_tenant):
    """The hosted page has no API credential for the route to count: it applies the REST
    endpoint's rules itself (5 codes per address per 10 minutes)."""
    import re as regex

    limited = create_app(dataclasses.replace(settings, rate_limits_enabled=True), dsn=database_dsn)
    client = await aiohttp_client(limited)
    tenant = await make_tenant()
    resp = await client.get(f"/oauth/{tenant.id}/email-code")
    assert resp.status == 200, await resp.text()
    page = await resp.text()
    csrf = regex.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    flow = regex.search(r'name="flow" value="([^"]+)"', page).group(1)
    email = _email()
    statuses = []
    for _ in range(6):
        resp = await client.post(
            f"/oauth/{tenant.id}/email-code",
            data={"csrf_token": csrf, "flow": flow, "email": email},
            allow_redirects=False,
        )
        statuses.append(resp.status)
    assert statuses[:5] == [302] * 5 and statuses[5] == 429, statuses
    assert "Too many attempts" in await resp.text()
