"""Account self-service: what a signed-in user changes about themselves (docs/auth.md, "Account
self-service"). The REST routes (/v1/auth/me, /v1/auth/password, /v1/auth/email,
/v1/auth/sessions) and the hosted account page call these same functions, so the rules hold
whichever way the person comes.

Re-authentication: a change that could hand the account to someone else (the password, the
email address) asks for the current password; a user without one (social or passkey sign-in)
needs a session signed in less than REAUTH_WINDOW ago instead. Wrong current passwords count
toward the lockout exactly as wrong sign-in passwords do.

Email change: nothing on the user changes before the new address is proven. A six-digit code is
sent to the NEW address; the switch happens only when the code comes back, and then the OLD
address is told. Whether the new address is taken by another account is answered only after
the proof (409 email_already_exists), so the request reveals nothing about other accounts.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

import asyncpg

from identity.audit.context import AuditContext
from identity.auth import errors
from identity.auth.schemas import (
    ChangePassword,
    EmailChangeSent,
    ListMySessions,
    MySession,
    PasswordChanged,
    PublicUser,
    UpdateProfile,
    UserResult,
)
from identity.auth.service import valid_email
from identity.crypto import SecretBox, constant_time_equals, sha256_hex
from identity.email.queue import queue_email
from identity.events.emit import emit
from identity.http.errors import ValidationFailed
from identity.http.pagination import Keyset, Page, paginate
from identity.http.types import UNSET, derived
from identity.principals import Tenant
from identity.sessions import service as sessions
from identity.sessions import store as session_store
from identity.sessions.device import browser_and_os
from identity.sessions.errors import SESSION_NOT_FOUND
from identity.sessions.records import RevokedSession, SessionRecord
from identity.sessions.schemas import Revoked
from identity.tenants import auth_config
from identity.users import email_change_store, lockout, onetime, passwords, policy
from identity.users import service as users_service
from identity.users import store as users
from identity.users.errors import EMAIL_TAKEN, USER_NOT_FOUND
from identity.users.presenter import event_data, present_user
from identity.users.records import UserRecord
from identity.users.schemas import UpdateUser

#: How recent a sign-in must be to stand in for the password (the same figure as connecting a
#: provider account, identity/connections/service.py).
REAUTH_WINDOW = timedelta(minutes=10)
EMAIL_CHANGE_TTL = timedelta(minutes=15)
#: Wrong codes before the pending change is dropped (a new request sends a new code).
EMAIL_CHANGE_ATTEMPTS = 5
CODE_DIGITS = 6


def _code_hash(user_id: str, code: str) -> str:
    # Bound to the user, so that equal codes of two users never share a hash.
    return sha256_hex(f"{user_id}:{code}")


async def _user(
    conn: asyncpg.Pool | asyncpg.Connection, tenant_id: str, user_id: str, *, for_update: bool = False
) -> UserRecord:
    row = await users.get(conn, tenant_id, user_id, for_update=for_update)
    if row is None:
        raise USER_NOT_FOUND()
    if row.status != "active":
        raise errors.user_inactive(row.status)
    return row


async def signed_in_recently(conn: asyncpg.Connection, tenant_id: str, user_id: str, session_id: str | None) -> bool:
    """Whether the session is the user's, alive, and made by a sign-in less than REAUTH_WINDOW ago."""
    if session_id is None:
        return False
    row = await session_store.get(conn, tenant_id, session_id)
    if row is None or row.user_id != user_id or row.status != "active":
        return False
    return bool(datetime.now(UTC) - row.created_at <= REAUTH_WINDOW)


async def reauthenticate(
    pool: asyncpg.Pool, tenant_id: str, user: UserRecord, session_id: str | None, password: str | None
) -> None:
    """Raise unless the caller proved again that they are the user: the current password when
    the user has one (422 incorrect_password naming current_password; the lockout applies),
    else a recent sign-in (403 reauthentication_required)."""
    if user.password_hash is None:
        async with pool.acquire() as conn:
            if not await signed_in_recently(conn, tenant_id, user.id, session_id):
                raise errors.REAUTHENTICATION_REQUIRED()
        return
    if lockout.is_locked(user):
        raise errors.ACCOUNT_LOCKED()
    if not password:
        raise errors.INCORRECT_PASSWORD.invalid("current_password", "is required")
    ok, _ = await passwords.verify_and_update(user.password_hash, password)
    if not ok:
        if await lockout.record_failure(pool, tenant_id, user.id):
            raise errors.ACCOUNT_LOCKED()
        raise errors.INCORRECT_PASSWORD.invalid("current_password", "is not correct")


# -- profile ------------------------------------------------------------------------------------


async def update_profile(
    pool: asyncpg.Pool, tenant: Tenant, user_id: str, body: UpdateProfile, audit: AuditContext | None
) -> PublicUser:
    """PATCH /v1/auth/me: name and username (when the tenant enables usernames), under the same
    rules as PATCH /v1/users/:id. Metadata is not the user's to write (public_metadata rides in
    every access token and the backend owns it)."""
    update = UpdateUser(name=body.name, username=body.username)
    if body.name is UNSET and body.username is UNSET:
        return present_user(await _user(pool, tenant.id, user_id), private=False)
    return derived(PublicUser, await users_service.update(pool, tenant, user_id, update, audit))


# -- password -----------------------------------------------------------------------------------


async def change_password(
    pool: asyncpg.Pool, tenant: Tenant, user_id: str, session_id: str | None, body: ChangePassword, audit: AuditContext
) -> PasswordChanged:
    """POST /v1/auth/password: change the password (with the current one), or set a first one
    (a recent sign-in). The tenant's password policy applies. Reset links stop working, a lockout
    is lifted, and the other sessions end unless sign_out_other_sessions is false (this one
    stays). Always audited: a password is a way into the account."""
    policy.check(body.new_password, auth_config.load(tenant.auth_config))
    user = await _user(pool, tenant.id, user_id)
    had_password = user.password_hash is not None
    await reauthenticate(pool, tenant.id, user, session_id, body.current_password)
    hashed = await passwords.hash_password(body.new_password)
    async with pool.acquire() as conn, conn.transaction():
        await _user(conn, tenant.id, user_id, for_update=True)
        row = await users_service.change(
            conn,
            tenant.id,
            user_id,
            {"password_hash": hashed, "password_changed_at": datetime.now(UTC), **lockout.CLEARED},
        )
        await onetime.retire(conn, tenant.id, user_id, "password_reset")
        revoked: list[RevokedSession] = []
        if body.sign_out_other_sessions:
            revoked = await sessions.revoke_sessions(
                conn, tenant.id, user_id=user_id, reason="password_changed", keep=session_id
            )
        reason = "user_changed" if had_password else "user_set"
        await emit(conn, tenant.id, "user.password_changed", {"id": user_id, "email": row.email, "reason": reason})
        await audit.record(
            conn,
            tenant.id,
            "user.password_changed",
            "user",
            user_id,
            {"reason": reason, "sessions_revoked": len(revoked)},
        )
    return PasswordChanged(user=present_user(row, private=False), sessions_revoked=len(revoked))


# -- email --------------------------------------------------------------------------------------


async def start_email_change(
    pool: asyncpg.Pool,
    box: SecretBox,
    tenant: Tenant,
    user_id: str,
    session_id: str | None,
    email: str,
    password: str | None,
) -> EmailChangeSent:
    """POST /v1/auth/email: after re-authentication, send a code to the new address and keep the
    change pending (a newer request replaces it). Nothing on the user changes here."""
    new_email = valid_email(email)
    user = await _user(pool, tenant.id, user_id)
    if new_email == user.email:
        raise ValidationFailed("email", "is already this account's address")
    await reauthenticate(pool, tenant.id, user, session_id, password)
    code = f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
    expires_at = datetime.now(UTC) + EMAIL_CHANGE_TTL
    async with pool.acquire() as conn, conn.transaction():
        await email_change_store.put(conn, tenant.id, user_id, new_email, _code_hash(user_id, code), expires_at)
        await queue_email(
            conn,
            box,
            tenant_id=tenant.id,
            template="email_change",
            to=new_email,
            user_id=user_id,
            variables={
                "code": code,
                "new_email": new_email,
                "user_name": user.name or "",
                "expires_in": "15 minutes",
            },
        )
    return EmailChangeSent(sent=True, email=new_email, expires_at=expires_at)


async def pending_email_change(pool: asyncpg.Pool, tenant_id: str, user_id: str) -> str | None:
    """The new address waiting for its code, or None (none, or its code expired)."""
    row = await email_change_store.get(pool, tenant_id, user_id)
    if row is None or row.expires_at <= datetime.now(UTC):
        return None
    return row.new_email


async def confirm_email_change(
    pool: asyncpg.Pool, box: SecretBox, tenant: Tenant, user_id: str, code: str, audit: AuditContext
) -> UserResult:
    """POST /v1/auth/email/verify: the code from the new address switches the account to it
    (verified), retires the links mailed to the old one and tells the old address. A wrong code
    counts; after EMAIL_CHANGE_ATTEMPTS the change is dropped. Always audited."""
    typed = "".join(code.split())
    wrong = False
    async with pool.acquire() as conn, conn.transaction():
        user = await _user(conn, tenant.id, user_id, for_update=True)
        pending = await email_change_store.get(conn, tenant.id, user_id, for_update=True)
        if pending is None or pending.expires_at <= datetime.now(UTC):
            raise ValidationFailed("code", "is not valid or has expired; ask for a new code")
        if not constant_time_equals(_code_hash(user_id, typed), pending.code_hash):
            wrong = True
            if pending.attempts + 1 >= EMAIL_CHANGE_ATTEMPTS:
                await email_change_store.delete(conn, tenant.id, user_id)
            else:
                await email_change_store.count_failure(conn, tenant.id, user_id)
        else:
            old_email, new_email = user.email, pending.new_email
            try:
                async with conn.transaction():
                    row = await users.update(conn, tenant.id, user_id, {"email": new_email, "email_verified": True})
            except asyncpg.UniqueViolationError:
                raise EMAIL_TAKEN() from None
            assert row is not None
            for kind in ("email_verification", "magic_link", "password_reset"):
                await onetime.retire(conn, tenant.id, user_id, kind)
            await email_change_store.delete(conn, tenant.id, user_id)
            fields = ["email", "email_verified"]
            await emit(conn, tenant.id, "user.updated", {**event_data(row), "fields": fields})
            await audit.record(
                conn, tenant.id, "user.email_changed", "user", user_id, {"from": old_email, "to": new_email}
            )
            await queue_email(
                conn,
                box,
                tenant_id=tenant.id,
                template="email_changed",
                to=old_email,
                user_id=user_id,
                variables={"new_email": new_email, "user_name": row.name or ""},
            )
    if wrong:  # raised after the commit, so that the attempt counts
        raise ValidationFailed("code", "is not correct")
    assert row is not None  # the right code changed the row
    return UserResult(user=present_user(row, private=False))


# -- sessions -----------------------------------------------------------------------------------


def present_my_session(row: SessionRecord, current: str | None) -> MySession:
    browser, system = browser_and_os(row.user_agent)
    return MySession(
        id=row.id,
        user_agent=row.user_agent,
        browser=browser,
        os=system,
        device_type=row.device_type,
        ip_address=row.ip_address,
        country=row.country,
        created_at=row.created_at,
        last_active_at=row.last_active_at,
        expires_at=row.expires_at,
        current=row.id == current,
    )


async def my_sessions(
    pool: asyncpg.Pool, tenant_id: str, user_id: str, current: str | None, query: ListMySessions
) -> Page[MySession]:
    """GET /v1/auth/sessions: the user's active sessions, newest first; current marks this one."""

    async def fetch(k: Keyset) -> tuple[list[SessionRecord], int]:
        async with pool.acquire() as conn:
            return await session_store.list_page(conn, tenant_id, k, user_id=user_id, status="active")

    return await paginate(query, fetch, lambda row: present_my_session(row, current))


async def revoke_my_session(
    pool: asyncpg.Pool, tenant_id: str, user_id: str, session_id: str, audit: AuditContext | None
) -> None:
    """DELETE /v1/auth/sessions/:id: end one of the user's own sessions (404 for any other, or
    one already ended). Revoking the current one signs this client out."""
    async with pool.acquire() as conn, conn.transaction():
        row = await session_store.get(conn, tenant_id, session_id, for_update=True)
        if row is None or row.user_id != user_id or row.status != "active":
            raise SESSION_NOT_FOUND()
        await sessions.revoke_session(conn, tenant_id, session_id, "revoked_by_user")
        if audit is not None:
            await audit.record(conn, tenant_id, "session.revoked", "session", session_id, {"reason": "revoked_by_user"})


async def revoke_other_sessions(
    pool: asyncpg.Pool, tenant_id: str, user_id: str, keep: str | None, audit: AuditContext | None
) -> Revoked:
    """POST /v1/auth/sessions/revoke-others: sign out everywhere else (this session stays)."""
    async with pool.acquire() as conn, conn.transaction():
        rows = await sessions.revoke_sessions(conn, tenant_id, user_id=user_id, reason="revoked_by_user", keep=keep)
        if audit is not None:
            await audit.record(conn, tenant_id, "session.revoked_all", "user", user_id, {"count": len(rows)})
    return Revoked(revoked=len(rows))
