"""HTTP handlers: connection management (/v1/connections, secret key with '*'), a user's
identities (/v1/users/{id}/identities with the secret key, /v1/me/identities with the user's
access token), and the browser flow (/v1/oauth/{tenant_id}/..., no credential; the exchange with
the publishable key). docs/connections.md."""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.auth import errors as auth_errors
from identity.connections import flow, service
from identity.connections.errors import (
    CONNECTION_DISABLED,
    CONNECTION_IN_USE,
    CONNECTION_NOT_FOUND,
    IDENTITY_ALREADY_LINKED,
    IDENTITY_NOT_FOUND,
    LAST_SIGN_IN_METHOD,
    REAUTHENTICATION_REQUIRED,
)
from identity.connections.schemas import (
    CallbackQuery,
    CompleteLink,
    Connection,
    ConnectionList,
    CreateConnection,
    Exchange,
    ExchangeResult,
    Identity,
    IdentityList,
    LinkStarted,
    ListConnections,
    ListIdentities,
    PublicConnectionList,
    StartLink,
    StartQuery,
    UpdateConnection,
)
from identity.http.bodies import read_form
from identity.http.routing import Ctx, HandlerResult, Router
from identity.principals import ACCESS_TOKEN, PUBLISHABLE, SECRET
from identity.sessions.device import client_info
from identity.sessions.runtime import runtime
from identity.state import state
from identity.users.errors import USER_NOT_FOUND

router = Router()
_manage = {"auth": (SECRET,), "scope": "*", "tag": "Connections"}
_me = {"auth": (ACCESS_TOKEN,), "tag": "Connections", "idempotent": False}
_browser = {"tenant": False, "idempotent": False, "tag": "Connections", "content_type": "text/html"}


# -- management ----------------------------------------------------------------------------------


@router.get(
    "/v1/connections",
    query=ListConnections,
    response=ConnectionList,
    summary="List the tenant's connections to external sign-in providers",
    **_manage,
)
async def list_connections(ctx: Ctx) -> HandlerResult:
    """Lists the tenant's connections to external sign-in providers (Google, GitHub, Microsoft, Apple, any
    OpenID Connect or OAuth 2.0 provider) with their settings and the callback URL to register at the
    provider; client secrets are never returned. Called with a **secret key** holding the `*` scope.
    Cursor pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing."""
    return await service.list_connections(ctx.pool, ctx.settings, ctx.tenant_id, ctx.query)


@router.post(
    "/v1/connections",
    body=CreateConnection,
    response=Connection,
    status=201,
    summary="Add a connection (google, github, microsoft, apple, oidc, oauth2); the client secret "
    "is stored encrypted and never returned (the answer holds no secret, so "
    "Idempotency-Key is honoured)",
    **_manage,
)
async def create_connection(ctx: Ctx) -> HandlerResult:
    """Adds a sign-in provider to the tenant: `google`, `github`, `microsoft`, `apple`, `oidc` (from a
    discovery URL) or `oauth2` (explicit endpoints and a `field_mapping`). Called with a **secret key**
    holding the `*` scope. The client secret (or Apple's private key) is stored encrypted and never
    returned; provider endpoints must pass the outbound address policy (422 otherwise), and an OpenID
    Connect provider needs the `openid` scope. Writes the audit entry `connection.created`. Idempotency-
    Key is honoured (the answer holds no secret)."""
    st = state(ctx.app)
    return await service.create(ctx.pool, st.box, ctx.settings, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.get(
    "/v1/connections/{id}",
    response=Connection,
    summary="Get a connection (without its secret)",
    **_manage,
    errors=(CONNECTION_NOT_FOUND,),
)
async def get_connection(ctx: Ctx) -> HandlerResult:
    """Returns one of the tenant's connections with its settings and callback URL, never its secret. Called
    with a **secret key** holding the `*` scope; 404 for an unknown connection. Changes nothing."""
    return await service.get(ctx.pool, ctx.settings, ctx.tenant_id, ctx.param("id"))


@router.patch(
    "/v1/connections/{id}",
    body=UpdateConnection,
    response=Connection,
    summary="Change a connection (endpoints and field_mapping are replaced whole; the provider cannot change)",
    **_manage,
    errors=(CONNECTION_NOT_FOUND,),
)
async def update_connection(ctx: Ctx) -> HandlerResult:
    """Changes a connection's name, credentials, scopes, endpoints, field mapping or `enabled` flag;
    `endpoints` and `field_mapping` are replaced whole and checked as at creation (422), and the
    provider cannot change. A new secret is stored encrypted. Called with a **secret key** holding the
    `*` scope; 404 for an unknown connection. Disabling a connection stops new sign-ins with it. Writes
    the audit entry `connection.updated`."""
    st = state(ctx.app)
    return await service.update(ctx.pool, st.box, ctx.settings, ctx.tenant_id, ctx.param("id"), ctx.body, from_ctx(ctx))


@router.delete(
    "/v1/connections/{id}",
    status=204,
    summary="Delete a connection nobody has signed in with (else 409 connection_in_use)",
    **_manage,
    errors=(CONNECTION_NOT_FOUND, CONNECTION_IN_USE),
)
async def delete_connection(ctx: Ctx) -> None:
    """Deletes a connection that no user has signed in with; once users are connected through it the answer
    is 409 `connection_in_use` (disable it instead, or disconnect their identities first). Called with a
    **secret key** holding the `*` scope; 404 for an unknown connection. Writes the audit entry
    `connection.deleted`."""
    await service.delete(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


# -- identities ----------------------------------------------------------------------------------


@router.get(
    "/v1/users/{id}/identities",
    query=ListIdentities,
    response=IdentityList,
    auth=(SECRET,),
    scope="users:read",
    tag="Connections",
    summary="The user's connected provider accounts",
    errors=(USER_NOT_FOUND,),
)
async def user_identities(ctx: Ctx) -> HandlerResult:
    """Lists the provider accounts connected to a user (provider, provider's user id, email, last sign-in).
    Called with a **secret key** holding the `users:read` scope; 404 for an unknown user. Cursor
    pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing."""
    return await service.list_identities(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.query)


@router.delete(
    "/v1/users/{id}/identities/{identity_id}",
    status=204,
    auth=(SECRET,),
    scope="users:write",
    tag="Connections",
    summary="Disconnect a provider account (409 last_sign_in_method when it is the user's only way in)",
    errors=(IDENTITY_NOT_FOUND, USER_NOT_FOUND, LAST_SIGN_IN_METHOD),
)
async def user_disconnect(ctx: Ctx) -> None:
    """Disconnects a provider account from a user, from the tenant's backend. Called with a **secret key**
    holding the `users:write` scope. Refused with 409 `last_sign_in_method` when it is the user's only
    way to sign in (no password and no other connected account); 404 for an unknown user or identity.
    Emits `oauth.disconnected` and writes the audit entry `oauth.disconnected`."""
    await service.disconnect(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.param("identity_id"), from_ctx(ctx))


@router.get(
    "/v1/me/identities",
    query=ListIdentities,
    response=IdentityList,
    summary="The signed-in user's connected provider accounts",
    **_me,
)
async def my_identities(ctx: Ctx) -> HandlerResult:
    """Lists the provider accounts connected to the signed-in user. Called with the **user's access
    token**. Cursor pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing."""
    assert ctx.principal is not None and ctx.principal.user_id is not None
    return await service.list_identities(ctx.pool, ctx.tenant_id, ctx.principal.user_id, ctx.query)


@router.delete(
    "/v1/me/identities/{identity_id}",
    status=204,
    summary="Disconnect one of the signed-in user's provider accounts",
    **_me,
    errors=(IDENTITY_NOT_FOUND, LAST_SIGN_IN_METHOD),
)
async def my_disconnect(ctx: Ctx) -> None:
    """Disconnects one of the signed-in user's provider accounts. Called with the **user's access token**.
    Refused with 409 `last_sign_in_method` when it is the user's only way to sign in (no password and no
    other connected account); 404 for an identity that is not the user's. Emits `oauth.disconnected` and
    writes the audit entry `oauth.disconnected`."""
    assert ctx.principal is not None and ctx.principal.user_id is not None
    await service.disconnect(ctx.pool, ctx.tenant_id, ctx.principal.user_id, ctx.param("identity_id"), from_ctx(ctx))


@router.post(
    "/v1/me/identities/link",
    body=StartLink,
    response=LinkStarted,
    status=201,
    summary="Start connecting another provider account: answers a URL (valid 5 minutes, single use) "
    "to open in the user's browser. Needs a verified address (else 403 email_not_verified) "
    "and a sign-in less than 10 minutes old (else 403 reauthentication_required). "
    "redirect_url must be on an origin in the tenant's "
    "allowed_origins ('*' allows none); it receives ?link_token=... (or ?error=...), which "
    "this session completes with POST /v1/me/identities/link/complete",
    **_me,
    errors=(CONNECTION_NOT_FOUND, CONNECTION_DISABLED, REAUTHENTICATION_REQUIRED, auth_errors.EMAIL_NOT_VERIFIED),
)
async def my_link(ctx: Ctx) -> HandlerResult:
    """Starts connecting another provider account to the signed-in user. Called with the **user's access
    token** of a sign-in less than 10 minutes old (else 403 `reauthentication_required`). Answers a
    start URL, valid 5 minutes and usable once, to open in the user's browser; after the provider, the
    browser lands on `redirect_url` with `link_token` (or `error`), which this same session passes to
    `POST /v1/me/identities/link/complete`. `redirect_url` must be on an origin listed in the tenant's
    `allowed_origins` (exact match; an empty list or `*` allows none; else 422). 404 for an unknown
    connection, 409 for a disabled one. Stores only a hash of the ticket."""
    assert ctx.principal is not None and ctx.principal.tenant is not None and ctx.principal.user_id is not None
    return await service.start_link(
        ctx.pool, ctx.settings, ctx.principal.tenant, ctx.principal.user_id, ctx.principal.session_id, ctx.body
    )


@router.post(
    "/v1/me/identities/link/complete",
    body=CompleteLink,
    response=Identity,
    summary="Finish connecting a provider account: the link_token from the redirect_url, spent by the "
    "session that started the link (any other session gets 401 invalid_token); answers the "
    "connected identity",
    **_me,
    errors=(
        auth_errors.INVALID_TOKEN,
        auth_errors.TOKEN_EXPIRED,
        IDENTITY_ALREADY_LINKED,
        CONNECTION_DISABLED,
        auth_errors.EMAIL_NOT_VERIFIED,
    ),
)
async def my_link_complete(ctx: Ctx) -> HandlerResult:
    """Finishes connecting a provider account: spends the `link_token` that the provider's callback put on
    `redirect_url` and attaches the account to the signed-in user. Called with the **user's access
    token** of the session that started the link; any other session gets 401 `invalid_token` and nothing
    changes. 409 when the account is connected to another user or the connection was disabled. Emits
    `oauth.connected` and writes the audit entry `oauth.connected`; answers the connected identity."""
    assert ctx.principal is not None and ctx.principal.tenant is not None and ctx.principal.user_id is not None
    return await flow.complete_link(
        ctx.request, ctx.principal.tenant, ctx.principal.user_id, ctx.principal.session_id, ctx.body.token
    )


# -- the browser flow ----------------------------------------------------------------------------


@router.get(
    "/v1/auth/oauth/connections",
    response=PublicConnectionList,
    auth=(PUBLISHABLE,),
    tag="Connections",
    summary="The tenant's enabled connections, to show sign-in buttons",
)
async def public_connections(ctx: Ctx) -> HandlerResult:
    """Lists the tenant's enabled connections (id, provider, display name and the URL that starts its sign-
    in), so that a sign-in page can show its buttons. Called with the tenant's **publishable key**.
    Changes nothing."""
    return await service.public_list(ctx.pool, ctx.settings, ctx.tenant_id)


@router.get(
    "/v1/oauth/{tenant_id}/connections/{connection_id}/start",
    query=StartQuery,
    summary="Start signing in with a connection (a browser navigation, no credential): 302 to the "
    "provider. redirect_url (absolute http(s), its origin exactly one of the tenant's "
    "allowed_origins; an empty list or '*' allows none) receives ?token=... or "
    "?error=...&error_description=...; or link_token from POST /v1/me/identities/link. "
    "Invalid requests get an HTML error page, never a redirect.",
    **_browser,
)
async def start(ctx: Ctx) -> HandlerResult:
    """Starts signing in with a connection: a browser navigation, without any credential, answered with a
    302 to the provider (state, PKCE and nonce kept server-side, bound to this browser by a cookie).
    `redirect_url` must be an absolute http(s) URL on an origin listed in the tenant's `allowed_origins`
    (exact match; an empty list or `*` allows none); it later receives `?token=...` or
    `?error=...&error_description=...`. With `link_token` (from `POST /v1/me/identities/link`) the flow
    links an account instead. Invalid requests get an HTML error page, never a redirect. Limited to 30
    starts and callbacks per minute per address."""
    return await flow.start(
        ctx.request, ctx.param("tenant_id"), ctx.param("connection_id"), ctx.query.redirect_url, ctx.query.link_token
    )


@router.get(
    "/v1/oauth/{tenant_id}/callback",
    query=CallbackQuery,
    summary="The redirect URI to register at every provider (code, state, iss or error): 302 to the "
    "app's redirect_url with token=<one-time token> (or link_token=... for a link, "
    "or error + error_description); an HTML error page when the state is unknown",
    **_browser,
)
async def callback_get(ctx: Ctx) -> HandlerResult:
    """The redirect URI to register at every provider (one per tenant). The provider sends the browser here
    with `code` and `state` (or `error`); the service checks the state, its browser cookie, single use
    and expiry, exchanges the code and reads the profile. Then, in one transaction, it signs in the
    existing user, connects the account (`oauth.connected`) or creates a new user (`user.created`, and
    the **verification email** when the provider did not verify the address), and redirects to the app's
    `redirect_url` with a one-time `token` (or `link_token`, or `error`). When the provider vouches for
    an existing user's unverified address, that first proof marks it verified (`user.updated`), ends
    earlier sessions (`session.revoked`), drops a password set before it (`user.password_changed`) and
    unlinks accounts that do not vouch for it (`oauth.disconnected`). An unknown state gets an HTML
    error page. No credential."""
    return await flow.callback(ctx.request, ctx.param("tenant_id"), dict(ctx.request.query))


@router.post(
    "/v1/oauth/{tenant_id}/callback",
    form=CallbackQuery,
    summary="The same callback, as a form post (Sign in with Apple's response_mode=form_post)",
    **_browser,
)
async def callback_post(ctx: Ctx) -> HandlerResult:
    """The same callback as `GET /v1/oauth/{tenant_id}/callback`, received as a form post (Sign in with
    Apple's `response_mode=form_post`), with the same checks and outcomes: a user signed in, a connected
    account (`oauth.connected`) or a new user (`user.created`, with the **verification email** when the
    provider did not verify the address), a first proof of an existing user's address (`user.updated`,
    `session.revoked`, `user.password_changed`, `oauth.disconnected`), and a 302 to the app's
    `redirect_url` with a one-time `token`, `link_token` or `error`. No credential."""
    form = await read_form(ctx.request)
    params = {k: v for k, v in form.items() if isinstance(v, str)}
    return await flow.callback(ctx.request, ctx.param("tenant_id"), params)


@router.post(
    "/v1/auth/oauth/exchange",
    body=Exchange,
    response=ExchangeResult,
    auth=(PUBLISHABLE,),
    tag="Authentication",
    idempotent=False,
    summary="Exchange the one-time token of the callback for {user, session} (403 mfa_required "
    "when the user must pass MFA; 403 email_not_verified, as on password sign-in, for an "
    "existing account whose address is not verified while the tenant requires it)",
    errors=(
        auth_errors.EMAIL_NOT_VERIFIED,
        auth_errors.INVALID_TOKEN,
        auth_errors.MFA_REQUIRED,
        auth_errors.TENANT_SUSPENDED,
        auth_errors.TOKEN_EXPIRED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
    ),
)
async def exchange(ctx: Ctx) -> HandlerResult:
    """Exchanges the one-time `token` that the callback put on the app's `redirect_url` (valid 2 minutes,
    usable once) for `{user, session}`, plus whether the user is new and the identity used. Called with
    the tenant's **publishable key**. Applies the same rules as a password sign-in: 403 for a suspended
    tenant or a disabled user, 403 `mfa_required` with a challenge when the user has a second factor.
    Creates a session (`session.created`) and queues the **welcome email** on a first sign-in.
    Idempotency-Key is ignored (the answer carries tokens)."""
    assert ctx.principal is not None and ctx.principal.tenant is not None
    return await flow.exchange(
        ctx.pool, runtime(ctx.app), ctx.principal.tenant, ctx.body.token, client_info(ctx.request)
    )
