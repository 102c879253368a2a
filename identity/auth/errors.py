"""The auth errors, declared once: services raise them and routes list them in `errors=`
(docs/api-conventions.md, "Errors"); docs/errors.md catalogues their codes."""

from __future__ import annotations

from typing import Any

from identity.http.errors import INVALID_EMAIL, ApiError, ErrorSpec, ValidationFailed

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


def invalid_credentials() -> ApiError:
    return INVALID_CREDENTIALS()


def account_locked() -> ApiError:
    return ACCOUNT_LOCKED()


def tenant_suspended() -> ApiError:
    return TENANT_SUSPENDED()


def sign_up_disabled() -> ApiError:
    return SIGN_UP_DISABLED()


def email_not_verified(message: str | None = None) -> ApiError:
    return EMAIL_NOT_VERIFIED(message)


def user_inactive(status: str) -> ApiError:
    return USER_BANNED() if status == "banned" else USER_DISABLED()


def invalid_token(message: str | None = None) -> ApiError:
    return INVALID_TOKEN(message)


def token_expired(message: str | None = None) -> ApiError:
    return TOKEN_EXPIRED(message)


def refresh_token_reused() -> ApiError:
    return REFRESH_TOKEN_REUSED()


def mfa_required(challenge: dict[str, Any]) -> ApiError:
    return MFA_REQUIRED(extra={"mfa_challenge": challenge})


def invalid_email() -> ValidationFailed:
    return INVALID_EMAIL.invalid("email", "is not a valid email address")
