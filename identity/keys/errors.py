"""The keys errors, declared once: raised from here and listed in routes' `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

API_KEY_NOT_FOUND = ErrorSpec(404, "api_key_not_found", "No api key with that identifier.")
API_KEY_REVOKED = ErrorSpec(409, "api_key_revoked", "A revoked key cannot be rotated.")
