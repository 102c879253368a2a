"""The seam for multi-factor authentication (issue E).

Every flow that is about to create a session from a first factor (password sign-in, magic link,
password reset) awaits challenge_for(); when it returns a challenge object the flow answers
403 mfa_required with it instead of a session. Until issue E registers its gate, MFA is never
required.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

#: (conn, tenant, user row) -> None (no MFA needed) or the mfa_challenge object
#: {challenge_id, factor_type, expires_at}.
Gate = Callable[[Any, Any, Any], Awaitable[dict[str, Any] | None]]
_gate: Gate | None = None


def register(gate: Gate) -> None:
    global _gate
    _gate = gate


async def challenge_for(conn: Any, tenant: Any, user: Any) -> dict[str, Any] | None:
    if _gate is None:
        return None
    return await _gate(conn, tenant, user)
