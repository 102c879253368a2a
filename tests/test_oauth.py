"""The OAuth 2.0 / OpenID Connect provider, driven by authlib's client (a library no one here
wrote) and by a browser-like walk through the hosted pages (forms, hidden fields, cookies,
redirects) against the test server, whose address is the issuer's base."""

from __future__ import annotations

import uuid
from typing import Any

import httpx2 as httpx
import pytest
from authlib.common.security import generate_token
from authlib.integrations.base_client import OAuthError
from authlib.integrations.httpx_client import AsyncOAuth2Client
from authlib.oidc.core import CodeIDToken
from joserfc import jwt as jose_jwt
from joserfc.jwk import KeySet
from joserfc.jws import JWSRegistry

from tests.support.api import STRONG_PASSWORD
from tests.support.oauth import (  # noqa: F401 (fixtures)
    REDIRECT,
    Browser,
    api,
    base,
    browser,
    make_client,
    meta,
    parse_page,
    port,
    query_of,
    settings,
    tenant,
)

LOGOUT_TO = "https://app.example.com/signed-out"


_OPEN: list[AsyncOAuth2Client] = []


@pytest.fixture(autouse=True)
async def _close_clients():
    yield
    while _OPEN:
        await _OPEN.pop().aclose()


def track(client: AsyncOAuth2Client) -> AsyncOAuth2Client:
    _OPEN.append(client)
    return client


@pytest.fixture
async def user(sign_up) -> dict[str, Any]:
    email = f"oauth-{uuid.uuid4().hex[:8]}@example.com"
    created = await sign_up(email=email, name="Ada Lovelace")
    return {"email": email, "password": STRONG_PASSWORD, "id": created["user"]["id"]}


def oauth_client(
    created: dict[str, Any],
    meta: dict[str, Any],
    method: str | None = None,
    scope: str = "openid email profile offline_access",
) -> AsyncOAuth2Client:
    if method is None:
        method = "none" if "client_secret" not in created else "client_secret_basic"
    return track(
        AsyncOAuth2Client(
            client_id=created["client_id"],
            client_secret=created.get("client_secret"),
            scope=scope,
            redirect_uri=REDIRECT,
            token_endpoint_auth_method=method,
            code_challenge_method="S256",
            revocation_endpoint_auth_method=method,
        )
    )


async def authorize(
    client: AsyncOAuth2Client, meta: dict[str, Any], browser: Browser, user: dict[str, Any] | None, **extra: Any
) -> tuple[str, dict[str, str]]:
    """Start the flow with authlib, walk the hosted page (sign in if a form is shown) and
    return (the redirect Location, the request's verifier/nonce/state)."""
    verifier = generate_token(48)
    nonce = generate_token(16)
    url, state = client.create_authorization_url(
        meta["authorization_endpoint"], code_verifier=verifier, nonce=nonce, **extra
    )
    step = await browser.open(url)
    if isinstance(step, httpx.Response) and user is not None and "/authorize/sign-in" in step.text:
        assert step.status_code == 200
        page = parse_page(step.text)
        fields = page.forms[0]["fields"]
        assert fields["csrf_token"] and fields["client_id"] == client.client_id and fields["state"] == state
        step = await browser.submit({"email": user["email"], "password": user["password"]})
    return step, {"verifier": verifier, "nonce": nonce, "state": state}


async def validated_id_token(
    token: dict[str, Any], meta: dict[str, Any], client_id: str, nonce: str | None, alg: str = "RS256"
) -> Any:
    """The ID token checked as a relying party would (authlib/joserfc, the JWKS, alg pinned)."""
    async with httpx.AsyncClient() as http:
        jwks = (await http.get(meta["jwks_uri"])).json()
    decoded = jose_jwt.decode(token["id_token"], KeySet.import_key_set(jwks), registry=JWSRegistry(algorithms=[alg]))
    assert decoded.header["alg"] == alg
    claims = CodeIDToken(
        decoded.claims,
        decoded.header,
        {"iss": {"essential": True, "values": [meta["issuer"]]}, "aud": {"essential": True, "values": [client_id]}},
        {"nonce": nonce, "client_id": client_id, "access_token": token["access_token"]}
        if nonce
        else {"client_id": client_id, "access_token": token["access_token"]},
    )
    claims.validate(leeway=5)  # iss, aud, exp, iat, nonce, at_hash, azp
    return claims


# -- discovery ------------------------------------------------------------------------------------


async def test_discovery_names_every_endpoint_and_jwks_serves_the_keys(tenant, base, meta):
    iss = f"{base}/oauth/{tenant.id}"
    assert meta["issuer"] == iss
    for name in (
        "authorization_endpoint",
        "token_endpoint",
        "userinfo_endpoint",
        "jwks_uri",
        "revocation_endpoint",
        "introspection_endpoint",
        "end_session_endpoint",
    ):
        assert meta[name].startswith(iss + "/"), name
    assert meta["code_challenge_methods_supported"] == ["S256"]
    assert meta["response_types_supported"] == ["code"]
    assert set(meta["token_endpoint_auth_methods_supported"]) >= {"client_secret_basic", "client_secret_post"}
    # RS256 (what OIDC Discovery requires and relying parties expect by default) and ES256
    assert meta["id_token_signing_alg_values_supported"] == ["RS256", "ES256"]
    assert {"openid", "email", "profile", "offline_access"} <= set(meta["scopes_supported"])
    async with httpx.AsyncClient() as http:
        keys = (await http.get(meta["jwks_uri"])).json()["keys"]
        assert {k["alg"] for k in keys} == {"ES256", "RS256"}
        assert all(k["kid"] and k["use"] == "sig" and "d" not in k for k in keys)
        assert all(k["kty"] == {"ES256": "EC", "RS256": "RSA"}[k["alg"]] for k in keys)
        missing = await http.get(f"{base}/oauth/tnt_doesnotexist/.well-known/openid-configuration")
        assert missing.status_code == 404
        # The discovery document is public: readable by any origin.
        cors = await http.get(
            meta["issuer"] + "/.well-known/openid-configuration", headers={"Origin": "https://any.example"}
        )
        assert cors.headers["access-control-allow-origin"] == "https://any.example"


# -- authorization code + PKCE, public client -----------------------------------------------------


async def test_public_client_full_flow(tenant, meta, browser, user):
    created = await make_client(tenant, type="spa", allowed_origins=["https://spa.example.com"])
    assert "client_secret" not in created
    client = oauth_client(created, meta)
    location, req = await authorize(client, meta, browser, user)
    assert isinstance(location, str) and location.startswith(REDIRECT), location
    params = query_of(location)
    assert params["state"] == req["state"] and params["iss"] == meta["issuer"] and params["code"]

    token = await client.fetch_token(
        meta["token_endpoint"], authorization_response=location, code_verifier=req["verifier"]
    )
    assert token["token_type"] == "Bearer" and token["refresh_token"] and token["id_token"]
    assert set(token["scope"].split()) == {"openid", "email", "profile", "offline_access"}
    claims = await validated_id_token(token, meta, created["client_id"], req["nonce"])
    assert claims["sub"] == user["id"] and claims["email"] == user["email"]
    assert claims["email_verified"] is False and claims["name"] == "Ada Lovelace"
    assert isinstance(claims["auth_time"], int)

    info = await client.get(meta["userinfo_endpoint"])
    assert info.status_code == 200 and info.headers["cache-control"] == "no-store"
    assert info.json()["sub"] == user["id"] and info.json()["email"] == user["email"]

    # CORS on the token endpoint: the client's allowed origin is echoed, another is refused.
    async with httpx.AsyncClient() as http:
        resp = await http.get(
            meta["userinfo_endpoint"],
            headers={"Authorization": f"Bearer {token['access_token']}", "Origin": "https://spa.example.com"},
        )
        assert resp.status_code == 200
        assert resp.headers["access-control-allow-origin"] == "https://spa.example.com"
        resp = await http.get(
            meta["userinfo_endpoint"],
            headers={"Authorization": f"Bearer {token['access_token']}", "Origin": "https://evil.example"},
        )
        assert resp.status_code == 403 and "access-control-allow-origin" not in resp.headers

    old_refresh = token["refresh_token"]
    refreshed = await client.refresh_token(meta["token_endpoint"], refresh_token=old_refresh)
    assert refreshed["refresh_token"] != old_refresh and refreshed["access_token"] != token["access_token"]

    introspected = await client.introspect_token(meta["introspection_endpoint"], token=refreshed["access_token"])
    body = introspected.json()
    assert body["active"] is True and body["client_id"] == created["client_id"] and body["sub"] == user["id"]

    revoked = await client.revoke_token(
        meta["revocation_endpoint"], token=refreshed["refresh_token"], token_type_hint="refresh_token"
    )
    assert revoked.status_code == 200
    for t in (refreshed["refresh_token"], refreshed["access_token"]):
        gone = await client.introspect_token(meta["introspection_endpoint"], token=t)
        assert gone.json() == {"active": False}
    resp = await client.get(meta["userinfo_endpoint"])
    assert resp.status_code == 401 and "invalid_token" in resp.headers["www-authenticate"]
    # Revoking garbage, or again, still answers 200 (RFC 7009 §2.2).
    again = await client.revoke_token(meta["revocation_endpoint"], token="nonsense")
    assert again.status_code == 200


async def test_refresh_token_reuse_revokes_the_grant(tenant, meta, browser, user):
    created = await make_client(tenant, type="native", redirect_uris=[REDIRECT])
    client = oauth_client(created, meta)
    location, req = await authorize(client, meta, browser, user)
    token = await client.fetch_token(
        meta["token_endpoint"], authorization_response=location, code_verifier=req["verifier"]
    )
    first = token["refresh_token"]
    second = await client.refresh_token(meta["token_endpoint"], refresh_token=first)
    async with httpx.AsyncClient() as http:
        reuse = await http.post(
            meta["token_endpoint"],
            data={"grant_type": "refresh_token", "refresh_token": first, "client_id": created["client_id"]},
        )
        assert reuse.status_code == 400 and reuse.json()["error"] == "invalid_grant"
        assert reuse.headers["cache-control"] == "no-store"
        after = await http.post(
            meta["token_endpoint"],
            data={
                "grant_type": "refresh_token",
                "refresh_token": second["refresh_token"],
                "client_id": created["client_id"],
            },
        )
        assert after.status_code == 400 and after.json()["error"] == "invalid_grant"


async def test_no_refresh_token_without_offline_access(tenant, meta, browser, user):
    created = await make_client(tenant, type="spa")
    client = oauth_client(created, meta, scope="openid email")
    location, req = await authorize(client, meta, browser, user)
    token = await client.fetch_token(
        meta["token_endpoint"], authorization_response=location, code_verifier=req["verifier"]
    )
    assert "refresh_token" not in token and token["scope"] == "openid email"
    claims = await validated_id_token(token, meta, created["client_id"], req["nonce"])
    assert "name" not in claims and claims["email"] == user["email"]


# -- confidential web client -----------------------------------------------------------------------


@pytest.mark.parametrize("method", ["client_secret_basic", "client_secret_post"])
async def test_web_client_secret_methods(tenant, meta, browser, user, method):
    created = await make_client(tenant, type="web", redirect_uris=[REDIRECT, "https://app.example.com/cb"])
    assert created["client_secret"].startswith("cs_")
    client = oauth_client(created, meta, method=method)
    location, req = await authorize(client, meta, browser, user)
    token = await client.fetch_token(
        meta["token_endpoint"], authorization_response=location, code_verifier=req["verifier"]
    )
    await validated_id_token(token, meta, created["client_id"], req["nonce"])
    # A confidential client may introspect (as a resource server).
    body = (await client.introspect_token(meta["introspection_endpoint"], token=token["access_token"])).json()
    assert body["active"] is True and body["scope"] == token["scope"]
    # A wrong secret is 401 invalid_client.
    bad = track(
        AsyncOAuth2Client(created["client_id"], "cs_wrong", token_endpoint_auth_method=method, redirect_uri=REDIRECT)
    )
    with pytest.raises(OAuthError) as failed:
        await bad.fetch_token(meta["token_endpoint"], grant_type="authorization_code", code="x")
    assert failed.value.error == "invalid_client"


async def test_web_client_without_pkce_and_with_secret_rotation(tenant, meta, browser, user):
    created = await make_client(tenant, type="web")
    client = track(
        AsyncOAuth2Client(created["client_id"], created["client_secret"], scope="openid", redirect_uri=REDIRECT)
    )
    url, state = client.create_authorization_url(meta["authorization_endpoint"], nonce="n-1")
    await browser.open(url)
    location = await browser.submit({"email": user["email"], "password": user["password"]})
    token = await client.fetch_token(meta["token_endpoint"], authorization_response=location)
    assert token["id_token"]
    status, rotated, _ = await tenant.secret("POST", f"/v1/clients/{created['id']}/rotate-secret")
    assert status == 200 and rotated["client_secret"] != created["client_secret"]
    async with httpx.AsyncClient() as http:
        old = await http.post(
            meta["introspection_endpoint"],
            data={"token": token["access_token"]},
            auth=(created["client_id"], created["client_secret"]),
        )
        assert old.status_code == 401 and old.json()["error"] == "invalid_client"
        assert "Basic" in old.headers["www-authenticate"]
        new = await http.post(
            meta["introspection_endpoint"],
            data={"token": token["access_token"]},
            auth=(created["client_id"], rotated["client_secret"]),
        )
        assert new.status_code == 200 and new.json()["active"] is True


# -- client credentials -------------------------------------------------------------------------------


async def test_client_credentials_and_token_list(tenant, meta):
    created = await make_client(tenant, type="machine", scopes=["reports:read", "reports:write"])
    assert created["grant_types"] == ["client_credentials"]
    client = track(
        AsyncOAuth2Client(
            created["client_id"], created["client_secret"], token_endpoint_auth_method="client_secret_basic"
        )
    )
    token = await client.fetch_token(meta["token_endpoint"], grant_type="client_credentials", scope="reports:read")
    assert token["scope"] == "reports:read" and "refresh_token" not in token and "id_token" not in token
    second = await client.fetch_token(meta["token_endpoint"], grant_type="client_credentials")
    assert set(second["scope"].split()) == {"reports:read", "reports:write"}

    status, listed, _ = await tenant.secret("GET", f"/v1/clients/{created['id']}/tokens")
    assert status == 200 and listed["pagination"]["total"] == 2
    assert {tuple(t["scopes"]) for t in listed["data"]} == {("reports:read",), ("reports:read", "reports:write")}
    newest_first = [t["id"] for t in listed["data"]]
    assert newest_first == sorted(newest_first, reverse=True)
    status, oldest, _ = await tenant.secret("GET", f"/v1/clients/{created['id']}/tokens?order=asc")
    assert [t["id"] for t in oldest["data"]] == newest_first[::-1]

    body = (await client.introspect_token(meta["introspection_endpoint"], token=token["access_token"])).json()
    assert body["active"] and body["sub"] == created["client_id"] and body["client_id"] == created["client_id"]
    await client.revoke_token(meta["revocation_endpoint"], token=token["access_token"])
    status, listed, _ = await tenant.secret("GET", f"/v1/clients/{created['id']}/tokens")
    assert listed["pagination"]["total"] == 1

    async with httpx.AsyncClient() as http:
        wrong_scope = await http.post(
            meta["token_endpoint"],
            auth=(created["client_id"], created["client_secret"]),
            data={"grant_type": "client_credentials", "scope": "admin"},
        )
        assert wrong_scope.status_code == 400 and wrong_scope.json()["error"] == "invalid_scope"
        code_grant = await http.post(
            meta["token_endpoint"],
            auth=(created["client_id"], created["client_secret"]),
            data={"grant_type": "authorization_code", "code": "x", "redirect_uri": REDIRECT},
        )
        assert code_grant.json()["error"] == "unauthorized_client"
        unknown = await http.post(
            meta["token_endpoint"],
            auth=(created["client_id"], created["client_secret"]),
            data={"grant_type": "password"},
        )
        assert unknown.json()["error"] == "unsupported_grant_type"
        not_form = await http.post(meta["token_endpoint"], json={"grant_type": "client_credentials"})
        assert not_form.status_code == 400 and not_form.json()["error"] == "invalid_request"
        both = await http.post(
            meta["token_endpoint"],
            auth=(created["client_id"], created["client_secret"]),
            data={"grant_type": "client_credentials", "client_secret": created["client_secret"]},
        )
        assert both.json()["error"] == "invalid_request"
    # The machine token is not a user token: userinfo refuses it.
    resp = await client.get(meta["userinfo_endpoint"])
    assert resp.status_code in (401, 403)
    await client.aclose()


# -- session cookie, prompt, consent --------------------------------------------------------------------


async def test_session_cookie_skips_the_form_and_prompt_login_forces_it(tenant, meta, browser, user):
    created = await make_client(tenant, type="spa")
    client = oauth_client(created, meta)
    location, _ = await authorize(client, meta, browser, user)
    assert isinstance(location, str) and "code=" in location
    cookie = next(c for c in browser.http.cookies.jar if c.name == "idp_session")
    assert cookie.path == f"/oauth/{tenant.id}" and cookie.has_nonstandard_attr("HttpOnly")

    again, req = await authorize(client, meta, browser, None)  # no credentials given
    assert isinstance(again, str) and query_of(again)["state"] == req["state"] and "code" in query_of(again)

    forced, _ = await authorize(client, meta, browser, None, prompt="login")
    assert isinstance(forced, httpx.Response) and "/authorize/sign-in" in forced.text

    silent, req = await authorize(client, meta, browser, None, prompt="none")
    assert "code" in query_of(silent)


async def test_prompt_none_without_session(tenant, meta, browser):
    created = await make_client(tenant, type="spa")
    client = oauth_client(created, meta)
    location, req = await authorize(client, meta, browser, None, prompt="none")
    params = query_of(location)
    assert params == {
        "error": "login_required",
        "error_description": params["error_description"],
        "state": req["state"],
        "iss": meta["issuer"],
    }


async def test_consent_for_third_party_client_is_asked_once(tenant, meta, browser, user):
    created = await make_client(tenant, type="web", first_party=False, name="Third <Party>")
    client = oauth_client(created, meta)
    page, _ = await authorize(client, meta, browser, user)
    assert isinstance(page, httpx.Response) and "/authorize/consent" in page.text
    assert "Third &lt;Party&gt;" in page.text  # autoescaped
    assert page.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]

    denied = await browser.submit(button=("decision", "deny"))
    assert isinstance(denied, str) and query_of(denied)["error"] == "access_denied"

    page, _ = await authorize(client, meta, browser, None)
    assert "/authorize/consent" in page.text  # denial is not remembered
    allowed = await browser.submit(button=("decision", "allow"))
    assert "code" in query_of(allowed)

    remembered, _ = await authorize(client, meta, browser, None)
    assert isinstance(remembered, str) and "code" in query_of(remembered)
    # prompt=none while consent is missing for a wider scope answers consent_required.
    wider = oauth_client(created, meta, scope="openid email profile offline_access")
    more, _ = await authorize(wider, meta, browser, None, prompt="none", scope="openid phone")
    assert query_of(more)["error"] == "invalid_scope"
    # prompt=consent asks again even though consent was given.
    asked, _ = await authorize(client, meta, browser, None, prompt="consent")
    assert "/authorize/consent" in asked.text


async def test_prompt_none_consent_required(tenant, meta, browser, user):
    created = await make_client(tenant, type="spa", first_party=False)
    client = oauth_client(created, meta)
    page, _ = await authorize(client, meta, browser, user)  # signs in, stops at consent
    assert "/authorize/consent" in page.text
    silent, _ = await authorize(client, meta, browser, None, prompt="none")
    assert query_of(silent)["error"] == "consent_required"


# -- RFC 9700 ------------------------------------------------------------------------------------------


async def test_code_reuse_revokes_tokens_issued_from_it(tenant, meta, browser, user):
    created = await make_client(tenant, type="spa")
    client = oauth_client(created, meta)
    location, req = await authorize(client, meta, browser, user)
    token = await client.fetch_token(
        meta["token_endpoint"], authorization_response=location, code_verifier=req["verifier"]
    )
    assert (await client.get(meta["userinfo_endpoint"])).status_code == 200
    async with httpx.AsyncClient() as http:
        reuse = await http.post(
            meta["token_endpoint"],
            data={
                "grant_type": "authorization_code",
                "code": query_of(location)["code"],
                "redirect_uri": REDIRECT,
                "code_verifier": req["verifier"],
                "client_id": created["client_id"],
            },
        )
        assert reuse.status_code == 400 and reuse.json()["error"] == "invalid_grant"
        assert reuse.headers["cache-control"] == "no-store"
        info = await http.get(meta["userinfo_endpoint"], headers={"Authorization": f"Bearer {token['access_token']}"})
        assert info.status_code == 401
        refresh = await http.post(
            meta["token_endpoint"],
            data={
                "grant_type": "refresh_token",
                "refresh_token": token["refresh_token"],
                "client_id": created["client_id"],
            },
        )
        assert refresh.json()["error"] == "invalid_grant"


async def test_wrong_redirect_uri_is_an_error_page_not_a_redirect(tenant, meta, browser):
    created = await make_client(tenant, type="spa")
    client = oauth_client(created, meta)
    client.redirect_uri = "https://evil.example/steal"
    page, _ = await authorize(client, meta, browser, None)
    assert isinstance(page, httpx.Response) and page.status_code == 400
    assert "evil.example" not in page.headers.get("location", "") and "not registered" in page.text
    # Unknown client: an error page as well.
    page = await browser.open(
        f"{meta['authorization_endpoint']}?client_id=cli_nope&response_type=code&redirect_uri={REDIRECT}"
    )
    assert page.status_code == 400 and "Unknown application" in page.text
    # A prefix of the registered URI is not a match either.
    page = await browser.open(
        f"{meta['authorization_endpoint']}?client_id={created['client_id']}"
        f"&response_type=code&redirect_uri={REDIRECT}/more"
    )
    assert page.status_code == 400


async def test_pkce_plain_refused_and_required_for_public_clients(tenant, meta, browser, user):
    created = await make_client(tenant, type="spa")
    base = (
        f"{meta['authorization_endpoint']}?client_id={created['client_id']}&response_type=code"
        f"&redirect_uri={REDIRECT}&scope=openid&state=s%20t%2Fa"
    )
    plain = await browser.open(base + "&code_challenge=" + "a" * 43 + "&code_challenge_method=plain")
    assert isinstance(plain, str)
    params = query_of(plain)
    assert params["error"] == "invalid_request" and "S256" in params["error_description"]
    assert params["state"] == "s t/a"  # unchanged
    missing = await browser.open(base)
    assert query_of(missing)["error"] == "invalid_request"
    wrong_type = await browser.open(base.replace("response_type=code", "response_type=token"))
    assert query_of(wrong_type)["error"] == "unsupported_response_type"

    # A wrong verifier at the token endpoint is invalid_grant.
    client = oauth_client(created, meta)
    location, req = await authorize(client, meta, browser, user)
    async with httpx.AsyncClient() as http:
        bad = await http.post(
            meta["token_endpoint"],
            data={
                "grant_type": "authorization_code",
                "code": query_of(location)["code"],
                "redirect_uri": REDIRECT,
                "code_verifier": generate_token(48),
                "client_id": created["client_id"],
            },
        )
        assert bad.status_code == 400 and bad.json()["error"] == "invalid_grant"


async def test_expired_code_is_refused(tenant, meta, browser, user, app):
    from identity.state import state

    created = await make_client(tenant, type="spa")
    client = oauth_client(created, meta)
    location, req = await authorize(client, meta, browser, user)
    await state(app).pool.execute(
        "UPDATE oauth_codes SET expires_at = now() - interval '1 second' WHERE tenant_id = $1", tenant.id
    )
    async with httpx.AsyncClient() as http:
        resp = await http.post(
            meta["token_endpoint"],
            data={
                "grant_type": "authorization_code",
                "code": query_of(location)["code"],
                "redirect_uri": REDIRECT,
                "code_verifier": req["verifier"],
                "client_id": created["client_id"],
            },
        )
    assert resp.json() == {"error": "invalid_grant", "error_description": "The code has expired."}


# -- the hosted page ---------------------------------------------------------------------------------------


async def test_hosted_page_rules_csrf_and_wrong_password(tenant, meta, browser, user):
    created = await make_client(tenant, type="spa")
    client = oauth_client(created, meta)
    verifier = generate_token(48)
    url, _ = client.create_authorization_url(meta["authorization_endpoint"], code_verifier=verifier)
    page = await browser.open(url)
    assert page.headers["x-frame-options"] == "DENY" and page.headers["cache-control"] == "no-store"
    wrong = await browser.submit({"email": user["email"], "password": "not the password"})
    assert wrong.status_code == 401 and "incorrect" in wrong.text
    # The form without its CSRF token (or with another) is refused.
    form = parse_page(wrong.text).forms[0]
    fields = {**form["fields"], "email": user["email"], "password": user["password"], "csrf_token": "x" * 43}
    forged = await browser.http.post(f"{meta['issuer']}/authorize/sign-in", data=fields)
    assert forged.status_code == 403 and "expired" in forged.text
    # Right password now works.
    ok = await browser.submit({"email": user["email"], "password": user["password"]})
    assert isinstance(ok, str) and "code" in query_of(ok)


async def test_hosted_page_shows_the_captcha_widget_and_verifies_its_token(
    tenant, meta, browser, user, aiohttp_server, api
):
    from aiohttp import web as aioweb

    from identity.sessions.runtime import runtime
    from tests.support.api import MASTER_KEY

    async def siteverify(request):
        form = dict(await request.post())
        return aioweb.json_response({"success": form.get("response") == "good" and form.get("secret") == "s3"})

    verifier_app = aioweb.Application()
    verifier_app.router.add_post("/siteverify", siteverify)
    verifier = await aiohttp_server(verifier_app)
    status, body, _ = await api.call(
        "PATCH",
        f"/v1/tenants/{tenant.id}",
        token=MASTER_KEY,
        json={
            "auth_config": {
                "bot_protection": {
                    "enabled": True,
                    "provider": "turnstile",
                    "secret": "s3",
                    "site_key": "0x4AAAAsitekey",
                    "verify_url": str(verifier.make_url("/siteverify")),
                }
            }
        },
    )
    assert status == 200, body
    runtime(api.client.app).tenants.clear()  # tenant rows are cached for up to 5 s (docs/auth.md)
    created = await make_client(tenant, type="spa")
    client = oauth_client(created, meta)
    url, _ = client.create_authorization_url(meta["authorization_endpoint"], code_verifier=generate_token(48))
    page = await browser.open(url)
    assert 'class="cf-turnstile" data-sitekey="0x4AAAAsitekey"' in page.text
    assert "script-src https://challenges.cloudflare.com" in page.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    # No token (the widget was not solved): refused on the page, the password is not even checked.
    refused = await browser.submit({"email": user["email"], "password": user["password"]})
    assert refused.status_code == 400 and "captcha" in refused.text.lower()
    # The widget posts its token as cf-turnstile-response; the verifier accepts it.
    ok = await browser.submit({"email": user["email"], "password": user["password"], "cf-turnstile-response": "good"})
    assert isinstance(ok, str) and "code" in query_of(ok)


async def test_hosted_page_email_not_verified_and_suspended(make_tenant, api, port, browser):
    strict = await make_tenant()  # email verification required (the default)
    created = await make_client(strict, type="spa")
    status, _, _ = await strict.public(
        "POST", "/v1/auth/sign-up", json={"email": "unverified@example.com", "password": STRONG_PASSWORD}
    )
    assert status == 201
    async with httpx.AsyncClient() as http:
        meta = (await http.get(f"http://127.0.0.1:{port}/oauth/{strict.id}/.well-known/openid-configuration")).json()
    client = oauth_client(created, meta)
    url, _ = client.create_authorization_url(meta["authorization_endpoint"], code_verifier=generate_token(48))
    await browser.open(url)
    page = await browser.submit({"email": "unverified@example.com", "password": STRONG_PASSWORD})
    # The right password of an unverified address: a new verification email and the
    # check-your-inbox page (docs/hosted-pages.md), never a session.
    assert page.status_code == 200 and "not verified yet" in page.text


async def test_mfa_step_seam_shows_the_code_form(app, tenant, meta, browser, user):
    from identity.sessions.runtime import runtime
    from identity.state import state

    async def gate(conn, tenant_, user_, **context):
        return {"challenge_id": "mfa_test", "factor_type": "totp", "expires_at": "2099-01-01T00:00:00Z"}

    rt, registry = runtime(app), state(app).registry
    previous_gate, previous_skip, previous_verifier = rt.mfa_gate, rt.mfa_skip, registry.hosted_mfa_step
    rt.mfa_gate, rt.mfa_skip = gate, None

    async def verifier(pool, rt, tenant_, challenge_id, code, client_info):
        from identity.auth import service as auth_service
        from identity.http.errors import ApiError
        from identity.users import store as users

        if code != "123456" or challenge_id != "mfa_test":
            raise ApiError("The code is not valid.", status=401, code="invalid_code")
        async with pool.acquire() as conn, conn.transaction():
            row = await users.get(conn, tenant_.id, user["id"])
            _, creds = await auth_service.complete_sign_in(conn, rt, tenant_, row, client_info)
        return {"user": {"id": row.id}, "session": creds}

    registry.hosted_mfa_step = verifier
    try:
        created = await make_client(tenant, type="spa")
        client = oauth_client(created, meta)
        page, req = await authorize(client, meta, browser, user)
        assert isinstance(page, httpx.Response) and "/authorize/mfa" in page.text
        fields = parse_page(page.text).forms[0]["fields"]
        assert fields["challenge_id"] == "mfa_test"
        wrong = await browser.submit({"code": "000000"})
        assert wrong.status_code == 401 and "not valid" in wrong.text
        location = await browser.submit({"code": "123456"})
        assert isinstance(location, str) and "code" in query_of(location)
        token = await client.fetch_token(
            meta["token_endpoint"], authorization_response=location, code_verifier=req["verifier"]
        )
        assert token["access_token"]
    finally:
        rt.mfa_gate, rt.mfa_skip = previous_gate, previous_skip
        registry.hosted_mfa_step = previous_verifier


# -- end session ---------------------------------------------------------------------------------------------


async def test_end_session_redirects_and_clears_the_cookie(tenant, meta, browser, user, api):
    created = await make_client(tenant, type="spa", post_logout_redirect_uris=[LOGOUT_TO])
    client = oauth_client(created, meta)
    location, req = await authorize(client, meta, browser, user)
    token = await client.fetch_token(
        meta["token_endpoint"], authorization_response=location, code_verifier=req["verifier"]
    )
    # An unregistered post-logout address is not followed.
    page = await browser.open(
        f"{meta['end_session_endpoint']}?id_token_hint={token['id_token']}"
        f"&post_logout_redirect_uri=https://evil.example/"
    )
    assert isinstance(page, httpx.Response) and page.status_code == 400
    out = await browser.open(
        f"{meta['end_session_endpoint']}?id_token_hint={token['id_token']}"
        f"&post_logout_redirect_uri={LOGOUT_TO}&state=bye"
    )
    assert isinstance(out, str) and out == f"{LOGOUT_TO}?state=bye"
    assert not any(c.name == "idp_session" for c in browser.http.cookies.jar)
    # The provider session (and the tokens issued in it) ended.
    status, sessions, _ = await tenant.secret("GET", f"/v1/sessions?user_id={user['id']}")
    # The sign-up's own session is another session; the provider's one is revoked.
    assert sorted(s["status"] for s in sessions["data"]) == ["active", "revoked"]
    assert (await client.get(meta["userinfo_endpoint"])).status_code == 401
    again, _ = await authorize(client, meta, browser, None, prompt="none")
    assert query_of(again)["error"] == "login_required"


async def test_end_session_without_hint_asks_first(tenant, meta, browser, user):
    created = await make_client(tenant, type="spa")
    client = oauth_client(created, meta)
    await authorize(client, meta, browser, user)
    page = await browser.open(meta["end_session_endpoint"])
    assert "Sign out?" in page.text
    done = await browser.submit()
    assert "signed out" in done.text
    again, _ = await authorize(client, meta, browser, None, prompt="none")
    assert query_of(again)["error"] == "login_required"


async def test_consent_and_logout_forms_refuse_a_forged_csrf_token(tenant, meta, browser, user):
    created = await make_client(tenant, type="web", first_party=False, name="Third party")
    client = oauth_client(created, meta)
    page, _ = await authorize(client, meta, browser, user)
    assert "/authorize/consent" in page.text
    fields = {**parse_page(page.text).forms[0]["fields"], "decision": "allow", "csrf_token": "x" * 43}
    forged = await browser.http.post(f"{meta['issuer']}/authorize/consent", data=fields)
    assert forged.status_code == 403 and "location" not in forged.headers  # no code was issued
    # Logout: a forged form does not end the session.
    page = await browser.open(meta["end_session_endpoint"])
    assert "Sign out?" in page.text
    fields = {**parse_page(page.text).forms[0]["fields"], "csrf_token": "y" * 43}
    forged = await browser.http.post(meta["end_session_endpoint"], data=fields)
    # A forged post is treated as no confirmation: the page asks again, nothing ends.
    assert forged.status_code == 200 and "Sign out?" in forged.text and "signed out" not in forged.text
    first_party = oauth_client(await make_client(tenant, type="spa"), meta)
    still, _ = await authorize(first_party, meta, browser, None, prompt="none")
    assert isinstance(still, str) and "code" in query_of(still)  # still signed in


async def test_tokens_are_tenant_bound(make_tenant, tenant, meta, browser, user, port):
    other = await make_tenant()
    created = await make_client(tenant, type="spa")
    client = oauth_client(created, meta)
    location, req = await authorize(client, meta, browser, user)
    token = await client.fetch_token(
        meta["token_endpoint"], authorization_response=location, code_verifier=req["verifier"]
    )
    async with httpx.AsyncClient() as http:
        resp = await http.get(
            f"http://127.0.0.1:{port}/oauth/{other.id}/userinfo",
            headers={"Authorization": f"Bearer {token['access_token']}"},
        )
        assert resp.status_code == 401
        # Nor is an OAuth access token accepted by the platform API.
        resp = await http.get(
            f"http://127.0.0.1:{port}/v1/auth/me",
            headers={"Authorization": f"Bearer {token['access_token']}", "X-Tenant-ID": tenant.id},
        )
        assert resp.status_code == 401


async def test_tokens_of_one_tenant_are_refused_by_every_path_of_another(
    make_tenant, tenant, meta, browser, user, port, app
):
    """Tenant A's OAuth access token, ID token and platform token, presented to tenant B's
    userinfo, introspection and logout, are refused; so is a token of A whose aud is not the
    client it was issued to."""
    other = await make_tenant()
    created = await make_client(tenant, type="spa")
    client = oauth_client(created, meta)
    location, req = await authorize(client, meta, browser, user)
    token = await client.fetch_token(
        meta["token_endpoint"], authorization_response=location, code_verifier=req["verifier"]
    )
    b_client = await make_client(other, type="web", post_logout_redirect_uris=[LOGOUT_TO])
    b_base = f"http://127.0.0.1:{port}/oauth/{other.id}"
    status, signed_up, _ = await tenant.public(
        "POST",
        "/v1/auth/sign-up",
        json={"email": f"platform-{uuid.uuid4().hex[:8]}@example.com", "password": STRONG_PASSWORD},
    )
    platform = signed_up["session"]["access_token"]
    async with httpx.AsyncClient() as http:
        for presented in (token["access_token"], token["id_token"], platform):
            resp = await http.get(f"{b_base}/userinfo", headers={"Authorization": f"Bearer {presented}"})
            assert resp.status_code == 401
            resp = await http.post(
                f"{b_base}/introspect",
                data={"token": presented},
                auth=(b_client["client_id"], b_client["client_secret"]),
            )
            assert resp.status_code == 200 and resp.json() == {"active": False}
        # A's ID token is no id_token_hint at B (nor is an access token one at A)
        for hint, base in ((token["id_token"], b_base), (token["access_token"], meta["issuer"])):
            page = await browser.open(f"{base}/logout?id_token_hint={hint}")
            assert isinstance(page, httpx.Response) and page.status_code == 400
            assert "id_token_hint is not valid" in page.text
        # our own verification checks aud too: a token of A naming another audience is refused
        from identity.oauth import jwts
        from identity.sessions.runtime import runtime

        claims = jose_jwt.decode(
            token["access_token"], KeySet.import_key_set((await http.get(meta["jwks_uri"])).json())
        ).claims
        forged = jwts.sign(runtime(app).keys, dict(claims, aud=b_client["client_id"]), typ=jwts.ACCESS_TYP)
        resp = await http.get(meta["userinfo_endpoint"], headers={"Authorization": f"Bearer {forged}"})
        assert resp.status_code == 401
        resp = await http.get(meta["userinfo_endpoint"], headers={"Authorization": f"Bearer {token['access_token']}"})
        assert resp.status_code == 200  # the genuine one still works


async def test_id_token_algorithm_follows_the_client(tenant, meta, browser, user):
    """RS256 for a client that asked for nothing (OIDC's default, and all that e.g. Spring
    Security's default decoder accepts), ES256 for a client registered with it; each verifies
    against the JWKS with authlib, and a decoder pinned to the other algorithm refuses it."""
    import jwt as pyjwt

    async with httpx.AsyncClient() as http:
        jwks = pyjwt.PyJWKSet.from_dict((await http.get(meta["jwks_uri"])).json())
    for registered, alg in ((None, "RS256"), ("ES256", "ES256")):
        body = {"type": "web"} if registered is None else {"type": "web", "id_token_signed_response_alg": registered}
        created = await make_client(tenant, **body)
        assert created["id_token_signed_response_alg"] == alg
        client = oauth_client(created, meta)
        location, req = await authorize(client, meta, browser, user)
        token = await client.fetch_token(
            meta["token_endpoint"], authorization_response=location, code_verifier=req["verifier"]
        )
        claims = await validated_id_token(token, meta, created["client_id"], req["nonce"], alg=alg)
        assert claims["sub"] == user["id"]
        key = jwks[pyjwt.get_unverified_header(token["id_token"])["kid"]]
        assert key.algorithm_name == alg
        other_alg = "ES256" if alg == "RS256" else "RS256"
        with pytest.raises(pyjwt.InvalidAlgorithmError):
            pyjwt.decode(token["id_token"], key.key, algorithms=[other_alg], audience=created["client_id"])
        # access tokens stay ES256 whatever the client's ID token algorithm
        assert pyjwt.get_unverified_header(token["access_token"])["alg"] == "ES256"
        # the ID token of a refresh follows a changed registration
        status, _, _ = await tenant.secret(
            "PATCH", f"/v1/clients/{created['id']}", json={"id_token_signed_response_alg": other_alg}
        )
        assert status == 200
        refreshed = await client.refresh_token(meta["token_endpoint"], refresh_token=token["refresh_token"])
        await validated_id_token(refreshed, meta, created["client_id"], None, alg=other_alg)


def test_s256_matches_authlib():
    from authlib.oauth2.rfc7636 import create_s256_code_challenge

    from identity.oauth.token import s256

    for _ in range(5):
        verifier = generate_token(64)
        assert s256(verifier) == create_s256_code_challenge(verifier)
