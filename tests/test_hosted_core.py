"""The hosted pages' foundation in a real browser (docs/hosted-pages.md): the OAuth and the
standalone sign-in journeys, the TOTP second factor, errors, CSRF, languages, branding, text
overrides, the CSP, keyboard use; every page captured in both languages and checked by axe-core."""

from __future__ import annotations

import base64
import re
import time
from urllib.parse import parse_qs, urlencode, urlsplit

import pyotp
import requests

from tests.support.browser import (  # noqa: F401 - fixtures
    capture,
    chromium,
    exchange_code,
    hosted,
    page,
    pkce_pair,
    redirect_target,
    tab_to,
    wait_for,
)


def _query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def _sign_in(page, user) -> None:
    page.fill("#f-email", user["email"])
    page.fill("#f-password", user["password"])
    page.click("form button[type=submit]")


def test_oauth_journey_with_consent_and_token_exchange(hosted, page) -> None:
    tenant = hosted.tenant()
    client = tenant.client(type="web", first_party=False, name="Partner <App>")
    user = tenant.user()
    seen = redirect_target(page, hosted)
    verifier, challenge = pkce_pair()
    query = {
        "response_type": "code",
        "client_id": client["client_id"],
        "redirect_uri": hosted.redirect_uri,
        "scope": "openid email",
        "state": "st-1",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    page.goto(tenant.url("/authorize") + "?" + urlencode(query))
    assert re.search(r"/sign-in\?flow=hfl_", page.url), page.url
    assert "Partner <App>" in page.locator("h1").inner_text()
    capture(page, "sign-in")
    _sign_in(page, user)
    page.wait_for_selector("button[value=allow]")
    # The sign-in ended the flow (its request travels on in the consent form), so that POST
    # cannot be sent again: the same consent page, asked again by the now signed-in browser
    # with a GET, is captured in both languages.
    page.goto(tenant.url("/authorize") + "?" + urlencode(query))
    page.wait_for_selector("button[value=allow]")
    capture(page, "consent")
    page.click("button[value=allow]")
    wait_for(lambda: seen, page=page)
    params = _query(seen[-1])
    assert params["state"] == "st-1" and params["iss"] == tenant.base
    token = exchange_code(tenant, client, params["code"], verifier)
    assert token["access_token"] and token["id_token"]


def test_standalone_sign_in_link_ends_with_a_code(hosted, page) -> None:
    tenant = hosted.tenant()
    client = tenant.client(type="spa")
    user = tenant.user()
    seen = redirect_target(page, hosted)
    verifier, challenge = pkce_pair()
    page.goto(
        tenant.url(
            "/sign-in",
            client_id=client["client_id"],
            redirect_uri=hosted.redirect_uri,
            state="abc",
            code_challenge=challenge,
            code_challenge_method="S256",
        )
    )
    assert "flow=hfl_" in page.url
    _sign_in(page, user)
    wait_for(lambda: seen, page=page)
    params = _query(seen[-1])
    assert params["state"] == "abc"
    assert exchange_code(tenant, client, params["code"], verifier)["access_token"]


def test_without_a_client_the_journey_ends_on_the_account_page_and_signs_out(hosted, page) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    page.goto(tenant.url("/account"))  # not signed in: the sign-in page, back here after
    assert "/sign-in?flow=" in page.url
    _sign_in(page, user)
    page.wait_for_url(re.compile(r"/account$"))
    assert user["email"] in page.inner_text("main")
    capture(page, "account")
    page.goto(tenant.url("/sign-out"))
    capture(page, "sign-out")
    page.click("form button[type=submit]")
    page.wait_for_selector("h1")
    capture(page, "signed-out")
    page.goto(tenant.url("/account"))
    assert "/sign-in?flow=" in page.url  # the session is gone


def test_totp_second_factor_on_the_hosted_page(hosted, page) -> None:
    tenant = hosted.tenant()
    client = tenant.client(type="spa")
    user = tenant.user()
    enrolled = tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "totp"}).json()
    totp = pyotp.TOTP(enrolled["totp"]["secret"])
    confirm = totp.at(time.time() - 30)
    resp = tenant.secret(
        "POST", f"/v1/users/{user['id']}/mfa/factors/{enrolled['factor_id']}/confirm", json={"code": confirm}
    )
    assert resp.status_code == 200, resp.text
    seen = redirect_target(page, hosted)
    verifier, challenge = pkce_pair()
    page.goto(
        tenant.url(
            "/sign-in",
            client_id=client["client_id"],
            redirect_uri=hosted.redirect_uri,
            state="s",
            code_challenge=challenge,
        )
        + "&code_challenge_method=S256"
    )
    _sign_in(page, user)
    page.wait_for_url(re.compile(r"/second-factor\?flow=hfl_"))
    capture(page, "second-factor")
    page.fill("#f-code", "000000")
    page.click("form button[type=submit]")
    page.wait_for_selector("[role=alert]")
    capture(page, "second-factor-error")
    page.fill("#f-code", totp.now())
    page.click("form button[type=submit]")
    wait_for(lambda: seen, page=page)
    assert exchange_code(tenant, client, _query(seen[-1])["code"], verifier)["access_token"]


def test_wrong_password_and_a_forged_csrf_token(hosted, page) -> None:
    tenant = hosted.tenant()
    user = tenant.user()
    page.goto(tenant.url("/sign-in"))
    _sign_in(page, {**user, "password": "not the password at all"})
    alert = page.wait_for_selector("[role=alert]")
    assert "incorrect" in alert.inner_text()
    assert page.input_value("#f-email") == user["email"]
    capture(page, "sign-in-error")
    page.evaluate("() => { document.querySelector('input[name=csrf_token]').value = 'x'.repeat(43); }")
    page.fill("#f-password", user["password"])
    page.click("form button[type=submit]")
    page.wait_for_selector("h1")
    assert "expired" in page.inner_text("h1")
    capture(page, "csrf-error")


def test_a_foreign_redirect_uri_is_refused_on_an_error_page(hosted, page) -> None:
    tenant = hosted.tenant()
    client = tenant.client(type="web")
    page.goto(tenant.url("/sign-in", client_id=client["client_id"], redirect_uri="https://evil.example/cb"))
    assert urlsplit(page.url).netloc == urlsplit(hosted.url).netloc
    assert "not registered" in page.inner_text("main")
    capture(page, "error")


def test_language_from_accept_language_and_the_switcher(hosted, chromium) -> None:
    tenant = hosted.tenant()
    context = chromium.new_context(locale="fr-FR", extra_http_headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"})
    try:
        p = context.new_page()
        p.goto(tenant.url("/sign-in"))
        assert p.evaluate("() => document.documentElement.lang") == "fr"
        assert p.inner_text("form button[type=submit]") == "Se connecter"
        p.click('footer nav a[hreflang="en"]')
        p.wait_for_load_state()
        assert p.evaluate("() => document.documentElement.lang") == "en"
        # Remembered (idp_lang) over Accept-Language on the next page.
        p.goto(tenant.url("/sign-in"))
        assert p.evaluate("() => document.documentElement.lang") == "en"
    finally:
        context.close()


_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)


def test_branding_and_a_text_override_are_shown(hosted, page) -> None:
    logo = "data:image/png;base64," + base64.b64encode(_PNG).decode()
    tenant = hosted.tenant(
        auth_config={
            "branding": {
                "display_name": "Acme Rockets",
                "logo": logo,
                "primary_color": "#7a1f5c",
                "background_color": "#fafaf0",
            }
        }
    )
    resp = tenant.secret("PUT", "/v1/hosted/texts/en", json={"texts": {"sign_in.submit": "Launch <now>"}})
    assert resp.status_code == 200, resp.text
    refused = tenant.secret("PUT", "/v1/hosted/texts/en", json={"texts": {"sign_in.heading_client": "{secret}"}})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "invalid_hosted_text"
    page.goto(tenant.url("/sign-in"))
    assert page.inner_text("header .name") == "Acme Rockets"
    assert page.inner_text("form button[type=submit]") == "Launch <now>"  # escaped, shown as text
    assert "--brand-primary: #7a1f5c;" in page.content()
    color = page.evaluate("() => getComputedStyle(document.querySelector('form button')).backgroundColor")
    assert color == "rgb(122, 31, 92)"
    logo_resp = requests.get(f"{tenant.base}/branding/logo", timeout=10)
    assert logo_resp.status_code == 200 and logo_resp.content == _PNG
    assert logo_resp.headers["Content-Type"] == "image/png"
    assert "sandbox" in logo_resp.headers["Content-Security-Policy"]
    capture(page, "sign-in-branded")


def test_csp_header_has_a_fresh_nonce_and_pages_have_no_inline_code(hosted) -> None:
    tenant = hosted.tenant()
    session = requests.Session()
    first = session.get(tenant.url("/sign-in"), timeout=10)
    second = session.get(first.url, timeout=10)
    nonces = []
    for resp in (first, second):
        csp = resp.headers["Content-Security-Policy"]
        nonce = re.search(r"'nonce-([A-Za-z0-9]+)'", csp).group(1)
        nonces.append(nonce)
        assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
        assert resp.headers["X-Frame-Options"] == "DENY" and resp.headers["Cache-Control"] == "no-store"
        for tag in re.findall(r"<script\b[^>]*>", resp.text):
            assert f'nonce="{nonce}"' in tag and "src=" in tag
        assert not re.search(r"<[^>]+\son[a-z]+=", resp.text)
        assert not re.search(r"<[^>]+\sstyle=", resp.text)
    assert nonces[0] != nonces[1]
    css_path = re.search(r'href="(/oauth/static/hosted\.css\?v=\w+)"', first.text).group(1)
    css = session.get(hosted.url + css_path, timeout=10)
    assert css.status_code == 200 and css.headers["Content-Type"].startswith("text/css")
    assert "immutable" in css.headers["Cache-Control"]
    assert session.get(hosted.url + "/oauth/static/..%2Fhosted%2Frender.py", timeout=10).status_code == 404


def test_the_sign_in_form_works_with_the_keyboard_alone(hosted, page) -> None:
    tenant = hosted.tenant()
    client = tenant.client(type="spa")
    user = tenant.user()
    seen = redirect_target(page, hosted)
    _, challenge = pkce_pair()
    page.goto(
        tenant.url(
            "/sign-in", client_id=client["client_id"], redirect_uri=hosted.redirect_uri, code_challenge=challenge
        )
        + "&code_challenge_method=S256"
    )
    tab_to(page, "#f-email")
    page.keyboard.type(user["email"])
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "f-password"
    page.keyboard.type(user["password"])
    page.keyboard.press("Enter")
    wait_for(lambda: seen, page=page)
    assert "code" in _query(seen[-1])
    assert "code" in _query(seen[-1])


def test_prompt_create_goes_to_sign_up_and_a_flow_is_bound_to_its_browser(hosted) -> None:
    tenant = hosted.tenant()
    client = tenant.client(type="web")
    query = {"response_type": "code", "client_id": client["client_id"], "redirect_uri": hosted.redirect_uri}
    first = requests.Session()
    created = first.get(
        tenant.url("/authorize") + "?" + urlencode({**query, "prompt": "create"}), allow_redirects=False
    )
    assert created.status_code == 302
    assert re.match(rf"/oauth/{tenant.id}/sign-up\?flow=hfl_\w+$", created.headers["Location"])
    signing = first.get(tenant.url("/authorize") + "?" + urlencode(query), allow_redirects=False)
    location = signing.headers["Location"]
    assert re.match(rf"/oauth/{tenant.id}/sign-in\?flow=hfl_\w+$", location)
    assert first.get(hosted.url + location, timeout=10).status_code == 200
    # The same address in another browser (no idp_browser cookie, or another one) leads nowhere.
    other = requests.get(hosted.url + location, timeout=10)
    assert other.status_code == 400 and "expired" in other.text
    assert client["client_id"] not in other.text
