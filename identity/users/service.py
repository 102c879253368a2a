"""Users: creation (sign-up, magic link, tenant owner, POST /v1/users) and the management rules
behind /v1/users and the admin endpoints. Each change is one transaction with its events and,
for changes made by a secret key, the master key or an impersonation token, its audit entry."""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import urlsplit

import asyncpg

from identity.audit.context import AuditContext
from identity.crypto import SecretBox
from identity.email.queue import queue_email
from identity.events.emit import emit
from identity.http.errors import INVALID_EMAIL, ValidationFailed
from identity.http.pagination import Keyset, Page, paginate
from identity.http.types import EMAIL_RE, UNSET, JsonObject
from identity.ids import new_id
from identity.principals import Tenant
from identity.sessions import service as sessions
from identity.sessions import store as session_store
from identity.sessions.records import RevokedSession, SessionRecord
from identity.sessions.schemas import Revoked
from identity.tenants import auth_config
from identity.users import lockout, metadata, onetime, passwords, store
from identity.users.errors import EMAIL_TAKEN, USER_IS_BANNED, USER_NOT_FOUND, USERNAME_TAKEN
from identity.users.presenter import event_data, present_user
from identity.users.records import UserColumns, UserRecord
from identity.users.schemas import CreateUser, ListUserSessions, UpdateUser, User, UserSession


async def queue_welcome(conn: asyncpg.Connection, box: SecretBox, tenant_id: str, user: UserRecord) -> None:
    """The welcome email, at a user's creation through the API (send_welcome_email) or at a
    first sign-in."""
    await queue_email(
        conn,
        box,
        tenant_id=tenant_id,
        template="welcome",
        to=user.email,
        user_id=user.id,
        variables={"user_name": user.name or ""},
    )


async def create_user(
    conn: asyncpg.Connection,
    tenant_id: str,
    *,
    email: str,
    password_hash: str | None = None,
    name: str | None = None,
    username: str | None = None,
    phone: str | None = None,
    role: str = "member",
    email_verified: bool = False,
    public_metadata: JsonObject | None = None,
    private_metadata: JsonObject | None = None,
    last_sign_in_at: datetime | None = None,
) -> UserRecord:
    """Insert the user and emit user.created, in the caller's transaction.
    Raises 409 email_already_exists / username_already_exists. last_sign_in_at: a sign-up that
    signs the user in at once sets it in the insert rather than updating the row after."""
    values: UserColumns = {
        "tenant_id": tenant_id,
        "id": new_id("usr"),
        "email": store.normalise_email(email),
        "username": username,
        "name": name,
        "phone": phone,
        "role": role,
        "email_verified": email_verified,
        "public_metadata": public_metadata or {},
        "private_metadata": private_metadata or {},
        "password_hash": password_hash,
        "last_sign_in_at": last_sign_in_at,
    }
    row = await store.insert_unless_taken(conn, values)
    if row is None:  # nothing was written: the caller's transaction can go on
        if await store.email_exists(conn, tenant_id, values["email"]):
            raise EMAIL_TAKEN()
        raise USERNAME_TAKEN()
    await emit(conn, tenant_id, "user.created", event_data(row))
    return row


async def refuse_taken(conn: asyncpg.Connection, tenant_id: str, email: str, username: str | None) -> None:
    """409 for a taken email or username, answered before a hash is spent on a new user
    (create_user's insert checks again)."""
    if await store.email_exists(conn, tenant_id, email):
        raise EMAIL_TAKEN()
    if username is not None and await store.username_exists(conn, tenant_id, username):
        raise USERNAME_TAKEN()


async def create_owner(conn: asyncpg.Connection, tenant_id: str, owner_email: str | None, audit: AuditContext) -> None:
    """Tenant creation hook (Registry.tenant_created): owner_email becomes an admin user without a password (they sign
    in with a magic link or set one through password/forgot)."""
    if not owner_email:
        return
    row = await create_user(conn, tenant_id, email=owner_email, role="admin")
    await audit.record(conn, tenant_id, "user.created", "user", row.id, {"owner": True})


# -- /v1/users (issue F) -------------------------------------------------------------------------


def _email(value: str) -> str:
    email = store.normalise_email(value)
    if not EMAIL_RE.match(email):
        raise INVALID_EMAIL.invalid("email", "is not a valid email address")
    return email


def _avatar(value: str | None) -> str | None:
    if value is not None and urlsplit(value).scheme not in ("http", "https"):
        raise ValidationFailed("avatar_url", "must be an http(s) URL")
    return value


def _username_allowed(tenant: Tenant) -> None:
    if not auth_config.load(tenant.auth_config).username_enabled:
        raise ValidationFailed("username", "usernames are not enabled for this application")


async def locked_user(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> UserRecord:
    """The user's row, locked in the caller's transaction, or 404 user_not_found (the user
    services and the MFA factors' changes)."""
    row = await store.get(conn, tenant_id, user_id, for_update=True)
    if row is None:
        raise USER_NOT_FOUND()
    return row


async def change(conn: asyncpg.Connection, tenant_id: str, user_id: str, changes: UserColumns) -> UserRecord:
    """store.update of a user the caller found (and, in a transaction, locked): the row, or 404
    user_not_found when it is gone."""
    row = await store.update(conn, tenant_id, user_id, changes)
    if row is None:
        raise USER_NOT_FOUND()
    return row


async def get_user(pool: asyncpg.Pool, tenant_id: str, user_id: str) -> User:
    row = await store.get(pool, tenant_id, user_id)
    if row is None:
        raise USER_NOT_FOUND()
    return present_user(row)


async def get_user_by_email(pool: asyncpg.Pool, tenant_id: str, email: str) -> User:
    row = await store.get_by_email(pool, tenant_id, email)
    if row is None:
        raise USER_NOT_FOUND()
    return present_user(row)


async def create(pool: asyncpg.Pool, box: SecretBox, tenant: Tenant, body: CreateUser, audit: AuditContext) -> User:
    """POST /v1/users. The password policy does not apply (imports, admin-made accounts); an
    imported password_hash must be a format sign-in verifies (argon2, bcrypt, scrypt), within the
    cost bounds of passwords.cost_problem."""
    email = _email(body.email)
    if body.password is not None and body.password_hash is not None:
        raise ValidationFailed("password_hash", "give password or password_hash, not both")
    if body.password_hash is not None and not passwords.is_importable(body.password_hash):
        raise ValidationFailed(
            "password_hash", "is not a supported hash (argon2 PHC, bcrypt $2a$/$2b$/$2y$, or $scrypt$)"
        )
    too_costly = passwords.cost_problem(body.password_hash) if body.password_hash is not None else None
    if too_costly:  # sign-in would verify it: one anonymous request must not tie up a thread
        raise ValidationFailed("password_hash", too_costly)
    if body.username is not None:
        _username_allowed(tenant)
    metadata.check("public_metadata", body.public_metadata, in_token=True)
    metadata.check("private_metadata", body.private_metadata)
    _avatar(body.avatar_url)
    await refuse_taken(pool, tenant.id, email, body.username)
    hashed = body.password_hash
    if body.password is not None:
        hashed = await passwords.hash_password(body.password)
    async with pool.acquire() as conn, conn.transaction():
        row = await create_user(
            conn,
            tenant.id,
            email=email,
            password_hash=hashed,
            name=body.name,
            username=body.username,
            phone=body.phone,
            role=body.role,
            email_verified=body.email_verified,
            public_metadata=body.public_metadata,
            private_metadata=body.private_metadata,
        )
        extra: UserColumns = {}
        if body.avatar_url is not None:
            extra["avatar_url"] = body.avatar_url
        if body.phone_verified:
            extra["phone_verified"] = True
        if hashed is not None:
            extra["password_changed_at"] = datetime.now(UTC)
        if body.send_welcome_email:
            # Marked as welcomed, so the first sign-in does not send it a second time.
            extra["welcomed_at"] = datetime.now(UTC)
            await queue_welcome(conn, box, tenant.id, row)
        if extra:
            row = await change(conn, tenant.id, row.id, extra)
        await audit.record(
            conn,
            tenant.id,
            "user.created",
            "user",
            row.id,
            {
                "email": row.email,
                "role": row.role,
                "password": "imported" if body.password_hash else ("set" if body.password else "none"),
                "welcome_email": body.send_welcome_email,
            },
        )
    return present_user(row)


async def _unique(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    changes: UserColumns,
) -> UserRecord:
    try:
        async with conn.transaction():
            return await change(conn, tenant_id, user_id, changes)
    except asyncpg.UniqueViolationError as exc:
        if "username" in (exc.constraint_name or ""):
            raise USERNAME_TAKEN() from None
        raise EMAIL_TAKEN() from None


async def update(
    pool: asyncpg.Pool, tenant: Tenant, user_id: str, body: UpdateUser, audit: AuditContext | None
) -> User:
    """PATCH /v1/users/:id. Metadata objects are replaced whole. A new email is unverified unless
    email_verified comes with it, and the links mailed to the old address stop working. audit is
    None for a user changing their own profile (PATCH /v1/auth/me: name and username only), which
    the audit rule does not record (identity/audit/context.py when_required)."""
    changes: UserColumns = {}
    if body.name is not UNSET:
        changes["name"] = body.name
    if body.phone is not UNSET:
        changes["phone"] = body.phone
    if body.role is not UNSET:
        changes["role"] = body.role
    if body.email_verified is not UNSET:
        changes["email_verified"] = body.email_verified
    if body.phone_verified is not UNSET:
        changes["phone_verified"] = body.phone_verified
    if body.avatar_url is not UNSET:
        changes["avatar_url"] = _avatar(body.avatar_url)
    if body.public_metadata is not UNSET:
        changes["public_metadata"] = metadata.check("public_metadata", body.public_metadata, in_token=True)
    if body.private_metadata is not UNSET:
        changes["private_metadata"] = metadata.check("private_metadata", body.private_metadata)
    if body.username is not UNSET:
        if body.username is not None:
            _username_allowed(tenant)
        changes["username"] = body.username
    email = _email(body.email) if body.email is not UNSET else None
    async with pool.acquire() as conn, conn.transaction():
        row = await locked_user(conn, tenant.id, user_id)
        if email is not None and email != row.email:
            changes["email"] = email
            if body.email_verified is UNSET:
                changes["email_verified"] = False
            for kind in ("email_verification", "magic_link", "password_reset"):
                await onetime.retire(conn, tenant.id, user_id, kind)
        if changes:
            row = await _unique(conn, tenant.id, user_id, changes)
            fields = sorted(changes)
            await emit(conn, tenant.id, "user.updated", {**event_data(row), "fields": fields})
            if audit is not None:
                await audit.record(conn, tenant.id, "user.updated", "user", user_id, {"fields": fields})
        if body.status is not UNSET:
            assert audit is not None  # only the management endpoint changes a status
            if body.status == "disabled":
                row = await _disable(conn, tenant.id, row, None, True, audit)
            elif body.status == "active":
                row = await _enable(conn, tenant.id, row, audit)
    return present_user(row)


async def delete(pool: asyncpg.Pool, tenant_id: str, user_id: str, audit: AuditContext) -> None:
    """DELETE /v1/users/:id: sessions are revoked first (every process forgets them at once),
    then the row goes and its sessions, tokens, MFA factors and memberships cascade with it."""
    async with pool.acquire() as conn, conn.transaction():
        row = await locked_user(conn, tenant_id, user_id)
        revoked = await sessions.revoke_sessions(conn, tenant_id, user_id=user_id, reason="user_deleted")
        await store.delete(conn, tenant_id, user_id)
        await emit(
            conn,
            tenant_id,
            "user.deleted",
            {
                "id": user_id,
                "email": row.email,
                "role": row.role,
                "deleted_at": datetime.now(UTC),
            },
        )
        await audit.record(
            conn,
            tenant_id,
            "user.deleted",
            "user",
            user_id,
            {
                "email": row.email,
                "sessions_revoked": len(revoked),
            },
        )


async def _disable(
    conn: asyncpg.Connection,
    tenant_id: str,
    row: UserRecord,
    reason: str | None,
    revoke: bool,
    audit: AuditContext,
) -> UserRecord:
    if row.status == "banned":
        raise USER_IS_BANNED()
    if row.status == "disabled":
        return row
    revoked: list[RevokedSession] = []
    if revoke:
        revoked = await sessions.revoke_sessions(conn, tenant_id, user_id=row.id, reason="user_disabled")
    row = await change(conn, tenant_id, row.id, {"status": "disabled"})
    await emit(conn, tenant_id, "user.disabled", {**event_data(row), "reason": reason})
    await audit.record(
        conn,
        tenant_id,
        "user.disabled",
        "user",
        row.id,
        {
            "reason": reason,
            "sessions_revoked": len(revoked),
        },
    )
    return row


async def _enable(conn: asyncpg.Connection, tenant_id: str, row: UserRecord, audit: AuditContext) -> UserRecord:
    if row.status == "active":
        return row
    previous = row.status
    row = await change(conn, tenant_id, row.id, {"status": "active", **lockout.CLEARED})
    await emit(conn, tenant_id, "user.updated", {**event_data(row), "fields": ["status"]})
    await audit.record(conn, tenant_id, "user.enabled", "user", row.id, {"previous_status": previous})
    return row


async def disable(
    pool: asyncpg.Pool,
    tenant_id: str,
    user_id: str,
    reason: str | None,
    revoke: bool,
    audit: AuditContext,
) -> User:
    """active -> disabled: the user cannot sign in; their data stays. Their sessions are revoked
    unless revoke_sessions is false. Disabling a disabled user changes nothing; a banned one is
    409 user_banned (enable them first)."""
    async with pool.acquire() as conn, conn.transaction():
        row = await _disable(conn, tenant_id, await locked_user(conn, tenant_id, user_id), reason, revoke, audit)
    return present_user(row)


async def enable(pool: asyncpg.Pool, tenant_id: str, user_id: str, audit: AuditContext) -> User:
    """disabled or banned -> active (also clears a password lockout)."""
    async with pool.acquire() as conn, conn.transaction():
        row = await _enable(conn, tenant_id, await locked_user(conn, tenant_id, user_id), audit)
    return present_user(row)


async def unlock(pool: asyncpg.Pool, tenant_id: str, user_id: str, audit: AuditContext) -> User:
    """Clear a password lockout (auth/lockout.py) before it runs out (`identity users unlock`);
    the status is left as it is. Audited, also when the user was not locked."""
    async with pool.acquire() as conn, conn.transaction():
        row = await locked_user(conn, tenant_id, user_id)
        was_locked = lockout.is_locked(row)
        row = await change(conn, tenant_id, user_id, lockout.CLEARED)
        await audit.record(conn, tenant_id, "user.unlocked", "user", user_id, {"was_locked": was_locked})
    return present_user(row)


async def ban(pool: asyncpg.Pool, tenant_id: str, user_id: str, reason: str | None, audit: AuditContext) -> User:
    """any -> banned: every session is revoked at once; the reason is kept in the audit log.
    Receivers get user.disabled with status "banned"."""
    async with pool.acquire() as conn, conn.transaction():
        row = await locked_user(conn, tenant_id, user_id)
        revoked = await sessions.revoke_sessions(conn, tenant_id, user_id=user_id, reason="user_banned")
        if row.status != "banned":
            row = await change(conn, tenant_id, user_id, {"status": "banned"})
            await emit(conn, tenant_id, "user.disabled", {**event_data(row), "reason": reason})
        await audit.record(
            conn,
            tenant_id,
            "user.banned",
            "user",
            user_id,
            {
                "reason": reason,
                "sessions_revoked": len(revoked),
            },
        )
    return present_user(row)


async def revoke_all(pool: asyncpg.Pool, tenant_id: str, user_id: str, audit: AuditContext) -> Revoked:
    async with pool.acquire() as conn, conn.transaction():
        await locked_user(conn, tenant_id, user_id)
        rows = await sessions.revoke_sessions(conn, tenant_id, user_id=user_id, reason="revoked_by_api")
        await audit.record(conn, tenant_id, "session.revoked_all", "user", user_id, {"count": len(rows)})
    return Revoked(revoked=len(rows))


async def set_password(
    pool: asyncpg.Pool, tenant_id: str, user_id: str, password: str, revoke: bool, audit: AuditContext
) -> User:
    """POST /v1/users/:id/password: an administrator sets the password without the old one and
    without the password policy. Outstanding reset links stop working, a lockout is lifted, and
    every session is revoked unless revoke_sessions is false."""
    if not await store.get(pool, tenant_id, user_id):
        raise USER_NOT_FOUND()  # before the hash is spent
    hashed = await passwords.hash_password(password)
    async with pool.acquire() as conn, conn.transaction():
        await locked_user(conn, tenant_id, user_id)
        row = await change(
            conn,
            tenant_id,
            user_id,
            {
                "password_hash": hashed,
                "password_changed_at": datetime.now(UTC),
                **lockout.CLEARED,
            },
        )
        await onetime.retire(conn, tenant_id, user_id, "password_reset")
        revoked: list[RevokedSession] = []
        if revoke:
            revoked = await sessions.revoke_sessions(conn, tenant_id, user_id=user_id, reason="password_changed")
        await emit(
            conn,
            tenant_id,
            "user.password_changed",
            {
                "id": user_id,
                "email": row.email,
                "reason": "admin_set",
            },
        )
        await audit.record(
            conn,
            tenant_id,
            "user.password_changed",
            "user",
            user_id,
            {
                "revoke_sessions": revoke,
                "sessions_revoked": len(revoked),
            },
        )
    return present_user(row)


def present_session(row: SessionRecord) -> UserSession:
    return UserSession(
        id=row.id,
        user_id=row.user_id,
        user_agent=row.user_agent,
        ip_address=row.ip_address,
        created_at=row.created_at,
        last_active_at=row.last_active_at,
        expires_at=row.expires_at,
        impersonated_by=row.impersonated_by,
    )


async def user_sessions(pool: asyncpg.Pool, tenant_id: str, user_id: str, query: ListUserSessions) -> Page[UserSession]:
    """GET /v1/users/:id/sessions: the user's active sessions, newest first."""

    async def fetch(k: Keyset) -> tuple[list[SessionRecord], int]:
        async with pool.acquire() as conn:
            if not await store.get(conn, tenant_id, user_id):
                raise USER_NOT_FOUND()
            return await session_store.list_page(conn, tenant_id, k, user_id=user_id, status="active")

    return await paginate(query, fetch, present_session)
