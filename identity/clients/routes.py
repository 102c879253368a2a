"""HTTP handlers for /v1/clients (secret key; client management needs the '*' scope)."""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.clients import service
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
from identity.http.auth import SECRET
from identity.http.errors import not_found
from identity.http.routing import Ctx, Router

router = Router()
_common = {"auth": (SECRET,), "scope": "*", "tag": "Clients"}


@router.get("/v1/clients", query=ListClients, response=ClientList, summary="List OAuth clients", **_common)
async def list_clients(ctx: Ctx):
    return await service.list_clients(ctx.pool, ctx.tenant_id, ctx.query)


@router.post("/v1/clients", body=CreateClient, response=ClientCreated, status=201,
             summary="Register an OAuth client; a web or machine client's secret is shown only here",
             **_common)
async def create_client(ctx: Ctx):
    return await service.create(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.get("/v1/clients/{id}", response=Client, summary="Get an OAuth client (without its secret)", **_common,
            errors=(not_found("client"),))
async def get_client(ctx: Ctx):
    return await service.get(ctx.pool, ctx.tenant_id, ctx.param("id"))


@router.patch("/v1/clients/{id}", body=UpdateClient, response=Client,
              summary="Update a client; lists replace the existing ones", **_common,
              errors=(not_found("client"),))
async def update_client(ctx: Ctx):
    return await service.update(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.body, from_ctx(ctx))


@router.delete("/v1/clients/{id}", status=204,
               summary="Delete a client; sessions it started are unaffected", **_common,
               errors=(not_found("client"),))
async def delete_client(ctx: Ctx):
    await service.delete(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


@router.post("/v1/clients/{id}/rotate-secret", response=SecretRotated,
             summary="Issue a new secret for a web or machine client; the old one stops at once",
             **_common,
             errors=(not_found("client"), service.INVALID_CLIENT_TYPE))
async def rotate_secret(ctx: Ctx):
    return await service.rotate_secret(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


@router.get("/v1/clients/{id}/tokens", query=ListTokens, response=TokenList,
            summary="Active access tokens issued to a machine client (client_credentials)", **_common,
            errors=(not_found("client"), service.INVALID_CLIENT_TYPE))
async def list_tokens(ctx: Ctx):
    return await service.tokens(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.query)
