"""Request and response declarations for webhooks (v1) and webhook administration (v2)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from identity.http.types import UNSET, Body, Limit, Meta, Model, Pagination, Query, ShortText, UnsetType, Url

EventKind = Annotated[str, Meta(min_length=1, max_length=100, description="An event kind of the catalogue, or '*'")]
Events = Annotated[list[EventKind], Meta(min_length=1, max_length=50)]
DeliveryStatus = Literal["pending", "delivered", "failed"]
Secret = Annotated[str, Meta(min_length=16, max_length=256)]


class CreateWebhook(Body):
    url: Url
    events: Events
    description: ShortText = ""
    enabled: bool = True


class UpdateWebhook(Body):
    url: Url | UnsetType = UNSET
    events: Events | UnsetType = UNSET
    description: ShortText | UnsetType = UNSET
    enabled: bool | UnsetType = UNSET


class TestWebhook(Body):
    event: EventKind = "user.created"


class ListWebhooks(Query):
    limit: Limit = 20
    cursor: str | None = None
    order: Literal["asc", "desc"] = "desc"


class ListDeliveries(Query):
    status: DeliveryStatus | None = None
    limit: Limit = 20
    cursor: str | None = None
    order: Literal["asc", "desc"] = "desc"


class Webhook(Model):
    id: str
    url: str
    description: str
    events: list[str]
    status: Literal["active", "disabled"]
    enabled: bool
    created_at: datetime
    updated_at: datetime
    last_triggered_at: datetime | None


class WebhookCreated(Model):
    id: str
    url: str
    description: str
    events: list[str]
    status: Literal["active", "disabled"]
    enabled: bool
    signing_secret: str
    created_at: datetime


class WebhookList(Model):
    data: list[Webhook]
    pagination: Pagination


class Delivery(Model):
    id: str
    webhook_id: str
    event: str
    event_id: str
    status: DeliveryStatus
    http_status: int | None
    duration_ms: int | None
    attempts: int
    last_error: str | None
    next_attempt_at: datetime | None
    test: bool
    created_at: datetime
    delivered_at: datetime | None


class DeliveryList(Model):
    data: list[Delivery]
    pagination: Pagination


class TestResult(Model):
    delivery_id: str
    status: DeliveryStatus
    http_status: int | None
    duration_ms: int | None
    error: str | None


class Accepted(Model):
    delivery_id: str
    status: DeliveryStatus


# -- v2 ----------------------------------------------------------------------------------------


class AdminCreateWebhook(Body):
    url: Url
    events: Events
    secret: Secret
    tenant_id: Annotated[str, Meta(min_length=1, max_length=100)] | None = None


class AdminUpdateWebhook(Body):
    url: Url | UnsetType = UNSET
    events: Events | UnsetType = UNSET
    active: bool | UnsetType = UNSET


class AdminListWebhooks(Query):
    tenant_id: str | None = None
    limit: Limit = 20
    cursor: str | None = None
    order: Literal["asc", "desc"] = "desc"


class AdminWebhook(Model):
    id: str
    url: str
    events: list[str]
    tenant_id: str | None
    active: bool
    status: Literal["active", "disabled"]
    created_at: datetime
    updated_at: datetime
    last_triggered_at: datetime | None


class AdminWebhookList(Model):
    data: list[AdminWebhook]
    pagination: Pagination


class AdminDeliveryQuery(Query):
    status: DeliveryStatus | None = None
    tenant_id: str | None = None
    limit: Limit = 20
    cursor: str | None = None
    order: Literal["asc", "desc"] = "desc"


class AdminDelivery(Model):
    id: str
    webhook_id: str
    tenant_id: str
    event: str
    event_id: str
    status: DeliveryStatus
    http_status: int | None
    duration_ms: int | None
    attempts: int
    last_error: str | None
    next_attempt_at: datetime | None
    created_at: datetime
    delivered_at: datetime | None


class AdminDeliveryList(Model):
    data: list[AdminDelivery]
    pagination: Pagination


class Deleted(Model):
    id: str
    deleted: bool
