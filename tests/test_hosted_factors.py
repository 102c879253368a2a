"""Second factors on the hosted pages, in real Chromium (docs/hosted-pages.md, "Second factors"
and "Security"): sign-in with each kind (TOTP, SMS, email code, passkey through the virtual
authenticator, backup code), switching method, wrong codes; enrolment of each from the account's
Security page (TOTP read from the page and confirmed with pyotp, a passkey, backup codes with
their download), removal with re-authentication, and a tenant requiring MFA sending a person
without a factor to enrol one before the sign-in finishes. Every page is captured."""

from __future__ import annotations

import random
import re
import string
import time
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pyotp
import pytest

from tests.support.browser import (  # noqa: F401 - chromium and page are fixtures
    STRONG_PASSWORD,
    HostedServer,
    LiveTenant,
    automatic_presence,
    capture,
    chromium,
    code_in,
    exchange_code,
    hosted_localhost,
    page,
    pkce_pair,
    redirect_target,
    send_twice,
    virtual_authenticator,
    wait_for,
)
from tests.support.hosted_factors import age_sessions, last_sms_code, sms_messages

PHONE = "+14155552671"


@pytest.fixture(scope="module")
def hosted(hosted_localhost: HostedServer) -> HostedServer:
    """tests/support/browser.py's shared server on http://localhost:PORT: WebAuthn takes no IP
    address as relying party id, and localhost is a secure context."""
    return hosted_localhost


def new_tenant(hosted: HostedServer, **auth_config: Any) -> LiveTenant:
    """A tenant whose passkeys belong to the live server's origin."""
    # A name without digits, as readable in a screenshot as any (code_in reads a code from its
    # own line, so digits would not confuse it either).
    name = "Acme " + "".join(random.choices(string.ascii_lowercase, k=8))
    return hosted.tenant(auth_config={"allowed_origins": [hosted.url], **auth_config}, name=name)


def api(tenant: LiveTenant, method: str, path: str, json: Any = None) -> Any:
    answer = tenant.secret(method, path, json=json)
    assert answer.status_code < 300, answer.text
    return answer.json() if answer.content else None


def enrol_totp(tenant: LiveTenant, user_id: str) -> str:
    enrolled = api(tenant, "POST", f"/v1/users/{user_id}/mfa/factors", {"type": "totp"})
    secret = str(enrolled["totp"]["secret"])
    code = pyotp.TOTP(secret).at(time.time() - 30)  # the previous step: now's stays usable
    api(tenant, "POST", f"/v1/users/{user_id}/mfa/factors/{enrolled['factor_id']}/confirm", {"code": code})
    return secret


def enrol_sms(tenant: LiveTenant, user_id: str) -> None:
    enrolled = api(tenant, "POST", f"/v1/users/{user_id}/mfa/factors", {"type": "sms", "phone_number": PHONE})
    code = last_sms_code(tenant.server.live.dsn, tenant.id, PHONE)
    api(tenant, "POST", f"/v1/users/{user_id}/mfa/factors/{enrolled['factor_id']}/confirm", {"code": code})


def backup_codes(tenant: LiveTenant, user_id: str) -> list[str]:
    return list(api(tenant, "POST", f"/v1/users/{user_id}/mfa/backup-codes/generate")["codes"])


def email_code(tenant: LiveTenant, to: str, count: int) -> str:
    """The code of the count-th second-factor code email (template mfa_otp) to the address, as
    the worker delivered it to the sink. Chosen by its subject: the sign-up's verification email
    carries a six-digit code too (email verification by code), and comes first."""
    subject = f"Your {tenant.name} verification code"

    def coded() -> list[Any]:
        return [m for m in tenant.server.mail.to(to) if m["Subject"] == subject]

    return code_in(wait_for(lambda: len(coded()) >= count and coded(), 20)[count - 1])


def fresh_totp_step(margin: float = 5.0) -> None:
    """Sleep into the next TOTP step when the current one ends within `margin` seconds."""
    left = 30 - (time.time() % 30)
    if left < margin:
        time.sleep(left + 0.1)


def sign_in(page: Any, tenant: LiveTenant, user: dict[str, Any], query: str = "") -> None:
    page.goto(f"{tenant.base}/sign-in{query}")
    page.fill("#f-email", user["email"])
    page.fill("#f-password", STRONG_PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_load_state()


def submit_code(page: Any, code: str) -> None:
    page.fill("#f-code", code)
    page.click("form[action$='/authorize/mfa'] button[type=submit]")
    page.wait_for_load_state()


def signed_in_on_account(page: Any, tenant: LiveTenant) -> None:
    assert page.url.startswith(f"{tenant.base}/account"), page.url


def sign_out(page: Any, tenant: LiveTenant) -> None:
    page.goto(f"{tenant.base}/sign-out")
    page.click("main form button[type=submit]")


# -- sign-in --------------------------------------------------------------------------------------


def test_totp_wrong_code_then_right_and_the_code_for_the_application(hosted: HostedServer, page: Any) -> None:
    tenant = new_tenant(hosted)
    user = tenant.user()
    fresh_totp_step()
    secret = enrol_totp(tenant, user["id"])
    backup_codes(tenant, user["id"])
    client = tenant.client(type="spa")
    verifier, challenge = pkce_pair()
    seen = redirect_target(page, hosted)
    query = {
        "client_id": client["client_id"],
        "redirect_uri": hosted.redirect_uri,
        "state": "st",
        "scope": "openid",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    sign_in(page, tenant, user, "?" + urlencode(query))
    assert "/second-factor" in page.url
    assert page.locator("h1").inner_text() == "Enter the code from your authenticator app"
    capture(page, "second-factor-totp")
    submit_code(page, "000000")
    error = page.locator("#f-code-error")
    assert "not correct" in error.inner_text() and "4 attempts left" in error.inner_text()
    assert page.get_attribute("#f-code", "aria-invalid") == "true"
    capture(page, "second-factor-wrong-code")
    submit_code(page, pyotp.TOTP(secret).now())
    if page.locator("button[value=allow]").count():  # consent, when the tenant asks for it
        page.click("button[value=allow]")
    wait_for(lambda: seen, page=page)
    params = parse_qs(urlsplit(seen[-1]).query)
    assert params["state"] == ["st"]
    tokens = exchange_code(tenant, client, params["code"][0], verifier)
    assert tokens["access_token"]


def test_five_wrong_codes_end_the_sign_in(hosted: HostedServer, page: Any) -> None:
    tenant = new_tenant(hosted)
    user = tenant.user()
    enrol_totp(tenant, user["id"])
    sign_in(page, tenant, user)
    for _ in range(4):
        submit_code(page, "000000")
    assert "1 attempts left" in page.locator("#f-code-error").inner_text()
    submit_code(page, "000000")
    assert page.locator("h1").inner_text() == "Sign in again"
    assert "no attempts left" in page.locator("[role=alert]").inner_text()
    capture(page, "second-factor-ended")
    page.click("a.button:has-text('Sign in again')")
    assert page.locator("#f-password").count() == 1


def test_sms_with_switching_method_resend_and_backup_code(hosted: HostedServer, page: Any) -> None:
    tenant = new_tenant(hosted)
    user = tenant.user()
    fresh_totp_step()
    enrol_totp(tenant, user["id"])
    enrol_sms(tenant, user["id"])
    codes = backup_codes(tenant, user["id"])
    sign_in(page, tenant, user)
    page.click("text=Use another method")
    assert "/second-factor/methods" in page.url
    capture(page, "second-factor-methods")
    page.click("button:has-text('Text message to +*******2671')")
    assert page.locator("h1").inner_text() == "Enter the code we texted you"
    assert "+*******2671" in page.locator("main").inner_text()
    capture(page, "second-factor-sms")
    first = last_sms_code(hosted.live.dsn, tenant.id, PHONE)
    page.click("button:has-text('Send a new code')")
    assert "A new code is on its way." in page.locator("main").inner_text()
    assert len([m for m in sms_messages(hosted.live.dsn, tenant.id) if m["to"] == PHONE]) == 3  # enrolment, 2 here
    submit_code(page, first)  # the older code still works: a resend does not void one on its way
    signed_in_on_account(page, tenant)

    sign_out(page, tenant)  # and again: a backup code
    sign_in(page, tenant, user)
    page.click("text=Use another method")
    page.click("text=Backup code")
    assert page.locator("h1").inner_text() == "Enter a backup code"
    capture(page, "second-factor-backup-code")
    submit_code(page, codes[0].lower().replace("-", " "))  # typed loosely: still accepted
    signed_in_on_account(page, tenant)


def test_email_code_factor(hosted: HostedServer, page: Any) -> None:
    tenant = new_tenant(hosted)
    user = tenant.user()
    enrolled = api(tenant, "POST", f"/v1/users/{user['id']}/mfa/factors", {"type": "email_otp"})
    code = email_code(tenant, user["email"], 1)
    api(tenant, "POST", f"/v1/users/{user['id']}/mfa/factors/{enrolled['factor_id']}/confirm", {"code": code})
    sign_in(page, tenant, user)
    assert page.locator("h1").inner_text() == "Enter the code we emailed you"
    capture(page, "second-factor-email")
    submit_code(page, email_code(tenant, user["email"], 2))
    signed_in_on_account(page, tenant)


# -- enrolment and passkeys -----------------------------------------------------------------------


def test_enrol_totp_and_passkey_then_sign_in_with_the_passkey(hosted: HostedServer, page: Any) -> None:
    tenant = new_tenant(hosted)
    user = tenant.user()
    session, authenticator = virtual_authenticator(page)
    sign_in(page, tenant, user)
    signed_in_on_account(page, tenant)
    page.goto(f"{tenant.base}/account/security")
    capture(page, "security")
    fresh_totp_step()
    page.click("ul.choices button:has-text('Authenticator app')")
    assert "/account/security/totp/" in page.url
    assert page.locator("p.qr img").get_attribute("src").startswith("data:image/png;base64,")
    capture(page, "security-totp")
    secret = page.locator("#totp-secret").inner_text().replace(" ", "")
    page.fill("#f-code", "000000")
    page.click(".account-section form button[type=submit]")
    assert "not correct" in page.locator("#f-code-error").inner_text()
    page.fill("#f-code", pyotp.TOTP(secret).now())
    page.click(".account-section form button[type=submit]")
    assert "done=added" in page.url and "Your second factor is ready." in page.locator("main").inner_text()
    capture(page, "security-added")

    send_twice(page)  # a second POST /add would make another registration: sent before the browser's
    page.click("ul.choices button:has-text('Passkey')")
    assert page.locator("h1").inner_text() == "Add a passkey"
    capture(page, "security-passkey")
    page.click("#passkey-button")
    page.wait_for_url(re.compile(r".*done=added.*"))
    listed = api(tenant, "GET", f"/v1/users/{user['id']}/mfa/factors")["data"]
    assert sorted(f["type"] for f in listed if f["status"] == "active") == ["totp", "webauthn"]

    # Sign out, then in again with the password: the passkey is asked for as the second factor
    # when it was used last (or chosen). The sign-in page offers passkeys in the email field's
    # autofill, which the virtual authenticator would answer by itself (a passkey sign-in without
    # a password, tests/test_hosted_passwordless.py): no automatic answer until the factor page.
    sign_out(page, tenant)
    automatic_presence(session, authenticator, False)
    sign_in(page, tenant, user)
    assert "/second-factor" in page.url, page.url
    if page.locator("h1").inner_text() != "Use your passkey":
        page.click("text=Use another method")
        page.click("button:has-text('Passkey or security key')")
    assert page.locator("h1").inner_text() == "Use your passkey"
    capture(page, "second-factor-passkey")
    automatic_presence(session, authenticator, True)
    page.click("#passkey-button")
    page.wait_for_url(re.compile(r".*/account$"))
    signed_in_on_account(page, tenant)


def test_backup_codes_download_and_removal_with_reauthentication(hosted: HostedServer, page: Any) -> None:
    tenant = new_tenant(hosted)
    user = tenant.user()
    fresh_totp_step()
    secret = enrol_totp(tenant, user["id"])
    sign_in(page, tenant, user)
    submit_code(page, pyotp.TOTP(secret).now())
    page.goto(f"{tenant.base}/account/security")
    send_twice(page)  # a second POST would make new codes: sent before the browser's, which the test keeps
    page.click("button:has-text('Generate backup codes')")
    codes = page.locator("#backup-codes code").all_inner_texts()
    assert len(codes) == 8 and all(re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}", c) for c in codes)
    capture(page, "security-backup-codes")
    with page.expect_download() as download:
        page.click("button:has-text('Download as a text file')")
    assert download.value.suggested_filename == "backup-codes.txt"
    with open(download.value.path(), encoding="utf-8") as saved:
        text = saved.read()
    assert all(code in text for code in codes) and user["email"] in text
    page.click("text=I have saved them")

    # An old sign-in may not remove a factor: sign in again first, then come back.
    age_sessions(hosted.live.dsn, tenant.id, user["id"], 30)
    page.click("button[aria-label='Remove Authenticator app']")
    assert page.locator("h1").inner_text() == "Confirm it's you"
    capture(page, "security-reverify")
    page.click("a.button:has-text('Sign in again')")
    page.fill("#f-email", user["email"])
    page.fill("#f-password", STRONG_PASSWORD)
    page.click("main form button[type=submit]")
    page.click("text=Use another method")
    page.click("text=Backup code")
    submit_code(page, codes[0])
    assert page.url.startswith(f"{tenant.base}/account/security"), page.url
    page.click("button[aria-label='Remove Authenticator app']")
    assert "done=removed" in page.url
    listed = api(tenant, "GET", f"/v1/users/{user['id']}/mfa/factors")["data"]
    assert [f["type"] for f in listed] == ["backup_codes"]


def test_mfa_required_sends_a_person_without_a_factor_to_enrol_one(hosted: HostedServer, page: Any) -> None:
    tenant = new_tenant(hosted, mfa_required=True)
    user = tenant.user()
    sign_in(page, tenant, user)
    assert page.locator("h1").inner_text() == "Enter the code we emailed you"
    assert "set up a second factor" in page.locator("main").inner_text()
    capture(page, "second-factor-email-fallback")
    submit_code(page, email_code(tenant, user["email"], 1))
    assert "/account/security?flow=" in page.url
    assert page.locator("h1").inner_text() == "Set up a second factor"
    capture(page, "security-setup")
    page.click("a:has-text('Text message (SMS)')")
    capture(page, "security-sms")
    page.fill("#f-phone_number", "555")
    page.click(".account-section form button[type=submit]")
    assert "country code" in page.locator("#f-phone_number-error").inner_text()
    page.fill("#f-phone_number", "+1 (415) 555-2671")
    page.click(".account-section form button[type=submit]")
    assert "/account/security/confirm/" in page.url
    capture(page, "security-code")
    page.fill("#f-code", last_sms_code(hosted.live.dsn, tenant.id, PHONE))
    page.click(".account-section form button[type=submit]")
    assert "Your second factor is ready." in page.locator("main").inner_text()
    page.click("button:has-text('Continue')")
    signed_in_on_account(page, tenant)
    listed = api(tenant, "GET", f"/v1/users/{user['id']}/mfa/factors")["data"]
    assert [(f["type"], f["status"]) for f in listed] == [("sms", "active")]


def test_enrol_an_email_factor_then_sign_in_with_it(hosted: HostedServer, page: Any) -> None:
    """Security: "Code by email" sends a code to the person's address (POST /add, then the code
    page); the right code activates the factor; the next sign-in asks for an emailed code."""
    tenant = new_tenant(hosted)
    user = tenant.user()
    sign_in(page, tenant, user)
    signed_in_on_account(page, tenant)
    page.goto(f"{tenant.base}/account/security")
    page.click("ul.choices button:has-text('Code by email')")
    assert "/account/security/confirm/" in page.url, page.url
    assert user["email"] in page.locator("main").inner_text()
    capture(page, "security-email-code")
    page.fill("#f-code", "000000")
    page.click(".account-section form button[type=submit]")
    assert page.locator("#f-code-error").is_visible()
    capture(page, "security-email-code-wrong")
    page.fill("#f-code", email_code(tenant, user["email"], 1))
    page.click(".account-section form button[type=submit]")
    assert "done=added" in page.url and "Your second factor is ready." in page.locator("main").inner_text()
    listed = api(tenant, "GET", f"/v1/users/{user['id']}/mfa/factors")["data"]
    assert [(f["type"], f["status"]) for f in listed] == [("email_otp", "active")]

    sign_out(page, tenant)
    sign_in(page, tenant, user)
    assert "/second-factor" in page.url, page.url
    assert page.locator("h1").inner_text() == "Enter the code we emailed you"
    submit_code(page, email_code(tenant, user["email"], 2))
    signed_in_on_account(page, tenant)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_chooser_names_an_authenticator_app_only_when_the_person_named_it(language: str) -> None:
    from identity.hosted.factors import _label
    from identity.hosted.i18n import Translator
    from identity.mfa.schemas import FactorSummary

    t = Translator(language)
    plain = t("factors.method_totp_plain")
    for default in ("", "Authenticator app", plain):
        assert _label(FactorSummary(id="fac_1", type="totp", name=default), "totp", "", t) == plain
    named = FactorSummary(id="fac_1", type="totp", name="Work phone")
    assert _label(named, "totp", "", t) == t("factors.method_totp", name="Work phone")
    assert "Work phone" in t("factors.method_totp", name="Work phone")
