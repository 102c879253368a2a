"""The second step of a sign-in: the challenge issued by the gate, switching factor
(/v1/mfa/challenge), and verifying a code (/v1/auth/mfa/verify, /v1/mfa/verify, the hosted page).

The gate (registered with identity.auth.mfa_gate) runs in the sign-in transaction once the first
factor is proved. It issues a challenge when the user has an active factor or the tenant
requires MFA; the flow commits and answers 403 mfa_required with the challenge. A user without
any factor in a tenant that requires MFA is asked for a code emailed to their address
(factor_type email_otp, factor_id null) and may also enroll a factor meanwhile and use it on
the same challenge.

Limits: a challenge lives 10 minutes and accepts 5 wrong codes (then the user signs in again);
a one-time code lives 10 minutes, at most 5 codes are sent per challenge, and the 3 latest
unexpired ones are accepted (a resend does not invalidate a message already on its way).
Verification is also rate limited per user (5 per 10 minutes) by the routes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import cast

import asyncpg
import msgspec

from identity.auth import errors as auth_errors
from identity.auth.mfa_gate import ChallengeObject
from identity.auth.service import complete_sign_in, ensure_can_sign_in, ensure_open
from identity.crypto import SecretBox, constant_time_equals
from identity.events.emit import emit
from identity.http.errors import ApiError
from identity.http.ratelimit.errors import RATE_LIMITED
from identity.http.types import UNSET, UnsetType
from identity.ids import new_id
from identity.mfa import codes, passkeys, store, totp
from identity.mfa.errors import INVALID_CODE, MFA_FACTOR_NOT_FOUND, WEBAUTHN_NOT_CONFIGURED
from identity.mfa.records import ChallengeRecord, FactorRecord, SentCode
from identity.mfa.schemas import Challenge, FactorSummary, FactorType, MfaTokens, WebauthnOptions
from identity.mfa.service import backup_hash, send_code, totp_aad
from identity.principals import Tenant
from identity.sessions.device import ClientInfo
from identity.sessions.runtime import AuthRuntime
from identity.sessions.schemas import SessionCredentials
from identity.tenants import auth_config
from identity.users import store as users
from identity.users.records import UserRecord

CHALLENGE_TTL = timedelta(minutes=10)
MAX_CODES_SENT = 5
LIVE_CODES = 3
FALLBACK_TYPE = "email_otp"
#: factor_type values of /v1/auth/mfa/verify, as factor types.
_KINDS = {"backup_code": "backup_codes"}


class WrongCode(Exception):
    """The code does not verify; the message is shown to the user."""


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def otp_hash(box: SecretBox, challenge_id: str, code: str) -> str:
    return box.mac(f"{challenge_id}:{code}", "mfa-otp")


@dataclass(frozen=True)
class Asked:
    """What asking for the factor adds to the challenge object: where its code went (masked), or
    the passkey's request options."""

    sent_to: str | UnsetType = UNSET
    webauthn: WebauthnOptions | UnsetType = UNSET


NOTHING_ASKED = Asked()


def _summary(row: FactorRecord) -> FactorSummary:
    out = FactorSummary(id=row.id, type=cast(FactorType, row.type), name=row.name)
    if row.type == "sms" and row.phone_number is not None:
        out.phone_number = codes.mask_phone(row.phone_number)
    return out


def present(challenge: ChallengeRecord, factors: list[FactorRecord], asked: Asked = NOTHING_ASKED) -> Challenge:
    return Challenge(
        challenge_id=challenge.id,
        factor_type=challenge.factor_type,
        expires_at=challenge.expires_at,
        factor_id=challenge.factor_id,
        factors=[_summary(f) for f in factors],
        sent_to=asked.sent_to,
        webauthn=asked.webauthn,
    )


def _usable(tenant: Tenant, factor: FactorRecord) -> bool:
    """A passkey can be asked for only while an allowed origin serves its RP id."""
    return factor.type != "webauthn" or passkeys.relying_party(tenant.auth_config, factor.rp_id) is not None


async def _prepare(
    conn: asyncpg.Connection,
    box: SecretBox,
    tenant: Tenant,
    user: UserRecord,
    challenge: ChallengeRecord,
    factor: FactorRecord | None,
) -> tuple[ChallengeRecord, Asked]:
    """Make the challenge ask for `factor` (None: the emailed fallback code): send a one-time
    code for sms/email_otp, make WebAuthn request options for a passkey."""
    kind = factor.type if factor is not None else FALLBACK_TYPE
    changes: store.Columns = {"factor_id": factor.id if factor is not None else None, "factor_type": kind}
    asked = NOTHING_ASKED
    if kind in ("sms", "email_otp"):
        if challenge.codes_sent >= MAX_CODES_SENT:
            raise RATE_LIMITED(
                "Too many codes were sent for this sign-in; sign in again.",
                extra={"retry_after": 60},
                headers={"Retry-After": "60"},
            )
        code = codes.new_otp()
        live = [c for c in (challenge.codes or []) if datetime.fromisoformat(c["expires_at"]) > _now()]
        live.append(
            SentCode(
                factor_id=changes["factor_id"],
                type=kind,
                hash=otp_hash(box, challenge.id, code),
                expires_at=(_now() + codes.OTP_TTL).isoformat(),
            )
        )
        changes["codes"] = live[-LIVE_CODES:]
        changes["codes_sent"] = challenge.codes_sent + 1
        app_name = await store.tenant_name(conn, tenant.id)
        phone = None
        if kind == "sms":
            # Only the fallback has no factor (it is emailed); an sms factor has its number.
            assert factor is not None and factor.phone_number is not None
            phone = factor.phone_number
        await send_code(conn, box, tenant.id, app_name, code, phone=phone, user=user)
        asked = Asked(sent_to=codes.mask_phone(phone) if phone is not None else codes.mask_email(user.email))
    elif kind == "webauthn":
        assert factor is not None  # the kind is the factor's
        rp = passkeys.relying_party(tenant.auth_config, factor.rp_id)
        if rp is None:
            raise WEBAUTHN_NOT_CONFIGURED()
        nonce = passkeys.new_challenge()
        changes["webauthn_challenge"] = nonce
        asked = Asked(
            webauthn=WebauthnOptions(
                options=passkeys.authentication_options(
                    rp,
                    challenge=nonce,
                    credentials=await store.credential_ids(conn, tenant.id, user.id, rp.id),
                )
            )
        )
    updated = await store.update_challenge(conn, tenant.id, challenge.id, changes)
    return updated, asked


def gate_skips(tenant: Tenant, user: UserRecord) -> bool:
    """gate() answers None without a challenge when the user has no active factor (which
    users.mfa_enabled mirrors) and the tenant does not require MFA."""
    return not user.mfa_enabled and not auth_config.load(tenant.auth_config).mfa_required


async def gate(
    conn: asyncpg.Connection,
    tenant: Tenant,
    user: UserRecord,
    *,
    rt: AuthRuntime | None = None,
    verify_email: bool = False,
    **_: object,
) -> ChallengeObject | None:
    """identity.auth.mfa_gate's gate: None (no second factor needed) or the mfa_challenge (a
    Challenge as JSON builtins, see ChallengeObject). With `rt` (the auth runtime) the code of an
    sms/email_otp factor is sent at once."""
    factors = await store.active_factors(conn, tenant.id, user.id)
    if not factors and not auth_config.load(tenant.auth_config).mfa_required:
        return None
    await store.purge_challenges(conn, tenant.id, user.id)
    # A passkey whose origin the tenant no longer allows is asked for only when nothing else
    # is left (and then cannot be used until the origin is back: MFA fails closed).
    usable = [f for f in factors if _usable(tenant, f)]
    chosen = usable[0] if usable else (factors[0] if factors else None)
    challenge = await store.insert_challenge(
        conn,
        {
            "tenant_id": tenant.id,
            "id": new_id("mfc"),
            "user_id": user.id,
            "factor_id": chosen.id if chosen else None,
            "factor_type": chosen.type if chosen else FALLBACK_TYPE,
            "verify_email": verify_email,
            "expires_at": _now() + CHALLENGE_TTL,
        },
    )
    asked = NOTHING_ASKED
    if rt is not None and (chosen is None or _usable(tenant, chosen)):
        challenge, asked = await _prepare(conn, rt.box, tenant, user, challenge, chosen)
    # datetime kept: the error envelope encodes it as the API's answers do.
    object_: ChallengeObject = msgspec.to_builtins(present(challenge, factors, asked), builtin_types=(datetime,))
    return object_


def _check_challenge(challenge: ChallengeRecord | None) -> None:
    if challenge is None or challenge.completed_at is not None:
        raise auth_errors.INVALID_TOKEN("The MFA challenge is not valid or was already used; sign in again.")
    if challenge.failed_attempts >= codes.MAX_ATTEMPTS:
        raise auth_errors.INVALID_TOKEN("Too many wrong codes for this sign-in; sign in again.")
    if _aware(challenge.expires_at) <= _now():
        raise auth_errors.TOKEN_EXPIRED("The MFA challenge has expired; sign in again.")


async def _active_factor(conn: asyncpg.Connection, tenant_id: str, user_id: str, factor_id: str) -> FactorRecord:
    factor = await store.get_factor(conn, tenant_id, user_id, factor_id)
    if factor is None or factor.status != "active":
        raise MFA_FACTOR_NOT_FOUND()
    return factor


async def select(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, challenge_id: str, factor_id: str | None
) -> Challenge:
    """POST /v1/mfa/challenge: ask for another factor (or the same one again: a new code)."""
    async with pool.acquire() as conn, conn.transaction():
        challenge = await store.get_challenge(conn, tenant.id, challenge_id, for_update=True)
        _check_challenge(challenge)
        assert challenge is not None  # _check_challenge raised otherwise
        ensure_open(tenant)
        user = await users.get(conn, tenant.id, challenge.user_id)
        if user is None:
            raise auth_errors.INVALID_TOKEN()
        ensure_can_sign_in(user)
        if factor_id is None:
            factor_id = challenge.factor_id
        factor = await _active_factor(conn, tenant.id, user.id, factor_id) if factor_id else None
        challenge, asked = await _prepare(conn, rt.box, tenant, user, challenge, factor)
        factors = await store.active_factors(conn, tenant.id, user.id)
    return present(challenge, factors, asked)


@dataclass(frozen=True)
class Described:
    """describe()'s answer: the challenge object, and its user's id for the caller's per-user
    rate limit (the hosted page counts its attempts with the API's); the id is not part of the
    API's challenge object."""

    challenge: Challenge
    user_id: str


async def describe(pool: asyncpg.Pool, tenant: Tenant, challenge_id: str) -> Described:
    """The challenge as it stands, without side effects (a page shown on a GET): what
    select() answered last, rebuilt: the factor asked for, the user's active factors, where the
    code of an sms/email factor went (masked), and the passkey request options for the stored
    WebAuthn challenge. Raises as verify() does for a challenge that cannot be used."""
    async with pool.acquire() as conn:
        challenge = await store.get_challenge(conn, tenant.id, challenge_id)
        _check_challenge(challenge)
        assert challenge is not None  # _check_challenge raised otherwise
        user = await users.get(conn, tenant.id, challenge.user_id)
        if user is None:
            raise auth_errors.INVALID_TOKEN()
        factors = await store.active_factors(conn, tenant.id, user.id)
        current = next((f for f in factors if f.id == challenge.factor_id), None)
        asked = NOTHING_ASKED
        kind = challenge.factor_type
        if kind == "sms" and current is not None and current.phone_number is not None:
            asked = Asked(sent_to=codes.mask_phone(current.phone_number))
        elif kind == "email_otp":
            asked = Asked(sent_to=codes.mask_email(user.email))
        elif kind == "webauthn" and current is not None and challenge.webauthn_challenge:
            rp = passkeys.relying_party(tenant.auth_config, current.rp_id)
            if rp is not None:
                asked = Asked(
                    webauthn=WebauthnOptions(
                        options=passkeys.authentication_options(
                            rp,
                            challenge=challenge.webauthn_challenge,
                            credentials=await store.credential_ids(conn, tenant.id, user.id, rp.id),
                        )
                    )
                )
    return Described(present(challenge, factors, asked), user_id=user.id)


@dataclass
class Verified:
    user: UserRecord
    session: SessionCredentials


async def verify(
    pool: asyncpg.Pool,
    rt: AuthRuntime,
    tenant: Tenant,
    client: ClientInfo,
    *,
    challenge_id: str,
    code: passkeys.Credential,
    factor_type: str | None = None,
    factor_id: str | None = None,
    limit: Callable[[str], Awaitable[None]] | None = None,
) -> Verified:
    """Check a code against a challenge and, when it is right, finish the sign-in with an
    MFA-verified session. Which factor: factor_id when given, else the factor_type's factors
    (/v1/auth/mfa/verify), else the challenge's current factor (a backup code is recognised by
    its form). `limit(user_id)` counts the attempt against the per-user rate limit."""
    error: ApiError | None = None
    result: Verified | None = None
    async with pool.acquire() as conn, conn.transaction():
        challenge = await store.get_challenge(conn, tenant.id, challenge_id, for_update=True)
        if challenge is not None and limit is not None:
            await limit(challenge.user_id)  # every attempt counts, also on a spent challenge
        _check_challenge(challenge)
        assert challenge is not None  # _check_challenge raised otherwise
        ensure_open(tenant)
        user = await users.get(conn, tenant.id, challenge.user_id, for_update=True)
        if user is None:
            raise auth_errors.INVALID_TOKEN()
        ensure_can_sign_in(user)
        factor = await _active_factor(conn, tenant.id, user.id, factor_id) if factor_id else None
        if factor is not None:
            kind = factor.type
        elif factor_type is not None:
            kind = _KINDS.get(factor_type, factor_type)
        elif isinstance(code, str) and codes.looks_like_backup_code(code):
            kind = "backup_codes"
        else:
            kind = challenge.factor_type
        try:
            used = await _check(conn, rt.box, tenant, user, challenge, kind, factor, code)
        except WrongCode as exc:
            failed = challenge.failed_attempts + 1
            await store.update_challenge(conn, tenant.id, challenge_id, {"failed_attempts": failed})
            left = codes.MAX_ATTEMPTS - failed
            suffix = f" ({left} attempts left)" if left else " (no attempts left: sign in again)"
            error = INVALID_CODE(f"{exc}{suffix}.")
        else:
            await store.update_challenge(conn, tenant.id, challenge_id, {"completed_at": _now()})
            user, creds = await complete_sign_in(
                conn, rt, tenant, user, client, verify_email=challenge.verify_email, mfa_verified=True
            )
            await emit(
                conn,
                tenant.id,
                "mfa.verified",
                {
                    "user_id": user.id,
                    "session_id": creds.id,
                    "factor_id": used,
                    "type": kind,
                    "challenge_id": challenge_id,
                    "verified_at": _now(),
                },
            )
            result = Verified(user, creds)
    if error is not None:
        raise error
    assert result is not None
    return result


async def _check(
    conn: asyncpg.Connection,
    box: SecretBox,
    tenant: Tenant,
    user: UserRecord,
    challenge: ChallengeRecord,
    kind: str,
    factor: FactorRecord | None,
    code: passkeys.Credential,
) -> str | None:
    """The id of the factor the code proves (None: the emailed fallback code); raises WrongCode."""
    if kind == "webauthn":
        return await _check_webauthn(conn, tenant, user, challenge, factor, code)
    if not isinstance(code, str):
        raise WrongCode("The code must be a string")
    if kind == "totp":
        digits = codes.normalise_otp(code)
        candidates = [factor] if factor is not None else await store.factors_of_type(conn, tenant.id, user.id, "totp")
        if not candidates:
            raise WrongCode("There is no authenticator app enrolled")
        for candidate in candidates:
            assert candidate.totp_secret is not None  # a TOTP factor is made with its secret
            secret = box.decrypt(candidate.totp_secret, associated=totp_aad(tenant.id, candidate.id))
            step = totp.matching_step(secret, digits) if digits else None
            if step is None:
                continue
            if not await store.claim_totp_step(conn, tenant.id, candidate.id, step):
                raise WrongCode("This code was already used; wait for the next one")
            return candidate.id
        raise WrongCode("The code is not correct")
    if kind in ("sms", "email_otp"):
        digits = codes.normalise_otp(code)
        sent = [
            c for c in (challenge.codes or []) if c["type"] == kind and (factor is None or c["factor_id"] == factor.id)
        ]
        if not sent:
            raise WrongCode("No code was sent for this factor; request one with POST /v1/mfa/challenge")
        live = [c for c in sent if datetime.fromisoformat(c["expires_at"]) > _now()]
        if not live:
            raise WrongCode("The code has expired; request a new one with POST /v1/mfa/challenge")
        wanted = otp_hash(box, challenge.id, digits) if digits else ""
        for entry in live:
            if digits and constant_time_equals(wanted, entry["hash"]):
                if entry["factor_id"] is None:
                    return None
                used = await _active_factor(conn, tenant.id, user.id, entry["factor_id"])
                await store.touch(conn, tenant.id, used.id)
                return used.id
        raise WrongCode("The code is not correct")
    if kind == "backup_codes":
        normal = codes.normalise_backup_code(code)
        spent = (
            await store.use_backup_code(conn, tenant.id, user.id, backup_hash(box, tenant.id, user.id, normal))
            if normal
            else None
        )
        if spent is None:
            raise WrongCode("The backup code is not correct or was already used")
        if spent.remaining <= 0:  # the set is used up: the factor stops counting as active
            await store.update_factor(conn, tenant.id, spent.factor_id, {"status": "disabled", "last_used_at": _now()})
            await store.sync_mfa_enabled(conn, tenant.id, user.id)
        else:
            await store.touch(conn, tenant.id, spent.factor_id)
        return spent.factor_id
    raise WrongCode(f"Unknown factor type {kind!r}")


async def _check_webauthn(
    conn: asyncpg.Connection,
    tenant: Tenant,
    user: UserRecord,
    challenge: ChallengeRecord,
    factor: FactorRecord | None,
    code: passkeys.Credential,
) -> str:
    nonce = challenge.webauthn_challenge
    if not nonce:
        raise WrongCode("No passkey request is open; get its options with POST /v1/mfa/challenge")
    try:
        credential_id = passkeys.credential_id_of(code)
    except passkeys.CeremonyFailed as exc:
        raise WrongCode(f"The passkey response is not valid: {exc}") from None
    found = await store.webauthn_by_credential(conn, tenant.id, user.id, credential_id)
    if found is None or found.public_key is None:
        raise WrongCode("This passkey is not enrolled for the user")
    if factor is not None and factor.type != "webauthn":
        raise WrongCode("The factor is not a passkey")
    rp = passkeys.relying_party(tenant.auth_config, found.rp_id)
    if rp is None:
        raise WEBAUTHN_NOT_CONFIGURED()
    try:
        count = passkeys.verify_assertion(
            code, challenge=nonce, rp=rp, public_key=found.public_key, sign_count=found.sign_count or 0
        )
    except passkeys.CeremonyFailed as exc:
        raise WrongCode(f"The passkey response does not verify: {exc}") from None
    if not await store.advance_sign_count(conn, tenant.id, found.id, found.sign_count or 0, count):
        raise WrongCode("The passkey response was already used")
    return found.id


def tokens(verified: Verified) -> MfaTokens:
    """The /v1/mfa/verify body."""
    expires = verified.session.access_token_expires_at
    return MfaTokens(
        access_token=verified.session.access_token,
        refresh_token=verified.session.refresh_token,
        expires_in=max(0, int(round((expires - _now()).total_seconds()))),
    )
