"""HTTP handlers for /v1/api-keys (secret key; API key management needs the '*' scope)."""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.http.auth import SECRET
from identity.http.errors import not_found
from identity.http.routing import Ctx, Router
from identity.keys import service
from identity.keys.schemas import (
    ApiKey,
    ApiKeyCreated,
    ApiKeyList,
    ApiKeyRotated,
    CreateKey,
    ListKeys,
    RotateKey,
    UpdateKey,
)

router = Router()
_common = {"auth": (SECRET,), "scope": "*", "tag": "API keys"}


@router.get("/v1/api-keys", query=ListKeys, response=ApiKeyList, summary="List API keys", **_common)
async def list_keys(ctx: Ctx):
    return await service.list_keys(ctx.pool, ctx.tenant_id, ctx.query)


@router.post("/v1/api-keys", body=CreateKey, response=ApiKeyCreated, status=201,
             summary="Create an API key; the full key is shown only here", **_common)
async def create_key(ctx: Ctx):
    return await service.create(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.post("/v1/api-keys/rotate", body=RotateKey, response=ApiKeyRotated,
             summary="Issue a new key and revoke the old one after a grace period", **_common,
             errors=(not_found("api_key"), service.KeyRevoked))
async def rotate_key(ctx: Ctx):
    return await service.rotate(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.get("/v1/api-keys/{id}", response=ApiKey, summary="Get an API key (without the key)", **_common,
            errors=(not_found("api_key"),))
async def get_key(ctx: Ctx):
    return await service.get(ctx.pool, ctx.tenant_id, ctx.param("id"))


@router.patch("/v1/api-keys/{id}", body=UpdateKey, response=ApiKey,
              summary="Rename a key or replace its scopes", **_common,
              errors=(not_found("api_key"),))
async def update_key(ctx: Ctx):
    return await service.update(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.body, from_ctx(ctx))


@router.delete("/v1/api-keys/{id}", status=204, summary="Revoke a key immediately", **_common,
               errors=(not_found("api_key"),))
async def revoke_key(ctx: Ctx):
    await service.revoke(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))
