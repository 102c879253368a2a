"""The seam for multi-factor authentication (issue E).

Every flow that is about to create a session from a first factor (password sign-in, magic link,
password reset) awaits challenge_for() inside its transaction; when it returns a challenge object
the flow creates no session, COMMITS (the challenge is a row the gate wrote on `conn`), and then
answers 403 mfa_required with it. identity/wiring.py hands identity.mfa's gate to the sessions
runtime (AuthRuntime.mfa_gate, docs/mfa.md); without one MFA is never required.
"""

from __future__ import annotations

from typing import Any

import asyncpg

from identity.principals import Tenant
from identity.sessions.runtime import AuthRuntime
from identity.users.records import UserRecord

#: The mfa_challenge object of a 403 mfa_required: identity.mfa.schemas.Challenge as JSON
#: builtins (its datetime kept). A plain object because it travels in the error's extra fields
#: (ApiError.extra), which the hosted pages read too, and because this seam may not import
#: identity.mfa (a higher package).
ChallengeObject = dict[str, Any]


def may_skip(rt: AuthRuntime, tenant: Tenant, user: UserRecord) -> bool:
    """Whether a password sign-in may leave the gate's query out (see identity.auth.service)."""
    return rt.mfa_gate is None or (rt.mfa_skip is not None and rt.mfa_skip(tenant, user))


async def challenge_for(
    rt: AuthRuntime, conn: asyncpg.Connection, tenant: Tenant, user: UserRecord, **context: object
) -> ChallengeObject | None:
    """None (no second factor needed) or the mfa_challenge object {challenge_id, factor_type,
    expires_at, ...}. context: verify_email (the first factor proved the inbox); the gate also
    receives rt, to send a code at once."""
    if rt.mfa_gate is None:
        return None
    return await rt.mfa_gate(conn, tenant, user, rt=rt, **context)
