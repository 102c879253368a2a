"""The errors of sessions and tokens, declared once: refresh rotation and the sign-in flows
(identity/auth/errors.py takes them from here) raise them, routes list them in `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues their codes)."""

from __future__ import annotations

from identity.http.errors import ApiError, ErrorSpec

SESSION_NOT_FOUND = ErrorSpec(404, "session_not_found", "No session with that identifier.")
TENANT_SUSPENDED = ErrorSpec(403, "tenant_suspended", "This application is suspended; sign-in is unavailable.")
USER_BANNED = ErrorSpec(403, "user_banned", "This account is banned.")
USER_DISABLED = ErrorSpec(403, "user_disabled", "This account is disabled.")
INVALID_TOKEN = ErrorSpec(401, "invalid_token", "The link or token is not valid or was already used.")
TOKEN_EXPIRED = ErrorSpec(401, "token_expired", "The link or token has expired; request a new one.")
REFRESH_TOKEN_REUSED = ErrorSpec(
    401, "refresh_token_reused", "This refresh token was already used; the session has been revoked. Sign in again."
)
#: A change that weakens an account (connecting a provider account, removing an MFA factor,
#: replacing backup codes, changing the password or email of a user who has none) made by the
#: user's own session needs a recent sign-in; identity/auth, identity/mfa and
#: identity/connections take it from here.
REAUTHENTICATION_REQUIRED = ErrorSpec(
    403,
    "reauthentication_required",
    "This change needs a recent sign-in: sign in again, then make it within 10 minutes.",
)
#: What sign-in refuses a user with, whatever else is wrong (see user_inactive).
INACTIVE = (USER_BANNED, USER_DISABLED)


def user_inactive(status: str) -> ApiError:
    """The refusal for a user who may not sign in: banned or disabled (INACTIVE)."""
    return USER_BANNED() if status == "banned" else USER_DISABLED()
