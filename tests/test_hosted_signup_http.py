"""The hosted sign-up, verification and reset pages over HTTP (no browser): what each answer
says and changes. The journeys in a real browser are tests/test_hosted_signup.py."""

from __future__ import annotations

import re
import uuid
from typing import Any

from identity.state import state
from identity.users import store as users
from tests.support.api import STRONG_PASSWORD, Api
from tests.support.mail import emails_of, token_in
from tests.support.mfa import enroll_totp, totp_code
from tests.support.oauth import parse_page


def _email() -> str:
    return f"hosted-{uuid.uuid4().hex[:10]}@example.com"


async def _form(api: Api, path: str, index: int = 0) -> tuple[str, dict[str, Any], str]:
    status, html, resp = await api.call("GET", path)
    assert status == 200, html
    form = parse_page(html).forms[index]
    return form["action"], dict(form["fields"]), str(resp.url)


async def _post(api: Api, action: str, fields: dict[str, Any]) -> tuple[int, str, str]:
    status, html, resp = await api.call("POST", action, data=fields)
    return status, html, str(resp.url)


async def test_sign_up_then_code_signs_in_and_a_taken_address_looks_the_same(api: Api, app, tenant, sign_up) -> None:
    existing = await sign_up()
    action, fields, url = await _form(api, f"/oauth/{tenant.id}/sign-up")
    assert "flow=hfl_" in url
    # a taken address: the same page, and the owner is told by email
    status, taken_html, taken_url = await _post(
        api, action, {**fields, "email": existing["user"]["email"], "password": STRONG_PASSWORD}
    )
    assert status == 200 and "/sign-up/verify?flow=" in taken_url, taken_html
    [told] = await emails_of(app, tenant.id, "account_exists")
    assert told["to"] == existing["user"]["email"]
    # no code works for it
    code_action, code_fields = parse_page(taken_html).forms[0]["action"], parse_page(taken_html).forms[0]["fields"]
    status, html, _ = await _post(api, code_action, {**code_fields, "code": "123456"})
    assert status == 401 and "not correct" in html
    # a new address
    action, fields, url = await _form(api, f"/oauth/{tenant.id}/sign-up")
    email = _email()
    status, html, url = await _post(api, action, {**fields, "email": email, "password": STRONG_PASSWORD})
    assert status == 200 and "/sign-up/verify?flow=" in url
    # the two pages differ only by the address and the flow
    assert (
        html.replace(email, "X").split("<form")[0]
        == taken_html.replace(existing["user"]["email"], "X").split("<form")[0]
    )
    mail = (await emails_of(app, tenant.id, "verification"))[-1]
    assert mail["to"] == email and f"/oauth/{tenant.id}/verify-email?flow=hfl_" in mail["variables"]["verify_url"]
    form = parse_page(html).forms[0]
    status, page, _ = await _post(
        api, form["action"], {**form["fields"], "code": "000000" if mail["variables"]["code"] != "000000" else "111111"}
    )
    assert status == 401
    status, page, url = await _post(api, form["action"], {**form["fields"], "code": mail["variables"]["code"]})
    assert status == 200 and url.endswith(f"/oauth/{tenant.id}/account"), (url, page)
    assert email in page
    row = await users.get_by_email(state(app).pool, tenant.id, email)
    assert row.email_verified is True


async def test_the_password_policy_is_listed_and_the_refusal_is_next_to_the_field(api: Api, make_tenant) -> None:
    t = await make_tenant(
        auth_config={"password_min_length": 12, "password_require_uppercase": True, "password_require_number": True}
    )
    action, fields, _ = await _form(api, f"/oauth/{t.id}/sign-up")
    status, html, _ = await api.call("GET", f"/oauth/{t.id}/sign-up")
    assert 'data-rule="length"' in html and 'data-rule="uppercase"' in html and 'data-rule="symbol"' not in html
    assert "at least 12 characters" in html
    status, html, _ = await _post(api, action, {**fields, "email": _email(), "password": "short1"})
    assert status == 422
    assert 'id="f-password-error"' in html and 'aria-invalid="true"' in html
    assert '<li data-rule="length" class="unmet">' in html and '<li data-rule="number" class="met">' in html


async def test_closed_sign_up(api: Api, make_tenant) -> None:
    t = await make_tenant(auth_config={"sign_up_enabled": False})
    status, html, _ = await api.call("GET", f"/oauth/{t.id}/sign-up")
    assert status == 403 and "Sign-up is closed" in html and "<form" not in html.split("<footer")[0]


async def test_the_emailed_link_asks_first_then_signs_in_this_browser(api: Api, app, tenant) -> None:
    action, fields, _ = await _form(api, f"/oauth/{tenant.id}/sign-up")
    email = _email()
    await _post(api, action, {**fields, "email": email, "password": STRONG_PASSWORD})
    link = (await emails_of(app, tenant.id, "verification"))[-1]["variables"]["verify_url"]
    path = link.split("127.0.0.1:3000", 1)[-1]
    status, html, _ = await api.call("GET", path)
    assert status == 200 and "Confirm" in html
    assert (await users.get_by_email(state(app).pool, tenant.id, email)).email_verified is False
    form = parse_page(html).forms[0]
    assert form["fields"]["token"] == token_in(link)
    status, html, url = await _post(api, form["action"], form["fields"])
    assert status == 200 and url.endswith(f"/oauth/{tenant.id}/account"), url
    status, html, _ = await api.call("GET", path)
    assert status == 200 and "already verified" in html


async def test_forgot_and_reset_answer_the_same_and_sign_in(api: Api, app, tenant, sign_up) -> None:
    user = await sign_up()
    email = user["user"]["email"]
    pages = []
    for address in (email, _email()):
        action, fields, _ = await _form(api, f"/oauth/{tenant.id}/forgot-password")
        status, html, _ = await _post(api, action, {**fields, "email": address})
        assert status == 200
        pages.append(re.sub(r"hfl_\w+", "F", html.replace(address, "X")).split("<footer")[0])
    assert pages[0] == pages[1]
    [mail] = await emails_of(app, tenant.id, "password_reset")
    link = mail["variables"]["reset_url"]
    assert f"/oauth/{tenant.id}/reset-password?flow=hfl_" in link
    path = link.split("127.0.0.1:3000", 1)[-1]
    action, fields, _ = await _form(api, path)
    status, html, _ = await _post(api, action, {**fields, "password": "password"})
    assert status == 422 and 'id="f-password-error"' in html
    status, html, url = await _post(api, action, {**fields, "password": "a brand new passphrase 7"})
    assert status == 200 and url.endswith(f"/oauth/{tenant.id}/account"), (url, html)
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": email, "password": STRONG_PASSWORD}
    )
    assert status == 401
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": email, "password": "a brand new passphrase 7"}
    )
    assert status == 200
    status, html, _ = await api.call("GET", path)
    assert status == 400 and "already used" in html


async def test_bot_protection_applies_to_the_sign_up_page(api: Api, app, make_tenant) -> None:
    t = await make_tenant(
        auth_config={
            "bot_protection": {
                "enabled": True,
                "provider": "turnstile",
                "site_key": "site-key-1",
                "verify_url": "http://127.0.0.1:9/siteverify",
                "secret": "s3cret",
            }
        }
    )
    action, fields, _ = await _form(api, f"/oauth/{t.id}/sign-up")
    status, html, _ = await api.call("GET", f"/oauth/{t.id}/sign-up")
    assert 'data-sitekey="site-key-1"' in html
    email = _email()
    status, html, _ = await _post(api, action, {**fields, "email": email, "password": STRONG_PASSWORD})
    assert status == 400 and 'role="alert"' in html
    assert await users.get_by_email(state(app).pool, t.id, email) is None
    assert await emails_of(app, t.id, "verification") == []


async def test_a_reset_still_asks_for_the_second_factor(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    email = created["user"]["email"]
    # verified first (by the emailed code), so the factor enrolled after stays through the reset
    code = (await emails_of(app, tenant.id, "verification"))[-1]["variables"]["code"]
    status, _, _ = await tenant.public("POST", "/v1/auth/verify-email/code", json={"email": email, "code": code})
    assert status == 200
    _, secret = await enroll_totp(tenant, created["user"]["id"])
    action, fields, _ = await _form(api, f"/oauth/{tenant.id}/forgot-password")
    await _post(api, action, {**fields, "email": email})
    link = (await emails_of(app, tenant.id, "password_reset"))[-1]["variables"]["reset_url"]
    action, fields, _ = await _form(api, link.split("127.0.0.1:3000", 1)[-1])
    status, html, url = await _post(api, action, {**fields, "password": "a brand new passphrase 7"})
    assert status == 200 and f"/oauth/{tenant.id}/second-factor?flow=hfl_" in url, url
    form = parse_page(html).forms[0]
    status, html, url = await _post(api, form["action"], {**form["fields"], "code": totp_code(secret)})
    assert status == 200 and url.endswith(f"/oauth/{tenant.id}/account"), (url, html)
