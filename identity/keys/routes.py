"""HTTP handlers for /v1/api-keys (secret key; API key management needs the '*' scope)."""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.http.routing import Ctx, HandlerResult, Router
from identity.keys import service
from identity.keys.errors import API_KEY_NOT_FOUND, API_KEY_REVOKED
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
from identity.principals import SECRET

router = Router()
_common = {"auth": (SECRET,), "scope": "*", "tag": "API keys"}


@router.get("/v1/api-keys", query=ListKeys, response=ApiKeyList, summary="List API keys", **_common)
async def list_keys(ctx: Ctx) -> HandlerResult:
    """Lists the tenant's API keys (publishable and secret) without the keys themselves: name, type,
    prefix, last four characters, scopes, last use and expiry. Filter by `type`; revoked keys only with
    `revoked=true`. Called with a **secret key** holding the `*` scope. Cursor pagination (`limit`,
    `cursor` from `pagination.next_cursor`). Changes nothing."""
    return await service.list_keys(ctx.pool, ctx.tenant_id, ctx.query)


@router.post(
    "/v1/api-keys",
    body=CreateKey,
    response=ApiKeyCreated,
    status=201,
    summary="Create an API key; the full key is shown only here",
    **_common,
)
async def create_key(ctx: Ctx) -> HandlerResult:
    """Creates a publishable or secret key. Called with a **secret key** holding the `*` scope. The full
    key appears only in this answer; only its hash is stored. A secret key can be limited to some scopes
    (`*` alone grants all; publishable keys take no scopes) and can expire (`expires_in`, 1 minute to
    3650 days). Writes an audit entry (`api_key.created`)."""
    return await service.create(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.post(
    "/v1/api-keys/rotate",
    body=RotateKey,
    response=ApiKeyRotated,
    summary="Issue a new key and revoke the old one after a grace period",
    **_common,
    errors=(API_KEY_NOT_FOUND, API_KEY_REVOKED),
)
async def rotate_key(ctx: Ctx) -> HandlerResult:
    """Issues a new key with the old key's name, type and scopes and schedules the old one's revocation
    after `grace_period` (0 seconds to 30 days), so that deployments can switch over. Called with a
    **secret key** holding the `*` scope. The new key appears only in this answer; 404 for an unknown
    key, 409 `api_key_revoked` for a revoked one. Writes an audit entry."""
    return await service.rotate(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.get(
    "/v1/api-keys/{id}",
    response=ApiKey,
    summary="Get an API key (without the key)",
    **_common,
    errors=(API_KEY_NOT_FOUND,),
)
async def get_key(ctx: Ctx) -> HandlerResult:
    """Returns one API key of the tenant without the key itself (prefix and last four characters only).
    Called with a **secret key** holding the `*` scope; 404 when the tenant has no such key. Changes
    nothing."""
    return await service.get(ctx.pool, ctx.tenant_id, ctx.param("id"))


@router.patch(
    "/v1/api-keys/{id}",
    body=UpdateKey,
    response=ApiKey,
    summary="Rename a key or replace its scopes",
    **_common,
    errors=(API_KEY_NOT_FOUND,),
)
async def update_key(ctx: Ctx) -> HandlerResult:
    """Renames a key or replaces a secret key's scopes; the change applies to requests at once, in every
    process. Called with a **secret key** holding the `*` scope. 404 for an unknown key, 422 for scopes
    on a publishable key. Writes an audit entry (`api_key.updated`)."""
    return await service.update(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.body, from_ctx(ctx))


@router.delete(
    "/v1/api-keys/{id}", status=204, summary="Revoke a key immediately", **_common, errors=(API_KEY_NOT_FOUND,)
)
async def revoke_key(ctx: Ctx) -> None:
    """Revokes a key at once: requests with it answer 401 from then on, in every process. Called with a
    **secret key** holding the `*` scope. Revoking a revoked key answers 204 and changes nothing; 404
    for an unknown key. Writes an audit entry (`api_key.revoked`)."""
    await service.revoke(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))
