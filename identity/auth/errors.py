"""The auth errors, declared once: services raise them and routes list them in `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues their codes)."""

from __future__ import annotations

from identity.http.errors import ApiError, ErrorSpec

INVALID_CREDENTIALS = ErrorSpec(401, "invalid_credentials", "The email or password is incorrect.")
ACCOUNT_LOCKED = ErrorSpec(
    403, "account_locked",
    "Too many failed sign-ins; the account is locked for a while. Reset the password or "
    "sign in with a magic link to unlock it.")
TENANT_SUSPENDED = ErrorSpec(403, "tenant_suspended", "This application is suspended; sign-in is unavailable.")
SIGN_UP_DISABLED = ErrorSpec(403, "sign_up_disabled", "Sign-up is disabled for this application.")
EMAIL_NOT_VERIFIED = ErrorSpec(403, "email_not_verified", "Verify your email address before signing in.")
USER_BANNED = ErrorSpec(403, "user_banned", "This account is banned.")
USER_DISABLED = ErrorSpec(403, "user_disabled", "This account is disabled.")
INVALID_TOKEN = ErrorSpec(401, "invalid_token", "The link or token is not valid or was already used.")
TOKEN_EXPIRED = ErrorSpec(401, "token_expired", "The link or token has expired; request a new one.")
REFRESH_TOKEN_REUSED = ErrorSpec(
    401, "refresh_token_reused",
    "This refresh token was already used; the session has been revoked. Sign in again.")
MFA_REQUIRED = ErrorSpec(403, "mfa_required", "A second factor is required to complete sign-in.")
#: What sign-in refuses a user with, whatever else is wrong (see user_inactive).
INACTIVE = (USER_BANNED, USER_DISABLED)
#: A 422 on a password that breaks the tenant's policy (identity/auth/policy.py).
PASSWORD_TOO_WEAK = ErrorSpec(422, "password_too_weak", "The password does not meet the tenant's policy.")


def user_inactive(status: str) -> ApiError:
    """The refusal for a user who may not sign in: banned or disabled (INACTIVE)."""
    return USER_BANNED() if status == "banned" else USER_DISABLED()
