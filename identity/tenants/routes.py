"""HTTP handlers for tenant management, at /cp/v1/tenants and /v1/tenants (master key)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from identity.audit.context import from_ctx
from identity.http.errors import INVALID_EMAIL, TENANT_NOT_FOUND
from identity.http.routing import Ctx, Handler, HandlerResult, Router
from identity.principals import MASTER
from identity.state import state
from identity.tenants import service
from identity.tenants.errors import SLUG_TAKEN
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


def _both(method: str, path: str, **options: Any) -> Callable[[Handler], Handler]:
    """Register a handler under /cp/v1/... and /v1/... (docs/api-conventions.md, "Paths and versions")."""
    common = {"auth": (MASTER,), "tenant": False, "tag": "Tenants (control plane)"}

    def decorate(handler: Handler) -> Handler:
        router.route(method, "/cp" + path, **common, **options)(handler)
        router.route(method, path, **common, **options)(handler)
        return handler

    return decorate


@_both("GET", "/v1/tenants", query=ListTenants, response=TenantList, summary="List tenants")
async def list_tenants(ctx: Ctx) -> HandlerResult:
    """Lists every tenant of the installation, newest first (`order=asc` for oldest first). `q` searches
    name and slug (substring, case-insensitive); filter by `status` and `plan`. Called with the **master
    key** (control plane, served under both `/cp/v1` and `/v1`). Cursor pagination (`limit`, `cursor`
    from `pagination.next_cursor`). Changes nothing."""
    return await service.list_tenants(ctx.pool, ctx.query)


@_both(
    "POST",
    "/v1/tenants",
    body=CreateTenant,
    response=TenantCreated,
    status=201,
    summary="Create a tenant with its first publishable and secret keys",
    errors=(INVALID_EMAIL, SLUG_TAKEN),
)
async def create_tenant(ctx: Ctx) -> HandlerResult:
    """Creates a tenant with its authentication configuration and its first two API keys, a publishable key
    and a secret key with every scope. Called with the **master key** (served under both `/cp/v1` and
    `/v1`). The two full keys appear only in this answer; only their hashes are stored. Without `slug`,
    one is derived from the name (409 `slug_already_exists` for a taken explicit slug). Custom
    `rate_limits` are for the enterprise plan only (422 otherwise).

    With `owner_email`, an admin user without a password is created too (emits `user.created`; they sign
    in by magic link or set a password through the reset flow). Writes the audit entry `tenant.created`."""
    st = state(ctx.app)
    return await service.create(
        ctx.pool,
        ctx.body,
        from_ctx(ctx),
        st.box,
        allow_http=ctx.settings.webhook_allow_http,
        on_created=st.registry.tenant_created,
    )


@_both("GET", "/v1/tenants/slug/{slug}", response=Tenant, summary="Get a tenant by slug", errors=(TENANT_NOT_FOUND,))
async def get_tenant_by_slug(ctx: Ctx) -> HandlerResult:
    """Returns the tenant with this slug (404 for an id or an unknown slug). Called with the **master key**
    (served under both `/cp/v1` and `/v1`). Changes nothing."""
    slug = ctx.param("slug")
    if slug.startswith("tnt_"):
        raise TENANT_NOT_FOUND()
    return await service.get(ctx.pool, slug)


@_both("GET", "/v1/tenants/{id}", response=Tenant, summary="Get a tenant by id or slug", errors=(TENANT_NOT_FOUND,))
async def get_tenant(ctx: Ctx) -> HandlerResult:
    """Returns one tenant by its id (`tnt_...`) or its slug, with its configuration, metadata, plan and
    user and organization counts. Called with the **master key** (served under both `/cp/v1` and `/v1`);
    404 for an unknown tenant. Changes nothing."""
    return await service.get(ctx.pool, ctx.param("id"))


@_both(
    "PATCH",
    "/v1/tenants/{id}",
    body=UpdateTenant,
    response=Tenant,
    summary="Update a tenant; auth_config is merged, metadata replaced",
    errors=(TENANT_NOT_FOUND, SLUG_TAKEN),
)
async def update_tenant(ctx: Ctx) -> HandlerResult:
    """Changes a tenant's name, slug, plan, status or metadata (metadata objects are replaced whole);
    `auth_config` is merged key by key into the current configuration and validated as a whole. Called
    with the **master key** (served under both `/cp/v1` and `/v1`). 409 for a taken slug, 422 for custom
    rate limits outside the enterprise plan; leaving the enterprise plan drops them. The change applies
    to requests at once in every process and writes the audit entry `tenant.updated`; a body that
    changes nothing writes nothing."""
    return await service.update(
        ctx.pool,
        ctx.param("id"),
        ctx.body,
        from_ctx(ctx),
        state(ctx.app).box,
        allow_http=ctx.settings.webhook_allow_http,
    )


@_both(
    "DELETE",
    "/v1/tenants/{id}",
    query=DeleteTenant,
    status=204,
    summary="Delete a tenant and all its data; confirm must equal the slug",
    errors=(TENANT_NOT_FOUND,),
)
async def delete_tenant(ctx: Ctx) -> None:
    """Deletes a tenant and everything it owns (users, sessions, keys, organizations, webhooks, logs...);
    it cannot be undone. Called with the **master key** (served under both `/cp/v1` and `/v1`). The
    `confirm` query parameter must equal the tenant's slug, else 422 and nothing is deleted; 404 for an
    unknown tenant. The tenant's API keys stop working at once."""
    await service.delete(ctx.pool, ctx.param("id"), ctx.query.confirm)


@_both(
    "POST",
    "/v1/tenants/{id}/suspend",
    body=SuspendTenant,
    body_optional=True,
    response=Tenant,
    summary="Suspend a tenant: sign-ins are refused, sessions stay valid",
    errors=(TENANT_NOT_FOUND,),
)
async def suspend_tenant(ctx: Ctx) -> HandlerResult:
    """Suspends a tenant: sign-up, sign-in and the other sign-in flows answer 403 `tenant_suspended`, while
    existing sessions stay valid. Called with the **master key** (served under both `/cp/v1` and `/v1`);
    the optional `reason` is kept. Writes the audit entry `tenant.suspended`; the change applies in
    every process at once."""
    return await service.suspend(ctx.pool, ctx.param("id"), ctx.body.reason, from_ctx(ctx))


@_both(
    "POST",
    "/v1/tenants/{id}/restore",
    response=Tenant,
    summary="Restore a suspended tenant",
    errors=(TENANT_NOT_FOUND,),
)
async def restore_tenant(ctx: Ctx) -> HandlerResult:
    """Makes a suspended tenant active again, so that its users can sign in, and clears the suspension
    reason. Called with the **master key** (served under both `/cp/v1` and `/v1`). Writes the audit
    entry `tenant.restored`; the change applies in every process at once."""
    return await service.restore(ctx.pool, ctx.param("id"), from_ctx(ctx))


@_both("GET", "/v1/tenants/{id}/stats", response=TenantStats, summary="Counts for a tenant", errors=(TENANT_NOT_FOUND,))
async def tenant_stats(ctx: Ctx) -> HandlerResult:
    """Counts for one tenant: users (total, active and new over 30 days), active sessions and sessions
    created over 30 days, organizations and MFA enrollment. Called with the **master key** (served under
    both `/cp/v1` and `/v1`); 404 for an unknown tenant. Changes nothing."""
    return await service.stats(ctx.pool, ctx.param("id"))
