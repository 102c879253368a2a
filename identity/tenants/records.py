"""The rows the tenants store reads and the columns it writes, typed (identity/db/records.py)."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from identity.db.records import Record
from identity.http.types import JsonObject
from identity.tenants.auth_config import StoredAuthConfig
from identity.tenants.schemas import Plan, Status


class RateLimitFigures(TypedDict, total=False):
    """An enterprise tenant's own figures as tenants.rate_limits stores them: a figure left
    out is left out (the limiter then uses ten times the Pro plan's)."""

    read_per_minute: int
    write_per_minute: int
    auth_per_minute: int


class TenantRecord(Record, frozen=True):
    """A tenant as store.COLUMNS reads it."""

    id: str
    name: str
    slug: str
    status: Status
    plan: Plan
    auth_config: StoredAuthConfig | None
    public_metadata: JsonObject
    private_metadata: JsonObject
    rate_limits: RateLimitFigures | None
    created_at: datetime
    updated_at: datetime
    has_bot_secret: bool
    user_count: int
    org_count: int


class TenantColumns(TypedDict, total=False):
    """The columns store.insert and store.update write, by name (checked by mypy)."""

    id: str
    name: str
    slug: str
    status: Status
    plan: Plan
    auth_config: StoredAuthConfig
    public_metadata: JsonObject
    private_metadata: JsonObject
    rate_limits: RateLimitFigures | None
    bot_protection_secret: str | None
    suspended_reason: str | None
