"""The hosted account area and invitation acceptance in a real browser (docs/hosted-pages.md,
"Account page and invitations"): each section's action, sessions revoked from another browser
context, sign out everywhere, the organization switcher and leaving, and accepting an invitation
as an existing and as a newly registered user. Every page is captured (screenshots + axe)."""

from __future__ import annotations

import re
import uuid
from typing import Any

from tests.support.browser import (  # noqa: F401 - fixtures
    STRONG_PASSWORD,
    capture,
    chromium,
    hosted,
    latest_message,
    link_in,
    page,
    wait_for,
)

NEW_PASSWORD = "a quite different passphrase 77"


def _email() -> str:
    return f"acct-{uuid.uuid4().hex[:10]}@example.com"


def sign_in(page: Any, tenant: Any, user: dict[str, Any], path: str = "/account") -> None:
    """Open a page of the account area signed out: the sign-in page comes first, then the page."""
    page.goto(tenant.url(path))
    page.wait_for_url(re.compile(r"/sign-in\?"))
    page.fill("#f-email", user["email"])
    page.fill("#f-password", user["password"])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(re.escape(tenant.url(path)) + r"(\?.*)?$"))


def _code_line(message: Any) -> str:
    """The code on a line of its own (the tenant's random name may hold six digits too)."""
    found = re.search(r"^\s+(\d{6})\s*$", message.get_body(("plain",)).get_content(), re.MULTILINE)
    assert found
    return found.group(1)


def _notice(page: Any) -> str:
    return page.locator("[role=status]").inner_text()


def test_profile_and_navigation(hosted, page) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    sign_in(page, tenant, user)
    assert page.locator("h1").inner_text() == "Profile"
    nav = page.get_by_role("navigation", name="Account sections")
    labels = ("Profile", "Email", "Password", "Sessions and devices", "Security", "Connected accounts", "Organizations")
    for label in labels:
        assert nav.get_by_role("link", name=label).count() == 1
    capture(page, "account-profile")
    page.fill("#f-name", "Ada Lovelace")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(re.compile(r"done=profile_saved"))
    assert "saved" in _notice(page)
    resp = tenant.secret("GET", f"/v1/users/{user['id']}")
    assert resp.json()["name"] == "Ada Lovelace"


def test_email_change_with_the_code_sent_to_the_new_address(hosted, page) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    sign_in(page, tenant, user, "/account/email")
    capture(page, "account-email")
    new = _email()
    page.fill("#f-email", new)
    page.fill("#f-password", "not my password")
    page.get_by_role("button", name="Send the code").click()
    assert "not correct" in page.locator("#f-password-error").inner_text()
    page.fill("#f-email", new)
    page.fill("#f-password", user["password"])
    page.get_by_role("button", name="Send the code").click()
    page.wait_for_url(re.compile(r"done=email_code_sent"))
    capture(page, "account-email-code")
    code = _code_line(latest_message(hosted, new))
    assert tenant.secret("GET", f"/v1/users/{user['id']}").json()["email"] == user["email"]  # not yet
    page.fill("#f-code", "000000" if code != "000000" else "111111")
    page.get_by_role("button", name="Change my address").click()
    assert page.locator("#f-code-error").count() == 1
    page.fill("#f-code", code)
    page.get_by_role("button", name="Change my address").click()
    page.wait_for_url(re.compile(r"done=email_changed"))
    assert new in page.locator("section").inner_text()
    notice = latest_message(hosted, user["email"])
    assert new in notice.get_body(preferencelist=("plain",)).get_content()
    assert tenant.secret("GET", f"/v1/users/{user['id']}").json()["email"] == new


def test_password_change_then_sign_in_with_the_new_one(hosted, page, chromium) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    sign_in(page, tenant, user, "/account/password")
    capture(page, "account-password")
    page.fill("#f-current_password", user["password"])
    page.fill("#f-new_password", "short")
    page.get_by_role("button", name="Save the password").click()
    assert page.locator("#f-new_password-error").count() == 1
    page.fill("#f-current_password", user["password"])
    page.fill("#f-new_password", NEW_PASSWORD)
    page.get_by_role("button", name="Save the password").click()
    page.wait_for_url(re.compile(r"done=password_changed"))
    other = chromium.new_context()
    try:
        fresh = other.new_page()
        sign_in(fresh, tenant, {**user, "password": NEW_PASSWORD})
        assert fresh.locator("h1").inner_text() == "Profile"
    finally:
        other.close()
    old = {"email": user["email"], "password": user["password"]}
    assert tenant.public("POST", "/v1/auth/sign-in", json=old).status_code == 401


def test_sessions_revoke_another_browser_and_sign_out_everywhere(hosted, page, chromium) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    other = chromium.new_context(user_agent="Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1")
    try:
        phone = other.new_page()
        sign_in(phone, tenant, user)
        sign_in(page, tenant, user, "/account/sessions")
        cards = page.locator("ul.cards > li")
        assert cards.count() == 3  # this browser, the phone, and the API sign-up that made the user
        assert "This device" in cards.nth(0).inner_text()
        assert "Safari on iOS" in page.locator("section").inner_text()
        capture(page, "account-sessions")
        page.get_by_role("button", name="Sign out of Safari on iOS").click()
        page.wait_for_url(re.compile(r"done=session_revoked"))
        assert page.locator("ul.cards > li").count() == 2
        assert "Safari on iOS" not in page.locator("section").inner_text()
        phone.goto(tenant.url("/account"))
        phone.wait_for_url(re.compile(r"/sign-in\?"))  # that browser is signed out
        sign_in(phone, tenant, user)
        page.reload()
        page.get_by_role("button", name="Sign out on all other devices").click()
        page.wait_for_url(re.compile(r"done=others_revoked"))
        phone.goto(tenant.url("/account"))
        phone.wait_for_url(re.compile(r"/sign-in\?"))
        page.get_by_role("button", name="Sign out everywhere").click()
        page.wait_for_load_state()
        assert page.locator("h1").inner_text() == "You are signed out"
        page.goto(tenant.url("/account"))
        page.wait_for_url(re.compile(r"/sign-in\?"))
    finally:
        other.close()


def _org(tenant: Any, **body: Any) -> dict[str, Any]:
    resp = tenant.secret("POST", "/v1/organizations", json={"name": f"Org {uuid.uuid4().hex[:6]}", **body})
    assert resp.status_code == 201, resp.text
    created: dict[str, Any] = resp.json()
    return created


def test_organizations_switch_and_leave(hosted, page) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    owned = _org(tenant, name="Analytical Engines", created_by=user["id"])
    joined = _org(tenant, name="Difference Ltd")
    assert tenant.secret("POST", f"/v1/organizations/{joined['id']}/members", json={"user_id": user["id"]}).ok
    sign_in(page, tenant, user, "/account/organizations")
    assert page.locator("ul.cards > li").count() == 2
    capture(page, "account-organizations")
    page.get_by_role("button", name="Make active: Difference Ltd").click()
    page.wait_for_url(re.compile(r"done=organization_switched"))
    card = page.locator("ul.cards > li", has_text="Difference Ltd")
    assert "Active" in card.inner_text()
    # the last owner cannot leave
    page.get_by_role("button", name="Leave Analytical Engines").click()
    assert "last owner" in page.locator("[role=alert]").inner_text()
    page.goto(tenant.url("/account/organizations"))
    page.get_by_role("button", name="Leave Difference Ltd").click()
    page.wait_for_url(re.compile(r"done=organization_left"))
    assert page.locator("ul.cards > li").count() == 1
    members = tenant.secret("GET", f"/v1/organizations/{joined['id']}/members").json()["data"]
    assert members == []
    assert owned["id"]


def _upstream(hosted: Any, tenant: Any) -> dict[str, Any]:
    """Another tenant of the same server as the OIDC provider behind `tenant`'s connection
    (the provider of tests/support/connections.py, over the live server): its user."""
    idp = hosted.tenant()
    client = idp.client(type="web", redirect_uris=[f"{hosted.url}/v1/oauth/{tenant.id}/callback"])
    discovery = f"{hosted.url}/oauth/{idp.id}/.well-known/openid-configuration"
    body = {
        "provider": "oidc",
        "name": "Upstream",
        "client_id": client["client_id"],
        "client_secret": client["client_secret"],
        "endpoints": {"discovery_url": discovery},
    }
    resp = tenant.secret("POST", "/v1/connections", json=body)
    assert resp.status_code == 201, resp.text
    return idp.user()


def test_connect_and_disconnect_a_provider_account(hosted, page) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    # connecting a way in needs a verified address
    assert tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"email_verified": True}).ok
    upstream = _upstream(hosted, tenant)
    sign_in(page, tenant, user, "/account/connections")
    assert "No account from another provider" in page.locator("section").inner_text()
    capture(page, "account-connections")
    page.get_by_role("button", name="Connect Upstream").click()
    page.wait_for_url(re.compile(r"/sign-in\?"))  # the provider's own sign-in page
    page.fill("#f-email", upstream["email"])
    page.fill("#f-password", upstream["password"])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(re.escape(tenant.url("/account/connections")) + r"\?link_token="))
    capture(page, "account-connections-confirm")
    page.get_by_role("button", name="Connect this account").click()
    page.wait_for_url(re.compile(r"done=identity_linked"))
    linked = tenant.secret("GET", f"/v1/users/{user['id']}/identities").json()["data"]
    assert [i["email"] for i in linked] == [upstream["email"]]
    page.get_by_role("button", name="Disconnect the oidc account").click()
    page.wait_for_url(re.compile(r"done=identity_unlinked"))
    assert tenant.secret("GET", f"/v1/users/{user['id']}/identities").json()["data"] == []


def _invite(hosted: Any, tenant: Any, email: str, role: str = "admin") -> tuple[dict[str, Any], str]:
    org = _org(tenant, name="Analytical Engines")
    resp = tenant.secret("POST", f"/v1/organizations/{org['id']}/invitations", json={"email": email, "role": role})
    assert resp.status_code == 201, resp.text

    def invitations() -> list[Any]:
        return [m for m in hosted.mail.to(email) if "/invitation?token=" in m.get_body(("plain",)).get_content()]

    message = wait_for(invitations, 15)[-1]
    return org, link_in(message)


def test_invitation_accepted_by_an_existing_user(hosted, page) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    org, link = _invite(hosted, tenant, user["email"])
    assert link.startswith(tenant.url("/invitation?token="))
    page.goto(link)
    assert "Join Analytical Engines" in page.locator("h1").inner_text()
    capture(page, "invitation")
    page.get_by_role("link", name="Sign in to accept").click()
    page.wait_for_url(re.compile(r"/sign-in\?"))
    page.fill("#f-email", user["email"])
    page.fill("#f-password", user["password"])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/invitation\?token="))
    capture(page, "invitation-signed-in")
    page.get_by_role("button", name="Accept the invitation").click()
    page.wait_for_url(re.compile(r"/account/organizations\?done=invitation_accepted"))
    card = page.locator("ul.cards > li", has_text="Analytical Engines")
    assert "Active" in card.inner_text() and "admin" in card.inner_text()
    members = tenant.secret("GET", f"/v1/organizations/{org['id']}/members").json()["data"]
    assert [m["user_id"] for m in members] == [user["id"]]
    page.goto(link)
    assert page.locator("h1").inner_text() == "Invitation already accepted"
    capture(page, "invitation-accepted")


def test_invitation_for_a_new_user_and_a_wrong_user(hosted, page) -> None:
    tenant = hosted.tenant()
    invited = _email()
    _, link = _invite(hosted, tenant, invited, role="member")
    page.goto(link)
    sign_up = page.get_by_role("link", name="Create an account to accept")
    assert "/sign-up?return_to=" in (sign_up.get_attribute("href") or "")
    # someone else signed in in this browser is told, and cannot accept
    stranger = tenant.user()
    page.get_by_role("link", name="Sign in to accept").click()
    page.wait_for_url(re.compile(r"/sign-in\?"))
    page.fill("#f-email", stranger["email"])
    page.fill("#f-password", stranger["password"])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/invitation\?token="))
    assert invited in page.locator("main").inner_text()
    assert page.get_by_role("button", name="Accept the invitation").count() == 0
    capture(page, "invitation-other-user")
    # the invited person registers (the account exists now), signs in, accepts
    page.goto(tenant.url("/sign-out"))
    page.get_by_role("button", name="Sign out").click()
    newcomer = tenant.user(email=invited)
    page.goto(link)
    page.get_by_role("link", name="Sign in to accept").click()
    page.fill("#f-email", newcomer["email"])
    page.fill("#f-password", newcomer["password"])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/invitation\?token="))
    page.get_by_role("button", name="Accept the invitation").click()
    page.wait_for_url(re.compile(r"/account/organizations\?done=invitation_accepted"))


def test_invalid_invitation_page(hosted, page) -> None:
    tenant = hosted.tenant()
    page.goto(tenant.url("/invitation", token="made-up"))
    assert page.locator("h1").inner_text() == "Invitation not valid"
    capture(page, "invitation-invalid")


def test_a_revoked_invitation_and_a_forged_account_form(hosted, page) -> None:
    tenant = hosted.tenant()
    invited = _email()
    org, link = _invite(hosted, tenant, invited)
    pending = tenant.secret("GET", f"/v1/organizations/{org['id']}/invitations").json()["data"]
    assert tenant.secret("DELETE", f"/v1/organizations/{org['id']}/invitations/{pending[0]['id']}").ok
    page.goto(link)
    assert page.locator("h1").inner_text() == "Invitation not valid"
    # a form whose CSRF token does not match the cookie changes nothing
    user = tenant.user()
    sign_in(page, tenant, user)
    page.evaluate(
        "() => { document.querySelector('form[action$=\"/account/profile\"] [name=csrf_token]').value = 'x'; }"
    )
    page.fill("#f-name", "Mallory")
    page.get_by_role("button", name="Save").click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "This form has expired"
    assert tenant.secret("GET", f"/v1/users/{user['id']}").json()["name"] != "Mallory"
