"""The hosted account area (docs/hosted-pages.md, "Account page and invitations"): /oauth/{tenant_id}/
account and its sections, for the person signed in in this browser (the provider session cookie).

Every section is a GET page that changes nothing and forms that POST (CSRF token) and answer
with a redirect back to the section (`?done=...` names the notice to show), or the section again
with the error next to its field. The forms call the same service functions as the REST
endpoints (identity/auth/account.py, organizations, connections), with the same rate limits
counted under the same keys, so a tenant's rules hold whichever way the person comes.

Sections: profile (this page), email, password, sessions, security (QJ3's factor pages, only
linked here), connections, organizations; sign out (this browser: the sign-out page) and sign
out everywhere.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any
from urllib.parse import quote

from aiohttp import web

from identity.audit.context import AuditContext
from identity.auth import account
from identity.auth.schemas import ChangePassword, ListMySessions, UpdateProfile
from identity.connections import flow as connection_flow
from identity.connections import service as connections
from identity.connections.schemas import ListIdentities, StartLink
from identity.crypto import sha256_hex
from identity.hosted import i18n
from identity.hosted.complete import BrowserSession, require_browser_session
from identity.hosted.forms import PAGE, checked_form, field, tenant_of
from identity.hosted.render import redirect, render_page, translator
from identity.http import pages
from identity.http.clientinfo import client_ip, user_agent
from identity.http.errors import ApiError, ValidationFailed
from identity.http.ratelimit.backends import Check
from identity.http.ratelimit.rules import ACCOUNT_EMAIL, ACCOUNT_EMAIL_VERIFY, ACCOUNT_PASSWORD, Rule
from identity.http.routing import Ctx, Handler, HandlerResult, Router
from identity.http.validation import convert
from identity.oauth import store as oauth_store
from identity.organizations import active as active_org
from identity.organizations import service as organizations
from identity.organizations.schemas import ListMyOrganizations
from identity.principals import Tenant
from identity.sessions import service as sessions
from identity.sessions import store as session_store
from identity.sessions.runtime import runtime
from identity.state import state
from identity.tenants import auth_config

router = Router()
BASE = "/oauth/{tenant_id}/account"

#: (section id, path under /oauth/{tenant_id}) in the navigation's order.
SECTIONS = (
    ("profile", "/account"),
    ("email", "/account/email"),
    ("password", "/account/password"),
    ("sessions", "/account/sessions"),
    ("security", "/account/security"),
    ("connections", "/account/connections"),
    ("organizations", "/account/organizations"),
)
#: The notices a redirect may ask a section to show (?done=...); anything else shows nothing.
NOTICES = frozenset(
    {
        "profile_saved",
        "email_code_sent",
        "email_changed",
        "password_changed",
        "session_revoked",
        "others_revoked",
        "identity_unlinked",
        "identity_linked",
        "organization_switched",
        "organization_left",
        "invitation_accepted",
    }
)


@dataclass(frozen=True)
class Signed:
    tenant: Tenant
    session: BrowserSession
    user: dict[str, Any]


async def _signed(ctx: Ctx) -> Signed | web.Response:
    tenant = await tenant_of(ctx)
    found = await require_browser_session(ctx.request, tenant)
    if isinstance(found, web.Response):
        return found
    session, user = found
    return Signed(tenant, session, user)


async def _posted(ctx: Ctx) -> tuple[Signed, Any] | web.Response:
    """A form post of a signed-in browser whose CSRF check passed: (who, the form)."""
    signed = await _signed(ctx)
    if isinstance(signed, web.Response):
        return signed
    form = await checked_form(ctx, signed.tenant)
    if isinstance(form, web.Response):
        return form
    return signed, form


def _signed_page(handler: Callable[[Ctx, Signed], Awaitable[HandlerResult]]) -> Handler:
    """A page for the person signed in in this browser (else the answer of
    require_browser_session): the handler gets who it is."""

    @wraps(handler)
    async def page(ctx: Ctx) -> HandlerResult:
        signed = await _signed(ctx)
        if isinstance(signed, web.Response):
            return signed
        return await handler(ctx, signed)

    return page


def _form_post(handler: Callable[[Ctx, Signed, Any], Awaitable[HandlerResult]]) -> Handler:
    """A form post of a signed-in browser whose CSRF check passed: the handler gets who it is
    and the form."""

    @wraps(handler)
    async def post(ctx: Ctx) -> HandlerResult:
        posted = await _posted(ctx)
        if isinstance(posted, web.Response):
            return posted
        signed, form = posted
        return await handler(ctx, signed, form)

    return post


def _audit(request: web.Request, user: dict[str, Any]) -> AuditContext:
    """The person acting for themselves, as an access token of theirs would be recorded."""
    return AuditContext(
        actor={"id": user["id"], "email": user["email"], "type": "user"},
        ip_address=client_ip(request),
        user_agent=user_agent(request),
    )


async def _limited(request: web.Request, tenant: Tenant, rule: Rule, user_id: str) -> bool:
    """Count this form against the REST endpoint's rule, under the same key (the limiter's
    `tenant|rule|user`), so that the page and the API share one budget."""
    limiter = state(request).limiter
    if not limiter.enabled:
        return False
    (verdict,) = await limiter.backend.hit([Check(f"{tenant.id}|{rule.name}|{user_id}", rule.limit or 0, rule.window)])
    return not verdict.allowed


def _back(tenant: Tenant, path: str, done: str | None = None) -> web.Response:
    return redirect(f"/oauth/{tenant.id}{path}" + (f"?done={done}" if done else ""))


def _error_text(t: i18n.Translator, exc: ApiError) -> str:
    """A service error in the page's language: this domain's text for the code, else the
    foundation's (errors.<code>), else the service's message."""
    key = f"account.error.{exc.code}"
    return t(key) if i18n.is_key(key) else t.error(exc.code, exc.message)


def _error_field(exc: ApiError) -> str | None:
    if isinstance(exc, ValidationFailed) or exc.status == 422:
        details = exc.details or []
        if details:
            return str(details[0].get("field") or "") or None
    return None


def navigation(tenant_id: str, current: str) -> list[tuple[str, str, bool]]:
    """The layout's navigation: (section id, URL, is the current one) in SECTIONS' order."""
    return [(key, f"/oauth/{tenant_id}{path}", key == current) for key, path in SECTIONS]


async def _section(
    signed: Signed, request: web.Request, section: str, template: str, *, status: int = 200, **context: Any
) -> web.Response:
    t = await translator(request, signed.tenant)
    done = request.query.get("done") if request.method == "GET" else None
    notice = t(f"account.done.{done}") if isinstance(done, str) and done in NOTICES else None
    return await render_page(
        request,
        signed.tenant,
        template,
        status=status,
        nav=navigation(signed.tenant.id, section),
        section=section,
        user=signed.user,
        notice=notice,
        **context,
    )


async def _attempt(
    ctx: Ctx,
    signed: Signed,
    work: Awaitable[object],
    section: Callable[..., Awaitable[web.Response]],
    path: str,
    notice: str,
) -> web.Response:
    """A section's change through its service function (`work`, awaited here): done, the browser
    goes back to the section (`path`) with the notice; refused, the section again with the error
    (`section(signed, request, error=..., status=...)`)."""
    try:
        await work
    except ApiError as exc:
        t = await translator(ctx.request, signed.tenant)
        return await section(signed, ctx.request, error=_error_text(t, exc), status=exc.status)
    return _back(signed.tenant, path, notice)


# -- profile ------------------------------------------------------------------------------------


def _usernames(tenant: Tenant) -> bool:
    return bool(auth_config.load(tenant.auth_config).username_enabled)


async def _profile(
    signed: Signed, request: web.Request, *, errors: dict[str, str] | None = None, values: dict[str, str] | None = None
) -> web.Response:
    user = signed.user
    return await _section(
        signed,
        request,
        "profile",
        "account_profile.html",
        status=422 if errors else 200,
        usernames=_usernames(signed.tenant),
        values=values or {"name": user["name"] or "", "username": user["username"] or ""},
        errors=errors or {},
    )


@router.get(BASE, summary="The hosted account page: the profile section", **PAGE)
@_signed_page
async def profile_get(ctx: Ctx, signed: Signed) -> HandlerResult:
    """The signed-in person's account: the profile section (name, username) and the navigation
    to the others. Credential: the provider session cookie (else the sign-in page, back here)."""
    return await _profile(signed, ctx.request)


@router.post(BASE + "/profile", summary="Save the profile", **PAGE)
@_form_post
async def profile_post(ctx: Ctx, signed: Signed, form: Any) -> HandlerResult:
    """Saves the name (and the username, when the tenant enables them): `PATCH /v1/auth/me`'s rules."""
    values = {"name": field(form, "name", 400).strip(), "username": field(form, "username", 128).strip()}
    fields: dict[str, Any] = {"name": values["name"] or None}
    if _usernames(signed.tenant):
        fields["username"] = values["username"] or None
    t = await translator(ctx.request, signed.tenant)
    try:
        body = convert(fields, UpdateProfile)
        await account.update_profile(ctx.pool, signed.tenant, signed.user["id"], body, None)
    except ApiError as exc:
        where = _error_field(exc) or ("username" if exc.code == "username_already_exists" else "name")
        return await _profile(signed, ctx.request, errors={where: _error_text(t, exc)}, values=values)
    return _back(signed.tenant, "/account", "profile_saved")


# -- email --------------------------------------------------------------------------------------


async def _email(
    signed: Signed,
    request: web.Request,
    *,
    errors: dict[str, str] | None = None,
    new_email: str = "",
    status: int = 200,
) -> web.Response:
    pending = await account.pending_email_change(state(request).pool, signed.tenant.id, signed.user["id"])
    return await _section(
        signed,
        request,
        "email",
        "account_email.html",
        status=status,
        pending=pending,
        has_password=signed.user["password_hash"] is not None,
        recent=await _recent(request, signed),
        new_email=new_email,
        errors=errors or {},
        reauth_url=_reauth_url(signed.tenant, "/account/email"),
    )


async def _recent(request: web.Request, signed: Signed) -> bool:
    async with state(request).pool.acquire() as conn:
        return await account.signed_in_recently(conn, signed.tenant.id, signed.user["id"], signed.session.session_id)


def _reauth_url(tenant: Tenant, path: str) -> str:
    """The sign-in page, coming back to `path`: a fresh sign-in stands in for the password."""
    return f"/oauth/{tenant.id}/sign-in?return_to=" + quote(f"/oauth/{tenant.id}{path}", safe="")


@router.get(BASE + "/email", summary="The email section", **PAGE)
@_signed_page
async def email_get(ctx: Ctx, signed: Signed) -> HandlerResult:
    """The address, and the forms to change it: the new address (with the current password), then
    the code sent to it."""
    return await _email(signed, ctx.request)


@router.post(BASE + "/email", summary="Send a code to a new address", **PAGE)
@_form_post
async def email_post(ctx: Ctx, signed: Signed, form: Any) -> HandlerResult:
    """`POST /v1/auth/email`: re-authentication, then a code to the new address; nothing changes yet."""
    t = await translator(ctx.request, signed.tenant)
    new_email = field(form, "email", 320).strip()
    if await _limited(ctx.request, signed.tenant, ACCOUNT_EMAIL, signed.user["id"]):
        return await _email(
            signed, ctx.request, errors={"email": t("core.rate_limited")}, new_email=new_email, status=429
        )
    if not new_email:
        return await _email(signed, ctx.request, errors={"email": t("account.email.required")}, status=422)
    try:
        await account.start_email_change(
            ctx.pool,
            runtime(ctx.request).box,
            signed.tenant,
            signed.user["id"],
            signed.session.session_id,
            new_email,
            field(form, "password", 2048) or None,
        )
    except ApiError as exc:
        where = "password" if exc.code in ("incorrect_password", "account_locked") else "email"
        return await _email(
            signed, ctx.request, errors={where: _error_text(t, exc)}, new_email=new_email, status=exc.status
        )
    return _back(signed.tenant, "/account/email", "email_code_sent")


@router.post(BASE + "/email/verify", summary="Switch to the new address with its code", **PAGE)
@_form_post
async def email_verify_post(ctx: Ctx, signed: Signed, form: Any) -> HandlerResult:
    """`POST /v1/auth/email/verify`: the code from the new address switches the account to it."""
    t = await translator(ctx.request, signed.tenant)
    if await _limited(ctx.request, signed.tenant, ACCOUNT_EMAIL_VERIFY, signed.user["id"]):
        return await _email(signed, ctx.request, errors={"code": t("core.rate_limited")}, status=429)
    try:
        await account.confirm_email_change(
            ctx.pool,
            runtime(ctx.request).box,
            signed.tenant,
            signed.user["id"],
            field(form, "code", 20),
            _audit(ctx.request, signed.user),
        )
    except ApiError as exc:
        text = t("account.email.code_wrong") if exc.code == "validation_error" else _error_text(t, exc)
        return await _email(signed, ctx.request, errors={"code": text}, status=exc.status)
    return _back(signed.tenant, "/account/email", "email_changed")


# -- password -----------------------------------------------------------------------------------


async def _password(
    signed: Signed, request: web.Request, *, errors: dict[str, str] | None = None, status: int = 200
) -> web.Response:
    config = auth_config.load(signed.tenant.auth_config)
    return await _section(
        signed,
        request,
        "password",
        "account_password.html",
        status=status,
        has_password=signed.user["password_hash"] is not None,
        recent=await _recent(request, signed),
        min_length=config.password_min_length,
        errors=errors or {},
        reauth_url=_reauth_url(signed.tenant, "/account/password"),
    )


@router.get(BASE + "/password", summary="The password section", **PAGE)
@_signed_page
async def password_get(ctx: Ctx, signed: Signed) -> HandlerResult:
    """Change the password (with the current one), or set a first one after a recent sign-in."""
    return await _password(signed, ctx.request)


@router.post(BASE + "/password", summary="Change or set the password", **PAGE)
@_form_post
async def password_post(ctx: Ctx, signed: Signed, form: Any) -> HandlerResult:
    """`POST /v1/auth/password`: the tenant's policy; other sessions end when the box is ticked."""
    t = await translator(ctx.request, signed.tenant)
    if await _limited(ctx.request, signed.tenant, ACCOUNT_PASSWORD, signed.user["id"]):
        return await _password(signed, ctx.request, errors={"current_password": t("core.rate_limited")}, status=429)
    new_password = field(form, "new_password", 2048)
    if not new_password:
        return await _password(signed, ctx.request, errors={"new_password": t("account.password.required")}, status=422)
    body = ChangePassword(
        new_password=new_password,
        current_password=field(form, "current_password", 2048) or None,
        sign_out_other_sessions=form.get("sign_out_others") == "on",
    )
    try:
        await account.change_password(
            ctx.pool,
            signed.tenant,
            signed.user["id"],
            signed.session.session_id,
            body,
            _audit(ctx.request, signed.user),
        )
    except ApiError as exc:
        where = "new_password" if exc.code == "password_too_weak" else "current_password"
        return await _password(signed, ctx.request, errors={where: _error_text(t, exc)}, status=exc.status)
    return _back(signed.tenant, "/account/password", "password_changed")


# -- sessions -----------------------------------------------------------------------------------


@router.get(BASE + "/sessions", summary="The sessions and devices section", **PAGE)
@_signed_page
async def sessions_get(ctx: Ctx, signed: Signed) -> HandlerResult:
    """The person's active sessions with browser, system, address and last activity; this one marked."""
    page = await account.my_sessions(
        ctx.pool, signed.tenant.id, signed.user["id"], signed.session.session_id, ListMySessions(limit=100)
    )
    rows = sorted(page.data, key=lambda s: (not s.current, -s.last_active_at.timestamp()))
    return await _section(signed, ctx.request, "sessions", "account_sessions.html", sessions=rows)


@router.post(BASE + "/sessions/revoke", summary="End one session", **PAGE)
@_form_post
async def session_revoke_post(ctx: Ctx, signed: Signed, form: Any) -> HandlerResult:
    """`DELETE /v1/auth/sessions/{id}` for one of the person's other sessions."""
    target = field(form, "session_id", 64)
    if target and target != signed.session.session_id:
        try:
            await account.revoke_my_session(ctx.pool, signed.tenant.id, signed.user["id"], target, None)
        except ApiError:
            pass  # already ended, or not the person's: the list shows what is left
    return _back(signed.tenant, "/account/sessions", "session_revoked")


@router.post(BASE + "/sessions/revoke-others", summary="Sign out everywhere else", **PAGE)
@_form_post
async def sessions_revoke_others_post(ctx: Ctx, signed: Signed, _form: Any) -> HandlerResult:
    """`POST /v1/auth/sessions/revoke-others`: every session but this browser's ends."""
    await account.revoke_other_sessions(ctx.pool, signed.tenant.id, signed.user["id"], signed.session.session_id, None)
    return _back(signed.tenant, "/account/sessions", "others_revoked")


@router.post(BASE + "/sign-out-everywhere", summary="Sign out everywhere, this browser too", **PAGE)
@_form_post
async def sign_out_everywhere_post(ctx: Ctx, signed: Signed, _form: Any) -> HandlerResult:
    """Ends every session of the person, this browser's too (`session.revoked`, reason
    `revoked_by_user`), and forgets this browser's sign-in."""
    cookie = ctx.request.cookies.get(pages.SESSION_COOKIE, "")
    async with ctx.pool.acquire() as conn, conn.transaction():
        await oauth_store.delete_browser_session(conn, signed.tenant.id, sha256_hex(cookie))
        await sessions.revoke_sessions(conn, signed.tenant.id, user_id=signed.user["id"], reason="revoked_by_user")
    response = await render_page(ctx.request, signed.tenant, "signed_out.html")
    pages.clear_session_cookie(response, signed.tenant.id, ctx.settings.public_url)
    return response


# -- connected accounts -------------------------------------------------------------------------


async def _connections(
    signed: Signed, request: web.Request, *, error: str | None = None, link_token: str = "", status: int = 200
) -> web.Response:
    st = state(request)
    mine = await connections.list_identities(st.pool, signed.tenant.id, signed.user["id"], ListIdentities(limit=100))
    available = (await connections.public_list(st.pool, st.settings, signed.tenant.id)).data
    return await _section(
        signed,
        request,
        "connections",
        "account_connections.html",
        status=status,
        identities=mine.data,
        available=available,
        error=error,
        link_token=link_token,
    )


@router.get(BASE + "/connections", summary="The connected accounts section", **PAGE)
@_signed_page
async def connections_get(ctx: Ctx, signed: Signed) -> HandlerResult:
    """The provider accounts connected to the person, and the tenant's connections to add one. Coming
    back from a provider with `?link_token=`, it asks to confirm (a GET changes nothing)."""
    token = ctx.request.query.get("link_token")
    problem = ctx.request.query.get("error")
    t = await translator(ctx.request, signed.tenant)
    error = t("account.connections.link_failed") if isinstance(problem, str) and problem else None
    return await _connections(
        signed, ctx.request, link_token=token[:512] if isinstance(token, str) else "", error=error
    )


@router.post(BASE + "/connections/unlink", summary="Disconnect a provider account", **PAGE)
@_form_post
async def connections_unlink_post(ctx: Ctx, signed: Signed, form: Any) -> HandlerResult:
    """`DELETE /v1/me/identities/{id}`: refused when it is the last way to sign in."""
    return await _attempt(
        ctx,
        signed,
        connections.disconnect(
            ctx.pool,
            signed.tenant.id,
            signed.user["id"],
            field(form, "identity_id", 64),
            _audit(ctx.request, signed.user),
        ),
        _connections,
        "/account/connections",
        "identity_unlinked",
    )


@router.post(BASE + "/connections/link", summary="Start connecting a provider account", **PAGE)
@_form_post
async def connections_link_post(ctx: Ctx, signed: Signed, form: Any) -> HandlerResult:
    """`POST /v1/me/identities/link` with this page as the place to come back to: a recent sign-in is
    needed; the browser goes to the provider."""
    t = await translator(ctx.request, signed.tenant)
    back = ctx.settings.public_url.rstrip("/") + f"/oauth/{signed.tenant.id}/account/connections"
    try:
        body = StartLink(connection_id=field(form, "connection_id", 64), redirect_url=back)
        started = await connections.start_link(
            ctx.pool, ctx.settings, signed.tenant, signed.user["id"], signed.session.session_id, body, own_page=True
        )
    except ApiError as exc:
        text = _error_text(t, exc)
        if exc.code == "reauthentication_required":
            text = t("account.connections.reauth")
        return await _connections(signed, ctx.request, error=text, status=exc.status)
    return redirect(started.url)


@router.post(BASE + "/connections/complete", summary="Finish connecting a provider account", **PAGE)
@_form_post
async def connections_complete_post(ctx: Ctx, signed: Signed, form: Any) -> HandlerResult:
    """`POST /v1/me/identities/link/complete` with the link token the provider's callback brought."""
    return await _attempt(
        ctx,
        signed,
        connection_flow.complete_link(
            ctx.request, signed.tenant, signed.user["id"], signed.session.session_id, field(form, "link_token", 512)
        ),
        _connections,
        "/account/connections",
        "identity_linked",
    )


# -- organizations ------------------------------------------------------------------------------


async def _organizations(
    signed: Signed, request: web.Request, *, error: str | None = None, status: int = 200
) -> web.Response:
    st = state(request)
    async with st.pool.acquire() as conn:
        row = await session_store.get(conn, signed.tenant.id, signed.session.session_id)
    current = row.org_id if row is not None else None
    page = await active_org.memberships(
        st.pool, signed.tenant.id, signed.user["id"], current, ListMyOrganizations(limit=100)
    )
    return await _section(
        signed,
        request,
        "organizations",
        "account_organizations.html",
        status=status,
        memberships=page.data,
        error=error,
    )


@router.get(BASE + "/organizations", summary="The organizations section", **PAGE)
@_signed_page
async def organizations_get(ctx: Ctx, signed: Signed) -> HandlerResult:
    """The person's organizations and roles; the switcher sets this browser session's active one."""
    return await _organizations(signed, ctx.request)


@router.post(BASE + "/organizations/active", summary="Switch the active organization", **PAGE)
@_form_post
async def organizations_active_post(ctx: Ctx, signed: Signed, form: Any) -> HandlerResult:
    """`POST /v1/auth/organization` for this browser's session (an empty value clears it)."""
    org = field(form, "organization_id", 128) or None
    return await _attempt(
        ctx,
        signed,
        active_org.set_session_organization(
            ctx.pool, signed.tenant.id, signed.session.session_id, signed.user["id"], org
        ),
        _organizations,
        "/account/organizations",
        "organization_switched",
    )


@router.post(BASE + "/organizations/leave", summary="Leave an organization", **PAGE)
@_form_post
async def organizations_leave_post(ctx: Ctx, signed: Signed, form: Any) -> HandlerResult:
    """`DELETE /v1/auth/organizations/{id}`: the last owner cannot leave."""
    return await _attempt(
        ctx,
        signed,
        organizations.leave(
            ctx.pool,
            signed.tenant.id,
            field(form, "organization_id", 128),
            signed.user["id"],
            _audit(ctx.request, signed.user),
        ),
        _organizations,
        "/account/organizations",
        "organization_left",
    )
