"""The email errors, declared once: raised from here and listed in routes' `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

EMAIL_TEMPLATE_NOT_FOUND = ErrorSpec(404, "email_template_not_found", "No email template with that identifier.")
INVALID_TEMPLATE = ErrorSpec(422, "invalid_template", "The template does not compile or render.")
