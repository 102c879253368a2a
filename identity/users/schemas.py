"""Request and response declarations for /v1/users (and the user object the admin routes share)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from identity.http.types import UNSET, Body, JsonObject, Limit, Meta, Metadata, Model, Pagination, Query, UnsetType, Url
from identity.users.passwords import MAX_PASSWORD_LENGTH

Email = Annotated[str, Meta(min_length=1, max_length=320)]
Password = Annotated[str, Meta(min_length=1, max_length=MAX_PASSWORD_LENGTH)]
Username = Annotated[str, Meta(min_length=3, max_length=64, pattern=r"^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$")]
Role = Literal["member", "admin"]
Status = Literal["active", "disabled", "banned"]
SortField = Literal["created_at", "last_sign_in_at", "email"]
Order = Literal["asc", "desc"]
#: E.164: a plus, then up to 15 digits, the first not 0.
Phone = Annotated[str, Meta(pattern=r"^\+[1-9][0-9]{6,14}$", max_length=16)]
PersonName = Annotated[str, Meta(max_length=200)]
Reason = Annotated[str, Meta(max_length=1000)]
SearchText = Annotated[str, Meta(max_length=200)]
UserId = Annotated[str, Meta(min_length=1, max_length=64)]
PasswordHash = Annotated[str, Meta(min_length=1, max_length=MAX_PASSWORD_LENGTH)]
Duration = Annotated[str, Meta(pattern=r"^\s*\d{1,9}\s*(ms|s|m|h|d|w|y)\s*$", max_length=20)]
#: Cursors are URL-safe base64 (an email sort's holds the email: up to about 950 characters).
Cursor = Annotated[str, Meta(max_length=1000, pattern=r"^[A-Za-z0-9_-]*$")]
SessionCursor = Annotated[str, Meta(max_length=200, pattern=r"^[A-Za-z0-9_-]*$")]


class PublicUser(Model):
    """The user as a frontend sees it (no private_metadata)."""

    id: str
    email: str
    username: str | None
    name: str | None
    phone: str | None
    avatar_url: str | None
    email_verified: bool
    phone_verified: bool
    role: str
    status: str
    mfa_enabled: bool
    public_metadata: JsonObject
    created_at: datetime
    updated_at: datetime
    last_sign_in_at: datetime | None


class ListUsers(Query):
    limit: Limit = 20
    cursor: Cursor | None = None
    email: Annotated[str, Meta(max_length=320)] | None = None
    q: SearchText | None = None
    status: Status | None = None
    role: Role | None = None
    sort: SortField = "created_at"
    order: Order = "desc"


class ListUserSessions(Query):
    limit: Limit = 20
    cursor: SessionCursor | None = None
    order: Literal["asc", "desc"] = "desc"


class CreateUser(Body):
    """POST /v1/users. Give password (hashed here) or password_hash (imported), or neither for a
    user who signs in by magic link. The tenant's password policy does not apply."""

    email: Email
    password: Password | None = None
    password_hash: PasswordHash | None = None
    name: PersonName | None = None
    username: Username | None = None
    phone: Phone | None = None
    avatar_url: Url | None = None
    email_verified: bool = False
    phone_verified: bool = False
    role: Role = "member"
    public_metadata: Metadata = {}
    private_metadata: Metadata = {}
    send_welcome_email: bool = False


class UpdateUser(Body):
    """PATCH /v1/users/:id: every field optional; metadata objects replace the stored ones whole;
    null clears name, username, phone or avatar_url. status "disabled" disables the user (and
    revokes their sessions), "active" enables them."""

    email: Email | UnsetType = UNSET
    name: PersonName | None | UnsetType = UNSET
    username: Username | None | UnsetType = UNSET
    phone: Phone | None | UnsetType = UNSET
    avatar_url: Url | None | UnsetType = UNSET
    role: Role | UnsetType = UNSET
    email_verified: bool | UnsetType = UNSET
    phone_verified: bool | UnsetType = UNSET
    public_metadata: Metadata | UnsetType = UNSET
    private_metadata: Metadata | UnsetType = UNSET
    status: Literal["active", "disabled"] | UnsetType = UNSET


class DisableUser(Body):
    reason: Reason | None = None
    revoke_sessions: bool = True


class BanUser(Body):
    reason: Reason | None = None


class SetPassword(Body):
    password: Password
    revoke_sessions: bool = True


class ImpersonateUser(Body):
    """POST /v1/users/:id/impersonate (control plane admin key); the token lasts one hour."""

    reason: Reason | None = None


class User(PublicUser):
    """The whole user, for secret-key callers: with private_metadata."""

    private_metadata: JsonObject


class UserPagination(Model):
    #: Exact, except for searches (q, or the admin search) matching more than 1,000 users, which
    #: answer 1000 with total_exact false (identity/users/search.py COUNT_CAP).
    total: int
    limit: int
    has_more: bool
    next_cursor: str | None
    total_exact: bool = True


class UserList(Model):
    data: list[User]
    pagination: UserPagination


class UserSession(Model):
    id: str
    user_id: str
    user_agent: str | None
    ip_address: str | None
    created_at: datetime
    last_active_at: datetime
    expires_at: datetime
    impersonated_by: str | None = None


class UserSessionList(Model):
    data: list[UserSession]
    pagination: Pagination


class Impersonation(Model):
    access_token: str
    expires_at: datetime
    impersonated_by: str
