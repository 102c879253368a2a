"""The service's pages outside the hosted journeys, over HTTP (docs/hosted-pages.md, "Pages
outside /oauth"): the emailed verification link, the invitation link page, the connections'
and the OAuth provider's error pages are the one renderer's: its CSP with a nonce, the
tenant's branding and text overrides, the language from ?lang= / its cookie / Accept-Language.
tests/test_hosted_service_pages.py opens them in a browser."""

from __future__ import annotations

import re

from tests.support.api import STRONG_PASSWORD, Api
from tests.support.mail import emails_of, token_in
from tests.support.oauth import parse_page
from tests.support.organizations import email, invite, last_invite_url, new_org

FR = {"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"}


def _strict(resp) -> None:
    csp = resp.headers["Content-Security-Policy"]
    nonce = re.search(r"script-src 'nonce-([A-Za-z0-9_-]+)'", csp)
    assert nonce and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp, csp
    assert resp.headers["X-Frame-Options"] == "DENY" and resp.headers["Cache-Control"] == "no-store"


def _lang(html: str) -> str:
    found = re.search(r'<html lang="([a-z]+)">', html)
    assert found
    return found.group(1)


async def test_verify_email_link_is_branded_translated_and_overridable(api: Api, app, make_tenant) -> None:
    tenant = await make_tenant(
        name="Plain name",
        auth_config={"branding": {"display_name": "Analytical <Engines>", "primary_color": "#0a7d3e"}},
    )
    status, created, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": email(), "password": STRONG_PASSWORD}
    )
    assert status == 201, created
    token = token_in((await emails_of(app, tenant.id, "verification"))[-1]["variables"]["verify_url"])

    status, html, resp = await api.call("GET", f"/v1/auth/verify-email?token={token}", headers=FR)
    assert status == 200 and _lang(html) == "fr"
    _strict(resp)
    assert "Confirmez que vous avez créé un compte avec" in html and "Analytical &lt;Engines&gt;" in html
    assert "--brand-primary: #0a7d3e;" in html  # the tenant's colour, in the nonce'd style element
    # The switcher links this page in the other language; the choice is remembered on the link's path.
    assert f'href="/v1/auth/verify-email?token={token}&amp;lang=en"' in html
    status, html, resp = await api.call("GET", f"/v1/auth/verify-email?token={token}&lang=en", headers=FR)
    assert _lang(html) == "en" and "Confirm that you created an account" in html
    set_cookies = {c.split("=", 1)[0]: c for c in resp.headers.getall("Set-Cookie")}
    for name in ("idp_lang", "idp_csrf"):
        assert "Path=/v1/auth/verify-email" in set_cookies[name], set_cookies

    # The tenant's text override applies (escaped, never evaluated).
    status, body, _ = await tenant.secret(
        "PUT", "/v1/hosted/texts/fr", json={"texts": {"link_verify.confirm": "Oui <c'est moi>"}}
    )
    assert status == 200, body
    # (The client keeps the idp_lang cookie "en" now: it wins over Accept-Language; ?lang wins over it.)
    status, html, _ = await api.call("GET", f"/v1/auth/verify-email?token={token}", headers=FR)
    assert _lang(html) == "en"
    status, html, _ = await api.call("GET", f"/v1/auth/verify-email?token={token}&lang=fr")
    assert "Oui &lt;c&#39;est moi&gt;" in html

    # The confirm POST answers in the same language and look; no switcher after a POST.
    [form] = parse_page(html).forms
    assert form["action"] == "/v1/auth/verify-email/confirm" and set(form["fields"]) == {"token", "csrf_token"}
    status, html, resp = await api.call("POST", "/v1/auth/verify-email/confirm", data=form["fields"], headers=FR)
    assert status == 200 and "Adresse e-mail vérifiée" in html and 'hreflang="en"' not in html
    _strict(resp)

    # A link that names no tenant: the service's own look, still translated.
    status, html, resp = await api.call("GET", "/v1/auth/verify-email?token=nope", headers=FR)
    assert status == 400 and "Lien non valide" in html and "Analytical" not in html
    _strict(resp)


async def test_invitation_link_page_in_french_links_to_the_hosted_acceptance(api: Api, app, tenant) -> None:
    org = await new_org(tenant)
    invited = email()
    status, _, _ = await invite(tenant, org["id"], email=invited)
    assert status == 201
    token = token_in(await last_invite_url(app, tenant.id))
    status, html, resp = await api.call("GET", f"/v1/invitations/view?token={token}", headers=FR)
    assert status == 200 and _lang(html) == "fr"
    _strict(resp)
    assert "en tant que membre" in html and invited in html and token in html
    assert f'href="/oauth/{tenant.id}/invitation?token={token}"' in html
    status, html, resp = await api.call("GET", "/v1/invitations/view?token=nope&lang=fr")
    assert status == 400 and "Invitation non valide" in html


async def test_oauth_and_connection_errors_are_translated(api: Api, tenant) -> None:
    status, html, resp = await api.call(
        "GET", f"/oauth/{tenant.id}/authorize?client_id=cli_unknown&response_type=code", headers=FR
    )
    assert status == 400 and "Application inconnue" in html and _lang(html) == "fr"
    _strict(resp)
    status, html, _ = await api.call("GET", f"/oauth/{tenant.id}/authorize?response_type=code")
    assert status == 400 and "The request names no client (client_id is missing)." in html

    status, html, resp = await api.call(
        "GET", f"/v1/oauth/{tenant.id}/connections/con_missing/start?redirect_url=x", headers=FR
    )
    assert status == 404 and "Mode de connexion inconnu" in html
    _strict(resp)
    status, html, resp = await api.call("GET", "/v1/oauth/tnt_missing/callback?state=x", headers=FR)
    assert status == 404 and "Ce lien de connexion ne nomme aucune application." in html
    _strict(resp)
