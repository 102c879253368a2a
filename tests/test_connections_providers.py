"""Provider shapes against local fakes of the providers' APIs (they cannot be reached from this
machine): GitHub (form/JSON token answer, /user, /user/emails), a generic OAuth 2.0 provider with
a field mapping, and an OIDC provider whose ID tokens are wrong in every way a validator must
catch (audience, issuer, nonce, expiry, algorithm, unknown key, signature)."""

from __future__ import annotations

import base64
import hashlib
import time
from typing import Any
from urllib.parse import urlencode

import jwt
import pytest
from aiohttp import web
from cryptography.hazmat.primitives.asymmetric import ec

from identity.state import state
from tests.support.api import Api, free_port
from tests.support.connections import APP_REDIRECT, follow_callback, start_url
from tests.support.oauth import Browser, api, port, query_of, settings  # noqa: F401 (fixtures)


class FakeProvider:
    """One local HTTP server speaking GitHub's, a generic OAuth 2.0 and an OIDC provider's API."""

    def __init__(self) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.codes: dict[str, dict[str, str]] = {}
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.other_key = ec.generate_private_key(ec.SECP256R1())
        self.id_token_mode = "good"
        self.github_emails: list[dict[str, Any]] = [
            {"email": "octo@users.noreply.example.com", "primary": False, "verified": True},
            {"email": "Octo@Example.com", "primary": True, "verified": True},
        ]
        self.token_requests: list[dict[str, Any]] = []
        #: the endpoints ("discovery", "token", "me", "jwks") that answer JSON nested 100,000 deep
        self.nested: set[str] = set()
        self.runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/authorize", self.authorize)
        app.router.add_post("/token", self.token)
        app.router.add_get("/user", self.github_user)
        app.router.add_get("/user/emails", self.github_emails_handler)
        app.router.add_get("/me", self.generic_me)
        app.router.add_get("/oidc/.well-known/openid-configuration", self.discovery)
        app.router.add_get("/oidc/jwks", self.jwks)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", self.port).start()

    async def stop(self) -> None:
        assert self.runner is not None
        await self.runner.cleanup()

    async def authorize(self, request: web.Request) -> web.Response:
        q = request.query
        code = f"code-{len(self.codes)}"
        self.codes[code] = dict(q)
        raise web.HTTPFound(f"{q['redirect_uri']}?{urlencode({'code': code, 'state': q['state']})}")

    def _nested(self, endpoint: str) -> web.Response | None:
        if endpoint not in self.nested:
            return None
        return web.Response(body=b"[" * 100_000 + b"]" * 100_000, content_type="application/json")

    async def token(self, request: web.Request) -> web.Response:
        form = dict(await request.post())
        self.token_requests.append({"form": form, "authorization": request.headers.get("Authorization")})
        req = self.codes.pop(form.get("code", ""), None)
        challenge = (
            base64.urlsafe_b64encode(hashlib.sha256(form.get("code_verifier", "").encode()).digest())
            .decode()
            .rstrip("=")
        )
        if req is None or req["code_challenge"] != challenge or form.get("redirect_uri") != req["redirect_uri"]:
            return web.json_response({"error": "bad_verification_code"}, status=400)
        answer: dict[str, Any] = {"access_token": "at-123", "token_type": "bearer", "scope": req.get("scope", "")}
        if "nonce" in req:
            answer["id_token"] = self.id_token(req["client_id"], req["nonce"])
        if request.headers.get("Accept") != "application/json":
            return web.Response(text=urlencode(answer), content_type="application/x-www-form-urlencoded")
        return self._nested("token") or web.json_response(answer)

    def _authorized(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != "Bearer at-123":
            raise web.HTTPUnauthorized()

    async def github_user(self, request: web.Request) -> web.Response:
        self._authorized(request)
        return web.json_response(
            {
                "id": 583231,
                "login": "octocat",
                "name": None,
                "email": None,
                "avatar_url": "https://avatars.example.com/u/583231",
            }
        )

    async def github_emails_handler(self, request: web.Request) -> web.Response:
        self._authorized(request)
        return web.json_response(self.github_emails)

    async def generic_me(self, request: web.Request) -> web.Response:
        self._authorized(request)
        return self._nested("me") or web.json_response(
            {
                "data": {
                    "uid": "u-77",
                    "contact": {"mail": "Generic@Example.com"},
                    "display": "Generic Person",
                    "checked": "true",
                }
            }
        )

    async def discovery(self, request: web.Request) -> web.Response:
        iss = f"{self.base}/oidc"
        return self._nested("discovery") or web.json_response(
            {
                "issuer": iss,
                "authorization_endpoint": f"{self.base}/authorize",
                "token_endpoint": f"{self.base}/token",
                "jwks_uri": f"{iss}/jwks",
                "id_token_signing_alg_values_supported": ["ES256"],
            }
        )

    async def jwks(self, request: web.Request) -> web.Response:
        if nested := self._nested("jwks"):
            return nested
        jwk = jwt.algorithms.ECAlgorithm.to_jwk(self.key.public_key(), as_dict=True)
        return web.json_response({"keys": [{**jwk, "kid": "k1", "use": "sig", "alg": "ES256"}]})

    def id_token(self, client_id: str, nonce: str) -> str:
        now = int(time.time())
        claims = {
            "iss": f"{self.base}/oidc",
            "sub": "oidc-sub-1",
            "aud": client_id,
            "iat": now,
            "exp": now + 300,
            "nonce": nonce,
            "email": "oidc@example.com",
            "email_verified": True,
        }
        key: Any = self.key
        headers = {"kid": "k1"}
        alg = "ES256"
        mode = self.id_token_mode
        if mode == "aud":
            claims["aud"] = "someone-else"
        elif mode == "iss":
            claims["iss"] = "https://evil.example.com"
        elif mode == "nonce":
            claims["nonce"] = "replayed"
        elif mode == "expired":
            claims["exp"], claims["iat"] = now - 3600, now - 7200
        elif mode == "kid":
            headers = {"kid": "unknown"}
        elif mode == "signature":
            key = self.other_key
        elif mode == "hs256":
            alg, key = "HS256", "client-secret-used-as-hmac-key-0123456789"
        elif mode == "none":
            return jwt.encode(claims, None, algorithm="none")
        return jwt.encode(claims, key, algorithm=alg, headers=headers)


@pytest.fixture
async def fake():
    provider = FakeProvider()
    await provider.start()
    yield provider
    await provider.stop()


@pytest.fixture
async def base(api: Api, port: int) -> str:
    return f"http://127.0.0.1:{port}"


@pytest.fixture
async def browser(base):
    b = Browser(base)
    yield b
    await b.close()


async def walk(browser: Browser, start: str) -> dict[str, str]:
    """start → (the fake answers the authorization at once) → callback → the app."""
    resp = await browser.http.get(start)
    assert resp.status_code == 302, resp.text
    to_provider = resp.headers["location"]
    if to_provider.startswith(APP_REDIRECT):
        return query_of(to_provider)
    resp = await browser.http.get(to_provider)
    assert resp.status_code == 302, resp.text
    status, location, query = await follow_callback(browser, resp.headers["location"])
    assert status == 302 and location.startswith(APP_REDIRECT), location
    return query


async def test_github_shape(app, base, tenant, fake, browser):
    status, conn, _ = await tenant.secret(
        "POST",
        "/v1/connections",
        json={
            "provider": "github",
            "client_id": "gh-client",
            "client_secret": "gh-secret",
            "endpoints": {
                "authorization_url": f"{fake.base}/authorize",
                "token_url": f"{fake.base}/token",
                "userinfo_url": f"{fake.base}/user",
                "emails_url": f"{fake.base}/user/emails",
            },
        },
    )
    assert status == 201, conn
    query = await walk(browser, start_url(base, tenant.id, conn["id"]))
    assert "token" in query, query
    sent = fake.token_requests[-1]
    # client_secret_post (GitHub's way), PKCE verifier sent, no Basic header.
    assert sent["form"]["client_id"] == "gh-client" and sent["form"]["client_secret"] == "gh-secret"
    assert sent["authorization"] is None and sent["form"]["code_verifier"]
    status, body, _ = await tenant.public("POST", "/v1/auth/oauth/exchange", json={"token": query["token"]})
    assert status == 200, body
    user = body["user"]
    assert user["email"] == "octo@example.com" and user["email_verified"] is True
    assert user["name"] == "octocat" and user["avatar_url"] == "https://avatars.example.com/u/583231"
    status, ids, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/identities")
    assert ids["data"][0]["provider"] == "github" and ids["data"][0]["provider_user_id"] == "583231"


async def test_github_unverified_primary_email(app, base, tenant, fake, browser):
    fake.github_emails = [{"email": "new@example.com", "primary": True, "verified": False}]
    status, conn, _ = await tenant.secret(
        "POST",
        "/v1/connections",
        json={
            "provider": "github",
            "client_id": "gh",
            "client_secret": "s",
            "endpoints": {
                "authorization_url": f"{fake.base}/authorize",
                "token_url": f"{fake.base}/token",
                "userinfo_url": f"{fake.base}/user",
                "emails_url": f"{fake.base}/user/emails",
            },
        },
    )
    query = await walk(browser, start_url(base, tenant.id, conn["id"]))
    status, body, _ = await tenant.public("POST", "/v1/auth/oauth/exchange", json={"token": query["token"]})
    assert status == 200 and body["user"]["email"] == "new@example.com" and body["user"]["email_verified"] is False


async def test_generic_oauth2_with_field_mapping_and_basic_auth(app, base, tenant, fake, browser):
    status, conn, _ = await tenant.secret(
        "POST",
        "/v1/connections",
        json={
            "provider": "oauth2",
            "client_id": "gen:client",
            "client_secret": "s&cret",
            "scopes": ["profile"],
            "endpoints": {
                "authorization_url": f"{fake.base}/authorize",
                "token_url": f"{fake.base}/token",
                "userinfo_url": f"{fake.base}/me",
            },
            "field_mapping": {
                "id": "data.uid",
                "email": "data.contact.mail",
                "email_verified": "data.checked",
                "name": "data.display",
                "picture": None,
            },
        },
    )
    assert status == 201, conn
    query = await walk(browser, start_url(base, tenant.id, conn["id"]))
    sent = fake.token_requests[-1]
    # client_secret_basic, with both parts form-encoded first (RFC 6749 §2.3.1).
    expected = base64.b64encode(b"gen%3Aclient:s%26cret").decode()
    assert sent["authorization"] == f"Basic {expected}" and "client_secret" not in sent["form"]
    status, body, _ = await tenant.public("POST", "/v1/auth/oauth/exchange", json={"token": query["token"]})
    assert status == 200, body
    assert body["user"]["email"] == "generic@example.com" and body["user"]["email_verified"] is True
    assert body["user"]["name"] == "Generic Person"


async def _oidc(tenant, fake) -> dict[str, Any]:
    status, conn, _ = await tenant.secret(
        "POST",
        "/v1/connections",
        json={
            "provider": "oidc",
            "client_id": "oidc-client",
            "client_secret": "s",
            "endpoints": {"discovery_url": f"{fake.base}/oidc/.well-known/openid-configuration"},
        },
    )
    assert status == 201, conn
    return conn


async def test_a_good_id_token_from_a_third_party_issuer(app, base, tenant, fake, browser):
    conn = await _oidc(tenant, fake)
    query = await walk(browser, start_url(base, tenant.id, conn["id"]))
    status, body, _ = await tenant.public("POST", "/v1/auth/oauth/exchange", json={"token": query["token"]})
    assert status == 200 and body["user"]["email"] == "oidc@example.com", body


@pytest.mark.parametrize(
    "mode, words",
    [
        ("aud", "another client"),
        ("iss", "wrong issuer"),
        ("nonce", "nonce"),
        ("expired", "expired"),
        ("kid", "JWKS"),
        ("signature", "not valid"),
        ("hs256", "algorithm"),
        ("none", "algorithm"),
    ],
)
async def test_id_tokens_that_must_be_refused(app, base, tenant, fake, browser, mode, words):
    conn = await _oidc(tenant, fake)
    fake.id_token_mode = mode
    query = await walk(browser, start_url(base, tenant.id, conn["id"]))
    assert query.get("error") == "invalid_id_token", query
    assert words in query["error_description"] and "token" not in query
    assert await state(app).pool.fetchval("SELECT count(*) FROM users WHERE tenant_id = $1", tenant.id) == 0


async def test_unreachable_provider_is_an_error_redirect(app, base, tenant, browser):
    dead = f"http://127.0.0.1:{free_port()}"
    status, conn, _ = await tenant.secret(
        "POST",
        "/v1/connections",
        json={
            "provider": "oidc",
            "client_id": "c",
            "client_secret": "s",
            "endpoints": {"discovery_url": f"{dead}/.well-known/openid-configuration"},
        },
    )
    resp = await browser.http.get(start_url(base, tenant.id, conn["id"]))
    assert resp.status_code == 302
    query = query_of(resp.headers["location"])
    assert resp.headers["location"].startswith(APP_REDIRECT) and query["error"] == "provider_unavailable"


@pytest.mark.parametrize("endpoint", ["discovery", "token", "jwks", "me"])
async def test_deeply_nested_provider_answers_are_a_provider_error(app, base, tenant, fake, browser, endpoint):
    """A provider answering JSON nested 100,000 deep (Python's decoder gives up with
    RecursionError) ends the flow with an error redirect, not a 500; nobody is signed in."""
    fake.nested.add(endpoint)
    if endpoint == "me":
        status, conn, _ = await tenant.secret(
            "POST",
            "/v1/connections",
            json={
                "provider": "oauth2",
                "client_id": "gen",
                "client_secret": "s",
                "endpoints": {
                    "authorization_url": f"{fake.base}/authorize",
                    "token_url": f"{fake.base}/token",
                    "userinfo_url": f"{fake.base}/me",
                },
            },
        )
        assert status == 201, conn
    else:
        conn = await _oidc(tenant, fake)
    query = await walk(browser, start_url(base, tenant.id, conn["id"]))
    assert query.get("error") in ("provider_error", "provider_unavailable"), query
    assert "token" not in query
    assert await state(app).pool.fetchval("SELECT count(*) FROM users WHERE tenant_id = $1", tenant.id) == 0


def test_json_a_client_or_provider_sends_as_text_is_refused_when_too_deep() -> None:
    """The same decoder for JSON that arrives inside a field: Apple's `user` form value and a
    WebAuthn credential sent as a string."""
    from identity.connections.providers import _apple_name
    from identity.mfa.passkeys import CeremonyFailed, _as_json

    deep = "[" * 100_000 + "]" * 100_000
    assert _apple_name(deep) is None
    with pytest.raises(CeremonyFailed):
        _as_json(deep)
