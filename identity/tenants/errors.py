"""The tenants errors, declared once: raised from here and listed in routes' `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

SLUG_TAKEN = ErrorSpec(409, "slug_already_exists", "That slug is already in use.")
