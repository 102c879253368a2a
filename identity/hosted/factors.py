"""The second factor of a hosted sign-in (docs/hosted-pages.md, "Second factors").

After a first factor, complete.py keeps the MFA challenge in the flow and sends the browser to
/second-factor; this module renders that page for the factor the challenge asks for (a TOTP
code, the code sent by SMS or email, a passkey through WebAuthn, a backup code), the "use another
method" chooser, the switch to another factor (POST /v1/mfa/challenge semantics: an SMS or email
factor gets a code sent, a passkey fresh request options) and the verification. Everything runs
through identity.mfa.challenges, the functions the REST API calls, so the limits are the API's:
5 wrong codes per challenge, 5 codes sent per challenge, and the per-user verify rate limit
counted in the same bucket as /v1/mfa/verify.

A tenant that requires MFA and a person without a factor: the challenge asks for the emailed code
(the REST API's rule); once it is right the browser is signed in and sent to the security page in
set-up mode, and the flow goes on only when a factor is enrolled (security.py).
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
from aiohttp import web

from identity.hosted import complete as finishing
from identity.hosted import flows
from identity.hosted.entry import flow_expired
from identity.hosted.flows import Flow
from identity.hosted.forms import PAGE, field, flow_form_post, tenant_of
from identity.hosted.i18n import Translator
from identity.hosted.render import redirect, render_page, translator
from identity.http import pages
from identity.http.errors import ApiError
from identity.http.ratelimit.backends import Check
from identity.http.ratelimit.errors import RATE_LIMITED
from identity.http.ratelimit.rules import ENDPOINT_RULES
from identity.http.routing import Ctx, HandlerResult, Router
from identity.mfa import challenges
from identity.mfa.schemas import FactorSummary
from identity.mfa.service import DEFAULT_NAMES
from identity.oauth import authorize as oauth
from identity.oauth.params import AuthRequest
from identity.principals import Tenant
from identity.sessions.device import client_info
from identity.sessions.runtime import runtime
from identity.state import state
from identity.tenants import auth_config

router = Router()
BASE = "/oauth/{tenant_id}"
#: The flow's pending key that sends a person without a factor to enrol one (security.py).
PENDING_ENROL = "enrol_required"
#: identity.mfa's challenge ids (identity.ids prefix "mfc").
MFA_CHALLENGE_PREFIX = "mfc_"
#: The page's method names for the factor types (the form's `method` field).
#: The methods whose chooser label has the factor's name in it (`factors.method_<m>` with
#: {name}); each has a `factors.method_<m>_plain` label for a factor with its default name.
NAMED_METHODS = frozenset({"totp"})
METHODS = {"totp": "totp", "sms": "sms", "email_otp": "email", "webauthn": "passkey", "backup_codes": "backup"}
#: The per-user verify limit of /v1/mfa/verify and /v1/auth/mfa/verify: one bucket for all three.
_VERIFY_RULE = ENDPOINT_RULES[("POST", "/v1/mfa/verify")]


def _challenge_id(flow: Flow) -> str:
    return str((flow.pending.get(finishing.PENDING_MFA) or {}).get("challenge_id") or "")


async def _request_of(request: web.Request, tenant: Tenant, flow: Flow) -> AuthRequest | None | web.Response:
    if flow.oauth_request is None:
        return None
    return await finishing.oauth_request(request, tenant, flow)


def _options(factors: list[FactorSummary], t: Translator) -> list[dict[str, Any]]:
    """The chooser's entries: each factor once (all passkeys are one entry: the browser picks),
    with its button's label."""
    entries: list[dict[str, Any]] = []
    passkey = False
    for factor in factors:
        method = METHODS.get(factor.type, "")
        if method == "passkey":
            if passkey:
                continue
            passkey = True
        detail = factor.phone_number or ""
        entries.append(
            {"id": factor.id, "method": method, "detail": detail, "label": _label(factor, method, detail, t)}
        )
    return entries


def _label(factor: FactorSummary, method: str, detail: str, t: Translator) -> str:
    """A kind whose label names the factor ("Authenticator app ({name})") shows the name only
    when the person chose one: the default name, or the kind's own label, would read twice."""
    name = (factor.name or "").strip()
    if method in NAMED_METHODS:
        plain = t(f"factors.method_{method}_plain")
        if not name or name.casefold() in (plain.casefold(), DEFAULT_NAMES.get(factor.type, "").casefold()):
            return plain
    return t(f"factors.method_{method}", name=name, detail=detail)


async def _ended(request: web.Request, tenant: Tenant, flow: Flow, message: str, status: int) -> web.Response:
    """The challenge cannot be used any more (expired, out of attempts): sign in again."""
    await flows.set_pending(
        state(request).pool, flow, {k: v for k, v in flow.pending.items() if k != finishing.PENDING_MFA}
    )
    return await render_page(
        request,
        tenant,
        "factor_ended.html",
        status=status,
        flow=flow,
        message=message,
        sign_in_url=finishing.page_url(tenant.id, "sign-in", flow),
    )


async def challenge_page(
    request: web.Request,
    tenant: Tenant,
    flow: Flow,
    req: AuthRequest | None,
    *,
    method: str | None = None,
    code_error: str | None = None,
    notice: str | None = None,
    error: str | None = None,
    status: int = 200,
) -> web.Response:
    """The second-factor page for the challenge's factor, or for `method` ("backup")."""
    t = await translator(request, tenant)
    try:
        challenge = (await challenges.describe(state(request).pool, tenant, _challenge_id(flow))).challenge
    except ApiError as exc:
        if exc.code != "invalid_token" or _challenge_id(flow).startswith(MFA_CHALLENGE_PREFIX):
            # Spent (completed, out of attempts) or expired: the last error says why.
            return await _ended(request, tenant, flow, code_error or t("factors.ended_message"), exc.status)
        # A challenge of another gate than identity.mfa's: the plain code form, which the
        # registry's verifier answers.
        return await _plain_page(request, tenant, flow, req, code_error, status)
    current = METHODS.get(challenge.factor_type, "email")
    shown = method if method == "backup" and any(f.type == "backup_codes" for f in challenge.factors) else None
    kind = shown or current
    options = _options(challenge.factors, t)
    webauthn = challenge.webauthn.options if challenge.webauthn else None
    return await render_page(
        request,
        tenant,
        "factor_challenge.html",
        status=status,
        flow=flow,
        client_name=req.client.name if req is not None else "",
        kind=kind,
        fallback=challenge.factor_id is None,
        sent_to=challenge.sent_to or "",
        factor_id=challenge.factor_id or "",
        challenge_id=challenge.challenge_id,
        factor_type=challenge.factor_type,
        passkey_options=json.dumps(webauthn) if webauthn and kind == "passkey" else "",
        other_methods=len(options) > 1 or (kind == "backup" and bool(options)),
        code_error=code_error,
        notice=notice,
        error=error,
    )


async def _plain_page(
    request: web.Request, tenant: Tenant, flow: Flow, req: AuthRequest | None, error: str | None, status: int
) -> web.Response:
    pending = flow.pending.get(finishing.PENDING_MFA) or {}
    hidden = {
        **(req.hidden() if req is not None else {}),
        "challenge_id": str(pending.get("challenge_id") or ""),
        "factor_type": str(pending.get("factor_type") or ""),
    }
    return await render_page(
        request,
        tenant,
        "second_factor.html",
        status=status,
        flow=flow,
        client_name=req.client.name if req is not None else "",
        hidden=hidden,
        challenge_id=hidden["challenge_id"],
        factor_type=hidden["factor_type"],
        factor_kind="other",
        error=error,
        code_error=None,
    )


async def shown_on_get(request: web.Request, tenant: Tenant, flow: Flow, req: AuthRequest | None) -> web.Response:
    """GET /second-factor (routes.py): `?method=backup` shows the backup-code form, `?sent=1`
    says a code was just sent."""
    t = await translator(request, tenant)
    method = request.query.get("method")
    notice = t("factors.code_sent") if request.query.get("sent") == "1" else None
    return await challenge_page(request, tenant, flow, req, method=method, notice=notice)


@router.get(BASE + "/second-factor/methods", summary="The hosted sign-in's other second factors", **PAGE)
async def methods_get(ctx: Ctx) -> HandlerResult:
    """The "use another method" chooser of a hosted sign-in (`?flow=ID`): the person's active
    factors. Choosing one is a POST (it may send a code). No credential."""
    request = ctx.request
    tenant = await tenant_of(ctx)
    flow = await flows.load(ctx.pool, request, tenant.id)
    if flow is None:
        return await flow_expired(request, tenant)
    if not flow.pending.get(finishing.PENDING_MFA):
        return redirect(finishing.page_url(tenant.id, "sign-in", flow))
    t = await translator(request, tenant)
    try:
        challenge = (await challenges.describe(ctx.pool, tenant, _challenge_id(flow))).challenge
    except ApiError as exc:
        return await _ended(request, tenant, flow, t("factors.ended_message"), exc.status)
    return await render_page(
        request,
        tenant,
        "factor_methods.html",
        flow=flow,
        options=_options(challenge.factors, t),
        current=challenge.factor_id or "",
        back_url=finishing.page_url(tenant.id, "second-factor", flow),
    )


@router.post(BASE + "/second-factor/switch", summary="Use another second factor (or send a code again)", **PAGE)
@flow_form_post
async def switch(ctx: Ctx, tenant: Tenant, form: Any, flow: Flow) -> HandlerResult:
    """Switches the sign-in's challenge to another of the person's factors (`factor_id`; the
    current one: a new code), as POST /v1/mfa/challenge does: an SMS or email factor gets a code
    (at most 5 per challenge), a passkey fresh request options. CSRF token; no credential."""
    request = ctx.request
    if not flow.pending.get(finishing.PENDING_MFA):
        return redirect(finishing.page_url(tenant.id, "sign-in", flow))
    factor_id = field(form, "factor_id", 64) or None
    t = await translator(request, tenant)
    try:
        challenge = await challenges.select(ctx.pool, runtime(request), tenant, _challenge_id(flow), factor_id)
    except ApiError as exc:
        if exc.code in ("invalid_token", "token_expired"):
            return await _ended(request, tenant, flow, t("factors.ended_message"), exc.status)
        req = await _request_of(request, tenant, flow)
        if isinstance(req, web.Response):
            return req
        return await challenge_page(request, tenant, flow, req, error=t.error(exc.code, exc.message), status=exc.status)
    pending = dict(flow.pending[finishing.PENDING_MFA])
    pending["factor_type"] = challenge.factor_type
    await flows.set_pending(ctx.pool, flow, {**flow.pending, finishing.PENDING_MFA: pending})
    sent = "&sent=1" if challenge.sent_to else ""
    return redirect(finishing.page_url(tenant.id, "second-factor", flow) + sent, {"Cache-Control": "no-store"})


async def _limit(request: web.Request, tenant: Tenant, user_id: str) -> None:
    """The per-user verify limit of the API, in the same bucket (a page is not a way around it)."""
    limiter = state(request).limiter
    if not limiter.enabled:
        return
    key = f"{tenant.id}|{_VERIFY_RULE.name}|{user_id}"
    (verdict,) = await limiter.backend.hit([Check(key, _VERIFY_RULE.limit or 0, _VERIFY_RULE.window)])
    if not verdict.allowed:
        raise RATE_LIMITED("Too many attempts; wait a few minutes and try again.")


async def verify_posted(
    request: web.Request, tenant: Tenant, flow: Flow, req: AuthRequest | None, form: Any
) -> web.Response:
    """POST /authorize/mfa (routes.py), the form of every kind: `code` (for a passkey the
    assertion's JSON, posted by passkey-factor.js), checked against the challenge's current
    factor, a backup code recognised by its form, through the registry's hosted_mfa_step (the
    seam identity.mfa fills). The attempt counts against the user's verify rate limit first (the
    API's bucket). A right code completes the sign-in (an MFA-verified session) and the flow goes
    on (complete.py); a wrong one shows the page again with the error next to the field."""
    st = state(request)
    t = await translator(request, tenant)
    method = field(form, "method", 16)
    code = field(form, "code", 16_384).strip()
    if not code:
        return await challenge_page(
            request, tenant, flow, req, method=method, code_error=t("factors.code_missing"), status=400
        )
    challenge_id = _challenge_id(flow)
    verifier = st.registry.hosted_mfa_step
    if verifier is None:  # an API assembled without identity.mfa
        return await _plain_page(request, tenant, flow, req, t("second_factor.unavailable"), 501)
    try:
        before = await challenges.describe(st.pool, tenant, challenge_id)
    except ApiError:
        before = None  # the verifier answers why
    try:
        if before is not None:
            await _limit(request, tenant, before.user_id)
        result = await verifier(st.pool, runtime(request), tenant, challenge_id, code, client_info(request))
    except ApiError as exc:
        if exc.code in ("invalid_token", "token_expired"):
            return await _ended(request, tenant, flow, t("factors.ended_message"), exc.status)
        message = t.error(exc.code, exc.message)
        return await challenge_page(request, tenant, flow, req, method=method, code_error=message, status=exc.status)
    outcome = finishing.outcome_of(msgspec.to_builtins(result))
    if before is not None and not before.challenge.factors and auth_config.load(tenant.auth_config).mfa_required:
        return await _to_enrolment(request, tenant, flow, outcome.user_id, outcome.session_id)
    return await finishing.complete(request, tenant, flow, outcome)


async def _to_enrolment(
    request: web.Request, tenant: Tenant, flow: Flow, user_id: str, session_id: str
) -> web.Response:
    """The emailed code of a person without a factor was right, in a tenant that requires MFA:
    sign the browser in, then the security page in set-up mode; the flow waits there."""
    st = state(request)
    token, _, max_age = await oauth.start_browser_session(st.pool, tenant.id, session_id, user_id)
    pending = {k: v for k, v in flow.pending.items() if k != finishing.PENDING_MFA}
    await flows.set_pending(st.pool, flow, {**pending, PENDING_ENROL: True})
    response = redirect(f"/oauth/{tenant.id}/account/security?{flow.query}")
    pages.set_session_cookie(response, tenant.id, st.settings.public_url, token, max_age)
    return response
