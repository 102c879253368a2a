"""The hosted pages: rendering (jinja2, autoescaped), security headers, cookies and CSRF.

CSRF: a double-submit token. Each page sets (or keeps) a random `idp_csrf` cookie, HttpOnly
and SameSite=Lax, scoped to the tenant's /oauth/{tenant_id} path, and puts the same value in a
hidden field of every form; a POST is accepted only when the two match (constant time) and,
when the browser sends an Origin header, it is the service's own origin. A cross-site page can
neither read the cookie nor make the browser send it on a cross-site POST.
"""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import urlsplit

import jinja2
from aiohttp import web

from identity.crypto import constant_time_equals, random_token

SESSION_COOKIE = "idp_session"
CSRF_COOKIE = "idp_csrf"
SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


@functools.cache
def _env() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("identity", "templates"),
        autoescape=True,  # every hosted page is HTML; nothing a tenant writes is rendered here
        undefined=jinja2.StrictUndefined,
    )


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


def render(
    request: web.Request,
    template: str,
    *,
    tenant_id: str,
    public_url: str,
    status: int = 200,
    **context: Any,
) -> web.Response:
    csrf = csrf_value(request)
    html = _env().get_template(f"oauth/{template}").render(csrf_token=csrf, **context)
    headers = SECURITY_HEADERS
    widget = context.get("captcha")
    if widget is not None:  # the provider's script and iframe, and nothing else, are let in
        origins = widget["origins"]
        headers = {
            **SECURITY_HEADERS,
            "Content-Security-Policy": (
                f"default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
                f"script-src {origins}; frame-src {origins}; connect-src {origins}; "
                f"frame-ancestors 'none'; base-uri 'none'"
            ),
        }
    response = web.Response(text=html, status=status, content_type="text/html", headers=headers)
    response.set_cookie(
        CSRF_COOKIE, csrf, path=cookie_path(tenant_id), httponly=True, samesite="Lax", secure=secure(public_url)
    )
    return response


def error_page(
    request: web.Request, *, tenant_id: str, public_url: str, title: str, message: str, status: int = 400
) -> web.Response:
    """Errors that must not be sent to a redirect URI (it is unknown or not the client's)."""
    return render(
        request, "error.html", tenant_id=tenant_id, public_url=public_url, status=status, title=title, message=message
    )


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
