"""HTTP handlers for the public /v1/auth endpoints (publishable key + X-Tenant-ID, except
sign-out and /me, which take the user's access token, and the emailed verification link).

None of these routes honours Idempotency-Key: their responses carry fresh tokens, which must
never be stored and replayed to whoever presents the same key with the publishable key.
"""

from __future__ import annotations

from identity.audit.context import from_ctx, when_required
from identity.auth import account, email_code, links, pages, service
from identity.auth import errors as auth_errors
from identity.auth.outcomes import SIGN_IN, SIGN_UP
from identity.auth.schemas import (
    ChangePassword,
    EmailChangeSent,
    EmailCodeRequest,
    EmailCodeVerify,
    Forgot,
    ListMySessions,
    MagicLink,
    Me,
    MySessionList,
    PasswordChanged,
    PublicUser,
    Refresh,
    Resend,
    Reset,
    Sent,
    SignIn,
    SignInResult,
    SignUp,
    SignUpResult,
    StartEmailChange,
    TokenBody,
    UpdateProfile,
    UserResult,
    VerifyEmailChange,
    VerifyEmailCode,
    VerifyEmailForm,
    VerifyEmailQuery,
)
from identity.http.bodies import read_form
from identity.http.clientinfo import client_key
from identity.http.errors import INVALID_EMAIL, ApiError
from identity.http.ratelimit.rules import EMAIL_CODE_PER_CLIENT
from identity.http.routing import Ctx, HandlerResult, Router
from identity.principals import ACCESS_TOKEN, PUBLISHABLE, Tenant
from identity.sessions import refresh as refresh_tokens
from identity.sessions.device import client_info
from identity.sessions.errors import SESSION_NOT_FOUND
from identity.sessions.runtime import runtime
from identity.sessions.schemas import Revoked, TokenPair
from identity.state import state
from identity.tenants.stats_store import record_failed_sign_in
from identity.users.errors import EMAIL_TAKEN, PASSWORD_TOO_WEAK, USERNAME_TAKEN

router = Router()
#: Sign-in answers that count as failed sign-ins (a required second factor does not).
_FAILED_SIGN_IN = frozenset(
    {"invalid_credentials", "account_locked", "user_disabled", "user_banned", "email_not_verified"}
)
_public = {"auth": (PUBLISHABLE,), "tag": "Authentication", "idempotent": False}
_user = {"auth": (ACCESS_TOKEN,), "tag": "Authentication", "idempotent": False}


def _tenant(ctx: Ctx) -> Tenant:
    assert ctx.principal is not None and ctx.principal.tenant is not None
    return ctx.principal.tenant


@router.post(
    "/v1/auth/sign-up",
    body=SignUp,
    response=SignUpResult,
    status=201,
    summary="Create a user with email and password, signed in",
    outcomes=SIGN_UP,
    **_public,
    errors=(
        INVALID_EMAIL,
        auth_errors.SIGN_UP_DISABLED,
        auth_errors.TENANT_SUSPENDED,
        PASSWORD_TOO_WEAK,
        EMAIL_TAKEN,
        USERNAME_TAKEN,
    ),
)
async def sign_up(ctx: Ctx) -> HandlerResult:
    """Creates a user from an email address and a password and signs them in at once. Called with the
    tenant's **publishable key** (and `X-Tenant-ID`); refused with 403 while the tenant is suspended or
    its `sign_up_enabled` is off, 409 when the email (or username) is taken, 422 when the password fails
    the tenant's password policy.

    Writes the user and a new session (access and refresh tokens in the answer) and queues the
    **verification email**. Emits `user.created` and `session.created`. When the tenant requires a
    verified email, later password sign-ins answer 403 `email_not_verified` until the address is proven,
    and proving it ends this first session. Rate limit: 5 per minute per client address. Idempotency-Key
    is ignored (the answer carries fresh tokens)."""
    return await service.sign_up(
        ctx.pool, runtime(ctx.app), ctx.settings.public_url, _tenant(ctx), ctx.body, client_info(ctx.request)
    )


@router.post(
    "/v1/auth/sign-in",
    body=SignIn,
    response=SignInResult,
    summary="Sign in with email and password",
    outcomes=SIGN_IN,
    **_public,
    errors=(
        auth_errors.ACCOUNT_LOCKED,
        auth_errors.EMAIL_NOT_VERIFIED,
        auth_errors.INVALID_CREDENTIALS,
        auth_errors.MFA_REQUIRED,
        auth_errors.TENANT_SUSPENDED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
    ),
)
async def sign_in(ctx: Ctx) -> HandlerResult:
    """Signs a user in with email and password. Called with the tenant's **publishable key**. A wrong email
    and a wrong password get the same 401 `invalid_credentials` in the same time, so the answer never
    tells whether an account exists; 10 wrong passwords within 15 minutes lock the account for 15
    minutes (403 `account_locked`).

    On success it records the sign-in, upgrades an outdated password hash, creates a session (emits
    `session.created`) and, on the user's first sign-in, queues the **welcome email**. A user with an
    active second factor gets 403 `mfa_required` with a challenge instead of tokens (an SMS or email
    factor's code is sent then); finish with `POST /v1/auth/mfa/verify`. Rate limit: 10 per minute per
    client address. Idempotency-Key is ignored."""
    try:
        return await service.sign_in(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body, client_info(ctx.request))
    except ApiError as exc:
        if exc.code in _FAILED_SIGN_IN:  # counted for GET /v1/admin/stats
            await record_failed_sign_in(ctx.pool, ctx.tenant_id)
        raise


@router.post("/v1/auth/sign-out", status=204, summary="Revoke the current session", **_user)
async def sign_out(ctx: Ctx) -> None:
    """Ends the session of the **user's access token**: its refresh token and its access tokens stop
    working on this API at once. Emits `session.revoked` with reason `signed_out`. When the token is an
    administrator's impersonation token the revocation is also written to the audit log."""
    assert ctx.principal is not None and ctx.principal.session_id is not None
    # Audited only when an administrator does it with an impersonation token.
    await service.sign_out(ctx.pool, ctx.tenant_id, ctx.principal.session_id, when_required(ctx))


@router.post(
    "/v1/auth/token/refresh",
    body=Refresh,
    response=TokenPair,
    summary="Exchange a refresh token for a new pair (the old one is spent)",
    **_public,
    errors=(
        auth_errors.INVALID_TOKEN,
        auth_errors.REFRESH_TOKEN_REUSED,
        auth_errors.TOKEN_EXPIRED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
    ),
)
async def refresh(ctx: Ctx) -> HandlerResult:
    """Exchanges a refresh token for a new access and refresh token pair; the presented refresh token is
    spent. Called with the tenant's **publishable key**. Presenting a spent token again within the
    tenant's `refresh_token_reuse_interval` answers the same new pair (two tabs refreshing at once);
    after it, the reuse is treated as theft: the session is revoked (`session.revoked`) and the answer
    is 401 `refresh_token_reused`. Rate limit: 60 per minute per user."""
    return await refresh_tokens.refresh(
        ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body.refresh_token, limit=ctx.rate_limit
    )


@router.post(
    "/v1/auth/magic-link",
    body=MagicLink,
    response=Sent,
    summary="Email a sign-in link (answers sent: true whether or not the user exists; 422 when "
    "redirect_url's origin is not one of the tenant's allowed_origins)",
    **_public,
    errors=(INVALID_EMAIL, auth_errors.TENANT_SUSPENDED),
)
async def magic_link(ctx: Ctx) -> HandlerResult:
    """Emails a one-time sign-in link (the **magic link email**, valid 15 minutes). Called with the
    tenant's **publishable key**. The answer is always `{"sent": true}`, whether or not the address has
    an account, so it cannot be used to discover users. With `create_if_not_exists` (and sign-up
    enabled) an unknown address gets a link that creates the user when it is used, not before.

    `redirect_url` must be on an origin listed in the tenant's `allowed_origins` (exact match; an empty
    list or `*` allows none), else 422; the service's own landing page
    `{IDENTITY_PUBLIC_URL}/oauth/{tenant_id}/magic-link/verify` is also accepted. Writes a one-time token
    row (only its hash is stored). Rate limit: 5 per 10 minutes per client address."""
    return await links.request_magic_link(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body, ctx.settings.public_url)


@router.post(
    "/v1/auth/magic-link/verify",
    body=TokenBody,
    response=SignInResult,
    summary="Sign in with the token of a magic link",
    **_public,
    errors=(
        auth_errors.INVALID_TOKEN,
        auth_errors.MFA_REQUIRED,
        auth_errors.SIGN_UP_DISABLED,
        auth_errors.TENANT_SUSPENDED,
        auth_errors.TOKEN_EXPIRED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
    ),
)
async def magic_link_verify(ctx: Ctx) -> HandlerResult:
    """Signs in with the token of a magic link; the token is spent. Called with the tenant's **publishable
    key**. Creates the user when the link was sent to an unknown address (`user.created`). The first
    proof of the address marks it verified (`user.updated`), ends the user's earlier sessions
    (`session.revoked`), discards a password set before the proof (`user.password_changed`) and unlinks
    provider accounts that do not vouch for the address (`oauth.disconnected`). Then it creates a
    session (`session.created`) and, on a first sign-in, queues the **welcome email**. With an active
    second factor it answers 403 `mfa_required`."""
    return await links.verify_magic_link(
        ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body.token, client_info(ctx.request)
    )


@router.post(
    "/v1/auth/email-code",
    body=EmailCodeRequest,
    response=Sent,
    summary="Email a six-digit sign-in code (answers sent: true whether or not the user exists)",
    **_public,
    errors=(INVALID_EMAIL, auth_errors.TENANT_SUSPENDED),
)
async def email_code_request(ctx: Ctx) -> HandlerResult:
    """Starts a passwordless sign-in: emails a six-digit code (the **email code email**, valid 10 minutes,
    usable once) to the address when it belongs to an active user. Called with the tenant's **publishable
    key**. The answer is always `{"sent": true}`, for unknown and inactive addresses too (which get
    nothing), so it reveals no accounts. A new code replaces the address's earlier ones; only a keyed
    hash of the code is stored. Finish with `POST /v1/auth/email-code/verify`. Rate limit: 5 per 10
    minutes per email address, and 20 per 10 minutes per client address. Idempotency-Key is ignored."""
    tenant = _tenant(ctx)
    await state(ctx.request).limiter.check(ctx.request, tenant.id, [(EMAIL_CODE_PER_CLIENT, client_key(ctx.request))])
    return await email_code.request_code(ctx.pool, runtime(ctx.app), tenant, ctx.body.email)


@router.post(
    "/v1/auth/email-code/verify",
    body=EmailCodeVerify,
    response=SignInResult,
    summary="Sign in with the email address and the six-digit code emailed to it",
    **_public,
    errors=(
        auth_errors.INVALID_CODE,
        auth_errors.MFA_REQUIRED,
        auth_errors.TENANT_SUSPENDED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
    ),
)
async def email_code_verify(ctx: Ctx) -> HandlerResult:
    """Signs in with the code from `POST /v1/auth/email-code`; the code is spent. Called with the tenant's
    **publishable key**. Five wrong codes spend it too. Any refusal (unknown address, wrong, expired, used
    or worn-out code) is the same 401 `invalid_code`, so the answer does not tell which addresses have
    accounts. The code proves the inbox like a magic link: its first proof marks the address verified
    (`user.updated`), ends the user's earlier sessions (`session.revoked`), discards a password set before
    the proof (`user.password_changed`) and unlinks provider accounts that do not vouch for the address
    (`oauth.disconnected`). Then it creates a session (`session.created`) and, on a first sign-in, queues
    the **welcome email**. With an active second factor it answers 403 `mfa_required`. Rate limit: 30 per
    10 minutes per client address. Idempotency-Key is ignored."""
    return await email_code.verify_code(
        ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body.email, ctx.body.code, client_info(ctx.request)
    )


@router.post(
    "/v1/auth/password/forgot",
    body=Forgot,
    response=Sent,
    summary="Email a password reset link (answers sent: true for any address; 422 when "
    "redirect_url's origin is not one of the tenant's allowed_origins)",
    **_public,
    errors=(INVALID_EMAIL, auth_errors.TENANT_SUSPENDED),
)
async def password_forgot(ctx: Ctx) -> HandlerResult:
    """Emails a password reset link (the **password reset email**, valid 1 hour). Called with the tenant's
    **publishable key**. Always answers `{"sent": true}`, for unknown and inactive addresses too, so it
    reveals no accounts. `redirect_url` must be on an origin listed in the tenant's `allowed_origins`
    (exact match; an empty list or `*` allows none), or the service's own hosted reset page
    `{IDENTITY_PUBLIC_URL}/oauth/{tenant_id}/reset-password` (any query), else 422. Rate limit: 5 per
    10 minutes per email address."""
    return await links.forgot_password(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body, ctx.settings.public_url)


@router.post(
    "/v1/auth/password/reset",
    body=Reset,
    response=SignInResult,
    summary="Set a new password with a reset token; other sessions are revoked",
    **_public,
    errors=(
        auth_errors.INVALID_TOKEN,
        auth_errors.MFA_REQUIRED,
        auth_errors.TENANT_SUSPENDED,
        auth_errors.TOKEN_EXPIRED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
        PASSWORD_TOO_WEAK,
    ),
)
async def password_reset(ctx: Ctx) -> HandlerResult:
    """Sets a new password with the token of a reset link and signs the user in. Called with the tenant's
    **publishable key**; the password must pass the tenant's policy (422). The token and any other reset
    tokens of the user are spent, every session of the user is revoked (`session.revoked`), the lockout
    is lifted and the address counts as verified (first proof: `user.updated`, unvouched provider
    accounts unlinked with `oauth.disconnected`). Emits `user.password_changed` and `session.created`;
    with an active second factor the password is set and the answer is 403 `mfa_required`."""
    return await links.reset_password(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body, client_info(ctx.request))


@router.get("/v1/auth/me", response=Me, summary="The signed-in user", **_user)
async def me(ctx: Ctx) -> HandlerResult:
    """Returns the signed-in user (id, email, name, verification and MFA state, role, public metadata).
    Called with the **user's access token**; changes nothing. Answers from a cache that is invalidated
    whenever the user row changes."""
    assert ctx.principal is not None and ctx.principal.user_id is not None
    return await service.me(ctx.pool, runtime(ctx.app).users, ctx.tenant_id, ctx.principal.user_id)


@router.post(
    "/v1/auth/verify-email",
    body=TokenBody,
    response=UserResult,
    summary="Verify an email address with the token from the verification email",
    **_public,
    errors=(auth_errors.INVALID_TOKEN, auth_errors.TOKEN_EXPIRED),
)
async def verify_email(ctx: Ctx) -> HandlerResult:
    """Verifies the user's email address with the token from the verification email; the token is spent.
    Called with the tenant's **publishable key**. The first proof marks the address verified (emits
    `user.updated` with `fields: ["email_verified"]`), ends the user's sessions made before it
    (`session.revoked`) and unlinks provider accounts that do not vouch for the address
    (`oauth.disconnected`); the password and second factors stay. 401 for an unknown, used or expired
    token."""
    return await links.verify_email(ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body.token, client_info(ctx.request))


@router.post(
    "/v1/auth/verify-email/code",
    body=VerifyEmailCode,
    response=UserResult,
    summary="Verify an email address with the six-digit code from the verification email",
    **_public,
    errors=(INVALID_EMAIL, auth_errors.INVALID_CODE, auth_errors.TOKEN_EXPIRED),
)
async def verify_email_code(ctx: Ctx) -> HandlerResult:
    """Verifies the user's email address with the six-digit code printed in the verification email (the
    same email carries the link; either proves the inbox, and using one spends both). Called with the
    tenant's **publishable key**. The effects are those of `POST /v1/auth/verify-email`: the first proof
    marks the address verified (`user.updated`), ends the user's earlier sessions (`session.revoked`) and
    unlinks provider accounts that do not vouch for the address (`oauth.disconnected`). A wrong code, or an
    address with no pending code, answers 401 `invalid_code` (the same answer either way); 5 wrong codes
    void the code (the link keeps working; resend for a new code). The right code after the email's 24
    hours answers 401 `token_expired`. Rate limit: 10 per 10 minutes per email address."""
    return await links.verify_email_code(
        ctx.pool, runtime(ctx.app), _tenant(ctx), ctx.body.email, ctx.body.code, client_info(ctx.request)
    )


@router.get(
    "/v1/auth/verify-email",
    query=VerifyEmailQuery,
    tenant=False,
    tag="Authentication",
    content_type="text/html",
    summary="The link in the verification email: an HTML page asking to confirm (changes nothing; "
    "its button posts to /v1/auth/verify-email/confirm)",
)
async def verify_email_page(ctx: Ctx) -> HandlerResult:
    """The page behind the link in the verification email: opened in a browser, without any credential (the
    token names the tenant). It changes nothing: it asks the person to confirm that they created an
    account with this address at this application, so that a mail scanner opening the link verifies
    nothing. Its button posts to `POST /v1/auth/verify-email/confirm`. An unknown, used or expired token
    gets a page saying so (400)."""
    outcome, email, tenant_id = await links.verification_page(ctx.pool, ctx.query.token)
    return await pages.verify_email(ctx.request, outcome, email, tenant_id, token=ctx.query.token)


@router.post(
    "/v1/auth/verify-email/confirm",
    form=VerifyEmailForm,
    tenant=False,
    tag="Authentication",
    content_type="text/html",
    idempotent=False,
    summary="The verification page's confirm button (form: token, csrf_token): verifies the address "
    "and shows an HTML page",
)
async def verify_email_confirm(ctx: Ctx) -> HandlerResult:
    """The confirm button of the verification page: a form post (token, csrf_token) from the page, no API
    credential (the token names the tenant; a double-submit CSRF cookie and the Origin check guard the
    form). Verifies the address like `POST /v1/auth/verify-email` (emits `user.updated`; earlier
    sessions end with `session.revoked`; provider accounts that do not vouch for the address are
    unlinked with `oauth.disconnected`) and answers an HTML page: verified, already verified, expired or
    invalid (400 for the last two), or "page expired" when the form's CSRF token does not match."""
    form = await read_form(ctx.request)
    token = form.get("token")
    if not pages.form_ok(ctx.request, form, ctx.settings.public_url):
        # The token (only read, never spent here) names the tenant whose look the page takes.
        _, _, tenant_id = await links.verification_page(ctx.pool, token if isinstance(token, str) else None)
        return await pages.verify_email(ctx.request, "form_expired", None, tenant_id)
    outcome, email, tenant_id = await links.confirm_verification(
        ctx.pool, runtime(ctx.app), token if isinstance(token, str) else None, client_info(ctx.request)
    )
    return await pages.verify_email(ctx.request, outcome, email, tenant_id)


@router.post(
    "/v1/auth/verify-email/resend",
    body=Resend,
    response=Sent,
    summary="Send the verification email again (always answers sent: true)",
    **_public,
    errors=(INVALID_EMAIL,),
)
async def verify_email_resend(ctx: Ctx) -> HandlerResult:
    """Sends the **verification email** again with a new link and code; earlier verification links and
    codes stop working. Called with the tenant's **publishable key**. Always answers `{"sent": true}`
    (also for unknown, inactive or already verified addresses, which get nothing), so it reveals no
    accounts. At most one verification email per user per 60 seconds: a resend sooner sends nothing and
    answers the same."""
    return await links.resend_verification(
        ctx.pool, runtime(ctx.app), ctx.settings.public_url, _tenant(ctx), ctx.body.email
    )


# -- account self-service (identity/auth/account.py) --------------------------------------------


def _me_ids(ctx: Ctx) -> tuple[str, str | None]:
    assert ctx.principal is not None and ctx.principal.user_id is not None
    return ctx.principal.user_id, ctx.principal.session_id


@router.patch(
    "/v1/auth/me",
    body=UpdateProfile,
    response=PublicUser,
    summary="Change the signed-in user's name or username",
    **_user,
    errors=(USERNAME_TAKEN, auth_errors.USER_BANNED, auth_errors.USER_DISABLED),
)
async def update_me(ctx: Ctx) -> HandlerResult:
    """Changes the signed-in user's own `name` and, when the tenant enables usernames, `username` (409
    when taken; 422 when usernames are off). Called with the **user's access token**. Metadata is not
    writable here: the backend owns it (`PATCH /v1/users/{id}`). Emits `user.updated` with the changed
    `fields`."""
    user_id, _ = _me_ids(ctx)
    return await account.update_profile(ctx.pool, _tenant(ctx), user_id, ctx.body, when_required(ctx))


@router.post(
    "/v1/auth/password",
    body=ChangePassword,
    response=PasswordChanged,
    summary="Change the signed-in user's password (current_password required when one is set; a "
    "user without one needs a sign-in less than 10 minutes old)",
    **_user,
    errors=(
        auth_errors.ACCOUNT_LOCKED,
        auth_errors.INCORRECT_PASSWORD,
        auth_errors.REAUTHENTICATION_REQUIRED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
        PASSWORD_TOO_WEAK,
    ),
)
async def change_password(ctx: Ctx) -> HandlerResult:
    """Changes the signed-in user's password, or sets a first one. Called with the **user's access
    token**. With a password already set, `current_password` must be it (422 `incorrect_password`;
    wrong ones count toward the lockout, 403 `account_locked`); a user without one (signed up through a
    provider or a passkey) needs a session signed in less than 10 minutes ago (else 403
    `reauthentication_required`). The tenant's password policy applies (422 `password_too_weak`).
    Every other session of the user ends unless `sign_out_other_sessions` is false; this one stays.
    Reset links stop working. Emits `user.password_changed` (reason `user_changed` or `user_set`) and
    `session.revoked`; writes the audit entry `user.password_changed`. Rate limit: 10 per 10 minutes
    per user."""
    user_id, session_id = _me_ids(ctx)
    return await account.change_password(ctx.pool, _tenant(ctx), user_id, session_id, ctx.body, from_ctx(ctx))


@router.post(
    "/v1/auth/email",
    body=StartEmailChange,
    response=EmailChangeSent,
    status=202,
    summary="Start changing the signed-in user's email: a code is sent to the new address; nothing "
    "changes until POST /v1/auth/email/verify",
    **_user,
    errors=(
        INVALID_EMAIL,
        auth_errors.ACCOUNT_LOCKED,
        auth_errors.INCORRECT_PASSWORD,
        auth_errors.REAUTHENTICATION_REQUIRED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
    ),
)
async def start_email_change(ctx: Ctx) -> HandlerResult:
    """Starts changing the signed-in user's email address. Called with the **user's access token**, after
    re-authentication: `password` must be the current password (422 `incorrect_password`), or, for a
    user without one, the session must be signed in less than 10 minutes ago (403
    `reauthentication_required`). Queues the **email_change email** with a six-digit code (valid 15
    minutes) to the NEW address and answers 202; nothing about the user changes until the code comes
    back to `POST /v1/auth/email/verify`. Whether the address belongs to another account is not told
    here. A newer request replaces the pending one. Rate limit: 5 per 10 minutes per user."""
    user_id, session_id = _me_ids(ctx)
    return await account.start_email_change(
        ctx.pool, runtime(ctx.app).box, _tenant(ctx), user_id, session_id, ctx.body.email, ctx.body.password
    )


@router.post(
    "/v1/auth/email/verify",
    body=VerifyEmailChange,
    response=UserResult,
    summary="Finish changing the signed-in user's email with the code sent to the new address",
    **_user,
    errors=(EMAIL_TAKEN, auth_errors.USER_BANNED, auth_errors.USER_DISABLED),
)
async def verify_email_change(ctx: Ctx) -> HandlerResult:
    """Finishes an email change with the code sent to the new address. Called with the **user's access
    token**. The address becomes the user's, verified; links mailed to the old one stop working and the
    **email_changed email** tells the old address. A wrong or expired code is 422 (`validation_error`
    on `code`); after 5 wrong codes the change is dropped. 409 `email_already_exists` when the address
    belongs to another account. Emits `user.updated` (`fields: ["email", "email_verified"]`); writes the
    audit entry `user.email_changed`. Rate limit: 10 per 10 minutes per user."""
    user_id, _ = _me_ids(ctx)
    return await account.confirm_email_change(
        ctx.pool, runtime(ctx.app).box, _tenant(ctx), user_id, ctx.body.code, from_ctx(ctx)
    )


@router.get(
    "/v1/auth/sessions",
    query=ListMySessions,
    response=MySessionList,
    summary="The signed-in user's active sessions, with device details; current marks this one",
    **_user,
)
async def my_sessions(ctx: Ctx) -> HandlerResult:
    """Lists the signed-in user's active sessions, newest first, with the browser, operating system and
    device type read from each one's User-Agent, its address and last activity; `current` marks the
    session of the access token. Called with the **user's access token**. Cursor pagination. Changes
    nothing."""
    user_id, session_id = _me_ids(ctx)
    return await account.my_sessions(ctx.pool, ctx.tenant_id, user_id, session_id, ctx.query)


@router.delete(
    "/v1/auth/sessions/{id}",
    status=204,
    summary="End one of the signed-in user's sessions",
    **_user,
    errors=(SESSION_NOT_FOUND,),
)
async def revoke_my_session(ctx: Ctx) -> None:
    """Ends one of the signed-in user's own sessions (404 for a session that is not theirs or already
    ended). Called with the **user's access token**; ending the current one signs this client out.
    Emits `session.revoked` with reason `revoked_by_user`."""
    user_id, _ = _me_ids(ctx)
    await account.revoke_my_session(ctx.pool, ctx.tenant_id, user_id, ctx.param("id"), when_required(ctx))


@router.post(
    "/v1/auth/sessions/revoke-others",
    response=Revoked,
    summary="Sign the user out everywhere else: end every session but this one",
    **_user,
)
async def revoke_other_sessions(ctx: Ctx) -> HandlerResult:
    """Ends every active session of the signed-in user except the one of this access token. Called with
    the **user's access token**. Emits one `session.revoked` (reason `revoked_by_user`) naming them;
    answers how many ended."""
    user_id, session_id = _me_ids(ctx)
    return await account.revoke_other_sessions(ctx.pool, ctx.tenant_id, user_id, session_id, when_required(ctx))
