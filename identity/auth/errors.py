"""The auth errors of the interface and decisions.md §2, one place."""

from __future__ import annotations

from typing import Any

from identity.http.errors import ApiError, ValidationFailed


def invalid_credentials() -> ApiError:
    return ApiError("The email or password is incorrect.", status=401, code="invalid_credentials")


def account_locked() -> ApiError:
    return ApiError(
        "Too many failed sign-ins; the account is locked for a while. Reset the password or "
        "sign in with a magic link to unlock it.", status=403, code="account_locked",
    )


def tenant_suspended() -> ApiError:
    return ApiError("This application is suspended; sign-in is unavailable.", status=403,
                    code="tenant_suspended")


def sign_up_disabled() -> ApiError:
    return ApiError("Sign-up is disabled for this application.", status=403, code="sign_up_disabled")


def email_not_verified(message: str = "Verify your email address before signing in.") -> ApiError:
    return ApiError(message, status=403, code="email_not_verified")


def user_inactive(status: str) -> ApiError:
    if status == "banned":
        return ApiError("This account is banned.", status=403, code="user_banned")
    return ApiError("This account is disabled.", status=403, code="user_disabled")


def invalid_token(message: str = "The link or token is not valid or was already used.") -> ApiError:
    return ApiError(message, status=401, code="invalid_token")


def token_expired(message: str = "The link or token has expired; request a new one.") -> ApiError:
    return ApiError(message, status=401, code="token_expired")


def refresh_token_reused() -> ApiError:
    return ApiError(
        "This refresh token was already used; the session has been revoked. Sign in again.",
        status=401, code="refresh_token_reused",
    )


def mfa_required(challenge: dict[str, Any]) -> ApiError:
    return ApiError("A second factor is required to complete sign-in.", status=403,
                    code="mfa_required", extra={"mfa_challenge": challenge})


def invalid_email() -> ValidationFailed:
    return ValidationFailed("email", "is not a valid email address", code="invalid_email")
