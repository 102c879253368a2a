"""What every HTML page of the service shares below the hosted pages: the way to the one
renderer, the CSRF check, the provider session cookie, redirects (docs/hosted-pages.md, "Pages,
CSP and CSRF").

Rendering: there is one page renderer, identity/hosted/render.py (its layout, its strict CSP
with a nonce per response, the tenant's language and branding). The hosted pages sit on top of
the feature order, so the features below them (the OAuth provider, the emailed verification
link, the invitation link, the connections) reach it through the seam
`Registry.hosted_pages`, which identity/wiring.py sets: render() and error_page() here.

CSRF: a double-submit token. Each page sets (or keeps) a random `idp_csrf` cookie, HttpOnly
and SameSite=Lax, scoped to the page's path (the tenant's /oauth/{tenant_id}, or the emailed
link's own path), and puts the same value in a hidden field of every form; a POST is accepted
only when the two match (constant time) and, when the browser sends an Origin header, it is the
service's own origin. A cross-site page can neither read the cookie nor make the browser send it
on a cross-site POST.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from identity.crypto import constant_time_equals, random_token
from identity.principals import Tenant
from identity.state import HostedPages, state

SESSION_COOKIE = "idp_session"
CSRF_COOKIE = "idp_csrf"


def cookie_path(tenant_id: str) -> str:
    return f"/oauth/{tenant_id}"


def secure(public_url: str) -> bool:
    return public_url.lower().startswith("https://")


def csrf_value(request: web.Request) -> str:
    """The current CSRF token (the cookie's, or a new one the page will set)."""
    value = request.cookies.get(CSRF_COOKIE, "")
    if len(value) < 32 or not value.isalnum():
        value = random_token(32)
    return value


def csrf_ok(request: web.Request, form: Any, public_url: str) -> bool:
    cookie = request.cookies.get(CSRF_COOKIE, "")
    field = form.get("csrf_token", "")
    if not cookie or not isinstance(field, str) or not constant_time_equals(cookie, field):
        return False
    origin = request.headers.get("Origin")
    if origin and origin != "null":
        own = urlsplit(public_url)
        if origin.rstrip("/").lower() != f"{own.scheme}://{own.netloc}".lower():
            return False
    return True


def hosted_pages(request: web.Request) -> HostedPages:
    seam = state(request).registry.hosted_pages
    assert seam is not None, "identity/wiring.py hands the hosted pages over"
    return seam


async def render(
    request: web.Request,
    tenant: Tenant | None,
    template: str,
    *,
    status: int = 200,
    cookie_path: str | None = None,
    **context: Any,
) -> web.Response:
    """A page of identity/templates/hosted/ (tenant None: a link that names no tenant)."""
    return await hosted_pages(request).render(
        request, tenant, template, status=status, cookie_path=cookie_path, **context
    )


async def error_page(
    request: web.Request,
    tenant: Tenant | None,
    key: str,
    *,
    status: int = 400,
    values: Mapping[str, str] | None = None,
) -> web.Response:
    """Errors that must not be sent to a redirect URI (it is unknown or not the client's): the
    page of the catalogue texts `<key>.title` and `<key>.message`."""
    return await hosted_pages(request).error(request, tenant, key, status=status, values=values)


def set_session_cookie(response: web.StreamResponse, tenant_id: str, public_url: str, token: str, max_age: int) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        path=cookie_path(tenant_id),
        httponly=True,
        samesite="Lax",
        secure=secure(public_url),
        max_age=max_age,
    )


def clear_session_cookie(response: web.StreamResponse, tenant_id: str, public_url: str) -> None:
    response.del_cookie(
        SESSION_COOKIE, path=cookie_path(tenant_id), secure=secure(public_url), httponly=True, samesite="Lax"
    )


def redirect(location: str, headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(status=302, headers={"Location": location, "Cache-Control": "no-store", **(headers or {})})
