"""Sign-up, sign-in, sign-out and /me: the rules, one transaction each.

Password hashing and verification run in the thread pool before a connection is taken, so a
slow hash never holds a database connection.

Sign-up returns a session even while the tenant requires email verification (as Clerk
and Auth0 do; docs/auth.md): the new user is signed in once, and a verification email is
queued. Later sign-ins with the password answer 403 email_not_verified until the address is
verified (verification link, magic link or password reset). The sign-up's session ends when the
address is proven, and a magic link's proof discards the password chosen before it
(identity/auth/email_proof.py: someone may have signed up with another person's address).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import asyncpg

from identity.audit.context import AuditContext
from identity.auth import email_proof, errors, mfa_gate
from identity.auth.presenter import present_me, present_reduced
from identity.auth.schemas import SignIn, SignInResult, SignUp, SignUpResult
from identity.crypto import SecretBox
from identity.email.queue import queue_email
from identity.http.errors import INVALID_EMAIL, ValidationFailed
from identity.http.types import EMAIL_RE
from identity.principals import Tenant
from identity.sessions import service as sessions
from identity.sessions.device import ClientInfo
from identity.sessions.me_cache import MeAnswer, MeCache
from identity.sessions.runtime import AuthRuntime
from identity.sessions.schemas import SessionCredentials
from identity.sessions.service import ensure_can_sign_in as ensure_can_sign_in
from identity.tenants import auth_config
from identity.users import lockout, onetime, passwords, policy
from identity.users import metadata as user_metadata
from identity.users import store as users
from identity.users.errors import USER_NOT_FOUND, USERNAME_TAKEN
from identity.users.presenter import present_user
from identity.users.records import UserColumns, UserRecord
from identity.users.service import create_user, queue_welcome, refuse_taken


class FactorFound(Exception):
    """A sign-in that skipped the MFA gate found an active factor after all (see sign_in)."""


def ensure_open(tenant: Tenant) -> None:
    """Sign-in style operations are refused while the tenant is suspended."""
    if tenant.status != "active":
        raise errors.TENANT_SUSPENDED()


def valid_email(email: str) -> str:
    normalised = users.normalise_email(email)
    if not EMAIL_RE.match(normalised):
        raise INVALID_EMAIL.invalid("email", "is not a valid email address")
    return normalised


def ensure_email_verified(tenant: Tenant, user: UserRecord) -> None:
    """Signing in to an existing account needs a verified address while the tenant requires
    verification (403 email_not_verified): password sign-in and provider sign-in alike."""
    if auth_config.load(tenant.auth_config).email_verification_required and not user.email_verified:
        raise errors.EMAIL_NOT_VERIFIED()


async def queue_verification(
    conn: asyncpg.Connection,
    box: SecretBox,
    public_url: str,
    tenant_id: str,
    user: UserRecord,
    *,
    page_url: str | None = None,
) -> None:
    """The verification email: a link and a six-digit code (one row, docs/auth.md). The link
    goes to {public_url}/v1/auth/verify-email, or to page_url (a hosted page of this service
    that continues a sign-up flow; it gets ?token= added like any emailed link)."""
    token, code = await onetime.create_verification(conn, box, tenant_id, user_id=user.id, email=user.email)
    await queue_email(
        conn,
        box,
        tenant_id=tenant_id,
        template="verification",
        to=user.email,
        user_id=user.id,
        variables={
            "verify_url": onetime.with_token(page_url or f"{public_url}/v1/auth/verify-email", token),
            "code": code,
            "user_name": user.name or "",
            "expires_in": "24 hours",
        },
    )


async def complete_sign_in(
    conn: asyncpg.Connection,
    rt: AuthRuntime,
    tenant: Tenant,
    user: UserRecord,
    client: ClientInfo,
    *,
    new_hash: str | None = None,
    verify_email: bool = False,
    extra: UserColumns | None = None,
    mfa_verified: bool = False,
    gate_skipped: bool = False,
) -> tuple[UserRecord, SessionCredentials]:
    """Everything a successful sign-in writes: last_sign_in_at, lockout cleared, an upgraded
    hash, email verified (a magic link; its first proof ends what was set up before, see
    identity/auth/email_proof.py), the welcome email on the first sign-in, and the
    session (mfa_verified once a second factor was checked, identity.mfa). Returns (user row,
    session credentials). gate_skipped: the caller did not run the MFA gate because the user
    had no factor when read; raises FactorFound (rolling the transaction back) if one is active
    now."""
    if verify_email and not user.email_verified:
        # The link proved the inbox: whatever was set up before the proof goes (email_proof.py).
        user = await email_proof.prove(rt, conn, tenant.id, user, via=email_proof.MAGIC_LINK, client=client)
    changes: UserColumns = {"last_sign_in_at": datetime.now(UTC), **lockout.CLEARED}
    first = user.welcomed_at is None
    if first:
        changes["welcomed_at"] = datetime.now(UTC)
    changes.update(extra or {})
    if new_hash is not None:
        # Only if the hash is still the one that was verified (no password change meanwhile).
        await users.replace_password_hash(conn, tenant.id, user.id, user.password_hash, new_hash)
    updated: UserRecord | None
    if gate_skipped:
        checked = await users.update_checking_factors(conn, tenant.id, user.id, changes)
        # Both: a confirmation that committed while this UPDATE waited for the row lock shows in
        # the row it returns (mfa_enabled), not in its factor subquery (the statement's older
        # snapshot).
        if checked is not None and (checked.has_active_factor or checked.mfa_enabled):
            raise FactorFound
        updated = checked
    else:
        updated = await users.update(conn, tenant.id, user.id, changes)
    assert updated is not None  # the caller read the user in this transaction
    if first:
        await queue_welcome(conn, rt.box, tenant.id, updated)
    creds = await sessions.create_session(
        conn, rt, tenant.id, tenant.auth_config, updated, client, mfa_verified=mfa_verified
    )
    return updated, creds


async def mfa_challenge(
    conn: asyncpg.Connection, rt: AuthRuntime, tenant: Tenant, user: UserRecord, *, verify_email: bool = False
) -> mfa_gate.ChallengeObject | None:
    """The second-factor challenge this sign-in needs, or None. When there is one, the flow
    commits (the challenge is a row written here) and only then raises
    errors.MFA_REQUIRED(extra={"mfa_challenge": challenge}): raising inside the transaction would roll it back."""
    return await mfa_gate.challenge_for(rt, conn, tenant, user, verify_email=verify_email)


def _checked_sign_up(tenant: Tenant, body: SignUp) -> tuple[str, dict[str, Any]]:
    """The rules every sign-up passes before anything is looked up: (email, public metadata;
    free-form JSON the application chooses, hence a plain dict)."""
    ensure_open(tenant)
    config = auth_config.load(tenant.auth_config)
    if not config.sign_up_enabled:
        raise errors.SIGN_UP_DISABLED()
    email = valid_email(body.email)
    if body.username is not None and not config.username_enabled:
        raise ValidationFailed("username", "usernames are not enabled for this application")
    policy.check(body.password, config)
    return email, user_metadata.check("metadata", body.metadata or {}, in_token=True)


async def _create_signed_up(
    conn: asyncpg.Connection,
    tenant_id: str,
    body: SignUp,
    email: str,
    public_metadata: dict[str, Any],
    password_hash: str,
    *,
    signed_in: bool,
) -> UserRecord:
    """The user a sign-up creates, through the API or the hosted page: the body's name and
    username with the checked email and metadata. signed_in: the API's sign-up signs the user in
    at once, so the insert sets last_sign_in_at."""
    return await create_user(
        conn,
        tenant_id,
        email=email,
        password_hash=password_hash,
        name=body.name,
        username=body.username,
        public_metadata=public_metadata,
        last_sign_in_at=datetime.now(UTC) if signed_in else None,
    )


async def sign_up(
    pool: asyncpg.Pool, rt: AuthRuntime, public_url: str, tenant: Tenant, body: SignUp, client: ClientInfo
) -> SignUpResult:
    email, public_metadata = _checked_sign_up(tenant, body)
    await refuse_taken(pool, tenant.id, email, body.username)
    hashed = await passwords.hash_password(body.password)
    async with pool.acquire() as conn, conn.transaction():
        user = await _create_signed_up(conn, tenant.id, body, email, public_metadata, hashed, signed_in=True)
        await queue_verification(conn, rt.box, public_url, tenant.id, user)
        creds = await sessions.create_session(conn, rt, tenant.id, tenant.auth_config, user, client)
    return SignUpResult(user=present_reduced(user), session=creds)


@dataclass(frozen=True)
class Registered:
    """What a hosted sign-up did. user_id None: the address had an account already, and its
    owner was told by email; the page answers exactly as for a new account."""

    email: str
    user_id: str | None


async def register(
    pool: asyncpg.Pool,
    rt: AuthRuntime,
    tenant: Tenant,
    body: SignUp,
    *,
    verify_page_url: str,
    sign_in_url: str,
    forgot_password_url: str,
) -> Registered:
    """The hosted sign-up page's sign-up (docs/auth.md, "Sign-up on the hosted page"): the same
    rules as POST /v1/auth/sign-up, but it never says that an address has an account and it
    signs nobody in. A new user gets the verification email (link to verify_page_url, and a
    code); the person is signed in once the code or link proves the inbox. A taken address gets
    an `account_exists` email instead (links to sign in or reset the password), and the same
    answer. A taken username is still said: a username is shown to others, not a secret."""
    email, public_metadata = _checked_sign_up(tenant, body)
    if body.username is not None and await users.username_exists(pool, tenant.id, body.username):
        raise USERNAME_TAKEN()
    # Hashed either way, so the answer's time does not tell a taken address from a new one.
    hashed = await passwords.hash_password(body.password)
    async with pool.acquire() as conn, conn.transaction():
        existing = await users.get_by_email(conn, tenant.id, email)
        if existing is not None:
            await queue_email(
                conn,
                rt.box,
                tenant_id=tenant.id,
                template="account_exists",
                to=existing.email,
                user_id=existing.id,
                variables={"sign_in_url": sign_in_url, "forgot_password_url": forgot_password_url},
            )
            return Registered(email=email, user_id=None)
        user = await _create_signed_up(conn, tenant.id, body, email, public_metadata, hashed, signed_in=False)
        await queue_verification(conn, rt.box, "", tenant.id, user, page_url=verify_page_url)
    return Registered(email=email, user_id=user.id)


async def sign_in(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, body: SignIn, client: ClientInfo
) -> SignInResult:
    ensure_open(tenant)
    email = users.normalise_email(body.email)
    user = await users.get_by_email(pool, tenant.id, email) if EMAIL_RE.match(email) else None
    if user is not None and lockout.is_locked(user):
        raise errors.ACCOUNT_LOCKED()
    # Without a user (or a password) a dummy hash is verified: the time does not tell.
    ok, new_hash = await passwords.verify_and_update(user.password_hash if user is not None else None, body.password)
    if not ok:
        if user is not None and await lockout.record_failure(pool, tenant.id, user.id):
            raise errors.ACCOUNT_LOCKED()
        raise errors.INVALID_CREDENTIALS()
    assert user is not None
    ensure_can_sign_in(user)
    ensure_email_verified(tenant, user)
    # Most users have no second factor: users.mfa_enabled says so, and the sign-in's own UPDATE
    # re-checks the factors, so the gate's query is skipped (a factor confirmed meanwhile rolls
    # this back and the gate runs after all).
    async with pool.acquire() as conn:
        for skip_gate in (True, False) if mfa_gate.may_skip(rt, tenant, user) else (False,):
            try:
                async with conn.transaction():
                    challenge = None if skip_gate else await mfa_challenge(conn, rt, tenant, user)
                    if challenge is None:
                        user, creds = await complete_sign_in(
                            conn, rt, tenant, user, client, new_hash=new_hash, gate_skipped=skip_gate
                        )
                break
            except FactorFound:
                continue
    if challenge is not None:
        raise errors.MFA_REQUIRED(extra={"mfa_challenge": challenge})
    return SignInResult(user=present_user(user, private=False), session=creds)


async def sign_out(pool: asyncpg.Pool, tenant_id: str, session_id: str, audit: AuditContext | None = None) -> None:
    """audit: an AuditContext when the change must be recorded (an impersonation token)."""
    async with pool.acquire() as conn, conn.transaction():
        row = await sessions.revoke_session(conn, tenant_id, session_id, "signed_out")
        if row is not None and audit is not None:
            await audit.record(
                conn,
                tenant_id,
                "session.revoked",
                "session",
                session_id,
                {"user_id": row.user_id, "reason": "signed_out"},
            )


async def me(pool: asyncpg.Pool, cache: MeCache, tenant_id: str, user_id: str) -> MeAnswer:
    """The /me object, from the cache when it holds it (identity/sessions/me_cache.py). A dict
    of `Me`'s shape: the cache lives below this package (see present_me)."""
    hit = cache.get(tenant_id, user_id)
    if hit is not None:
        return hit
    version = cache.listener.version
    row = await users.me_row(pool, tenant_id, user_id)
    if row is None:
        raise USER_NOT_FOUND()
    out: MeAnswer = present_me(row)
    cache.put(tenant_id, user_id, out, version)
    return out
