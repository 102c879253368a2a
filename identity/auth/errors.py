"""The auth errors, declared once: services raise them and routes list them in `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues their codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

# The errors of tokens, and of tenants and users that may not sign in, belong to
# identity/sessions/ (refresh rotation and impersonation answer them too); the flows here
# raise and declare the same ones.
from identity.sessions.errors import INACTIVE as INACTIVE
from identity.sessions.errors import INVALID_TOKEN as INVALID_TOKEN

# A sensitive change asked of a session whose sign-in is too old (identity/auth/account.py too).
from identity.sessions.errors import REAUTHENTICATION_REQUIRED as REAUTHENTICATION_REQUIRED
from identity.sessions.errors import REFRESH_TOKEN_REUSED as REFRESH_TOKEN_REUSED
from identity.sessions.errors import TENANT_SUSPENDED as TENANT_SUSPENDED
from identity.sessions.errors import TOKEN_EXPIRED as TOKEN_EXPIRED
from identity.sessions.errors import USER_BANNED as USER_BANNED
from identity.sessions.errors import USER_DISABLED as USER_DISABLED
from identity.sessions.errors import user_inactive as user_inactive

# The password policy belongs to identity/users/ (users/policy.py raises it).
from identity.users.errors import INVALID_CODE as INVALID_CODE
from identity.users.errors import PASSWORD_TOO_WEAK as PASSWORD_TOO_WEAK

INVALID_CREDENTIALS = ErrorSpec(401, "invalid_credentials", "The email or password is incorrect.")
ACCOUNT_LOCKED = ErrorSpec(
    403,
    "account_locked",
    "Too many failed sign-ins; the account is locked for a while. Reset the password or "
    "sign in with a magic link to unlock it.",
)
SIGN_UP_DISABLED = ErrorSpec(403, "sign_up_disabled", "Sign-up is disabled for this application.")
EMAIL_NOT_VERIFIED = ErrorSpec(403, "email_not_verified", "Verify your email address before signing in.")
MFA_REQUIRED = ErrorSpec(403, "mfa_required", "A second factor is required to complete sign-in.")
#: Changing one's password or email with a wrong current password (a 422 naming current_password).
INCORRECT_PASSWORD = ErrorSpec(422, "incorrect_password", "The current password is not correct.")
