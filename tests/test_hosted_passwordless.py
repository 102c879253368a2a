"""The passwordless journeys of the hosted pages in a real browser (docs/hosted-pages.md,
"Passwordless"): magic link (same browser with an OAuth request, and another browser), email
code, passkey (a virtual authenticator), a social button against this service's own OIDC
provider, and the same answers for unknown addresses. Every page is captured (screenshots in
both languages where the page is a GET, axe-core).

The server of this module is addressed as http://localhost:<port> (not 127.0.0.1): WebAuthn RP
ids are domain names, and the hosted pages' RP id is the host of IDENTITY_PUBLIC_URL.
"""

from __future__ import annotations

import re
import uuid
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from tests.support.browser import (  # noqa: F401 - fixtures
    HostedServer,
    LiveTenant,
    capture,
    chromium,
    code_in,
    exchange_code,
    hosted_localhost,
    link_in,
    page,
    pkce_pair,
    redirect_target,
    virtual_authenticator,
    wait_for,
)


@pytest.fixture(scope="module")
def hosted(hosted_localhost: HostedServer) -> HostedServer:
    """tests/support/browser.py's shared server addressed by name (see the module's docstring)."""
    return hosted_localhost


def _mail(hosted: HostedServer, to: str, subject: str) -> EmailMessage:
    """The newest message to the address whose subject says `subject` (sign-up sends a
    verification email to the same address too)."""
    found = wait_for(lambda: [m for m in hosted.mail.to(to) if subject in m["Subject"]], timeout=15)
    message: EmailMessage = found[-1]
    return message


def _email() -> str:
    return f"pl{uuid.uuid4().hex[:10]}@example.com"


def _authorize(page: Any, tenant: LiveTenant, client: dict[str, Any], challenge: str, state: str) -> None:
    page.goto(
        tenant.url(
            "/authorize",
            client_id=client["client_id"],
            redirect_uri=tenant.server.redirect_uri,
            response_type="code",
            scope="openid email",
            state=state,
            code_challenge=challenge,
            code_challenge_method="S256",
        )
    )


def _code_from(seen: list[str], page: Any, state: str) -> str:
    url = wait_for(lambda: seen[-1] if seen else None, page=page)
    query = parse_qs(urlsplit(url).query)
    assert query["state"] == [state], url
    return query["code"][0]


def _signed_in_as(page: Any, email: str) -> None:
    page.wait_for_url(re.compile(r"/account"))
    assert email in page.locator("main").inner_text()


# -- magic link ------------------------------------------------------------------------------------


def test_magic_link_in_the_same_browser_ends_the_oauth_flow_with_a_code(hosted: HostedServer, page: Any) -> None:
    tenant = hosted.tenant()
    client = tenant.client()
    user = tenant.user()
    verifier, challenge = pkce_pair()
    seen = redirect_target(page, hosted)
    _authorize(page, tenant, client, challenge, "st-ml")
    page.wait_for_url(re.compile(r"/sign-in\?flow="))
    capture(page, "passwordless-sign-in")
    page.get_by_role("link", name="Email me a sign-in link").click()
    page.wait_for_url(re.compile(r"/magic-link\?flow="))
    capture(page, "magic-link")
    page.get_by_label("Email address").fill(user["email"])
    page.get_by_role("button", name="Send the link").click()
    assert "If an account exists for" in page.locator("main").inner_text()
    capture(page, "magic-link-sent")
    link = link_in(_mail(hosted, user["email"], "sign-in link"))
    assert link.startswith(f"{tenant.base}/magic-link/verify?flow=hfl_"), link
    page.goto(link)
    capture(page, "magic-link-verify")
    page.get_by_role("button", name="Sign in", exact=True).click()
    code = _code_from(seen, page, "st-ml")
    tokens = exchange_code(tenant, client, code, verifier)
    assert tokens["access_token"] and tokens["id_token"]


def test_magic_link_opened_in_another_browser_signs_in_there(hosted: HostedServer, page: Any, chromium: Any) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    page.goto(tenant.url("/magic-link"))
    page.get_by_label("Email address").fill(user["email"])
    page.get_by_role("button", name="Send the link").click()
    link = link_in(_mail(hosted, user["email"], "sign-in link"))
    other = chromium.new_context(locale="en-US")
    try:
        phone = other.new_page()
        phone.goto(link)
        phone.get_by_role("button", name="Sign in", exact=True).click()
        _signed_in_as(phone, user["email"])
    finally:
        other.close()
    # the link is spent: opened again it shows why, with a way to ask for a new one
    page.goto(link)
    page.get_by_role("button", name="Sign in", exact=True).click()
    assert "This link is not valid" in page.locator("main").inner_text()
    capture(page, "magic-link-invalid")


# -- email code -----------------------------------------------------------------------------------


def test_email_code_signs_in(hosted: HostedServer, page: Any) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    page.goto(tenant.url("/sign-in"))
    page.get_by_role("link", name="Email me a sign-in code").click()
    page.wait_for_url(re.compile(r"/email-code\?flow="))
    capture(page, "email-code")
    page.get_by_label("Email address").fill(user["email"])
    page.get_by_role("button", name="Send the code").click()
    page.wait_for_url(re.compile(r"/email-code/verify\?flow="))
    capture(page, "email-code-verify")
    code = code_in(_mail(hosted, user["email"], "sign-in code"))
    wrong = "000000" if code != "000000" else "111111"
    page.get_by_label("Code").fill(wrong)
    page.get_by_role("button", name="Sign in", exact=True).click()
    field = page.get_by_label("Code")
    assert field.get_attribute("aria-invalid") == "true"
    assert "The code is not correct" in page.locator(".field-error").inner_text()
    capture(page, "email-code-wrong")
    page.get_by_label("Code").fill(code)
    page.get_by_role("button", name="Sign in", exact=True).click()
    _signed_in_as(page, user["email"])


def test_unknown_addresses_get_the_same_answers(hosted: HostedServer, page: Any) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    answers = []
    for email in (user["email"], _email()):
        page.goto(tenant.url("/magic-link"))
        page.get_by_label("Email address").fill(email)
        page.get_by_role("button", name="Send the link").click()
        answers.append(page.locator("main").inner_text().replace(email, "EMAIL"))
    assert answers[0] == answers[1]
    answers = []
    for email in (user["email"], _email()):
        page.goto(tenant.url("/email-code"))
        page.get_by_label("Email address").fill(email)
        page.get_by_role("button", name="Send the code").click()
        page.wait_for_url(re.compile(r"/email-code/verify"))
        page.get_by_label("Code").fill("123456" if email != user["email"] else "000000")
        page.get_by_role("button", name="Sign in", exact=True).click()
        answers.append(page.locator("main").inner_text().replace(email, "EMAIL"))
    assert answers[0] == answers[1]


# -- passkey --------------------------------------------------------------------------------------

_REGISTER = """async (options) => {
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options);
  const credential = await navigator.credentials.create({publicKey});
  return credential.toJSON();
}"""


def _register_passkey(page: Any, tenant: LiveTenant, user: dict[str, Any]) -> None:
    """Enrol a passkey as the user's factor through the API, made by the page's virtual
    authenticator (a discoverable credential: the registration asks for a resident key)."""
    resp = tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "webauthn", "name": "Laptop"})
    assert resp.status_code == 201, resp.text
    enrolment = resp.json()
    credential = page.evaluate(_REGISTER, enrolment["webauthn"]["options"])
    resp = tenant.secret(
        "POST", f"/v1/users/{user['id']}/mfa/factors/{enrolment['factor_id']}/confirm", json={"code": credential}
    )
    assert resp.status_code == 200, resp.text


def _passkey_user(hosted: HostedServer, page: Any) -> tuple[LiveTenant, dict[str, Any]]:
    """A tenant whose RP id is the service's host (so its passkeys are the hosted pages' too)
    and a user with a passkey in the page's virtual authenticator."""
    tenant = hosted.tenant(auth_config={"allowed_origins": [hosted.url]})
    user = tenant.user()
    session, authenticator = virtual_authenticator(page)
    page.goto(tenant.url("/sign-out"))  # any page of the service's origin, without the passkey script
    _register_passkey(page, tenant, user)
    [stored] = session.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert stored["isResidentCredential"] is True
    return tenant, user


#: Makes the browser say it offers no passkey autofill, so that the button's path runs alone.
_NO_CONDITIONAL_UI = "PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);"


def test_passkey_button_signs_in_without_an_email(hosted: HostedServer, page: Any) -> None:
    page.context.add_init_script(_NO_CONDITIONAL_UI)
    tenant, user = _passkey_user(hosted, page)
    page.goto(tenant.url("/sign-in"))
    button = page.get_by_role("button", name="Sign in with a passkey")
    button.wait_for(state="visible")
    assert page.get_attribute("#passkey-sign-in", "data-mediation") is None
    assert page.get_by_label("Email address").get_attribute("autocomplete") == "username webauthn"
    capture(page, "passkey-sign-in")
    button.click()
    _signed_in_as(page, user["email"])


def test_passkey_autofill_conditional_ui_signs_in(hosted: HostedServer, page: Any) -> None:
    tenant, user = _passkey_user(hosted, page)
    assert page.evaluate("() => PublicKeyCredential.isConditionalMediationAvailable()") is True
    client = tenant.client()
    verifier, challenge = pkce_pair()
    seen = redirect_target(page, hosted)
    _authorize(page, tenant, client, challenge, "st-pk")
    # The email field offers passkeys in its autofill (autocomplete="username webauthn"); the
    # script starts that request at once, and Chromium's virtual authenticator answers it with
    # the one discoverable credential: no click, no email typed.
    code = _code_from(seen, page, "st-pk")
    tokens = exchange_code(tenant, client, code, verifier)
    assert tokens["access_token"]


def test_without_javascript_the_passkey_button_stays_hidden(hosted: HostedServer, chromium: Any) -> None:
    tenant = hosted.tenant(auth_config={"allowed_origins": [hosted.url]})
    context = chromium.new_context(java_script_enabled=False, locale="en-US")
    try:
        page = context.new_page()
        page.goto(tenant.url("/sign-in"))
        assert page.locator("#passkey-sign-in").is_hidden()
        assert page.get_by_role("link", name="Email me a sign-in link").is_visible()
    finally:
        context.close()


# -- social and enterprise buttons ----------------------------------------------------------------


def test_social_button_round_trip(hosted: HostedServer, page: Any) -> None:
    tenant = hosted.tenant()
    idp = hosted.tenant(name="Upstream ID")
    client = idp.client(type="web", redirect_uris=[f"{hosted.url}/v1/oauth/{tenant.id}/callback"])
    resp = tenant.secret(
        "POST",
        "/v1/connections",
        json={
            "provider": "oidc",
            "name": "Upstream ID",
            "client_id": client["client_id"],
            "client_secret": client["client_secret"],
            "endpoints": {"discovery_url": f"{hosted.url}/oauth/{idp.id}/.well-known/openid-configuration"},
        },
    )
    assert resp.status_code == 201, resp.text
    person = idp.user()
    page.goto(tenant.url("/sign-in"))
    capture(page, "sign-in-social-buttons")
    page.get_by_role("link", name="Continue with Upstream ID").click()
    # the provider's own hosted sign-in page (another tenant of this service)
    page.wait_for_url(re.compile(rf"/oauth/{idp.id}/sign-in"))
    page.get_by_label("Email address").fill(person["email"])
    page.get_by_label("Password").fill(person["password"])
    page.get_by_role("button", name="Sign in", exact=True).click()
    _signed_in_as(page, person["email"])


def test_a_failed_social_sign_in_comes_back_to_the_sign_in_page(hosted: HostedServer, page: Any) -> None:
    tenant = hosted.tenant()
    page.goto(tenant.url("/sign-in"))
    flow = parse_qs(urlsplit(page.url).query)["flow"][0]
    page.goto(tenant.url("/connections/done", flow=flow, error="access_denied", error_description="Call 555"))
    text = page.locator("main").inner_text()
    assert "did not complete" in text and "555" not in text
    capture(page, "social-failed")


def test_every_form_needs_the_csrf_token(hosted: HostedServer) -> None:
    tenant = hosted.tenant(auth_config={"allowed_origins": [hosted.url]})
    for path in (
        "/magic-link",
        "/magic-link/verify",
        "/email-code",
        "/email-code/verify",
        "/passkey/options",
        "/passkey/verify",
    ):
        resp = requests.post(
            tenant.url(path), data={"email": "x@example.com", "token": "t", "code": "123456"}, timeout=10
        )
        assert resp.status_code == 403, (path, resp.status_code)
        assert "Set-Cookie" not in resp.headers or "idp_session" not in resp.headers["Set-Cookie"]
