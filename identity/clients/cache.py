"""OAuth client rows and live machine grant ids for the token endpoint, kept in memory.

A client_credentials request then needs no database round trip at all (docs/oauth.md,
"Machine tokens"). The database announces every change a lookup can see: triggers on
oauth_clients and on a machine grant's revocation (sql/023_machine_tokens.sql) send NOTIFY
identity_oauth_clients with the tenant's id on commit, and each process drops that tenant's
entries. The process making a change through the service drops them at once as well
(forget_everywhere), so a rotated secret or a revoked grant stops working before the answer
leaves. Nothing is cached while the LISTEN connection is down, and entries are re-read after
TTL_SECONDS anyway. Unknown clients are not cached, so random client_ids cannot push good
entries out.
"""

from __future__ import annotations

import time
from typing import Any

from identity.db.listener import Listener, changed_here

CHANNEL = "identity_oauth_clients"
TTL_SECONDS = 10.0
MAX_ENTRIES = 50_000


def forget_everywhere(conn: Any | None, tenant_id: str) -> None:
    """Drop a tenant's entries in this process's caches: now, and again when conn (inside the
    changing transaction) goes back to the pool."""
    changed_here(conn, CHANNEL, [tenant_id])


class ClientCache:
    def __init__(self, listener: Listener) -> None:
        self.listener = listener
        # tenant_id -> key -> (monotonic deadline, value); a tenant is dropped in one step.
        # Keys: ("client", client_id) -> row; ("grant", client_id, scope_key) -> grant row.
        self._tenants: dict[str, dict[tuple[str, ...], tuple[float, Any]]] = {}
        self._size = 0
        listener.subscribe(CHANNEL, self._on_payload, self.clear)

    @property
    def version(self) -> int:
        return self.listener.version

    def get(self, tenant_id: str, key: tuple[str, ...]) -> Any | None:
        entries = self._tenants.get(tenant_id)
        hit = entries.get(key) if entries else None
        if hit is None:
            return None
        if hit[0] <= time.monotonic():
            del entries[key]  # type: ignore[union-attr]
            self._size -= 1
            return None
        return hit[1]

    def put(self, tenant_id: str, key: tuple[str, ...], value: Any, version: int) -> None:
        """Keep value if nothing about this tenant may have changed since `version` was read."""
        if not self.listener.can_cache(version):
            return
        if self._size >= MAX_ENTRIES:
            self.clear()
        entries = self._tenants.setdefault(tenant_id, {})
        if key not in entries:
            self._size += 1
        entries[key] = (time.monotonic() + TTL_SECONDS, value)

    def forget_tenant(self, tenant_id: str) -> None:
        self._size -= len(self._tenants.pop(tenant_id, {}))

    def clear(self) -> None:
        self._tenants.clear()
        self._size = 0

    def _on_payload(self, payload: str) -> None:
        if payload == "*":
            self.clear()
        else:
            self.forget_tenant(payload)
