"""The hosted pages' routes (docs/hosted-pages.md). Pages are declared with in_schema=False:
no part of the REST contract, left out of /openapi.json. The two form endpoints that the OAuth
provider has always declared (POST /authorize/sign-in and /authorize/mfa) keep their place in
the reference."""

from __future__ import annotations

from typing import Any

import msgspec
from aiohttp import web

from identity.audit.context import from_ctx
from identity.auth import service as auth_service
from identity.auth.schemas import SignIn
from identity.crypto import sha256_hex
from identity.hosted import complete as finishing
from identity.hosted import factors, flows, sign_in_methods, signup, texts
from identity.hosted.entry import flow_expired, page_flow
from identity.hosted.errors import HOSTED_LANGUAGE_NOT_FOUND, INVALID_HOSTED_TEXT
from identity.hosted.flows import Flow
from identity.hosted.forms import PAGE, checked_form, field, form_post, tenant_of, verify_captcha
from identity.hosted.render import redirect, render_page, static_file, translator
from identity.hosted.schemas import HostedTexts, PutHostedTexts
from identity.hosted.signup import with_browser
from identity.http import captcha, pages
from identity.http.clientinfo import client_key
from identity.http.errors import NOT_FOUND, ApiError
from identity.http.ratelimit.backends import Check
from identity.http.ratelimit.rules import HOSTED_SIGN_IN
from identity.http.routing import Ctx, HandlerResult, Router
from identity.http.validation import convert
from identity.oauth import authorize as oauth
from identity.oauth import store as oauth_store
from identity.oauth.params import AuthRequest, PageError, RedirectError, parse
from identity.oauth.schemas import MfaForm, SignInForm
from identity.principals import SECRET, Tenant
from identity.sessions import service as sessions
from identity.sessions.device import client_info
from identity.sessions.runtime import runtime
from identity.state import state
from identity.tenants.auth_config import logo_bytes

router = Router()
BASE = "/oauth/{tenant_id}"
#: The OAuth provider's two form endpoints, declared in the reference as they always were.
_FORM: dict[str, Any] = {
    "tenant": False,
    "idempotent": False,
    "tag": "OAuth 2.0 / OpenID Connect",
    "content_type": "text/html",
}


async def _flow_of_form(request: web.Request, tenant: Tenant, form: Any) -> tuple[Flow, str | None] | web.Response:
    """The form's flow; a form without one (a page rendered before flows existed) that carries
    the authorization request gets a new flow for it. (flow, idp_browser value to set or None)."""
    st = state(request)
    flow = await flows.load(st.pool, request, tenant.id, form)
    if flow is not None:
        return flow, None
    if flows.flow_id_of(request, form) is None and isinstance(form.get("client_id"), str):
        iss = oauth.Flow(request, tenant).iss
        try:
            req = await parse(st.pool, tenant.id, iss, form)
        except PageError as exc:
            return await oauth.Flow(request, tenant).error_page(exc.key, values=exc.values)
        except RedirectError as exc:
            return redirect(exc.location)
        return await flows.create(st.pool, request, tenant.id, oauth_request=dict(req.raw))
    return await flow_expired(request, tenant)


# -- sign-in --------------------------------------------------------------------------------------


async def sign_in_page(
    request: web.Request,
    tenant: Tenant,
    flow: Flow,
    req: AuthRequest | None,
    *,
    error: str | None = None,
    email: str = "",
    status: int = 200,
) -> web.Response:
    return await render_page(
        request,
        tenant,
        "sign_in.html",
        status=status,
        flow=flow,
        captcha_widget=True,
        client_name=req.client.name if req is not None else "",
        hidden=req.hidden() if req is not None else {},
        error=error,
        email=email or (req.login_hint if req is not None else ""),
        email_error=None,
        password_error=None,
        sign_up_enabled=bool(tenant.auth_config.get("sign_up_enabled", True)),
        # The "other ways to sign in" block (hosted/_sign_in_methods.html).
        methods=await sign_in_methods.methods(request, tenant, flow),
    )


async def _request_of(request: web.Request, tenant: Tenant, flow: Flow) -> AuthRequest | None | web.Response:
    if flow.oauth_request is None:
        return None
    return await finishing.oauth_request(request, tenant, flow)


@router.get(BASE + "/sign-in", summary="The hosted sign-in page", **PAGE)
async def sign_in_get(ctx: Ctx) -> HandlerResult:
    """The sign-in page: `?flow=ID`, or an application's `client_id`, `redirect_uri`, `state`
    (and PKCE) link, or `return_to`. No credential."""
    tenant = await tenant_of(ctx)
    flow = await page_flow(ctx.request, tenant, "sign-in")
    if isinstance(flow, web.Response):
        return flow
    req = await _request_of(ctx.request, tenant, flow)
    if isinstance(req, web.Response):
        return req
    return await sign_in_page(ctx.request, tenant, flow, req)


async def _rate_limited(request: web.Request, tenant: Tenant) -> bool:
    limiter = state(request).limiter
    if not limiter.enabled:
        return False
    rule = HOSTED_SIGN_IN
    key = f"{tenant.id}|{rule.name}|{client_key(request)}"
    (verdict,) = await limiter.backend.hit([Check(key, rule.limit or 0, rule.window)])
    return not verdict.allowed


@router.post(
    BASE + "/authorize/sign-in",
    form=SignInForm,
    summary="The hosted sign-in form (email and password, CSRF token, the request as hidden fields)",
    **{**_FORM, "extra": {"responses": {302: None, 429: "text/html"}}},
)
@form_post
async def authorize_sign_in(ctx: Ctx, tenant: Tenant, form: Any) -> HandlerResult:
    """Receives the hosted sign-in form (email, password, CSRF token and the original request as hidden
    fields), posted by the browser without an API credential. Applies the tenant's sign-in rules
    (lockout, verified email, suspension, bot protection) and answers the form again with the error, the
    MFA code page when the user has a second factor, or continues to consent or the code. A successful
    sign-in creates a session (`session.created`), sets the provider session cookie and queues the
    **welcome email** on a first sign-in. Limited to 10 attempts per minute per address (the page
    answers 429)."""
    request = ctx.request
    found = await _flow_of_form(request, tenant, form)
    if isinstance(found, web.Response):
        return found
    flow, browser = found
    req = await _request_of(request, tenant, flow)
    if isinstance(req, web.Response):
        return req
    t = await translator(request, tenant)
    email = field(form, "email", 320)

    async def again(error: str, status: int) -> web.Response:
        page = await sign_in_page(request, tenant, flow, req, email=email, status=status, error=error)
        return with_browser(request, tenant, page, browser)

    if await _rate_limited(request, tenant):
        return await again(t("core.rate_limited"), 429)
    try:
        body = convert(
            {
                "email": email,
                "password": field(form, "password", 2048),
                "captcha_token": captcha.token_from_form(form),
            },
            SignIn,
        )
    except ApiError:
        return await again(t("sign_in.missing"), 400)
    st = state(request)
    try:
        await verify_captcha(request, tenant, body.captcha_token)
        result = await auth_service.sign_in(st.pool, runtime(request), tenant, body, client_info(request))
    except ApiError as exc:
        needed = finishing.second_factor_needed(exc)
        if needed is not None:
            response = await finishing.complete(request, tenant, flow, needed)
            return with_browser(request, tenant, response, browser)
        if exc.code == "email_not_verified":
            response = await signup.verify_before_sign_in(request, tenant, flow, body.email)
            return with_browser(request, tenant, response, browser)
        return await again(t.error(exc.code, exc.message), exc.status)
    response = await finishing.complete(request, tenant, flow, finishing.outcome_of(msgspec.to_builtins(result)))
    return with_browser(request, tenant, response, browser)


# -- the second factor ----------------------------------------------------------------------------


@router.get(BASE + "/second-factor", summary="The hosted second-factor page", **PAGE)
async def second_factor_get(ctx: Ctx) -> HandlerResult:
    """The second-factor page of a flow whose first factor succeeded (`?flow=ID`). No credential."""
    tenant = await tenant_of(ctx)
    flow = await flows.load(ctx.pool, ctx.request, tenant.id)
    if flow is None:
        return await flow_expired(ctx.request, tenant)
    if not flow.pending.get(finishing.PENDING_MFA):
        return redirect(finishing.page_url(tenant.id, "sign-in", flow))
    req = await _request_of(ctx.request, tenant, flow)
    if isinstance(req, web.Response):
        return req
    # Every factor's form, the chooser and the verification: identity/hosted/factors.py.
    return await factors.shown_on_get(ctx.request, tenant, flow, req)


@router.post(
    BASE + "/authorize/mfa",
    form=MfaForm,
    summary="The hosted MFA code form",
    **{**_FORM, "extra": {"responses": {302: None, 501: "text/html"}}},
)
@form_post
async def authorize_mfa(ctx: Ctx, tenant: Tenant, form: Any) -> HandlerResult:
    """Receives the hosted MFA code form (the challenge, the code and the original request as hidden
    fields, with the CSRF token), posted by the browser without an API credential. A right code
    completes the sign-in: a session marked `mfa_verified` (`session.created`, `mfa.verified`) and the
    provider session cookie, then consent or the code. A wrong code shows the form again with the error;
    a challenge accepts 5 wrong codes."""
    request = ctx.request
    found = await _flow_of_form(request, tenant, form)
    if isinstance(found, web.Response):
        return found
    flow, browser = found
    if not flow.pending.get(finishing.PENDING_MFA):
        # A form from before flows: its challenge travels in the form.
        challenge = {"challenge_id": field(form, "challenge_id", 100), "factor_type": field(form, "factor_type", 32)}
        await flows.set_pending(ctx.pool, flow, {**flow.pending, finishing.PENDING_MFA: challenge})
    req = await _request_of(request, tenant, flow)
    if isinstance(req, web.Response):
        return req
    # Every kind of factor, the limits and the set-up of a first factor: identity/hosted/factors.py.
    response = await factors.verify_posted(request, tenant, flow, req, form)
    return with_browser(request, tenant, response, browser)


# -- sign-out (the account area is identity/hosted/account.py) ---------------------------------


async def _sign_out(ctx: Ctx) -> web.Response:
    request = ctx.request
    tenant = await tenant_of(ctx)
    action = f"/oauth/{tenant.id}/sign-out"
    cookie = request.cookies.get(pages.SESSION_COOKIE, "")
    session = await oauth.browser_session(request, tenant)
    if session is not None:
        if request.method == "GET":
            return await render_page(request, tenant, "logout.html", hidden={}, action=action)
        form = await checked_form(ctx, tenant)
        if isinstance(form, web.Response):
            return form
        async with ctx.pool.acquire() as conn, conn.transaction():
            await oauth_store.delete_browser_session(conn, tenant.id, sha256_hex(cookie))
            await sessions.revoke_session(conn, tenant.id, session["session_id"], "signed_out")
    response = await render_page(request, tenant, "signed_out.html")
    pages.clear_session_cookie(response, tenant.id, ctx.settings.public_url)
    return response


@router.get(BASE + "/sign-out", summary="The hosted sign-out page", **PAGE)
async def sign_out_get(ctx: Ctx) -> HandlerResult:
    """Asks the signed-in person to confirm signing this browser out. Credential: the provider
    session cookie."""
    return await _sign_out(ctx)


@router.post(BASE + "/sign-out", summary="Sign this browser out", **PAGE)
async def sign_out_post(ctx: Ctx) -> HandlerResult:
    """Signs this browser out (CSRF token): its provider session cookie and the session behind
    it (`session.revoked`, reason `signed_out`)."""
    return await _sign_out(ctx)


# -- files ----------------------------------------------------------------------------------------

_FILE = {**PAGE, "content_type": "application/octet-stream"}


@router.get("/oauth/static/{name}", summary="A stylesheet or script of the hosted pages", **_FILE)
async def static(ctx: Ctx) -> HandlerResult:
    """A file of identity/static/hosted/ by its exact name (no path: nothing else is reachable),
    cached for a year (its URL carries its content hash). No credential."""
    found = static_file(ctx.param("name"))
    if found is None:
        raise NOT_FOUND()
    body, content_type = found
    return web.Response(
        body=body,
        headers={
            "Content-Type": content_type,
            "Cache-Control": "public, max-age=31536000, immutable",
            "X-Content-Type-Options": "nosniff",
        },
    )


@router.get(BASE + "/branding/logo", summary="The tenant's logo", **_FILE)
async def logo(ctx: Ctx) -> HandlerResult:
    """The tenant's logo (auth_config.branding.logo) with its own content type, sandboxed. No
    credential."""
    tenant = await tenant_of(ctx)
    stored = (tenant.auth_config.get("branding") or {}).get("logo")
    found = logo_bytes(stored) if isinstance(stored, str) else None
    if found is None:
        raise NOT_FOUND()
    content_type, body = found
    return web.Response(
        body=body,
        headers={
            "Content-Type": content_type,
            "Content-Security-Policy": "default-src 'none'; sandbox",
            "X-Content-Type-Options": "nosniff",
            "Cache-Control": "public, max-age=300",
        },
    )


# -- a tenant's texts (the REST API, beside /v1/email/templates) ----------------------------------

_TEXTS: dict[str, Any] = {"auth": (SECRET,), "scope": "*", "tag": "Hosted pages"}


@router.get(
    "/v1/hosted/texts/{language}",
    response=HostedTexts,
    summary="The hosted pages' texts in one language: the tenant's overrides and the defaults",
    errors=(HOSTED_LANGUAGE_NOT_FOUND,),
    **_TEXTS,
)
async def get_texts(ctx: Ctx) -> HandlerResult:
    """Returns the texts of the hosted pages (sign-in, second factor, consent...) in one language
    (`en`, `fr`): the tenant's overrides and the default of every catalogue key. Called with a
    **secret key** holding the `*` scope; 404 for a language without a catalogue. Changes nothing."""
    return await texts.get(ctx.pool, ctx.tenant_id, ctx.param("language"))


@router.put(
    "/v1/hosted/texts/{language}",
    body=PutHostedTexts,
    response=HostedTexts,
    summary="Replace the tenant's text overrides of one language",
    errors=(HOSTED_LANGUAGE_NOT_FOUND, INVALID_HOSTED_TEXT),
    **_TEXTS,
)
async def put_texts(ctx: Ctx) -> HandlerResult:
    """Replaces every override of the language with `texts` (key -> plain text, shown escaped,
    never evaluated). A key must exist in the catalogue and a text may use only the `{placeholders}`
    of its default (422 `invalid_hosted_text`). Called with a **secret key** holding the `*` scope.
    Writes the audit entry `hosted_texts.updated`."""
    return await texts.put(ctx.pool, ctx.tenant_id, ctx.param("language"), ctx.body, from_ctx(ctx))


@router.delete(
    "/v1/hosted/texts/{language}",
    status=204,
    summary="Reset the hosted pages' texts of one language to the defaults",
    errors=(HOSTED_LANGUAGE_NOT_FOUND,),
    **_TEXTS,
)
async def delete_texts(ctx: Ctx) -> None:
    """Drops every override of the language, so that the defaults are shown again. Called with a
    **secret key** holding the `*` scope. Writes the audit entry `hosted_texts.reset` (also when there
    was no override)."""
    await texts.delete(ctx.pool, ctx.tenant_id, ctx.param("language"), from_ctx(ctx))
