"""What every hosted page route shares, written once (docs/hosted-pages.md, "Pages, CSP and
CSRF"): the route options of a page, the tenant of the path, a form's text fields, and the
CSRF check of a form post, a form post of a flow, and the bot protection of a form. Low in the package (routes, factors,
security and the journeys import it; it imports none of them)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from aiohttp import web
from multidict import MultiDictProxy

from identity.hosted import flows
from identity.hosted.entry import flow_expired
from identity.hosted.flows import Flow
from identity.hosted.render import csrf_failed
from identity.http import captcha, pages
from identity.http.bodies import read_form
from identity.http.clientinfo import client_ip
from identity.http.routing import Ctx, Handler, HandlerResult
from identity.oauth import authorize as oauth
from identity.principals import Tenant
from identity.state import state

#: A page: served like any route, left out of /openapi.json (no part of the REST contract).
PAGE: dict[str, Any] = {
    "tenant": False,
    "idempotent": False,
    "tag": "Hosted pages",
    "content_type": "text/html",
    "in_schema": False,
}


async def tenant_of(ctx: Ctx) -> Tenant:
    """The tenant of the path's {tenant_id} (a page of an unknown or suspended one answers an
    error page, identity.oauth.authorize.load_tenant)."""
    tenant: Tenant = await oauth.load_tenant(ctx.request, ctx.param("tenant_id"))
    return tenant


def field(form: Any, name: str, limit: int = 1024, *, strip: bool = False) -> str:
    """A text field of a posted form, cut at `limit` characters ("" when absent or a file)."""
    value = form.get(name, "")
    if not isinstance(value, str):
        return ""
    return value[:limit].strip() if strip else value[:limit]


async def checked_form(ctx: Ctx, tenant: Tenant) -> MultiDictProxy[str] | web.Response:
    """The posted form once its CSRF check passed (identity/http/pages.py), else the "form has
    expired" page."""
    form = await read_form(ctx.request)
    if not pages.csrf_ok(ctx.request, form, ctx.settings.public_url):
        return await csrf_failed(ctx.request, tenant)
    return form


def form_post(handler: Callable[[Ctx, Tenant, Any], Awaitable[HandlerResult]]) -> Handler:
    """A hosted form post whose CSRF check passed: the handler gets the tenant and the form;
    else the "form has expired" page."""

    @wraps(handler)
    async def post(ctx: Ctx) -> HandlerResult:
        tenant = await tenant_of(ctx)
        form = await checked_form(ctx, tenant)
        if isinstance(form, web.Response):
            return form
        return await handler(ctx, tenant, form)

    return post


def flow_form_post(handler: Callable[[Ctx, Tenant, Any, Flow], Awaitable[HandlerResult]]) -> Handler:
    """A hosted form post whose CSRF check passed and whose flow (the form's `flow`) is this
    browser's: the handler gets the tenant, the form and the flow; else the "form has expired"
    or the "page has expired" page."""

    @form_post
    async def post(ctx: Ctx, tenant: Tenant, form: Any) -> HandlerResult:
        flow = await flows.load(ctx.pool, ctx.request, tenant.id, form)
        if flow is None:
            return await flow_expired(ctx.request, tenant)
        return await handler(ctx, tenant, form, flow)

    return wraps(handler)(post)


async def verify_captcha(request: web.Request, tenant: Tenant, token: str | None) -> None:
    """The tenant's bot protection on a hosted form (sign-in, sign-up), as the API checks it."""
    st = state(request)
    await captcha.verify(
        pool=st.pool,
        box=st.box,
        allow_http=st.settings.webhook_allow_http,
        tenant_id=tenant.id,
        auth_config=tenant.auth_config,
        token=token,
        remote_ip=client_ip(request),
    )
