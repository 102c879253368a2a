"""Webhook rules: v1 endpoints (a tenant's, secret key) and v2 administration (admin token)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeVar, cast

import asyncpg

from identity.audit.context import AuditContext
from identity.config import Settings
from identity.crypto import SecretBox
from identity.events.emit import CATALOGUE, _jsonable
from identity.http.errors import TENANT_NOT_FOUND, ValidationFailed
from identity.http.pagination import Page, paginate
from identity.http.types import JsonObject, derived
from identity.ids import new_id
from identity.outbound.addresses import AddressRefused
from identity.outbound.http import check_url_at_creation
from identity.webhooks import catalogue, delivery, fanout, signing, store
from identity.webhooks.errors import DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND
from identity.webhooks.records import (
    AdminColumns,
    AdminRecord,
    DeliveryRecord,
    EndpointColumns,
    EndpointRecord,
    TargetColumns,
)
from identity.webhooks.schemas import (
    Accepted,
    AdminCreateWebhook,
    AdminDelivery,
    AdminDeliveryQuery,
    AdminListWebhooks,
    AdminUpdateWebhook,
    AdminWebhook,
    CreateWebhook,
    Deleted,
    Delivery,
    DeliveryStatus,
    ListDeliveries,
    ListWebhooks,
    TestResult,
    UpdateWebhook,
    Webhook,
    WebhookCreated,
)

T = TypeVar("T")


def check_events(events: list[str], field: str = "events") -> list[str]:
    unique = list(dict.fromkeys(events))
    if "*" in unique:
        if len(unique) > 1:
            raise ValidationFailed(field, "'*' already selects every event; send it alone")
        return unique
    unknown = [e for e in unique if e not in CATALOGUE]
    if unknown:
        raise ValidationFailed(field, f"unknown event kind {unknown[0]!r}; kinds: {', '.join(CATALOGUE)} or '*'")
    return unique


async def check_url(url: str, settings: Settings, field: str = "url") -> str:
    try:
        await check_url_at_creation(url, settings.webhook_allow_http)
    except AddressRefused as exc:
        raise ValidationFailed(field, str(exc)) from None
    return url


def _status(enabled: bool) -> Literal["active", "disabled"]:
    return "active" if enabled else "disabled"


def present(row: EndpointRecord) -> Webhook:
    return Webhook(
        id=row.id,
        url=row.url,
        description=row.description,
        events=list(row.events),
        status=_status(row.enabled),
        enabled=row.enabled,
        created_at=row.created_at,
        updated_at=row.updated_at,
        last_triggered_at=row.last_triggered_at,
    )


def present_delivery(row: DeliveryRecord) -> Delivery:
    """A tenant's view of a delivery; the admin view (present_admin_delivery) is this plus the
    tenant, and is built from it."""
    return Delivery(
        id=row.id,
        webhook_id=row.webhook_id,
        event=row.event_type,
        event_id=row.event_id,
        status=row.status,
        http_status=row.http_status,
        duration_ms=row.duration_ms,
        attempts=row.attempts,
        last_error=row.last_error,
        next_attempt_at=row.next_attempt_at if row.status == "pending" else None,
        created_at=row.created_at,
        delivered_at=row.delivered_at,
        test=row.test,
    )


def _sealed(box: SecretBox, secret: str, associated: str) -> str:
    return box.encrypt(secret, associated=associated)


async def _target_changes(body: UpdateWebhook | AdminUpdateWebhook, settings: Settings) -> TargetColumns:
    """The events and URL an update gives, checked as on create (v1 and v2 alike)."""
    changes: TargetColumns = {}
    if isinstance(body.events, list):
        changes["events"] = check_events(body.events)
    if isinstance(body.url, str):
        changes["url"] = await check_url(body.url, settings)
    return changes


def _put_target_changes(changes: TargetColumns, given: TargetColumns, current: EndpointRecord | AdminRecord) -> None:
    """Put in `changes` the events and URL given that differ from the webhook's."""
    if "events" in given and given["events"] != current.events:
        changes["events"] = given["events"]
    if "url" in given and given["url"] != current.url:
        changes["url"] = given["url"]


# -- v1 ----------------------------------------------------------------------------------------


async def create(
    pool: asyncpg.Pool, box: SecretBox, settings: Settings, tenant_id: str, body: CreateWebhook, audit: AuditContext
) -> WebhookCreated:
    events = check_events(body.events)
    url = await check_url(body.url, settings)
    webhook_id = new_id("wh")
    secret = signing.new_secret()
    sealed = _sealed(box, secret, f"webhook:{tenant_id}:{webhook_id}")
    async with pool.acquire() as conn, conn.transaction():
        row = await store.insert_endpoint(
            conn, tenant_id, webhook_id, url, body.description, events, body.enabled, sealed
        )
        await audit.record(
            conn,
            tenant_id,
            "webhook.created",
            "webhook",
            webhook_id,
            {"url": url, "events": events, "enabled": body.enabled},
        )
    return derived(WebhookCreated, present(row), signing_secret=secret)


async def list_endpoints(pool: asyncpg.Pool, tenant_id: str, query: ListWebhooks) -> Page[Webhook]:
    return await paginate(query, lambda k: store.list_endpoints(pool, tenant_id, k), present)


async def get(pool: asyncpg.Pool, tenant_id: str, webhook_id: str) -> Webhook:
    row = await store.get_endpoint(pool, tenant_id, webhook_id)
    if row is None:
        raise WEBHOOK_NOT_FOUND()
    return present(row)


async def update(
    pool: asyncpg.Pool, settings: Settings, tenant_id: str, webhook_id: str, body: UpdateWebhook, audit: AuditContext
) -> Webhook:
    given = await _target_changes(body, settings)
    async with pool.acquire() as conn, conn.transaction():
        current = await store.get_endpoint(conn, tenant_id, webhook_id, for_update=True)
        if current is None:
            raise WEBHOOK_NOT_FOUND()
        # Only what differs is written (and audited).
        changes: EndpointColumns = {}
        _put_target_changes(changes, given, current)
        if isinstance(body.description, str) and body.description != current.description:
            changes["description"] = body.description
        if isinstance(body.enabled, bool) and body.enabled != current.enabled:
            changes["enabled"] = body.enabled
        if changes:
            await store.update_endpoint(conn, tenant_id, webhook_id, changes)
            action = "webhook.updated"
            if changes.get("enabled") is False:
                action = "webhook.paused"
            elif changes.get("enabled") is True:
                action = "webhook.resumed"
                await store.requeue_endpoint(conn, tenant_id, webhook_id, None)
            await audit.record(conn, tenant_id, action, "webhook", webhook_id, {**changes})
        row = await store.get_endpoint(conn, tenant_id, webhook_id)
    assert row is not None  # locked above, in this transaction
    return present(row)


async def delete(pool: asyncpg.Pool, tenant_id: str, webhook_id: str, audit: AuditContext) -> None:
    async with pool.acquire() as conn, conn.transaction():
        if not await store.delete_endpoint(conn, tenant_id, webhook_id):
            raise WEBHOOK_NOT_FOUND()
        await audit.record(conn, tenant_id, "webhook.deleted", "webhook", webhook_id)


async def test(
    pool: asyncpg.Pool, box: SecretBox, settings: Settings, tenant_id: str, webhook_id: str, kind: str
) -> TestResult:
    """A real, signed delivery of a sample event of `kind`, made now (not by a worker), recorded
    as a test delivery (not retried by itself; it can be retried by hand). Sent even while the
    webhook is paused: testing is how one checks a receiver before resuming it."""
    if kind not in CATALOGUE:
        raise ValidationFailed("event", f"unknown event kind {kind!r}")
    row = await store.get_endpoint(pool, tenant_id, webhook_id)
    if row is None:
        raise WEBHOOK_NOT_FOUND()
    event = _jsonable(
        {
            "id": new_id("evt"),
            "type": kind,
            "tenant_id": tenant_id,
            "created_at": catalogue._now(),
            "data": catalogue.sample(kind),
        }
    )
    delivery_id = new_id("del")
    async with pool.acquire() as conn:
        await store.insert_deliveries(
            conn,
            tenant_id,
            event["id"],
            kind,
            # "test": true beside the event, so that a receiver can tell the sample from a
            # real event (a user sync must not create a ghost user); docs/webhooks.md.
            [(delivery_id, webhook_id, None, fanout.encode({**fanout.v1_payload(event), "test": True}))],
            test=True,
            with_jobs=False,
        )
    out = await delivery.attempt(pool, box, settings, tenant_id, delivery_id, force=True)
    return TestResult(
        delivery_id=delivery_id,
        # A forced attempt of a test delivery (never retried) ends delivered or failed.
        status=cast(DeliveryStatus, out.result),
        http_status=out.http_status,
        duration_ms=out.duration_ms,
        error=out.error,
    )


async def list_deliveries(pool: asyncpg.Pool, tenant_id: str, webhook_id: str, query: ListDeliveries) -> Page[Delivery]:
    if await store.get_endpoint(pool, tenant_id, webhook_id) is None:
        raise WEBHOOK_NOT_FOUND()
    return await _deliveries_page(pool, query, present_delivery, tenant_id=tenant_id, endpoint_id=webhook_id)


async def _deliveries_page(
    pool: asyncpg.Pool,
    query: ListDeliveries | AdminDeliveryQuery,
    present: Callable[[DeliveryRecord], T],
    *,
    tenant_id: str | None,
    endpoint_id: str | None = None,
    admin_webhook_id: str | None = None,
) -> Page[T]:
    """A page of one webhook's deliveries (a tenant's endpoint, or an admin webhook), by status."""
    return await paginate(
        query,
        lambda k: store.list_deliveries(
            pool,
            k,
            tenant_id=tenant_id,
            endpoint_id=endpoint_id,
            admin_webhook_id=admin_webhook_id,
            status=query.status,
        ),
        present,
    )


async def retry(pool: asyncpg.Pool, tenant_id: str, delivery_id: str, audit: AuditContext) -> Accepted:
    """A new series of attempts now (five retries on the schedule again). Accepted whatever the
    delivery's status: a pending one that is already due or running stays as it is."""
    async with pool.acquire() as conn, conn.transaction():
        row = await store.get_delivery(conn, tenant_id, delivery_id)
        if row is None or row.endpoint_id is None:
            raise DELIVERY_NOT_FOUND()
        await store.restart(conn, tenant_id, [delivery_id])
        await audit.record(
            conn, tenant_id, "webhook.delivery_retried", "webhook", row.endpoint_id, {"delivery_id": delivery_id}
        )
    return Accepted(delivery_id=delivery_id, status="pending")


@dataclass(frozen=True)
class Retried:
    #: deliveries found: each restarted, or left as it was while an attempt holds it or one is due
    pending: list[str]
    #: named deliveries that are not the tenant's
    missing: list[str]


async def retry_many(
    pool: asyncpg.Pool,
    tenant_id: str,
    delivery_ids: list[str],
    audit: AuditContext,
    *,
    all_failed: bool = False,
    webhook_id: str | None = None,
    limit: int = 50,
) -> Retried:
    """The operator's retry (`identity webhooks retry`): a new series of attempts for the named
    deliveries of the tenant and, with all_failed, for its failed ones (of one webhook when
    given, the newest `limit`), tenant and admin webhooks' alike: one statement restarts them
    and defers their jobs, one more records the audit entries of the tenant's endpoints'
    deliveries (as retry() does), in one transaction."""
    async with pool.acquire() as conn, conn.transaction():
        found = await store.restart_chosen(
            conn, tenant_id, delivery_ids, all_failed=all_failed, webhook_id=webhook_id, limit=limit
        )
        v1 = [(d, w) for d, w in found if w is not None]
        if v1:
            await audit.record_many(
                conn,
                tenant_id,
                "webhook.delivery_retried",
                "webhook",
                [w for _, w in v1],
                metadata_each=[{"delivery_id": d} for d, _ in v1],
            )
    ids = {d for d, _ in found}
    named = list(dict.fromkeys(delivery_ids))
    return Retried(
        pending=[d for d in named if d in ids] + sorted(ids - set(named), reverse=True),
        missing=[d for d in named if d not in ids],
    )


# -- v2 ----------------------------------------------------------------------------------------


def present_admin(row: AdminRecord) -> AdminWebhook:
    return AdminWebhook(
        id=row.id,
        url=row.url,
        events=list(row.events),
        tenant_id=row.tenant_id,
        active=row.active,
        status=_status(row.active),
        created_at=row.created_at,
        updated_at=row.updated_at,
        last_triggered_at=row.last_triggered_at,
    )


def present_admin_delivery(row: DeliveryRecord) -> AdminDelivery:
    return derived(AdminDelivery, present_delivery(row), tenant_id=row.tenant_id)


async def _audit_admin(
    conn: asyncpg.Connection,
    tenant_id: str | None,
    action: str,
    webhook_id: str,
    audit: AuditContext,
    metadata: JsonObject | None = None,
) -> None:
    # Webhooks of every tenant belong to no tenant's audit log.
    if tenant_id is not None:
        await audit.record(conn, tenant_id, action, "webhook", webhook_id, metadata)


async def admin_create(
    pool: asyncpg.Pool, box: SecretBox, settings: Settings, body: AdminCreateWebhook, audit: AuditContext
) -> AdminWebhook:
    events = check_events(body.events)
    url = await check_url(body.url, settings)
    webhook_id = new_id("wh")
    sealed = _sealed(box, body.secret, f"admin_webhook:{webhook_id}")
    async with pool.acquire() as conn, conn.transaction():
        if body.tenant_id is not None and not await store.tenant_exists(conn, body.tenant_id):
            raise TENANT_NOT_FOUND()
        row = await store.insert_admin(conn, webhook_id, body.tenant_id, url, events, sealed)
        await _audit_admin(
            conn, body.tenant_id, "webhook.created", webhook_id, audit, {"url": url, "events": events, "version": 2}
        )
    return present_admin(row)


async def admin_list(pool: asyncpg.Pool, query: AdminListWebhooks) -> Page[AdminWebhook]:
    return await paginate(query, lambda k: store.list_admin(pool, query.tenant_id, k), present_admin)


async def admin_get(pool: asyncpg.Pool, webhook_id: str) -> AdminWebhook:
    row = await store.get_admin(pool, webhook_id)
    if row is None:
        raise WEBHOOK_NOT_FOUND()
    return present_admin(row)


async def admin_update(
    pool: asyncpg.Pool, settings: Settings, webhook_id: str, body: AdminUpdateWebhook, audit: AuditContext
) -> AdminWebhook:
    given = await _target_changes(body, settings)
    async with pool.acquire() as conn, conn.transaction():
        current = await store.lock_admin(conn, webhook_id)
        if current is None:
            raise WEBHOOK_NOT_FOUND()
        # Only what differs is written (and audited).
        changes: AdminColumns = {}
        _put_target_changes(changes, given, current)
        if isinstance(body.active, bool) and body.active != current.active:
            changes["active"] = body.active
        if changes:
            await store.update_admin(conn, webhook_id, changes)
            if changes.get("active") is True:
                await store.requeue_endpoint(conn, None, None, webhook_id)
            await _audit_admin(conn, current.tenant_id, "webhook.updated", webhook_id, audit, {**changes})
        row = await store.get_admin(conn, webhook_id)
    assert row is not None  # locked above, in this transaction
    return present_admin(row)


async def admin_delete(pool: asyncpg.Pool, webhook_id: str, audit: AuditContext) -> Deleted:
    async with pool.acquire() as conn, conn.transaction():
        tenant_id = await store.admin_tenant(conn, webhook_id)
        if not await store.delete_admin(conn, webhook_id):
            raise WEBHOOK_NOT_FOUND()
        await _audit_admin(conn, tenant_id, "webhook.deleted", webhook_id, audit)
    return Deleted(id=webhook_id, deleted=True)


async def admin_deliveries(pool: asyncpg.Pool, webhook_id: str, query: AdminDeliveryQuery) -> Page[AdminDelivery]:
    if await store.get_admin(pool, webhook_id) is None:
        raise WEBHOOK_NOT_FOUND()
    return await _deliveries_page(
        pool, query, present_admin_delivery, tenant_id=query.tenant_id, admin_webhook_id=webhook_id
    )


async def admin_replay(pool: asyncpg.Pool, webhook_id: str, delivery_id: str, audit: AuditContext) -> Accepted:
    async with pool.acquire() as conn, conn.transaction():
        row = await store.get_delivery(conn, None, delivery_id)
        if row is None or row.admin_webhook_id != webhook_id:
            if await store.get_admin(conn, webhook_id) is None:
                raise WEBHOOK_NOT_FOUND()
            raise DELIVERY_NOT_FOUND()
        await store.restart(conn, row.tenant_id, [delivery_id])
    return Accepted(delivery_id=delivery_id, status="pending")
