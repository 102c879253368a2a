"""Factor management (secret key): enroll, confirm, list, remove, backup codes.

Every change locks the user's row first, so that two changes of one user's factors run one
after the other: the last-factor rule and users.mfa_enabled (kept equal to "has an active
factor", in the same transaction) cannot be raced.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TypedDict, cast

import asyncpg

from identity.audit import store as audit_store
from identity.audit.context import AuditContext
from identity.crypto import SecretBox, constant_time_equals
from identity.email.queue import queue_email
from identity.events.emit import emit, emit_many
from identity.http.errors import ApiError, ValidationFailed
from identity.ids import new_id
from identity.mfa import codes, passkeys, store, totp
from identity.mfa.errors import (
    INVALID_CODE,
    LAST_MFA_FACTOR,
    MFA_FACTOR_EXISTS,
    MFA_FACTOR_NOT_FOUND,
    MFA_FACTOR_NOT_PENDING,
    REAUTHENTICATION_REQUIRED,
    WEBAUTHN_NOT_CONFIGURED,
)
from identity.mfa.records import FactorRecord
from identity.mfa.schemas import (
    BackupCodes,
    EnrollFactor,
    Enrollment,
    Factor,
    FactorList,
    FactorStatus,
    FactorType,
    TotpEnrollment,
    WebauthnInfo,
    WebauthnOptions,
)
from identity.mfa.sms import otp_text, queue_sms
from identity.principals import Tenant
from identity.sessions import store as sessions
from identity.tenants import auth_config
from identity.users import store as users
from identity.users.errors import USER_NOT_FOUND
from identity.users.records import UserRecord
from identity.users.service import locked_user

DEFAULT_NAMES = {
    "totp": "Authenticator app",
    "sms": "Text message",
    "email_otp": "Email",
    "webauthn": "Passkey",
    "backup_codes": "Backup codes",
}
#: A user's own session may remove a factor or replace its backup codes only this soon after the
#: sign-in behind it (the same figure as connecting a provider account, docs/connections.md).
RECENT_SIGN_IN = timedelta(minutes=10)


# -- errors ------------------------------------------------------------------------------------


# -- keys and hashes ---------------------------------------------------------------------------


def totp_aad(tenant_id: str, factor_id: str) -> str:
    return f"mfa-totp:{tenant_id}:{factor_id}"


def enroll_hash(box: SecretBox, factor_id: str, code: str) -> str:
    return box.mac(f"{factor_id}:{code}", "mfa-enroll")


def backup_hash(box: SecretBox, tenant_id: str, user_id: str, code: str) -> str:
    return box.mac(f"{tenant_id}:{user_id}:{code}", "mfa-backup")


# -- presentation ------------------------------------------------------------------------------


def present_factor(row: FactorRecord, email: str | None = None) -> Factor:
    out = Factor(
        id=row.id,
        user_id=row.user_id,
        type=cast(FactorType, row.type),
        name=row.name,
        status=cast(FactorStatus, row.status),
        created_at=row.created_at,
        updated_at=row.updated_at,
        activated_at=row.activated_at,
        last_used_at=row.last_used_at,
    )
    if row.type == "sms" and row.phone_number is not None:
        out.phone_number = codes.mask_phone(row.phone_number)
    elif row.type == "email_otp" and email is not None:
        out.email = codes.mask_email(email)
    elif row.type == "backup_codes" and row.codes_remaining is not None:
        out.codes_remaining = row.codes_remaining
    elif row.type == "webauthn" and row.credential_id and row.rp_id is not None:
        out.webauthn = WebauthnInfo(
            credential_id=row.credential_id,
            rp_id=row.rp_id,
            aaguid=row.aaguid,
            backed_up=row.backed_up,
            transports=list(row.transports or []),
        )
    return out


class FactorEvent(TypedDict):
    """What mfa.enrolled and mfa.removed say of the factor (docs/events.md); each event adds its
    time (activated_at, removed_at)."""

    id: str
    user_id: str
    type: str
    name: str | None
    created_at: datetime


def event_data(row: FactorRecord) -> FactorEvent:
    """The data of mfa.enrolled and mfa.removed (docs/events.md)."""
    return {
        "id": row.id,
        "user_id": row.user_id,
        "type": row.type,
        "name": row.name,
        "created_at": row.created_at,
    }


# -- helpers -----------------------------------------------------------------------------------


async def send_code(
    conn: asyncpg.Connection,
    box: SecretBox,
    tenant_id: str,
    app_name: str,
    code: str,
    *,
    phone: str | None,
    user: UserRecord,
) -> None:
    """A one-time code of an enrolment or a sign-in challenge: by SMS to phone, or without one
    the mfa_otp email to the user's address."""
    if phone is not None:
        await queue_sms(conn, box, tenant_id=tenant_id, to=phone, body=otp_text(app_name, code, codes.OTP_TTL_TEXT))
    else:
        await queue_email(
            conn,
            box,
            tenant_id=tenant_id,
            template="mfa_otp",
            to=user.email,
            user_id=user.id,
            variables={"code": code, "expires_in": codes.OTP_TTL_TEXT},
        )


async def ensure_recent_sign_in(conn: asyncpg.Connection, tenant_id: str, user_id: str, session_id: str) -> None:
    """A change made by the user's own session (not a secret key) that weakens the account
    (removing a factor, voiding backup codes) needs a live session of the user whose sign-in
    is recent: a stolen or forgotten session is not enough (Clerk calls this reverification)."""
    row = await sessions.get(conn, tenant_id, session_id)
    now = datetime.now(UTC)
    if (
        row is None
        or row.user_id != user_id
        or row.revoked_at is not None
        or row.expires_at <= now
        or now - row.created_at > RECENT_SIGN_IN
    ):
        raise REAUTHENTICATION_REQUIRED()


def _aware(value: datetime | None) -> datetime | None:
    return value if value is None or value.tzinfo else value.replace(tzinfo=UTC)


async def activate(
    conn: asyncpg.Connection,
    tenant_id: str,
    factor: FactorRecord,
    changes: store.Columns,
) -> FactorRecord:
    """Pending -> active: the enrollment data is dropped, users.mfa_enabled follows, and
    mfa.enrolled is emitted, all in the caller's transaction."""
    row = await store.update_factor(
        conn,
        tenant_id,
        factor.id,
        {
            **changes,
            "status": "active",
            "activated_at": datetime.now(UTC),
            "enroll_secret": None,
            "enroll_attempts": 0,
            "enroll_expires_at": None,
        },
    )
    await store.sync_mfa_enabled(conn, tenant_id, factor.user_id)
    await emit(conn, tenant_id, "mfa.enrolled", {**event_data(row), "activated_at": row.activated_at})
    return row


# -- endpoints ---------------------------------------------------------------------------------


async def list_factors(pool: asyncpg.Pool, tenant_id: str, user_id: str) -> FactorList:
    async with pool.acquire() as conn:
        user = await users.get(conn, tenant_id, user_id)
        if user is None:
            raise USER_NOT_FOUND()
        rows = await store.list_factors(conn, tenant_id, user_id)
    data = [present_factor(r, user.email) for r in rows]
    return FactorList(data=data, total=len(data))


async def enroll(
    pool: asyncpg.Pool, box: SecretBox, tenant: Tenant, user_id: str, body: EnrollFactor, audit: AuditContext
) -> Enrollment:
    phone = None
    if body.type == "sms":
        if body.phone_number is None:
            raise ValidationFailed("phone_number", "is required for an sms factor")
        phone = codes.e164(body.phone_number)
        if phone is None:
            raise ValidationFailed("phone_number", "must be in E.164 format, e.g. +14155552671")
    elif body.phone_number is not None:
        raise ValidationFailed("phone_number", "is only for sms factors")
    rp = None
    if body.type == "webauthn":
        rp = passkeys.relying_party(tenant.auth_config)
        if rp is None:
            raise WEBAUTHN_NOT_CONFIGURED()
    now = datetime.now(UTC)
    factor_id = new_id("fac")
    values: store.Columns = {
        "tenant_id": tenant.id,
        "id": factor_id,
        "user_id": user_id,
        "type": body.type,
        "name": body.name or DEFAULT_NAMES[body.type],
        "status": "pending",
    }
    result = Enrollment(factor_id=factor_id, type=body.type, status="pending", name=values["name"])
    async with pool.acquire() as conn, conn.transaction():
        user = await locked_user(conn, tenant.id, user_id)
        await store.delete_pending(conn, tenant.id, user_id, body.type)
        app_name = await store.tenant_name(conn, tenant.id)
        code = None
        if body.type == "totp":
            secret = totp.new_secret()
            values["totp_secret"] = box.encrypt(secret, associated=totp_aad(tenant.id, factor_id))
            uri = totp.uri(secret, user.email, app_name)
            result.totp = TotpEnrollment(secret=secret, uri=uri, qr_code=totp.qr_data_uri(uri))
        elif body.type in ("sms", "email_otp"):
            code = codes.new_otp()
            values.update(
                enroll_secret=enroll_hash(box, factor_id, code),
                enroll_expires_at=now + codes.OTP_TTL,
                phone_number=phone,
            )
            if phone is not None:
                result.phone_number = codes.mask_phone(phone)
            else:
                result.email = codes.mask_email(user.email)
        else:
            assert rp is not None
            challenge = passkeys.new_challenge()
            values.update(enroll_secret=challenge, enroll_expires_at=now + codes.OTP_TTL, rp_id=rp.id)
            result.webauthn = WebauthnOptions(
                options=passkeys.registration_options(
                    rp,
                    rp_name=app_name,
                    user_id=user_id,
                    user_name=user.email,
                    display_name=user.name or user.email,
                    challenge=challenge,
                    exclude=await store.credential_ids(conn, tenant.id, user_id),
                )
            )
        await store.insert_factor(conn, values)
        if code is not None:
            await send_code(conn, box, tenant.id, app_name, code, phone=phone, user=user)
        await audit.record(
            conn, tenant.id, "mfa.factor.created", "mfa_factor", factor_id, {"user_id": user_id, "type": body.type}
        )
    return result


async def pending_totp(
    pool: asyncpg.Pool, box: SecretBox, tenant: Tenant, user_id: str, factor_id: str
) -> TotpEnrollment:
    """The secret, URI and QR code of the user's TOTP factor while it is pending (the enrollment
    answer again), so that a page can show them on a GET until the person confirms; once
    active the secret is never shown. 404 mfa_factor_not_found for anything else."""
    async with pool.acquire() as conn:
        user = await users.get(conn, tenant.id, user_id)
        factor = await store.get_factor(conn, tenant.id, user_id, factor_id)
        if user is None or factor is None or factor.type != "totp" or factor.status != "pending":
            raise MFA_FACTOR_NOT_FOUND()
        app_name = await store.tenant_name(conn, tenant.id)
    assert factor.totp_secret is not None  # a TOTP factor is made with its secret
    secret = box.decrypt(factor.totp_secret, associated=totp_aad(tenant.id, factor_id))
    uri = totp.uri(secret, user.email, app_name)
    return TotpEnrollment(secret=secret, uri=uri, qr_code=totp.qr_data_uri(uri))


async def confirm(
    pool: asyncpg.Pool,
    box: SecretBox,
    tenant: Tenant,
    user_id: str,
    factor_id: str,
    code: passkeys.Credential,
    audit: AuditContext,
) -> Factor:
    error: ApiError | None = None
    async with pool.acquire() as conn, conn.transaction():
        user = await locked_user(conn, tenant.id, user_id)
        factor = await store.get_factor(conn, tenant.id, user_id, factor_id, for_update=True)
        if factor is None:
            raise MFA_FACTOR_NOT_FOUND()
        if factor.status != "pending":
            raise MFA_FACTOR_NOT_PENDING()
        changes: store.Columns | None = None
        kind = factor.type
        if kind == "totp":
            assert factor.totp_secret is not None  # a TOTP factor is made with its secret
            secret = box.decrypt(factor.totp_secret, associated=totp_aad(tenant.id, factor_id))
            digits = codes.normalise_otp(code) if isinstance(code, str) else None
            step = totp.matching_step(secret, digits) if digits else None
            if step is None:
                error = INVALID_CODE()
            else:
                # Confirming spends the step: a TOTP code is accepted at most once, anywhere.
                changes = {"totp_last_step": step}
        elif kind in ("sms", "email_otp"):
            expires = _aware(factor.enroll_expires_at)
            if factor.enroll_attempts >= codes.MAX_ATTEMPTS:
                error = INVALID_CODE("Too many wrong codes: enroll the factor again for a new code.")
            elif expires is None or expires <= datetime.now(UTC):
                error = INVALID_CODE("The code has expired: enroll the factor again for a new code.")
            else:
                digits = codes.normalise_otp(code) if isinstance(code, str) else None
                if digits and constant_time_equals(enroll_hash(box, factor_id, digits), factor.enroll_secret or ""):
                    changes = {}
                else:
                    await store.update_factor(
                        conn, tenant.id, factor_id, {"enroll_attempts": factor.enroll_attempts + 1}
                    )
                    left = codes.MAX_ATTEMPTS - factor.enroll_attempts - 1
                    error = INVALID_CODE(f"The code is not correct ({left} attempts left).")
        else:
            changes, error = await _confirm_webauthn(conn, tenant, factor, code)
        if changes is not None:
            row = await activate(conn, tenant.id, factor, changes)
            await audit.record(
                conn, tenant.id, "mfa.factor.activated", "mfa_factor", factor_id, {"user_id": user_id, "type": kind}
            )
    if error is not None:
        raise error
    return present_factor(row, user.email)


async def _confirm_webauthn(
    conn: asyncpg.Connection, tenant: Tenant, factor: FactorRecord, code: passkeys.Credential
) -> tuple[store.Columns | None, ApiError | None]:
    expires = _aware(factor.enroll_expires_at)
    if expires is None or expires <= datetime.now(UTC):
        return None, INVALID_CODE("The registration has expired: enroll the passkey again.")
    rp = passkeys.relying_party(tenant.auth_config, factor.rp_id)
    if rp is None:
        raise WEBAUTHN_NOT_CONFIGURED()
    try:
        registered = passkeys.verify_registration(code, challenge=factor.enroll_secret or "", rp=rp)
    except passkeys.CeremonyFailed as exc:
        return None, INVALID_CODE(f"The passkey registration does not verify: {exc}")
    taken = await store.credential_taken(conn, tenant.id, registered.credential_id)
    if taken:
        raise MFA_FACTOR_EXISTS()
    return {
        "credential_id": registered.credential_id,
        "public_key": registered.public_key,
        "sign_count": registered.sign_count,
        "aaguid": registered.aaguid,
        "backed_up": registered.backed_up,
        "transports": registered.transports,
    }, None


async def remove(
    pool: asyncpg.Pool,
    tenant: Tenant,
    user_id: str,
    factor_id: str,
    audit: AuditContext,
    *,
    session_id: str | None = None,
) -> None:
    """session_id: the user's own session making the change (self-service); removing a factor
    in use then needs a recent sign-in (ensure_recent_sign_in). A pending one goes freely."""
    async with pool.acquire() as conn, conn.transaction():
        await locked_user(conn, tenant.id, user_id)
        factor = await store.get_factor(conn, tenant.id, user_id, factor_id, for_update=True)
        if factor is None:
            raise MFA_FACTOR_NOT_FOUND()
        if session_id is not None and factor.status != "pending":
            await ensure_recent_sign_in(conn, tenant.id, user_id, session_id)
        if (
            factor.status == "active"
            and auth_config.load(tenant.auth_config).mfa_required
            and await store.count_active(conn, tenant.id, user_id) == 1
        ):
            raise LAST_MFA_FACTOR()
        await store.delete_factor(conn, tenant.id, factor_id)
        await store.sync_mfa_enabled(conn, tenant.id, user_id)
        if factor.status != "pending":
            await emit(conn, tenant.id, "mfa.removed", {**event_data(factor), "removed_at": datetime.now(UTC)})
        await audit.record(
            conn,
            tenant.id,
            "mfa.factor.removed",
            "mfa_factor",
            factor_id,
            {"user_id": user_id, "type": factor.type, "status": factor.status},
        )


async def remove_all(conn: asyncpg.Connection, tenant_id: str, user_id: str, audit: AuditContext) -> list[FactorRecord]:
    """Remove every factor of the user (backup codes included) in the caller's transaction,
    with the events and audit entries of remove(); the caller holds the user's row lock. Used
    when the factors cannot be trusted (identity/auth/email_proof.py). Returns the rows."""
    removed = await store.delete_user_factors(conn, tenant_id, user_id)
    if not removed:
        return removed
    await store.sync_mfa_enabled(conn, tenant_id, user_id)
    now = datetime.now(UTC)
    # One statement for the events and one for the audit entries, whatever the number of factors.
    await emit_many(
        conn,
        tenant_id,
        "mfa.removed",
        [{**event_data(f), "removed_at": now} for f in removed if f.status != "pending"],
    )
    await audit_store.record_many(
        conn,
        tenant_id=tenant_id,
        action="mfa.factor.removed",
        actor=audit.actor,
        resource_type="mfa_factor",
        resource_ids=[f.id for f in removed],
        ip_address=audit.ip_address,
        user_agent=audit.user_agent,
        metadata_each=[{"user_id": user_id, "type": f.type, "status": f.status} for f in removed],
    )
    return removed


async def generate_backup_codes(
    pool: asyncpg.Pool,
    box: SecretBox,
    tenant: Tenant,
    user_id: str,
    audit: AuditContext,
    *,
    session_id: str | None = None,
) -> BackupCodes:
    """A new set of 8 codes; the previous set stops working in the same transaction.
    session_id: the user's own session (self-service); replacing a set still in use then needs
    a recent sign-in, the first set (or one used up) does not."""
    fresh = codes.new_backup_codes()
    now = datetime.now(UTC)
    async with pool.acquire() as conn, conn.transaction():
        await locked_user(conn, tenant.id, user_id)
        factor = await store.backup_factor(conn, tenant.id, user_id, for_update=True)
        if session_id is not None and factor is not None and factor.status == "active":
            await ensure_recent_sign_in(conn, tenant.id, user_id, session_id)
        if factor is None:
            factor = await store.insert_factor(
                conn,
                {
                    "tenant_id": tenant.id,
                    "id": new_id("fac"),
                    "user_id": user_id,
                    "type": "backup_codes",
                    "name": DEFAULT_NAMES["backup_codes"],
                    "status": "pending",
                },
            )
        await store.replace_backup_codes(
            conn,
            tenant.id,
            user_id,
            factor.id,
            [backup_hash(box, tenant.id, user_id, c) for c in fresh],
        )
        if factor.status != "active":
            await activate(conn, tenant.id, factor, {})
        else:
            await store.update_factor(conn, tenant.id, factor.id, {})
        await audit.record(
            conn,
            tenant.id,
            "mfa.backup_codes.generated",
            "mfa_factor",
            factor.id,
            {"user_id": user_id, "count": len(fresh)},
        )
    return BackupCodes(codes=fresh, generated_at=now, factor_id=factor.id)


async def reset(pool: asyncpg.Pool, tenant_id: str, user_id: str, audit: AuditContext) -> int:
    """An operator's reset of a user who lost every factor (`identity users reset-mfa`): all
    factors and their backup codes go, mfa.removed is emitted for each factor that was in use,
    one audit entry records it. The last-factor rule does not apply: the user enrolls again at
    the next sign-in when the tenant requires MFA. Returns the number of factors removed."""
    async with pool.acquire() as conn, conn.transaction():
        await locked_user(conn, tenant_id, user_id)
        factors = await store.list_factors(conn, tenant_id, user_id)
        now = datetime.now(UTC)
        for factor in factors:
            await store.delete_factor(conn, tenant_id, factor.id)
            if factor.status != "pending":
                await emit(conn, tenant_id, "mfa.removed", {**event_data(factor), "removed_at": now})
        await store.sync_mfa_enabled(conn, tenant_id, user_id)
        await audit.record(conn, tenant_id, "mfa.reset", "user", user_id, {"factors_removed": [f.id for f in factors]})
    return len(factors)
