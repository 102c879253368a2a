"""One feed entry: its position, its id on the wire, and the event a stream writes for it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from identity.revocations.schemas import Revocation
from identity.sessions.signing import MAX_TOKEN_LIFETIME

#: (xid of the writing transaction, seq): the order entries are read and sent in.
Cursor = tuple[int, int]
ZERO: Cursor = (0, 0)

#: Added to the longest token lifetime: the clock skew and the exp leeway a verifier may allow.
FORGET_LEEWAY = timedelta(minutes=2)
#: forget_after is revoked_at plus this, and rows are purged this long after revoked_at. Not the
#: tenant's current access-token lifetime: lowering it must not drop entries while tokens issued
#: under the longer one are still valid, and no access token lives longer than MAX_TOKEN_LIFETIME.
KEPT = MAX_TOKEN_LIFETIME + FORGET_LEEWAY

_ID = re.compile(r"^[0-9a-f]{32}$")


@dataclass(frozen=True, slots=True)
class Entry:
    cursor: Cursor
    kind: str
    subject: str
    reason: str
    revoked_at: datetime

    @property
    def id(self) -> str:
        """Fixed-width hex of the cursor: opaque to clients, increasing within a tenant."""
        return format_id(self.cursor)

    def data(self) -> Revocation:
        return Revocation(
            kind=self.kind,  # type: ignore[arg-type]
            id=self.subject,
            reason=self.reason,
            revoked_at=self.revoked_at,
            forget_after=self.revoked_at + KEPT,
        )


def format_id(cursor: Cursor) -> str:
    return f"{cursor[0]:016x}{cursor[1]:016x}"


def parse_id(value: str) -> Cursor | None:
    """The cursor of an id this service sent; None for anything else."""
    if not _ID.match(value):
        return None
    return int(value[:16], 16), int(value[16:], 16)
