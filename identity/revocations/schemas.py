"""Declarations of the revocation feed: its query, and the JSON of each `revocation` event."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from identity.http.types import Meta, Model, Query


class StreamRevocations(Query):
    #: Where to resume, for clients that cannot set the Last-Event-ID header (the header wins).
    last_event_id: Annotated[str, Meta(min_length=1, max_length=64)] | None = None


class Revocation(Model):
    """The JSON `data` of an `event: revocation` on the stream."""

    kind: Literal["session", "user", "signing_key"]
    #: the session id (ses_...), user id (usr_...) or key id (jwk_..., a token header's kid)
    id: Annotated[str, Meta(examples=["ses_01jd8x3k9m2q7r4t6v8w0y2z4a"])]
    #: signed_out, revoked_by_api, refresh_token_reused, password_reset, user_banned,
    #: user_deleted, key_retired, ...
    reason: Annotated[str, Meta(examples=["revoked_by_api"])]
    revoked_at: datetime
    #: after this a verifier may drop the entry: no token it concerns is still unexpired
    forget_after: Annotated[datetime, Meta(examples=["2026-01-16T09:32:00Z"])]
