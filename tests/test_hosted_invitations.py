"""Invitation acceptance by someone without an account, in a real browser (docs/hosted-pages.md,
"Account page and invitations"): the invitation page's "create an account to accept" goes
through the hosted sign-up and the tenant's email verification by code, back to the invitation
(its return_to survives both), where the new account accepts. Every page is captured."""

from __future__ import annotations

import re
import uuid
from typing import Any

from tests.support.browser import (  # noqa: F401 - fixtures
    STRONG_PASSWORD,
    capture,
    chromium,
    hosted,
    link_in,
    page,
    wait_for,
)


def _mail(hosted: Any, to: str, marker: str) -> list[Any]:
    return [m for m in hosted.mail.to(to) if marker in m.get_body(("plain",)).get_content()]


def _code(message: Any) -> str:
    """The code ending its line (the tenant's random name may hold six digits too)."""
    found = re.search(r":\s*(\d{6})\s*$", message.get_body(("plain",)).get_content(), re.MULTILINE)
    assert found
    return found.group(1)


def test_a_new_user_signs_up_from_the_invitation_then_accepts(hosted: Any, page: Any) -> None:
    tenant = hosted.tenant(auth_config={"email_verification_required": True})
    org = tenant.secret("POST", "/v1/organizations", json={"name": "Difference Engines"}).json()
    email = f"inv-{uuid.uuid4().hex[:10]}@example.com"
    resp = tenant.secret("POST", f"/v1/organizations/{org['id']}/invitations", json={"email": email, "role": "member"})
    assert resp.status_code == 201, resp.text
    link = link_in(wait_for(lambda: _mail(hosted, email, "/invitation?token="), 15)[-1])

    page.goto(link)
    assert "Join Difference Engines" in page.locator("h1").inner_text()
    capture(page, "invitation-new-user")
    page.get_by_role("link", name="Create an account to accept").click()
    page.wait_for_url(re.compile(r"/sign-up\?"))
    capture(page, "invitation-sign-up")
    page.fill("#f-email", email)
    page.fill("#f-password", STRONG_PASSWORD)
    page.click("form[action$='/sign-up'] button[type=submit]")
    page.wait_for_url(re.compile(r"/sign-up/verify\?flow="))
    capture(page, "invitation-sign-up-verify")

    page.fill("#f-code", _code(wait_for(lambda: _mail(hosted, email, "/verify-email?"), 15)[-1]))
    page.click("form[action$='/sign-up/verify'] button[type=submit]")
    page.wait_for_url(re.compile(r"/invitation\?token="))
    assert page.url == link
    capture(page, "invitation-after-sign-up")
    page.get_by_role("button", name="Accept the invitation").click()
    page.wait_for_url(re.compile(r"/account/organizations\?done=invitation_accepted"))
    card = page.locator("ul.cards > li", has_text="Difference Engines")
    assert "Active" in card.inner_text() and "member" in card.inner_text()
    capture(page, "invitation-new-user-accepted")
    user = tenant.secret("GET", f"/v1/users?email={email}").json()["data"][0]
    assert user["email_verified"] is True
    members = tenant.secret("GET", f"/v1/organizations/{org['id']}/members").json()["data"]
    assert [m["user_id"] for m in members] == [user["id"]]
