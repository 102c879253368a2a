"""Emailed-link flows: magic link, password forgot/reset, email verification.

Requests that name an email (magic link, forgot, resend) answer {sent: true} whether or not
the address has an account, so they cannot be used to find out which addresses do.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import asyncpg

from identity.auth import email_proof, errors
from identity.auth.mfa_gate import ChallengeObject
from identity.auth.schemas import Forgot, MagicLink, Reset, Sent, SignInResult, UserResult
from identity.auth.service import (
    complete_sign_in,
    ensure_can_sign_in,
    ensure_open,
    mfa_challenge,
    queue_verification,
    valid_email,
)
from identity.email.queue import queue_email
from identity.events.emit import emit
from identity.http.errors import ApiError
from identity.http.redirects import OwnPages, check_redirect
from identity.principals import Tenant
from identity.sessions import service as sessions
from identity.sessions.device import ClientInfo
from identity.sessions.runtime import AuthRuntime
from identity.sessions.schemas import SessionCredentials
from identity.tenants import auth_config
from identity.users import lockout, onetime, passwords, policy
from identity.users import store as users
from identity.users.presenter import present_user
from identity.users.records import OneTimeRecord, UserColumns, UserRecord
from identity.users.service import change, create_user

SENT = Sent(sent=True)

#: Per one-time link kind (also its email's template): how long it lives, the email's variable
#: holding the link, and the lifetime as the email states it.
_LINK_EMAILS = {
    "magic_link": (onetime.MAGIC_LINK_TTL, "magic_link_url", "15 minutes"),
    "password_reset": (onetime.PASSWORD_RESET_TTL, "reset_url", "1 hour"),
}


async def _email_link(
    conn: asyncpg.Connection,
    rt: AuthRuntime,
    tenant_id: str,
    kind: str,
    email: str,
    user_id: str | None,
    redirect: str,
) -> None:
    """A one-time link of this kind, and its email queued in the same transaction."""
    ttl, url_variable, expires_in = _LINK_EMAILS[kind]
    token = await onetime.create(conn, tenant_id, kind, email=email, user_id=user_id, redirect_url=redirect, ttl=ttl)
    await queue_email(
        conn,
        rt.box,
        tenant_id=tenant_id,
        template=kind,
        to=email,
        user_id=user_id,
        variables={url_variable: onetime.with_token(redirect, token), "expires_in": expires_in},
    )


async def request_magic_link(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, body: MagicLink, public_url: str
) -> Sent:
    """public_url: the service's own address; its hosted landing page for magic links
    (/oauth/{tenant_id}/magic-link/verify) counts as registered (identity/http/redirects.py)."""
    ensure_open(tenant)
    config = auth_config.load(tenant.auth_config)
    email = valid_email(body.email)
    redirect = check_redirect(body.redirect_url, config, own=OwnPages(public_url, tenant.id))
    async with pool.acquire() as conn, conn.transaction():
        user = await users.get_by_email(conn, tenant.id, email)
        if user is None and not (body.create_if_not_exists and config.sign_up_enabled):
            return SENT
        if user is not None and user.status != "active":
            return SENT
        # Without a user the link creates one when it is used (not now: typing an address
        # must not create accounts).
        await _email_link(conn, rt, tenant.id, "magic_link", email, user.id if user else None, redirect)
    return SENT


async def verify_magic_link(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, token: str, client: ClientInfo
) -> SignInResult:
    ensure_open(tenant)
    async with pool.acquire() as conn, conn.transaction():
        link = await onetime.consume(conn, tenant.id, token, "magic_link")
        if link.user_id is not None:
            user = await users.get(conn, tenant.id, link.user_id, for_update=True)
        else:
            user = await users.get_by_email(conn, tenant.id, link.email, for_update=True)
        if user is None:
            if link.user_id is not None:
                raise errors.INVALID_TOKEN()  # the user was deleted since
            if not auth_config.load(tenant.auth_config).sign_up_enabled:
                raise errors.SIGN_UP_DISABLED()
            user = await create_user(conn, tenant.id, email=link.email, email_verified=True)
        ensure_can_sign_in(user)
        if not user.email_verified:
            # The link proves the inbox before the MFA gate runs: a factor enrolled before the
            # proof is removed by it (email_proof.py), so the owner is not asked for it.
            user = await email_proof.prove(rt, conn, tenant.id, user, via=email_proof.MAGIC_LINK, client=client)
        # With a second factor to check, the link is spent (and a new user kept) now; the
        # sign-in ends when the challenge is verified.
        challenge = await mfa_challenge(conn, rt, tenant, user, verify_email=True)
        if challenge is None:
            # Proof of the inbox: the address is verified, and a password lockout is lifted.
            user, creds = await complete_sign_in(conn, rt, tenant, user, client, verify_email=True)
    if challenge is not None:
        raise errors.MFA_REQUIRED(extra={"mfa_challenge": challenge})
    return SignInResult(user=present_user(user, private=False), session=creds)


async def forgot_password(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, body: Forgot, public_url: str | None = None
) -> Sent:
    """public_url: with it, redirect_url may also be the service's own reset page."""
    ensure_open(tenant)
    config = auth_config.load(tenant.auth_config)
    email = valid_email(body.email)
    # The hosted reset page (identity/hosted/) is one of the service's own landings.
    own = OwnPages(public_url, tenant.id) if public_url is not None else None
    redirect = check_redirect(body.redirect_url, config, own=own)
    async with pool.acquire() as conn, conn.transaction():
        user = await users.get_by_email(conn, tenant.id, email)
        if user is None or user.status != "active":
            return SENT
        await _email_link(conn, rt, tenant.id, "password_reset", email, user.id, redirect)
    return SENT


async def peek_reset(pool: asyncpg.Pool, tenant: Tenant, token: str) -> None:
    """Raise as reset_password would for this token (401 invalid_token / token_expired), using
    nothing: the hosted reset page's GET shows a dead link at once."""
    await onetime.peek(pool, tenant.id, token, "password_reset")


async def reset_password(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, body: Reset, client: ClientInfo
) -> SignInResult:
    """Set the new password, lift the lockout, verify the address (the link proved the inbox),
    revoke every other session, and sign in with a new one."""
    ensure_open(tenant)
    policy.check(body.password, auth_config.load(tenant.auth_config))
    await onetime.peek(pool, tenant.id, body.token, "password_reset")  # fail fast, before hashing
    hashed = await passwords.hash_password(body.password)
    async with pool.acquire() as conn, conn.transaction():
        link = await onetime.consume(conn, tenant.id, body.token, "password_reset")
        # A reset link always names its user (forgot_password makes it for one).
        user = await users.get(conn, tenant.id, link.user_id, for_update=True) if link.user_id else None
        if user is None:
            raise errors.INVALID_TOKEN()
        ensure_can_sign_in(user)
        await onetime.retire(conn, tenant.id, user.id, "password_reset")
        await sessions.revoke_sessions(conn, tenant.id, user_id=user.id, reason="password_reset")
        # The link proved the inbox; the new password replaces the old one below (email_proof.py).
        user = await email_proof.prove(rt, conn, tenant.id, user, via=email_proof.PASSWORD_RESET, client=client)
        new_password: UserColumns = {"password_hash": hashed, "password_changed_at": datetime.now(UTC)}
        challenge = await mfa_challenge(conn, rt, tenant, user, verify_email=True)
        if challenge is None:
            user, creds = await complete_sign_in(conn, rt, tenant, user, client, verify_email=True, extra=new_password)
        else:
            # The new password is set now; the session waits for the second factor.
            user = await change(conn, tenant.id, user.id, {**new_password, **lockout.CLEARED})
        await emit(
            conn,
            tenant.id,
            "user.password_changed",
            {"id": user.id, "email": user.email, "reason": "password_reset"},
        )
    if challenge is not None:
        raise errors.MFA_REQUIRED(extra={"mfa_challenge": challenge})
    return SignInResult(user=present_user(user, private=False), session=creds)


async def _mark_verified(
    rt: AuthRuntime, conn: asyncpg.Connection, tenant_id: str, user_id: str | None, client: ClientInfo | None
) -> UserRecord:
    """The verification link or code: the sessions made before it end, and provider accounts
    that do not vouch for the address are unlinked (email_proof.py)."""
    user = await users.get(conn, tenant_id, user_id, for_update=True) if user_id is not None else None
    if user is None:
        raise errors.INVALID_TOKEN()
    return await email_proof.prove(rt, conn, tenant_id, user, via=email_proof.VERIFICATION_LINK, client=client)


async def verify_email(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, token: str, client: ClientInfo
) -> UserResult:
    async with pool.acquire() as conn, conn.transaction():
        link = await onetime.consume(conn, tenant.id, token, "email_verification")
        user = await _mark_verified(rt, conn, tenant.id, link.user_id, client)
    return UserResult(user=present_user(user, private=False))


async def _page_outcome(conn: asyncpg.Connection, token: str | None) -> tuple[str, OneTimeRecord | None]:
    """('valid' | 'already' | 'expired' | 'invalid', the link row or None)."""
    if not token:
        return "invalid", None
    link = await onetime.find_verification(conn, token)
    if link is None:
        return "invalid", None
    if link.used_at is not None:
        user = await users.get(conn, link.tenant_id, link.user_id) if link.user_id else None
        if user is not None and user.email_verified:
            return "already", link
        return "invalid", None
    if link.expires_at <= datetime.now(UTC):
        return "expired", link
    return "valid", link


async def verification_page(
    pool: asyncpg.Pool, token: str | None, *, tenant_id: str | None = None
) -> tuple[str, str | None, str | None]:
    """GET of the link in the email: reads, never writes (mail scanners and link previews open
    links too, and must not verify anything). ('confirm' | 'already' | 'expired' | 'invalid',
    email, the link's tenant id): 'confirm' asks the reader to confirm with a POST. tenant_id: the
    hosted page's tenant; another tenant's token is 'invalid' there."""
    async with pool.acquire() as conn:
        outcome, link = await _page_outcome(conn, token)
        if link is not None and tenant_id is not None and link.tenant_id != tenant_id:
            return "invalid", None, None
    if link is None:
        return outcome, None, None
    return ("confirm" if outcome == "valid" else outcome), link.email, link.tenant_id


async def confirm_verification(
    pool: asyncpg.Pool, rt: AuthRuntime, token: str | None, client: ClientInfo
) -> tuple[str, str | None, str | None]:
    """The confirm page's POST: ('verified' | 'already' | 'expired' | 'invalid', email, the
    link's tenant id)."""
    try:
        async with pool.acquire() as conn, conn.transaction():
            outcome, link = await _page_outcome(conn, token)
            if outcome != "valid":
                if link is None:
                    return outcome, None, None
                return outcome, link.email, link.tenant_id
            assert token is not None and link is not None  # _page_outcome answers 'invalid' without them
            await onetime.consume(conn, link.tenant_id, token, "email_verification")
            user = await _mark_verified(rt, conn, link.tenant_id, link.user_id, client)
    except ApiError:  # the same link confirmed at that moment in another request
        return "invalid", None, None
    return "verified", user.email, link.tenant_id


async def _sign_in_after_proof(
    conn: asyncpg.Connection, rt: AuthRuntime, tenant: Tenant, user: UserRecord, client: ClientInfo
) -> tuple[UserRecord, SessionCredentials | None, ChallengeObject | None]:
    """A hosted sign-up's proof (its code or its link, in the browser that made the sign-up)
    signs the person in: the MFA gate, then the session. (user, session or None, challenge or
    None); the caller commits and raises MFA_REQUIRED when there is a challenge."""
    ensure_open(tenant)
    ensure_can_sign_in(user)
    challenge = await mfa_challenge(conn, rt, tenant, user, verify_email=True)
    if challenge is not None:
        return user, None, challenge
    user, creds = await complete_sign_in(conn, rt, tenant, user, client)
    return user, creds, None


async def verify_email_code(
    pool: asyncpg.Pool,
    rt: AuthRuntime,
    tenant: Tenant,
    email: str,
    code: str,
    client: ClientInfo,
    *,
    sign_in_user_id: str | None = None,
) -> UserResult | SignInResult:
    """The six-digit code of the verification email (docs/auth.md, "Verification codes"): the
    first proof of the address, as the link's confirm button. {user}. sign_in_user_id: the
    hosted sign-up page's flow, which made that user in this browser: the code counts only for
    that user, and the person is then signed in ({user, session}, or 403 mfa_required once the
    challenge is committed). A wrong code (or an address without a pending code) answers 401
    invalid_code and counts against the code; an expired one 401 token_expired."""
    email = valid_email(email)
    challenge = creds = None
    async with pool.acquire() as conn:
        async with conn.transaction():
            user = await users.get_by_email(conn, tenant.id, email, for_update=True)
            if user is not None and sign_in_user_id is not None and user.id != sign_in_user_id:
                user = None
            outcome, _ = await onetime.check_code(conn, rt.box, tenant.id, user.id if user else None, code)
            if outcome is onetime.CodeCheck.OK:
                assert user is not None
                user = await email_proof.prove(
                    rt, conn, tenant.id, user, via=email_proof.VERIFICATION_LINK, client=client
                )
                if sign_in_user_id is not None:
                    user, creds, challenge = await _sign_in_after_proof(conn, rt, tenant, user, client)
        # A wrong code's attempt is committed above, then refused.
        if outcome is onetime.CodeCheck.WRONG:
            raise errors.INVALID_CODE()
        if outcome is onetime.CodeCheck.EXPIRED:
            raise errors.TOKEN_EXPIRED()
    if challenge is not None:
        raise errors.MFA_REQUIRED(extra={"mfa_challenge": challenge})
    assert user is not None  # a code checks only against a user's
    if creds is not None:
        return SignInResult(user=present_user(user, private=False), session=creds)
    return UserResult(user=present_user(user, private=False))


async def confirm_verification_link(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, token: str, client: ClientInfo, *, sign_in_user_id: str | None
) -> tuple[str, SignInResult | None]:
    """The hosted verification page's confirm button (/oauth/{tenant}/verify-email): the link's
    proof, as /v1/auth/verify-email/confirm, for a token of this tenant only. ('verified' |
    'already' | 'expired' | 'invalid', sign-in result or None). The person is signed in
    ({user, session}; 403 mfa_required after commit) only when sign_in_user_id (the flow of the
    browser that made the sign-up) is the link's user; elsewhere the page says "verified"."""
    challenge = None
    result: SignInResult | None = None
    try:
        async with pool.acquire() as conn, conn.transaction():
            outcome, link = await _page_outcome(conn, token)
            if link is not None and link.tenant_id != tenant.id:
                return "invalid", None
            if outcome != "valid" or link is None:
                return outcome, None
            await onetime.consume(conn, tenant.id, token, "email_verification")
            user = await _mark_verified(rt, conn, tenant.id, link.user_id, client)
            if sign_in_user_id is not None and sign_in_user_id == user.id:
                user, creds, challenge = await _sign_in_after_proof(conn, rt, tenant, user, client)
                if creds is not None:
                    result = SignInResult(user=present_user(user, private=False), session=creds)
    except ApiError as exc:
        if exc.code in ("invalid_token", "token_expired"):  # the same link used at that moment elsewhere
            return "invalid", None
        raise
    if challenge is not None:
        raise errors.MFA_REQUIRED(extra={"mfa_challenge": challenge})
    return "verified", result


async def resend_verification(
    pool: asyncpg.Pool,
    rt: AuthRuntime,
    public_url: str,
    tenant: Tenant,
    email: str,
    *,
    page_url: str | None = None,
    user_id: str | None = None,
    cooldown: timedelta | None = None,
) -> Sent:
    """A new verification email (link and code; the older ones stop working). Always
    {sent: true}. page_url: the hosted page the link goes to (queue_verification); user_id: the
    hosted sign-up's flow, which may resend only for the user it made; cooldown: nothing is sent
    while the user's newest verification email is younger (the hosted page's resend button)."""
    email = valid_email(email)
    async with pool.acquire() as conn, conn.transaction():
        user = await users.get_by_email(conn, tenant.id, email, for_update=True)
        if user is None or user.email_verified or user.status != "active":
            return SENT
        if user_id is not None and user.id != user_id:
            return SENT
        if cooldown is not None and not await onetime.resend_allowed(conn, tenant.id, user.id, cooldown):
            return SENT
        await onetime.retire(conn, tenant.id, user.id, "email_verification")
        await queue_verification(conn, rt.box, public_url, tenant.id, user, page_url=page_url)
    return SENT
