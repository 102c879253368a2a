"""The browser flow: start → provider → callback → the app's redirect_url with a one-time token
→ exchange for {user, session}.

- start (GET, no credential: a browser navigation) validates redirect_url first, so that every
  later error can safely go there; then stores the flow server-side (state by SHA-256, the PKCE
  verifier SecretBox-encrypted, the nonce) and binds it to the browser with a cookie whose
  SHA-256 is kept in the flow (login CSRF: a callback URL sent to someone else's browser does
  not work there).
- callback checks state, the browser cookie, single use and expiry, exchanges the code (no
  database transaction is open during any provider call), validates the ID token or reads the
  profile, then in ONE transaction signs in / creates / links the user, writes the identity,
  its event and audit entry, and the one-time exchange ticket.
- exchange (publishable key) spends the ticket, applies the MFA gate and creates the session.
"""

from __future__ import annotations

import base64
import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg
import msgspec
from aiohttp import web

from identity.audit.context import AuditContext
from identity.auth import email_proof
from identity.auth import errors as auth_errors
from identity.auth.service import (
    complete_sign_in,
    ensure_can_sign_in,
    ensure_email_verified,
    ensure_open,
    mfa_challenge,
    queue_verification,
)
from identity.connections import providers, service, store
from identity.connections.errors import CONNECTION_DISABLED, IDENTITY_ALREADY_LINKED, LINK_NEEDS_VERIFIED_EMAIL
from identity.connections.providers import FlowError
from identity.connections.records import ConnectionRecord, FlowRecord, Profile
from identity.connections.schemas import ExchangeResult, Identity
from identity.crypto import constant_time_equals, random_token, sha256_hex
from identity.events.emit import emit
from identity.http import pages
from identity.http.clientinfo import client_ip, client_key, user_agent
from identity.http.errors import TENANT_NOT_FOUND, ApiError, ValidationFailed
from identity.http.ratelimit.backends import Check
from identity.http.redirects import OwnPages, check_redirect
from identity.ids import new_id
from identity.oauth.authorize import load_tenant
from identity.principals import Tenant
from identity.sessions import store as sessions
from identity.sessions.device import ClientInfo
from identity.sessions.runtime import AuthRuntime, runtime
from identity.state import state
from identity.tenants import auth_config
from identity.tenants import store as tenants
from identity.users import store as users
from identity.users.errors import USER_NOT_FOUND
from identity.users.presenter import present_user
from identity.users.records import UserRecord
from identity.users.service import create_user

FLOW_TTL = timedelta(minutes=10)
EXCHANGE_TTL = timedelta(minutes=2)
#: Starts and callbacks per client address per minute (each start writes a row).
FLOW_LIMIT, FLOW_WINDOW = 30, 60.0
COOKIE_PREFIX = "idc_"
#: Query keys the service sets on the app's redirect_url (an incoming one is replaced, not doubled).
_OUR_KEYS = frozenset({"token", "error", "error_description", "linked", "identity_id", "link_token"})


def with_result(url: str, params: dict[str, str]) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k not in _OUR_KEYS]
    query.extend(params.items())
    return urlunsplit(parts._replace(query=urlencode(query)))


def _redirect(location: str, clear_cookie: str | None = None, tenant_id: str = "") -> web.Response:
    response = pages.redirect(location)
    if clear_cookie:
        response.del_cookie(clear_cookie, path=_cookie_path(tenant_id))
    return response


def _error_redirect(url: str, code: str, description: str, **kw: Any) -> web.Response:
    return _redirect(with_result(url, {"error": code, "error_description": description}), **kw)


async def _page(
    request: web.Request, tenant: Tenant | None, key: str, status: int = 400, **values: str
) -> web.Response:
    """Errors with no validated redirect_url to go to: a page, never a redirect (the hosted
    error page of the catalogue texts connection_error.<key>, in the tenant's look)."""
    return await pages.error_page(request, tenant, f"connection_error.{key}", status=status, values=values)


def _cookie_path(tenant_id: str) -> str:
    return f"/v1/oauth/{tenant_id}/callback"


def _cookie_name(state_hash: str) -> str:
    # One cookie per flow: two tabs signing in at once do not overwrite each other's binding.
    return COOKIE_PREFIX + state_hash[:16]


def _challenge(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")


async def _limited(request: web.Request, tenant_id: str) -> bool:
    limiter = state(request).limiter
    if not limiter.enabled:
        return False
    key = f"{tenant_id}|oauth_connection|{client_key(request)}"
    (verdict,) = await limiter.backend.hit([Check(key, FLOW_LIMIT, FLOW_WINDOW)])
    return not verdict.allowed


def _cache(request: web.Request) -> providers.ProviderCache:
    return request.app[providers.PROVIDERS]


async def _tenant_or_page(request: web.Request, tenant_id: str) -> Tenant | web.Response:
    """The path's tenant, or the page a flow step answers instead: an unknown tenant, or too many
    attempts from this address."""
    try:
        tenant = await load_tenant(request, tenant_id)
    except ApiError as exc:
        if exc.code != TENANT_NOT_FOUND.code:
            raise
        # Not the path's text: it lands in a cookie path, and may hold anything.
        return await _page(request, None, "unknown_tenant", 404)
    if await _limited(request, tenant.id):
        return await _page(request, tenant, "rate_limited", 429)
    return tenant


# -- start ---------------------------------------------------------------------------------------


async def start(
    request: web.Request, tenant_id: str, connection_id: str, redirect_url: str | None, link_token: str | None
) -> web.Response:
    st = state(request)
    tenant = await _tenant_or_page(request, tenant_id)
    if isinstance(tenant, web.Response):
        return tenant
    row = None
    if len(connection_id) <= 64 and connection_id.isascii():
        row = await store.get_connection(st.pool, tenant.id, connection_id)
    if row is None:
        return await _page(request, tenant, "unknown_connection", 404)

    link_user_id = link_session_id = None
    if link_token:
        # The ticket carries the redirect_url it was validated with; it is spent here.
        async with st.pool.acquire() as conn, conn.transaction():
            ticket = None
            if len(link_token) <= 512 and link_token.isascii():
                ticket = await store.take_ticket(conn, tenant.id, sha256_hex(link_token), "link")
        if (
            ticket is None
            or ticket.used_at is not None
            or ticket.expires_at <= datetime.now(UTC)
            or ticket.connection_id != row.id
            or ticket.redirect_url is None  # a link ticket is made with its redirect_url
        ):
            # Rendered after the transaction (the page reads the tenant's texts on its own).
            return await _page(request, tenant, "link_expired")
        redirect = ticket.redirect_url
        link_user_id, link_session_id = ticket.user_id, ticket.session_id
    else:
        try:
            if not redirect_url:
                raise ValidationFailed("redirect_url", "is required")
            redirect = check_redirect(
                redirect_url,
                auth_config.load(tenant.auth_config),
                own=OwnPages(st.settings.public_url, tenant.id),
            )
        except ValidationFailed as exc:
            why = exc.details[0]["message"] if exc.details else exc.message
            return await _page(request, tenant, "bad_redirect", reason=why)
    if tenant.status != "active":
        return _error_redirect(redirect, "tenant_suspended", "This application is suspended; sign-in is unavailable.")
    if not row.enabled:
        return _error_redirect(redirect, "connection_disabled", f"Sign-in with {row.name} is disabled.")
    try:
        ep = await providers.endpoints(_cache(request), row, st.settings.webhook_allow_http)
    except FlowError as exc:
        return _error_redirect(redirect, exc.code, exc.description)

    state_value = random_token(32)
    state_hash = sha256_hex(state_value)
    verifier = random_token(48)
    nonce = random_token(24)
    browser = random_token(32)
    async with st.pool.acquire() as conn, conn.transaction():
        await store.drop_expired(conn, tenant.id)
        await store.insert_flow(
            conn,
            {
                "tenant_id": tenant.id,
                "state_hash": state_hash,
                "connection_id": row.id,
                "browser_hash": sha256_hex(browser),
                "redirect_url": redirect,
                "code_verifier_sealed": st.box.encrypt(verifier, f"flow:{tenant.id}:{state_hash}"),
                "nonce": nonce,
                "link_user_id": link_user_id,
                "link_session_id": link_session_id,
                "expires_at": datetime.now(UTC) + FLOW_TTL,
            },
        )
    location = providers.authorization_url(
        ep,
        row,
        redirect_uri=service.callback_url(st.settings.public_url, tenant.id),
        state=state_value,
        nonce=nonce,
        challenge=_challenge(verifier),
    )
    response = pages.redirect(location)
    https = pages.secure(st.settings.public_url)
    # SameSite=None (https only) lets the cookie ride Apple's cross-site form_post callback;
    # Lax is enough for the usual GET redirect back from the provider.
    response.set_cookie(
        _cookie_name(state_hash),
        browser,
        path=_cookie_path(tenant.id),
        httponly=True,
        secure=https,
        samesite="None" if https else "Lax",
        max_age=int(FLOW_TTL.total_seconds()),
    )
    return response


# -- callback ------------------------------------------------------------------------------------


async def callback(request: web.Request, tenant_id: str, params: dict[str, str]) -> web.Response:
    st = state(request)
    tenant = await _tenant_or_page(request, tenant_id)
    if isinstance(tenant, web.Response):
        return tenant
    state_value = params.get("state") or ""
    if not state_value or len(state_value) > 512 or not state_value.isascii():
        return await _page(request, tenant, "no_state")
    state_hash = sha256_hex(state_value)
    flow = await store.get_flow(st.pool, tenant.id, state_hash)
    if flow is None:
        return await _page(request, tenant, "unknown_flow")
    cookie = _cookie_name(state_hash)
    redirect = flow.redirect_url

    def fail(code: str, description: str) -> web.Response:
        return _error_redirect(redirect, code, description, clear_cookie=cookie, tenant_id=tenant.id)

    if flow.used_at is not None:
        return fail("invalid_state", "This sign-in response was already used. Start signing in again.")
    if flow.expires_at <= datetime.now(UTC):
        return fail("invalid_state", "This sign-in took too long and has expired. Start signing in again.")
    presented = request.cookies.get(cookie, "")
    if not presented or not constant_time_equals(sha256_hex(presented), flow.browser_hash):
        return fail(
            "invalid_state",
            "This sign-in was started in another browser (or its cookie is gone). Start signing in again.",
        )
    async with st.pool.acquire() as conn:
        if not await store.spend_flow(conn, tenant.id, state_hash):
            return fail("invalid_state", "This sign-in response was already used. Start signing in again.")
    if params.get("error"):
        code = "access_denied" if params["error"] == "access_denied" else "provider_error"
        text = (params.get("error_description") or params["error"])[:300]
        return fail(code, f"The provider answered: {text}")
    code_value = params.get("code") or ""
    if not code_value or len(code_value) > 4096:
        return fail("invalid_request", "The provider's response has no authorization code.")
    try:
        result = await _complete(request, tenant, flow, params, code_value)
    except FlowError as exc:
        return fail(exc.code, exc.description)
    return _redirect(with_result(redirect, result), clear_cookie=cookie, tenant_id=tenant.id)


async def _complete(
    request: web.Request, tenant: Tenant, flow: FlowRecord, params: dict[str, str], code: str
) -> dict[str, str]:
    st = state(request)
    row = await store.get_connection(st.pool, tenant.id, flow.connection_id)
    if row is None:
        raise FlowError("connection_not_found", "This sign-in option no longer exists.")
    if not row.enabled:
        raise FlowError("connection_disabled", f"Sign-in with {row.name} is disabled.")
    allow_http = st.settings.webhook_allow_http
    cache = _cache(request)
    ep = await providers.endpoints(cache, row, allow_http)
    iss = params.get("iss")
    if ep.issuer and "{tenantid}" not in ep.issuer and (iss is not None or ep.iss_parameter) and iss != ep.issuer:
        # RFC 9207: the response must come from the provider this flow was sent to (mix-up attacks).
        raise FlowError("invalid_state", "The sign-in response comes from another provider than expected.")
    verifier = st.box.decrypt(flow.code_verifier_sealed, f"flow:{tenant.id}:{flow.state_hash}")
    tokens = await providers.exchange_code(
        ep,
        row,
        service.client_secret(st.box, row),
        code=code,
        verifier=verifier,
        redirect_uri=service.callback_url(st.settings.public_url, tenant.id),
        allow_http=allow_http,
    )
    profile = await providers.profile(
        cache, ep, row, tokens, nonce=flow.nonce, allow_http=allow_http, apple_user=params.get("user")
    )
    try:
        return await _resolve(request, tenant.id, row, flow, profile)
    except asyncpg.UniqueViolationError:
        # Two first sign-ins of one provider account at once: the other one won.
        raise FlowError("conflict", "This account was connected at the same moment elsewhere; sign in again.") from None
    except ApiError as exc:  # create_user's 409 when the same address signed up at that moment
        raise FlowError(exc.code, exc.message) from None


async def _resolve(
    request: web.Request, tenant_id: str, row: ConnectionRecord, flow: FlowRecord, profile: Profile
) -> dict[str, str]:
    """Sign in, sign up or link, in one transaction with events, audit entries and the ticket."""
    st = state(request)
    rt = runtime(request)
    provider_label = row.name
    async with st.pool.acquire() as conn, conn.transaction():
        # Read fresh (the tenant cache may be seconds old): sign-up and suspension rules apply now.
        trow = await tenants.status_and_config(conn, tenant_id)
        if trow is None:
            raise FlowError("tenant_not_found", "This application no longer exists.")
        if trow["status"] != "active":
            raise FlowError("tenant_suspended", "This application is suspended; sign-in is unavailable.")
        config = auth_config.load(trow["auth_config"])
        identity = await store.find_identity(conn, tenant_id, row.id, profile.provider_user_id, for_update=True)

        if flow.link_user_id is not None:
            user = await users.get(conn, tenant_id, flow.link_user_id, for_update=True)
            alive = flow.link_session_id is not None and await sessions.is_alive(
                conn, tenant_id, flow.link_session_id, flow.link_user_id
            )
            if user is None or not alive:
                raise FlowError(
                    "session_expired", "You were signed out meanwhile; sign in and connect the account again."
                )
            _active(user)
            if identity is not None and identity.user_id != user.id:
                raise FlowError(
                    "identity_already_linked", f"This {provider_label} account is already connected to another user."
                )
            # Not linked here: this browser may not be the one that asked (a link URL is easy to
            # send to someone else). The application completes the link with the session that
            # asked for it (complete_link); another browser's app holds no such session.
            ticket = random_token(32)
            await store.insert_ticket(
                conn,
                {
                    "tenant_id": tenant_id,
                    "token_hash": sha256_hex(ticket),
                    "kind": "link_result",
                    "user_id": user.id,
                    "session_id": flow.link_session_id,
                    "connection_id": row.id,
                    "profile": msgspec.structs.asdict(profile),
                    "expires_at": datetime.now(UTC) + EXCHANGE_TTL,
                },
            )
            return {"link_token": ticket}

        new_user = False
        if identity is not None:
            user = await users.get(conn, tenant_id, identity.user_id, for_update=True)
            assert user is not None  # the identity's foreign key cascades from the user
            _active(user)
            identity = await store.touch_identity(conn, tenant_id, identity.id, profile)
            if profile.email_verified and profile.email == user.email and not user.email_verified:
                # The provider vouches for the user's own address: its first proof, which ends
                # what was set up before it (identity/auth/email_proof.py).
                user = await email_proof.prove(
                    rt,
                    conn,
                    tenant_id,
                    user,
                    via=email_proof.PROVIDER,
                    client=ClientInfo(ip_address=client_ip(request), user_agent=user_agent(request)),
                )
        else:
            email = profile.email
            if not email:
                raise FlowError(
                    "email_required",
                    f"{provider_label} did not share an email address with this "
                    "application; allow it to, or use another way to sign in.",
                )
            user = await users.get_by_email(conn, tenant_id, email, for_update=True)
            if user is not None:
                # Linking to an existing account on the email alone needs both sides verified:
                # the provider's (else anyone could claim the address there), and ours (else
                # whoever registered the address here without proving it keeps a way in).
                if not profile.email_verified:
                    raise FlowError(
                        "unverified_email",
                        f"An account with {email} already exists, and {provider_label} has not verified "
                        "this address, so it cannot be connected automatically. Sign in another way "
                        "and connect the account from your settings.",
                    )
                if not user.email_verified:
                    raise FlowError(
                        "account_email_not_verified",
                        f"An account with {email} already exists but its address is not verified. "
                        "Verify it (or reset the password) first, then sign in again.",
                    )
                _active(user)
            else:
                if not config.sign_up_enabled:
                    raise FlowError("sign_up_disabled", "Sign-up is disabled for this application.")
                user = await create_user(
                    conn, tenant_id, email=email, name=profile.name, email_verified=profile.email_verified
                )
                if profile.avatar_url:
                    user = await users.update(conn, tenant_id, user.id, {"avatar_url": profile.avatar_url})
                    assert user is not None  # created just above in this transaction
                if not user.email_verified:
                    await queue_verification(conn, rt.box, st.settings.public_url, tenant_id, user)
                new_user = True
            identity = await _link(conn, tenant_id, row, user, profile, request)

        ticket = random_token(32)
        await store.insert_ticket(
            conn,
            {
                "tenant_id": tenant_id,
                "token_hash": sha256_hex(ticket),
                "kind": "exchange",
                "user_id": user.id,
                "connection_id": row.id,
                "identity_id": identity.id,
                "new_user": new_user,
                "expires_at": datetime.now(UTC) + EXCHANGE_TTL,
            },
        )
    return {"token": ticket}


def _active(user: UserRecord) -> None:
    if user.status != "active":
        code = "user_banned" if user.status == "banned" else "user_disabled"
        raise FlowError(code, "This account is banned." if code == "user_banned" else "This account is disabled.")


async def _link(
    conn: asyncpg.Connection,
    tenant_id: str,
    row: ConnectionRecord,
    user: UserRecord,
    profile: Profile,
    request: web.Request,
) -> Any:
    identity = await store.insert_identity(
        conn,
        {
            "tenant_id": tenant_id,
            "id": new_id("oac"),
            "user_id": user.id,
            "connection_id": row.id,
            "provider": row.provider,
            "provider_user_id": profile.provider_user_id,
            "email": profile.email,
            "email_verified": profile.email_verified,
            "name": profile.name,
            "avatar_url": profile.avatar_url,
            "last_sign_in_at": datetime.now(UTC),
        },
    )
    await emit(
        conn,
        tenant_id,
        "oauth.connected",
        {
            "id": identity.id,
            "user_id": user.id,
            "provider": row.provider,
            "provider_user_id": profile.provider_user_id,
            "email": profile.email,
            "connected_at": identity.created_at,
            "connection_id": row.id,
        },
    )
    audit = AuditContext(
        actor={"id": user.id, "email": user.email, "type": "user"},
        ip_address=client_ip(request),
        user_agent=user_agent(request),
    )
    await audit.record(
        conn,
        tenant_id,
        "oauth.connected",
        "user",
        user.id,
        {
            "identity_id": identity.id,
            "provider": row.provider,
            "connection_id": row.id,
            "provider_user_id": profile.provider_user_id,
        },
    )
    return identity


# -- completing a link ---------------------------------------------------------------------------


async def complete_link(
    request: web.Request, tenant: Tenant, user_id: str, session_id: str | None, token: str
) -> Identity:
    """Attach the provider account of a link flow to the signed-in user. Only the session that
    asked for the link (POST /v1/me/identities/link) can spend its ticket: any other session,
    of another user or not, gets invalid_token and nothing changes."""
    try:
        return await _complete_link(request, tenant, user_id, session_id, token)
    except asyncpg.UniqueViolationError:
        # The same provider account linked to another user at that very moment.
        raise IDENTITY_ALREADY_LINKED() from None


async def _complete_link(
    request: web.Request, tenant: Tenant, user_id: str, session_id: str | None, token: str
) -> Identity:
    st = state(request)
    async with st.pool.acquire() as conn, conn.transaction():
        ticket = await store.take_ticket(conn, tenant.id, sha256_hex(token), "link_result")
        if (
            ticket is None
            or ticket.used_at is not None
            or session_id is None
            or ticket.user_id != user_id
            or ticket.session_id != session_id
            # A link result is made with its connection and the provider's profile.
            or ticket.connection_id is None
            or ticket.profile is None
        ):
            raise auth_errors.INVALID_TOKEN(
                "The link token is not valid, was already used, or was "
                "issued to another sign-in; start connecting the account again."
            )
        if ticket.expires_at <= datetime.now(UTC):
            raise auth_errors.TOKEN_EXPIRED("The link token has expired; start connecting the account again.")
        row = await store.get_connection(conn, tenant.id, ticket.connection_id)
        if row is None or not row.enabled:
            raise CONNECTION_DISABLED()
        user = await users.get(conn, tenant.id, user_id, for_update=True)
        if user is None:
            raise USER_NOT_FOUND()
        if not user.email_verified:  # the address changed since the link began (service.start_link)
            raise auth_errors.EMAIL_NOT_VERIFIED(LINK_NEEDS_VERIFIED_EMAIL)
        profile = ticket.profile
        identity = await store.find_identity(conn, tenant.id, row.id, profile.provider_user_id, for_update=True)
        if identity is not None and identity.user_id != user_id:
            raise IDENTITY_ALREADY_LINKED()
        if identity is None:
            identity = await _link(conn, tenant.id, row, user, profile, request)
        else:
            identity = await store.touch_identity(conn, tenant.id, identity.id, profile)
    return service.present_identity(identity)


# -- exchange ------------------------------------------------------------------------------------


async def exchange(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, token: str, client: ClientInfo
) -> ExchangeResult:
    ensure_open(tenant)
    async with pool.acquire() as conn, conn.transaction():
        ticket = await store.take_ticket(conn, tenant.id, sha256_hex(token), "exchange")
        if ticket is None or ticket.used_at is not None:
            raise auth_errors.INVALID_TOKEN("The sign-in token is not valid or was already used.")
        if ticket.expires_at <= datetime.now(UTC):
            raise auth_errors.TOKEN_EXPIRED("The sign-in token has expired; sign in again.")
        user = await users.get(conn, tenant.id, ticket.user_id, for_update=True)
        if user is None:
            raise auth_errors.INVALID_TOKEN()
        ensure_can_sign_in(user)
        if not ticket.new_user:
            # As password sign-in: an existing account's address must be verified when the
            # tenant requires it. A provider sign-up gets its one session, as a password sign-up
            # does (docs/auth.md).
            ensure_email_verified(tenant, user)
        # The MFA gate applies exactly as on password sign-in; with a challenge the ticket is
        # spent now (commit) and the sign-in ends when the challenge is verified.
        challenge = await mfa_challenge(conn, rt, tenant, user)
        if challenge is None:
            user, creds = await complete_sign_in(conn, rt, tenant, user, client)
    if challenge is not None:
        raise auth_errors.MFA_REQUIRED(extra={"mfa_challenge": challenge})
    assert ticket.identity_id is not None  # an exchange ticket names the identity it signed in with
    return ExchangeResult(
        user=present_user(user, private=False),
        session=creds,
        new_user=ticket.new_user,
        identity_id=ticket.identity_id,
    )
