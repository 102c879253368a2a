"""What happens when a user's address is proven for the first time (account pre-hijacking).

Anyone can sign up with somebody else's address and a password of their choosing; until the
inbox's owner proves the address, whatever was set up on the account may be that stranger's. So
the first time the address is proven (email_verified false -> true through a user-facing flow):

- every session the user has then ends (reason email_verified), whichever flow proved it: the
  session handed out at sign-up, and any other made before the proof, may be the stranger's;
- linked provider identities that do not vouch for this address are unlinked, whichever flow
  proved it: an identity is a way in that needs no password, so neither a sign-in nor the
  verification link may leave the stranger's one in place;
- when the proof is a flow that signs someone in (magic link, email code, password reset, a provider that
  vouches for the address), the second factors enrolled before the proof are removed (else the
  owner would be asked for the stranger's factor), and — for the magic link, the email code and the provider,
  which sign in without the password — the password set before the proof is discarded (a reset
  replaces it itself). The owner sets a password through a reset.

The emailed verification link (or its code) proves the inbox but signs nobody in: its normal
user is the sign-up's author, so it keeps the password and the factors; the page it opens asks
the owner to confirm first (identity/auth/links.py). An administrator's email_verified
(POST/PATCH /v1/users) is the tenant backend's word and does not come here. docs/auth.md,
"Account pre-hijacking".
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import asyncpg

from identity.audit.context import AuditContext
from identity.events.emit import emit, emit_many
from identity.sessions import service as sessions
from identity.sessions.device import ClientInfo
from identity.sessions.runtime import AuthRuntime
from identity.users import store as users
from identity.users.errors import USER_NOT_FOUND
from identity.users.presenter import event_data
from identity.users.records import UserColumns, UserRecord
from identity.users.service import change

#: The flows that prove an address.
VERIFICATION_LINK = "verification_link"
MAGIC_LINK = "magic_link"
#: The emailed sign-in code (identity/auth/email_code.py): a magic link in six digits.
EMAIL_CODE = "email_code"
PASSWORD_RESET = "password_reset"
PROVIDER = "provider"

#: Flows that sign in: the factors enrolled before them are not trusted.
_SIGNS_IN = frozenset({MAGIC_LINK, EMAIL_CODE, PASSWORD_RESET, PROVIDER})
#: Flows that sign in without the password, so a password set before them is not the prover's.
_DISCARDS_PASSWORD = frozenset({MAGIC_LINK, EMAIL_CODE, PROVIDER})
SESSION_REASON = "email_verified"


async def prove(
    rt: AuthRuntime,
    conn: asyncpg.Connection,
    tenant_id: str,
    user: UserRecord,
    *,
    via: str,
    client: ClientInfo | None = None,
) -> UserRecord:
    """Mark the user's address verified by `via` and apply the rule above, in the caller's
    transaction (events and audit entry included). Returns the current user row; nothing
    happens when the address was verified already. The linked identities and the factors are
    reached through rt (identity/wiring.py hands over the connections' and MFA's functions)."""
    if user.email_verified:
        return user
    # Locked and read again: two proofs at once must not both run (the second would end the
    # session the first one just made).
    locked = await users.get(conn, tenant_id, user.id, for_update=True)
    if locked is None:  # deleted meanwhile (callers read it in this transaction, mostly locked)
        raise USER_NOT_FOUND()
    if locked.email_verified:
        return locked
    user = locked
    now = datetime.now(UTC)
    changes: UserColumns = {"email_verified": True}
    discard_password = via in _DISCARDS_PASSWORD and user.password_hash is not None
    if discard_password:
        changes.update({"password_hash": None, "password_changed_at": now})
    revoked = await sessions.revoke_sessions(conn, tenant_id, user_id=user.id, reason=SESSION_REASON)
    unlinked: list[Any] = []
    if rt.unlink_unvouched is not None:
        unlinked = await rt.unlink_unvouched(conn, tenant_id, user.id, user.email)
    audit = AuditContext(
        actor={"id": user.id, "email": user.email, "type": "user"},
        ip_address=client.ip_address if client else None,
        user_agent=client.user_agent if client else None,
    )
    removed: list[Any] = []
    if via in _SIGNS_IN and rt.remove_factors is not None:
        removed = await rt.remove_factors(conn, tenant_id, user.id, audit)
    updated = await change(conn, tenant_id, user.id, changes)
    await emit(conn, tenant_id, "user.updated", {**event_data(updated), "fields": ["email_verified"]})
    if discard_password:
        await emit(
            conn,
            tenant_id,
            "user.password_changed",
            {"id": user.id, "email": user.email, "reason": "email_proven"},
        )
    await emit_many(
        conn,
        tenant_id,
        "oauth.disconnected",
        [
            {
                "id": row["id"],
                "user_id": user.id,
                "provider": row["provider"],
                "connection_id": row["connection_id"],
                "disconnected_at": now,
            }
            for row in unlinked
        ],
    )
    if discard_password or unlinked or removed:
        await audit.record(
            conn,
            tenant_id,
            "user.credentials_discarded",
            "user",
            user.id,
            {
                "via": via,
                "password_discarded": discard_password,
                "identities_unlinked": [r["id"] for r in unlinked],
                "factors_removed": [r.id for r in removed],
                "sessions_revoked": len(revoked),
            },
        )
    return updated
