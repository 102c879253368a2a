"""The invitation link's page, GET /v1/invitations/view (docs/organizations.md, "Invitations";
docs/hosted-pages.md, "Pages outside /oauth"): where invitation emails linked before the hosted
acceptance page existed, and still do for those already mailed. It explains how to accept and
links to the hosted acceptance page; it never accepts by itself (GET is safe, and mail scanners
open links). Rendered by the one page renderer (the hosted pages', through identity/http/pages.py)
in the invitation's tenant's language and branding."""

from __future__ import annotations

from urllib.parse import urlencode

from aiohttp import web

from identity.http import pages
from identity.organizations.records import PageInvitationRecord
from identity.sessions.runtime import runtime
from identity.state import state

_OK = frozenset({"pending", "accepted"})


async def invitation(
    request: web.Request, outcome: str, row: PageInvitationRecord | None, token: str | None
) -> web.Response:
    """The page of an outcome of service.invitation_page: 200 for a pending or accepted
    invitation, 400 for an expired or invalid one."""
    tenants = runtime(request.app).tenants
    tenant = await tenants.find(state(request).pool, row.tenant_id) if row is not None else None
    return await pages.render(
        request,
        tenant,
        "invitation_link.html",
        status=200 if outcome in _OK else 400,
        outcome=outcome,
        org_name=row.org_name if row is not None else "",
        role=row.role if row is not None else "",
        email=row.email if row is not None else "",
        expires_at=row.expires_at.strftime("%Y-%m-%d %H:%M UTC") if row is not None else "",
        token=token or "",
        accept_url=f"/oauth/{row.tenant_id}/invitation?{urlencode({'token': token or ''})}" if row is not None else "",
    )
