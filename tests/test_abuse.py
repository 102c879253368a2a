"""Abuse protection over HTTP: each row of the per-endpoint rate-limit table on the public auth
endpoints, keyed as docs/abuse.md says, and bot protection against a real local verifier."""

from __future__ import annotations

import dataclasses
import uuid

import pytest
from aiohttp import web

from identity.app import create_app
from identity.state import state
from tests.support.api import APP_ORIGIN, MASTER_KEY, STRONG_PASSWORD, Api, TenantHandle


@pytest.fixture
async def limited(aiohttp_client, settings, database_dsn) -> Api:
    app = create_app(dataclasses.replace(settings, rate_limits_enabled=True), dsn=database_dsn)
    return Api(await aiohttp_client(app))


async def _tenant(api: Api, **body) -> TenantHandle:
    body.setdefault("name", f"abuse-{uuid.uuid4().hex[:6]}")
    body.setdefault("auth_config", {"email_verification_required": False, "allowed_origins": [APP_ORIGIN]})
    status, created, _ = await api.call("POST", "/v1/tenants", json=body, token=MASTER_KEY)
    assert status == 201, created
    return TenantHandle(api, created)


async def _statuses(t: TenantHandle, path: str, bodies: list[dict], headers=None) -> list[int]:
    out = []
    for body in bodies:
        status, _, _ = await t.public("POST", path, json=body, headers=headers)
        out.append(status)
    return out


async def test_sign_in_ten_per_minute_per_address(limited: Api) -> None:
    t = await _tenant(limited)
    wrong = {"email": "nobody@example.com", "password": "wrong password here"}
    statuses = await _statuses(t, "/v1/auth/sign-in", [wrong] * 11)
    assert statuses == [401] * 10 + [429]


async def test_counts_follow_the_client_address_behind_a_trusted_proxy(aiohttp_client, settings, database_dsn) -> None:
    import ipaddress

    app = create_app(
        dataclasses.replace(settings, rate_limits_enabled=True, trusted_proxies=(ipaddress.ip_network("127.0.0.0/8"),)),
        dsn=database_dsn,
    )
    api = Api(await aiohttp_client(app))
    t = await _tenant(api)
    wrong = {"email": "nobody@example.com", "password": "wrong password here"}
    first = await _statuses(t, "/v1/auth/sign-in", [wrong] * 11, {"X-Forwarded-For": "203.0.113.7"})
    assert first[-1] == 429
    other = await _statuses(t, "/v1/auth/sign-in", [wrong], {"X-Forwarded-For": "203.0.113.8"})
    assert other == [401]


async def test_sign_up_five_per_minute(limited: Api) -> None:
    t = await _tenant(limited)
    bodies = [{"email": f"s{i}-{uuid.uuid4().hex[:6]}@example.com", "password": STRONG_PASSWORD} for i in range(6)]
    assert await _statuses(t, "/v1/auth/sign-up", bodies) == [201] * 5 + [429]


async def test_magic_link_five_per_ten_minutes(limited: Api) -> None:
    t = await _tenant(limited)
    body = {"email": "x@example.com", "redirect_url": "https://app.example.com/cb"}
    statuses = await _statuses(t, "/v1/auth/magic-link", [body] * 6)
    assert statuses == [200] * 5 + [429]


async def test_password_forgot_five_per_ten_minutes_per_email(limited: Api) -> None:
    t = await _tenant(limited)
    one = {"email": "target@example.com", "redirect_url": "https://app.example.com/reset"}
    assert await _statuses(t, "/v1/auth/password/forgot", [one] * 6) == [200] * 5 + [429]
    # Another email from the same address is counted apart.
    other = {"email": "other@example.com", "redirect_url": "https://app.example.com/reset"}
    assert await _statuses(t, "/v1/auth/password/forgot", [other]) == [200]


async def test_refresh_sixty_per_minute_per_user(limited: Api) -> None:
    t = await _tenant(limited)
    status, created, _ = await t.public(
        "POST", "/v1/auth/sign-up", json={"email": f"r-{uuid.uuid4().hex[:6]}@example.com", "password": STRONG_PASSWORD}
    )
    assert status == 201
    token = created["session"]["refresh_token"]
    statuses = []
    for _ in range(61):
        status, body, resp = await t.public("POST", "/v1/auth/token/refresh", json={"refresh_token": token})
        statuses.append(status)
        if status == 200:
            token = body["refresh_token"]
    assert statuses == [200] * 60 + [429]
    assert resp.headers["X-RateLimit-Limit"] == "60"
    # The refused request changed nothing: the last token still works after the window.
    limiter = state(limited.client.app).limiter
    limiter.enabled = False
    status, _, _ = await t.public("POST", "/v1/auth/token/refresh", json={"refresh_token": token})
    assert status == 200


async def test_other_public_endpoints_use_the_plan_auth_limit(limited: Api) -> None:
    t = await _tenant(limited)  # free plan: 5 per minute per address
    statuses = await _statuses(t, "/v1/auth/verify-email", [{"token": "nope"}] * 6)
    assert statuses == [401] * 5 + [429]


# ---- bot protection ----


@pytest.fixture
async def verifier(aiohttp_server):
    """A real HTTP siteverify endpoint: accepts the token 'good' with secret 's3cret'."""
    seen: list[dict] = []

    async def siteverify(request: web.Request) -> web.Response:
        form = dict(await request.post())
        seen.append(form)
        ok = form.get("secret") == "s3cret" and form.get("response") == "good"
        return web.json_response({"success": ok, "error-codes": [] if ok else ["invalid-input-response"]})

    app = web.Application()
    app.router.add_post("/siteverify", siteverify)
    server = await aiohttp_server(app)
    server.seen = seen
    return server


async def test_bot_protection_on_sign_in_and_sign_up(api: Api, verifier, app) -> None:
    url = str(verifier.make_url("/siteverify"))
    t = await _tenant(
        api,
        auth_config={
            "email_verification_required": False,
            "bot_protection": {"enabled": True, "provider": "turnstile", "verify_url": url, "secret": "s3cret"},
        },
    )
    assert t.created["auth_config"]["bot_protection"] == {
        "enabled": True,
        "provider": "turnstile",
        "verify_url": url,
        "site_key": None,
    }
    assert "s3cret" not in str(t.created)
    stored = await state(app).pool.fetchval("SELECT bot_protection_secret FROM tenants WHERE id = $1", t.id)
    assert stored and "s3cret" not in stored  # encrypted at rest

    user = {"email": f"b-{uuid.uuid4().hex[:6]}@example.com", "password": STRONG_PASSWORD}
    status, body, _ = await t.public("POST", "/v1/auth/sign-up", json=user)
    assert status == 400 and body["error"]["code"] == "captcha_required"
    status, body, _ = await t.public("POST", "/v1/auth/sign-up", json={**user, "captcha_token": "bad"})
    assert status == 403 and body["error"]["code"] == "captcha_failed"
    status, body, _ = await t.public("POST", "/v1/auth/sign-up", json={**user, "captcha_token": "good"})
    assert status == 201
    assert verifier.seen[-1]["remoteip"] == "127.0.0.1"

    # Sign-in: refused before the password is even checked (a wrong password still says captcha).
    status, body, _ = await t.public("POST", "/v1/auth/sign-in", json={**user, "password": "wrong!"})
    assert status == 400 and body["error"]["code"] == "captcha_required"
    status, body, _ = await t.public("POST", "/v1/auth/sign-in", json={**user, "captcha_token": "good"})
    assert status == 200

    # Turning it off needs no secret; turning it on without one is refused.
    status, body, _ = await api.call(
        "PATCH", f"/v1/tenants/{t.id}", token=MASTER_KEY, json={"auth_config": {"bot_protection": {"enabled": False}}}
    )
    assert status == 200 and body["auth_config"]["bot_protection"]["enabled"] is False
    status, _, _ = await t.public("POST", "/v1/auth/sign-in", json=user)
    assert status == 200
    fresh = await _tenant(api)
    status, body, _ = await api.call(
        "PATCH",
        f"/v1/tenants/{fresh.id}",
        token=MASTER_KEY,
        json={"auth_config": {"bot_protection": {"enabled": True}}},
    )
    assert status == 422 and body["error"]["details"][0]["field"] == "auth_config.bot_protection.secret"


async def test_unreachable_verifier_fails_closed(api: Api, settings) -> None:
    from tests.support.api import free_port

    dead = f"http://127.0.0.1:{free_port()}/siteverify"
    t = await _tenant(
        api,
        auth_config={
            "email_verification_required": False,
            "bot_protection": {"enabled": True, "verify_url": dead, "secret": "s3cret"},
        },
    )
    status, body, _ = await t.public(
        "POST",
        "/v1/auth/sign-in",
        json={"email": "a@example.com", "password": "whatever-it-is", "captcha_token": "good"},
    )
    assert status == 503 and body["error"]["code"] == "captcha_unavailable"


async def test_oauth_token_endpoint_is_limited_per_address(limited: Api) -> None:
    t = await _tenant(limited)
    statuses = []
    for _ in range(301):
        resp = await limited.client.post(
            f"/oauth/{t.id}/token", data={"grant_type": "client_credentials", "client_id": "cli_none"}
        )
        statuses.append(resp.status)
    assert 429 not in statuses[:300] and statuses[300] == 429
    assert resp.headers["Retry-After"]


# ---- the rows kept per secret key ----


async def _secret_statuses(t: TenantHandle, method: str, path: str, n: int, json=None) -> list[int]:
    out = []
    for _ in range(n):
        status, _, _ = await t.secret(method, path, json=json)
        out.append(status)
    return out


async def test_bulk_operations_fifty_per_minute_per_key(limited: Api) -> None:
    t = await _tenant(limited)
    statuses = await _secret_statuses(t, "DELETE", "/v1/sessions", 51)
    assert statuses == [200] * 50 + [429]


async def test_webhook_test_ten_per_minute_and_retries_hundred_per_hour(limited: Api) -> None:
    from tests.support.api import free_port

    t = await _tenant(limited)
    status, hook, _ = await t.secret(
        "POST", "/v1/webhooks", json={"url": f"http://127.0.0.1:{free_port()}/hook", "events": ["*"]}
    )
    assert status == 201, hook
    statuses = await _secret_statuses(t, "POST", f"/v1/webhooks/{hook['id']}/test", 11, json={})
    assert statuses == [200] * 10 + [429]
    statuses = await _secret_statuses(t, "POST", "/v1/webhooks/deliveries/del_none/retry", 101)
    assert statuses == [404] * 100 + [429]


async def test_email_config_test_five_per_hour_and_previews_thirty_per_minute(limited: Api) -> None:
    t = await _tenant(limited)
    statuses = await _secret_statuses(t, "POST", "/v1/email/config/test", 6, json={"to": "ops@example.com"})
    assert statuses == [200] * 5 + [429]
    statuses = await _secret_statuses(t, "POST", "/v1/email/templates/welcome/preview", 31, json={})
    assert statuses == [200] * 30 + [429]
