"""HTTP handlers: connection management (/v1/connections, secret key with '*'), a user's
identities (/v1/users/{id}/identities with the secret key, /v1/me/identities with the user's
access token), and the browser flow (/v1/oauth/{tenant_id}/..., no credential; the exchange with
the publishable key). docs/connections.md."""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.auth.runtime import runtime
from identity.connections import flow, service
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
from identity.http.auth import ACCESS_TOKEN, PUBLISHABLE, SECRET
from identity.http.bodies import read_form
from identity.http.routing import Ctx, Router
from identity.sessions.device import client_info
from identity.state import state

router = Router()
_manage = {"auth": (SECRET,), "scope": "*", "tag": "Connections"}
_me = {"auth": (ACCESS_TOKEN,), "tag": "Connections", "idempotent": False}
_browser = {"tenant": False, "idempotent": False, "tag": "Connections", "content_type": "text/html"}


# -- management ----------------------------------------------------------------------------------

@router.get("/v1/connections", query=ListConnections, response=ConnectionList,
            summary="List the tenant's connections to external sign-in providers", **_manage)
async def list_connections(ctx: Ctx):
    return await service.list_connections(ctx.pool, ctx.settings, ctx.tenant_id, ctx.query)


@router.post("/v1/connections", body=CreateConnection, response=Connection, status=201,
             summary="Add a connection (google, github, microsoft, apple, oidc, oauth2); the client secret "
                     "is stored encrypted and never returned (the answer holds no secret, so "
                     "Idempotency-Key is honoured)",
             **_manage)
async def create_connection(ctx: Ctx):
    st = state(ctx.app)
    return await service.create(ctx.pool, st.box, ctx.settings, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.get("/v1/connections/{id}", response=Connection, summary="Get a connection (without its secret)", **_manage)
async def get_connection(ctx: Ctx):
    return await service.get(ctx.pool, ctx.settings, ctx.tenant_id, ctx.param("id"))


@router.patch("/v1/connections/{id}", body=UpdateConnection, response=Connection,
              summary="Change a connection (endpoints and field_mapping are replaced whole; the provider "
                      "cannot change)", **_manage)
async def update_connection(ctx: Ctx):
    st = state(ctx.app)
    return await service.update(ctx.pool, st.box, ctx.settings, ctx.tenant_id, ctx.param("id"), ctx.body,
                                from_ctx(ctx))


@router.delete("/v1/connections/{id}", status=204, errors=(409,),
               summary="Delete a connection nobody has signed in with (else 409 connection_in_use)", **_manage)
async def delete_connection(ctx: Ctx):
    await service.delete(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


# -- identities ----------------------------------------------------------------------------------

@router.get("/v1/users/{id}/identities", query=ListIdentities, response=IdentityList, auth=(SECRET,),
            scope="users:read", tag="Connections", summary="The user's connected provider accounts")
async def user_identities(ctx: Ctx):
    return await service.list_identities(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.query)


@router.delete("/v1/users/{id}/identities/{identity_id}", status=204, errors=(409,), auth=(SECRET,),
               scope="users:write", tag="Connections",
               summary="Disconnect a provider account (409 last_sign_in_method when it is the user's only way in)")
async def user_disconnect(ctx: Ctx):
    await service.disconnect(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.param("identity_id"), from_ctx(ctx))


@router.get("/v1/me/identities", query=ListIdentities, response=IdentityList,
            summary="The signed-in user's connected provider accounts", **_me)
async def my_identities(ctx: Ctx):
    assert ctx.principal is not None and ctx.principal.user_id is not None
    return await service.list_identities(ctx.pool, ctx.tenant_id, ctx.principal.user_id, ctx.query)


@router.delete("/v1/me/identities/{identity_id}", status=204, errors=(409,),
               summary="Disconnect one of the signed-in user's provider accounts", **_me)
async def my_disconnect(ctx: Ctx):
    assert ctx.principal is not None and ctx.principal.user_id is not None
    await service.disconnect(ctx.pool, ctx.tenant_id, ctx.principal.user_id, ctx.param("identity_id"),
                             from_ctx(ctx))


@router.post("/v1/me/identities/link", body=StartLink, response=LinkStarted, status=201, errors=(403, 404, 409),
             summary="Start connecting another provider account: answers a URL (valid 5 minutes, single use) "
                     "to open in the user's browser. Needs a verified address (else 403 email_not_verified) "
                     "and a sign-in less than 10 minutes old (else 403 reauthentication_required). "
                     "redirect_url must be on an origin in the tenant's "
                     "allowed_origins ('*' allows none); it receives ?link_token=... (or ?error=...), which "
                     "this session completes with POST /v1/me/identities/link/complete", **_me)
async def my_link(ctx: Ctx):
    assert ctx.principal is not None and ctx.principal.tenant is not None and ctx.principal.user_id is not None
    return await service.start_link(ctx.pool, ctx.settings, ctx.principal.tenant, ctx.principal.user_id,
                                    ctx.principal.session_id, ctx.body)


@router.post("/v1/me/identities/link/complete", body=CompleteLink, response=Identity, errors=(401, 404, 409),
             summary="Finish connecting a provider account: the link_token from the redirect_url, spent by the "
                     "session that started the link (any other session gets 401 invalid_token); answers the "
                     "connected identity", **_me)
async def my_link_complete(ctx: Ctx):
    assert ctx.principal is not None and ctx.principal.tenant is not None and ctx.principal.user_id is not None
    return await flow.complete_link(ctx.request, ctx.principal.tenant, ctx.principal.user_id,
                                    ctx.principal.session_id, ctx.body.token)


# -- the browser flow ----------------------------------------------------------------------------

@router.get("/v1/auth/oauth/connections", response=PublicConnectionList, auth=(PUBLISHABLE,),
            tag="Connections", summary="The tenant's enabled connections, to show sign-in buttons")
async def public_connections(ctx: Ctx):
    return await service.public_list(ctx.pool, ctx.settings, ctx.tenant_id)


@router.get("/v1/oauth/{tenant_id}/connections/{connection_id}/start", query=StartQuery,
            summary="Start signing in with a connection (a browser navigation, no credential): 302 to the "
                    "provider. redirect_url (absolute http(s), its origin exactly one of the tenant's "
                    "allowed_origins; an empty list or '*' allows none) receives ?token=... or "
                    "?error=...&error_description=...; or link_token from POST /v1/me/identities/link. "
                    "Invalid requests get an HTML error page, never a redirect.",
            **_browser)
async def start(ctx: Ctx):
    return await flow.start(ctx.request, ctx.param("tenant_id"), ctx.param("connection_id"),
                            ctx.query.redirect_url, ctx.query.link_token)


@router.get("/v1/oauth/{tenant_id}/callback", query=CallbackQuery,
            summary="The redirect URI to register at every provider (code, state, iss or error): 302 to the "
                    "app's redirect_url with token=<one-time token> (or link_token=... for a link, "
                    "or error + error_description); an HTML error page when the state is unknown",
            **_browser)
async def callback_get(ctx: Ctx):
    return await flow.callback(ctx.request, ctx.param("tenant_id"), dict(ctx.request.query))


@router.post("/v1/oauth/{tenant_id}/callback", form=CallbackQuery,
             summary="The same callback, as a form post (Sign in with Apple's response_mode=form_post)",
             **_browser)
async def callback_post(ctx: Ctx):
    form = await read_form(ctx.request)
    params = {k: v for k, v in form.items() if isinstance(v, str)}
    return await flow.callback(ctx.request, ctx.param("tenant_id"), params)


@router.post("/v1/auth/oauth/exchange", body=Exchange, response=ExchangeResult, errors=(401, 403),
             auth=(PUBLISHABLE,), tag="Authentication", idempotent=False,
             summary="Exchange the one-time token of the callback for {user, session} (403 mfa_required "
                     "when the user must pass MFA; 403 email_not_verified, as on password sign-in, for an "
                     "existing account whose address is not verified while the tenant requires it)")
async def exchange(ctx: Ctx):
    assert ctx.principal is not None and ctx.principal.tenant is not None
    return await flow.exchange(ctx.pool, runtime(ctx.app), ctx.principal.tenant, ctx.body.token,
                               client_info(ctx.request))
