"""Request and response declarations for tenants."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from identity.http.types import (
    UNSET,
    Body,
    JsonObject,
    Limit,
    Meta,
    Metadata,
    Model,
    Name,
    Pagination,
    Query,
    Slug,
    UnsetType,
)
from identity.tenants.auth_config import AuthConfig, AuthConfigPatch

Plan = Literal["free", "starter", "pro", "enterprise"]
Status = Literal["active", "suspended", "deleted"]


PerMinute = Annotated[int, Meta(ge=1, le=10_000_000)]


class RateLimits(Body, omit_defaults=True):
    """Enterprise tenants only; figures left out default to ten times the Pro plan."""

    # omit_defaults: a figure left out is stored and answered left out, not as null.

    read_per_minute: PerMinute | None = None
    write_per_minute: PerMinute | None = None
    auth_per_minute: PerMinute | None = None


class CreateTenant(Body):
    name: Name
    slug: Slug | UnsetType = UNSET
    plan: Plan = "free"
    owner_email: Annotated[str, Meta(max_length=320)] | UnsetType = UNSET
    auth_config: AuthConfigPatch | UnsetType = UNSET
    public_metadata: Metadata = {}
    private_metadata: Metadata = {}
    rate_limits: RateLimits | None = None


class UpdateTenant(Body):
    name: Name | UnsetType = UNSET
    slug: Slug | UnsetType = UNSET
    plan: Plan | UnsetType = UNSET
    status: Literal["active", "suspended"] | UnsetType = UNSET
    auth_config: AuthConfigPatch | UnsetType = UNSET
    public_metadata: Metadata | UnsetType = UNSET
    private_metadata: Metadata | UnsetType = UNSET
    rate_limits: RateLimits | None | UnsetType = UNSET


class SuspendTenant(Body):
    reason: Annotated[str, Meta(max_length=1000)] | None = None


class ListTenants(Query):
    q: Annotated[str, Meta(max_length=200)] | None = None
    status: Status | None = None
    plan: Plan | None = None
    limit: Limit = 20
    cursor: str | None = None
    order: Literal["asc", "desc"] = "desc"


class DeleteTenant(Query):
    confirm: Annotated[str, Meta(min_length=1, max_length=63)]


class Tenant(Model):
    id: str
    name: str
    slug: str
    status: Status
    plan: Plan
    user_count: int
    org_count: int
    auth_config: AuthConfig
    public_metadata: JsonObject
    private_metadata: JsonObject
    rate_limits: RateLimits | None
    created_at: datetime
    updated_at: datetime


class TenantCreated(Tenant):
    publishable_key: str
    secret_key: str


class TenantList(Model):
    data: list[Tenant]
    pagination: Pagination


class UsersStats(Model):
    total: int
    active_last_30d: int
    new_last_30d: int


class SessionsStats(Model):
    active: int
    created_last_30d: int


class OrgStats(Model):
    total: int


class MfaStats(Model):
    enrolled_users: int
    enrollment_rate: float


class TenantStats(Model):
    tenant_id: str
    users: UsersStats
    sessions: SessionsStats
    organizations: OrgStats
    mfa: MfaStats
