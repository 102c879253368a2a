"""Request and response declarations for the audit log."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

import msgspec

from identity.http.types import Meta, Model, Query

Text = Annotated[str, Meta(min_length=1, max_length=200)]


class ListAuditLogs(Query):
    actor_id: Text | None = None
    action: Text | None = None
    #: user, session, organization, api_key (and the other kinds entries name: tenant, webhook, ...)
    resource_type: Annotated[str, Meta(pattern=r"^[a-z_]{1,40}$")] | None = None
    resource_id: Text | None = None
    #: ISO 8601 dates or dates and times, inclusive; without an offset they are UTC
    from_: Annotated[str, Meta(max_length=64)] | None = msgspec.field(default=None, name="from")
    to: Annotated[str, Meta(max_length=64)] | None = None
    limit: Annotated[int, Meta(ge=1, le=500)] = 50
    cursor: Annotated[str, Meta(max_length=200, pattern=r"^[A-Za-z0-9_-]*$")] | None = None
    order: Literal["asc", "desc"] = "desc"


class Actor(Model, omit_defaults=True):
    # omit_defaults: impersonated_by appears only on an impersonator's entries, as stored.
    id: str | None
    email: str | None
    type: str
    impersonated_by: str | None = None


class Resource(Model):
    type: str
    id: str | None


class AuditEntry(Model):
    id: str
    action: str
    actor: Actor
    resource: Resource | None
    ip_address: str | None
    user_agent: str | None
    metadata: dict[str, Any]
    created_at: datetime


class AuditLogPage(Model):
    data: list[AuditEntry]
    next_cursor: str | None
