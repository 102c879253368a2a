"""HTTP handlers for the public /v1/auth endpoints (publishable key + X-Tenant-ID, except
sign-out and /me, which take the user's access token, and the emailed verification link).

Importing this module registers the ACCESS_TOKEN credential resolver.

None of these routes honours Idempotency-Key: their responses carry fresh tokens, which must
never be stored and replayed to whoever presents the same key with the publishable key.
"""

from __future__ import annotations

from aiohttp import web

from identity.admin.stats import record_failed_sign_in
from identity.audit.context import when_required
from identity.auth import errors as auth_errors
from identity.auth import links, pages, service
from identity.auth import policy as auth_policy
from identity.auth.access import resolve_access_token
from identity.auth.runtime import runtime
from identity.auth.schemas import (
    Forgot,
    MagicLink,
    Me,
    Refresh,
    Resend,
    Reset,
    Sent,
    SignIn,
    SignInResult,
    SignUp,
    SignUpResult,
    TokenBody,
    TokenPair,
    UserResult,
    VerifyEmailQuery,
)
from identity.http.auth import ACCESS_TOKEN, PUBLISHABLE, register_resolver
from identity.http.errors import INVALID_EMAIL, ApiError
from identity.http.routing import Ctx, Router
from identity.sessions.device import client_info
from identity.tokens import refresh as refresh_tokens
from identity.users import service as users_service

register_resolver(ACCESS_TOKEN, resolve_access_token)

router = Router()
#: Sign-in answers that count as failed sign-ins (a required second factor does not).
_FAILED_SIGN_IN = frozenset({"invalid_credentials", "account_locked", "user_disabled", "user_banned",
                             "email_not_verified"})
_public = {"auth": (PUBLISHABLE,), "tag": "Authentication", "idempotent": False}
_user = {"auth": (ACCESS_TOKEN,), "tag": "Authentication", "idempotent": False}


def _tenant(ctx: Ctx):
    assert ctx.principal is not None and ctx.principal.tenant is not None
    return ctx.principal.tenant


@router.post("/v1/auth/sign-up", body=SignUp, response=SignUpResult, status=201,
             summary="Create a user with email and password, signed in",
             **_public,
             errors=(
                 INVALID_EMAIL, auth_errors.SIGN_UP_DISABLED, auth_errors.TENANT_SUSPENDED,
                 auth_policy.PASSWORD_TOO_WEAK, users_service.EmailTaken, users_service.UsernameTaken,
             ))
async def sign_up(ctx: Ctx):
    return await service.sign_up(ctx.pool, runtime(ctx.app), ctx.settings.public_url,
                                 _tenant(ctx), ctx.body, client_info(ctx.request))


@router.post("/v1/auth/sign-in", body=SignIn, response=SignInResult,
             summary="Sign in with email and password", **_public,
             errors=(
                 auth_errors.ACCOUNT_LOCKED, auth_errors.EMAIL_NOT_VERIFIED, auth_errors.INVALID_CREDENTIALS,
                 auth_errors.MFA_REQUIRED, auth_errors.TENANT_SUSPENDED, auth_errors.USER_BANNED,
                 auth_errors.USER_DISABLED,
             ))
async def sign_in(ctx: Ctx):
    try:
        return await service.sign_in(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body,
                                     client_info(ctx.request))
    except ApiError as exc:
        if exc.code in _FAILED_SIGN_IN:  # counted for GET /v1/admin/stats
            await record_failed_sign_in(ctx.pool, ctx.tenant_id)
        raise


@router.post("/v1/auth/sign-out", status=204, summary="Revoke the current session", **_user)
async def sign_out(ctx: Ctx):
    assert ctx.principal is not None and ctx.principal.session_id is not None
    # Audited only when an administrator does it with an impersonation token.
    await service.sign_out(ctx.pool, ctx.tenant_id, ctx.principal.session_id, when_required(ctx))


@router.post("/v1/auth/token/refresh", body=Refresh, response=TokenPair,
             summary="Exchange a refresh token for a new pair (the old one is spent)", **_public,
             errors=(
                 auth_errors.INVALID_TOKEN, auth_errors.REFRESH_TOKEN_REUSED, auth_errors.TOKEN_EXPIRED,
                 auth_errors.USER_BANNED, auth_errors.USER_DISABLED,
             ))
async def refresh(ctx: Ctx):
    return await refresh_tokens.refresh(ctx.pool, runtime(ctx.app), _tenant(ctx),
                                        ctx.body.refresh_token, limit=ctx.rate_limit)


@router.post("/v1/auth/magic-link", body=MagicLink, response=Sent,
             summary="Email a sign-in link (answers sent: true whether or not the user exists; 422 when "
                     "redirect_url's origin is not one of the tenant's allowed_origins)",
             **_public,
             errors=(INVALID_EMAIL, auth_errors.TENANT_SUSPENDED))
async def magic_link(ctx: Ctx):
    return await links.request_magic_link(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body)


@router.post("/v1/auth/magic-link/verify", body=TokenBody, response=SignInResult,
             summary="Sign in with the token of a magic link", **_public,
             errors=(
                 auth_errors.INVALID_TOKEN, auth_errors.MFA_REQUIRED, auth_errors.SIGN_UP_DISABLED,
                 auth_errors.TENANT_SUSPENDED, auth_errors.TOKEN_EXPIRED, auth_errors.USER_BANNED,
                 auth_errors.USER_DISABLED,
             ))
async def magic_link_verify(ctx: Ctx):
    return await links.verify_magic_link(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body.token,
                                         client_info(ctx.request))


@router.post("/v1/auth/password/forgot", body=Forgot, response=Sent,
             summary="Email a password reset link (answers sent: true for any address; 422 when "
                     "redirect_url's origin is not one of the tenant's allowed_origins)", **_public,
             errors=(INVALID_EMAIL, auth_errors.TENANT_SUSPENDED))
async def password_forgot(ctx: Ctx):
    return await links.forgot_password(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body)


@router.post("/v1/auth/password/reset", body=Reset, response=SignInResult,
             summary="Set a new password with a reset token; other sessions are revoked",
             **_public,
             errors=(
                 auth_errors.INVALID_TOKEN, auth_errors.MFA_REQUIRED, auth_errors.TENANT_SUSPENDED,
                 auth_errors.TOKEN_EXPIRED, auth_errors.USER_BANNED, auth_errors.USER_DISABLED,
                 auth_policy.PASSWORD_TOO_WEAK,
             ))
async def password_reset(ctx: Ctx):
    return await links.reset_password(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body,
                                      client_info(ctx.request))


@router.get("/v1/auth/me", response=Me, summary="The signed-in user", **_user)
async def me(ctx: Ctx):
    assert ctx.principal is not None and ctx.principal.user_id is not None
    return await service.me(ctx.pool, runtime(ctx.app).users, ctx.tenant_id, ctx.principal.user_id)


@router.post("/v1/auth/verify-email", body=TokenBody, response=UserResult,
             summary="Verify an email address with the token from the verification email",
             **_public,
             errors=(auth_errors.INVALID_TOKEN, auth_errors.TOKEN_EXPIRED))
async def verify_email(ctx: Ctx):
    return await links.verify_email(ctx.pool, _tenant(ctx), ctx.body.token)


@router.get("/v1/auth/verify-email", query=VerifyEmailQuery, tenant=False, tag="Authentication",
            content_type="text/html",
            summary="The link in the verification email: verifies and shows an HTML page")
async def verify_email_page(ctx: Ctx):
    outcome, email = await links.verify_email_page(ctx.pool, ctx.query.token)
    return web.Response(
        text=pages.verify_email(outcome, email), content_type="text/html",
        status=200 if outcome in ("verified", "already") else 400,
        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                 "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'"},
    )


@router.post("/v1/auth/verify-email/resend", body=Resend, response=Sent,
             summary="Send the verification email again (always answers sent: true)", **_public,
             errors=(INVALID_EMAIL,))
async def verify_email_resend(ctx: Ctx):
    return await links.resend_verification(ctx.pool, runtime(ctx.app), ctx.settings.public_url,
                                           _tenant(ctx), ctx.body.email)

