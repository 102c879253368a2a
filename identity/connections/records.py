"""The rows the connections store reads, as typed records (identity/db/records.py)."""

from __future__ import annotations

from datetime import datetime

import msgspec

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
    #: The endpoint overrides given (service._check_endpoints: only those set).
    endpoints: dict[str, str]
    token_endpoint_auth_method: str
    #: schemas.FieldMapping as given ({} when none).
    field_mapping: dict[str, str | None]
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


class SignInMethodsRecord(Record, frozen=True):
    """What is left to sign in with besides one identity: a password, other identities."""

    has_password: bool
    others: int


class FlowRecord(Record, frozen=True):
    """A sign-in or link flow in progress with a provider (_FLOW columns)."""

    tenant_id: str
    state_hash: str
    connection_id: str
    browser_hash: str
    redirect_url: str
    code_verifier_sealed: str
    nonce: str
    link_user_id: str | None
    link_session_id: str | None
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None


class Profile(msgspec.Struct, frozen=True, kw_only=True):
    """A provider account as identity/connections/providers.py normalises it; a link_result
    ticket keeps it (jsonb) until the link is completed."""

    provider_user_id: str
    email: str | None
    email_verified: bool
    name: str | None
    avatar_url: str | None


class TicketRecord(Record, frozen=True):
    """A one-time ticket as take_ticket returns it (used_at from before it was taken)."""

    user_id: str
    session_id: str | None
    connection_id: str | None
    identity_id: str | None
    redirect_url: str | None
    new_user: bool
    profile: Profile | None
    expires_at: datetime
    used_at: datetime | None
