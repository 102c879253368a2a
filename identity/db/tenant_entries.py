"""Values kept in memory per tenant, each until its deadline, dropped when the database says
that tenant changed: what the API-key cache (identity/http/key_cache.py) and the OAuth client
cache (identity/clients/cache.py) share.

A notification on the cache's channel names a tenant (payload "*": every tenant); its entries
go in one step. A value read from the database is kept only when the listener vouches that no
notification was missed since `version` was taken (Listener.can_cache). The number of entries is
bounded: when full, expired entries are swept first, and when most are live the cache starts
over, which costs one query per entry rather than unbounded memory.
"""

from __future__ import annotations

import time
from typing import Generic, TypeVar

from identity.db.listener import Listener

K = TypeVar("K")
V = TypeVar("V")


class TenantEntries(Generic[K, V]):
    def __init__(self, listener: Listener, channel: str, *, ttl_seconds: float, max_entries: int) -> None:
        self.listener = listener
        self._ttl_seconds = ttl_seconds
        self._max_entries = max_entries
        # tenant_id -> key -> (monotonic deadline, value): a tenant is dropped in one step.
        self._tenants: dict[str, dict[K, tuple[float, V]]] = {}
        self._size = 0
        listener.subscribe(channel, self._on_payload, self.clear)

    def __len__(self) -> int:
        return self._size

    def get(self, tenant_id: str, key: K) -> V | None:
        """The value while it is fresh; None when absent or past its deadline."""
        entries = self._tenants.get(tenant_id)
        hit = entries.get(key) if entries else None
        if hit is None or hit[0] <= time.monotonic():
            return None
        return hit[1]

    def put(self, tenant_id: str, key: K, value: V, version: int) -> None:
        """Keep a value read from the database after the listener's `version` was taken."""
        if not self.listener.can_cache(version):
            return
        if self._size >= self._max_entries:
            self._make_room()
        entries = self._tenants.setdefault(tenant_id, {})
        if key not in entries:
            self._size += 1
        entries[key] = (time.monotonic() + self._ttl_seconds, value)

    def forget_tenant(self, tenant_id: str) -> None:
        self._size -= len(self._tenants.pop(tenant_id, {}))

    def clear(self) -> None:
        self._tenants.clear()
        self._size = 0

    def _make_room(self) -> None:
        # Keeping a tenth free means the sweep does not run again on the very next insert.
        now = time.monotonic()
        for tenant_id in list(self._tenants):
            entries = self._tenants[tenant_id]
            for key in [k for k, (deadline, _) in entries.items() if deadline <= now]:
                del entries[key]
                self._size -= 1
            if not entries:
                del self._tenants[tenant_id]
        if self._size >= self._max_entries * 0.9:
            self.clear()

    def _on_payload(self, payload: str) -> None:
        if payload == "*":
            self.clear()
        else:
            self.forget_tenant(payload)
