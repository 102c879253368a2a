"""The hosted invitation acceptance page (docs/hosted-pages.md, "Account page and invitations"):
/oauth/{tenant_id}/invitation?token=..., where the invitation email's default link lands.

GET shows the organization, the role and the invited address and changes nothing (mail scanners
open links): to a signed-in browser whose user is the invited one, an Accept button; to anyone
else, "sign in to accept" and "create an account to accept", both through the hosted pages with
this page as return_to. POST accepts as POST /v1/invitations/{token}/accept does (the user's
email must be the invited one), makes the organization the active one of this browser's session
and lands on the account's organizations section. Expired, used, revoked and unknown invitations
get a page that says so.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from aiohttp import web

from identity.hosted.account import _audit, _error_text
from identity.hosted.complete import require_browser_session
from identity.hosted.forms import PAGE, form_post, tenant_of
from identity.hosted.render import redirect, render_page, translator
from identity.http.errors import ApiError
from identity.http.routing import Ctx, HandlerResult, Router
from identity.oauth import authorize as oauth
from identity.organizations import active as active_org
from identity.organizations import service as organizations
from identity.organizations.records import PageInvitationRecord
from identity.principals import Tenant
from identity.state import state
from identity.users import store as users

router = Router()
PATH = "/oauth/{tenant_id}/invitation"


def _token(value: Any) -> str:
    return value[:512] if isinstance(value, str) else ""


async def _invitation(request: web.Request, tenant: Tenant, token: str) -> tuple[str, PageInvitationRecord | None]:
    """(status, row): pending, accepted, expired or invalid (unknown, revoked, another tenant's)."""
    status, row = await organizations.invitation_page(state(request).pool, token or None)
    if row is None or row.tenant_id != tenant.id:
        return "invalid", None
    return status, row


async def _page(
    request: web.Request, tenant: Tenant, token: str, *, error: str | None = None, status_code: int | None = None
) -> web.Response:
    status, row = await _invitation(request, tenant, token)
    here = f"/oauth/{tenant.id}/invitation?" + urlencode({"token": token})
    back = quote(here, safe="")
    session = await oauth.browser_session(request, tenant)
    signed_email = None
    if session is not None:
        async with state(request).pool.acquire() as conn:
            user = await users.get(conn, tenant.id, session["user_id"])
        signed_email = user.email if user is not None and user.status == "active" else None
    code = status_code or (200 if status in ("pending", "accepted") else 400)
    return await render_page(
        request,
        tenant,
        "invitation.html",
        status=code,
        state_=status,
        org_name=row.org_name if row is not None else "",
        role=row.role if row is not None else "",
        invited=row.email if row is not None else "",
        expires_at=row.expires_at.date().isoformat() if row is not None else "",
        token=token,
        signed_email=signed_email,
        matches=signed_email is not None and row is not None and signed_email == row.email,
        sign_in_url=f"/oauth/{tenant.id}/sign-in?return_to={back}",
        sign_up_url=f"/oauth/{tenant.id}/sign-up?return_to={back}",
        sign_out_url=f"/oauth/{tenant.id}/sign-out",
        sign_up_enabled=bool(tenant.auth_config.get("sign_up_enabled", True)),
        error=error,
    )


@router.get(PATH, summary="The hosted invitation page", **PAGE)
async def invitation_get(ctx: Ctx) -> HandlerResult:
    """The invitation email's default link (`?token=`): who invites to what, and how to accept.
    Changes nothing. No credential (the provider session cookie, when present, offers Accept)."""
    tenant = await tenant_of(ctx)
    return await _page(ctx.request, tenant, _token(ctx.request.query.get("token")))


@router.post(PATH, summary="Accept the invitation", **PAGE)
@form_post
async def invitation_post(ctx: Ctx, tenant: Tenant, form: Any) -> HandlerResult:
    """Accepts as `POST /v1/invitations/{token}/accept` does, as the person signed in in this
    browser (their email must be the invited one); the organization becomes this session's
    active one and the browser lands on the account's organizations section."""
    token = _token(form.get("token"))
    found = await require_browser_session(ctx.request, tenant)
    if isinstance(found, web.Response):
        return await _page(ctx.request, tenant, token)
    session, user = found
    t = await translator(ctx.request, tenant)
    try:
        membership = await organizations.accept_invitation(
            ctx.pool, tenant.id, token, user["id"], _audit(ctx.request, user)
        )
        await active_org.set_session_organization(
            ctx.pool, tenant.id, session.session_id, user["id"], membership.org_id
        )
    except ApiError as exc:
        return await _page(ctx.request, tenant, token, error=_error_text(t, exc), status_code=exc.status)
    return redirect(f"/oauth/{tenant.id}/account/organizations?done=invitation_accepted")
