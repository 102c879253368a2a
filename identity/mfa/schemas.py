"""Request and response declarations for the MFA endpoints (docs/mfa.md has the wire shapes).

These declarations validate input, describe the output in /openapi.json and are what the
service answers (Factor, Enrollment, BackupCodes, ...). Fields that exist for one factor type
only are UNSET, so left out, for the others.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from identity.http.types import UNSET, Body, Meta, Model, UnsetType
from identity.mfa.passkeys import WebauthnJson

Id = Annotated[str, Meta(min_length=1, max_length=64)]
EnrollType = Literal["totp", "sms", "email_otp", "webauthn"]
FactorType = Literal["totp", "sms", "email_otp", "webauthn", "backup_codes"]
FactorStatus = Literal["pending", "active", "disabled"]
#: /v1/auth/mfa/verify names the kind of code; backup_codes and webauthn are accepted too.
VerifyType = Literal["totp", "sms", "email_otp", "backup_code", "backup_codes", "webauthn"]
#: A one-time code, a backup code, or (webauthn) the credential's JSON, as text or as an object.
Code = Annotated[str, Meta(min_length=1, max_length=16_384)] | WebauthnJson


class EnrollFactor(Body):
    type: EnrollType
    name: Annotated[str, Meta(min_length=1, max_length=100)] | None = None
    #: Required for sms: E.164, e.g. +14155552671 (spaces, dots, dashes and brackets are dropped).
    phone_number: Annotated[str, Meta(min_length=1, max_length=32)] | None = None


class ConfirmFactor(Body):
    #: TOTP: the 6 digits the app shows; sms/email_otp: the code sent; webauthn: the JSON of the
    #: PublicKeyCredential returned by navigator.credentials.create() (text or object).
    code: Code


class ChallengeRequest(Body):
    challenge_id: Id
    #: The factor to use; omitted: the challenge's current factor (sends its code again).
    factor_id: Id | None = None


class VerifyRequest(Body):
    challenge_id: Id
    code: Code
    #: Omitted only for the emailed code of a user without factors (factor_id null in the challenge).
    factor_id: Id | None = None


class AuthVerifyRequest(Body):
    challenge_id: Id
    code: Code
    factor_type: VerifyType


class PasskeySignIn(Body):
    #: The JSON of the PublicKeyCredential returned by navigator.credentials.get() with the options
    #: of POST /v1/auth/passkey/options (text or object).
    credential: Annotated[str, Meta(min_length=1, max_length=16_384)] | WebauthnJson


class GenerateBackupCodes(Body):
    user_id: Id


class WebauthnInfo(Model):
    credential_id: str
    rp_id: str
    aaguid: str | None
    backed_up: bool | None
    transports: list[str]


class Factor(Model):
    id: str
    user_id: str
    type: FactorType
    name: str | None
    status: FactorStatus
    created_at: datetime
    updated_at: datetime
    activated_at: datetime | None
    last_used_at: datetime | None
    #: sms: the number, masked (+*******2671).
    phone_number: str | UnsetType = UNSET
    #: email_otp: the user's address, masked.
    email: str | UnsetType = UNSET
    #: backup_codes: how many unused codes are left.
    codes_remaining: int | UnsetType = UNSET
    #: webauthn: the registered credential (active factors).
    webauthn: WebauthnInfo | UnsetType = UNSET


class FactorList(Model):
    data: list[Factor]
    total: int


class TotpEnrollment(Model):
    secret: str
    #: otpauth://totp/<issuer>:<email>?secret=...&issuer=...
    uri: str
    #: data:image/png;base64,... (a QR code of uri)
    qr_code: str


class WebauthnOptions(Model):
    #: PublicKeyCredentialCreationOptions / RequestOptions in the WebAuthn JSON form (byte fields
    #: base64url): pass to PublicKeyCredential.parseCreationOptionsFromJSON() /
    #: parseRequestOptionsFromJSON() or a WebAuthn browser library.
    options: WebauthnJson


class Enrollment(Model):
    factor_id: str
    type: EnrollType
    status: Literal["pending"]
    name: str | None
    totp: TotpEnrollment | UnsetType = UNSET
    phone_number: str | UnsetType = UNSET
    email: str | UnsetType = UNSET
    webauthn: WebauthnOptions | UnsetType = UNSET


class FactorSummary(Model):
    id: str
    type: FactorType
    name: str | None
    phone_number: str | UnsetType = UNSET


class Challenge(Model):
    """Also the mfa_challenge of a 403 mfa_required."""

    challenge_id: str
    factor_type: str
    expires_at: datetime
    #: The factor asked for; null: a code emailed to a user who has no factor yet.
    factor_id: str | None
    #: Every active factor of the user, for a "use another method" choice.
    factors: list[FactorSummary]
    #: sms/email_otp: where the code was sent (masked).
    sent_to: str | UnsetType = UNSET
    webauthn: WebauthnOptions | UnsetType = UNSET


class MfaTokens(Model):
    access_token: str
    refresh_token: str
    #: Seconds until the access token expires.
    expires_in: int


class BackupCodes(Model):
    codes: list[str]
    generated_at: datetime
    factor_id: str
