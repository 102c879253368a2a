"""The rows identity/sessions/store.py reads, as typed records (identity/db/records.py).

The hot paths (a refresh token's rotation, the session cache's read behind /v1/sessions/verify
and /v1/auth/me) keep their plain rows: issue T measured them, and a record costs a copy."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from identity.db.records import Record
from identity.sessions.refresh_hints import Hint


class SessionRecord(Record, frozen=True):
    """A session as store.COLUMNS reads it, with its derived status."""

    id: str
    tenant_id: str
    user_id: str
    user_agent: str | None
    ip_address: str | None
    country: str | None
    device_type: str | None
    mfa_verified: bool
    org_id: str | None
    created_at: datetime
    last_active_at: datetime
    expires_at: datetime
    revoked_at: datetime | None
    revoked_reason: str | None
    impersonated_by: str | None
    status: Literal["active", "expired", "revoked"]


class RevokedSession(Record, frozen=True):
    """A session store.revoke_many revoked."""

    id: str
    user_id: str
    revoked_at: datetime


#: A public key as a JWK (RFC 7517), published in the JWKS as stored: its members differ by key
#: type (EC: crv, x, y; RSA: n, e, key_ops), so it stays the JSON object pyjwt made.
PublicJwk = dict[str, Any]


class SigningKeyRecord(Record, frozen=True):
    """A signing key as signing_store.live_keys reads it (the private key sealed)."""

    id: str
    algorithm: str
    public_jwk: PublicJwk
    private_key_sealed: str
    activates_at: datetime
    expires_at: datetime | None


@dataclass(frozen=True, slots=True)
class HintedRotation:
    """One hinted refresh's rotation, as identity/sessions/rotations.py sends it in a batch:
    spend `old_hash`, store `new_hash`, keep `reply_sealed` until `reply_until` (both None when
    the tenant's reuse interval is 0), if the rows still hold what `hint` says. A plain
    dataclass: the refresh hot path."""

    tenant_id: str
    old_hash: str
    new_hash: str
    reply_sealed: str | None
    reply_until: datetime | None
    hint: Hint
