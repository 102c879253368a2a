"""HTTP handlers for MFA: factor management (secret key; users:read / users:write) and the
second step of sign-in (publishable key). Importing this module registers the sign-in gate
(identity.auth.mfa_gate) and the hosted page's MFA step (identity.oauth.mfa_step).

The sign-in steps do not honour Idempotency-Key: their answers carry tokens. Enrollment and
backup-code generation do; their stored answers are sealed (identity/http/idempotency.py).
"""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.auth import errors as auth_errors
from identity.auth import mfa_gate
from identity.auth.runtime import runtime
from identity.auth.schemas import SignInResult
from identity.http.auth import PUBLISHABLE, SECRET
from identity.http.errors import not_found
from identity.http.routing import Ctx, Router
from identity.mfa import challenges, service
from identity.mfa import passkeys as mfa_passkeys
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
    VerifyRequest,
)
from identity.sessions.device import client_info
from identity.state import state
from identity.users.presenter import present_user

mfa_gate.register(challenges.gate, challenges.gate_skips)

router = Router()
_read = {"auth": (SECRET,), "scope": "users:read", "tag": "MFA"}
_write = {"auth": (SECRET,), "scope": "users:write", "tag": "MFA"}
_public = {"auth": (PUBLISHABLE,), "tag": "MFA", "idempotent": False}


def _tenant(ctx: Ctx):
    assert ctx.principal is not None and ctx.principal.tenant is not None
    return ctx.principal.tenant


@router.get("/v1/users/{user_id}/mfa/factors", response=FactorList,
            summary="List a user's MFA factors (pending ones too)", **_read,
            errors=(not_found("user"),))
async def list_factors(ctx: Ctx):
    return await service.list_factors(ctx.pool, ctx.tenant_id, ctx.param("user_id"))


@router.post("/v1/users/{user_id}/mfa/factors", body=EnrollFactor, response=Enrollment, status=201,
             summary="Start enrolling a factor: TOTP secret and QR code, a code by SMS or email, "
                     "or WebAuthn creation options", **_write,
             errors=(not_found("user"), mfa_passkeys.NOT_CONFIGURED))
async def enroll(ctx: Ctx):
    return await service.enroll(ctx.pool, state(ctx.app).box, _tenant(ctx), ctx.param("user_id"),
                                ctx.body, from_ctx(ctx))


@router.post("/v1/users/{user_id}/mfa/factors/{factor_id}/confirm", body=ConfirmFactor, response=Factor,
             summary="Activate a pending factor with a code (or, for WebAuthn, "
                                        "the attestation)", **_write,
             errors=(not_found("user"), service.FACTOR_EXISTS, service.FACTOR_NOT_PENDING, service.INVALID_CODE))
async def confirm(ctx: Ctx):
    return await service.confirm(ctx.pool, state(ctx.app).box, _tenant(ctx), ctx.param("user_id"),
                                 ctx.param("factor_id"), ctx.body.code, from_ctx(ctx))


@router.delete("/v1/users/{user_id}/mfa/factors/{factor_id}", status=204,
               summary="Remove a factor (403 last_mfa_factor for the only active one while the "
                       "tenant requires MFA)", **_write,
               errors=(not_found("mfa_factor"), not_found("user"), service.LAST_FACTOR))
async def remove(ctx: Ctx):
    await service.remove(ctx.pool, _tenant(ctx), ctx.param("user_id"), ctx.param("factor_id"),
                         from_ctx(ctx))


@router.post("/v1/users/{user_id}/mfa/backup-codes/generate", response=BackupCodes,
             summary="Generate 8 backup codes (shown once); the previous set stops working",
             **_write,
             errors=(not_found("user"),))
async def generate_for_user(ctx: Ctx):
    return await service.generate_backup_codes(ctx.pool, state(ctx.app).box, _tenant(ctx),
                                               ctx.param("user_id"), from_ctx(ctx))


@router.post("/v1/mfa/backup-codes/generate", body=GenerateBackupCodes, response=BackupCodes,
             summary="Generate 8 backup codes for body.user_id (shown once); the previous set stops "
                     "working", **_write,
             errors=(not_found("user"),))
async def generate(ctx: Ctx):
    return await service.generate_backup_codes(ctx.pool, state(ctx.app).box, _tenant(ctx),
                                               ctx.body.user_id, from_ctx(ctx))


@router.post("/v1/mfa/challenge", body=ChallengeRequest, response=Challenge,
             summary="Ask for another factor of a sign-in's challenge (sends the code of an sms or "
                     "email_otp factor; WebAuthn request options for a passkey)", **_public,
             errors=(
                 not_found("mfa_factor"), auth_errors.INVALID_TOKEN, auth_errors.TENANT_SUSPENDED,
                 auth_errors.TOKEN_EXPIRED, auth_errors.USER_BANNED, auth_errors.USER_DISABLED,
                 mfa_passkeys.NOT_CONFIGURED,
             ))
async def challenge(ctx: Ctx):
    return await challenges.select(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body.challenge_id,
                                   ctx.body.factor_id)


@router.post("/v1/mfa/verify", body=VerifyRequest, response=MfaTokens,
             summary="Complete a sign-in's challenge with a factor's code; tokens with mfa_verified",
             **_public,
             errors=(
                 not_found("mfa_factor"), auth_errors.INVALID_TOKEN, auth_errors.TENANT_SUSPENDED,
                 auth_errors.TOKEN_EXPIRED, auth_errors.USER_BANNED, auth_errors.USER_DISABLED,
                 service.INVALID_CODE,
             ))
async def verify(ctx: Ctx):
    verified = await challenges.verify(
        ctx.pool, runtime(ctx.app), _tenant(ctx), client_info(ctx.request),
        challenge_id=ctx.body.challenge_id, factor_id=ctx.body.factor_id, code=ctx.body.code,
        limit=ctx.rate_limit,
    )
    return challenges.tokens(verified)


@router.post("/v1/auth/mfa/verify", body=AuthVerifyRequest, response=SignInResult,
             summary="Complete the sign-in of a 403 mfa_required with a code: {user, session}",
             **{**_public, "tag": "Authentication"},
             errors=(
                 auth_errors.INVALID_TOKEN, auth_errors.TENANT_SUSPENDED, auth_errors.TOKEN_EXPIRED,
                 auth_errors.USER_BANNED, auth_errors.USER_DISABLED, service.INVALID_CODE,
             ))
async def auth_verify(ctx: Ctx):
    verified = await challenges.verify(
        ctx.pool, runtime(ctx.app), _tenant(ctx), client_info(ctx.request),
        challenge_id=ctx.body.challenge_id, factor_type=ctx.body.factor_type, code=ctx.body.code,
        limit=ctx.rate_limit,
    )
    return {"user": present_user(verified.user, private=False), "session": verified.session}


async def _hosted_page_step(pool, rt, tenant, challenge_id, code, client):
    """The hosted sign-in page's code form (identity.oauth.mfa_step): the challenge's current
    factor, or a backup code recognised by its form."""
    verified = await challenges.verify(pool, rt, tenant, client, challenge_id=challenge_id, code=code)
    return {"user": present_user(verified.user, private=False), "session": verified.session}


try:  # the OAuth provider's hosted page (a sibling issue) offers a seam for the MFA step
    from identity.oauth import mfa_step as _mfa_step
except ImportError:  # pragma: no cover - without the OAuth package there is no hosted page
    _mfa_step = None
if _mfa_step is not None:
    _mfa_step.register(_hosted_page_step)
