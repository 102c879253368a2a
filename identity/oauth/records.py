"""The rows the OAuth provider's stores read, as typed records (identity/db/records.py)."""

from __future__ import annotations

from datetime import datetime

from identity.db.records import Record


class GrantRecord(Record, frozen=True):
    """A grant as GRANT_COLUMNS reads it; a machine grant (client_credentials) has no user,
    session or auth_time."""

    id: str
    client_id: str
    user_id: str | None
    session_id: str | None
    scopes: list[str]
    auth_time: datetime | None
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None


class GrantStateRecord(GrantRecord, frozen=True):
    """A grant with whether it (and a user grant's session) is still alive."""

    alive: bool


class RefreshGrantRecord(GrantRecord, frozen=True):
    """A refresh token with its grant and whether the grant's session is alive (lock_refresh)."""

    token_hash: str
    rotated_at: datetime | None
    session_alive: bool


class RefreshTokenRecord(Record, frozen=True):
    """The grant a refresh token belongs to, and when it was rotated (spent), if it was."""

    grant_id: str
    rotated_at: datetime | None


class CodeRecord(Record, frozen=True):
    """An authorization code as it was before being spent (used_at shows a reuse)."""

    client_id: str
    user_id: str
    session_id: str
    redirect_uri: str
    scopes: list[str]
    nonce: str | None
    code_challenge: str | None
    auth_time: datetime
    expires_at: datetime
    used_at: datetime | None
    expired: bool


class UserinfoRecord(Record, frozen=True):
    """The user behind a live grant (store.userinfo): the claims userinfo may release."""

    id: str
    email: str
    email_verified: bool
    name: str | None
    username: str | None
    avatar_url: str | None
    updated_at: datetime
    status: str
