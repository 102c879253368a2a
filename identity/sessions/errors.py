"""The errors of sessions and tokens, declared once: refresh rotation and the sign-in flows
(identity/auth/errors.py takes them from here) raise them, routes list them in `errors=`;
docs/errors.md catalogues their codes."""

from __future__ import annotations

from identity.http.errors import ApiError, ErrorSpec

TENANT_SUSPENDED = ErrorSpec(403, "tenant_suspended", "This application is suspended; sign-in is unavailable.")
USER_BANNED = ErrorSpec(403, "user_banned", "This account is banned.")
USER_DISABLED = ErrorSpec(403, "user_disabled", "This account is disabled.")
INVALID_TOKEN = ErrorSpec(401, "invalid_token", "The link or token is not valid or was already used.")
TOKEN_EXPIRED = ErrorSpec(401, "token_expired", "The link or token has expired; request a new one.")
REFRESH_TOKEN_REUSED = ErrorSpec(
    401, "refresh_token_reused",
    "This refresh token was already used; the session has been revoked. Sign in again.")
#: What sign-in refuses a user with, whatever else is wrong (see user_inactive).
INACTIVE = (USER_BANNED, USER_DISABLED)


def tenant_suspended() -> ApiError:
    return TENANT_SUSPENDED()


def user_inactive(status: str) -> ApiError:
    return USER_BANNED() if status == "banned" else USER_DISABLED()


def invalid_token(message: str | None = None) -> ApiError:
    return INVALID_TOKEN(message)


def token_expired(message: str | None = None) -> ApiError:
    return TOKEN_EXPIRED(message)


def refresh_token_reused() -> ApiError:
    return REFRESH_TOKEN_REUSED()
