"""The authorization endpoint and its hosted pages: sign-in (the tenant's rules through
identity.auth.service.sign_in: passwords, lockout, email_not_verified, tenant_suspended, MFA
gate), the MFA code step, consent, and the code sent to the redirect URI.

Flow: GET /authorize validates the request (params.parse). With a live provider session
cookie (and no prompt=login / exceeded max_age) it goes straight to consent or the code;
otherwise it shows the sign-in form. Each form re-posts the original request as hidden
fields (validated again) with the CSRF token.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
from aiohttp import web

from identity.auth import service as auth_service
from identity.auth.schemas import SignIn
from identity.crypto import random_token, sha256_hex
from identity.http import captcha, pages
from identity.http.bodies import read_form
from identity.http.clientinfo import client_ip, client_key
from identity.http.errors import TENANT_NOT_FOUND, ApiError
from identity.http.ratelimit.backends import Check
from identity.http.ratelimit.rules import HOSTED_SIGN_IN
from identity.http.validation import convert
from identity.oauth import jwts, store
from identity.oauth.params import AuthRequest, PageError, RedirectError, error_redirect, parse, with_params
from identity.sessions import store as sessions
from identity.sessions.device import client_info
from identity.sessions.runtime import runtime
from identity.state import state
from identity.users import store as users

CODE_TTL = timedelta(seconds=60)
#: Hosted sign-in attempts per client address (the same figure as POST /v1/auth/sign-in).

SCOPE_TEXT = {
    "openid": "Sign you in with your account",
    "email": "See your email address",
    "profile": "See your name and profile picture",
    "offline_access": "Stay signed in (access your data while you are away)",
}


class Flow:
    """One request's context: tenant, issuer, settings."""

    def __init__(self, request: web.Request, tenant: Any) -> None:
        self.request = request
        self.tenant = tenant
        st = state(request)
        self.pool = st.pool
        self.public_url = st.settings.public_url
        self.iss = jwts.issuer(self.public_url, tenant.id)
        self.rt = runtime(request)

    def page(self, template: str, status: int = 200, **context: Any) -> web.Response:
        return pages.render(
            self.request,
            template,
            tenant_id=self.tenant.id,
            public_url=self.public_url,
            status=status,
            tenant_id_path=f"/oauth/{self.tenant.id}",
            **context,
        )

    def error_page(self, title: str, message: str, status: int = 400) -> web.Response:
        return self.page("error.html", status=status, title=title, message=message)

    def sign_in_page(
        self, req: AuthRequest, *, error: str | None = None, email: str = "", status: int = 200
    ) -> web.Response:
        shown = captcha.widget_for(self.tenant.auth_config)
        widget = None
        if shown is not None:
            w, site_key = shown
            widget = {"script": w.script, "css_class": w.css_class, "origins": w.origins, "site_key": site_key}
        return self.page(
            "sign_in.html",
            status=status,
            client_name=req.client["name"],
            hidden=req.hidden(),
            error=error,
            email=email or req.login_hint,
            captcha=widget,
        )


async def load_tenant(request: web.Request, tenant_id: str) -> Any:
    if not tenant_id.startswith("tnt_") or len(tenant_id) > 68 or not tenant_id.isascii():
        raise TENANT_NOT_FOUND()
    return await runtime(request).tenants.get(state(request).pool, tenant_id)


async def _request_params(request: web.Request) -> Any:
    if request.method == "POST":
        return await read_form(request)
    return request.query


async def _browser_session(flow: Flow) -> Any:
    token = flow.request.cookies.get(pages.SESSION_COOKIE, "")
    if not token or len(token) > 100 or not token.isalnum():
        return None
    return await store.browser_session(flow.pool, flow.tenant.id, sha256_hex(token))


def _needs_login(req: AuthRequest, session: Any) -> bool:
    if session is None or "login" in req.prompts:
        return True
    if req.max_age is not None:
        return time.time() - session["auth_time"].timestamp() > req.max_age
    return False


async def _needs_consent(conn: Any, flow: Flow, req: AuthRequest, user_id: str) -> bool:
    if "consent" in req.prompts:
        return True
    if req.client["first_party"]:
        return False
    granted = await store.consented_scopes(conn, flow.tenant.id, user_id, req.client["id"])
    return not set(req.scopes) <= granted


async def _issue_code(
    conn: Any, flow: Flow, req: AuthRequest, user_id: str, session_id: str, auth_time: datetime
) -> web.Response:
    code = random_token(32)
    await store.insert_code(
        conn,
        {
            "tenant_id": flow.tenant.id,
            "code_hash": sha256_hex(code),
            "client_id": req.client["id"],
            "user_id": user_id,
            "session_id": session_id,
            "redirect_uri": req.redirect_uri,
            "scopes": req.scopes,
            "nonce": req.nonce,
            "code_challenge": req.code_challenge,
            "auth_time": auth_time,
            "expires_at": datetime.now(UTC) + CODE_TTL,
        },
    )
    return pages.redirect(with_params(req.redirect_uri, {"code": code, "state": req.state, "iss": flow.iss}))


def _consent_page(flow: Flow, req: AuthRequest, user: Any) -> web.Response:
    scopes = [(s, SCOPE_TEXT.get(s, s)) for s in req.scopes]
    return flow.page(
        "consent.html", client_name=req.client["name"], scopes=scopes, user_email=user["email"], hidden=req.hidden()
    )


async def _proceed(
    flow: Flow, req: AuthRequest, user_id: str, session_id: str, auth_time: datetime, *, allow_pages: bool = True
) -> web.Response:
    """The user is authenticated: check them, ask consent if needed, else issue the code."""
    if flow.tenant.status != "active":
        return pages.redirect(error_redirect(req, "access_denied", "This application is suspended."))
    async with flow.pool.acquire() as conn, conn.transaction():
        user = await users.get(conn, flow.tenant.id, user_id)
        if user is None or user["status"] != "active":
            return pages.redirect(error_redirect(req, "access_denied", "This account cannot sign in."))
        if await _needs_consent(conn, flow, req, user_id):
            if not allow_pages or "none" in req.prompts:
                return pages.redirect(error_redirect(req, "consent_required", "The user has not consented."))
            return _consent_page(flow, req, user)
        return await _issue_code(conn, flow, req, user_id, session_id, auth_time)


async def authorize(request: web.Request, tenant_id: str) -> web.Response:
    """GET and POST /oauth/{tenant_id}/authorize."""
    tenant = await load_tenant(request, tenant_id)
    flow = Flow(request, tenant)
    try:
        req = await parse(flow.pool, tenant.id, flow.iss, await _request_params(request))
    except PageError as exc:
        return flow.error_page(exc.title, exc.message)
    except RedirectError as exc:
        return pages.redirect(exc.location)
    return await _authorize_valid(flow, req)


async def _authorize_valid(flow: Flow, req: AuthRequest) -> web.Response:
    session = await _browser_session(flow)
    if _needs_login(req, session):
        if "none" in req.prompts:
            return pages.redirect(error_redirect(req, "login_required", "The user is not signed in."))
        return flow.sign_in_page(req)
    return await _proceed(flow, req, session["user_id"], session["session_id"], session["auth_time"])


async def _rate_limited(flow: Flow) -> bool:
    limiter = state(flow.request).limiter
    if not limiter.enabled:
        return False
    rule = HOSTED_SIGN_IN
    key = f"{flow.tenant.id}|{rule.name}|{client_key(flow.request)}"
    (verdict,) = await limiter.backend.hit([Check(key, rule.limit or 0, rule.window)])
    return not verdict.allowed


async def _signed_in(flow: Flow, req: AuthRequest, result: dict[str, Any]) -> web.Response:
    """After a first factor (and MFA) succeeded: remember the browser, then continue."""
    user_id, session_id = result["user"]["id"], result["session"]["id"]
    token = random_token(32)
    auth_time = datetime.now(UTC)
    async with flow.pool.acquire() as conn:
        await store.insert_browser_session(conn, flow.tenant.id, sha256_hex(token), session_id, user_id, auth_time)
        expires_at = await sessions.expires_at(conn, flow.tenant.id, session_id)
    # The session was inserted just above on this connection, so it has an expiry.
    assert expires_at is not None
    response = await _proceed(flow, req, user_id, session_id, auth_time)
    max_age = max(0, int((expires_at - auth_time).total_seconds()))
    pages.set_session_cookie(response, flow.tenant.id, flow.public_url, token, max_age)
    return response


async def _form_request(request: web.Request, tenant_id: str) -> tuple[Flow, Any, AuthRequest | web.Response]:
    tenant = await load_tenant(request, tenant_id)
    flow = Flow(request, tenant)
    form = await read_form(request)
    if not pages.csrf_ok(request, form, flow.public_url):
        return (
            flow,
            form,
            flow.error_page("This form has expired", "Go back to the application and start signing in again.", 403),
        )
    try:
        return flow, form, await parse(flow.pool, tenant.id, flow.iss, form)
    except PageError as exc:
        return flow, form, flow.error_page(exc.title, exc.message)
    except RedirectError as exc:
        return flow, form, pages.redirect(exc.location)


def _field(form: Any, name: str, limit: int = 1024) -> str:
    value = form.get(name, "")
    return value[:limit] if isinstance(value, str) else ""


async def sign_in(request: web.Request, tenant_id: str) -> web.Response:
    """POST /oauth/{tenant_id}/authorize/sign-in: email and password on the hosted page."""
    flow, form, req = await _form_request(request, tenant_id)
    if isinstance(req, web.Response):
        return req
    email = _field(form, "email", 320)
    if await _rate_limited(flow):
        return flow.sign_in_page(
            req, email=email, status=429, error="Too many sign-in attempts from this address; wait a minute."
        )
    try:
        body = convert(
            {
                "email": email,
                "password": _field(form, "password", 2048),
                "captcha_token": captcha.token_from_form(form),
            },
            SignIn,
        )
    except ApiError:
        return flow.sign_in_page(req, email=email, status=400, error="Enter your email address and password.")
    try:
        st = state(request)
        await captcha.verify(
            pool=st.pool,
            box=st.box,
            allow_http=st.settings.webhook_allow_http,
            tenant_id=flow.tenant.id,
            auth_config=flow.tenant.auth_config,
            token=body.captcha_token,
            remote_ip=client_ip(request),
        )
        result = await auth_service.sign_in(flow.pool, flow.rt, flow.tenant, body, client_info(request))
    except ApiError as exc:
        if exc.code == "mfa_required":
            return _mfa_page(flow, req, exc.extra.get("mfa_challenge") or {})
        return flow.sign_in_page(req, email=email, status=exc.status, error=exc.message)
    return await _signed_in(flow, req, msgspec.to_builtins(result))


def _mfa_page(
    flow: Flow, req: AuthRequest, challenge: dict[str, Any], error: str | None = None, status: int = 200
) -> web.Response:
    return flow.page(
        "mfa.html",
        status=status,
        client_name=req.client["name"],
        hidden=req.hidden(),
        challenge_id=str(challenge.get("challenge_id", "")),
        factor_type=str(challenge.get("factor_type", "")),
        error=error,
    )


async def mfa(request: web.Request, tenant_id: str) -> web.Response:
    """POST /oauth/{tenant_id}/authorize/mfa: the second factor's code."""
    flow, form, req = await _form_request(request, tenant_id)
    if isinstance(req, web.Response):
        return req
    challenge = {"challenge_id": _field(form, "challenge_id", 100), "factor_type": _field(form, "factor_type", 32)}
    verifier = state(request).registry.hosted_mfa_step
    if verifier is None:
        return _mfa_page(
            flow, req, challenge, status=501, error="Multi-factor verification is not available on this page yet."
        )
    try:
        result = await verifier(
            flow.pool, flow.rt, flow.tenant, challenge["challenge_id"], _field(form, "code", 64), client_info(request)
        )
    except ApiError as exc:
        return _mfa_page(flow, req, challenge, error=exc.message, status=exc.status)
    return await _signed_in(flow, req, msgspec.to_builtins(result))


async def consent(request: web.Request, tenant_id: str) -> web.Response:
    """POST /oauth/{tenant_id}/authorize/consent: allow or deny a third-party client."""
    flow, form, req = await _form_request(request, tenant_id)
    if isinstance(req, web.Response):
        return req
    session = await _browser_session(flow)
    if session is None:
        return flow.sign_in_page(req)
    if form.get("decision") != "allow":
        return pages.redirect(error_redirect(req, "access_denied", "The user denied the request."))
    async with flow.pool.acquire() as conn:
        await store.remember_consent(conn, flow.tenant.id, session["user_id"], req.client["id"], req.scopes)
    req.prompts.discard("consent")  # just given
    return await _proceed(flow, req, session["user_id"], session["session_id"], session["auth_time"], allow_pages=False)
