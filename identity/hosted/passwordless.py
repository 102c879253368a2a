"""The passwordless journeys of the hosted pages (docs/hosted-pages.md, "Passwordless"): magic
link, email code, passkey, and the way back from a social or enterprise connection. Each calls
the same service function as its REST endpoint (so the tenant's rules hold exactly), applies the
REST endpoint's rate limits itself (a page has no API credential for the Route to count), and
after a successful first factor goes through identity/hosted/complete.py.

- Magic link: GET/POST /magic-link (email form; the answer is "check your inbox" whatever the
  address), the link lands on GET /magic-link/verify?token=...&flow=... (a button, no side
  effect: mail scanners open links), whose POST signs in. Opened in the browser that asked, the
  flow continues (an OAuth request ends with its code); in another browser the flow is absent
  and the person is signed in there and lands on the account page.
- Email code: GET/POST /email-code (email form; the address is kept in the flow), GET/POST
  /email-code/verify (the code form).
- Passkey: POST /passkey/options (JSON, for passkey-sign-in.js) and POST /passkey/verify (the
  assertion in a form post). The RP is the service's own host (hosted_relying_party); the
  challenge is bound to this flow and this browser.
- Connections: GET /connections/done?flow=...&token=... is where the provider flow started by a
  sign-in button comes back (after our callback checked its state and browser cookie): the ticket
  is exchanged as POST /v1/auth/oauth/exchange does, then complete().
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from identity.auth import email_code, links
from identity.auth.schemas import EmailCodeRequest, EmailCodeVerify, MagicLink
from identity.connections import flow as connection_flow
from identity.hosted import complete as finishing
from identity.hosted import flows, i18n
from identity.hosted.entry import flow_expired, page_flow
from identity.hosted.flows import Flow
from identity.hosted.forms import PAGE, field, flow_form_post, form_post, tenant_of
from identity.hosted.render import redirect, render_page, translator
from identity.hosted.routes import sign_in_page
from identity.hosted.signup import finish, finish_or_challenge, with_browser
from identity.http import pages
from identity.http.bodies import read_form
from identity.http.clientinfo import client_key
from identity.http.errors import ApiError
from identity.http.ratelimit.limiter import Limiter, RateLimited
from identity.http.ratelimit.rules import (
    EMAIL_CODE_PER_CLIENT,
    EMAIL_CODE_PER_EMAIL,
    EMAIL_CODE_VERIFY,
    ENDPOINT_RULES,
    PASSKEY_SIGN_IN,
)
from identity.http.redirects import hosted_landing
from identity.http.routing import Ctx, HandlerResult, Router
from identity.http.validation import convert
from identity.mfa import passkey_sign_in
from identity.mfa.passkeys import hosted_relying_party
from identity.principals import Tenant
from identity.sessions.device import client_info
from identity.sessions.runtime import runtime
from identity.state import state

router = Router()
BASE = "/oauth/{tenant_id}"
MAGIC_LANDING = "/oauth/{tenant_id}/magic-link/verify"
#: The flow's pending key holding the address an email code was asked for.
PENDING_EMAIL_CODE = "email_code"
_MAGIC_LINK_RULE = ENDPOINT_RULES[("POST", "/v1/auth/magic-link")]
#: The JSON answers of the passkey script keep the pages' rules: never framed, never sniffed.
_JSON_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
}


async def _posted_flow(request: web.Request, tenant: Tenant, form: Any) -> Flow | web.Response:
    """The flow a form names, of this browser; else the "page has expired" page."""
    flow = await flows.load(state(request).pool, request, tenant.id, form)
    return flow if flow is not None else await flow_expired(request, tenant)


async def _limited(request: web.Request, tenant: Tenant, *checks: tuple[Any, str]) -> bool:
    try:
        await state(request).limiter.check(request, tenant.id, list(checks))
    except RateLimited:
        return True
    return False


# -- magic link -----------------------------------------------------------------------------------


async def _address_page(
    template: str,
    request: web.Request,
    tenant: Tenant,
    flow: Flow,
    *,
    email: str = "",
    error: str | None = None,
    status: int = 200,
) -> web.Response:
    """The page asking for the address to send a link or a code to; a 422 is the field's error."""
    return await render_page(
        request,
        tenant,
        template,
        status=status,
        flow=flow,
        email=email,
        error=error if status != 422 else None,
        email_error=error if status == 422 else None,
    )


async def _address_refused(
    template: str,
    request: web.Request,
    tenant: Tenant,
    flow: Flow,
    email: str,
    t: i18n.Translator,
    exc: ApiError,
    invalid: tuple[int, ...],
) -> web.Response:
    """The address page again after the service refused: a status in `invalid` means the address
    itself (the field's error), anything else shows the service's error."""
    if exc.status in invalid:
        return await _address_page(
            template, request, tenant, flow, email=email, error=t("passwordless.invalid_email"), status=422
        )
    return await _address_page(
        template, request, tenant, flow, email=email, error=t.error(exc.code, exc.message), status=exc.status
    )


async def _address_get(ctx: Ctx, step: str, template: str) -> HandlerResult:
    """The address page of a flow that may take this step (`?flow=ID`)."""
    tenant = await tenant_of(ctx)
    flow = await page_flow(ctx.request, tenant, step)
    if isinstance(flow, web.Response):
        return flow
    return await _address_page(template, ctx.request, tenant, flow)


@router.get(BASE + "/magic-link", summary="The hosted magic-link page", **PAGE)
async def magic_link_get(ctx: Ctx) -> HandlerResult:
    """Asks for the email address to send a sign-in link to (`?flow=ID`). No credential."""
    return await _address_get(ctx, "magic-link", "magic_link.html")


@router.post(BASE + "/magic-link", summary="Send a magic link from the hosted page", **PAGE)
@flow_form_post
async def magic_link_post(ctx: Ctx, tenant: Tenant, form: Any, flow: Flow) -> HandlerResult:
    """Emails a sign-in link landing on this tenant's /magic-link/verify with the flow, as
    `POST /v1/auth/magic-link` does (same limits); answers "check your inbox" for any address."""
    request = ctx.request
    t = await translator(request, tenant)
    email = field(form, "email", 320, strip=True)
    if await _limited(request, tenant, (_MAGIC_LINK_RULE, client_key(request))):
        return await _address_page(
            "magic_link.html", request, tenant, flow, email=email, error=t("passwordless.rate_limited"), status=429
        )
    landing = hosted_landing(ctx.settings.public_url, tenant.id, MAGIC_LANDING) + f"?{flow.query}"
    try:
        body = convert({"email": email, "redirect_url": landing}, MagicLink)
        await links.request_magic_link(ctx.pool, runtime(request), tenant, body, ctx.settings.public_url)
    except ApiError as exc:
        return await _address_refused("magic_link.html", request, tenant, flow, email, t, exc, (400, 422))
    return await render_page(request, tenant, "magic_link_sent.html", flow=flow, email=body.email)


@router.get(BASE + "/magic-link/verify", summary="The page of the emailed sign-in link", **PAGE)
async def magic_link_landing(ctx: Ctx) -> HandlerResult:
    """The emailed link's page (`?token=...&flow=...`): a button that signs in by POST. Changes
    nothing (mail scanners and link previews open links). No credential."""
    request = ctx.request
    tenant = await tenant_of(ctx)
    flow = await flows.load(ctx.pool, request, tenant.id)
    token = request.query.get("token", "")
    token = token if isinstance(token, str) and 0 < len(token) <= 512 and token.isascii() else ""
    t = await translator(request, tenant)
    return await render_page(
        request,
        tenant,
        "magic_link_verify.html",
        status=200 if token else 400,
        flow=flow,
        token=token,
        error=None if token else t("passwordless.magic_link.invalid"),
    )


@router.post(BASE + "/magic-link/verify", summary="Sign in with the emailed link", **PAGE)
@form_post
async def magic_link_verify(ctx: Ctx, tenant: Tenant, form: Any) -> HandlerResult:
    """Signs in with the link's token as `POST /v1/auth/magic-link/verify` does, then goes on
    through the flow (MFA, consent, code). In a browser without the flow, it signs in there and
    ends on the account page."""
    request = ctx.request
    token = field(form, "token", 512, strip=True)
    flow = await flows.load(ctx.pool, request, tenant.id, form)
    t = await translator(request, tenant)

    async def again(error: str, status: int) -> web.Response:
        return await render_page(
            request, tenant, "magic_link_verify.html", status=status, flow=flow, token="", error=error
        )

    if not token:
        return await again(t("passwordless.magic_link.invalid"), 400)
    result: Any = None
    mfa: ApiError | None = None
    try:
        result = await links.verify_magic_link(ctx.pool, runtime(request), tenant, token, client_info(request))
    except ApiError as exc:
        if exc.code in ("invalid_token", "token_expired"):
            return await again(t("passwordless.magic_link.invalid"), exc.status)
        if finishing.second_factor_needed(exc) is None:
            return await again(t.error(exc.code, exc.message), exc.status)
        mfa = exc
    browser = None
    if flow is None:
        # Opened in another browser (or after the flow ended): the sign-in happens here.
        flow, browser = await flows.create(ctx.pool, request, tenant.id, oauth_request=None)
    if mfa is not None:
        response = await finish_or_challenge(request, tenant, flow, mfa)
        assert response is not None  # second_factor_needed said so above
    else:
        response = await finish(request, tenant, flow, result)
    return with_browser(request, tenant, response, browser)


# -- email code -----------------------------------------------------------------------------------


async def _code_page(
    request: web.Request, tenant: Tenant, flow: Flow, *, error: str | None = None, status: int = 200
) -> web.Response:
    pending = flow.pending.get(PENDING_EMAIL_CODE) or {}
    return await render_page(
        request,
        tenant,
        "email_code_verify.html",
        status=status,
        flow=flow,
        email=str(pending.get("email") or ""),
        error=None,
        code_error=error,
    )


@router.get(BASE + "/email-code", summary="The hosted email-code page", **PAGE)
async def email_code_get(ctx: Ctx) -> HandlerResult:
    """Asks for the email address to send a sign-in code to (`?flow=ID`). No credential."""
    return await _address_get(ctx, "email-code", "email_code.html")


@router.post(BASE + "/email-code", summary="Send a sign-in code from the hosted page", **PAGE)
@flow_form_post
async def email_code_post(ctx: Ctx, tenant: Tenant, form: Any, flow: Flow) -> HandlerResult:
    """Emails a six-digit code as `POST /v1/auth/email-code` does (same limits, per address and
    per client), keeps the address in the flow and shows the code form; the same answer for
    any address."""
    request = ctx.request
    t = await translator(request, tenant)
    email = field(form, "email", 320, strip=True)
    try:
        body = convert({"email": email}, EmailCodeRequest)
    except ApiError:
        return await _address_page(
            "email_code.html", request, tenant, flow, email=email, error=t("passwordless.invalid_email"), status=422
        )
    limits = (EMAIL_CODE_PER_EMAIL, Limiter.subject_of_email(body.email)), (EMAIL_CODE_PER_CLIENT, client_key(request))
    if await _limited(request, tenant, *limits):
        return await _address_page(
            "email_code.html", request, tenant, flow, email=email, error=t("passwordless.rate_limited"), status=429
        )
    try:
        await email_code.request_code(ctx.pool, runtime(request), tenant, body.email)
    except ApiError as exc:
        return await _address_refused("email_code.html", request, tenant, flow, email, t, exc, (422,))
    await flows.set_pending(ctx.pool, flow, {**flow.pending, PENDING_EMAIL_CODE: {"email": body.email}})
    # The code form is its own GET page: a reload does not send another code.
    return redirect(finishing.page_url(tenant.id, "email-code/verify", flow))


@router.get(BASE + "/email-code/verify", summary="The hosted email-code form", **PAGE)
async def email_code_verify_get(ctx: Ctx) -> HandlerResult:
    """The code form of a flow that asked for an email code (`?flow=ID`). No credential."""
    tenant = await tenant_of(ctx)
    flow = await flows.load(ctx.pool, ctx.request, tenant.id)
    if flow is None:
        return await flow_expired(ctx.request, tenant)
    if not flow.pending.get(PENDING_EMAIL_CODE):
        return redirect(finishing.page_url(tenant.id, "email-code", flow))
    return await _code_page(ctx.request, tenant, flow)


@router.post(BASE + "/email-code/verify", summary="Sign in with the emailed code", **PAGE)
@flow_form_post
async def email_code_verify_post(ctx: Ctx, tenant: Tenant, form: Any, flow: Flow) -> HandlerResult:
    """Signs in with the code as `POST /v1/auth/email-code/verify` does (same limit), then goes
    on through the flow (MFA, consent, code)."""
    request = ctx.request
    pending = flow.pending.get(PENDING_EMAIL_CODE) or {}
    if not pending.get("email"):
        return redirect(finishing.page_url(tenant.id, "email-code", flow))
    t = await translator(request, tenant)
    if await _limited(request, tenant, (EMAIL_CODE_VERIFY, client_key(request))):
        return await _code_page(request, tenant, flow, error=t("passwordless.rate_limited"), status=429)
    try:
        body = convert({"email": pending["email"], "code": field(form, "code", 32, strip=True) or "-"}, EmailCodeVerify)
        result = await email_code.verify_code(
            ctx.pool, runtime(request), tenant, body.email, body.code, client_info(request)
        )
    except ApiError as exc:
        going_on = await finish_or_challenge(request, tenant, flow, exc)
        if going_on is not None:
            return going_on
        if exc.code in ("invalid_code", "validation_error"):
            return await _code_page(request, tenant, flow, error=t("passwordless.email_code.invalid"), status=401)
        return await _code_page(request, tenant, flow, error=t.error(exc.code, exc.message), status=exc.status)
    return await finish(request, tenant, flow, result)


# -- passkey --------------------------------------------------------------------------------------


def _binding(request: web.Request, flow: Flow) -> str:
    """What a passkey challenge is bound to: this flow in this browser (flows.load checked that
    the browser's idp_browser cookie is the flow's)."""
    browser, _ = flows.browser_binding(request)
    return f"{flow.id}:{browser}"


@router.post(BASE + "/passkey/options", summary="WebAuthn request options for the hosted passkey sign-in", **PAGE)
async def passkey_options(ctx: Ctx) -> HandlerResult:
    """JSON `{options}` for navigator.credentials.get() (empty allowCredentials, user
    verification required), for passkey-sign-in.js: the form's CSRF token and flow are required;
    the challenge is stored bound to both. No credential."""
    request = ctx.request
    tenant = await tenant_of(ctx)
    form = await read_form(request)
    if not pages.csrf_ok(request, form, ctx.settings.public_url):
        return web.json_response({"error": "csrf"}, status=403, headers=_JSON_HEADERS)
    flow = await flows.load(ctx.pool, request, tenant.id, form)
    rp = hosted_relying_party(ctx.settings.public_url, tenant.auth_config)
    if flow is None or rp is None:
        return web.json_response({"error": "unavailable"}, status=409, headers=_JSON_HEADERS)
    if await _limited(request, tenant, (PASSKEY_SIGN_IN, client_key(request))):
        return web.json_response({"error": "rate_limited"}, status=429, headers=_JSON_HEADERS)
    try:
        options = await passkey_sign_in.begin(ctx.pool, tenant, rp, binding=_binding(request, flow))
    except ApiError as exc:
        return web.json_response({"error": exc.code}, status=exc.status, headers=_JSON_HEADERS)
    return web.json_response({"options": options}, headers=_JSON_HEADERS)


@router.post(BASE + "/passkey/verify", summary="Sign in with a passkey on the hosted page", **PAGE)
@flow_form_post
async def passkey_verify(ctx: Ctx, tenant: Tenant, form: Any, flow: Flow) -> HandlerResult:
    """The assertion (form field `credential`, the PublicKeyCredential's JSON) checked as `POST
    /v1/auth/passkey/verify` does, with the service's own RP and this flow's challenge; the
    session counts as MFA-verified, then the flow goes on (consent, code)."""
    request = ctx.request
    t = await translator(request, tenant)
    req = await finishing.oauth_request(request, tenant, flow) if flow.oauth_request is not None else None
    if isinstance(req, web.Response):
        return req
    rp = hosted_relying_party(ctx.settings.public_url, tenant.auth_config)
    credential = field(form, "credential", 16_384, strip=True)
    if rp is None or not credential:
        return await sign_in_page(request, tenant, flow, req, error=t("passwordless.passkey.failed"), status=400)
    if await _limited(request, tenant, (PASSKEY_SIGN_IN, client_key(request))):
        return await sign_in_page(request, tenant, flow, req, error=t("passwordless.rate_limited"), status=429)
    try:
        result = await passkey_sign_in.finish(
            ctx.pool, runtime(request), tenant, rp, credential, client_info(request), binding=_binding(request, flow)
        )
    except ApiError as exc:
        message = t("passwordless.passkey.refused") if exc.code == "invalid_code" else t.error(exc.code, exc.message)
        return await sign_in_page(request, tenant, flow, req, error=message, status=exc.status)
    return await finish(request, tenant, flow, result)


# -- the way back from a connection ---------------------------------------------------------------


@router.get(BASE + "/connections/done", summary="Where a hosted social sign-in comes back", **PAGE)
async def connection_done(ctx: Ctx) -> HandlerResult:
    """The end of a provider sign-in started by a button of the sign-in page (`?flow=ID` and our
    callback's `token`, or its `error`): the one-time ticket is exchanged as `POST
    /v1/auth/oauth/exchange` does (MFA gate included), then the flow goes on. The callback has
    checked the provider's state and this browser's cookie; the ticket lives 2 minutes and is
    spent here. No credential."""
    request = ctx.request
    tenant = await tenant_of(ctx)
    flow = await flows.load(ctx.pool, request, tenant.id)
    browser = None
    if flow is None:
        flow, browser = await flows.create(ctx.pool, request, tenant.id, oauth_request=None)
    t = await translator(request, tenant)
    req = await finishing.oauth_request(request, tenant, flow) if flow.oauth_request is not None else None
    if isinstance(req, web.Response):
        return req
    token = request.query.get("token", "")
    if not isinstance(token, str) or not token or len(token) > 512 or not token.isascii():
        # The provider's or our callback's error: its text is not shown (it came through a URL).
        page = await sign_in_page(request, tenant, flow, req, error=t("passwordless.social.failed"), status=400)
        return with_browser(request, tenant, page, browser)
    try:
        result = await connection_flow.exchange(ctx.pool, runtime(request), tenant, token, client_info(request))
    except ApiError as exc:
        going_on = await finish_or_challenge(request, tenant, flow, exc)
        if going_on is not None:
            return with_browser(request, tenant, going_on, browser)
        message = (
            t("passwordless.social.failed")
            if exc.code in ("invalid_token", "token_expired")
            else t.error(exc.code, exc.message)
        )
        page = await sign_in_page(request, tenant, flow, req, error=message, status=exc.status)
        return with_browser(request, tenant, page, browser)
    return with_browser(request, tenant, await finish(request, tenant, flow, result), browser)
