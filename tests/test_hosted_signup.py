"""Sign-up, email verification (code and link), forgot and reset password in a real browser
(docs/hosted-pages.md, "Sign-up and email verification", "Forgot and reset password"). Every
page is captured (screenshots in both languages where the page is a GET, axe-core, CSP)."""

from __future__ import annotations

import re
import uuid
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.support.browser import (  # noqa: F401 - fixtures
    STRONG_PASSWORD,
    capture,
    chromium,
    code_in,
    exchange_code,
    hosted,
    latest_message,
    link_in,
    page,
    pkce_pair,
    redirect_target,
    wait_for,
)

NEW_PASSWORD = "a brand new passphrase 7"


def _email() -> str:
    return f"s{uuid.uuid4().hex[:10]}@example.com"


def _sign_up(page: Any, email: str, password: str = STRONG_PASSWORD) -> None:
    page.fill("#f-email", email)
    page.fill("#f-password", password)
    page.click("form[action$='/sign-up'] button[type=submit]")
    page.wait_for_load_state()


def _query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def test_sign_up_with_the_code_returns_to_the_application(hosted: Any, page: Any) -> None:
    tenant = hosted.tenant(auth_config={"email_verification_required": True})
    client = tenant.client(type="spa", name="Notes")
    verifier, challenge = pkce_pair()
    seen = redirect_target(page, hosted)
    page.goto(
        tenant.url(
            "/sign-up",
            client_id=client["client_id"],
            redirect_uri=hosted.redirect_uri,
            state="s1",
            code_challenge=challenge,
            code_challenge_method="S256",
        )
    )
    assert "flow=hfl_" in page.url
    assert page.locator("h1").inner_text() == "Create an account to continue to Notes"
    capture(page, "sign-up")
    email = _email()
    _sign_up(page, email)
    assert "/sign-up/verify?flow=" in page.url
    capture(page, "sign-up-verify")
    message = latest_message(hosted, email)
    # Resend within the minute: the page says a new email may be on its way, and none is sent.
    page.click("form[action$='/sign-up/resend'] button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("main p.alert.info[role=status]").is_visible()
    capture(page, "sign-up-resent")
    assert len(hosted.mail.to(email)) == 1
    code = code_in(message)
    assert f"/oauth/{tenant.id}/verify-email?flow=hfl_" in link_in(message)
    # a wrong code first: the error is next to the field
    page.fill("#f-code", "000000" if code != "000000" else "111111")
    page.click("form[action$='/sign-up/verify'] button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("#f-code-error").is_visible()
    assert page.locator("#f-code").get_attribute("aria-invalid") == "true"
    capture(page, "sign-up-verify-wrong-code")
    page.fill("#f-code", code)
    page.click("form[action$='/sign-up/verify'] button[type=submit]")
    wait_for(lambda: seen)
    params = _query(seen[-1])
    assert params["state"] == "s1" and params["code"]
    tokens = exchange_code(tenant, client, params["code"], verifier)
    assert tokens["access_token"]
    user = tenant.secret("GET", f"/v1/users?email={email}").json()["data"][0]
    assert user["email_verified"] is True


def test_sign_up_with_the_link_in_this_browser_and_in_another(hosted: Any, chromium: Any, page: Any) -> None:
    tenant = hosted.tenant(auth_config={"email_verification_required": True})
    page.goto(tenant.url("/sign-up"))
    email = _email()
    _sign_up(page, email)
    link = link_in(latest_message(hosted, email))
    page.goto(link)
    assert page.locator("h1").inner_text() == "Confirm your email address"
    assert email in page.locator("main").inner_text()
    capture(page, "verify-email-confirm")
    page.click("form[action$='/verify-email'] button[type=submit]")
    page.wait_for_load_state()
    assert page.url.endswith(f"/oauth/{tenant.id}/account")
    assert email in page.locator("main").inner_text()
    # Someone else's link opened in another browser: verified, nobody signed in there.
    other = chromium.new_context()
    try:
        second = other.new_page()
        links = []
        for _ in range(2):  # the second for the French screenshots: a spent link says otherwise
            second.goto(tenant.url("/sign-up"))
            email2 = _email()
            _sign_up(second, email2)
            links.append(link_in(latest_message(hosted, email2)))
    finally:
        other.close()
    page.goto(links[0])
    page.click("form[action$='/verify-email'] button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "Email address verified"
    capture(page, "verify-email-done", only="en")
    page.goto(links[1] + "&lang=fr")
    page.click("form[action$='/verify-email'] button[type=submit]")
    page.wait_for_load_state()
    capture(page, "verify-email-done", only="fr")


def test_sign_in_of_an_unverified_address_asks_for_the_code_and_resends(hosted: Any, page: Any) -> None:
    """Verification required, an account whose address is not verified (made by the backend,
    no email sent): the right password leads to "check your inbox" with a new email (code and
    link) and a resend button, as Clerk and Auth0 do; the code signs the person in. A wrong
    password says what it says for any address (no enumeration)."""
    tenant = hosted.tenant(auth_config={"email_verification_required": True})
    email = _email()
    created = tenant.secret("POST", "/v1/users", json={"email": email, "password": STRONG_PASSWORD})
    assert created.status_code == 201, created.text
    page.goto(tenant.url("/sign-in"))
    page.fill("#f-email", email)
    page.fill("#f-password", "not the password at all")
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    refused = page.locator("main [role=alert]").inner_text()
    page.fill("#f-email", _email())
    page.fill("#f-password", "not the password at all")
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("main [role=alert]").inner_text() == refused
    assert hosted.mail.to(email) == []

    page.fill("#f-email", email)
    page.fill("#f-password", STRONG_PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    assert "/sign-up/verify?flow=" in page.url, page.url
    assert "not verified yet" in page.locator("main").inner_text()
    assert email in page.locator("main").inner_text()
    capture(page, "sign-in-unverified")
    message = latest_message(hosted, email)
    assert f"/oauth/{tenant.id}/verify-email?flow=hfl_" in link_in(message)
    page.click("form[action$='/sign-up/resend'] button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("main p.alert.info[role=status]").is_visible()
    assert len(hosted.mail.to(email)) == 1  # within the minute: none sent again
    page.fill("#f-code", code_in(message))
    page.click("form[action$='/sign-up/verify'] button[type=submit]")
    page.wait_for_load_state()
    assert page.url.endswith(f"/oauth/{tenant.id}/account"), page.url
    user = tenant.secret("GET", f"/v1/users?email={email}").json()["data"][0]
    assert user["email_verified"] is True


def test_the_policy_checklist_follows_typing_and_the_server_refuses_without_script(
    hosted: Any, chromium: Any, page: Any
) -> None:
    tenant = hosted.tenant(
        auth_config={
            "password_min_length": 12,
            "password_require_uppercase": True,
            "password_require_number": True,
            "password_require_symbol": True,
        }
    )
    page.goto(tenant.url("/sign-up"))
    rules = page.locator("ul[data-policy] li")
    assert rules.count() == 4
    page.type("#f-password", "abc")
    assert page.locator("li[data-rule=length]").get_attribute("class") == "unmet"
    assert page.locator("li[data-rule=uppercase]").get_attribute("class") == "unmet"
    page.type("#f-password", "D")
    assert page.locator("li[data-rule=uppercase]").get_attribute("class") == "met"
    page.type("#f-password", "efghij9!")
    for rule in ("length", "uppercase", "number", "symbol"):
        assert page.locator(f"li[data-rule={rule}]").get_attribute("class") == "met", rule
    capture(page, "sign-up-policy")
    # Without JavaScript: the rules are listed, and the server's answer marks what failed.
    context = chromium.new_context(java_script_enabled=False)
    try:
        plain = context.new_page()
        plain.goto(tenant.url("/sign-up"))
        assert plain.locator("ul[data-policy] li").count() == 4
        _sign_up(plain, _email(), "short1")
        error = plain.locator("#f-password-error")
        assert error.is_visible() and "rules" in error.inner_text()
        assert plain.locator("li[data-rule=length]").get_attribute("class") == "unmet"
        assert plain.locator("li[data-rule=number]").get_attribute("class") == "met"
        assert plain.locator("#f-password").get_attribute("aria-invalid") == "true"
    finally:
        context.close()


def test_closed_sign_up(hosted: Any, page: Any) -> None:
    tenant = hosted.tenant(auth_config={"sign_up_enabled": False})
    page.goto(tenant.url("/sign-up"))
    assert page.locator("h1").inner_text() == "Sign-up is closed"
    assert page.locator("main form").count() == 0
    capture(page, "sign-up-closed")


def test_a_taken_address_gets_the_same_page(hosted: Any, page: Any) -> None:
    tenant = hosted.tenant()
    existing = tenant.user()
    texts = []
    for email in (existing["email"], _email()):
        page.goto(tenant.url("/sign-up"))
        _sign_up(page, email)
        assert "/sign-up/verify?flow=" in page.url
        texts.append(page.locator("main").inner_text().replace(email, "X"))
    assert texts[0] == texts[1]
    told = latest_message(hosted, existing["email"])
    assert "already have an account" in told.get_body(preferencelist=("plain",)).get_content()


def test_forgot_and_reset_then_sign_in_with_the_new_password(hosted: Any, chromium: Any, page: Any) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    page.goto(tenant.url("/sign-in"))
    page.click("a[href*='/forgot-password']")
    page.wait_for_load_state()
    assert "/forgot-password?flow=" in page.url
    capture(page, "forgot-password")
    texts = []
    for email in (user["email"], _email()):
        page.goto(tenant.url("/forgot-password"))
        page.fill("#f-email", email)
        page.click("form[action$='/forgot-password'] button[type=submit]")
        page.wait_for_load_state()
        texts.append(re.sub(r"\S+@example\.com", "X", page.locator("main").inner_text()))
    assert texts[0] == texts[1]
    capture(page, "forgot-password-sent")
    link = link_in(latest_message(hosted, user["email"]))
    assert f"/oauth/{tenant.id}/reset-password?flow=hfl_" in link
    page.goto(link)
    assert page.locator("ul[data-policy] li").count() == 1
    capture(page, "reset-password")
    page.fill("#f-password", "password")
    page.click("form[action$='/reset-password'] button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("#f-password-error").is_visible()
    page.fill("#f-password", NEW_PASSWORD)
    page.click("form[action$='/reset-password'] button[type=submit]")
    page.wait_for_load_state()
    assert page.url.endswith(f"/oauth/{tenant.id}/account")
    # the used link now says so
    page.goto(link)
    assert page.locator("h1").inner_text() == "This link cannot be used"
    capture(page, "reset-password-used")
    # in a new browser: the old password is refused, the new one signs in
    context = chromium.new_context()
    try:
        fresh = context.new_page()
        fresh.goto(tenant.url("/sign-in"))
        fresh.fill("#f-email", user["email"])
        fresh.fill("#f-password", user["password"])
        fresh.click("main form button[type=submit]")
        fresh.wait_for_load_state()
        assert "incorrect" in fresh.locator("main").inner_text()
        fresh.fill("#f-password", NEW_PASSWORD)
        fresh.click("main form button[type=submit]")
        fresh.wait_for_load_state()
        assert fresh.url.endswith(f"/oauth/{tenant.id}/account")
    finally:
        context.close()


def test_the_sign_in_link_and_prompt_create_lead_to_sign_up(hosted: Any, page: Any) -> None:
    tenant = hosted.tenant()
    client = tenant.client(type="spa")
    _, challenge = pkce_pair()
    page.goto(
        tenant.url(
            "/authorize",
            client_id=client["client_id"],
            redirect_uri=hosted.redirect_uri,
            response_type="code",
            scope="openid email",
            state="s2",
            prompt="create",
            code_challenge=challenge,
            code_challenge_method="S256",
        )
    )
    assert f"/oauth/{tenant.id}/sign-up?flow=hfl_" in page.url
    flow = _query(page.url)["flow"]
    page.click("main a[href*='/sign-in']")
    page.wait_for_load_state()
    assert _query(page.url)["flow"] == flow
    page.click("main a[href*='/sign-up']")
    page.wait_for_load_state()
    assert f"/sign-up?flow={flow}" in page.url
    assert page.locator("#f-email").is_visible()
