"""The rows identity/users/store.py reads, as typed records (identity/db/records.py)."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from identity.db.records import Record
from identity.http.types import JsonObject


class UserRecord(Record, frozen=True):
    """A user as store.COLUMNS reads it."""

    id: str
    tenant_id: str
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
    private_metadata: JsonObject
    password_hash: str | None
    password_changed_at: datetime | None
    failed_sign_ins: int
    failed_window_start: datetime | None
    locked_until: datetime | None
    welcomed_at: datetime | None
    created_at: datetime
    updated_at: datetime
    last_sign_in_at: datetime | None


class UserColumns(TypedDict, total=False):
    """The columns a statement of store.py writes (insert_unless_taken, update), by name: mypy
    checks the names and the value types that a dict[str, Any] let through."""

    tenant_id: str
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
    public_metadata: JsonObject
    private_metadata: JsonObject
    password_hash: str | None
    password_changed_at: datetime | None
    failed_sign_ins: int
    failed_window_start: datetime | None
    locked_until: datetime | None
    welcomed_at: datetime | None
    last_sign_in_at: datetime | None


class CheckedUserRecord(UserRecord, frozen=True):
    """A user as store.update_checking_factors returns it: whether they have an active second
    factor, read in the same statement."""

    has_active_factor: bool


class FailedSignIn(Record, frozen=True):
    """store.record_failed_sign_in: the count after this failure and the lock it set, if any."""

    failed_sign_ins: int
    locked_until: datetime | None
    locked: bool | None


class OneTimeRecord(Record, frozen=True):
    """A one-time token (magic link, password reset, email verification) as
    onetime_store reads it: the token itself is stored as its hash only."""

    tenant_id: str
    token_hash: str
    kind: str
    user_id: str | None
    email: str
    redirect_url: str | None
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None
    code_hash: str | None
    code_attempts: int


class EmailChangeRecord(Record, frozen=True):
    """A pending self-service email change (email_change_store.get)."""

    new_email: str
    code_hash: str
    attempts: int
    expires_at: datetime
