"""The hosted sign-up and email verification pages (docs/hosted-pages.md, "Sign-up and email
verification").

    GET  /oauth/{tenant_id}/sign-up              the form (email, username when enabled, password
                                                 with the tenant's policy as a checklist)
    POST /oauth/{tenant_id}/sign-up              identity.auth.service.register: never says an
                                                 address has an account (docs/auth.md)
    GET  /oauth/{tenant_id}/sign-up/verify       "check your inbox" with the code form
    POST /oauth/{tenant_id}/sign-up/verify       the code: the first proof, then signed in
    POST /oauth/{tenant_id}/sign-up/resend       a new email, at most once a minute
    GET  /oauth/{tenant_id}/verify-email         the emailed link: a confirm button, nothing else
    POST /oauth/{tenant_id}/verify-email         the button: verified, and signed in when this
                                                 browser made the sign-up

The flow keeps {"signup": {"email", "user_id"}} in its pending state between the form and the
code (user_id None when the address had an account: the page behaves the same, no code works).
A password sign-in of an address not yet verified, while the tenant requires verification, comes
to the same page (verify_before_sign_in), with {"sign_in": true} added.
Every first factor ends in identity/hosted/complete.py (MFA, consent, the code or the account).
"""

from __future__ import annotations

from typing import Any

import msgspec
from aiohttp import web

from identity.auth import links
from identity.auth import service as auth_service
from identity.auth.schemas import SignUp
from identity.hosted import complete as finishing
from identity.hosted import flows
from identity.hosted.entry import flow_expired, page_flow
from identity.hosted.flows import Flow
from identity.hosted.forms import PAGE, field, flow_form_post, form_post, tenant_of, verify_captcha
from identity.hosted.i18n import Translator
from identity.hosted.render import redirect, render_page, translator
from identity.http import captcha
from identity.http.clientinfo import client_key
from identity.http.errors import ApiError
from identity.http.ratelimit.backends import Check
from identity.http.ratelimit.rules import HOSTED_SIGN_UP, HOSTED_VERIFY_CODE, Rule
from identity.http.routing import Ctx, HandlerResult, Router
from identity.http.validation import convert
from identity.oauth.params import AuthRequest
from identity.principals import Tenant
from identity.sessions.device import client_info
from identity.sessions.runtime import runtime
from identity.state import state
from identity.tenants import auth_config
from identity.users import onetime, policy
from identity.users import store as users

router = Router()
BASE = "/oauth/{tenant_id}"
#: The flow's pending key between the sign-up form and the code.
PENDING_SIGNUP = "signup"


# -- shared by the journey's pages (identity/hosted/reset.py too) ---------------------------------


async def limited(request: web.Request, tenant: Tenant, rule: Rule, per: str | None = None) -> bool:
    """Whether this request goes over the rule (kept per client address, or per `per`, e.g. an
    email address): the same figures as the API's endpoint, answered with the page itself."""
    limiter = state(request).limiter
    if not limiter.enabled:
        return False
    who = per if per is not None else client_key(request)
    (verdict,) = await limiter.backend.hit([Check(f"{tenant.id}|{rule.name}|{who}", rule.limit or 0, rule.window)])
    return not verdict.allowed


def public_url(request: web.Request) -> str:
    return state(request).settings.public_url.rstrip("/")


def checklist(t: Translator, tenant: Tenant, password: str | None) -> list[dict[str, Any]]:
    """The tenant's password rules for the page: [{rule, text, met}] (met None before anything
    was typed; the script updates them as the person types)."""
    config = auth_config.load(tenant.auth_config)
    unmet = policy.unmet(password, config) if password else set()
    texts = {
        "length": t("signup.policy.length", min=config.password_min_length),
        "uppercase": t("signup.policy.uppercase"),
        "number": t("signup.policy.number"),
        "symbol": t("signup.policy.symbol"),
    }
    return [
        {"rule": rule, "text": texts[rule], "met": None if not password else rule not in unmet}
        for rule in policy.shown_rules(config)
    ]


def policy_attributes(tenant: Tenant) -> dict[str, str]:
    """What the checklist script needs to check as the person types (data-* attributes)."""
    config = auth_config.load(tenant.auth_config)
    return {"min": str(config.password_min_length), "max": "1024"}


def password_error(t: Translator, tenant: Tenant, password: str) -> str:
    """The text next to the password field for a 422 password_too_weak: the rules it breaks, or
    that it is too common (the list stays on the server)."""
    if policy.unmet(password, auth_config.load(tenant.auth_config)):
        return t("signup.password.unmet")
    return t("signup.password.common")


async def request_of(request: web.Request, tenant: Tenant, flow: Flow) -> AuthRequest | None | web.Response:
    if flow.oauth_request is None:
        return None
    return await finishing.oauth_request(request, tenant, flow)


def with_browser(request: web.Request, tenant: Tenant, response: web.Response, browser: str | None) -> web.Response:
    if browser is not None:
        flows.set_browser_cookie(response, tenant.id, state(request).settings.public_url, browser)
    return response


async def finish(request: web.Request, tenant: Tenant, flow: Flow, result: Any) -> web.Response:
    """A first factor succeeded: complete.py decides what comes next."""
    return await finishing.complete(request, tenant, flow, finishing.outcome_of(msgspec.to_builtins(result)))


async def finish_or_challenge(request: web.Request, tenant: Tenant, flow: Flow, exc: ApiError) -> web.Response | None:
    """A 403 mfa_required goes to the second-factor page (through complete.py); None otherwise."""
    needed = finishing.second_factor_needed(exc)
    if needed is None:
        return None
    return await finishing.complete(request, tenant, flow, needed)


async def _send_verification(request: web.Request, tenant: Tenant, flow: Flow, email: str, user_id: str) -> None:
    """A new verification email for the flow's user (link to this flow's page, and a code);
    nothing while the previous one is less than a minute old."""
    await links.resend_verification(
        state(request).pool,
        runtime(request),
        "",
        tenant,
        email,
        page_url=f"{public_url(request)}/oauth/{tenant.id}/verify-email?{flow.query}",
        user_id=user_id,
        cooldown=onetime.RESEND_COOLDOWN,
    )


async def verify_before_sign_in(request: web.Request, tenant: Tenant, flow: Flow, email: str) -> web.Response:
    """A password sign-in refused with 403 email_not_verified (the tenant requires a verified
    address; the service says so only after the right password, so nothing is told to someone
    without it). As Clerk and Auth0 do, the person is not left at an error: a new verification
    email (code and link; none while the last is less than a minute old) and the "check your
    inbox" page, whose code proves the address and finishes the sign-in (MFA, consent, the code)."""
    st = state(request)
    async with st.pool.acquire() as conn:
        user = await users.get_by_email(conn, tenant.id, users.normalise_email(email))
    if user is None:  # deleted in between: the sign-in page says what the service said
        return redirect(finishing.page_url(tenant.id, "sign-in", flow))
    await _send_verification(request, tenant, flow, user.email, user.id)
    pending = {"email": user.email, "user_id": user.id, "sign_in": True}
    await flows.set_pending(st.pool, flow, {**flow.pending, PENDING_SIGNUP: pending})
    return redirect(finishing.page_url(tenant.id, "sign-up/verify", flow))


# -- sign-up --------------------------------------------------------------------------------------


def _sign_up_enabled(tenant: Tenant) -> bool:
    return auth_config.load(tenant.auth_config).sign_up_enabled


async def _closed(request: web.Request, tenant: Tenant, flow: Flow) -> web.Response:
    return await render_page(request, tenant, "sign_up_closed.html", status=403, flow=flow)


async def _form(
    request: web.Request,
    tenant: Tenant,
    flow: Flow,
    req: AuthRequest | None,
    *,
    email: str = "",
    username: str = "",
    password: str | None = None,
    errors: dict[str, str] | None = None,
    alert: str | None = None,
    status: int = 200,
) -> web.Response:
    t = await translator(request, tenant)
    errors = errors or {}
    return await render_page(
        request,
        tenant,
        "sign_up.html",
        status=status,
        flow=flow,
        captcha_widget=True,
        client_name=req.client.name if req is not None else "",
        email=email or (req.login_hint if req is not None else ""),
        username=username,
        username_enabled=auth_config.load(tenant.auth_config).username_enabled,
        rules=checklist(t, tenant, password),
        policy=policy_attributes(tenant),
        email_error=errors.get("email"),
        username_error=errors.get("username"),
        password_error=errors.get("password"),
        error=alert,
    )


@router.get(BASE + "/sign-up", summary="The hosted sign-up page", **PAGE)
async def sign_up_get(ctx: Ctx) -> HandlerResult:
    """The sign-up form: `?flow=ID`, or an application's `client_id`, `redirect_uri`, `state` (and
    PKCE) link, or nothing (the journey ends on the account page). No credential."""
    tenant = await tenant_of(ctx)
    flow = await page_flow(ctx.request, tenant, "sign-up")
    if isinstance(flow, web.Response):
        return flow
    if not _sign_up_enabled(tenant):
        return await _closed(ctx.request, tenant, flow)
    req = await request_of(ctx.request, tenant, flow)
    if isinstance(req, web.Response):
        return req
    return await _form(ctx.request, tenant, flow, req)


@router.post(BASE + "/sign-up", summary="The hosted sign-up form", **PAGE)
@flow_form_post
async def sign_up_post(ctx: Ctx, tenant: Tenant, form: Any, flow: Flow) -> HandlerResult:
    """Creates the account (identity.auth.service.register: the API's rules, bot protection and
    the API's rate limit of 5 per minute per address) and shows "check your inbox" whether or
    not the address had an account."""
    request = ctx.request
    if not _sign_up_enabled(tenant):
        return await _closed(request, tenant, flow)
    req = await request_of(request, tenant, flow)
    if isinstance(req, web.Response):
        return req
    t = await translator(request, tenant)
    email, username = field(form, "email", 320), field(form, "username", 64)
    password = field(form, "password", 2048)

    async def again(status: int, errors: dict[str, str] | None = None, alert: str | None = None) -> web.Response:
        return await _form(
            request,
            tenant,
            flow,
            req,
            email=email,
            username=username,
            password=password,
            errors=errors,
            alert=alert,
            status=status,
        )

    missing = {}
    if not email:
        missing["email"] = t("signup.email.missing")
    if not password:
        missing["password"] = t("signup.password.missing")
    if missing:
        return await again(400, missing)
    if await limited(request, tenant, HOSTED_SIGN_UP):
        return await again(429, alert=t("core.rate_limited"))
    try:
        body = convert(
            {
                "email": email,
                "password": password,
                "username": username or None,
                "captcha_token": captcha.token_from_form(form),
            },
            SignUp,
        )
    except ApiError as exc:
        return await again(422, _field_errors(t, tenant, exc, password))
    st = state(request)
    base = f"{public_url(request)}/oauth/{tenant.id}"
    try:
        await verify_captcha(request, tenant, body.captcha_token)
        done = await auth_service.register(
            st.pool,
            runtime(request),
            tenant,
            body,
            verify_page_url=f"{base}/verify-email?{flow.query}",
            sign_in_url=f"{base}/sign-in",
            forgot_password_url=f"{base}/forgot-password",
        )
    except ApiError as exc:
        if exc.code == "sign_up_disabled":
            return await _closed(request, tenant, flow)
        errors = _field_errors(t, tenant, exc, password)
        if errors:
            return await again(exc.status, errors)
        return await again(exc.status, alert=_alert_of(t, exc))
    await flows.set_pending(
        st.pool, flow, {**flow.pending, PENDING_SIGNUP: {"email": done.email, "user_id": done.user_id}}
    )
    return redirect(finishing.page_url(tenant.id, "sign-up/verify", flow))


def _field_errors(t: Translator, tenant: Tenant, exc: ApiError, password: str) -> dict[str, str]:
    """An error of the sign-up's rules, next to its field ({} when it belongs to no field)."""
    if exc.code == "password_too_weak":
        return {"password": password_error(t, tenant, password)}
    if exc.code == "username_already_exists":
        return {"username": t("signup.username.taken")}
    if exc.code == "invalid_email":
        return {"email": t("signup.email.invalid")}
    fields = {d.get("field") for d in exc.details or []}
    if "email" in fields:
        return {"email": t("signup.email.invalid")}
    if "username" in fields:
        return {"username": t("signup.username.invalid")}
    if "password" in fields:
        return {"password": password_error(t, tenant, password)}
    return {}


def _alert_of(t: Translator, exc: ApiError) -> str:
    if exc.code in ("captcha_required", "captcha_failed"):
        return t.error(exc.code, exc.message)
    if exc.code == "tenant_suspended":
        return t("signup.error.suspended")
    return t("signup.error.generic")


# -- the code ---------------------------------------------------------------------------------------


def _pending(flow: Flow) -> dict[str, Any] | None:
    value = flow.pending.get(PENDING_SIGNUP)
    return value if isinstance(value, dict) and isinstance(value.get("email"), str) else None


async def _verify_page(
    request: web.Request,
    tenant: Tenant,
    flow: Flow,
    pending: dict[str, Any],
    *,
    code_error: str | None = None,
    notice: str | None = None,
    alert: str | None = None,
    status: int = 200,
) -> web.Response:
    return await render_page(
        request,
        tenant,
        "sign_up_verify.html",
        status=status,
        flow=flow,
        email=pending["email"],
        signing_in=bool(pending.get("sign_in")),
        code_error=code_error,
        notice=notice,
        error=alert,
    )


@router.get(BASE + "/sign-up/verify", summary="The hosted sign-up's check-your-inbox page", **PAGE)
async def verify_get(ctx: Ctx) -> HandlerResult:
    """ "Check your inbox" and the form for the emailed code (`?flow=ID` of a sign-up made in this
    browser). No credential."""
    tenant = await tenant_of(ctx)
    flow = await flows.load(ctx.pool, ctx.request, tenant.id)
    if flow is None:
        return await flow_expired(ctx.request, tenant)
    pending = _pending(flow)
    if pending is None:
        return redirect(finishing.page_url(tenant.id, "sign-up", flow))
    return await _verify_page(ctx.request, tenant, flow, pending)


@router.post(BASE + "/sign-up/verify", summary="The hosted sign-up's code form", **PAGE)
@flow_form_post
async def verify_post(ctx: Ctx, tenant: Tenant, form: Any, flow: Flow) -> HandlerResult:
    """The emailed code: verifies the address (the first proof, docs/auth.md) and signs the person
    in through the MFA gate. Wrong codes: 5 per code, and 10 per 10 minutes per address."""
    request = ctx.request
    pending = _pending(flow)
    if pending is None:
        return redirect(finishing.page_url(tenant.id, "sign-up", flow))
    t = await translator(request, tenant)
    code = field(form, "code", 32)
    if onetime.normalise_code(code) is None:
        return await _verify_page(request, tenant, flow, pending, code_error=t("signup.code.format"), status=400)
    if await limited(request, tenant, HOSTED_VERIFY_CODE, "email:" + pending["email"]):
        return await _verify_page(request, tenant, flow, pending, alert=t("core.rate_limited"), status=429)
    try:
        result = await links.verify_email_code(
            ctx.pool,
            runtime(request),
            tenant,
            pending["email"],
            code,
            client_info(request),
            # No user (the address had an account): no code can match.
            sign_in_user_id=pending.get("user_id") or "",
        )
    except ApiError as exc:
        challenged = await finish_or_challenge(request, tenant, flow, exc)
        if challenged is not None:
            return challenged
        text = t("signup.code.expired") if exc.code == "token_expired" else t("signup.code.wrong")
        if exc.code not in ("invalid_code", "token_expired"):
            text = _alert_of(t, exc)
        return await _verify_page(request, tenant, flow, pending, code_error=text, status=exc.status)
    return await finish(request, tenant, flow, result)


@router.post(BASE + "/sign-up/resend", summary="Send the hosted sign-up's email again", **PAGE)
@flow_form_post
async def resend_post(ctx: Ctx, tenant: Tenant, form: Any, flow: Flow) -> HandlerResult:
    """A new verification email (new link and code; the older ones stop working), at most once a
    minute; the page says the same whatever happened."""
    request = ctx.request
    pending = _pending(flow)
    if pending is None:
        return redirect(finishing.page_url(tenant.id, "sign-up", flow))
    t = await translator(request, tenant)
    if pending.get("user_id"):
        await _send_verification(request, tenant, flow, pending["email"], pending["user_id"])
    return await _verify_page(request, tenant, flow, pending, notice=t("signup.verify.resent"))


# -- the emailed link -------------------------------------------------------------------------------


@router.get(BASE + "/verify-email", summary="The hosted page of the verification link", **PAGE)
async def verify_email_get(ctx: Ctx) -> HandlerResult:
    """The verification email's link (`?token=`, and the sign-up's `flow`): a confirm button and
    nothing else (mail scanners open links). No credential."""
    tenant = await tenant_of(ctx)
    token = ctx.request.query.get("token", "")[:512]
    outcome, email, _ = await links.verification_page(ctx.pool, token or None, tenant_id=tenant.id)
    flow = await flows.load(ctx.pool, ctx.request, tenant.id)
    if outcome != "confirm":
        return await _link_outcome(ctx.request, tenant, flow, outcome)
    return await render_page(ctx.request, tenant, "verify_email.html", flow=flow, email=email or "", token=token)


@router.post(BASE + "/verify-email", summary="The verification link's confirm button", **PAGE)
@form_post
async def verify_email_post(ctx: Ctx, tenant: Tenant, form: Any) -> HandlerResult:
    """Verifies the address (the first proof). In the browser that made the sign-up (its flow),
    the person is then signed in; elsewhere the page says the address is verified."""
    request = ctx.request
    flow = await flows.load(ctx.pool, request, tenant.id, form)
    pending = _pending(flow) if flow is not None else None
    token = field(form, "token", 512)
    try:
        outcome, result = await links.confirm_verification_link(
            ctx.pool,
            runtime(request),
            tenant,
            token,
            client_info(request),
            sign_in_user_id=(pending or {}).get("user_id"),
        )
    except ApiError as exc:
        if flow is not None:
            challenged = await finish_or_challenge(request, tenant, flow, exc)
            if challenged is not None:
                return challenged
        t = await translator(request, tenant)
        return await render_page(
            request,
            tenant,
            "verify_email_done.html",
            status=exc.status,
            flow=None,
            outcome="error",
            message=_alert_of(t, exc),
        )
    if result is not None and flow is not None:
        return await finish(request, tenant, flow, result)
    return await _link_outcome(request, tenant, None, outcome)


async def _link_outcome(request: web.Request, tenant: Tenant, flow: Flow | None, outcome: str) -> web.Response:
    """verified | already | expired | invalid, with the way on (sign in)."""
    t = await translator(request, tenant)
    messages = {
        "verified": t("verify_email.verified"),
        "already": t("verify_email.already"),
        "expired": t("verify_email.expired"),
        "invalid": t("verify_email.invalid"),
    }
    return await render_page(
        request,
        tenant,
        "verify_email_done.html",
        status=200 if outcome in ("verified", "already") else 400,
        flow=flow,
        outcome=outcome,
        message=messages.get(outcome, messages["invalid"]),
    )
