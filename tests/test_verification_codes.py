"""Email verification by code, the hosted sign-up's service (register) and the hosted reset page
as a reset link's target: the service rules behind the hosted sign-up and reset pages
(docs/auth.md, "Verification codes" and "Sign-up on the hosted page")."""

from __future__ import annotations

import uuid

import msgspec
import pytest

from identity.auth import links, service
from identity.auth.schemas import SignUp
from identity.http.errors import ApiError
from identity.principals import Tenant
from identity.sessions.device import ClientInfo
from identity.sessions.runtime import runtime
from identity.state import state
from identity.users import store as users
from tests.support.api import STRONG_PASSWORD, Api, assert_error
from tests.support.mail import emails_of, token_in

CLIENT = ClientInfo(ip_address="127.0.0.1", user_agent="pytest")


def _email() -> str:
    return f"code-{uuid.uuid4().hex[:10]}@example.com"


async def _tenant(app, tenant_id: str) -> Tenant:
    """The tenant as the routes get it (the runtime's tenant cache)."""
    return await runtime(app).tenants.get(state(app).pool, tenant_id)


async def _latest_verification(app, tenant_id: str) -> dict:
    return (await emails_of(app, tenant_id, "verification"))[-1]["variables"]


async def _verify(tenant, email: str, code: str):
    return await tenant.public("POST", "/v1/auth/verify-email/code", json={"email": email, "code": code})


async def test_the_verification_email_carries_a_code_that_verifies(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    email = created["user"]["email"]
    mail = await _latest_verification(app, tenant.id)
    code = mail["code"]
    assert len(code) == 6 and code.isdigit()
    row = await state(app).pool.fetchrow(
        "SELECT code_hash, code_attempts FROM one_time_tokens WHERE tenant_id = $1 AND user_id = $2",
        tenant.id,
        created["user"]["id"],
    )
    assert row["code_hash"] and code not in row["code_hash"] and row["code_attempts"] == 0  # keyed hash only
    # "123 456" is read as 123456
    status, body, _ = await _verify(tenant, email, f"{code[:3]} {code[3:]}")
    assert status == 200, body
    assert body["user"]["id"] == created["user"]["id"] and body["user"]["email_verified"] is True
    # the code and the link were one row: both are spent now
    status, body, _ = await _verify(tenant, email, code)
    assert_error(body, "invalid_code", 401)
    status, body, _ = await tenant.public("POST", "/v1/auth/verify-email", json={"token": token_in(mail["verify_url"])})
    assert_error(body, "invalid_token", 401)
    # the first proof ended the sign-up's session (docs/auth.md), as the link does
    status, body, _ = await api.call("GET", "/v1/auth/me", token=created["session"]["access_token"], tenant=tenant.id)
    assert status == 401


async def test_wrong_codes_are_counted_and_void_the_code_but_not_the_link(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    email = created["user"]["email"]
    mail = await _latest_verification(app, tenant.id)
    wrong = f"{(int(mail['code']) + 1) % 1_000_000:06d}"
    for attempt in range(5):
        status, body, _ = await _verify(tenant, email, wrong if attempt % 2 else "not a code")
        assert_error(body, "invalid_code", 401)
    # the right code now: void after 5 wrong ones
    status, body, _ = await _verify(tenant, email, mail["code"])
    assert_error(body, "invalid_code", 401)
    assert (await users.get(state(app).pool, tenant.id, created["user"]["id"])).email_verified is False
    status, body, _ = await tenant.public("POST", "/v1/auth/verify-email", json={"token": token_in(mail["verify_url"])})
    assert status == 200 and body["user"]["email_verified"] is True


async def test_unknown_addresses_and_other_users_codes_answer_the_same(api: Api, app, tenant, sign_up) -> None:
    a = await sign_up()
    code_a = (await _latest_verification(app, tenant.id))["code"]
    b = await sign_up()
    unknown = await _verify(tenant, _email(), code_a)
    other = await _verify(tenant, b["user"]["email"], code_a if code_a != "000000" else "000001")
    assert unknown[0] == other[0] == 401
    assert unknown[1]["error"]["code"] == other[1]["error"]["code"] == "invalid_code"
    assert unknown[1]["error"]["message"] == other[1]["error"]["message"]
    status, body, _ = await _verify(tenant, a["user"]["email"], code_a)
    assert status == 200
    status, body, _ = await _verify(tenant, "not an email", code_a)
    assert status == 422


async def test_an_expired_code_is_told_only_when_it_is_right(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    email = created["user"]["email"]
    code = (await _latest_verification(app, tenant.id))["code"]
    await state(app).pool.execute(
        "UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE tenant_id = $1 AND user_id = $2",
        tenant.id,
        created["user"]["id"],
    )
    status, body, _ = await _verify(tenant, email, f"{(int(code) + 1) % 1_000_000:06d}")
    assert_error(body, "invalid_code", 401)
    status, body, _ = await _verify(tenant, email, code)
    assert_error(body, "token_expired", 401)


async def test_a_resent_email_replaces_the_code(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    email = created["user"]["email"]
    first = (await _latest_verification(app, tenant.id))["code"]
    status, _, _ = await tenant.public("POST", "/v1/auth/verify-email/resend", json={"email": email})
    assert status == 200
    second = (await _latest_verification(app, tenant.id))["code"]
    if first != second:
        status, body, _ = await _verify(tenant, email, first)
        assert_error(body, "invalid_code", 401)
    status, body, _ = await _verify(tenant, email, second)
    assert status == 200


async def test_the_hosted_resend_has_a_cooldown(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    email = created["user"]["email"]
    t = await _tenant(app, tenant.id)
    rt = runtime(app)
    pool = state(app).pool
    page = f"http://testserver/oauth/{tenant.id}/verify-email?flow=hfl_x"
    from identity.users.onetime import RESEND_COOLDOWN

    await links.resend_verification(pool, rt, "", t, email, page_url=page, cooldown=RESEND_COOLDOWN)
    assert len(await emails_of(app, tenant.id, "verification")) == 1  # the sign-up's email is too recent
    await pool.execute(
        "UPDATE one_time_tokens SET created_at = now() - interval '61 seconds' WHERE tenant_id = $1 AND user_id = $2",
        tenant.id,
        created["user"]["id"],
    )
    # another user's flow cannot resend for this address
    await links.resend_verification(
        pool, rt, "", t, email, page_url=page, user_id="usr_other", cooldown=RESEND_COOLDOWN
    )
    assert len(await emails_of(app, tenant.id, "verification")) == 1
    await links.resend_verification(
        pool, rt, "", t, email, page_url=page, user_id=created["user"]["id"], cooldown=RESEND_COOLDOWN
    )
    mails = await emails_of(app, tenant.id, "verification")
    assert len(mails) == 2 and mails[-1]["variables"]["verify_url"].startswith(page + "&token=")


async def test_register_never_says_an_address_is_taken(api: Api, app, tenant, sign_up) -> None:
    existing = await sign_up()
    t = await _tenant(app, tenant.id)
    rt, pool = runtime(app), state(app).pool
    urls = {
        "verify_page_url": f"http://testserver/oauth/{tenant.id}/verify-email?flow=hfl_a",
        "sign_in_url": f"http://testserver/oauth/{tenant.id}/sign-in",
        "forgot_password_url": f"http://testserver/oauth/{tenant.id}/forgot-password",
    }
    before = len(await emails_of(app, tenant.id, "verification"))
    taken = await service.register(
        pool, rt, t, SignUp(email=existing["user"]["email"].upper(), password=STRONG_PASSWORD), **urls
    )
    assert taken.user_id is None and taken.email == existing["user"]["email"]
    [told] = await emails_of(app, tenant.id, "account_exists")
    assert told["to"] == existing["user"]["email"]
    assert told["variables"] == {"sign_in_url": urls["sign_in_url"], "forgot_password_url": urls["forgot_password_url"]}
    assert len(await emails_of(app, tenant.id, "verification")) == before
    email = _email()
    new = await service.register(pool, rt, t, SignUp(email=email, password=STRONG_PASSWORD), **urls)
    assert new.user_id is not None and new.email == email
    mail = await _latest_verification(app, tenant.id)
    assert mail["verify_url"].startswith(urls["verify_page_url"] + "&token=")
    row = await users.get(pool, tenant.id, new.user_id)
    assert row.email_verified is False and row.last_sign_in_at is None
    assert (
        await pool.fetchval(
            "SELECT count(*) FROM sessions WHERE tenant_id = $1 AND user_id = $2", tenant.id, new.user_id
        )
        == 0
    )
    # the API's rules hold: the policy, a taken username, sign-up disabled
    with pytest.raises(ApiError) as raised:
        await service.register(pool, rt, t, SignUp(email=_email(), password="short"), **urls)
    assert raised.value.code == "password_too_weak"
    closed = await _tenant(app, tenant.id)
    closed.auth_config = {**closed.auth_config, "sign_up_enabled": False}
    with pytest.raises(ApiError) as raised:
        await service.register(pool, rt, closed, SignUp(email=_email(), password=STRONG_PASSWORD), **urls)
    assert raised.value.code == "sign_up_disabled"


async def test_a_code_entered_in_the_sign_up_flow_signs_in(api: Api, app, tenant) -> None:
    t = await _tenant(app, tenant.id)
    rt, pool = runtime(app), state(app).pool
    urls = {
        "verify_page_url": f"http://testserver/oauth/{tenant.id}/verify-email",
        "sign_in_url": "http://testserver/s",
        "forgot_password_url": "http://testserver/f",
    }
    a = await service.register(pool, rt, t, SignUp(email=_email(), password=STRONG_PASSWORD), **urls)
    code = (await _latest_verification(app, tenant.id))["code"]
    b = await service.register(pool, rt, t, SignUp(email=_email(), password=STRONG_PASSWORD), **urls)
    # the flow of b's sign-up cannot use a's code, even the right one
    with pytest.raises(ApiError) as raised:
        await links.verify_email_code(pool, rt, t, a.email, code, CLIENT, sign_in_user_id=b.user_id)
    assert raised.value.code == "invalid_code"
    # The service's answer as its JSON has it (its user is a struct).
    result = msgspec.to_builtins(
        await links.verify_email_code(pool, rt, t, a.email, code, CLIENT, sign_in_user_id=a.user_id)
    )
    assert result["user"]["email_verified"] is True and result["session"]["access_token"]
    status, me, _ = await api.call("GET", "/v1/auth/me", token=result["session"]["access_token"], tenant=tenant.id)
    assert status == 200 and me["id"] == a.user_id
    assert len(await emails_of(app, tenant.id, "welcome")) == 1


async def test_the_link_on_the_hosted_page_signs_in_only_its_own_flow(api: Api, app, tenant, make_tenant) -> None:
    t = await _tenant(app, tenant.id)
    rt, pool = runtime(app), state(app).pool
    urls = {
        "verify_page_url": f"http://testserver/oauth/{tenant.id}/verify-email",
        "sign_in_url": "http://testserver/s",
        "forgot_password_url": "http://testserver/f",
    }
    a = await service.register(pool, rt, t, SignUp(email=_email(), password=STRONG_PASSWORD), **urls)
    token_a = token_in((await _latest_verification(app, tenant.id))["verify_url"])
    b = await service.register(pool, rt, t, SignUp(email=_email(), password=STRONG_PASSWORD), **urls)
    token_b = token_in((await _latest_verification(app, tenant.id))["verify_url"])
    other = await _tenant(app, (await make_tenant()).id)
    assert await links.confirm_verification_link(pool, rt, other, token_a, CLIENT, sign_in_user_id=None) == (
        "invalid",
        None,
    )
    # another browser (no flow, or another user's flow): verified, nobody signed in
    assert await links.confirm_verification_link(pool, rt, t, token_a, CLIENT, sign_in_user_id=b.user_id) == (
        "verified",
        None,
    )
    assert (await users.get(pool, tenant.id, a.user_id)).email_verified is True
    outcome, result = await links.confirm_verification_link(pool, rt, t, token_b, CLIENT, sign_in_user_id=b.user_id)
    assert outcome == "verified" and result is not None
    answer = msgspec.to_builtins(result)
    assert answer["user"]["id"] == b.user_id and answer["session"]["access_token"]
    assert await links.confirm_verification_link(pool, rt, t, token_b, CLIENT, sign_in_user_id=b.user_id) == (
        "already",
        None,
    )


async def test_a_reset_link_may_go_to_the_hosted_reset_page(api: Api, app, make_tenant, sign_up) -> None:
    t = await make_tenant(auth_config={"allowed_origins": []})
    created = await sign_up(on=t)
    public_url = state(app).settings.public_url.rstrip("/")
    page = f"{public_url}/oauth/{t.id}/reset-password?flow=hfl_abc"
    status, body, _ = await t.public(
        "POST", "/v1/auth/password/forgot", json={"email": created["user"]["email"], "redirect_url": page}
    )
    assert status == 200, body
    mail = (await emails_of(app, t.id, "password_reset"))[-1]
    assert mail["variables"]["reset_url"].startswith(page + "&token=")
    for refused in (
        f"{public_url}/oauth/{t.id}/sign-in",
        f"{public_url}/oauth/tnt_someoneelse/reset-password",
        f"{public_url}/oauth/{t.id}/reset-password#x",
        f"https://evil.example.com/oauth/{t.id}/reset-password",
    ):
        status, body, _ = await t.public(
            "POST", "/v1/auth/password/forgot", json={"email": created["user"]["email"], "redirect_url": refused}
        )
        assert status == 422, refused
