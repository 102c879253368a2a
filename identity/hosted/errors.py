"""The hosted pages' errors, declared once (identity/http/errors.py says how; docs/errors.md
catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

HOSTED_LANGUAGE_NOT_FOUND = ErrorSpec(
    404, "hosted_language_not_found", "The hosted pages have no catalogue in that language."
)
INVALID_HOSTED_TEXT = ErrorSpec(
    422, "invalid_hosted_text", "A text override names an unknown key or uses a placeholder its default lacks."
)
