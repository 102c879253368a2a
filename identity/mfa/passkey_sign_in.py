"""Passwordless sign-in with a passkey (WebAuthn discoverable credentials). docs/mfa.md,
"Passkey sign-in".

begin() stores a fresh challenge (by SHA-256, 5 minutes, single use, for one RP id, and bound to
what the caller names: the hosted pages pass their browser, the API nothing) and answers request
options with an empty allowCredentials and userVerification "required". finish() reads the
challenge out of the assertion's clientDataJSON, spends it, finds the passkey by credential id
inside the tenant (whoever's it is: the credential names the user), verifies the assertion
(origin exactly one of the RP's, RP id hash, user presence AND verification, signature, a sign
count above the stored one), applies the sign-in status rules of a password sign-in (tenant
active, user active, a verified address when the tenant requires one) and creates a session
marked MFA-verified: a user-verified passkey is something the user has and something they know
or are, so the MFA gate is not asked again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import asyncpg

from identity.auth import errors as auth_errors
from identity.auth.schemas import SignInResult
from identity.auth.service import complete_sign_in, ensure_can_sign_in, ensure_email_verified, ensure_open
from identity.crypto import constant_time_equals, sha256_hex
from identity.http.errors import ApiError
from identity.mfa import passkeys, store
from identity.mfa.errors import WEBAUTHN_NOT_CONFIGURED
from identity.principals import Tenant
from identity.sessions.device import ClientInfo
from identity.sessions.runtime import AuthRuntime
from identity.sessions.schemas import SessionCredentials
from identity.users import store as users
from identity.users.presenter import present_user
from identity.users.records import UserRecord

CHALLENGE_TTL = timedelta(minutes=5)


def api_relying_party(tenant: Tenant) -> passkeys.RelyingParty:
    """The RP of the API's ceremony: the tenant's (the first allowed origin's host); 409
    webauthn_not_configured without one."""
    rp = passkeys.relying_party(tenant.auth_config)
    if rp is None:
        raise WEBAUTHN_NOT_CONFIGURED()
    return rp


def _binding_hash(binding: str | None) -> str | None:
    return sha256_hex(f"passkey-binding:{binding}") if binding is not None else None


async def begin(
    pool: asyncpg.Pool, tenant: Tenant, rp: passkeys.RelyingParty, *, binding: str | None
) -> passkeys.WebauthnJson:
    """The request options (WebAuthn JSON form) for navigator.credentials.get()."""
    ensure_open(tenant)
    challenge = passkeys.new_challenge()
    async with pool.acquire() as conn:
        await store.insert_passkey_challenge(
            conn,
            tenant.id,
            sha256_hex(challenge),
            rp.id,
            _binding_hash(binding),
            datetime.now(UTC) + CHALLENGE_TTL,
        )
    return passkeys.discoverable_options(rp, challenge=challenge)


@dataclass(frozen=True)
class SignedIn:
    user: UserRecord
    session: SessionCredentials


def _refused(why: str) -> ApiError:
    return auth_errors.INVALID_CODE(f"The passkey was not accepted: {why}.")


async def finish(
    pool: asyncpg.Pool,
    rt: AuthRuntime,
    tenant: Tenant,
    rp: passkeys.RelyingParty,
    credential: passkeys.Credential,
    client: ClientInfo,
    *,
    binding: str | None,
) -> SignInResult:
    """The user and the session (MFA-verified); 401 invalid_code when the assertion is not
    accepted (the challenge is spent all the same)."""
    ensure_open(tenant)
    try:
        asserted = passkeys.read_assertion(credential)
    except passkeys.CeremonyFailed as exc:
        raise _refused(f"the response is not a WebAuthn assertion ({exc})") from None
    refusal: str | None = None
    signed_in: SignedIn | str | None = None
    async with pool.acquire() as conn, conn.transaction():
        spent = await store.spend_passkey_challenge(conn, tenant.id, sha256_hex(asserted.challenge))
        expected = _binding_hash(binding)
        if spent is None or spent.used_at is not None:
            refusal = "this sign-in request is unknown or was already answered; start again"
        elif spent.expires_at <= datetime.now(UTC):
            refusal = "this sign-in request has expired; start again"
        elif spent.rp_id != rp.id or (spent.binding_hash is None) != (expected is None):
            refusal = "this sign-in request was made for another page"
        elif expected is not None and not constant_time_equals(spent.binding_hash or "", expected):
            refusal = "this sign-in request was made in another browser"
        if refusal is None:
            signed_in = await _sign_in(conn, rt, tenant, rp, credential, asserted, client)
            if isinstance(signed_in, str):
                refusal = signed_in
    if refusal is not None:
        # The challenge is spent (committed above): a refused assertion cannot be retried with it.
        raise _refused(refusal)
    assert isinstance(signed_in, SignedIn)  # no refusal: _sign_in signed in
    return SignInResult(user=present_user(signed_in.user, private=False), session=signed_in.session)


async def _sign_in(
    conn: asyncpg.Connection,
    rt: AuthRuntime,
    tenant: Tenant,
    rp: passkeys.RelyingParty,
    credential: passkeys.Credential,
    asserted: passkeys.Asserted,
    client: ClientInfo,
) -> SignedIn | str:
    """The user signed in and their session, or why the passkey is refused; inside finish()'s
    transaction."""
    found = await store.webauthn_in_tenant(conn, tenant.id, asserted.credential_id)
    if found is None or found.public_key is None or found.rp_id != rp.id:
        return "this passkey is not registered here"
    if asserted.user_handle is not None and asserted.user_handle != found.user_id:
        return "the passkey names another user"
    try:
        count = passkeys.verify_assertion(
            credential,
            challenge=asserted.challenge,
            rp=rp,
            public_key=found.public_key,
            sign_count=found.sign_count or 0,
            require_user_verification=True,
        )
    except passkeys.CeremonyFailed as exc:
        return f"the response does not verify ({exc})"
    if not await store.advance_sign_count(conn, tenant.id, found.id, found.sign_count or 0, count):
        return "the response was already used"
    user = await users.get(conn, tenant.id, found.user_id, for_update=True)
    if user is None:
        return "this passkey is not registered here"
    # The status rules of a password sign-in; raising rolls the spent challenge back too.
    ensure_can_sign_in(user)
    ensure_email_verified(tenant, user)
    user, creds = await complete_sign_in(conn, rt, tenant, user, client, mfa_verified=True)
    return SignedIn(user, creds)
