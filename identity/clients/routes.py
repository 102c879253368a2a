"""HTTP handlers for /v1/clients (secret key; client management needs the '*' scope)."""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.clients import service
from identity.clients.errors import CLIENT_NOT_FOUND, INVALID_CLIENT_TYPE
from identity.clients.schemas import (
    Client,
    ClientCreated,
    ClientList,
    CreateClient,
    ListClients,
    ListTokens,
    SecretRotated,
    TokenList,
    UpdateClient,
)
from identity.http.routing import Ctx, HandlerResult, Router
from identity.principals import SECRET

router = Router()
_common = {"auth": (SECRET,), "scope": "*", "tag": "Clients"}


@router.get("/v1/clients", query=ListClients, response=ClientList, summary="List OAuth clients", **_common)
async def list_clients(ctx: Ctx) -> HandlerResult:
    """Lists the tenant's OAuth clients (id, name, type, redirect URIs), optionally of one `type`. Called
    with a **secret key** holding the `*` scope. Cursor pagination (`limit`, `cursor` from
    `pagination.next_cursor`). Secrets are never returned. Changes nothing."""
    return await service.list_clients(ctx.pool, ctx.tenant_id, ctx.query)


@router.post(
    "/v1/clients",
    body=CreateClient,
    response=ClientCreated,
    status=201,
    summary="Register an OAuth client; a web or machine client's secret is shown only here",
    **_common,
)
async def create_client(ctx: Ctx) -> HandlerResult:
    """Registers an application that signs users in through this tenant's OAuth 2.0 / OpenID Connect
    provider: `web`, `spa`, `native` or `machine`. Called with a **secret key** holding the `*` scope.
    Redirect URIs are checked strictly, because they are compared exactly later: absolute, no wildcard,
    fragment or credentials, https (http only on a loopback host; native apps may use a reverse-domain
    private scheme). Grant types default by type and must suit it (422). A web or machine client gets a
    secret (`cs_...`) that appears only in this answer; only its hash is stored. Writes the audit entry
    `client.created`."""
    return await service.create(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.get(
    "/v1/clients/{id}",
    response=Client,
    summary="Get an OAuth client (without its secret)",
    **_common,
    errors=(CLIENT_NOT_FOUND,),
)
async def get_client(ctx: Ctx) -> HandlerResult:
    """Returns one of the tenant's OAuth clients with its full settings, never its secret. Called with a
    **secret key** holding the `*` scope; 404 when the tenant has no such client. Changes nothing."""
    return await service.get(ctx.pool, ctx.tenant_id, ctx.param("id"))


@router.patch(
    "/v1/clients/{id}",
    body=UpdateClient,
    response=Client,
    summary="Update a client; lists replace the existing ones",
    **_common,
    errors=(CLIENT_NOT_FOUND,),
)
async def update_client(ctx: Ctx) -> HandlerResult:
    """Changes a client's name, redirect URIs, post-logout redirect URIs, allowed origins, scopes, first-
    party flag or ID token algorithm; each list sent replaces the stored one and is checked as at
    registration (422). The type and grant types cannot change. Called with a **secret key** holding the
    `*` scope; 404 for an unknown client. Writes the audit entry `client.updated` when something
    changed."""
    return await service.update(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.body, from_ctx(ctx))


@router.delete(
    "/v1/clients/{id}",
    status=204,
    summary="Delete a client; sessions it started are unaffected",
    **_common,
    errors=(CLIENT_NOT_FOUND,),
)
async def delete_client(ctx: Ctx) -> None:
    """Deletes an OAuth client: it can no longer authenticate, refresh tokens or start an authorization,
    while tokens already issued stay valid until they expire and user sessions are unaffected. Called
    with a **secret key** holding the `*` scope; 404 for an unknown client. Writes the audit entry
    `client.deleted`."""
    await service.delete(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


@router.post(
    "/v1/clients/{id}/rotate-secret",
    response=SecretRotated,
    summary="Issue a new secret for a web or machine client; the old one stops at once",
    **_common,
    errors=(CLIENT_NOT_FOUND, INVALID_CLIENT_TYPE),
)
async def rotate_secret(ctx: Ctx) -> HandlerResult:
    """Issues a new secret for a web or machine client; the old secret stops working at once (no grace
    period: rotate when it may have leaked). The new secret appears only in this answer. Called with a
    **secret key** holding the `*` scope; 400 `invalid_client_type` for a client without a secret, 404
    for an unknown one. Writes the audit entry `client.secret_rotated`."""
    return await service.rotate_secret(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


@router.get(
    "/v1/clients/{id}/tokens",
    query=ListTokens,
    response=TokenList,
    summary="Active access tokens issued to a machine client (client_credentials)",
    **_common,
    errors=(CLIENT_NOT_FOUND, INVALID_CLIENT_TYPE),
)
async def list_tokens(ctx: Ctx) -> HandlerResult:
    """Lists the unexpired, unrevoked access tokens issued to a machine client through the
    `client_credentials` grant, with their scopes and expiry. Called with a **secret key** holding the
    `*` scope; 400 `invalid_client_type` for another client type, 404 for an unknown client. Cursor
    pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing."""
    return await service.tokens(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.query)
