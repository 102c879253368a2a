"""The revocations errors, declared once: raised from here and listed in routes' `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

INVALID_LAST_EVENT_ID = ErrorSpec(400, "invalid_last_event_id", "Last-Event-ID is not an id this stream sent.")
TOO_MANY_STREAMS = ErrorSpec(
    429, "too_many_streams", "This tenant already holds as many revocation streams as one process serves."
)
