"""The error codes sign-in and sign-up declare for identity_auth_outcomes_total (docs/metrics.md).

A code missing here is counted as `other`: add it here when an answer gains a new one.
"""

from __future__ import annotations

from identity.http.outcomes import declare

#: Refusals any public auth route may answer before its own rules run: credential, tenant
#: header, origin, rate limit, body, captcha.
_EDGE = (
    "unauthenticated",
    "forbidden",
    "tenant_header_required",
    "origin_not_allowed",
    "rate_limit_exceeded",
    "invalid_json",
    "validation_error",
    "captcha_required",
    "captcha_failed",
    "captcha_unavailable",
)

SIGN_IN = declare(
    "sign_in",
    *_EDGE,
    "invalid_credentials",
    "account_locked",
    "email_not_verified",
    "mfa_required",
    "user_disabled",
    "user_banned",
    "tenant_suspended",
)
SIGN_UP = declare(
    "sign_up",
    *_EDGE,
    "invalid_email",
    "password_too_weak",
    "email_already_exists",
    "username_already_exists",
    "sign_up_disabled",
    "tenant_suspended",
)
