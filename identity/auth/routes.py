"""HTTP handlers for the public /v1/auth endpoints (publishable key + X-Tenant-ID, except
sign-out and /me, which take the user's access token, and the emailed verification link).

Importing this module registers the ACCESS_TOKEN credential resolver.

None of these routes honours Idempotency-Key: their responses carry fresh tokens, which must
never be stored and replayed to whoever presents the same key with the publishable key.
"""

from __future__ import annotations

from identity.admin.stats import record_failed_sign_in
from identity.audit.context import when_required
from identity.auth import links, pages, service
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
    VerifyEmailForm,
    VerifyEmailQuery,
)
from identity.http.auth import ACCESS_TOKEN, PUBLISHABLE, register_resolver
from identity.http.bodies import read_form
from identity.http.errors import ApiError
from identity.http.routing import Ctx, Router
from identity.sessions.device import client_info
from identity.tokens import refresh as refresh_tokens

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
             errors=(403, 409, 422), summary="Create a user with email and password, signed in",
             **_public)
async def sign_up(ctx: Ctx):
    return await service.sign_up(ctx.pool, runtime(ctx.app), ctx.settings.public_url,
                                 _tenant(ctx), ctx.body, client_info(ctx.request))


@router.post("/v1/auth/sign-in", body=SignIn, response=SignInResult, errors=(401, 403, 422),
             summary="Sign in with email and password", **_public)
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


@router.post("/v1/auth/token/refresh", body=Refresh, response=TokenPair, errors=(401, 403),
             summary="Exchange a refresh token for a new pair (the old one is spent)", **_public)
async def refresh(ctx: Ctx):
    return await refresh_tokens.refresh(ctx.pool, runtime(ctx.app), _tenant(ctx),
                                        ctx.body.refresh_token, limit=ctx.rate_limit)


@router.post("/v1/auth/magic-link", body=MagicLink, response=Sent, errors=(403, 422),
             summary="Email a sign-in link (answers sent: true whether or not the user exists; 422 when "
                     "redirect_url's origin is not one of the tenant's allowed_origins)",
             **_public)
async def magic_link(ctx: Ctx):
    return await links.request_magic_link(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body)


@router.post("/v1/auth/magic-link/verify", body=TokenBody, response=SignInResult,
             errors=(401, 403), summary="Sign in with the token of a magic link", **_public)
async def magic_link_verify(ctx: Ctx):
    return await links.verify_magic_link(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body.token,
                                         client_info(ctx.request))


@router.post("/v1/auth/password/forgot", body=Forgot, response=Sent, errors=(403, 422),
             summary="Email a password reset link (answers sent: true for any address; 422 when "
                     "redirect_url's origin is not one of the tenant's allowed_origins)", **_public)
async def password_forgot(ctx: Ctx):
    return await links.forgot_password(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body)


@router.post("/v1/auth/password/reset", body=Reset, response=SignInResult, errors=(401, 403, 422),
             summary="Set a new password with a reset token; other sessions are revoked",
             **_public)
async def password_reset(ctx: Ctx):
    return await links.reset_password(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body,
                                      client_info(ctx.request))


@router.get("/v1/auth/me", response=Me, summary="The signed-in user", **_user)
async def me(ctx: Ctx):
    assert ctx.principal is not None and ctx.principal.user_id is not None
    return await service.me(ctx.pool, runtime(ctx.app).users, ctx.tenant_id, ctx.principal.user_id)


@router.post("/v1/auth/verify-email", body=TokenBody, response=UserResult, errors=(401,),
             summary="Verify an email address with the token from the verification email",
             **_public)
async def verify_email(ctx: Ctx):
    return await links.verify_email(ctx.pool, _tenant(ctx), ctx.body.token, client_info(ctx.request))


@router.get("/v1/auth/verify-email", query=VerifyEmailQuery, tenant=False, tag="Authentication",
            content_type="text/html",
            summary="The link in the verification email: an HTML page asking to confirm (changes nothing; "
                    "its button posts to /v1/auth/verify-email/confirm)")
async def verify_email_page(ctx: Ctx):
    outcome, email, tenant_name = await links.verification_page(ctx.pool, ctx.query.token)
    return pages.verify_email(ctx.request, ctx.settings.public_url, outcome, email,
                              tenant_name=tenant_name, token=ctx.query.token)


@router.post("/v1/auth/verify-email/confirm", form=VerifyEmailForm, tenant=False, tag="Authentication",
             content_type="text/html", idempotent=False,
             summary="The verification page's confirm button (form: token, csrf_token): verifies the address "
                     "and shows an HTML page")
async def verify_email_confirm(ctx: Ctx):
    form = await read_form(ctx.request)
    token = form.get("token")
    if not pages.form_ok(ctx.request, form, ctx.settings.public_url):
        return pages.verify_email(ctx.request, ctx.settings.public_url, "form_expired", None)
    outcome, email = await links.confirm_verification(ctx.pool, token if isinstance(token, str) else None,
                                                      client_info(ctx.request))
    return pages.verify_email(ctx.request, ctx.settings.public_url, outcome, email)


@router.post("/v1/auth/verify-email/resend", body=Resend, response=Sent, errors=(422,),
             summary="Send the verification email again (always answers sent: true)", **_public)
async def verify_email_resend(ctx: Ctx):
    return await links.resend_verification(ctx.pool, runtime(ctx.app), ctx.settings.public_url,
                                           _tenant(ctx), ctx.body.email)

