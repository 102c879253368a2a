"""The service's pages outside the hosted journeys, in a real browser (docs/hosted-pages.md,
"Pages outside /oauth"): the verification email's link from the mail to the confirmed address,
the invitation link page, a connection's error page and the OAuth provider's error pages (in
French); each captured in both languages at 360 px and on the desktop, checked by axe-core and
for CSP violations (tests/support/browser.py)."""

from __future__ import annotations

import re
import uuid
from urllib.parse import urlencode

from tests.support.browser import (  # noqa: F401 - fixtures
    STRONG_PASSWORD,
    capture,
    chromium,
    hosted,
    latest_message,
    link_in,
    page,
    page_fr,
    wait_for,
)


def test_verification_link_from_the_email_to_the_verified_address(hosted, page) -> None:
    tenant = hosted.tenant(auth_config={"email_verification_required": True, "branding": {"primary_color": "#0a6b3a"}})
    email = f"link-{uuid.uuid4().hex[:10]}@example.com"
    resp = tenant.public("POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD})
    assert resp.status_code == 201, resp.text
    user_id = resp.json()["user"]["id"]
    link = link_in(latest_message(hosted, email))
    assert link.startswith(f"{hosted.url}/v1/auth/verify-email?token=")

    page.goto(link)
    assert page.locator("h1").inner_text() == "Confirm your email address"
    assert tenant.name in page.locator("main").inner_text()
    capture(page, "link-verify-email")
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_url(re.compile(r"/v1/auth/verify-email/confirm$"))
    assert page.locator("h1").inner_text() == "Email verified"
    capture(page, "link-verify-email-done")  # answered to a POST: its language only
    assert tenant.secret("GET", f"/v1/users/{user_id}").json()["email_verified"] is True

    # The link again, in French: already verified, nothing to confirm.
    page.goto(link + "&lang=fr")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert "déjà vérifiée" in page.locator("main").inner_text()
    assert page.locator("form").count() == 0
    capture(page, "link-verify-email-already")
    page.goto(f"{hosted.url}/v1/auth/verify-email?token=nope")
    assert page.locator("h1").inner_text() == "Lien non valide"  # the choice is remembered (idp_lang)
    capture(page, "link-verify-email-invalid")

    # A second address confirmed in French: the answer to the POST, in French.
    second = f"link-{uuid.uuid4().hex[:10]}@example.com"
    resp = tenant.public("POST", "/v1/auth/sign-up", json={"email": second, "password": STRONG_PASSWORD})
    assert resp.status_code == 201, resp.text
    page.goto(link_in(latest_message(hosted, second)))
    page.get_by_role("button", name="Confirmer").click()
    page.wait_for_url(re.compile(r"/v1/auth/verify-email/confirm$"))
    assert page.locator("h1").inner_text() == "Adresse e-mail vérifiée"
    capture(page, "link-verify-email-done")


def test_invitation_link_connection_and_oauth_error_pages(hosted, page) -> None:
    tenant = hosted.tenant(auth_config={"branding": {"display_name": "Difference Engines Ltd"}})
    org = tenant.secret("POST", "/v1/organizations", json={"name": "Analytical Society"}).json()
    invited = f"inv-{uuid.uuid4().hex[:10]}@example.com"
    resp = tenant.secret("POST", f"/v1/organizations/{org['id']}/invitations", json={"email": invited})
    assert resp.status_code == 201, resp.text
    token = re.search(r"token=([^&\s]+)", link_in(latest_message(hosted, invited))).group(1)

    page.goto(f"{hosted.url}/v1/invitations/view?token={token}")
    assert page.locator("h1").inner_text() == "You are invited"
    assert "Analytical Society" in page.locator("main").inner_text()
    capture(page, "invitation-link")
    page.get_by_role("link", name="Or accept the invitation on this page").click()
    page.wait_for_url(re.compile(rf"/oauth/{tenant.id}/invitation\?token="))
    assert "Analytical Society" in page.locator("h1").inner_text()
    page.goto(f"{hosted.url}/v1/invitations/view?token=nope")
    assert page.locator("h1").inner_text() == "Invitation not valid"
    capture(page, "invitation-link-invalid")

    page.goto(f"{hosted.url}/v1/oauth/{tenant.id}/connections/con_missing/start?redirect_url=x")
    assert page.locator("h1").inner_text() == "Unknown connection"
    capture(page, "connection-error")


def test_oauth_error_pages_in_the_browsers_language(hosted, page_fr) -> None:
    """The OAuth provider's error pages (never a redirect to an unchecked address), in French
    from the browser's Accept-Language."""
    page = page_fr
    tenant = hosted.tenant()
    page.goto(tenant.url("/authorize", client_id="cli_nope", response_type="code"))
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.locator("h1").inner_text() == "Application inconnue"
    capture(page, "oauth-error-unknown-client")
    client = tenant.client()
    query = {"client_id": client["client_id"], "response_type": "code", "redirect_uri": "https://evil.example/cb"}
    page.goto(f"{tenant.base}/authorize?{urlencode(query)}")
    assert page.locator("h1").inner_text() == "Adresse de retour non valide"
    assert page.url.startswith(tenant.base)  # never sent to an address the client did not register
    capture(page, "oauth-error-redirect-uri")
