"""The rows the connections store reads, as typed records (identity/db/records.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from identity.db.records import Record


class ConnectionRecord(Record, frozen=True):
    """A tenant's connection to a provider (the store's _CONNECTION columns); the secrets
    sealed."""

    id: str
    tenant_id: str
    provider: str
    name: str
    client_id: str
    client_secret_sealed: str | None
    scopes: list[str]
    enabled: bool
    endpoints: dict[str, Any]
    token_endpoint_auth_method: str
    field_mapping: dict[str, Any]
    apple_team_id: str | None
    apple_key_id: str | None
    apple_private_key_sealed: str | None
    created_at: datetime
    updated_at: datetime


class IdentityRecord(Record, frozen=True):
    """A user's linked provider account (the store's _IDENTITY columns)."""

    id: str
    user_id: str
    connection_id: str
    provider: str
    provider_user_id: str
    email: str | None
    email_verified: bool
    name: str | None
    avatar_url: str | None
    created_at: datetime
    updated_at: datetime
    last_sign_in_at: datetime | None
