"""The seam for multi-factor authentication (issue E).

Every flow that is about to create a session from a first factor (password sign-in, magic link,
password reset) awaits challenge_for() inside its transaction; when it returns a challenge object
the flow creates no session, COMMITS (the challenge is a row the gate wrote on `conn`), and then
answers 403 mfa_required with it. identity.mfa registers the gate (docs/mfa.md); without it MFA
is never required.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

#: (conn, tenant, user row, **context) -> None (no MFA needed) or the mfa_challenge object
#: {challenge_id, factor_type, expires_at, ...}. context: rt (the auth runtime, to send a code at
#: once), verify_email (the first factor proved the inbox).
Gate = Callable[..., Awaitable[dict[str, Any] | None]]
#: (tenant, user row) -> True when the gate would surely answer None for this user unless a
#: factor became active since the row was read (the caller re-checks that in its own write).
Skip = Callable[[Any, Any], bool]
_gate: Gate | None = None
_skip: Skip | None = None


def register(gate: Gate, skip: Skip | None = None) -> None:
    global _gate, _skip
    _gate, _skip = gate, skip


def may_skip(tenant: Any, user: Any) -> bool:
    """Whether a password sign-in may leave the gate's query out (see identity.auth.service)."""
    return _gate is None or (_skip is not None and _skip(tenant, user))


async def challenge_for(conn: Any, tenant: Any, user: Any, **context: Any) -> dict[str, Any] | None:
    if _gate is None:
        return None
    return await _gate(conn, tenant, user, **context)
