"""The auth errors, declared once: services raise them and routes list them in `errors=`
(docs/api-conventions.md, "Errors"); docs/errors.md catalogues their codes."""

from __future__ import annotations

from typing import Any

from identity.http.errors import ApiError, ErrorSpec

# The errors of tokens, and of tenants and users that may not sign in, belong to
# identity/sessions/ (refresh rotation and impersonation answer them too), invalid_email to
# identity/users/; the flows here raise and declare the same ones.
from identity.sessions.errors import INACTIVE as INACTIVE
from identity.sessions.errors import INVALID_TOKEN as INVALID_TOKEN
from identity.sessions.errors import REFRESH_TOKEN_REUSED as REFRESH_TOKEN_REUSED
from identity.sessions.errors import TENANT_SUSPENDED as TENANT_SUSPENDED
from identity.sessions.errors import TOKEN_EXPIRED as TOKEN_EXPIRED
from identity.sessions.errors import USER_BANNED as USER_BANNED
from identity.sessions.errors import USER_DISABLED as USER_DISABLED
from identity.sessions.errors import invalid_token as invalid_token
from identity.sessions.errors import refresh_token_reused as refresh_token_reused
from identity.sessions.errors import tenant_suspended as tenant_suspended
from identity.sessions.errors import token_expired as token_expired
from identity.sessions.errors import user_inactive as user_inactive
from identity.users.errors import invalid_email as invalid_email

INVALID_CREDENTIALS = ErrorSpec(401, "invalid_credentials", "The email or password is incorrect.")
ACCOUNT_LOCKED = ErrorSpec(
    403, "account_locked",
    "Too many failed sign-ins; the account is locked for a while. Reset the password or "
    "sign in with a magic link to unlock it.")
SIGN_UP_DISABLED = ErrorSpec(403, "sign_up_disabled", "Sign-up is disabled for this application.")
EMAIL_NOT_VERIFIED = ErrorSpec(403, "email_not_verified", "Verify your email address before signing in.")
MFA_REQUIRED = ErrorSpec(403, "mfa_required", "A second factor is required to complete sign-in.")


def invalid_credentials() -> ApiError:
    return INVALID_CREDENTIALS()


def account_locked() -> ApiError:
    return ACCOUNT_LOCKED()


def sign_up_disabled() -> ApiError:
    return SIGN_UP_DISABLED()


def email_not_verified(message: str | None = None) -> ApiError:
    return EMAIL_NOT_VERIFIED(message)


def mfa_required(challenge: dict[str, Any]) -> ApiError:
    return MFA_REQUIRED(extra={"mfa_challenge": challenge})

