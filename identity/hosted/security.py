"""The account's Security section (docs/hosted-pages.md, "Security: second factors"): the
person's second factors with removal, and the enrolment of each kind (an authenticator app with
a QR code, a phone number for SMS codes, email codes, a passkey through WebAuthn, backup codes
shown once with a copy button and a .txt download).

Every change calls identity.mfa.service, the functions behind /v1/me/mfa/..., with the
browser's session: the tenant's rules hold as on the API (the last factor while MFA is
required, 5 wrong enrolment codes), and removing a factor in use or replacing backup codes that
still work needs a sign-in less than 10 minutes old; an older one gets a page that sends the
person through the sign-in again (any method they have), back here.

Set-up mode (`?flow=ID` with the flow's pending `enrol_required`): a person without a factor in
a tenant that requires MFA lands here after the emailed code (factors.py); once a factor is
active, "Continue" finishes the flow (consent or the code, or return_to).
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from aiohttp import web

from identity.audit.context import AuditContext
from identity.hosted import complete as finishing
from identity.hosted import flows
from identity.hosted.account import navigation
from identity.hosted.factors import PENDING_ENROL
from identity.hosted.flows import Flow
from identity.hosted.forms import PAGE, field, form_post, tenant_of
from identity.hosted.render import redirect, render_page, translator
from identity.http.clientinfo import client_ip
from identity.http.errors import ApiError
from identity.http.routing import Ctx, Handler, HandlerResult, Router
from identity.http.validation import convert
from identity.mfa import service
from identity.mfa.schemas import EnrollFactor, Factor
from identity.principals import Tenant
from identity.state import state

router = Router()
BASE = "/oauth/{tenant_id}/account/security"
ENROL_TYPES = ("totp", "sms", "email_otp", "webauthn")
_BACKUP_CODE = re.compile(r"^[0-9A-Z]{4}-[0-9A-Z]{4}$")


class Person:
    """The signed-in browser: its session and user, the set-up flow when there is one."""

    def __init__(self, session: finishing.BrowserSession, user: dict[str, Any], flow: Flow | None) -> None:
        self.session = session
        self.user = user
        self.flow = flow

    def audit(self, request: web.Request) -> AuditContext:
        return AuditContext(
            actor={"id": self.user["id"], "email": self.user["email"], "type": "user"},
            ip_address=client_ip(request),
            user_agent=request.headers.get("User-Agent"),
        )


async def _person(request: web.Request, tenant: Tenant, form: Any = None) -> Person | web.Response:
    signed = await finishing.require_browser_session(request, tenant)
    if isinstance(signed, web.Response):
        return signed
    session, user = signed
    flow = await flows.load(state(request).pool, request, tenant.id, form)
    if flow is not None and not flow.pending.get(PENDING_ENROL):
        flow = None
    return Person(session, user, flow)


def _person_page(handler: Callable[[Ctx, Tenant, Person], Awaitable[HandlerResult]]) -> Handler:
    """A Security page for the person signed in in this browser (else the answer of
    require_browser_session): the handler gets the tenant and the person."""

    @wraps(handler)
    async def page(ctx: Ctx) -> HandlerResult:
        tenant = await tenant_of(ctx)
        person = await _person(ctx.request, tenant)
        if isinstance(person, web.Response):
            return person
        return await handler(ctx, tenant, person)

    return page


def _person_post(handler: Callable[[Ctx, Tenant, Person, Any], Awaitable[HandlerResult]]) -> Handler:
    """A POST of these pages: the CSRF check passed, the person signed in in this browser; the
    handler gets the tenant, the person and the form."""

    @form_post
    async def post(ctx: Ctx, tenant: Tenant, form: Any) -> HandlerResult:
        person = await _person(ctx.request, tenant, form)
        if isinstance(person, web.Response):
            return person
        return await handler(ctx, tenant, person, form)

    return wraps(handler)(post)


def _home(tenant: Tenant, person: Person, done: str | None = None) -> str:
    query = [f"flow={person.flow.id}"] if person.flow is not None else []
    if done:
        query.append(f"done={done}")
    return f"/oauth/{tenant.id}/account/security" + (f"?{'&'.join(query)}" if query else "")


async def _page(request: web.Request, tenant: Tenant, person: Person, template: str, **context: Any) -> web.Response:
    # Every Security page sits in the account layout, "security" marked current.
    return await render_page(
        request,
        tenant,
        template,
        flow=person.flow,
        nav=navigation(tenant.id, "security"),
        section="security",
        user=person.user,
        **{"notice": None, **context},
    )


async def security_page(
    request: web.Request,
    tenant: Tenant,
    person: Person,
    *,
    error: str | None = None,
    notice: str | None = None,
    status: int = 200,
) -> web.Response:
    listed = await service.list_factors(state(request).pool, tenant.id, person.user["id"])
    factors = listed.data
    active = [f for f in factors if f.status == "active"]
    backup = next((f for f in factors if f.type == "backup_codes"), None)
    return await _page(
        request,
        tenant,
        person,
        "security.html",
        status=status,
        factors=[
            {"id": f.id, "type": f.type, "status": f.status, "detail": f.phone_number or f.email or ""}
            for f in factors
            if f.type != "backup_codes"
        ],
        backup=(
            {"id": backup.id, "status": backup.status, "left": backup.codes_remaining or 0}
            if backup is not None
            else None
        ),
        setup=person.flow is not None,
        can_continue=person.flow is not None and bool(active),
        error=error,
        notice=notice,
    )


@router.get(BASE, summary="The account's security page: second factors", **PAGE)
@_person_page
async def security_get(ctx: Ctx, tenant: Tenant, person: Person) -> HandlerResult:
    """Lists the signed-in person's second factors with removal, and the ways to add one.
    `?flow=ID`: set-up mode (a tenant that requires MFA). Credential: the provider session
    cookie (else the sign-in page, back here)."""
    t = await translator(ctx.request, tenant)
    done = ctx.request.query.get("done")
    notice = t(f"security.done_{done}") if done in ("added", "removed") else None
    return await security_page(ctx.request, tenant, person, notice=notice)


@router.get(BASE + "/sms", summary="Add a phone number for SMS codes", **PAGE)
@_person_page
async def sms_get(ctx: Ctx, tenant: Tenant, person: Person) -> HandlerResult:
    """The phone number form of an SMS factor. Credential: the provider session cookie."""
    return await _page(ctx.request, tenant, person, "security_sms.html", phone="", phone_error=None)


@router.post(BASE + "/add", summary="Start adding a second factor", **PAGE)
@_person_post
async def add(ctx: Ctx, tenant: Tenant, person: Person, form: Any) -> HandlerResult:
    """Starts enrolling a factor (`type`: totp, sms with `phone_number`, email_otp, webauthn), as
    POST /v1/me/mfa/factors: the QR code page, the code page (a code is sent), or the passkey
    page. CSRF token; credential: the provider session cookie."""
    request = ctx.request
    t = await translator(request, tenant)
    kind = field(form, "type", 16)
    if kind not in ENROL_TYPES:
        return await security_page(request, tenant, person, error=t("security.unknown_type"), status=400)
    phone = field(form, "phone_number", 32) if kind == "sms" else None
    if kind == "sms" and not phone:
        return await _page(
            request, tenant, person, "security_sms.html", status=400, phone="", phone_error=t("security.phone_missing")
        )
    st = state(request)
    try:
        body = convert({"type": kind, "phone_number": phone}, EnrollFactor)
        enrolled = await service.enroll(st.pool, st.box, tenant, person.user["id"], body, person.audit(request))
    except ApiError as exc:
        if kind == "sms" and exc.status == 422:
            return await _page(
                request,
                tenant,
                person,
                "security_sms.html",
                status=422,
                phone=phone or "",
                phone_error=t("security.phone_invalid"),
            )
        message = t("security.passkeys_unavailable") if exc.code == "webauthn_not_configured" else None
        return await security_page(
            request, tenant, person, error=message or t.error(exc.code, exc.message), status=exc.status
        )
    factor_id = enrolled.factor_id
    flow_query = f"?{person.flow.query}" if person.flow is not None else ""
    if kind == "totp":
        return redirect(f"/oauth/{tenant.id}/account/security/totp/{factor_id}{flow_query}")
    if kind == "webauthn":
        return await _passkey_page(
            request, tenant, person, factor_id, enrolled.webauthn.options if enrolled.webauthn else {}
        )
    return redirect(f"/oauth/{tenant.id}/account/security/confirm/{factor_id}{flow_query}")


async def _passkey_page(
    request: web.Request,
    tenant: Tenant,
    person: Person,
    factor_id: str,
    options: dict[str, Any],
    error: str | None = None,
    status: int = 200,
) -> web.Response:
    return await _page(
        request,
        tenant,
        person,
        "security_passkey.html",
        status=status,
        factor_id=factor_id,
        options=json.dumps(options),
        error=error,
    )


async def _totp_page(
    request: web.Request,
    tenant: Tenant,
    person: Person,
    factor_id: str,
    code_error: str | None = None,
    status: int = 200,
) -> web.Response:
    st = state(request)
    try:
        shown = await service.pending_totp(st.pool, st.box, tenant, person.user["id"], factor_id)
    except ApiError:
        return redirect(_home(tenant, person))
    secret = shown.secret
    return await _page(
        request,
        tenant,
        person,
        "security_totp.html",
        status=status,
        factor_id=factor_id,
        qr_code=shown.qr_code,
        secret_groups=[secret[i : i + 4] for i in range(0, len(secret), 4)],
        secret=secret,
        code_error=code_error,
    )


@router.get(BASE + "/totp/{factor_id}", summary="Scan the QR code of a new authenticator app", **PAGE)
@_person_page
async def totp_get(ctx: Ctx, tenant: Tenant, person: Person) -> HandlerResult:
    """The QR code and secret of a pending TOTP factor, with the form that confirms it. Shown
    only while the factor is pending. Credential: the provider session cookie."""
    return await _totp_page(ctx.request, tenant, person, ctx.param("factor_id"))


async def _pending(request: web.Request, tenant: Tenant, person: Person, factor_id: str) -> Factor | None:
    listed = await service.list_factors(state(request).pool, tenant.id, person.user["id"])
    return next((f for f in listed.data if f.id == factor_id and f.status == "pending"), None)


async def _code_page(
    request: web.Request,
    tenant: Tenant,
    person: Person,
    factor: Factor,
    code_error: str | None = None,
    status: int = 200,
) -> web.Response:
    return await _page(
        request,
        tenant,
        person,
        "security_code.html",
        status=status,
        factor_id=factor.id,
        kind=factor.type,
        destination=factor.phone_number or factor.email or "",
        code_error=code_error,
    )


@router.get(BASE + "/confirm/{factor_id}", summary="Enter the code sent to a new phone or email factor", **PAGE)
@_person_page
async def confirm_get(ctx: Ctx, tenant: Tenant, person: Person) -> HandlerResult:
    """The code form of a pending SMS or email factor. Credential: the provider session cookie."""
    factor = await _pending(ctx.request, tenant, person, ctx.param("factor_id"))
    if factor is None or factor.type not in ("sms", "email_otp"):
        return redirect(_home(tenant, person))
    return await _code_page(ctx.request, tenant, person, factor)


@router.post(BASE + "/confirm", summary="Confirm a new second factor", **PAGE)
@_person_post
async def confirm(ctx: Ctx, tenant: Tenant, person: Person, form: Any) -> HandlerResult:
    """Activates a pending factor (`factor_id`, `code`: the app's or the sent code, or for a
    passkey the attestation's JSON posted by passkey-enrol.js), as
    POST /v1/me/mfa/factors/{id}/confirm. A wrong code shows the form again with the error next
    to the field. CSRF token; credential: the provider session cookie."""
    request = ctx.request
    t = await translator(request, tenant)
    factor_id = field(form, "factor_id", 64)
    code = field(form, "code", 16_384).strip()
    factor = await _pending(request, tenant, person, factor_id)
    if factor is None:
        return await security_page(request, tenant, person, error=t("security.factor_gone"), status=404)

    async def again(message: str, status: int) -> web.Response:
        assert factor is not None
        if factor.type == "totp":
            return await _totp_page(request, tenant, person, factor_id, code_error=message, status=status)
        if factor.type == "webauthn":
            return await security_page(request, tenant, person, error=message, status=status)
        return await _code_page(request, tenant, person, factor, code_error=message, status=status)

    if not code:
        return await again(t("factors.code_missing"), 400)
    st = state(request)
    try:
        await service.confirm(st.pool, st.box, tenant, person.user["id"], factor_id, code, person.audit(request))
    except ApiError as exc:
        return await again(t.error(exc.code, exc.message), exc.status)
    return redirect(_home(tenant, person, "added"))


async def _reverify(request: web.Request, tenant: Tenant, person: Person) -> web.Response:
    """The change needs a recent sign-in: sign in again (any method), then back here."""
    back = f"/oauth/{tenant.id}/account/security"
    return await _page(
        request,
        tenant,
        person,
        "security_reverify.html",
        status=403,
        sign_in_url=f"/oauth/{tenant.id}/sign-in?return_to={back}",
    )


@router.post(BASE + "/remove", summary="Remove a second factor", **PAGE)
@_person_post
async def remove(ctx: Ctx, tenant: Tenant, person: Person, form: Any) -> HandlerResult:
    """Removes one of the person's factors (`factor_id`), as DELETE /v1/me/mfa/factors/{id}: a
    factor in use needs a sign-in less than 10 minutes old (else the page that asks to sign in
    again); the only factor while the tenant requires MFA stays. CSRF token; credential: the
    provider session cookie."""
    request = ctx.request
    t = await translator(request, tenant)
    try:
        await service.remove(
            ctx.pool,
            tenant,
            person.user["id"],
            field(form, "factor_id", 64),
            person.audit(request),
            session_id=person.session.session_id,
        )
    except ApiError as exc:
        if exc.code == "reauthentication_required":
            return await _reverify(request, tenant, person)
        return await security_page(request, tenant, person, error=t.error(exc.code, exc.message), status=exc.status)
    return redirect(_home(tenant, person, "removed"))


@router.post(BASE + "/backup-codes", summary="Generate backup codes (shown once)", **PAGE)
@_person_post
async def backup_codes(ctx: Ctx, tenant: Tenant, person: Person, _form: Any) -> HandlerResult:
    """Generates 8 backup codes, as POST /v1/me/mfa/backup-codes/generate, and shows them once
    (copy button, .txt download); replacing codes that still work needs a recent sign-in. CSRF
    token; credential: the provider session cookie."""
    request = ctx.request
    t = await translator(request, tenant)
    st = state(request)
    try:
        generated = await service.generate_backup_codes(
            st.pool, st.box, tenant, person.user["id"], person.audit(request), session_id=person.session.session_id
        )
    except ApiError as exc:
        if exc.code == "reauthentication_required":
            return await _reverify(request, tenant, person)
        return await security_page(request, tenant, person, error=t.error(exc.code, exc.message), status=exc.status)
    return await _page(
        request, tenant, person, "security_backup_codes.html", codes=generated.codes, done_url=_home(tenant, person)
    )


@router.post(BASE + "/backup-codes/download", summary="Download the backup codes just shown as a text file", **PAGE)
@_person_post
async def backup_codes_download(ctx: Ctx, tenant: Tenant, person: Person, form: Any) -> HandlerResult:
    """The codes of the page that showed them (posted back from it: the service keeps only their
    hashes) as backup-codes.txt, an attachment; works without JavaScript. CSRF token;
    credential: the provider session cookie."""
    t = await translator(ctx.request, tenant)
    codes = [c for c in form.getall("codes", []) if isinstance(c, str) and _BACKUP_CODE.match(c)][:16]
    lines = [t("security.backup_file_heading", email=person.user["email"]), "", *codes, ""]
    return web.Response(
        text="\n".join(lines),
        content_type="text/plain",
        charset="utf-8",
        headers={
            "Content-Disposition": 'attachment; filename="backup-codes.txt"',
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
        },
    )


@router.post(BASE + "/continue", summary="Finish the sign-in once a factor is set up", **PAGE)
@_person_post
async def continue_flow(ctx: Ctx, tenant: Tenant, person: Person, _form: Any) -> HandlerResult:
    """Set-up mode: the person now has an active factor, so the sign-in's flow goes on (consent
    or the code, or return_to). CSRF token; credential: the provider session cookie."""
    request = ctx.request
    if person.flow is None:
        return redirect(_home(tenant, person))
    listed = await service.list_factors(ctx.pool, tenant.id, person.user["id"])
    if not any(f.status == "active" for f in listed.data):
        t = await translator(request, tenant)
        return await security_page(request, tenant, person, error=t("security.setup_needed"), status=400)
    session = person.session
    return await finishing.continue_signed_in(
        request, tenant, person.flow, session.user_id, session.session_id, session.auth_time
    )
