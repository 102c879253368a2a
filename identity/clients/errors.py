"""The clients errors, declared once: raised from here and listed in routes' `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

CLIENT_NOT_FOUND = ErrorSpec(404, "client_not_found", "No client with that identifier.")
INVALID_CLIENT_TYPE = ErrorSpec(400, "invalid_client_type", "This client type does not support that.")
