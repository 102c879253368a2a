"""The connections errors, declared once: raised from here and listed in routes' `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

# Declared once for every change that needs a recent sign-in (identity/sessions/errors.py).
from identity.sessions.errors import REAUTHENTICATION_REQUIRED as REAUTHENTICATION_REQUIRED

#: Connecting raises auth's reauthentication_required with this message.
LINK_NEEDS_RECENT_SIGN_IN = (
    "Connecting another account needs a recent sign-in: sign in again, then start connecting within 10 minutes."
)

CONNECTION_NOT_FOUND = ErrorSpec(404, "connection_not_found", "No connection with that identifier.")
IDENTITY_NOT_FOUND = ErrorSpec(404, "identity_not_found", "No identity with that identifier.")
CONNECTION_IN_USE = ErrorSpec(
    409,
    "connection_in_use",
    "Users have signed in with this connection; disable it (enabled: false) instead, or disconnect "
    "their identities first.",
)
CONNECTION_DISABLED = ErrorSpec(409, "connection_disabled", "This connection is disabled.")
LAST_SIGN_IN_METHOD = ErrorSpec(
    409,
    "last_sign_in_method",
    "This is the user's last way to sign in (no password and no other connected account); set a "
    "password or connect another account first.",
)
IDENTITY_ALREADY_LINKED = ErrorSpec(
    409, "identity_already_linked", "This provider account is already connected to another user."
)
#: Linking another provider account answers sign-in's email_not_verified (identity/auth/errors.py)
#: with this message: until the address is proven the account may be a stranger's
#: pre-registration, and a linked provider account would survive the owner's proof.
LINK_NEEDS_VERIFIED_EMAIL = "Verify your email address before connecting another account."
