"""Request declarations for the revocation feed."""

from __future__ import annotations

from typing import Annotated

from identity.http.types import Meta, Query


class StreamRevocations(Query):
    #: Where to resume, for clients that cannot set the Last-Event-ID header (the header wins).
    last_event_id: Annotated[str, Meta(min_length=1, max_length=64)] | None = None
