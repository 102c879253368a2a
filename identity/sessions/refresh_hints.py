"""What this process last saw of a session it issued a refresh token for (docs/auth.md,
"Refresh tokens", and docs/performance.md).

A rotation ends knowing everything the next pair of its session needs: the session's claims
(id, user, expiry, active organization, MFA) and the user's (role, public metadata, the role
in the organization). They are kept here, keyed by the hash of the refresh token just issued,
so that the next refresh of that token, if it reaches this process, builds its pair before
touching the database and rotates in one statement instead of a read and a write.

A hint is never trusted: the rotation that uses it writes only if every value the pair was
built from is still what the database holds (identity/sessions/sql/rotate_hinted.sql, sent in
batches by identity/sessions/rotations.py). A stale hint, one of another tenant, or none
(another process issued the token, or the entry was evicted) costs the pair's signature and
falls back to the read. Each hint serves once: it is taken out
when used.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import msgspec

#: At most this many hints (the least recently issued go first): a few hundred bytes each, a few
#: kilobytes at most (MAX_METADATA_BYTES).
MAX_HINTS = 10_000
#: A session whose user carries more public metadata than this (as JSON) gets no hint and takes
#: the read: public metadata may reach 4 KB in a token, and memory is the hints' bound.
MAX_METADATA_BYTES = 1024


@dataclass(frozen=True, slots=True)
class Hint:
    """The values a pair is built from, as the read (identity.sessions.store.read_refresh)
    returns them: `as_row()` stands in for that row."""

    tenant_id: str
    session_id: str
    user_id: str
    expires_at: datetime
    org_id: str | None
    org_role: str | None
    mfa_verified: bool
    user_role: str
    user_public_metadata: dict[str, Any]
    #: The public metadata as JSON text, encoded once per hint: a hint serves a whole chain of
    #: refreshes, each of which compares it in the batched rotation and sizes it in keep().
    metadata_json: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "metadata_json", msgspec.json.encode(self.user_public_metadata).decode())

    @classmethod
    def of(cls, row: Any) -> Hint:
        return cls(
            tenant_id=row["tenant_id"],
            session_id=row["id"],
            user_id=row["user_id"],
            expires_at=row["expires_at"],
            org_id=row["org_id"],
            org_role=row["org_role"],
            mfa_verified=bool(row["mfa_verified"]),
            user_role=row["user_role"],
            user_public_metadata=row["user_public_metadata"] or {},
        )

    def as_row(self) -> dict[str, Any]:
        # Read by key as the read_refresh row it stands in for (a plain row on this hot path).
        return {
            "tenant_id": self.tenant_id,
            "id": self.session_id,
            "user_id": self.user_id,
            "expires_at": self.expires_at,
            "org_id": self.org_id,
            "org_role": self.org_role,
            "mfa_verified": self.mfa_verified,
            "user_role": self.user_role,
            "user_public_metadata": self.user_public_metadata,
        }


class RefreshHints:
    """Bounded map from a refresh token's hash to the Hint of its session."""

    def __init__(self, max_entries: int = MAX_HINTS) -> None:
        self.max_entries = max_entries
        self._hints: OrderedDict[str, Hint] = OrderedDict()

    def keep(self, token_hash: str, hint: Hint) -> None:
        if len(hint.metadata_json.encode()) > MAX_METADATA_BYTES:
            return
        self._hints[token_hash] = hint
        if len(self._hints) > self.max_entries:
            self._hints.popitem(last=False)

    def take(self, tenant_id: str, token_hash: str) -> Hint | None:
        """The hint for this token in this tenant, removed (a token is spent once); None if
        there is none or it belongs to another tenant."""
        hint = self._hints.get(token_hash)
        if hint is None or hint.tenant_id != tenant_id:
            return None
        del self._hints[token_hash]
        return hint

    def __len__(self) -> int:
        return len(self._hints)
