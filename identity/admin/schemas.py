"""Request and response declarations for /v1/admin."""

from __future__ import annotations

from typing import Annotated

import msgspec

from identity.http.types import Body, Limit, Meta, Model
from identity.users.schemas import (
    Cursor,
    Duration,
    Order,
    Reason,
    Role,
    SearchText,
    SortField,
    Status,
    UserId,
)

#: An ISO 8601 date ("2026-01-31") or date and time; without an offset it is UTC.
Instant = Annotated[str, Meta(min_length=1, max_length=64)]


class SearchFilters(Body):
    created_after: Instant | None = None
    created_before: Instant | None = None
    last_active_after: Instant | None = None
    mfa_enrolled: bool | None = None
    email_verified: bool | None = None
    #: true: disabled or banned users; false: active users
    disabled: bool | None = None
    status: Status | None = None
    organization_id: Annotated[str, Meta(min_length=1, max_length=64)] | None = None
    role: Role | None = None
    ids: Annotated[list[UserId], Meta(min_length=1, max_length=100)] | None = None


class SearchSort(Body):
    field: SortField = "created_at"
    direction: Order = "desc"


class SearchUsers(Body):
    query: SearchText | None = None
    filters: SearchFilters = msgspec.field(default_factory=SearchFilters)
    sort: SearchSort = msgspec.field(default_factory=SearchSort)
    limit: Limit = 20
    cursor: Cursor | None = None


class AdminImpersonate(Body):
    user_id: UserId
    reason: Reason | None = None
    #: 1m to 24h
    expires_in: Duration = "1h"


class AdminImpersonation(Model):
    access_token: str
    user_id: str
    expires_in: int
    impersonated_by: str
    audit_id: str


class RevokeAllSessions(Body):
    reason: Reason | None = None
    exclude_user_id: UserId | None = None


class BulkDisable(Body):
    user_ids: Annotated[list[UserId], Meta(min_length=1, max_length=100)]
    reason: Reason | None = None
    revoke_sessions: bool = True


class BulkDisabled(Model):
    disabled: int
    sessions_revoked: int


class UserStats(Model):
    total: int
    active_last_7d: int
    active_last_30d: int
    new_last_7d: int
    new_last_30d: int


class SessionStats(Model):
    active: int
    created_last_24h: int


class MfaStats(Model):
    enrolled_users: int
    enrollment_rate: float


class OrganizationStats(Model):
    total: int
    active_last_30d: int


class AuthStats(Model):
    sign_ins_last_24h: int
    failed_sign_ins_last_24h: int


class Stats(Model):
    users: UserStats
    sessions: SessionStats
    mfa: MfaStats
    organizations: OrganizationStats
    auth: AuthStats
