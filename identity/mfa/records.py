"""The rows the MFA store reads, as typed records (identity/db/records.py)."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from identity.db.records import Record


class FactorRecord(Record, frozen=True):
    """A factor as FACTOR_COLUMNS reads it; codes_remaining (the unused backup codes) only
    where the statement counts them (list_factors)."""

    tenant_id: str
    id: str
    user_id: str
    type: str
    name: str | None
    status: str
    totp_secret: str | None
    totp_last_step: int | None
    phone_number: str | None
    credential_id: str | None
    public_key: bytes | None
    sign_count: int | None
    rp_id: str | None
    aaguid: str | None
    transports: list[str] | None
    backed_up: bool | None
    enroll_secret: str | None
    enroll_attempts: int
    enroll_expires_at: datetime | None
    created_at: datetime
    updated_at: datetime
    activated_at: datetime | None
    last_used_at: datetime | None
    codes_remaining: int | None = None


class SentCode(TypedDict):
    """A one-time code sent for a challenge, as stored in mfa_challenges.codes (a JSON array):
    a TypedDict, not a Struct, because the column decodes to plain JSON objects and is written
    back as one."""

    #: The MAC of the code (challenges.otp_hash), never the code.
    hash: str
    #: sms or email_otp.
    type: str
    #: None: the emailed fallback code of a user without factors.
    factor_id: str | None
    #: ISO 8601, with its offset.
    expires_at: str


class ChallengeRecord(Record, frozen=True):
    """A sign-in's MFA challenge as CHALLENGE_COLUMNS reads it; codes holds the one-time codes
    sent."""

    tenant_id: str
    id: str
    user_id: str
    factor_id: str | None
    factor_type: str
    verify_email: bool
    codes: list[SentCode]
    codes_sent: int
    webauthn_challenge: str | None
    failed_attempts: int
    created_at: datetime
    expires_at: datetime
    completed_at: datetime | None


class SpentCode(Record, frozen=True):
    """A backup code just spent: its factor and how many unused codes that factor has left."""

    factor_id: str
    remaining: int


class SpentPasskeyChallenge(Record, frozen=True):
    """A passwordless passkey challenge as it was before being spent (used_at from before)."""

    rp_id: str
    binding_hash: str | None
    expires_at: datetime
    used_at: datetime | None
