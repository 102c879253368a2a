"""The webhooks errors, declared once: raised from here and listed in routes' `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

WEBHOOK_NOT_FOUND = ErrorSpec(404, "webhook_not_found", "No webhook with that identifier.")
DELIVERY_NOT_FOUND = ErrorSpec(404, "delivery_not_found", "No delivery with that identifier.")
