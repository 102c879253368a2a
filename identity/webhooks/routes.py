"""HTTP handlers: /v1/webhooks (secret key + X-Tenant-ID; scopes webhooks:read/write) and
/v2/admin/webhooks (the admin token, IDENTITY_ADMIN_TOKEN; no tenant header)."""

from __future__ import annotations

from identity.audit.context import AuditContext, from_ctx
from identity.http.auth import ADMIN_TOKEN, SECRET
from identity.http.errors import not_found
from identity.http.routing import Ctx, Reply, Router
from identity.state import STATE
from identity.webhooks import service
from identity.webhooks.schemas import (
    Accepted,
    AdminCreateWebhook,
    AdminDeliveryList,
    AdminDeliveryQuery,
    AdminListWebhooks,
    AdminUpdateWebhook,
    AdminWebhook,
    AdminWebhookList,
    CreateWebhook,
    Deleted,
    DeliveryList,
    ListDeliveries,
    ListWebhooks,
    TestResult,
    TestWebhook,
    UpdateWebhook,
    Webhook,
    WebhookCreated,
    WebhookList,
)

router = Router()
_read = {"auth": (SECRET,), "scope": "webhooks:read", "tag": "Webhooks"}
_write = {"auth": (SECRET,), "scope": "webhooks:write", "tag": "Webhooks"}
_admin = {"auth": (ADMIN_TOKEN,), "tenant": False, "tag": "Webhooks administration (v2)"}


def _box(ctx: Ctx):
    return ctx.app[STATE].box


def _admin_audit(ctx: Ctx) -> AuditContext:
    return AuditContext(actor=ctx.principal.actor(), ip_address=ctx.ip, user_agent=ctx.user_agent)


@router.get("/v1/webhooks", query=ListWebhooks, response=WebhookList,
            summary="List webhook endpoints (without signing secrets)", **_read)
async def list_webhooks(ctx: Ctx):
    return await service.list_endpoints(ctx.pool, ctx.tenant_id, ctx.query)


@router.post("/v1/webhooks", body=CreateWebhook, response=WebhookCreated, status=201,
             summary="Create a webhook endpoint; the signing secret is shown only here", **_write)
async def create_webhook(ctx: Ctx):
    return await service.create(ctx.pool, _box(ctx), ctx.settings, ctx.tenant_id, ctx.body,
                                from_ctx(ctx))


@router.get("/v1/webhooks/{id}", response=Webhook, summary="Get a webhook",
            **_read,
            errors=(not_found("webhook"),))
async def get_webhook(ctx: Ctx):
    return await service.get(ctx.pool, ctx.tenant_id, ctx.param("id"))


@router.patch("/v1/webhooks/{id}", body=UpdateWebhook, response=Webhook,
              summary="Change a webhook; enabled false pauses delivery", **_write,
              errors=(not_found("webhook"),))
async def update_webhook(ctx: Ctx):
    return await service.update(ctx.pool, ctx.settings, ctx.tenant_id, ctx.param("id"),
                                ctx.body, from_ctx(ctx))


@router.delete("/v1/webhooks/{id}", status=204,
               summary="Delete a webhook and its delivery history", **_write,
               errors=(not_found("webhook"),))
async def delete_webhook(ctx: Ctx):
    await service.delete(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


@router.post("/v1/webhooks/{id}/test", body=TestWebhook, body_optional=True,
             response=TestResult,
             summary="Send a signed sample event now and report the receiver's answer", **_write,
             errors=(not_found("webhook"),))
async def test_webhook(ctx: Ctx):
    return await service.test(ctx.pool, _box(ctx), ctx.settings, ctx.tenant_id,
                              ctx.param("id"), ctx.body.event)


@router.get("/v1/webhooks/{id}/deliveries", query=ListDeliveries, response=DeliveryList,
            summary="A webhook's deliveries, newest first", **_read,
            errors=(not_found("webhook"),))
async def list_deliveries(ctx: Ctx):
    return await service.list_deliveries(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.query)


@router.post("/v1/webhooks/deliveries/{id}/retry", response=Accepted, status=202,
             summary="Attempt a delivery again (a new series of retries)", **_write,
             errors=(not_found("delivery"),))
async def retry_delivery(ctx: Ctx):
    return Reply(await service.retry(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx)),
                 status=202)


# -- v2 administration -------------------------------------------------------------------------

@router.post("/v2/admin/webhooks", body=AdminCreateWebhook, response=AdminWebhook, status=201,
             summary="Create a webhook for one tenant or (tenant_id null) every tenant", **_admin,
             errors=(not_found("tenant"),))
async def admin_create(ctx: Ctx):
    return await service.admin_create(ctx.pool, _box(ctx), ctx.settings, ctx.body,
                                      _admin_audit(ctx))


@router.get("/v2/admin/webhooks", query=AdminListWebhooks, response=AdminWebhookList,
            summary="List administration webhooks", **_admin)
async def admin_list(ctx: Ctx):
    return await service.admin_list(ctx.pool, ctx.query)


@router.get("/v2/admin/webhooks/{webhookId}", response=AdminWebhook,
            summary="Get an administration webhook", **_admin,
            errors=(not_found("webhook"),))
async def admin_get(ctx: Ctx):
    return await service.admin_get(ctx.pool, ctx.param("webhookId"))


@router.patch("/v2/admin/webhooks/{webhookId}", body=AdminUpdateWebhook, response=AdminWebhook,
              summary="Change events, URL, or pause (active false)", **_admin,
              errors=(not_found("webhook"),))
async def admin_update(ctx: Ctx):
    return await service.admin_update(ctx.pool, ctx.settings, ctx.param("webhookId"), ctx.body,
                                      _admin_audit(ctx))


@router.delete("/v2/admin/webhooks/{webhookId}", response=Deleted,
               summary="Delete an administration webhook and its deliveries", **_admin,
               errors=(not_found("webhook"),))
async def admin_delete(ctx: Ctx):
    return await service.admin_delete(ctx.pool, ctx.param("webhookId"), _admin_audit(ctx))


@router.get("/v2/admin/webhooks/{webhookId}/deliveries", query=AdminDeliveryQuery,
            response=AdminDeliveryList,
            summary="Delivery history, newest first", **_admin,
            errors=(not_found("webhook"),))
async def admin_deliveries(ctx: Ctx):
    return await service.admin_deliveries(ctx.pool, ctx.param("webhookId"), ctx.query)


@router.post("/v2/admin/webhooks/{webhookId}/deliveries/{deliveryId}/replay", response=Accepted,
             status=202, summary="Deliver again (a new series of retries)",
             **_admin,
             errors=(not_found("delivery"), not_found("webhook")))
async def admin_replay(ctx: Ctx):
    return Reply(await service.admin_replay(ctx.pool, ctx.param("webhookId"),
                                            ctx.param("deliveryId"), _admin_audit(ctx)),
                 status=202)
