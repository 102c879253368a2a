"""The hosted forgot-password and reset-password pages (docs/hosted-pages.md, "Forgot and reset
password").

    GET  /oauth/{tenant_id}/forgot-password      the email form
    POST /oauth/{tenant_id}/forgot-password      identity.auth.links.forgot_password; the same
                                                 "check your inbox" page for every address
    GET  /oauth/{tenant_id}/reset-password       the emailed link (?token=, ?flow=): the new
                                                 password form, with the policy checklist
    POST /oauth/{tenant_id}/reset-password       identity.auth.links.reset_password: every
                                                 session ends, then signed in via complete.py

The reset email's link points here (`redirect_url` = this page, which the API accepts as the
service's own page, docs/api-conventions.md "Redirect addresses"). Opened in the browser that
asked, the flow continues (an OAuth request gets its code); elsewhere a new flow ends on the
account page.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from identity.auth import links
from identity.auth.schemas import Forgot, Reset
from identity.hosted import flows
from identity.hosted.entry import page_flow
from identity.hosted.flows import Flow
from identity.hosted.forms import PAGE, field, flow_form_post, form_post, tenant_of
from identity.hosted.render import render_page, translator
from identity.hosted.signup import (
    checklist,
    finish,
    finish_or_challenge,
    limited,
    password_error,
    policy_attributes,
    public_url,
    with_browser,
)
from identity.http.errors import ApiError
from identity.http.ratelimit.rules import HOSTED_FORGOT
from identity.http.routing import Ctx, HandlerResult, Router
from identity.http.validation import convert
from identity.principals import Tenant
from identity.sessions.device import client_info
from identity.sessions.runtime import runtime

router = Router()
BASE = "/oauth/{tenant_id}"


async def _forgot_form(
    request: web.Request,
    tenant: Tenant,
    flow: Flow,
    *,
    email: str = "",
    email_error: str | None = None,
    status: int = 200,
) -> web.Response:
    return await render_page(
        request, tenant, "forgot_password.html", status=status, flow=flow, email=email, email_error=email_error
    )


@router.get(BASE + "/forgot-password", summary="The hosted forgot-password page", **PAGE)
async def forgot_get(ctx: Ctx) -> HandlerResult:
    """The email form (`?flow=ID`, an application's link, or nothing). No credential."""
    tenant = await tenant_of(ctx)
    flow = await page_flow(ctx.request, tenant, "forgot-password")
    if isinstance(flow, web.Response):
        return flow
    return await _forgot_form(ctx.request, tenant, flow)


@router.post(BASE + "/forgot-password", summary="The hosted forgot-password form", **PAGE)
@flow_form_post
async def forgot_post(ctx: Ctx, tenant: Tenant, form: Any, flow: Flow) -> HandlerResult:
    """Emails a reset link to this page when the address has an account; the answer is the same
    page for every address. 5 per 10 minutes per address, as the API."""
    request = ctx.request
    t = await translator(request, tenant)
    email = field(form, "email", 320)
    page = f"{public_url(request)}/oauth/{tenant.id}/reset-password?{flow.query}"
    try:
        body = convert({"email": email, "redirect_url": page}, Forgot)
    except ApiError:
        return await _forgot_form(request, tenant, flow, email=email, email_error=t("signup.email.invalid"), status=422)
    if not await limited(request, tenant, HOSTED_FORGOT, "email:" + email.strip().lower()):
        try:
            await links.forgot_password(ctx.pool, runtime(request), tenant, body, public_url(request))
        except ApiError as exc:
            if exc.code == "tenant_suspended":
                return await _forgot_form(request, tenant, flow, email=email, status=403)
            return await _forgot_form(
                request, tenant, flow, email=email, email_error=t("signup.email.invalid"), status=exc.status
            )
    # Over the limit, the page says the same: a different answer would tell that this address
    # was asked for before.
    return await render_page(request, tenant, "forgot_password_sent.html", flow=flow, email=body.email)


async def _reset_form(
    request: web.Request,
    tenant: Tenant,
    flow: Flow | None,
    token: str,
    *,
    password: str | None = None,
    error: str | None = None,
    status: int = 200,
) -> web.Response:
    t = await translator(request, tenant)
    return await render_page(
        request,
        tenant,
        "reset_password.html",
        status=status,
        flow=flow,
        token=token,
        rules=checklist(t, tenant, password),
        policy=policy_attributes(tenant),
        password_error=error,
    )


async def _link_refused(request: web.Request, tenant: Tenant, flow: Flow | None, code: str) -> web.Response:
    t = await translator(request, tenant)
    message = t("reset_password.expired") if code == "token_expired" else t("reset_password.invalid")
    return await render_page(request, tenant, "reset_password_refused.html", status=400, flow=flow, message=message)


@router.get(BASE + "/reset-password", summary="The hosted reset-password page", **PAGE)
async def reset_get(ctx: Ctx) -> HandlerResult:
    """The reset email's link: the new-password form. Reads the token (to say at once when it is
    used or expired) and changes nothing. No credential."""
    tenant = await tenant_of(ctx)
    flow = await flows.load(ctx.pool, ctx.request, tenant.id)
    token = ctx.request.query.get("token", "")[:512]
    if not token:
        return await _link_refused(ctx.request, tenant, flow, "invalid_token")
    try:
        await links.peek_reset(ctx.pool, tenant, token)
    except ApiError as exc:
        return await _link_refused(ctx.request, tenant, flow, exc.code)
    return await _reset_form(ctx.request, tenant, flow, token)


@router.post(BASE + "/reset-password", summary="The hosted reset-password form", **PAGE)
@form_post
async def reset_post(ctx: Ctx, tenant: Tenant, form: Any) -> HandlerResult:
    """Sets the new password as POST /v1/auth/password/reset does (every session of the user ends,
    the address counts as verified), then signs the person in through complete.py (MFA applies)."""
    request = ctx.request
    flow = await flows.load(ctx.pool, request, tenant.id, form)
    token = field(form, "token", 512)
    password = field(form, "password", 2048)
    t = await translator(request, tenant)
    if not token:
        return await _link_refused(request, tenant, flow, "invalid_token")
    if not password:
        return await _reset_form(request, tenant, flow, token, error=t("signup.password.missing"), status=400)
    try:
        body = convert({"token": token, "password": password}, Reset)
    except ApiError:
        return await _reset_form(
            request, tenant, flow, token, password=password, error=password_error(t, tenant, password), status=422
        )
    browser = None
    if flow is None:
        # The link opened in another browser than the one that asked: a flow of its own, which
        # ends on the account page.
        flow, browser = await flows.create(ctx.pool, request, tenant.id, oauth_request=None)
    try:
        result = await links.reset_password(ctx.pool, runtime(request), tenant, body, client_info(request))
    except ApiError as exc:
        challenged = await finish_or_challenge(request, tenant, flow, exc)
        if challenged is not None:
            return with_browser(request, tenant, challenged, browser)
        if exc.code == "password_too_weak":
            return await _reset_form(
                request, tenant, flow, token, password=password, error=password_error(t, tenant, password), status=422
            )
        if exc.code in ("invalid_token", "token_expired"):
            return await _link_refused(request, tenant, flow, exc.code)
        return await _link_refused(request, tenant, flow, "invalid_token")
    return with_browser(request, tenant, await finish(request, tenant, flow, result), browser)
