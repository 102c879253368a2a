"""The authorization endpoint: the request validated (params.parse), then consent and the code
sent to the redirect URI. The pages a person sees (sign-in, second factor, consent, errors) are
the hosted pages' (identity/hosted/, reached through Registry.hosted_pages).

Flow: GET /authorize validates the request. With a live provider session cookie (and no
prompt=login / exceeded max_age) it goes straight to consent or the code; otherwise the hosted
pages begin a flow holding the request and send the browser to their sign-in page (sign-up with
prompt=create). After a first factor the hosted pages call start_browser_session() and
proceed() here. The consent form re-posts the original request as hidden fields (validated
again) with the CSRF token.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from aiohttp import web

from identity.crypto import random_token, sha256_hex
from identity.http import pages
from identity.http.bodies import read_form
from identity.http.errors import TENANT_NOT_FOUND
from identity.oauth import jwts, store
from identity.oauth.params import AuthRequest, PageError, RedirectError, error_redirect, parse, with_params
from identity.principals import Tenant
from identity.sessions import store as sessions
from identity.sessions.runtime import runtime
from identity.state import HostedPages, state
from identity.users import store as users
from identity.users.records import UserRecord

CODE_TTL = timedelta(seconds=60)


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

    async def page(self, template: str, status: int = 200, **context: Any) -> web.Response:
        """A page of identity/templates/hosted/, rendered by the hosted pages."""
        return await hosted(self.request).render(self.request, self.tenant, template, status=status, **context)

    async def error_page(self, key: str, *, status: int = 400, values: Mapping[str, str] | None = None) -> web.Response:
        """The hosted error page of the catalogue texts `<key>.title` and `<key>.message`."""
        return await pages.error_page(self.request, self.tenant, key, status=status, values=values)


def hosted(request: web.Request) -> HostedPages:
    return pages.hosted_pages(request)


async def load_tenant(request: web.Request, tenant_id: str) -> Tenant:
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


def needs_login(req: AuthRequest, session: Any) -> bool:
    """Whether the request needs the person to sign in although this browser may be."""
    return _needs_login(req, session)


def _needs_login(req: AuthRequest, session: Any) -> bool:
    if session is None or "login" in req.prompts:
        return True
    if req.max_age is not None:
        auth_time: datetime = session["auth_time"]
        return time.time() - auth_time.timestamp() > req.max_age
    return False


async def _needs_consent(conn: Any, flow: Flow, req: AuthRequest, user_id: str) -> bool:
    if "consent" in req.prompts:
        return True
    if req.client.first_party:
        return False
    granted = await store.consented_scopes(conn, flow.tenant.id, user_id, req.client.id)
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
            "client_id": req.client.id,
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


#: The scopes the consent page describes in words (its catalogue has consent.scope.<name>).
KNOWN_SCOPES = ("openid", "email", "profile", "offline_access")


async def _consent_page(flow: Flow, req: AuthRequest, user: UserRecord) -> web.Response:
    return await flow.page(
        "consent.html",
        client_name=req.client.name,
        scopes=list(req.scopes),
        known_scopes=KNOWN_SCOPES,
        user_email=user.email,
        hidden=req.hidden(),
    )


async def _proceed(
    flow: Flow, req: AuthRequest, user_id: str, session_id: str, auth_time: datetime, *, allow_pages: bool = True
) -> web.Response:
    """The user is authenticated: check them, ask consent if needed, else issue the code."""
    if flow.tenant.status != "active":
        return pages.redirect(error_redirect(req, "access_denied", "This application is suspended."))
    async with flow.pool.acquire() as conn, conn.transaction():
        user = await users.get(conn, flow.tenant.id, user_id)
        if user is None or user.status != "active":
            return pages.redirect(error_redirect(req, "access_denied", "This account cannot sign in."))
        if await _needs_consent(conn, flow, req, user_id):
            if not allow_pages or "none" in req.prompts:
                return pages.redirect(error_redirect(req, "consent_required", "The user has not consented."))
            return await _consent_page(flow, req, user)
        return await _issue_code(conn, flow, req, user_id, session_id, auth_time)


async def authorize(request: web.Request, tenant_id: str) -> web.Response:
    """GET and POST /oauth/{tenant_id}/authorize."""
    tenant = await load_tenant(request, tenant_id)
    flow = Flow(request, tenant)
    try:
        req = await parse(flow.pool, tenant.id, flow.iss, await _request_params(request))
    except PageError as exc:
        return await flow.error_page(exc.key, values=exc.values)
    except RedirectError as exc:
        return pages.redirect(exc.location)
    return await _authorize_valid(flow, req)


async def _authorize_valid(flow: Flow, req: AuthRequest) -> web.Response:
    session = await _browser_session(flow)
    if _needs_login(req, session):
        if "none" in req.prompts:
            return pages.redirect(error_redirect(req, "login_required", "The user is not signed in."))
        return await hosted(flow.request).begin(
            flow.request, flow.tenant, req, "sign-up" if "create" in req.prompts else "sign-in"
        )
    return await _proceed(flow, req, session["user_id"], session["session_id"], session["auth_time"])


async def start_browser_session(pool: Any, tenant_id: str, session_id: str, user_id: str) -> tuple[str, datetime, int]:
    """Remember this browser as signed in with the session: (the idp_session cookie's value,
    the authentication time, the cookie's max age: the session's remaining life)."""
    token = random_token(32)
    auth_time = datetime.now(UTC)
    async with pool.acquire() as conn:
        await store.insert_browser_session(conn, tenant_id, sha256_hex(token), session_id, user_id, auth_time)
        expires_at = await sessions.expires_at(conn, tenant_id, session_id)
    # The session was inserted before this call by the sign-in, so it has an expiry.
    assert expires_at is not None
    return token, auth_time, max(0, int((expires_at - auth_time).total_seconds()))


async def proceed(
    request: web.Request, tenant: Any, req: AuthRequest, user_id: str, session_id: str, auth_time: datetime
) -> web.Response:
    """The person is authenticated for this authorization request: consent when needed, else
    the code sent to the redirect URI."""
    return await _proceed(Flow(request, tenant), req, user_id, session_id, auth_time)


async def browser_session(request: web.Request, tenant: Any) -> Any:
    """The live provider session of this browser (session_id, user_id, auth_time), or None."""
    return await _browser_session(Flow(request, tenant))


async def _form_request(request: web.Request, tenant_id: str) -> tuple[Flow, Any, AuthRequest | web.Response]:
    tenant = await load_tenant(request, tenant_id)
    flow = Flow(request, tenant)
    form = await read_form(request)
    if not pages.csrf_ok(request, form, flow.public_url):
        return (
            flow,
            form,
            await flow.error_page("core.csrf", status=403),
        )
    try:
        return flow, form, await parse(flow.pool, tenant.id, flow.iss, form)
    except PageError as exc:
        return flow, form, await flow.error_page(exc.key, values=exc.values)
    except RedirectError as exc:
        return flow, form, pages.redirect(exc.location)


async def consent(request: web.Request, tenant_id: str) -> web.Response:
    """POST /oauth/{tenant_id}/authorize/consent: allow or deny a third-party client."""
    flow, form, req = await _form_request(request, tenant_id)
    if isinstance(req, web.Response):
        return req
    session = await _browser_session(flow)
    if session is None:
        return await hosted(request).begin(request, flow.tenant, req, "sign-in")
    if form.get("decision") != "allow":
        return pages.redirect(error_redirect(req, "access_denied", "The user denied the request."))
    async with flow.pool.acquire() as conn:
        await store.remember_consent(conn, flow.tenant.id, session["user_id"], req.client.id, req.scopes)
    req.prompts.discard("consent")  # just given
    return await _proceed(flow, req, session["user_id"], session["session_id"], session["auth_time"], allow_pages=False)
