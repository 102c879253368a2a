"""HTML pages the service serves itself (jinja2, autoescaped): the emailed verification link.

The link's GET only shows a confirm page (mail scanners and link previews open links, and must
not verify anything); its button POSTs the token with a double-submit CSRF token, as the hosted
OAuth pages do (identity/http/pages.py), and the POST shows the outcome.
"""

from __future__ import annotations

import functools
from typing import Any

import jinja2
from aiohttp import web

from identity.http.pages import CSRF_COOKIE, SECURITY_HEADERS, csrf_ok, csrf_value, secure

#: The CSRF cookie goes to the link's page and its confirm POST, nowhere else.
COOKIE_PATH = "/v1/auth/verify-email"


@functools.cache
def _env() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("identity", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        undefined=jinja2.StrictUndefined,
    )


_MESSAGES = {
    "confirm": ("Confirm your email address", ""),
    "verified": ("Email verified", "Your email address is verified. You can close this page."),
    "already": ("Email verified", "Your email address was already verified."),
    "expired": ("Link expired", "This verification link has expired. Request a new one from the app."),
    "invalid": ("Link not valid", "This verification link is not valid or was already used."),
    "form_expired": ("Page expired", "This page expired before it was sent. Open the link from the email again."),
}
_STATUS = {"confirm": 200, "verified": 200, "already": 200}


def verify_email(
    request: web.Request,
    public_url: str,
    outcome: str,
    email: str | None,
    *,
    tenant_name: str | None = None,
    token: str | None = None,
) -> web.Response:
    """The page of an outcome of links.verification_page / links.confirm_verification."""
    title, text = _MESSAGES[outcome]
    csrf = csrf_value(request)
    html = (
        _env()
        .get_template("verify_email.html")
        .render(
            title=title,
            message=text,
            email=email,
            ok=outcome in _STATUS,
            confirm=outcome == "confirm",
            tenant_name=tenant_name or "",
            token=token or "",
            csrf_token=csrf,
        )
    )
    response = web.Response(
        text=html, content_type="text/html", status=_STATUS.get(outcome, 400), headers=SECURITY_HEADERS
    )
    if outcome == "confirm":
        response.set_cookie(
            CSRF_COOKIE, csrf, path=COOKIE_PATH, httponly=True, samesite="Lax", secure=secure(public_url)
        )
    return response


def form_ok(request: web.Request, form: Any, public_url: str) -> bool:
    """The confirm POST carries the page's CSRF token (cookie and field equal; own Origin)."""
    return csrf_ok(request, form, public_url)
