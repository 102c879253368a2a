"""The captcha errors, declared once (docs/errors.md; identity/http/errors.py says how)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

CAPTCHA_REQUIRED = ErrorSpec(400, "captcha_required",
                             "This tenant requires a captcha_token; complete the captcha and send its token.")
CAPTCHA_FAILED = ErrorSpec(403, "captcha_failed",
                           "The captcha token was refused by the verifier; complete the captcha again.")
CAPTCHA_UNAVAILABLE = ErrorSpec(503, "captcha_unavailable",
                                "The captcha verifier could not be reached; try again shortly.")
