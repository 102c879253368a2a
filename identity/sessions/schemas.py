"""Request and response declarations for sessions."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from identity.http.types import Body, Limit, Meta, Model, Pagination, Query

SessionStatus = Literal["active", "expired", "revoked"]
Id = Annotated[str, Meta(min_length=1, max_length=64)]


class ListSessions(Query):
    user_id: Id | None = None
    status: SessionStatus | None = None
    limit: Limit = 20
    cursor: str | None = None
    order: Literal["asc", "desc"] = "desc"


class RevokeSessions(Query):
    user_id: Id | None = None


class VerifyToken(Body):
    token: Annotated[str, Meta(max_length=8192)]


class Session(Model):
    id: str
    user_id: str
    tenant_id: str
    status: SessionStatus
    user_agent: str | None
    ip_address: str | None
    country: str | None
    device_type: str | None
    created_at: datetime
    last_active_at: datetime
    expires_at: datetime
    revoked_at: datetime | None


class SessionList(Model):
    data: list[Session]
    pagination: Pagination


class Revoked(Model):
    revoked: int


class Verification(Model):
    valid: bool
    session_id: str | None
    user_id: str | None
    tenant_id: str | None
    role: str | None
    org_id: str | None
    #: The user's role in org_id (owner, admin, member); null without an active organization.
    org_role: str | None
    mfa_verified: bool
    expires_at: datetime | None


class SessionCredentials(Model):
    """The session object of sign-in style responses."""

    id: str
    access_token: str
    refresh_token: str
    access_token_expires_at: datetime
    refresh_token_expires_at: datetime


class TokenPair(Model):
    access_token: str
    refresh_token: str
    access_token_expires_at: datetime
    refresh_token_expires_at: datetime
