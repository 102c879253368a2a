"""Is this session still alive? Answered from memory, kept honest by LISTEN/NOTIFY.

Every revocation sends NOTIFY identity_sessions in its transaction (payload: "tenant_id sid",
or "*" for bulk revocations); Postgres delivers it on commit to every process, each of which
drops the entry. The revoking process also drops it itself, in the transaction and again once
it committed (notify), so it never serves its own revocation late. An entry also holds the
user's email (the audit log's actor), so a change to the user (identity_users,
sql/015_user_notify.sql) drops the user's sessions too. Entries are re-read after TTL_SECONDS
anyway, and while the process's LISTEN connection (identity/db/listener.py) is down nothing is
cached. So an access token whose session was revoked is refused within the notification's
delivery time (milliseconds) and at the latest TTL_SECONDS after the revocation committed.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import asyncpg

from identity.db.listener import Listener, changed_here
from identity.sessions import me_cache, store

CHANNEL = "identity_sessions"
TTL_SECONDS = 10.0
MAX_ENTRIES = 100_000


@dataclass(frozen=True, slots=True)
class SessionState:
    revoked: bool
    expires: float  # unix time
    user_id: str
    email: str

    def alive(self) -> bool:
        return not self.revoked and self.expires > time.time()


async def notify(conn: asyncpg.Connection, tenant_id: str, session_ids: list[str] | None) -> None:
    """Tell every process (after commit) that these sessions (None: many) changed."""
    if session_ids is None or len(session_ids) > 50:
        payloads = ["*"]
    else:
        payloads = [f"{tenant_id} {sid}" for sid in session_ids]
    await store.notify(conn, CHANNEL, payloads)
    # This process drops them itself, now and once the revocation committed.
    changed_here(conn, CHANNEL, payloads)


class SessionCache:
    def __init__(self, listener: Listener) -> None:
        self.listener = listener
        self._entries: OrderedDict[str, tuple[float, SessionState | None]] = OrderedDict()
        # user_id -> the ids of its cached sessions, to drop them when the user changes.
        self._by_user: dict[str, set[str]] = {}
        listener.subscribe(CHANNEL, self._on_payload, self.clear)
        listener.subscribe(me_cache.CHANNEL, self._on_user_payload, self.clear)

    def forget(self, session_id: str) -> None:
        hit = self._entries.pop(session_id, None)
        if hit is not None:
            self._unindex(session_id, hit[1])

    def forget_user(self, user_id: str) -> None:
        for sid in self._by_user.pop(user_id, ()):
            self._entries.pop(sid, None)

    def clear(self) -> None:
        self._entries.clear()
        self._by_user.clear()

    async def get(self, pool: Any, tenant_id: str, session_id: str) -> SessionState | None:
        """The session's state, or None when it does not exist (in this tenant)."""
        hit = self._entries.get(session_id)
        now = time.monotonic()
        if hit is not None and hit[0] > now:
            return hit[1]
        version = self.listener.version
        row = await store.cache_state(pool, tenant_id, session_id)
        state = None
        if row is not None:
            state = SessionState(row["revoked"], float(row["expires"]), row["user_id"], row["email"])
        if self.listener.can_cache(version):
            self._keep(session_id, now + TTL_SECONDS, state)
        return state

    def _keep(self, session_id: str, deadline: float, state: SessionState | None) -> None:
        old = self._entries.get(session_id)
        if old is not None:  # a re-read: the session may be gone now (state None)
            self._unindex(session_id, old[1])
        self._entries[session_id] = (deadline, state)
        self._entries.move_to_end(session_id)
        if state is not None:
            self._by_user.setdefault(state.user_id, set()).add(session_id)
        if len(self._entries) > MAX_ENTRIES:
            oldest, (_, old_state) = self._entries.popitem(last=False)
            self._unindex(oldest, old_state)

    def _unindex(self, session_id: str, state: SessionState | None) -> None:
        if state is None:
            return
        sids = self._by_user.get(state.user_id)
        if sids is not None:
            sids.discard(session_id)
            if not sids:
                del self._by_user[state.user_id]

    def _on_payload(self, payload: str) -> None:
        if payload == "*":
            self.clear()
        else:
            self.forget(payload.partition(" ")[2])

    def _on_user_payload(self, payload: str) -> None:
        # A user's row changed (its email, which the audit log names the actor by) or went away.
        if payload == "*":
            self.clear()
        else:
            self.forget_user(payload.partition(" ")[2])
