"""HTTP handlers for tenant management, at /cp/v1/tenants and /v1/tenants (master key)."""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.http.auth import MASTER
from identity.http.errors import INVALID_EMAIL, not_found
from identity.http.routing import Ctx, Router
from identity.state import state
from identity.tenants import service
from identity.tenants.schemas import (
    CreateTenant,
    DeleteTenant,
    ListTenants,
    SuspendTenant,
    Tenant,
    TenantCreated,
    TenantList,
    TenantStats,
    UpdateTenant,
)

router = Router()


def _both(method: str, path: str, **options):
    """Register a handler under /cp/v1/... and /v1/... (decisions.md §2)."""
    common = {"auth": (MASTER,), "tenant": False, "tag": "Tenants (control plane)"}

    def decorate(handler):
        router.route(method, "/cp" + path, **common, **options)(handler)
        router.route(method, path, **common, **options)(handler)
        return handler

    return decorate


@_both("GET", "/v1/tenants", query=ListTenants, response=TenantList, summary="List tenants")
async def list_tenants(ctx: Ctx):
    return await service.list_tenants(ctx.pool, ctx.query)


@_both("POST", "/v1/tenants", body=CreateTenant, response=TenantCreated, status=201,
       summary="Create a tenant with its first publishable and secret keys",
       errors=(INVALID_EMAIL, service.SlugTaken))
async def create_tenant(ctx: Ctx):
    return await service.create(ctx.pool, ctx.body, from_ctx(ctx), state(ctx.app).box)


@_both("GET", "/v1/tenants/slug/{slug}", response=Tenant, summary="Get a tenant by slug",
       errors=(not_found("tenant"),))
async def get_tenant_by_slug(ctx: Ctx):
    slug = ctx.param("slug")
    if slug.startswith("tnt_"):
        from identity.http.errors import NotFound

        raise NotFound("tenant")
    return await service.get(ctx.pool, slug)


@_both("GET", "/v1/tenants/{id}", response=Tenant, summary="Get a tenant by id or slug",
       errors=(not_found("tenant"),))
async def get_tenant(ctx: Ctx):
    return await service.get(ctx.pool, ctx.param("id"))


@_both("PATCH", "/v1/tenants/{id}", body=UpdateTenant, response=Tenant,
       summary="Update a tenant; auth_config is merged, metadata replaced",
       errors=(not_found("tenant"), service.SlugTaken))
async def update_tenant(ctx: Ctx):
    return await service.update(ctx.pool, ctx.param("id"), ctx.body, from_ctx(ctx), state(ctx.app).box)


@_both("DELETE", "/v1/tenants/{id}", query=DeleteTenant, status=204,
       summary="Delete a tenant and all its data; confirm must equal the slug",
       errors=(not_found("tenant"),))
async def delete_tenant(ctx: Ctx):
    await service.delete(ctx.pool, ctx.param("id"), ctx.query.confirm)


@_both("POST", "/v1/tenants/{id}/suspend", body=SuspendTenant, body_optional=True, response=Tenant,
       summary="Suspend a tenant: sign-ins are refused, sessions stay valid",
       errors=(not_found("tenant"),))
async def suspend_tenant(ctx: Ctx):
    return await service.suspend(ctx.pool, ctx.param("id"), ctx.body.reason, from_ctx(ctx))


@_both("POST", "/v1/tenants/{id}/restore", response=Tenant, summary="Restore a suspended tenant",
       errors=(not_found("tenant"),))
async def restore_tenant(ctx: Ctx):
    return await service.restore(ctx.pool, ctx.param("id"), from_ctx(ctx))


@_both("GET", "/v1/tenants/{id}/stats", response=TenantStats, summary="Counts for a tenant",
       errors=(not_found("tenant"),))
async def tenant_stats(ctx: Ctx):
    return await service.stats(ctx.pool, ctx.param("id"))
