"""HTTP handlers: /v1/webhooks (secret key + X-Tenant-ID; scopes webhooks:read/write) and
/v2/admin/webhooks (the admin token, IDENTITY_ADMIN_TOKEN; no tenant header)."""

from __future__ import annotations

from identity.audit.context import AuditContext, from_ctx
from identity.crypto import SecretBox
from identity.http.errors import TENANT_NOT_FOUND
from identity.http.routing import Ctx, HandlerResult, Reply, Router
from identity.principals import ADMIN_TOKEN, SECRET
from identity.state import STATE
from identity.webhooks import service
from identity.webhooks.errors import DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND
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


def _box(ctx: Ctx) -> SecretBox:
    return ctx.app[STATE].box


def _admin_audit(ctx: Ctx) -> AuditContext:
    assert ctx.principal is not None  # every webhook route needs a secret key
    return AuditContext(actor=ctx.principal.actor(), ip_address=ctx.ip, user_agent=ctx.user_agent)


@router.get(
    "/v1/webhooks",
    query=ListWebhooks,
    response=WebhookList,
    summary="List webhook endpoints (without signing secrets)",
    **_read,
)
async def list_webhooks(ctx: Ctx) -> HandlerResult:
    """Lists the tenant's webhook endpoints with their URL, subscribed events and status (`active` or
    `disabled`), without the signing secrets. Called with a **secret key** holding the `webhooks:read`
    scope. Cursor pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing."""
    return await service.list_endpoints(ctx.pool, ctx.tenant_id, ctx.query)


@router.post(
    "/v1/webhooks",
    body=CreateWebhook,
    response=WebhookCreated,
    status=201,
    summary="Create a webhook endpoint; the signing secret is shown only here",
    **_write,
)
async def create_webhook(ctx: Ctx) -> HandlerResult:
    """Registers a URL to receive signed event deliveries for the tenant: the `events` listed (names from
    the event catalogue) or `*` for every event. Called with a **secret key** holding the
    `webhooks:write` scope. The URL must be https on a public address unless the operator allows plain
    http (422 otherwise; checked again at each delivery). The signing secret (`whsec_...`) appears only
    in this answer and is stored encrypted. Writes the audit entry `webhook.created`; while it is
    enabled, events emitted after the commit are delivered to it."""
    return await service.create(ctx.pool, _box(ctx), ctx.settings, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.get("/v1/webhooks/{id}", response=Webhook, summary="Get a webhook", **_read, errors=(WEBHOOK_NOT_FOUND,))
async def get_webhook(ctx: Ctx) -> HandlerResult:
    """Returns one of the tenant's webhook endpoints (without the signing secret) and when it was last
    triggered. Called with a **secret key** holding the `webhooks:read` scope; 404 when the tenant has
    no such webhook. Changes nothing."""
    return await service.get(ctx.pool, ctx.tenant_id, ctx.param("id"))


@router.patch(
    "/v1/webhooks/{id}",
    body=UpdateWebhook,
    response=Webhook,
    summary="Change a webhook; enabled false pauses delivery",
    **_write,
    errors=(WEBHOOK_NOT_FOUND,),
)
async def update_webhook(ctx: Ctx) -> HandlerResult:
    """Changes a webhook's URL, events, description or `enabled` flag. Called with a **secret key** holding
    the `webhooks:write` scope. `enabled: false` pauses it: events that happen while it is paused are
    not delivered to it, and deliveries already pending wait until it is enabled again, when they are
    sent. The URL and events are checked as at creation (422). Writes the audit entry `webhook.updated`,
    `webhook.paused` or `webhook.resumed` when something changed; 404 for an unknown webhook."""
    return await service.update(ctx.pool, ctx.settings, ctx.tenant_id, ctx.param("id"), ctx.body, from_ctx(ctx))


@router.delete(
    "/v1/webhooks/{id}",
    status=204,
    summary="Delete a webhook and its delivery history",
    **_write,
    errors=(WEBHOOK_NOT_FOUND,),
)
async def delete_webhook(ctx: Ctx) -> None:
    """Deletes a webhook endpoint with its whole delivery history; pending deliveries are not sent. Called
    with a **secret key** holding the `webhooks:write` scope; 404 for an unknown webhook. Writes the
    audit entry `webhook.deleted`."""
    await service.delete(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


@router.post(
    "/v1/webhooks/{id}/test",
    body=TestWebhook,
    body_optional=True,
    response=TestResult,
    summary="Send a signed sample event now and report the receiver's answer",
    **_write,
    errors=(WEBHOOK_NOT_FOUND,),
)
async def test_webhook(ctx: Ctx) -> HandlerResult:
    """Sends a signed sample event of the kind given (default `user.created`) to the webhook right now,
    even while it is paused, and answers with the receiver's HTTP status, the time taken and any error.
    Called with a **secret key** holding the `webhooks:write` scope. The attempt is recorded as a test
    delivery (not retried by itself). 404 for an unknown webhook, 422 for an unknown event kind. Rate
    limit: 10 per minute per key."""
    return await service.test(ctx.pool, _box(ctx), ctx.settings, ctx.tenant_id, ctx.param("id"), ctx.body.event)


@router.get(
    "/v1/webhooks/{id}/deliveries",
    query=ListDeliveries,
    response=DeliveryList,
    summary="A webhook's deliveries, newest first",
    **_read,
    errors=(WEBHOOK_NOT_FOUND,),
)
async def list_deliveries(ctx: Ctx) -> HandlerResult:
    """Lists a webhook's deliveries, newest first, with status, attempts, the receiver's last HTTP status,
    the last error and the next attempt's time; filter by `status`. Called with a **secret key** holding
    the `webhooks:read` scope; 404 for an unknown webhook. Cursor pagination (`limit`, `cursor` from
    `pagination.next_cursor`). Changes nothing."""
    return await service.list_deliveries(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.query)


@router.post(
    "/v1/webhooks/deliveries/{id}/retry",
    response=Accepted,
    status=202,
    summary="Attempt a delivery again (a new series of retries)",
    **_write,
    errors=(DELIVERY_NOT_FOUND,),
)
async def retry_delivery(ctx: Ctx) -> HandlerResult:
    """Starts a new series of attempts for one delivery of the tenant's webhooks (any status), with the
    retry schedule from the start; answers 202 with the delivery pending. Called with a **secret key**
    holding the `webhooks:write` scope; 404 for an unknown delivery. Writes the audit entry
    `webhook.delivery_retried`. Rate limit: 100 per hour per key."""
    return Reply(await service.retry(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx)), status=202)


# -- v2 administration -------------------------------------------------------------------------


@router.post(
    "/v2/admin/webhooks",
    body=AdminCreateWebhook,
    response=AdminWebhook,
    status=201,
    summary="Create a webhook for one tenant or (tenant_id null) every tenant",
    **_admin,
    errors=(TENANT_NOT_FOUND,),
)
async def admin_create(ctx: Ctx) -> HandlerResult:
    """Creates an administration webhook for one tenant (`tenant_id`) or, with `tenant_id: null`, for
    events of every tenant, with the secret the operator chooses (stored encrypted). Called with the
    **operator's admin token** (`IDENTITY_ADMIN_TOKEN`), without a tenant header. The URL is checked as
    for tenant webhooks (422); 404 for an unknown tenant. For a single tenant, writes the audit entry
    `webhook.created` in that tenant's log. Deliveries carry the v2 payload."""
    return await service.admin_create(ctx.pool, _box(ctx), ctx.settings, ctx.body, _admin_audit(ctx))


@router.get(
    "/v2/admin/webhooks",
    query=AdminListWebhooks,
    response=AdminWebhookList,
    summary="List administration webhooks",
    **_admin,
)
async def admin_list(ctx: Ctx) -> HandlerResult:
    """Lists the administration webhooks, optionally those of one `tenant_id`. Called with the **operator's
    admin token**. Cursor pagination (`limit`, `cursor` from `pagination.next_cursor`). Secrets are
    never returned. Changes nothing."""
    return await service.admin_list(ctx.pool, ctx.query)


@router.get(
    "/v2/admin/webhooks/{webhookId}",
    response=AdminWebhook,
    summary="Get an administration webhook",
    **_admin,
    errors=(WEBHOOK_NOT_FOUND,),
)
async def admin_get(ctx: Ctx) -> HandlerResult:
    """Returns one administration webhook (URL, events, tenant, active flag, last trigger), without its
    secret. Called with the **operator's admin token**; 404 for an unknown webhook. Changes nothing."""
    return await service.admin_get(ctx.pool, ctx.param("webhookId"))


@router.patch(
    "/v2/admin/webhooks/{webhookId}",
    body=AdminUpdateWebhook,
    response=AdminWebhook,
    summary="Change events, URL, or pause (active false)",
    **_admin,
    errors=(WEBHOOK_NOT_FOUND,),
)
async def admin_update(ctx: Ctx) -> HandlerResult:
    """Changes an administration webhook's URL or events, or pauses it (`active: false`: events meanwhile
    are skipped, pending deliveries wait) and resumes it (`active: true`: waiting deliveries are sent).
    Called with the **operator's admin token**; 404 for an unknown webhook, 422 for a refused URL or
    event name. For a single tenant's webhook, writes the audit entry `webhook.updated` in that tenant's
    log."""
    return await service.admin_update(ctx.pool, ctx.settings, ctx.param("webhookId"), ctx.body, _admin_audit(ctx))


@router.delete(
    "/v2/admin/webhooks/{webhookId}",
    response=Deleted,
    summary="Delete an administration webhook and its deliveries",
    **_admin,
    errors=(WEBHOOK_NOT_FOUND,),
)
async def admin_delete(ctx: Ctx) -> HandlerResult:
    """Deletes an administration webhook and its delivery history; answers `{"id", "deleted": true}`.
    Called with the **operator's admin token**; 404 for an unknown webhook. For a single tenant's
    webhook, writes the audit entry `webhook.deleted` in that tenant's log."""
    return await service.admin_delete(ctx.pool, ctx.param("webhookId"), _admin_audit(ctx))


@router.get(
    "/v2/admin/webhooks/{webhookId}/deliveries",
    query=AdminDeliveryQuery,
    response=AdminDeliveryList,
    summary="Delivery history, newest first",
    **_admin,
    errors=(WEBHOOK_NOT_FOUND,),
)
async def admin_deliveries(ctx: Ctx) -> HandlerResult:
    """Lists an administration webhook's deliveries, newest first; filter by `status` and `tenant_id`.
    Called with the **operator's admin token**; 404 for an unknown webhook. Cursor pagination (`limit`,
    `cursor` from `pagination.next_cursor`). Changes nothing."""
    return await service.admin_deliveries(ctx.pool, ctx.param("webhookId"), ctx.query)


@router.post(
    "/v2/admin/webhooks/{webhookId}/deliveries/{deliveryId}/replay",
    response=Accepted,
    status=202,
    summary="Deliver again (a new series of retries)",
    **_admin,
    errors=(DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND),
)
async def admin_replay(ctx: Ctx) -> HandlerResult:
    """Starts a new series of attempts for one delivery of an administration webhook (the retry schedule
    from the start) and answers 202 with the delivery pending. Called with the **operator's admin
    token**; 404 when the webhook or the delivery (of that webhook) does not exist."""
    return Reply(
        await service.admin_replay(ctx.pool, ctx.param("webhookId"), ctx.param("deliveryId"), _admin_audit(ctx)),
        status=202,
    )
