"""GET /v1/auth/me answered from memory, kept honest by the database's own notifications.

Entries are keyed by (tenant_id, user_id) and hold the /me object as presented. Statement
triggers on users (sql/015_user_notify.sql) send NOTIFY identity_users with "tenant_id user_id"
on commit when something /me shows changed (or was deleted), whoever changed it; each process
drops that entry ("*": everything, for a statement that changed more than 100 users). The
process that writes a user through the users store also drops the entry itself, in the
transaction and again once it committed (forget_everywhere, through the listener's
changed_here), so a client reads its own write on its next request. Nothing is cached while the
shared LISTEN connection (identity/db/listener.py) is down, a row read while a notification
arrived is not kept, and entries are re-read after TTL_SECONDS anyway.
"""

from __future__ import annotations

import time
from typing import Any

from identity.db.listener import Listener, changed_here

CHANNEL = "identity_users"
TTL_SECONDS = 10.0
MAX_ENTRIES = 100_000

#: The /me object as identity/auth/presenter.present_me builds it, the shape of auth's `Me`
#: schema (which this package may not import); a dict on this hot path of issue T, as measured.
MeAnswer = dict[str, Any]


def forget_everywhere(conn: Any, tenant_id: str, user_ids: list[str] | None) -> None:
    """Drop users (None: all of them) from this process's caches of the users channel (this
    cache, and the session cache's copy of their email); called by the writes, in their
    transaction on conn, and run again once it committed (changed_here). The notification is
    what other processes rely on."""
    if user_ids is None or len(user_ids) > 100:
        payloads = ["*"]
    else:
        payloads = [f"{tenant_id} {user_id}" for user_id in user_ids]
    changed_here(conn, CHANNEL, payloads)


class MeCache:
    def __init__(self, listener: Listener) -> None:
        self.listener = listener
        self._entries: dict[tuple[str, str], tuple[float, MeAnswer]] = {}
        listener.subscribe(CHANNEL, self._on_payload, self.clear)

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, tenant_id: str, user_id: str) -> MeAnswer | None:
        """The cached /me object; callers serialise it and must not change it."""
        hit = self._entries.get((tenant_id, user_id))
        if hit is None or hit[0] <= time.monotonic():
            return None
        return hit[1]

    def put(self, tenant_id: str, user_id: str, me: MeAnswer, version: int) -> None:
        """Keep an object read from the database after the listener's `version` was taken."""
        if not self.listener.can_cache(version):
            return
        if len(self._entries) >= MAX_ENTRIES:
            self._make_room()
        self._entries[(tenant_id, user_id)] = (time.monotonic() + TTL_SECONDS, me)

    def forget(self, tenant_id: str, user_id: str) -> None:
        self._entries.pop((tenant_id, user_id), None)

    def clear(self) -> None:
        self._entries.clear()

    def _make_room(self) -> None:
        # Expired entries first; when most are live (100,000 users within TTL_SECONDS), start over.
        now = time.monotonic()
        for key in [k for k, (deadline, _) in self._entries.items() if deadline <= now]:
            del self._entries[key]
        if len(self._entries) >= MAX_ENTRIES * 0.9:
            self.clear()

    def _on_payload(self, payload: str) -> None:
        if payload == "*":
            self.clear()
        else:
            tenant_id, _, user_id = payload.partition(" ")
            self.forget(tenant_id, user_id)
