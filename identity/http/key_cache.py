"""API-key lookups answered from memory, kept honest by the database's own notifications.

Entries are keyed by (tenant_id, SHA-256 of the key) — never the key itself — and hold the
tenant and what authentication reads of the key. Whether a key is dead is decided at use time
(expires_at and revoked_at are kept as instants: a rotated key's grace ends without any
notification). Misses (unknown key, unknown tenant) are not cached, so random keys cannot push
good entries out.

Triggers on api_keys and tenants (sql/013_credential_notify.sql) send NOTIFY
identity_credentials with the tenant's id on commit, whoever made the change (service code or an
operator's SQL); each process drops that tenant's entries (payload "*": everything). The process
that made the change through the service also drops them at once (forget_tenant_everywhere).
Nothing is cached while the LISTEN connection is down, and entries are re-read after TTL_SECONDS
anyway: a change is seen within the notification's delivery time, at worst TTL_SECONDS later.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from identity.db.listener import Listener, changed_here

if TYPE_CHECKING:
    from identity.principals import Tenant

CHANNEL = "identity_credentials"
TTL_SECONDS = 10.0
MAX_ENTRIES = 50_000


@dataclass(frozen=True, slots=True)
class KeyEntry:
    tenant: Tenant
    key_id: str
    type: str
    scopes: frozenset[str]
    expires_at: float | None  # unix time
    revoked_at: float | None  # unix time; may lie ahead (rotation grace)

    def dead(self, now: float) -> bool:
        return (self.expires_at is not None and self.expires_at <= now) or (
            self.revoked_at is not None and self.revoked_at <= now
        )


def forget_tenant_everywhere(tenant_id: str) -> None:
    """Drop a tenant's credentials from this process's caches (keys and tenants), after a change
    committed: a shortcut for the process that made it (changed_here); the notification is what
    other processes rely on."""
    changed_here(None, CHANNEL, [tenant_id])


class KeyCache:
    def __init__(self, listener: Listener) -> None:
        self.listener = listener
        # tenant_id -> key hash -> (monotonic deadline, entry): a tenant is dropped in one step.
        self._tenants: dict[str, dict[str, tuple[float, KeyEntry]]] = {}
        self._size = 0
        listener.subscribe(CHANNEL, self._on_payload, self.clear)

    def __len__(self) -> int:
        return self._size

    def get(self, tenant_id: str, key_hash: str) -> KeyEntry | None:
        keys = self._tenants.get(tenant_id)
        hit = keys.get(key_hash) if keys else None
        if hit is None or hit[0] <= time.monotonic():
            return None
        return hit[1]

    def put(self, tenant_id: str, key_hash: str, entry: KeyEntry, version: int) -> None:
        """Keep an entry read from the database after the listener's `version` was taken."""
        if not self.listener.can_cache(version):
            return
        if self._size >= MAX_ENTRIES:
            self._make_room()
        keys = self._tenants.setdefault(tenant_id, {})
        if key_hash not in keys:
            self._size += 1
        keys[key_hash] = (time.monotonic() + TTL_SECONDS, entry)

    def forget_tenant(self, tenant_id: str) -> None:
        keys = self._tenants.pop(tenant_id, None)
        if keys:
            self._size -= len(keys)

    def clear(self) -> None:
        self._tenants.clear()
        self._size = 0

    def _make_room(self) -> None:
        # Expired entries first; when most entries are live, start over (rare: 50,000 keys in use
        # within TTL_SECONDS), which costs one query per key rather than unbounded memory. Keeping
        # a tenth free means the sweep does not run again on the very next insert.
        now = time.monotonic()
        for tenant_id in list(self._tenants):
            keys = self._tenants[tenant_id]
            for key_hash in [h for h, (deadline, _) in keys.items() if deadline <= now]:
                del keys[key_hash]
                self._size -= 1
            if not keys:
                del self._tenants[tenant_id]
        if self._size >= MAX_ENTRIES * 0.9:
            self.clear()

    def _on_payload(self, payload: str) -> None:
        if payload == "*":
            self.clear()
        else:
            self.forget_tenant(payload)
