"""Helpers for the connection tests: this service as the upstream OIDC provider (one tenant's
provider is another tenant's `oidc` connection), and a browser that walks the whole flow."""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import urljoin

import httpx2 as httpx
import pytest

from tests.support.api import STRONG_PASSWORD
from tests.support.mail import emails_of, token_in
from tests.support.oauth import Browser, parse_page, query_of

APP_REDIRECT = "https://app.example.com/oauth/done"


def callback_of(base: str, tenant_id: str) -> str:
    return f"{base}/v1/oauth/{tenant_id}/callback"


def discovery_of(base: str, tenant_id: str) -> str:
    return f"{base}/oauth/{tenant_id}/.well-known/openid-configuration"


async def register_client(idp: Any, callback: str, **extra: Any) -> dict[str, Any]:
    body = {"name": "Sign in to the app", "type": "web", "redirect_uris": [callback], **extra}
    status, created, _ = await idp.secret("POST", "/v1/clients", json=body)
    assert status == 201, created
    return created


async def make_connection(tenant: Any, base: str, idp: Any, **extra: Any) -> dict[str, Any]:
    """Register a web client at the idp tenant and an oidc connection to it at `tenant`."""
    client = await register_client(idp, callback_of(base, tenant.id), **extra.pop("client", {}))
    body = {
        "provider": "oidc",
        "client_id": client["client_id"],
        "client_secret": client["client_secret"],
        "endpoints": {"discovery_url": discovery_of(base, idp.id)},
        **extra,
    }
    status, created, _ = await tenant.secret("POST", "/v1/connections", json=body)
    assert status == 201, created
    return created


async def upstream_user(app: Any, idp: Any, *, verified: bool = True, email: str | None = None) -> dict[str, Any]:
    """A user of the provider tenant (signed up with a password; email verified through the
    emailed link when verified=True)."""
    email = email or f"person-{uuid.uuid4().hex[:10]}@example.com"
    status, created, _ = await idp.public(
        "POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD, "name": "Grace Hopper"}
    )
    assert status == 201, created
    if verified:
        mails = [m for m in await emails_of(app, idp.id, "verification") if m["to"] == email]
        token = token_in(mails[-1]["variables"]["verify_url"])
        status, body, _ = await idp.public("POST", "/v1/auth/verify-email", json={"token": token})
        assert status == 200, body
    return {"email": email, "password": STRONG_PASSWORD, "id": created["user"]["id"]}


def start_url(base: str, tenant_id: str, connection_id: str, redirect: str = APP_REDIRECT) -> str:
    return str(
        httpx.URL(f"{base}/v1/oauth/{tenant_id}/connections/{connection_id}/start", params={"redirect_url": redirect})
    )


async def to_callback(browser: Browser, url: str, user: dict[str, Any] | None) -> str:
    """Open the start URL and walk the provider's pages (signing in when asked) up to the
    redirect to our callback, which is returned, not followed."""
    resp = await browser.http.get(url)
    while True:
        if resp.status_code in (301, 302, 303):
            location = urljoin(str(resp.url), resp.headers["location"])
            if "/callback" in location or not location.startswith(browser.base):
                return location
            resp = await browser.http.get(location)
            continue
        browser.page = resp
        assert resp.status_code == 200, resp.text
        form = parse_page(resp.text).forms[0]
        assert user is not None and "email" in form["fields"], resp.text
        data = {**form["fields"], "email": user["email"], "password": user["password"]}
        resp = await browser.http.post(urljoin(str(resp.url), form["action"]), data=data)


async def follow_callback(browser: Browser, callback: str) -> tuple[int, str, dict[str, str]]:
    """GET the callback: (status, Location or page text, the Location's query)."""
    resp = await browser.http.get(callback)
    if resp.status_code == 302:
        location = resp.headers["location"]
        return 302, location, query_of(location)
    return resp.status_code, resp.text, {}


async def sign_in_with(browser: Browser, url: str, user: dict[str, Any] | None) -> dict[str, str]:
    """The whole walk: start → provider → callback → the app's redirect; returns its query."""
    callback = await to_callback(browser, url, user)
    assert callback.startswith(browser.base), callback  # not an early error redirect to the app
    status, location, query = await follow_callback(browser, callback)
    assert status == 302, location
    assert location.startswith(APP_REDIRECT), location
    return query


# -- fixtures shared by the connection tests (a test module may name its own `tenant`; `base` and
# `browser` are the OAuth tests' own, tests/support/oauth.py)


@pytest.fixture
async def idp(make_tenant):
    """This service's other tenant, the upstream OIDC provider."""
    return await make_tenant(name="Upstream provider", auth_config={"email_verification_required": False})


@pytest.fixture
async def connection(tenant, base, idp) -> dict[str, Any]:
    return await make_connection(tenant, base, idp)


@pytest.fixture
async def tenant(make_tenant):
    return await make_tenant(name="The app", auth_config={"email_verification_required": False})


async def exchange(tenant, token: str) -> tuple[int, Any]:
    status, body, _ = await tenant.public("POST", "/v1/auth/oauth/exchange", json={"token": token})
    return status, body
