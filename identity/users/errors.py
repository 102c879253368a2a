"""The users errors, declared once: raised from here and listed in routes' `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

USER_NOT_FOUND = ErrorSpec(404, "user_not_found", "No user with that identifier.")
EMAIL_TAKEN = ErrorSpec(409, "email_already_exists", "A user with that email already exists.")
USERNAME_TAKEN = ErrorSpec(409, "username_already_exists", "That username is already taken.")
USER_IS_BANNED = ErrorSpec(409, "user_banned", "The user is banned; enable them before disabling them.")
#: A 422 on a password that breaks the tenant's policy (identity/users/policy.py).
PASSWORD_TOO_WEAK = ErrorSpec(422, "password_too_weak", "The password does not meet the tenant's policy.")
INVALID_CODE = ErrorSpec(401, "invalid_code", "The code is not correct.")
