"""HTTP handlers for MFA: factor management (secret key; users:read / users:write) and the
second step of sign-in (publishable key). Importing this module registers the sign-in gate
(identity.auth.mfa_gate) and the hosted page's MFA step (identity/wiring.py hands both over).

The sign-in steps do not honour Idempotency-Key: their answers carry tokens. Enrollment and
backup-code generation do; their stored answers are sealed (identity/http/idempotency.py).
"""

from __future__ import annotations

import asyncpg

from identity.audit.context import from_ctx
from identity.auth import errors as auth_errors
from identity.auth.schemas import SignInResult
from identity.http.routing import Ctx, HandlerResult, Router
from identity.mfa import challenges, passkey_sign_in, service
from identity.mfa.errors import (
    INVALID_CODE,
    LAST_MFA_FACTOR,
    MFA_FACTOR_EXISTS,
    MFA_FACTOR_NOT_FOUND,
    MFA_FACTOR_NOT_PENDING,
    REAUTHENTICATION_REQUIRED,
    WEBAUTHN_NOT_CONFIGURED,
)
from identity.mfa.schemas import (
    AuthVerifyRequest,
    BackupCodes,
    Challenge,
    ChallengeRequest,
    ConfirmFactor,
    EnrollFactor,
    Enrollment,
    Factor,
    FactorList,
    GenerateBackupCodes,
    MfaTokens,
    PasskeySignIn,
    VerifyRequest,
    WebauthnOptions,
)
from identity.principals import ACCESS_TOKEN, PUBLISHABLE, SECRET, Tenant
from identity.sessions.device import ClientInfo, client_info
from identity.sessions.runtime import AuthRuntime, runtime
from identity.state import state
from identity.users.errors import USER_NOT_FOUND
from identity.users.presenter import present_user

router = Router()
_read = {"auth": (SECRET,), "scope": "users:read", "tag": "MFA"}
_write = {"auth": (SECRET,), "scope": "users:write", "tag": "MFA"}
_public = {"auth": (PUBLISHABLE,), "tag": "MFA", "idempotent": False}
_me = {"auth": (ACCESS_TOKEN,), "tag": "MFA", "idempotent": False}


def _tenant(ctx: Ctx) -> Tenant:
    assert ctx.principal is not None and ctx.principal.tenant is not None
    return ctx.principal.tenant


def _me_ids(ctx: Ctx) -> tuple[str, str]:
    """The signed-in user and the session of the access token."""
    assert ctx.principal is not None and ctx.principal.user_id is not None
    assert ctx.principal.session_id is not None
    return ctx.principal.user_id, ctx.principal.session_id


async def _verify_challenge(
    ctx: Ctx, *, factor_id: str | None = None, factor_type: str | None = None
) -> challenges.Verified:
    """The two verify routes: the body's challenge and code, rate limited per user."""
    return await challenges.verify(
        ctx.pool,
        runtime(ctx.app),
        _tenant(ctx),
        client_info(ctx.request),
        challenge_id=ctx.body.challenge_id,
        factor_id=factor_id,
        factor_type=factor_type,
        code=ctx.body.code,
        limit=ctx.rate_limit,
    )


@router.get(
    "/v1/users/{user_id}/mfa/factors",
    response=FactorList,
    summary="List a user's MFA factors (pending ones too)",
    **_read,
    errors=(USER_NOT_FOUND,),
)
async def list_factors(ctx: Ctx) -> HandlerResult:
    """Lists a user's MFA factors, active and pending: TOTP apps, SMS numbers and email codes (masked),
    passkeys (WebAuthn) and the backup-code set with the number of codes left. Secrets are never
    returned. Called with a **secret key** holding the `users:read` scope; 404 for an unknown user.
    Changes nothing."""
    return await service.list_factors(ctx.pool, ctx.tenant_id, ctx.param("user_id"))


@router.post(
    "/v1/users/{user_id}/mfa/factors",
    body=EnrollFactor,
    response=Enrollment,
    status=201,
    summary="Start enrolling a factor: TOTP secret and QR code, a code by SMS or email, or WebAuthn creation options",
    **_write,
    errors=(USER_NOT_FOUND, WEBAUTHN_NOT_CONFIGURED),
)
async def enroll(ctx: Ctx) -> HandlerResult:
    """Starts enrolling a factor for a user; it stays pending until confirmed. Called with a **secret key**
    holding the `users:write` scope. `totp` answers the secret, its `otpauth://` URI and a QR code
    (shown only here; stored encrypted); `sms` (an E.164 `phone_number`) sends a code **by SMS**;
    `email_otp` sends the **MFA code email**; `webauthn` answers the passkey creation options (the
    tenant must have a relying party configured). Codes are valid 10 minutes. A previous pending factor
    of the same type is replaced. 404 for an unknown user. Writes the audit entry `mfa.factor.created`;
    emits nothing until confirmed."""
    return await service.enroll(
        ctx.pool, state(ctx.app).box, _tenant(ctx), ctx.param("user_id"), ctx.body, from_ctx(ctx)
    )


@router.post(
    "/v1/users/{user_id}/mfa/factors/{factor_id}/confirm",
    body=ConfirmFactor,
    response=Factor,
    summary="Activate a pending factor with a code (or, for WebAuthn, the attestation)",
    **_write,
    errors=(USER_NOT_FOUND, MFA_FACTOR_EXISTS, MFA_FACTOR_NOT_PENDING, INVALID_CODE),
)
async def confirm(ctx: Ctx) -> HandlerResult:
    """Activates a pending factor with the code from the app, the SMS or the email (for a passkey, the
    attestation from the browser). Called with a **secret key** holding the `users:write` scope. A wrong
    code answers 401 `invalid_code` (5 wrong codes and an SMS or email code is void; enroll again); a
    TOTP code is accepted once only. 409 when the factor is not pending or the passkey is enrolled
    already; 404 for an unknown user or factor. Emits `mfa.enrolled` and writes the audit entry
    `mfa.factor.activated`; from then on sign-ins ask for a second factor."""
    return await service.confirm(
        ctx.pool,
        state(ctx.app).box,
        _tenant(ctx),
        ctx.param("user_id"),
        ctx.param("factor_id"),
        ctx.body.code,
        from_ctx(ctx),
    )


@router.delete(
    "/v1/users/{user_id}/mfa/factors/{factor_id}",
    status=204,
    summary="Remove a factor (403 last_mfa_factor for the only active one while the tenant requires MFA)",
    **_write,
    errors=(MFA_FACTOR_NOT_FOUND, USER_NOT_FOUND, LAST_MFA_FACTOR),
)
async def remove(ctx: Ctx) -> None:
    """Removes one of a user's factors, pending or active. Called with a **secret key** holding the
    `users:write` scope. While the tenant requires MFA, the user's only active factor cannot be removed
    (403 `last_mfa_factor`); 404 for an unknown user or factor. Emits `mfa.removed` for an active factor
    and writes the audit entry `mfa.factor.removed`."""
    await service.remove(ctx.pool, _tenant(ctx), ctx.param("user_id"), ctx.param("factor_id"), from_ctx(ctx))


@router.post(
    "/v1/users/{user_id}/mfa/backup-codes/generate",
    response=BackupCodes,
    summary="Generate 8 backup codes (shown once); the previous set stops working",
    **_write,
    errors=(USER_NOT_FOUND,),
)
async def generate_for_user(ctx: Ctx) -> HandlerResult:
    """Generates a new set of 8 single-use backup codes for the user; the previous set stops working. The
    codes appear only in this answer (only keyed hashes are stored). Called with a **secret key**
    holding the `users:write` scope; 404 for an unknown user. The first set activates the backup-code
    factor (emits `mfa.enrolled`); writes the audit entry `mfa.backup_codes.generated`."""
    return await service.generate_backup_codes(
        ctx.pool, state(ctx.app).box, _tenant(ctx), ctx.param("user_id"), from_ctx(ctx)
    )


@router.post(
    "/v1/mfa/backup-codes/generate",
    body=GenerateBackupCodes,
    response=BackupCodes,
    summary="Generate 8 backup codes for body.user_id (shown once); the previous set stops working",
    **_write,
    errors=(USER_NOT_FOUND,),
)
async def generate(ctx: Ctx) -> HandlerResult:
    """The same as `POST /v1/users/{user_id}/mfa/backup-codes/generate`, with the user named in the body
    (`user_id`): a new set of 8 single-use backup codes, shown only here, replacing the previous set.
    Called with a **secret key** holding the `users:write` scope; 404 for an unknown user. The first set
    emits `mfa.enrolled`; writes the audit entry `mfa.backup_codes.generated`."""
    return await service.generate_backup_codes(
        ctx.pool, state(ctx.app).box, _tenant(ctx), ctx.body.user_id, from_ctx(ctx)
    )


@router.post(
    "/v1/mfa/challenge",
    body=ChallengeRequest,
    response=Challenge,
    summary="Ask for another factor of a sign-in's challenge (sends the code of an sms or "
    "email_otp factor; WebAuthn request options for a passkey)",
    **_public,
    errors=(
        MFA_FACTOR_NOT_FOUND,
        auth_errors.INVALID_TOKEN,
        auth_errors.TENANT_SUSPENDED,
        auth_errors.TOKEN_EXPIRED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
        WEBAUTHN_NOT_CONFIGURED,
    ),
)
async def challenge(ctx: Ctx) -> HandlerResult:
    """During a sign-in that answered 403 `mfa_required`, switches the challenge to another of the user's
    active factors, or asks for a new code for the current one. Called with the tenant's **publishable
    key**. For an SMS factor it sends a code **by SMS**, for an email factor the **MFA code email** (at
    most 5 codes per challenge; the 3 latest unexpired ones are accepted); for a passkey it answers the
    WebAuthn request options. 401 for an unknown, expired or finished challenge. Changes only the
    challenge."""
    return await challenges.select(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body.challenge_id, ctx.body.factor_id)


@router.post(
    "/v1/mfa/verify",
    body=VerifyRequest,
    response=MfaTokens,
    summary="Complete a sign-in's challenge with a factor's code; tokens with mfa_verified",
    **_public,
    errors=(
        MFA_FACTOR_NOT_FOUND,
        auth_errors.INVALID_TOKEN,
        auth_errors.TENANT_SUSPENDED,
        auth_errors.TOKEN_EXPIRED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
        INVALID_CODE,
    ),
)
async def verify(ctx: Ctx) -> HandlerResult:
    """Completes a sign-in's MFA challenge with a code of a factor (`factor_id`, else the challenge's
    current factor; a backup code is recognised by its form) and answers the tokens of a new session
    marked `mfa_verified`. Called with the tenant's **publishable key**. A wrong code answers 401
    `invalid_code`; a challenge lives 10 minutes and accepts 5 wrong codes. A backup code is spent.
    Emits `session.created` and `mfa.verified` and queues the **welcome email** on a first sign-in; when
    the challenge followed a magic link, the first proof of the address applies too (`user.updated`,
    `session.revoked`, `user.password_changed`, `oauth.disconnected`). Rate limit: 5 per 10 minutes per
    user. Idempotency-Key is ignored."""
    return challenges.tokens(await _verify_challenge(ctx, factor_id=ctx.body.factor_id))


@router.post(
    "/v1/auth/mfa/verify",
    body=AuthVerifyRequest,
    response=SignInResult,
    summary="Complete the sign-in of a 403 mfa_required with a code: {user, session}",
    **{**_public, "tag": "Authentication"},
    errors=(
        auth_errors.INVALID_TOKEN,
        auth_errors.TENANT_SUSPENDED,
        auth_errors.TOKEN_EXPIRED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
        INVALID_CODE,
    ),
)
async def auth_verify(ctx: Ctx) -> HandlerResult:
    """Completes the sign-in that answered 403 `mfa_required`: the challenge id, the `factor_type` (`totp`,
    `sms`, `email_otp`, `webauthn` or `backup_code`) and the code; answers `{user, session}` like a
    sign-in, the session marked `mfa_verified`. Called with the tenant's **publishable key**. A wrong
    code answers 401 `invalid_code`; a challenge lives 10 minutes and accepts 5 wrong codes. Emits
    `session.created` and `mfa.verified` and queues the **welcome email** on a first sign-in; when the
    challenge followed a magic link, the first proof of the address applies too (`user.updated`,
    `session.revoked`, `user.password_changed`, `oauth.disconnected`). Rate limit: 5 per 10 minutes per
    user. Idempotency-Key is ignored."""
    verified = await _verify_challenge(ctx, factor_type=ctx.body.factor_type)
    return SignInResult(user=present_user(verified.user, private=False), session=verified.session)


# -- the signed-in user's own factors (access token) -------------------------------------------


@router.get(
    "/v1/me/mfa/factors",
    response=FactorList,
    summary="The signed-in user's MFA factors (pending ones too)",
    **_me,
)
async def my_factors(ctx: Ctx) -> HandlerResult:
    """Lists the signed-in user's MFA factors, active and pending, as `GET /v1/users/{user_id}/mfa/factors`
    does. Called with the **user's access token**. Changes nothing."""
    user_id, _ = _me_ids(ctx)
    return await service.list_factors(ctx.pool, ctx.tenant_id, user_id)


@router.post(
    "/v1/me/mfa/factors",
    body=EnrollFactor,
    response=Enrollment,
    status=201,
    summary="Start enrolling a factor for the signed-in user (TOTP secret and QR code, a code by SMS or "
    "email, or WebAuthn creation options)",
    **_me,
    errors=(WEBAUTHN_NOT_CONFIGURED,),
)
async def my_enroll(ctx: Ctx) -> HandlerResult:
    """Starts enrolling a factor for the signed-in user, as `POST /v1/users/{user_id}/mfa/factors` does; it
    stays pending until confirmed. Called with the **user's access token**. `sms` sends a code **by SMS**,
    `email_otp` sends the **MFA code email**. Writes the audit entry `mfa.factor.created` (actor: the
    user); emits nothing until confirmed."""
    user_id, _ = _me_ids(ctx)
    return await service.enroll(ctx.pool, state(ctx.app).box, _tenant(ctx), user_id, ctx.body, from_ctx(ctx))


@router.post(
    "/v1/me/mfa/factors/{factor_id}/confirm",
    body=ConfirmFactor,
    response=Factor,
    summary="Activate one of the signed-in user's pending factors with a code (or the WebAuthn attestation)",
    **_me,
    errors=(MFA_FACTOR_NOT_FOUND, MFA_FACTOR_EXISTS, MFA_FACTOR_NOT_PENDING, INVALID_CODE),
)
async def my_confirm(ctx: Ctx) -> HandlerResult:
    """Activates one of the signed-in user's pending factors, as
    `POST /v1/users/{user_id}/mfa/factors/{factor_id}/confirm` does. Called with the **user's access
    token**. 401 `invalid_code` for a wrong code; 404 for a factor that is not the user's. Emits
    `mfa.enrolled` and writes the audit entry `mfa.factor.activated`."""
    user_id, _ = _me_ids(ctx)
    return await service.confirm(
        ctx.pool, state(ctx.app).box, _tenant(ctx), user_id, ctx.param("factor_id"), ctx.body.code, from_ctx(ctx)
    )


@router.delete(
    "/v1/me/mfa/factors/{factor_id}",
    status=204,
    summary="Remove one of the signed-in user's factors: needs a sign-in less than 10 minutes old "
    "(else 403 reauthentication_required) for a factor in use",
    **_me,
    errors=(MFA_FACTOR_NOT_FOUND, LAST_MFA_FACTOR, REAUTHENTICATION_REQUIRED),
)
async def my_remove(ctx: Ctx) -> None:
    """Removes one of the signed-in user's factors. Called with the **user's access token**. A factor in use
    (active, or used-up backup codes) needs a session signed in less than 10 minutes ago, else 403
    `reauthentication_required` (sign in again); a pending one goes at once. 403 `last_mfa_factor` for the
    only active factor while the tenant requires MFA; 404 for a factor that is not the user's. Emits
    `mfa.removed` for an active factor and writes the audit entry `mfa.factor.removed`."""
    user_id, session_id = _me_ids(ctx)
    await service.remove(ctx.pool, _tenant(ctx), user_id, ctx.param("factor_id"), from_ctx(ctx), session_id=session_id)


@router.post(
    "/v1/me/mfa/backup-codes/generate",
    response=BackupCodes,
    summary="Generate 8 backup codes for the signed-in user (shown once); replacing a set in use needs a "
    "sign-in less than 10 minutes old (else 403 reauthentication_required)",
    **_me,
    errors=(REAUTHENTICATION_REQUIRED,),
)
async def my_backup_codes(ctx: Ctx) -> HandlerResult:
    """Generates a new set of 8 single-use backup codes for the signed-in user, shown only in this answer.
    Called with the **user's access token**. The first set needs nothing more; replacing a set that still
    has unused codes needs a session signed in less than 10 minutes ago, else 403
    `reauthentication_required`. The first set emits `mfa.enrolled`; writes the audit entry
    `mfa.backup_codes.generated`."""
    user_id, session_id = _me_ids(ctx)
    return await service.generate_backup_codes(
        ctx.pool, state(ctx.app).box, _tenant(ctx), user_id, from_ctx(ctx), session_id=session_id
    )


async def hosted_page_step(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, challenge_id: str, code: str, client: ClientInfo
) -> SignInResult:
    """The hosted sign-in page's code form (Registry.hosted_mfa_step, handed over by
    identity/wiring.py): the challenge's current factor, or a backup code recognised by its form."""
    verified = await challenges.verify(pool, rt, tenant, client, challenge_id=challenge_id, code=code)
    return SignInResult(user=present_user(verified.user, private=False), session=verified.session)


@router.post(
    "/v1/auth/passkey/options",
    response=WebauthnOptions,
    summary="Start a passwordless sign-in with a passkey: WebAuthn request options for any of the "
    "user's discoverable passkeys",
    auth=(PUBLISHABLE,),
    tag="Authentication",
    idempotent=False,
    errors=(auth_errors.TENANT_SUSPENDED, WEBAUTHN_NOT_CONFIGURED),
)
async def passkey_options(ctx: Ctx) -> HandlerResult:
    """Starts a passwordless sign-in with a passkey (no email typed first). Called with the tenant's
    **publishable key**; no body. Answers `{options}`: PublicKeyCredentialRequestOptions in the WebAuthn
    JSON form for `navigator.credentials.get()` (also with `mediation: "conditional"` for autofill), with
    an empty `allowCredentials` (the authenticator offers its discoverable credentials for the RP id)
    and `userVerification: "required"`. The RP id is the host of the first of the tenant's
    `allowed_origins` (409 `webauthn_not_configured` without one). Stores the challenge (5 minutes,
    single use). Finish with `POST /v1/auth/passkey/verify`. Rate limit: 30 per minute per client
    address."""
    tenant = _tenant(ctx)
    rp = passkey_sign_in.api_relying_party(tenant)
    return WebauthnOptions(options=await passkey_sign_in.begin(ctx.pool, tenant, rp, binding=None))


@router.post(
    "/v1/auth/passkey/verify",
    body=PasskeySignIn,
    response=SignInResult,
    summary="Sign in with a passkey's assertion (the session counts as MFA-verified)",
    auth=(PUBLISHABLE,),
    tag="Authentication",
    idempotent=False,
    errors=(
        INVALID_CODE,
        auth_errors.EMAIL_NOT_VERIFIED,
        auth_errors.TENANT_SUSPENDED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
        WEBAUTHN_NOT_CONFIGURED,
    ),
)
async def passkey_verify(ctx: Ctx) -> HandlerResult:
    """Signs in with the assertion `navigator.credentials.get()` returned for the options of
    `POST /v1/auth/passkey/options`. Called with the tenant's **publishable key**. The challenge is spent
    whatever the outcome. The passkey is found by its credential id among the tenant's active passkeys
    (enrolled as a second factor with `POST /v1/users/{user_id}/mfa/factors`); the assertion must come
    from one of the tenant's origins, carry user verification, and its signature and sign count must
    verify, else 401 `invalid_code`. A disabled or banned user gets 403, an unverified address 403
    `email_not_verified` while the tenant requires verified addresses. On success it creates a session
    marked `mfa_verified` (a user-verified passkey is two factors: no second factor is asked) and emits
    `session.created`; on a first sign-in it queues the **welcome email**. Rate limit: 30 per minute per
    client address. Idempotency-Key is ignored."""
    tenant = _tenant(ctx)
    rp = passkey_sign_in.api_relying_party(tenant)
    return await passkey_sign_in.finish(
        ctx.pool, runtime(ctx.app), tenant, rp, ctx.body.credential, client_info(ctx.request), binding=None
    )
