"""The mfa errors, declared once: raised from here and listed in routes' `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

# Declared once for every change that needs a recent sign-in (identity/sessions/errors.py).
from identity.sessions.errors import REAUTHENTICATION_REQUIRED as REAUTHENTICATION_REQUIRED

# Declared beside the one-time codes of identity/users/: the email verification code and the
# email sign-in code (identity/auth/) answer it too.
from identity.users.errors import INVALID_CODE as INVALID_CODE

MFA_FACTOR_NOT_FOUND = ErrorSpec(404, "mfa_factor_not_found", "No MFA factor with that identifier for this user.")
WEBAUTHN_NOT_CONFIGURED = ErrorSpec(
    409,
    "webauthn_not_configured",
    "WebAuthn needs the origin of your site in the tenant's auth_config.allowed_origins "
    "(e.g. https://app.example.com); the relying party id is the host of the first one.",
)
LAST_MFA_FACTOR = ErrorSpec(
    403,
    "last_mfa_factor",
    "This is the user's only active MFA factor and the tenant requires MFA: enroll another factor before removing it.",
)
MFA_FACTOR_NOT_PENDING = ErrorSpec(409, "mfa_factor_not_pending", "This factor is not waiting for confirmation.")
MFA_FACTOR_EXISTS = ErrorSpec(409, "mfa_factor_exists", "This passkey is already enrolled.")
