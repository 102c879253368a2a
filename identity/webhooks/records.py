"""The rows the webhooks store reads and the columns it writes, typed (identity/db/records.py)."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from identity.db.records import Record
from identity.webhooks.schemas import DeliveryStatus


class Target(Record, frozen=True):
    """A webhook an event goes to: a tenant's endpoint (version 1) or an admin webhook (2)."""

    version: int
    id: str


class EndpointRecord(Record, frozen=True):
    """A tenant's webhook endpoint as store._ENDPOINT_COLUMNS reads it."""

    id: str
    url: str
    description: str
    events: list[str]
    enabled: bool
    created_at: datetime
    updated_at: datetime
    last_triggered_at: datetime | None


class TargetColumns(TypedDict, total=False):
    """Where a webhook sends and what: the columns endpoints and admin webhooks share."""

    events: list[str]
    url: str


class EndpointColumns(TargetColumns, total=False):
    """The columns store.update_endpoint sets, by name (checked by mypy)."""

    description: str
    enabled: bool


class AdminRecord(Record, frozen=True):
    """An admin (v2) webhook as store._ADMIN_COLUMNS reads it."""

    id: str
    tenant_id: str | None
    url: str
    events: list[str]
    active: bool
    created_at: datetime
    updated_at: datetime
    last_triggered_at: datetime | None


class AdminColumns(TargetColumns, total=False):
    """The columns store.update_admin sets."""

    active: bool


class DeliveryRecord(Record, frozen=True):
    """A delivery as store.DELIVERY_COLUMNS reads it (get_delivery adds which webhook it goes to)."""

    tenant_id: str
    id: str
    webhook_id: str
    event_id: str
    event_type: str
    status: DeliveryStatus
    http_status: int | None
    duration_ms: int | None
    attempts: int
    last_error: str | None
    next_attempt_at: datetime | None
    test: bool
    created_at: datetime
    updated_at: datetime
    delivered_at: datetime | None
    endpoint_id: str | None = None
    admin_webhook_id: str | None = None


class ClaimRecord(Record, frozen=True):
    """A claimed delivery, with what its attempt needs (store._CLAIM statement's columns)."""

    tenant_id: str
    id: str
    endpoint_id: str | None
    admin_webhook_id: str | None
    event_id: str
    event_type: str
    body: str
    test: bool
    attempts: int
    series_start: int
    created_at: datetime
    request_id: str | None
    traceparent: str | None
    url: str
    secret: str
