"""The hosted OAuth sign-in page asks for the second factor through identity.oauth.mfa_step,
which identity.mfa fills: a browser-like walk (tests/test_oauth_support.Browser) through sign-in,
the code form and the redirect with an authorization code."""

from __future__ import annotations

import base64
import hashlib
import secrets
from urllib.parse import urlencode

from tests.support.mfa import enroll_totp, make_tenant_for_mfa, new_user, totp_code, wait_for_fresh_step
from tests.support.oauth import Browser, api, parse_page, port, query_of, settings  # noqa: F401 (fixtures)

REDIRECT = "http://127.0.0.1:9/callback"


async def test_hosted_page_completes_totp_and_backup_code(make_tenant, api, port) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    _, secret = await enroll_totp(tenant, user["id"])
    status, backup, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/backup-codes/generate")
    status, client, _ = await tenant.secret(
        "POST", "/v1/clients", json={"name": "App", "type": "spa", "redirect_uris": [REDIRECT]}
    )
    assert status == 201, client
    base = f"http://127.0.0.1:{port}"

    async def start(browser: Browser):
        verifier = secrets.token_urlsafe(48)
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        query = urlencode(
            {
                "response_type": "code",
                "client_id": client["client_id"],
                "redirect_uri": REDIRECT,
                "scope": "openid",
                "state": "st",
                "code_challenge": challenge,
                "code_challenge_method": "S256",
            }
        )
        page = await browser.open(f"{base}/oauth/{tenant.id}/authorize?{query}")
        assert "/authorize/sign-in" in page.text
        page = await browser.submit({"email": user["email"], "password": "correct horse battery staple 42"})
        assert page.status_code == 200 and "/authorize/mfa" in page.text, page.text
        return page

    browser = Browser(base)
    try:
        page = await start(browser)
        fields = parse_page(page.text).forms[0]["fields"]
        assert fields["challenge_id"].startswith("mfc_") and fields["factor_type"] == "totp"
        wrong = await browser.submit({"code": "000000"})
        assert wrong.status_code == 401 and "not correct" in wrong.text
        location = await browser.submit({"code": totp_code(secret)})
        assert isinstance(location, str) and location.startswith(REDIRECT), location
        assert query_of(location)["code"] and query_of(location)["state"] == "st"
    finally:
        await browser.close()

    browser = Browser(base)  # a new browser: no session cookie, so the form again
    try:
        await start(browser)
        location = await browser.submit({"code": backup["codes"][0]})  # recognised by its form
        assert isinstance(location, str) and location.startswith(REDIRECT), location
    finally:
        await browser.close()
