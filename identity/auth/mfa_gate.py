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
_gate: Gate | None = None


def register(gate: Gate) -> None:
    global _gate
    _gate = gate


async def challenge_for(conn: Any, tenant: Any, user: Any, **context: Any) -> dict[str, Any] | None:
    if _gate is None:
        return None
    return await _gate(conn, tenant, user, **context)
