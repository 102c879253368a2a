"""The sessions errors, declared once: raised from here and listed in routes' `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

SESSION_NOT_FOUND = ErrorSpec(404, "session_not_found", "No session with that identifier.")
