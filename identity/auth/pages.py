"""The emailed verification link's page (docs/hosted-pages.md, "Pages outside /oauth"):
GET /v1/auth/verify-email and its confirm POST, rendered by the one page renderer (the hosted
pages', through identity/http/pages.py) in the link's tenant's language and branding.

The link's GET only shows a confirm page (mail scanners and link previews open links, and must
not verify anything); its button POSTs the token with a double-submit CSRF token, and the POST
shows the outcome.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from identity.http import pages
from identity.sessions.runtime import runtime
from identity.state import state

#: The CSRF and language cookies go to the link's page and its confirm POST, nowhere else.
COOKIE_PATH = "/v1/auth/verify-email"
#: outcome -> the catalogue's heading (link_verify.<heading>_title).
_HEADINGS = {
    "confirm": "confirm",
    "verified": "verified",
    "already": "verified",
    "expired": "expired",
    "invalid": "invalid",
    "form_expired": "form_expired",
}
_OK = frozenset({"confirm", "verified", "already"})


async def verify_email(
    request: web.Request,
    outcome: str,
    email: str | None,
    tenant_id: str | None,
    *,
    token: str | None = None,
) -> web.Response:
    """The page of an outcome of links.verification_page / links.confirm_verification, in the
    link's tenant's look (none for a link that names no tenant)."""
    tenants = runtime(request.app).tenants
    tenant = await tenants.find(state(request).pool, tenant_id) if tenant_id is not None else None
    return await pages.render(
        request,
        tenant,
        "email_link_verify.html",
        status=200 if outcome in _OK else 400,
        cookie_path=COOKIE_PATH,
        outcome=outcome,
        heading=_HEADINGS[outcome],
        email=email or "",
        token=token or "",
    )


def form_ok(request: web.Request, form: Any, public_url: str) -> bool:
    """The confirm POST carries the page's CSRF token (cookie and field equal; own Origin)."""
    return pages.csrf_ok(request, form, public_url)
